"""Accepted warnings: ``[[tool.toolcanon.accept]]`` entries with a code, tools and a reason.

A warning someone reviewed and accepted (Claude strict tool use cannot enforce a
``minimum`` the host validates anyway) would otherwise be printed by every run: in a
pre-commit hook the same wall of text on every commit, until nobody reads the output
and a new warning goes unseen. An entry names the warning's code, the tools it applies
to (canonical names or globs; every tool when left out) and why it is accepted. An
accepted warning is not printed, not counted (the manifest, ``--strict``) and does not
fail a strict run; errors are never accepted. ``validate`` names each entry that
accepted nothing (TC054), so an entry does not outlive its warning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from generator.core.diagnostics import Diagnostic, JsonPath, Position, Severity

KEY = "accept"
ENTRY_KEYS = ("code", "tools", "reason")
CONFIG_CODE = "TC050"  # a config problem
UNUSED_CODE = "TC054"
_CODE = re.compile(r"^TC\d{3}$")
_HEADER = "[[tool.toolcanon.accept]]"


@dataclass(frozen=True, slots=True)
class Acceptance:
    """Warnings ``code`` on ``tools`` (glob patterns; () for every tool, and for the
    warnings about no tool) are accepted, for ``reason``."""

    code: str
    tools: tuple[str, ...]
    reason: str
    position: Position

    def accepts(self, diagnostic: Diagnostic) -> bool:
        if diagnostic.severity is not Severity.WARNING or diagnostic.code != self.code:
            return False
        if not self.tools:
            return True
        tool = diagnostic.tool
        return tool is not None and any(fnmatchcase(tool, pattern) for pattern in self.tools)


def split(
    diagnostics: Iterable[Diagnostic], acceptances: Sequence[Acceptance]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(the diagnostics to report, the warnings an entry accepts)."""
    kept: list[Diagnostic] = []
    accepted: list[Diagnostic] = []
    for diagnostic in diagnostics:
        found = any(entry.accepts(diagnostic) for entry in acceptances)
        (accepted if found else kept).append(diagnostic)
    return kept, accepted


def unused(acceptances: Sequence[Acceptance], accepted: Sequence[Diagnostic]) -> list[Diagnostic]:
    """A warning at each entry that accepted none of ``accepted``."""
    return [
        Diagnostic(
            entry.position,
            f"accepted warning {entry.code} no longer occurs"
            + (f" for {', '.join(entry.tools)}" if entry.tools else ""),
            UNUSED_CODE,
            Severity.WARNING,
            hint="remove this entry",
        )
        for entry in acceptances
        if not any(entry.accepts(d) for d in accepted)
    ]


def parse(
    display: str, text: str, value: Any, positions: Mapping[JsonPath, Position]
) -> tuple[tuple[Acceptance, ...], list[Diagnostic]]:
    """The ``accept`` entries of a config (a list of tables), and every problem with them.
    ``text`` is the config file's text, to place each ``[[tool.toolcanon.accept]]``."""
    start = positions.get((KEY,)) or Position(display, 1, 1)
    if not isinstance(value, list):
        return (), [_problem(start, "config key 'accept' must be a list of tables", None)]
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == _HEADER]
    found: list[Acceptance] = []
    problems: list[Diagnostic] = []
    for index, entry in enumerate(value):
        where = positions.get((KEY, index)) or (
            Position(display, headers[index], 1) if index < len(headers) else start
        )
        acceptance, trouble = _entry(where, entry)
        problems += trouble
        if acceptance is not None:
            found.append(acceptance)
    return tuple(found), problems


def _entry(where: Position, entry: Any) -> tuple[Acceptance | None, list[Diagnostic]]:
    if not isinstance(entry, Mapping):
        return None, [_problem(where, "an accepted warning must be a table", _SHAPE)]
    problems = [
        _problem(where, f"unknown key '{key}' in an accepted warning", _SHAPE)
        for key in entry
        if key not in ENTRY_KEYS
    ]
    code, tools, reason = entry.get("code"), entry.get("tools", []), entry.get("reason")
    if not isinstance(code, str) or not _CODE.match(code):
        problems.append(_problem(where, "an accepted warning needs a 'code' like TC151", _SHAPE))
    if not isinstance(tools, list) or not all(isinstance(t, str) and t for t in tools):
        message = "'tools' of an accepted warning must be a list of tool names or globs"
        problems.append(_problem(where, message, _SHAPE))
    if not isinstance(reason, str) or not reason.strip():
        problems.append(_problem(where, "an accepted warning needs a non-empty 'reason'", _WHY))
    if problems or not isinstance(code, str) or not isinstance(reason, str):
        return None, problems
    return Acceptance(code, tuple(tools), reason.strip(), where), []


_WHY = "say why this warning is accepted: the next reader decides from it"
_SHAPE = 'write code = "TC151", tools = ["read_file"] (optional) and reason = "why"'


def _problem(where: Position, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(where, message, CONFIG_CODE, hint=hint)
