"""What the TypeScript package's host views and masked lists read: ``hosts.js``, ``modes.js``.

``hosts.js`` writes each host's descriptors as the shared ones (``toolDescriptors``)
spread with the overlay's changes. ``modes.js`` knows, for every enabled provider list,
the canonical name of each entry, and refers to the entries themselves in
``providers.js`` (the exports the package already has); a host's entry that differs
from the shared one (MCP's ``_meta`` carries the host's safety fields) is written out,
its schema still the shared object of ``_schemas.js``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.targets import enabled
from generator.emit.common import Inputs
from generator.emit.lists import ProviderList, ToolList, materialize, tool_lists
from generator.emit.typescript.lists import TsGroup
from generator.emit.typescript.text import ts_property_key, ts_string, ts_value
from generator.emit.typescript.values import Shared, js_value, json_text, object_key
from generator.emit.views import host_changes
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions


@dataclass(frozen=True, slots=True)
class TsViewList:
    """One list of ``modes.js``: its name, element type, and its files."""

    key: str
    element: str
    per_server: bool
    groups: tuple[TsGroup, ...]
    namespaced: bool = False  # toolsFor groups namespaces (lists.group_namespaces' rule)


def views_context(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, shared: Shared
) -> dict[str, Any]:
    """The template context of ``hosts.*`` and ``modes.*``."""
    lists = tool_lists(enabled(options.targets))
    found = {tl.key: materialize(tl, toolset, options, inputs) for tl in lists}
    written = _Refs.writer(shared)
    host_refs = {tl.key: _Refs(found[tl.key], written) for tl in lists}
    return {
        "host_names": [view.name for view in toolset.hosts],
        "host_descriptors": _host_descriptors(toolset),
        "view_lists": [_list(tl, found[tl.key], _Own()) for tl in lists],
        "host_lists": {
            view.name: [
                _list(
                    tl, materialize(tl, Toolset(view.tools, ()), options, inputs), host_refs[tl.key]
                )
                for tl in lists
            ]
            for view in toolset.hosts
        },
        "list_exports": sorted({item.export for items in found.values() for item in items}),
        "request_lists": [tl for tl in lists if tl.request is not None],
    }


class _Own:
    """The expression of each entry of the shared lists themselves: its place in
    providers.js (no text of an entry is needed to find it)."""

    def expressions(self, item: ProviderList) -> tuple[str, ...]:
        export = _export(item)
        return tuple(export + _path(place) for place in item.places)


class _Refs:
    """Each shared entry by a digest of its text: the expression that refers to it in
    providers.js, else ``written`` (for an entry only a host has). A digest, not the
    text: the texts of every entry of every list were most of the TypeScript target's
    peak memory at 5,000 tools."""

    def __init__(self, items: Sequence[ProviderList], written: Callable[[Any], str]) -> None:
        self.by_digest: dict[tuple[str, bytes], str] = {}
        for item in items:
            export = _export(item)
            for place, tool, entry in zip(item.places, item.tools, item.entries, strict=True):
                self.by_digest[(tool, _digest(entry))] = export + _path(place)
        self.written = written

    def expressions(self, item: ProviderList) -> tuple[str, ...]:
        return tuple(self.expression(t, e) for t, e in zip(item.tools, item.entries, strict=True))

    @staticmethod
    def writer(shared: Shared) -> Callable[[Any], str]:
        """Writes an entry only a host has, its schemas as the shared objects."""
        return lambda entry: js_value(entry, shared, "        ")

    def expression(self, tool: str, entry: Any) -> str:
        found = self.by_digest.get((tool, _digest(entry)))
        return self.written(entry) if found is None else found


def _path(place: tuple[int, ...]) -> str:
    """The expression's tail for an entry's place: ``[i]``, or ``[i].tools[j]`` inside a
    namespace entry."""
    return f"[{place[0]}]" + "".join(f".tools[{inner}]" for inner in place[1:])


def _digest(entry: Any) -> bytes:
    return hashlib.sha256(json_text(entry).encode("utf-8")).digest()


def _export(item: ProviderList) -> str:
    return item.export if item.server is None else f"{item.export}[{ts_string(item.server)}]"


def _list(tool_list: ToolList, items: Sequence[ProviderList], refs: _Own | _Refs) -> TsViewList:
    groups = tuple(TsGroup(item.server, item.tools, refs.expressions(item)) for item in items)
    # providers.d.ts declares an element type for lists that have files only
    element = tool_list.export.element if items else "never"
    return TsViewList(tool_list.key, element, tool_list.per_server, groups, tool_list.namespaced)


def _host_descriptors(toolset: Toolset) -> dict[str, list[tuple[str, str]]]:
    """Per host, (key in hosts.js, expression) for each tool: the shared descriptor, or
    it spread with the fields the overlay changes."""
    return {
        host: [(object_key(name), _spread(name, changed)) for name, changed in rows]
        for host, rows in host_changes(toolset).items()
    }


def _spread(name: str, changed: dict[str, Any]) -> str:
    ref = f"toolDescriptors[{ts_string(name)}]"
    if not changed:
        return ref
    inner = "".join(
        f"\n      {ts_property_key(k)}: {ts_value(v, '      ')}," for k, v in changed.items()
    )
    return f"{{\n      ...{ref},{inner}\n    }}"
