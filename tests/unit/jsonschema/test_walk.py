"""jsonschema/walk.py: every subschema position, per dialect, depth first, without recursion."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from generator.core.jsondata import json_depth
from generator.ir.model import freeze
from generator.jsonschema.dialects import (
    ANY,
    DRAFT_04_DIALECT,
    DRAFT_07_DIALECT,
    DRAFT_2019_09_DIALECT,
    DRAFT_2020_12_DIALECT,
    Dialect,
)
from generator.jsonschema.walk import JsonPath, children, positions, subschemas

EVERY_PLACE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "tuple": {"items": [{"type": "string"}, True]},
        "prefix": {"prefixItems": [{}], "items": False},
        "content": {"contentSchema": {}},
    },
    "dependencies": {"names": ["tuple"], "schema": {}},
    "$defs": {"d": {}},
    "definitions": {"e": {}},
    "dependentSchemas": {"f": {}},
    "if": {},
    "then": {},
    "else": {},
    "not": {},
    "additionalItems": {},
    "enum": [{"type": "object", "properties": {"data": {}}}],
    "const": {"not": {}},
    "default": {"if": {}},
    "examples": [{"properties": {}}],
}
TUPLE = ("properties", "tuple")
TUPLE_ITEMS = [TUPLE, (*TUPLE, "items", 0), (*TUPLE, "items", 1)]  # the draft-07 tuple form
PREFIX, ITEMS = ("properties", "prefix"), ("properties", "prefix", "items")
PREFIX_ITEMS = ("properties", "prefix", "prefixItems", 0)
CONTENT, CONTENT_SCHEMA = ("properties", "content"), ("properties", "content", "contentSchema")
DOLLAR_DEFS, DEFINITIONS = ("$defs", "d"), ("definitions", "e")
DEPENDENT = ("dependentSchemas", "f")  # 2019-09 on
DEPENDENCY = ("dependencies", "schema")  # draft-07: a schema, or a list of names (not one)
CONDITIONS = [("if",), ("then",), ("else",)]
EVERYWHERE = [  # every position some dialect walks, in walk order (the ANY dialect)
    (),
    *TUPLE_ITEMS,
    PREFIX,
    PREFIX_ITEMS,
    ITEMS,
    CONTENT,
    CONTENT_SCHEMA,
    DEPENDENCY,
    DOLLAR_DEFS,
    DEFINITIONS,
    DEPENDENT,
    *CONDITIONS,
    ("not",),
    ("additionalItems",),
]
NOT_WALKED: list[tuple[Dialect, set[JsonPath]]] = [
    (ANY, set()),
    (DRAFT_04_DIALECT, {PREFIX_ITEMS, CONTENT_SCHEMA, DOLLAR_DEFS, DEPENDENT, *CONDITIONS}),
    (DRAFT_07_DIALECT, {PREFIX_ITEMS, CONTENT_SCHEMA, DOLLAR_DEFS, DEPENDENT}),
    # dependencies became dependentSchemas/dependentRequired in 2019-09, but its
    # meta-schema keeps it (deprecated, "in common use"): still walked
    (DRAFT_2019_09_DIALECT, {PREFIX_ITEMS}),
    # items is one schema in 2020-12: a list there is not walked (the metaschema refuses
    # it), and additionalItems is gone
    (DRAFT_2020_12_DIALECT, {*TUPLE_ITEMS[1:], ("additionalItems",)}),
]


@pytest.mark.parametrize(("dialect", "missing"), NOT_WALKED, ids=[d.name for d, _ in NOT_WALKED])
def test_positions_per_dialect_never_enter_data(dialect: Dialect, missing: set[JsonPath]) -> None:
    expected = [path for path in EVERYWHERE if path not in missing]
    assert [path for _, path in positions(EVERY_PLACE, (), dialect)] == expected


def test_subschemas_skip_boolean_schemas_that_positions_keep() -> None:
    everything = [path for _, path in positions(EVERY_PLACE)]
    objects = [path for _, path in subschemas(EVERY_PLACE)]
    assert set(everything) - set(objects) == {
        ("properties", "tuple", "items", 1),
        ITEMS,
    }
    assert all(isinstance(node, dict) for node, _ in subschemas(EVERY_PLACE))


def test_a_value_where_a_schema_belongs_is_yielded_for_the_checker() -> None:
    schema = {"properties": {"a": 5, "b": "x"}, "not": None}
    assert [(node, path) for node, path in positions(schema)][1:] == [
        (5, ("properties", "a")),
        ("x", ("properties", "b")),
        (None, ("not",)),
    ]


def test_paths_start_where_the_caller_says() -> None:
    found = [path for _, path in subschemas({"not": {}}, ("tools", 0, "inputSchema"))]
    assert found == [("tools", 0, "inputSchema"), ("tools", 0, "inputSchema", "not")]


def test_frozen_schemas_walk_alike() -> None:
    plain = [path for _, path in positions(EVERY_PLACE)]
    assert [path for _, path in positions(freeze(EVERY_PLACE))] == plain


def test_children_in_key_order() -> None:
    node = {"not": {}, "properties": {"b": {}, "a": {}}, "allOf": [{}, {}]}
    assert [path for _, path in children(node)] == [
        ("not",),
        ("properties", "b"),
        ("properties", "a"),
        ("allOf", 0),
        ("allOf", 1),
    ]


def nested(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    for _ in range(depth):
        schema = {"properties": {"a": schema}}
    return schema


def test_deep_nesting_needs_no_recursion() -> None:
    depth = 5 * sys.getrecursionlimit()  # a recursive walk would fail long before
    schema = nested(depth)
    deepest = max(len(path) for _, path in subschemas(schema))
    assert deepest == 2 * depth
    assert json_depth(schema) == 2 * depth + 1


@pytest.mark.parametrize(
    ("value", "depth"), [(1, 0), ("x", 0), ({}, 1), ([], 1), ([[]], 2), ({"a": [1]}, 2)]
)
def test_json_depth(value: Any, depth: int) -> None:
    assert json_depth(value) == depth
