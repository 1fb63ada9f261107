"""The two sides a diff compares: canonical descriptors by name, where each is written,
the resolved tools (for token counts) and each host's view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import Position
from generator.emit.common import Inputs
from generator.ir.fields import descriptor_json
from generator.ir.model import HostView, ToolDescriptor, Where

Descriptor = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Side:
    """One version of the tools: canonical descriptors by name, and where each is written
    (a pinned tools.json has no places)."""

    label: str
    tools: Mapping[str, Descriptor]
    places: Mapping[str, Where]
    resolved: Resolved | None = None  # the IR, when the side came from contracts
    hosts: Mapping[str, HostSide] | None = None  # None: this side says nothing of hosts


@dataclass(frozen=True, slots=True)
class Resolved:
    """A side's resolved tools and what the profile stage made of them (for token counts)."""

    tools: tuple[ToolDescriptor, ...]
    inputs: Inputs


@dataclass(frozen=True, slots=True)
class HostSide:
    """One host on one side of a diff: its descriptors by name, and where its overlay
    sets each tool's fields and chooses its tools."""

    file: str
    tools: Mapping[str, Mapping[str, object]]
    set_at: Mapping[str, Mapping[str, Position]]
    selected_at: Position


def host_sides(views: tuple[HostView, ...]) -> dict[str, HostSide]:
    """The hosts of a resolved toolset, as diff reads them."""
    return {
        view.name: HostSide(
            view.file,
            {tool.name: descriptor_json(tool) for tool in view.tools},
            view.set_at,
            view.selected_at,
        )
        for view in views
    }
