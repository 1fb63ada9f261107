"""Walking JSON Schemas: the subschema positions of every keyword, and local $refs."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import unquote

from generator.diagnostics import JsonPath

# Keywords whose value is one schema, a list of schemas, or a name → schema map.
SCHEMA_KEYWORDS = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
    }
)
SCHEMA_LIST_KEYWORDS = frozenset({"prefixItems", "allOf", "anyOf", "oneOf"})
SCHEMA_MAP_KEYWORDS = frozenset(
    {
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
    }
)


def subschemas(schema: Any, path: JsonPath = ()) -> Iterator[tuple[Mapping[str, Any], JsonPath]]:
    """Every schema object inside ``schema`` (itself first) with its JSON path.

    Iterative, so a deeply nested schema cannot exhaust the Python stack.
    """
    stack: list[tuple[Any, JsonPath]] = [(schema, path)]
    while stack:
        node, node_path = stack.pop()
        if not isinstance(node, Mapping):
            continue
        yield node, node_path
        stack.extend(reversed(list(_children(node, node_path))))


def _children(node: Mapping[str, Any], path: JsonPath) -> Iterator[tuple[Any, JsonPath]]:
    for key, value in node.items():
        if key in SCHEMA_KEYWORDS:
            if isinstance(value, list):  # draft-07 tuple form of items
                yield from ((item, (*path, key, i)) for i, item in enumerate(value))
            else:
                yield value, (*path, key)
        elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
            yield from ((item, (*path, key, i)) for i, item in enumerate(value))
        elif key in SCHEMA_MAP_KEYWORDS and isinstance(value, Mapping):
            yield from ((item, (*path, key, name)) for name, item in value.items())


def pointer_path(ref: str) -> tuple[str, ...] | None:
    """The JSON-pointer parts of a local ``#/...`` reference, or None if not local."""
    if not ref.startswith("#"):
        return None
    fragment = unquote(ref[1:])
    if fragment == "":
        return ()
    if not fragment.startswith("/"):
        return None  # an anchor name (#foo): not a pointer
    return tuple(part.replace("~1", "/").replace("~0", "~") for part in fragment[1:].split("/"))


def resolve_pointer(root: Any, parts: tuple[str, ...]) -> tuple[bool, Any]:
    """Follow pointer ``parts`` inside ``root``; (found, value)."""
    node = root
    for part in parts:
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list | tuple) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False, None
    return True, node
