"""What the model stage must make: each chunk's state, and the runs for what is missing.

A chunk whose class names are separable (``pieces.separable``) is looked up and kept per
tool: a tool's piece is reused when the hash of its schema is the one it was made from.
The missing tools of every chunk are made together, in as many runs as there are
workers (or more, at most ``BATCH`` tools a run, to bound a run's memory). A chunk whose
names could clash is made whole, in a run of its own, as it always was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from generator.core.fingerprint import sha256
from generator.ir.model import ToolDescriptor
from generator.models.chunks import Chunk
from generator.models.make import Kind, Run
from generator.models.naming import tools_schema
from generator.models.pieces import Piece, separable

BATCH = 128
"""Tools in one run at most: datamodel-code-generator's and black's time per tool grow
with their input (twice as much per tool at 800 tools as at 200), and so does memory."""

Names = dict[str, str]  # canonical tool name → class name
Typing = dict[str, dict[str, Any]]  # canonical tool name → the schema the models read


@dataclass
class ChunkPlan:
    """One chunk during the stage: its tools, their class names (``roots``) and schema
    hashes, and what was found or made — a piece per tool, or the chunk whole."""

    tools: tuple[ToolDescriptor, ...]
    roots: tuple[str, ...]
    keys: dict[str, str]
    pieces: dict[str, Piece] = field(default_factory=dict)
    whole: Chunk | None = None

    @classmethod
    def of(cls, tools: tuple[ToolDescriptor, ...], names: Names, typing: Typing) -> ChunkPlan:
        keys = {tool.name: sha256(schema_text([tool], names, typing).encode()) for tool in tools}
        return cls(tools, tuple(names[tool.name] for tool in tools), keys)

    @property
    def separable(self) -> bool:
        return separable(self.roots)

    @property
    def missing(self) -> list[str]:
        """Tools still without models (all of them, for a chunk kept whole and not found)."""
        if self.whole is not None:
            return []
        if not self.separable:
            return [tool.name for tool in self.tools]
        return [tool.name for tool in self.tools if tool.name not in self.pieces]

    def schema_key(self, names: Names, typing: Typing) -> str:
        return sha256(schema_text(self.tools, names, typing).encode())


def schema_text(
    tools: list[ToolDescriptor] | tuple[ToolDescriptor, ...], names: Names, typing: Typing
) -> str:
    """The combined schema of ``tools`` as datamodel-code-generator reads it."""
    combined = tools_schema(tools, names, lambda tool: typing[tool.name])
    return json.dumps(combined, ensure_ascii=False, sort_keys=False)


Owner = int | tuple[str, ...]
"""Whose a run's result is: a chunk's index (made whole), or the tools it was cut for."""


def plan_runs(
    plans: list[ChunkPlan], names: Names, typing: Typing, workers: int, kind: Kind = "input"
) -> list[tuple[Run, Owner]]:
    """The runs that make everything missing (models of ``kind``), each with the owner of
    its result."""
    runs: list[tuple[Run, Owner]] = []
    loose: list[tuple[int, ToolDescriptor]] = []  # (chunk index, tool) still to make
    for index, plan in enumerate(plans):
        if not plan.separable:
            if plan.whole is None:
                text = schema_text(plan.tools, names, typing)
                runs.append((Run(text, plan.roots, False, kind), index))
            continue
        wanted = set(plan.missing)
        loose += [(index, tool) for tool in plan.tools if tool.name in wanted]
    for group in _groups(loose, workers):
        runs += _cut_runs(group, names, typing, kind)
    return runs


def _groups(
    loose: list[tuple[int, ToolDescriptor]], workers: int
) -> list[list[tuple[int, ToolDescriptor]]]:
    """``loose`` in consecutive groups of nearly equal size: at least one per worker (when
    there are enough), at most ``BATCH`` tools each."""
    if not loose:
        return []
    count = min(len(loose), max(workers, -(-len(loose) // BATCH)))
    size, extra = divmod(len(loose), count)
    groups, start = [], 0
    for index in range(count):
        end = start + size + (index < extra)
        groups.append(loose[start:end])
        start = end
    return groups


def _cut_runs(
    group: list[tuple[int, ToolDescriptor]], names: Names, typing: Typing, kind: Kind
) -> list[tuple[Run, Owner]]:
    """One run for the group, or one per chunk when names of two chunks could clash."""
    roots = [names[tool.name] for _, tool in group]
    if separable(roots):
        parts = [[tool for _, tool in group]]
    else:
        chunks = sorted({index for index, _ in group})
        parts = [[tool for index, tool in group if index == chunk] for chunk in chunks]
    return [
        (
            Run(schema_text(part, names, typing), tuple(names[t.name] for t in part), True, kind),
            tuple(tool.name for tool in part),
        )
        for part in parts
    ]
