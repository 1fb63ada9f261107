"""Local ``$ref`` targets and reference cycles, as the provider transforms need them.

Built on ``generator.schemas`` (pointer parsing, the subschema walk); when the JSON Schema
toolkit lands, these two functions move there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.diagnostics import JsonPath
from generator.schemas import pointer_path, resolve_pointer, subschemas

__all__ = ["cyclic_refs", "ref_target"]


def ref_target(root: Mapping[str, Any], ref: Any) -> tuple[JsonPath, Any] | None:
    """(path, schema) a local ``$ref`` points to, or None for a non-local or dangling one."""
    parts = pointer_path(ref) if isinstance(ref, str) else None
    if parts is None:
        return None
    found, target = resolve_pointer(root, parts)
    if not found:
        return None
    path = tuple(int(p) if _in_list(root, parts, i) else p for i, p in enumerate(parts))
    return path, target


def _in_list(root: Any, parts: tuple[str, ...], index: int) -> bool:
    """True when ``parts[index]`` indexes an array (so the path holds an int there)."""
    _, parent = resolve_pointer(root, parts[:index])
    return isinstance(parent, list | tuple)


def cyclic_refs(root: Mapping[str, Any]) -> tuple[JsonPath, ...]:
    """Paths of every ``$ref`` keyword whose target can reach itself again (recursion)."""
    edges = _ref_edges(root)
    found: list[JsonPath] = []
    for ref_path, target in edges:
        if _reaches(edges, target, target):
            found.append((*ref_path, "$ref"))
    return tuple(found)


def _ref_edges(root: Mapping[str, Any]) -> list[tuple[JsonPath, JsonPath]]:
    """(path of a node holding $ref, path of its target) for every local $ref."""
    edges = []
    for node, path in subschemas(root):
        hit = ref_target(root, node.get("$ref"))
        if hit is not None:
            edges.append((path, hit[0]))
    return edges


def _reaches(edges: list[tuple[JsonPath, JsonPath]], start: JsonPath, goal: JsonPath) -> bool:
    """True when a $ref inside ``start``'s subtree leads, ref by ref, back into ``goal``."""
    seen: set[JsonPath] = set()
    stack = [start]
    while stack:
        current = stack.pop()
        for ref_path, target in edges:
            if ref_path[: len(current)] != current or target in seen:
                continue
            if goal[: len(target)] == target:  # back at the goal, or at a schema holding it
                return True
            seen.add(target)
            stack.append(target)
    return False
