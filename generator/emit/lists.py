"""Tool lists: what a provider or host receives, one entry per tool, as a target writes it.

A provider target describes each list it writes as a :class:`ToolList` (its ``LISTS``):
how one tool's entry is built (from the IR and the profile stage's schema), where the
name, description and schema sit in an entry, which file a tool's entry goes to, and
whether the file wraps the list (MCP's ``{"tools": [...]}``). The target's ``emit``
writes them with :func:`render_lists`; whatever else needs "the list a provider gets" —
token counts, the typed lists of the packages, mode-masked sets — reads the same
``LISTS`` through :func:`tool_lists`, so there is one definition of every entry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import Inputs, Rendered, dump_json
from generator.model import ToolDescriptor, Toolset
from generator.targets import Target

KeyPath = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where an entry keeps a tool's name, description and input schema (key paths)."""

    name: KeyPath
    description: KeyPath
    schema: KeyPath


@dataclass(frozen=True, slots=True)
class ToolList:
    """One list of tools as a provider or host receives it.

    ``provider`` is whose rules count it (a row of ``tokens/providers.py``); ``file`` is
    one path (written even when empty) or a function placing each tool (MCP: one file
    per server); ``adapter``, when set, is the profile adapter deciding the schema: a
    tool it cannot send is not in the list.
    """

    key: str
    provider: str
    entry: Callable[[ToolDescriptor, Inputs], dict[str, Any]]
    layout: Layout
    file: PurePosixPath | Callable[[ToolDescriptor, EmitOptions], PurePosixPath]
    wrap: str | None = None
    adapter: str | None = None

    def file_of(self, tool: ToolDescriptor, options: EmitOptions) -> PurePosixPath:
        """The file ``tool``'s entry goes to (one fixed file, or one per group)."""
        return self.file if isinstance(self.file, PurePosixPath) else self.file(tool, options)

    def members(self, tools: Iterable[ToolDescriptor], inputs: Inputs) -> list[ToolDescriptor]:
        """The tools in this list, in the order given."""
        if self.adapter is None:
            return list(tools)
        adapted = inputs.adapted[self.adapter]
        return [tool for tool in tools if adapted[tool.name].schema is not None]


def render_lists(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, lists: Iterable[ToolList]
) -> Rendered:
    """Every list's files: entries in canonical order, files sorted by path."""
    rendered: Rendered = {}
    for tool_list in lists:
        files: dict[PurePosixPath, list[dict[str, Any]]] = {}
        if isinstance(tool_list.file, PurePosixPath):
            files[tool_list.file] = []
        for tool in tool_list.members(toolset, inputs):
            entry = tool_list.entry(tool, inputs)
            files.setdefault(tool_list.file_of(tool, options), []).append(entry)
        for path in sorted(files):
            body: Any = files[path] if tool_list.wrap is None else {tool_list.wrap: files[path]}
            rendered[path] = dump_json(body)
    return rendered


def tool_lists(targets: Iterable[Target]) -> tuple[ToolList, ...]:
    """The lists the given targets write, in target order."""
    found: list[ToolList] = []
    for target in targets:
        found += getattr(importlib.import_module(target.module), "LISTS", ())
    return tuple(found)
