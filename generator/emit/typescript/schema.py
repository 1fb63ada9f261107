"""Reading JSON Schema for the TypeScript converter: types, ref cycles, doc text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

_OBJECT_KEYWORDS: Final = ("properties", "required", "additionalProperties")
_ARRAY_KEYWORDS: Final = ("items", "prefixItems")


def matches_type(value: object, types: Sequence[str] | None) -> bool:
    """Return whether a JSON value satisfies a ``type`` keyword (None = any)."""
    if types is None:
        return True
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    is_integer = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    checks = {
        "null": value is None,
        "boolean": isinstance(value, bool),
        "string": isinstance(value, str),
        "number": is_number,
        "integer": is_number and is_integer,
        "object": isinstance(value, Mapping),
        "array": isinstance(value, list),
    }
    return any(checks.get(t, False) for t in types)


def type_list(schema: Mapping[str, Any]) -> list[str] | None:
    """Return the schema's ``type`` keyword as a list, or None if absent."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return [declared]
    if isinstance(declared, list):
        return [t for t in declared if isinstance(t, str)]
    return None


def cyclic_edges(edges: Mapping[tuple[str, str], None]) -> dict[tuple[str, str], None]:
    """Return the edges that lie on a cycle of unguarded type references."""
    graph: dict[str, list[str]] = {}
    for source, target in edges:
        graph.setdefault(source, []).append(target)
    return {edge: None for edge in edges if reaches(graph, edge[1], edge[0])}


def reaches(graph: Mapping[str, Sequence[str]], start: str, goal: str) -> bool:
    """Return whether ``goal`` is reachable from ``start`` (iterative DFS)."""
    stack = [start]
    visited: dict[str, None] = {}
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        if node not in visited:
            visited[node] = None
            stack.extend(graph.get(node, ()))
    return False


def doc_text(schema: object) -> str:
    """Return the JSDoc text for a schema's description / deprecated flag."""
    if not isinstance(schema, Mapping):
        return ""
    description = schema.get("description")
    text = description if isinstance(description, str) else ""
    if schema.get("deprecated") is True:
        text = f"{text}\n@deprecated" if text.strip() else "@deprecated"
    return text


def as_mapping(value: object) -> Mapping[str, Any]:
    """Return ``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def as_list(value: object) -> list[Any]:
    """Return ``value`` if it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def inferred_types(schema: Mapping[str, Any]) -> list[str]:
    """Infer object/array from structural keywords when ``type`` is absent."""
    inferred: list[str] = []
    if any(k in schema for k in _OBJECT_KEYWORDS):
        inferred.append("object")
    if any(k in schema for k in _ARRAY_KEYWORDS):
        inferred.append("array")
    return inferred
