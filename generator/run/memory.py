"""What a run keeps in memory, and how often Python looks through it.

A run loads every contract, keeps the toolset to its end, and emits millions of small
objects on top of it. Two things keep that cheap: the collector runs rarely, and what
the load stage built is frozen out of its scans (:func:`collecting_rarely`); and once
the diagnostics are made, the toolset goes on without the contracts' positions
(:func:`lean`), a third of what a large toolset holds.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from types import MappingProxyType

from generator.core.diagnostics import JsonPath
from generator.ir.model import ToolDescriptor, Toolset
from generator.models.workers import RARELY


@contextmanager
def collecting_rarely() -> Iterator[None]:
    """A run builds millions of small objects that live to its end. With the collector's
    default thresholds, every few thousand new ones it scans what exists, and a large
    toolset is scanned again and again (the emitters of 5,000 tools took twice as long).
    Collect rarely during the run; everything frozen during it is unfrozen after."""
    thresholds = gc.get_threshold()
    gc.set_threshold(*RARELY)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def lean(toolset: Toolset) -> Toolset:
    """``toolset`` without the contracts' positions: once the diagnostics are made nothing
    reads them, and they are a third of what a large toolset holds."""
    nowhere: Mapping[JsonPath, tuple[int, int]] = MappingProxyType({})

    made: dict[int, ToolDescriptor] = {}  # id → lean copy, while the originals live

    def lean_tool(tool: ToolDescriptor) -> ToolDescriptor:
        # A host's unchanged tool is the shared descriptor: it stays one object, so its
        # canonical JSON is still built once.
        found = made.get(id(tool))
        if found is None:
            found = made[id(tool)] = replace(tool, where=replace(tool.where, positions=nowhere))
        return found

    tools = tuple(map(lean_tool, toolset.tools))
    hosts = tuple(replace(view, tools=tuple(map(lean_tool, view.tools))) for view in toolset.hosts)
    return replace(toolset, tools=tools, hosts=hosts)
