"""The token stage for the catalogue: what each tool's entry costs in every list the
enabled targets write, counted before the docs are emitted (``Inputs.tokens``)."""

from __future__ import annotations

from generator.emit.common import Inputs, TokenCells
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.tokens.measure import measure
from generator.tokens.targets import targets_for
from generator.tokens.text import show


def token_cells(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, TokenCells]:
    """Per tool, what its entry costs in each list the enabled targets write."""
    lists = targets_for(options)
    if not lists:
        return {}
    report = measure(toolset, options, inputs, targets=lists)
    cells: dict[str, list[tuple[str, str]]] = {}
    for row in report.tools:
        cells.setdefault(row.tool, []).append((row.target, show(row.primary)))
    return {tool: tuple(found) for tool, found in cells.items()}
