"""Following local ``$ref``: definition names, dereferencing, cycles.

Only local references (``#`` and JSON pointers into the same schema) are followed;
toolcanon never fetches a schema. Every function is iterative or bounded, so hostile
reference chains end.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.jsonschema import pointer
from generator.jsonschema.walk import JsonPath, subschemas

DEFS_SECTIONS = ("$defs", "definitions")
MAX_CHAIN = 64  # bare references followed in a row before giving up


def def_name(ref: str, section: str = "$defs") -> str | None:
    """The name in ``#/<section>/<name>`` (escapes undone), or None for any other ref."""
    tokens = pointer.parse_ref(ref)
    if tokens is None or len(tokens) != 2 or tokens[0] != section:
        return None
    return tokens[1]


def def_ref(name: str, section: str = "$defs") -> str:
    """The reference to a definition: ``def_ref("a b")`` → ``#/$defs/a%20b``."""
    return pointer.to_ref((section, name))


def definitions(root: Mapping[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """(section, name, schema) of every ``$defs`` and ``definitions`` entry, in order."""
    for section in DEFS_SECTIONS:
        found = root.get(section)
        if isinstance(found, Mapping):
            for name, schema in found.items():
                yield section, name, schema


@dataclass(frozen=True, slots=True)
class Target:
    """Where a chain of ``$ref`` ends: the schema (siblings merged in), its pointer in
    the root, and the last reference followed (None when there was none)."""

    schema: Any
    tokens: tuple[str, ...] | None
    ref: str | None


def deref(root: Any, schema: Any, tokens: tuple[str, ...] | None = None) -> Target:
    """Follow ``$ref`` from ``schema`` until a schema without one (at most MAX_CHAIN).

    Siblings of ``$ref`` apply too (2020-12), so each step merges them over the
    target. A reference that is not local or points nowhere ends the chain there.
    """
    ref: str | None = None
    for _ in range(MAX_CHAIN):
        found = schema.get("$ref") if isinstance(schema, Mapping) else None
        parts = pointer.parse_ref(found) if isinstance(found, str) else None
        if parts is None:
            break
        ok, target = pointer.resolve(root, parts)
        if not ok or not isinstance(target, Mapping):
            break
        siblings = {key: value for key, value in schema.items() if key != "$ref"}
        schema, tokens, ref = {**target, **siblings}, parts, found
    return Target(schema, tokens, ref)


def bare_cycle(root: Any, start: tuple[str, ...]) -> bool:
    """True when following ``$ref`` from pointer ``start``, and nothing else, comes back
    to a pointer already seen: a validator would loop without reading the instance."""
    seen: set[tuple[str, ...]] = set()
    tokens: tuple[str, ...] | None = start
    while tokens is not None:
        if tokens in seen:
            return True
        seen.add(tokens)
        ok, target = pointer.resolve(root, tokens)
        if not ok or not isinstance(target, Mapping):
            return False
        ref = target.get("$ref")
        tokens = pointer.parse_ref(ref) if isinstance(ref, str) else None
    return False


def ref_target(root: Mapping[str, Any], ref: Any) -> tuple[JsonPath, Any] | None:
    """(path, schema) a local ``$ref`` points to (array indexes as ints), or None for a
    reference that is not local or points nowhere."""
    tokens = pointer.parse_ref(ref) if isinstance(ref, str) else None
    if tokens is None:
        return None
    found = pointer.locate(root, tokens)
    return None if found is None else (found[1], found[0])


def cyclic_refs(root: Mapping[str, Any]) -> tuple[JsonPath, ...]:
    """Paths of every ``$ref`` keyword whose target can reach itself again (recursion)."""
    edges = _ref_edges(root)
    return tuple((*ref_path, "$ref") for ref_path, target in edges if _reaches(edges, target))


def _ref_edges(root: Mapping[str, Any]) -> list[tuple[JsonPath, JsonPath]]:
    """(path of a node holding $ref, path of its target) for every local $ref."""
    edges = []
    for node, path in subschemas(root):
        hit = ref_target(root, node.get("$ref"))
        if hit is not None:
            edges.append((path, hit[0]))
    return edges


def _reaches(edges: list[tuple[JsonPath, JsonPath]], goal: JsonPath) -> bool:
    """True when a $ref inside ``goal``'s subtree leads, ref by ref, back into ``goal``."""
    seen: set[JsonPath] = set()
    stack = [goal]
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
