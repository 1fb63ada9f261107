"""The one structural rebuild: positions per dialect, key order, purity, shared helpers."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from generator.jsonschema.dialects import DRAFT_07_DIALECT, DRAFT_2020_12_DIALECT
from generator.jsonschema.fold import (
    At,
    Entry,
    Fold,
    closed,
    json_type,
    union_key,
    with_note,
)


def _mark(node: Mapping[str, Any], out: dict[str, Any], at: At, ctx: list[At]) -> dict[str, Any]:
    ctx.append(at)
    return {**out, "seen": list(at.path)}


def _enter(node: Mapping[str, Any], key: str, at: At, ctx: list[At], fold: Fold[Any, Any]) -> Entry:
    return key, fold.rebuild(node, key, at, ctx)


def _fold(dialect: Any) -> Fold[list[At], Any]:
    keys = ("properties", "items", "anyOf", "dependencies", "prefixItems")
    return Fold(
        leaf=lambda value, at, ctx: value,
        finish=_mark,
        keywords=dict.fromkeys(keys, _enter),
        dialect=dialect,
    )


def test_rebuilds_each_position_in_key_order_without_touching_the_input() -> None:
    schema = {
        "type": "object",
        "properties": {"b": {"type": "string"}, "a": {"items": {"type": "integer"}}},
        "anyOf": [{"required": ["a"]}, True],
    }
    before = copy.deepcopy(schema)
    seen: list[At] = []
    out = _fold(DRAFT_2020_12_DIALECT).node(schema, At(), seen)
    assert schema == before
    assert list(out) == ["type", "properties", "anyOf", "seen"]
    assert list(out["properties"]) == ["b", "a"]
    assert out["properties"]["a"]["items"] == {
        "type": "integer",
        "seen": ["properties", "a", "items"],
    }
    assert out["anyOf"][1] is True  # a boolean schema goes through the leaf rule
    depths = {at.path: at.depth for at in seen}
    assert depths[("properties", "a", "items")] == 2
    assert depths[()] == 0


def test_positions_follow_the_dialect() -> None:
    schema = {"dependencies": {"a": ["b"], "c": {"type": "string"}}, "items": [{"type": "null"}]}
    draft07 = _fold(DRAFT_07_DIALECT).node(schema, At(), [])
    assert draft07["dependencies"] == {
        "a": ["b"],
        "c": {"type": "string", "seen": ["dependencies", "c"]},
    }
    assert draft07["items"] == [{"type": "null", "seen": ["items", 0]}]
    # 2020-12 has no tuple items and no prefixItems here: the list is left as it is.
    modern = _fold(DRAFT_2020_12_DIALECT).node({"items": [{"type": "null"}]}, At(), [])
    assert modern["items"] == [{"type": "null"}]


def test_closed_adds_false_only_to_an_object_that_lists_its_properties() -> None:
    listed: dict[str, Any] = {"type": "object", "properties": {}}
    assert closed(listed) and listed["additionalProperties"] is False
    open_map: dict[str, Any] = {"type": "object"}
    assert not closed(open_map) and "additionalProperties" not in open_map
    explicit: dict[str, Any] = {"type": "object", "additionalProperties": {"type": "string"}}
    assert closed(explicit) and explicit["additionalProperties"] == {"type": "string"}


def test_union_key_reads_one_of_as_any_of_unless_both_are_there() -> None:
    assert union_key({"oneOf": []}, "oneOf") == "anyOf"
    assert union_key({"anyOf": []}, "anyOf") == "anyOf"
    assert union_key({"anyOf": [], "oneOf": []}, "oneOf") is None


def test_with_note_appends_to_a_description_or_makes_one() -> None:
    described: dict[str, Any] = {"description": "Size."}
    with_note(described, "(default: 3)")
    bare: dict[str, Any] = {"description": 7}
    with_note(bare, "(default: 3)")
    assert (described["description"], bare["description"]) == ("Size. (default: 3)", "(default: 3)")


def test_json_type_of_literals() -> None:
    values = [None, True, 1, 1.5, "x", [1], {"a": 1}, object()]
    assert [json_type(v) for v in values] == [
        "null",
        "boolean",
        "integer",
        "number",
        "string",
        "array",
        "object",
        None,
    ]
