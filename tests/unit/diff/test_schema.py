"""The schema walker of ``toolcanon diff`` on its own: edge cases of JSON Schema."""

from __future__ import annotations

from typing import Any

import pytest

from generator.core.diagnostics import format_path
from generator.diff.schema import compare_schemas, covers


def changes(old: Any, new: Any, *, output: bool = False) -> list[tuple[str, str]]:
    found = compare_schemas(old, new, "inputSchema", output=output)
    return [(c.rule, format_path(c.path)) for c in found]


def obj(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


@pytest.mark.parametrize(
    ("wide", "narrow", "expected"),
    [
        (frozenset({"number"}), frozenset({"integer"}), True),
        (frozenset({"integer"}), frozenset({"number"}), False),
        (None, frozenset({"string"}), True),
        (frozenset({"string"}), None, False),
        (frozenset({"string", "null"}), frozenset({"string"}), True),
    ],
)
def test_covers(wide: frozenset[str] | None, narrow: frozenset[str] | None, expected: bool) -> None:
    assert covers(wide, narrow) is expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            obj(a={"anyOf": [{"type": "string"}]}),
            obj(a={"anyOf": [{"type": "string"}, {"type": "null"}]}),
            [("constraint-relaxed", "$.inputSchema.properties.a.anyOf[1]")],
        ),
        (
            obj(a={"anyOf": [{"type": "string"}, {"type": "null"}]}),
            obj(a={"anyOf": [{"type": "string"}]}),
            [("constraint-tightened", "$.inputSchema.properties.a.anyOf[1]")],
        ),
        (
            obj(a={"allOf": [{"minLength": 1}]}),
            obj(a={"allOf": [{"minLength": 1}, {"maxLength": 9}]}),
            [("constraint-tightened", "$.inputSchema.properties.a.allOf[1]")],
        ),
        (
            obj(a={"oneOf": [{"type": "string", "maxLength": 3}]}),
            obj(a={"oneOf": [{"type": "string", "maxLength": 2}]}),
            [("constraint-tightened", "$.inputSchema.properties.a.oneOf[0].maxLength")],
        ),
        (
            {"type": "object", "additionalProperties": {"type": "string"}},
            {"type": "object", "additionalProperties": {"type": "integer"}},
            [("type-changed", "$.inputSchema.additionalProperties.type")],
        ),
        (
            {"type": "object"},
            {"type": "object", "additionalProperties": {"type": "string"}},
            [("constraint-tightened", "$.inputSchema.additionalProperties")],
        ),
        (
            obj(a={"type": "number", "minimum": 0, "exclusiveMinimum": False}),
            obj(a={"type": "number", "minimum": 0, "exclusiveMinimum": True}),
            [("constraint-tightened", "$.inputSchema.properties.a.exclusiveMinimum")],
        ),
        (obj(a=True), obj(a=False), [("schema-changed", "$.inputSchema.properties.a")]),
        (
            obj(a={"type": "string"}),
            obj(a=True),
            [("constraint-relaxed", "$.inputSchema.properties.a")],
        ),
        (
            obj(a={"type": "array"}),
            obj(a={"type": "array", "items": {"type": "string"}}),
            [("type-changed", "$.inputSchema.properties.a.items.type")],
        ),
        (
            obj(a={"type": "integer", "multipleOf": 4}),
            obj(a={"type": "integer", "multipleOf": 2}),
            [("constraint-relaxed", "$.inputSchema.properties.a.multipleOf")],
        ),
        (obj(a={"enum": [1]}), obj(a={"enum": [1.0]}), []),
        (obj(a={"maximum": 5}), obj(a={"maximum": 5.0}), []),
        (
            obj(a={"enum": [1]}),
            obj(a={"enum": [True]}),
            [
                ("enum-value-added", "$.inputSchema.properties.a.enum"),
                ("enum-value-removed", "$.inputSchema.properties.a.enum"),
            ],
        ),
    ],
    ids=[
        "anyOf-added",
        "anyOf-removed",
        "allOf-added",
        "oneOf-nested",
        "additional-schema",
        "additional-opened-to-schema",
        "draft04-exclusive",
        "true-to-false",
        "to-true",
        "items-added",
        "multipleOf-coarser",
        "enum-1-is-1.0",
        "bound-5-is-5.0",
        "enum-1-is-not-true",
    ],
)
def test_input_schema(old: Any, new: Any, expected: list[tuple[str, str]]) -> None:
    assert sorted(changes(old, new)) == expected


def test_output_schema_ignores_constraints_but_not_types() -> None:
    old = obj(n={"type": "integer", "maximum": 5}, s={"type": "string"})
    new = obj(n={"type": "integer", "maximum": 9}, s={"type": ["string", "null"]})
    assert changes(old, new, output=True) == [
        ("output-type-changed", "$.inputSchema.properties.s.type")
    ]


def test_mutually_recursive_definitions_terminate() -> None:
    def schema(leaf: str) -> dict[str, Any]:
        return {
            "type": "object",
            "$defs": {
                "a": obj(b={"$ref": "#/$defs/b"}, leaf={"type": leaf}),
                "b": obj(a={"$ref": "#/$defs/a"}),
            },
            "properties": {"root": {"$ref": "#/$defs/a"}},
        }

    assert changes(schema("string"), schema("integer")) == [
        ("type-changed", "$.inputSchema.properties.root.properties.leaf.type")
    ]


def test_ref_siblings_apply_with_the_target() -> None:
    def schema(description: str) -> dict[str, Any]:
        return {
            "type": "object",
            "$defs": {"s": {"type": "string"}},
            "properties": {"a": {"$ref": "#/$defs/s", "description": description}},
        }

    assert changes(schema("x"), schema("y")) == [
        ("schema-doc-changed", "$.inputSchema.properties.a.description")
    ]
