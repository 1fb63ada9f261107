"""The provider lists as the TypeScript package lays them out: one export per list name.

Most targets export one array under one name; MCP writes one list per server, which
the package exports as one object keyed by server name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.emit.lists import ProviderList

Render = Callable[[Any, str], str]
"""Writes one entry as JavaScript, its inner lines indented by the given prefix."""


@dataclass(frozen=True, slots=True)
class TsGroup:
    """One file of a list: its server (None unless the list is written per server; the
    key of a keyed export), the canonical name of each tool, and each entry of the list
    as written (a namespace entry holds several tools) as a JavaScript expression."""

    server: str | None
    tools: tuple[str, ...]
    entries: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TsList:
    """One export of providers.js and its declaration."""

    export: str
    element: str
    title: str
    sdk_type: str
    files: tuple[str, ...]
    groups: tuple[TsGroup, ...]

    @property
    def keyed(self) -> bool:
        return any(group.server is not None for group in self.groups)


def ts_lists(found: Sequence[ProviderList], render: Render) -> tuple[TsList, ...]:
    """The exports, in the order their first list was found."""
    by_export: dict[str, list[ProviderList]] = {}
    for item in found:
        by_export.setdefault(item.export, []).append(item)
    return tuple(_export(items, render) for items in by_export.values())


def _export(items: list[ProviderList], render: Render) -> TsList:
    first = items[0]
    indent = "    " if first.server is not None else "  "
    groups = tuple(
        TsGroup(item.server, item.tools, tuple(render(entry, indent) for entry in item.written))
        for item in items
    )
    return TsList(
        export=first.export,
        element=first.element,
        title=first.title,
        sdk_type=first.sdk_type,
        files=tuple(str(item.file) for item in items),
        groups=groups,
    )
