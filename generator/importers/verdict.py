"""What the contract an import would write has wrong, said about the source.

The draft is rendered, read back with the contract loader and checked with every rule
of ``validate`` (the schema lint included) together with the project's other contracts,
whose own results come from the cache: only the checks across files run over all of
them. Each diagnostic is then moved to the user's source (:mod:`.positions`).
Every finding keeps the severity ``validate`` gives it, so a file import writes always
validates (under ``--strict``, once a person has reviewed its tools' safety:
``contracts/review``); the one difference, because the definitions are someone else's, is the hint:
a type, value or idiom ``--normalize`` would fix says so, and a value it cannot read
without guessing says what to write in the source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from generator.contracts.cached import Checked, check_bytes
from generator.contracts.review import UNREVIEWED
from generator.core.cache import NO_CACHE, Entry
from generator.core.diagnostics import Diagnostic, JsonPath, Severity, sorted_diagnostics
from generator.emit.schema import editor_reference
from generator.importers.draft import Draft
from generator.importers.normalize import standard_type
from generator.importers.positions import SourceMap
from generator.importers.render import render
from generator.importers.values import value_hint
from generator.importers.write import encode, same_data
from generator.jsonschema import pointer
from generator.project.settings import Config
from generator.run.pipeline import check_added

_VALUED = frozenset({"default", "const", "enum", "examples"})


@dataclass(frozen=True, slots=True)
class Verdict:
    """The rendered contract, what is wrong with it (in source terms, sorted), which
    tools have a blocking problem, whether one no tool owns blocks, and the cache entry
    of the file as it would be written."""

    text: str
    diagnostics: tuple[Diagnostic, ...]
    failing: frozenset[int]
    blocked: bool
    entry: Entry | None


def check_draft(
    draft: Draft,
    target: Path,
    names: tuple[str, str],
    others: Sequence[Checked],
    config: Config,
    *,
    normalized: bool,
) -> Verdict:
    """Check ``draft`` rendered for ``target`` (``names``: its display and its key in
    the contracts folder) among ``others``."""
    display, key = names
    text = render(draft, editor_reference(target, config.output))
    checked = check_bytes(encode(text, display), display, key, NO_CACHE, config.schema_extensions)
    if checked.file is None:  # the rendered text does not load: say where it came from
        moved = [replace(d, position=draft.locate(())) for d in checked.diagnostics]
        return Verdict(text, tuple(moved), frozenset(), True, None)
    if not same_data(checked.file.data, draft):
        raise RuntimeError(f"{display}: the YAML written does not read back as the data imported")
    source = SourceMap(draft, display, checked.file.positions)
    found = [
        _as_import(d, draft, source, normalized)
        for d in check_added(others, checked, config)
        if d.code != UNREVIEWED  # every imported tool is: the summary says so once
    ]
    failing, blocked = _owners(found, source, strict=config.strict)
    mapped = sorted_diagnostics(source.all(found))
    return Verdict(text, tuple(mapped), failing, blocked, checked.entry)


def _as_import(
    diagnostic: Diagnostic, draft: Draft, source: SourceMap, normalized: bool
) -> Diagnostic:
    """A hint that names --normalize where it would fix the problem, or says what to write
    in the source where it cannot."""
    if diagnostic.position.file != source.display:
        return diagnostic
    index = source.tool_at(diagnostic.position.line)
    path = diagnostic.path
    if index is None or not path or not isinstance(path[0], str):
        return diagnostic
    hint = _hint(diagnostic.code, draft.tools[index].get(path[0]), path, normalized)
    return diagnostic if hint is None else replace(diagnostic, hint=hint)


def _hint(code: str, schema: object, path: JsonPath, normalized: bool) -> str | None:
    found, value = pointer.resolve(schema, path[1:])
    if not found:
        return None
    if code == "TC213":
        inner = path[-1:] if path[-1] in _VALUED else path[-2:]
        held, node = pointer.resolve(schema, path[1 : -len(inner)])
        if held and isinstance(node, dict) and inner[0] in _VALUED:
            hint = value_hint(node, inner, normalized=normalized)
            if hint is not None:
                return hint
    return None if normalized else _normalize_hint(code, path, value)


def _normalize_hint(code: str, path: JsonPath, value: object) -> str | None:
    if code == "TC201" and isinstance(value, str):
        known, standard = standard_type(value)
        if not known:
            return None
        what = "drop it (any value)" if standard is None else f"import it as '{standard}'"
        return f"import --normalize would {what}"
    if code == "TC213" and path[-1] == "default" and value is None:
        return "import --normalize removes a null default: the property is optional without it"
    return None


def _owners(
    found: list[Diagnostic], source: SourceMap, *, strict: bool
) -> tuple[frozenset[int], bool]:
    """Which tools have a blocking problem, and whether one belongs to no single tool."""
    failing: set[int] = set()
    blocked = False
    for diagnostic in found:
        if diagnostic.severity is not Severity.ERROR and not strict:
            continue
        if diagnostic.position.file == source.display:
            index = source.tool_at(diagnostic.position.line)
            owners = set() if index is None else {index}
        else:
            owners = source.mentioned_tools(f"{diagnostic.message} {diagnostic.hint or ''}")
        failing |= owners
        blocked = blocked or not owners
    return frozenset(failing), blocked
