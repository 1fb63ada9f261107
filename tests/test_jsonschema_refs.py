"""Reference cycles as the provider transforms see them."""

from __future__ import annotations

from typing import Any

import pytest

from generator.jsonschema.refs import cyclic_refs, ref_target

TREE = {"type": "object", "properties": {"child": {"$ref": "#"}}}
CHAIN = {
    "type": "object",
    "properties": {"a": {"$ref": "#/$defs/A"}},
    "$defs": {
        "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
        "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
    },
}
SHARED = {
    "type": "object",
    "properties": {"x": {"$ref": "#/$defs/P"}, "y": {"$ref": "#/$defs/P"}},
    "$defs": {"P": {"type": "object", "properties": {"q": {"$ref": "#/$defs/Q"}}}, "Q": {}},
}


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        (TREE, (("properties", "child", "$ref"),)),
        (
            CHAIN,
            (
                ("properties", "a", "$ref"),
                ("$defs", "A", "properties", "b", "$ref"),
                ("$defs", "B", "properties", "a", "$ref"),
            ),
        ),
        (SHARED, ()),
    ],
    ids=["root", "two-step-chain", "shared-not-recursive"],
)
def test_cyclic_refs(schema: dict[str, Any], expected: tuple[Any, ...]) -> None:
    assert set(cyclic_refs(schema)) == set(expected)


def test_ref_target_follows_local_pointers_only() -> None:
    assert ref_target(SHARED, "#/$defs/Q") == (("$defs", "Q"), {})
    assert ref_target(SHARED, "#/$defs/missing") is None
    assert ref_target(SHARED, "https://example.com/s.json") is None
    assert ref_target({"anyOf": [{"type": "string"}]}, "#/anyOf/0") == (
        ("anyOf", 0),
        {"type": "string"},
    )
