"""The config's ``policies``: ``[[tool.toolcanon.policies]]`` tables, or a ``policies:``
list in toolcanon.yaml, read into ``ir/floors.Policy`` values.

Every problem is a config diagnostic (TC050) at the entry's line — the key's own line
where the file has one — with did-you-mean for a misspelt key, and a value that would
loosen a tool (``requiresConfirmation = false``) is refused: floors only tighten.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.diagnostics import Diagnostic, JsonPath, Position
from generator.ir.floors import GLOB_KEYS, REQUIRE_KEYS, TIGHT_ONLY, WHEN_KEYS, Policy, Predicate
from generator.ir.policy import RISK_LEVELS
from generator.project.config_file import ConfigText

KEY = "policies"
ENTRY_KEYS = ("name", "when", "unless", "require")
CONFIG_CODE = "TC050"
_HEADER = re.compile(r"^\s*\[\[\s*tool\s*\.\s*toolcanon\s*\.\s*policies\s*\]\]\s*(?:#.*)?$")
_EXAMPLE = 'name = "…", when = {kind = "computer-use"}, require = {riskLevel = "high"}'


@dataclass(slots=True)
class _Reader:
    """Reads one config's entries, collecting every problem."""

    text: ConfigText
    source: str
    problems: list[Diagnostic] = field(default_factory=list)

    def where(self, index: int, *path: str) -> Position:
        """The place of ``policies[index].path``: YAML knows it; in TOML, the line of the
        entry that spells the last key, else the entry's header."""
        found = self.text.positions.get((KEY, index, *path))
        if found is not None:
            return found
        lines = self.source.splitlines()
        headers = [n for n, line in enumerate(lines) if _HEADER.match(line)]
        if index >= len(headers):
            return self.text.position(KEY)
        end = headers[index + 1] if index + 1 < len(headers) else len(lines)
        for key in reversed(path):
            spelled = re.compile(rf"(?:^|[{{,\s])({re.escape(key)})\s*=")
            for number in range(headers[index] + 1, end):
                match = spelled.search(lines[number])
                if match is not None and not _HEADER.match(lines[number]):
                    return Position(self.text.display, number + 1, match.start(1) + 1)
        return Position(self.text.display, headers[index] + 1, 1)

    def problem(self, index: int, path: JsonPath, message: str, hint: str | None) -> None:
        keys = [str(part) for part in path]
        self.problems.append(Diagnostic(self.where(index, *keys), message, CONFIG_CODE, hint=hint))


def parse_policies(
    text: ConfigText, value: Any, source: str
) -> tuple[tuple[Policy, ...], list[Diagnostic]]:
    """The policies of a config (``source``: the file's text, to place TOML entries)."""
    reader = _Reader(text, source)
    if not isinstance(value, list):
        reader.problems.append(
            Diagnostic(
                text.position(KEY), "config key 'policies' must be a list of tables", CONFIG_CODE
            )
        )
        return (), reader.problems
    found: list[Policy] = []
    names: set[str] = set()
    for index, entry in enumerate(value):
        policy = _entry(reader, index, entry)
        if policy is not None and policy.name in names:
            reader.problem(index, ("name",), f"policy '{policy.name}' is named twice", None)
        elif policy is not None:
            names.add(policy.name)
            found.append(policy)
    return tuple(found), reader.problems


def _entry(reader: _Reader, index: int, entry: Any) -> Policy | None:
    if not isinstance(entry, Mapping):
        reader.problem(index, (), "a policy must be a table", f"write {_EXAMPLE}")
        return None
    before = len(reader.problems)
    for key in entry:
        if key not in ENTRY_KEYS:
            reader.problem(
                index, (key,), f"unknown key '{key}' in a policy", _guess(key, ENTRY_KEYS)
            )
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        reader.problem(index, ("name",), "a policy needs a non-empty 'name'", f"write {_EXAMPLE}")
    when = _predicate(reader, index, "when", entry.get("when"), required=True)
    unless = _predicate(reader, index, "unless", entry.get("unless"), required=False)
    require = _require(reader, index, entry.get("require"))
    if len(reader.problems) > before or when is None or not isinstance(name, str):
        return None
    return Policy(name.strip(), when, unless, require)


def _predicate(
    reader: _Reader, index: int, key: str, value: Any, *, required: bool
) -> Predicate | None:
    if value is None and not required:
        return None
    if not isinstance(value, Mapping):
        hint = f'write {key} = {{kind = "computer-use", isReadOnly = false}} ({{}}: every tool)'
        reader.problem(index, (key,), f"'{key}' of a policy must be a table", hint)
        return None
    globs: list[tuple[str, tuple[str, ...]]] = []
    for part, given in value.items():
        if part not in WHEN_KEYS:
            reader.problem(
                index, (key, part), f"unknown key '{key}.{part}'", _guess(part, WHEN_KEYS)
            )
        elif part == "isReadOnly" and not isinstance(given, bool):
            reader.problem(index, (key, part), f"'{key}.isReadOnly' must be true or false", None)
        elif part != "isReadOnly" and _strings(given) is None:
            what = "glob patterns" if part in GLOB_KEYS else "permission keys"
            message = f"'{key}.{part}' must be a string or a list of {what}"
            reader.problem(index, (key, part), message, None)
        elif part in GLOB_KEYS:
            globs.append((part, _strings(given) or ()))
    read_only = value.get("isReadOnly")
    return Predicate(
        tuple(globs),
        read_only if isinstance(read_only, bool) else None,
        _strings(value.get("permissions", [])) or (),
    )


def _require(reader: _Reader, index: int, value: Any) -> tuple[tuple[str, bool | str], ...]:
    if not isinstance(value, Mapping) or not value:
        example = 'write require = {riskLevel = "high", requiresPlanApproval = true}'
        reader.problem(index, ("require",), "a policy needs a non-empty 'require' table", example)
        return ()
    found: list[tuple[str, bool | str]] = []
    for key, given in value.items():
        problem = _floor_problem(key, given)
        if problem is not None:
            message, hint = problem
            reader.problem(index, ("require", key), message, hint)
        else:
            found.append((key, given))
    return tuple(found)


def _floor_problem(key: str, value: Any) -> tuple[str, str | None] | None:
    """Why ``require.key = value`` is not a floor (None: it is)."""
    if key not in REQUIRE_KEYS:
        return f"unknown key 'require.{key}'", _guess(key, REQUIRE_KEYS)
    if key == "riskLevel" and value not in RISK_LEVELS:
        return f"'require.riskLevel' must be one of {', '.join(RISK_LEVELS)}", None
    if key == "approvalFlow" and (not isinstance(value, str) or not value):
        return "'require.approvalFlow' must be the name of an approval flow", None
    if key in TIGHT_ONLY:
        tight = str(TIGHT_ONLY[key]).lower()
        if not isinstance(value, bool):
            return f"'require.{key}' must be {tight}", None
        if value is not TIGHT_ONLY[key]:
            return (
                f"'require.{key} = {str(value).lower()}' would loosen tools: floors only tighten",
                f"write {key} = {tight}, or leave it to the contracts",
            )
    return None


def _strings(value: Any) -> tuple[str, ...] | None:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        return None
    if not all(isinstance(item, str) and item for item in items):
        return None
    return tuple(items)


def _guess(key: str, known: tuple[str, ...]) -> str:
    match = difflib.get_close_matches(key, list(known), n=1)
    return f"did you mean '{match[0]}'?" if match else f"known keys: {', '.join(known)}"
