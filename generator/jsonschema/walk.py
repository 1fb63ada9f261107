"""Every subschema of a schema with its JSON path, per dialect, without recursion.

The walk knows where schemas sit (one schema, a list of schemas, a name → schema map)
from the dialect's vocabulary, so checker, lint, strict transform, models, TypeScript,
docs and diff agree on what a subschema is. It never follows ``$ref`` (see ``refs``)
and never recurses, so a deeply nested schema cannot exhaust the Python stack.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.jsonschema.dialects import ANY, Dialect

JsonPath = tuple[str | int, ...]


def children(
    node: Mapping[str, Any], path: JsonPath = (), dialect: Dialect = ANY
) -> Iterator[tuple[Any, JsonPath]]:
    """The immediate subschemas of ``node`` (in key order) with their paths."""
    for key, value in node.items():
        if key in dialect.schema:
            if isinstance(value, list | tuple):
                if key == "items" and dialect.items_array:  # the tuple form
                    yield from ((item, (*path, key, i)) for i, item in enumerate(value))
            else:
                yield value, (*path, key)
        elif key in dialect.schema_list and isinstance(value, list | tuple):
            yield from ((item, (*path, key, i)) for i, item in enumerate(value))
        elif key in dialect.schema_map and isinstance(value, Mapping):
            for name, item in value.items():
                if key != "dependencies" or isinstance(item, Mapping | bool):
                    yield item, (*path, key, name)  # draft-07 dependencies: schema or names


def subschemas(
    schema: Any, path: JsonPath = (), dialect: Dialect = ANY
) -> Iterator[tuple[Mapping[str, Any], JsonPath]]:
    """Every schema object in ``schema`` (itself first), depth first, in key order.

    Boolean schemas (``true``/``false``) are positions too but hold no keywords, so
    they are not yielded; see :func:`positions` for those.
    """
    for node, node_path in positions(schema, path, dialect):
        if isinstance(node, Mapping):
            yield node, node_path


def positions(
    schema: Any, path: JsonPath = (), dialect: Dialect = ANY
) -> Iterator[tuple[Any, JsonPath]]:
    """Every subschema position, objects and booleans alike (anything else too: a
    value where a schema belongs is yielded so a checker can report it)."""
    stack: list[tuple[Any, JsonPath]] = [(schema, path)]
    while stack:
        node, node_path = stack.pop()
        yield node, node_path
        if isinstance(node, Mapping):
            stack.extend(reversed(list(children(node, node_path, dialect))))
