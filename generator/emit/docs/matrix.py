"""The compatibility matrix: what each provider target receives of each tool.

For every tool and every enabled target that sends schemas to a provider, one cell:

* **as is** — the target sends the contract's inputSchema (without ``$schema``);
* **transformed** — it sends another form; what changed is read off the two schemas
  (keywords removed, added or changed, with counts) plus the warnings it gave;
* **excluded** — the contract leaves the tool out (``targets.exclude``); why, when the
  target would have refused it, is the first error its adapter found;
* **refused** — the target cannot take the tool (only while the contracts have errors).

Pure: it reads the Toolset, the profile stage's results and the target table, so a new
target appears in ``docs/PROVIDERS.md`` and ``toolcanon list --targets`` by itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.core.diagnostics import Severity
from generator.core.targets import Target
from generator.ir.model import ToolDescriptor, Toolset
from generator.profiles.stage import Adaptations, Adapted

AS_IS: Final = "as is"
TRANSFORMED: Final = "transformed"
EXCLUDED: Final = "excluded"
REFUSED: Final = "refused"
# Keywords whose children are named subschemas, not keywords.
_NAMED: Final = frozenset({"properties", "$defs", "definitions", "patternProperties"})
_SHOWN: Final = 6  # keywords named per kind of change before "…"


@dataclass(frozen=True, slots=True)
class Cell:
    """What one target does with one tool: a status and the words that explain it."""

    status: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    tool: ToolDescriptor
    cells: tuple[Cell, ...]  # one per target, in the matrix's order


@dataclass(frozen=True, slots=True)
class Matrix:
    targets: tuple[str, ...]
    rows: tuple[Row, ...]


def provider_targets(targets: Sequence[Target]) -> tuple[Target, ...]:
    """The targets a matrix has a column for: those that send schemas to a provider."""
    return tuple(target for target in targets if target.adapters)


def build(toolset: Toolset, adapted: Adaptations, targets: Sequence[Target]) -> Matrix:
    """The matrix of ``toolset`` over the provider targets among ``targets``."""
    columns = provider_targets(targets)
    rows = tuple(
        Row(tool, tuple(cell(tool, target, adapted) for target in columns)) for tool in toolset
    )
    return Matrix(tuple(target.name for target in columns), rows)


def cell(tool: ToolDescriptor, target: Target, adapted: Adaptations) -> Cell:
    """One target's treatment of one tool (its adapters' results, in table order)."""
    results = [adapted[name][tool.name] for name in target.adapters if name in adapted]
    errors = [f.message for r in results for f in r.findings if f.severity is Severity.ERROR]
    if not tool.sent_to(target.name):
        why = "the contract leaves it out"
        return Cell(EXCLUDED, f"{why}: {errors[0]}" if errors else why)
    if errors or any(r.schema is None for r in results):
        return Cell(REFUSED, errors[0] if errors else "")
    changed = [_changes(tool.input_schema, r.schema) for r in results]
    notes = [part for part in changed if part] + _warnings(results)
    status = TRANSFORMED if any(changed) else AS_IS
    return Cell(status, "; ".join(notes))


def _warnings(results: Sequence[Adapted]) -> list[str]:
    codes = Counter(f.code for r in results for f in r.findings if f.severity is Severity.WARNING)
    return [f"{count} warning{'s' if count > 1 else ''} ({code})" for code, count in codes.items()]


def _changes(before: Any, after: Any) -> str:
    """Keywords removed, added and changed between a contract schema and what is sent (both
    frozen or plain; the root ``$schema`` a provider never gets is no change), e.g.
    ``removed additionalProperties (3), uniqueItems; added nullable``."""
    removed: Counter[str] = Counter()
    added: Counter[str] = Counter()
    changed: Counter[str] = Counter()
    if isinstance(before, Mapping) and "$schema" in before:
        before = {key: value for key, value in before.items() if key != "$schema"}
    if before != after:
        _compare(before, after, removed, added, changed)
    parts = [
        f"{verb} {_names(counts)}"
        for verb, counts in (("removed", removed), ("added", added), ("changed", changed))
        if counts
    ]
    return ", ".join(parts)


def _compare(
    before: Any, after: Any, removed: Counter[str], added: Counter[str], changed: Counter[str]
) -> None:
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        if before != after:
            changed["schema"] += 1
        return
    for key in before.keys() | after.keys():
        if key not in after:
            removed[key] += 1
        elif key not in before:
            added[key] += 1
        elif key in _NAMED and isinstance(before[key], Mapping):
            _compare_named(before[key], after[key], removed, added, changed)
        elif isinstance(before[key], list | tuple) and isinstance(after[key], list | tuple):
            _compare_list(key, before[key], after[key], removed, added, changed)
        elif isinstance(before[key], Mapping):
            _compare(before[key], after[key], removed, added, changed)
        elif before[key] != after[key]:
            changed[key] += 1


def _compare_named(
    before: Mapping[str, Any],
    after: Any,
    removed: Counter[str],
    added: Counter[str],
    changed: Counter[str],
) -> None:
    if not isinstance(after, Mapping):
        changed["schema"] += 1
        return
    for name in before.keys() & after.keys():
        _compare(before[name], after[name], removed, added, changed)


def _compare_list(
    key: str,
    before: Sequence[Any],
    after: Sequence[Any],
    removed: Counter[str],
    added: Counter[str],
    changed: Counter[str],
) -> None:
    if len(before) != len(after) or not all(isinstance(x, Mapping) for x in (*before, *after)):
        if before != after:
            changed[key] += 1
        return
    for old, new in zip(before, after, strict=True):
        _compare(old, new, removed, added, changed)


def _names(counts: Counter[str]) -> str:
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    shown = [f"{name} ({n})" if n > 1 else name for name, n in ordered[:_SHOWN]]
    return ", ".join(shown) + (", …" if len(ordered) > _SHOWN else "")


def text_table(matrix: Matrix) -> str:
    """``toolcanon list --targets``: one row per tool, a status per target, then the details
    of every cell that has any (what changed, why excluded, warnings)."""
    header = ("tool", *matrix.targets)
    rows = [header] + [(row.tool.name, *(c.status for c in row.cells)) for row in matrix.rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    for row in matrix.rows:
        for target, entry in zip(matrix.targets, row.cells, strict=True):
            if entry.detail:
                lines.append(f"{row.tool.name} → {target}: {entry.status}: {entry.detail}")
    return "\n".join(lines) + "\n"
