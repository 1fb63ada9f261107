"""What the Python package's host views and masked lists read: ``_hosts.py`` and ``_lists.py``.

``_hosts.py`` holds each host's descriptors as the shared ones (``_data.DESCRIPTORS``)
with the overlay's changes spread over them, so no schema is written twice.
``_lists.py`` holds every enabled provider list — the entries of the targets' own
``LISTS`` (``emit/lists.py``), exactly as their JSON files — as read-only data: ``_R``
is ``types.MappingProxyType`` (no method, not even ``dict``'s own, changes one), arrays
are tuples; ``tools_for`` hands out plain copies of it. A schema written more than once
is one object (``_S``), and a host's entry equal to the shared one is the shared object.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.targets import enabled
from generator.emit.common import Inputs
from generator.emit.lists import ToolList, materialize, tool_lists
from generator.emit.python.literal import FROZEN_MAPPING, INDENT, py_literal, py_str
from generator.emit.typescript.values import MAX_DEPTH, is_schema, json_text, schemas_in
from generator.emit.views import host_changes
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

READ_ONLY = "_R"
"""The name ``_lists.py`` binds to ``types.MappingProxyType``."""
Triple = tuple[str, str | None, Any]  # canonical name, server (per-server lists), entry


@dataclass(frozen=True, slots=True)
class PyList:
    """One list in ``_lists.py``: each entry's source (``(name, server, entry)``)."""

    key: str
    entries: tuple[str, ...]


def views_context(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, Any]:
    """The template context of ``hosts.py``, ``modes.py``, ``_hosts.py`` and ``_lists.py``."""
    lists = tool_lists(enabled(options.targets))
    shared = {tl.key: _triples(tl, toolset, options, inputs) for tl in lists}
    hosts = {
        view.name: {tl.key: _triples(tl, Toolset(view.tools, ()), options, inputs) for tl in lists}
        for view in toolset.hosts
    }
    written = [t[2] for triples in shared.values() for t in triples]
    written += [
        t[2] for per in hosts.values() for k, ts in per.items() for t in _own(ts, shared[k])
    ]
    schemas = _shared_schemas(written)
    index = {text: number for number, text in enumerate(schemas)}
    return {
        "list_keys": [tl.key for tl in lists],
        "per_server": [tl.key for tl in lists if tl.per_server],
        "namespaced": [tl.key for tl in lists if tl.namespaced],
        "shared_schemas": [schemas[text] for text in schemas],
        "lists": [PyList(k, tuple(_triple(t, index) for t in ts)) for k, ts in shared.items()],
        "host_lists": {
            host: [PyList(k, _host_entries(k, ts, shared[k], index)) for k, ts in per.items()]
            for host, per in hosts.items()
        },
        "host_descriptors": _host_descriptors(toolset),
        "request_lists": [tl for tl in lists if tl.request is not None],
    }


def _triples(
    tool_list: ToolList, toolset: Toolset, options: EmitOptions, inputs: Inputs
) -> list[Triple]:
    """A list's entries with their tools, in file order (per server: servers sorted)."""
    return [
        (name, found.server, entry)
        for found in materialize(tool_list, toolset, options, inputs)
        for name, entry in zip(found.tools, found.entries, strict=True)
    ]


def _own(triples: Sequence[Triple], shared: Sequence[Triple]) -> Iterator[Triple]:
    """A host's entries that differ from the shared entry of their tool."""
    texts = {name: json_text(entry) for name, _, entry in shared}
    return (t for t in triples if texts.get(t[0]) != json_text(t[2]))


def _host_entries(
    key: str, triples: Sequence[Triple], shared: Sequence[Triple], index: Mapping[str, int]
) -> tuple[str, ...]:
    place = {name: (number, json_text(entry)) for number, (name, _, entry) in enumerate(shared)}
    found = []
    for triple in triples:
        number, text = place.get(triple[0], (-1, None))
        same = text == json_text(triple[2])
        found.append(f"LISTS[{py_str(key)}][{number}]" if same else _triple(triple, index))
    return tuple(found)


def _shared_schemas(entries: Sequence[Any]) -> dict[str, Any]:
    """Schemas written more than once, by their text, in the order first met."""
    counts: dict[str, int] = {}
    first: dict[str, Any] = {}
    for entry in entries:
        for node in schemas_in(entry, 0):
            text = json_text(node)
            counts[text] = counts.get(text, 0) + 1
            first.setdefault(text, node)
    return {text: first[text] for text, count in counts.items() if count > 1}


def _triple(triple: Triple, index: Mapping[str, int]) -> str:
    name, server, entry = triple
    server_text = "None" if server is None else py_str(server)
    return f"({py_str(name)}, {server_text}, {_value(entry, index, 2, 0)})"


def _value(value: Any, index: Mapping[str, int], level: int, depth: int) -> str:
    """``value`` as read-only data; a shared schema as ``_S[n]``."""
    if depth <= MAX_DEPTH and is_schema(value) and json_text(value) in index:
        return f"_S[{index[json_text(value)]}]"
    if not isinstance(value, dict) or not value or depth >= MAX_DEPTH:
        return py_literal(value, frozen=True, level=level, mapping=READ_ONLY)
    inner = INDENT * (level + 1)
    items = "".join(
        f"{inner}{py_str(key)}: {_value(item, index, level + 1, depth + 1)},\n"
        for key, item in value.items()
    )
    return f"{READ_ONLY}({{\n{items}{INDENT * level}}})"


def _host_descriptors(toolset: Toolset) -> dict[str, list[str]]:
    """Per host, each tool's descriptor as source: ``_D[i]`` when the overlay changes
    nothing, else ``_P({**_D[i], <changed fields>})``."""
    position = {tool.name: number for number, tool in enumerate(toolset)}
    return {
        host: [
            f"_D[{position[name]}]" if not changed else _spread(f"_D[{position[name]}]", changed)
            for name, changed in rows
        ]
        for host, rows in host_changes(toolset).items()
    }


def _spread(ref: str, changed: Mapping[str, Any]) -> str:
    inner = INDENT * 3
    items = "".join(
        f"{inner}{py_str(key)}: {py_literal(value, frozen=True, level=3)},\n"
        for key, value in changed.items()
    )
    return f"{FROZEN_MAPPING}({{\n{inner}**{ref},\n{items}{INDENT * 2}}})"
