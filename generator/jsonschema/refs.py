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


IN_PLACE_ONE = ("not", "if", "then", "else")  # applicators that read the same value
IN_PLACE_LIST = ("allOf", "anyOf", "oneOf")
IN_PLACE_MAP = ("dependentSchemas", "dependencies")


class InPlaceLoops:
    """Which schemas of ``root`` lead back to themselves without reading any part of
    the value: through ``$ref`` and the applicators that apply to the same instance
    (allOf, anyOf, oneOf, not, if/then/else, dependentSchemas). A validator meeting
    such a loop recurses forever; a loop through ``properties`` or ``items`` is
    ordinary recursion. Iterative, and each schema is visited once per root."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.known: dict[JsonPath, bool] = {}

    def reaches(self, tokens: tuple[str, ...]) -> bool:
        """True when the schema at pointer ``tokens`` is on, or leads into, such a loop."""
        found = pointer.locate(self.root, tokens)
        return found is not None and self._search(found[1])

    def _search(self, start: JsonPath) -> bool:
        on_path: set[JsonPath] = set()
        stack: list[tuple[JsonPath, Iterator[JsonPath]]] = []
        self._enter(start, on_path, stack)
        while stack:
            path, following = stack[-1]
            step = next(following, None)
            if step is None:
                stack.pop()
                on_path.discard(path)
                self.known.setdefault(path, False)
            elif step in on_path or self.known.get(step):
                for inner, _ in stack:  # every schema on the way leads into the loop
                    self.known[inner] = True
            elif step not in self.known:
                self._enter(step, on_path, stack)
        return self.known.get(start, False)

    def _enter(
        self,
        path: JsonPath,
        on_path: set[JsonPath],
        stack: list[tuple[JsonPath, Iterator[JsonPath]]],
    ) -> None:
        on_path.add(path)
        stack.append((path, self._next(path)))

    def _next(self, path: JsonPath) -> Iterator[JsonPath]:
        ok, node = pointer.resolve(self.root, path)
        if not ok or not isinstance(node, Mapping):
            return
        hit = ref_target(self.root, node.get("$ref"))
        if hit is not None:
            yield hit[0]
        for key in IN_PLACE_ONE:
            if isinstance(node.get(key), Mapping):
                yield (*path, key)
        for key in IN_PLACE_LIST:
            items = node.get(key)
            if isinstance(items, list):
                yield from ((*path, key, i) for i in range(len(items)))
        for key in IN_PLACE_MAP:
            named = node.get(key)
            if isinstance(named, Mapping):
                yield from ((*path, key, n) for n, sub in named.items() if isinstance(sub, Mapping))


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
