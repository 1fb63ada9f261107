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
    drop,
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


def _trail_finish(node: Mapping[str, Any], out: dict[str, Any], at: At, ctx: None) -> Any:
    return {**out, "trail": list(at.trail)}


def _follow(node: Mapping[str, Any], key: str, at: At, ctx: None, fold: Fold[Any, Any]) -> Entry:
    """A $ref to a property of the root, visited where it is defined."""
    target = ("properties", node[key].rsplit("/", 1)[-1])
    return key, fold.node({"type": "string"}, at.referred(target, at.path), ctx)


def test_the_trail_goes_down_and_a_reference_pushes_its_place() -> None:
    fold: Fold[None, Any] = Fold(
        leaf=lambda value, at, ctx: value,
        finish=_trail_finish,
        keywords={"properties": _enter, "items": _enter, "$ref": _follow},
    )
    schema = {"properties": {"a": {"items": {"$ref": "#/properties/b"}}}}
    out = fold.node(schema, At(trail=("start",)), None)
    inner = out["properties"]["a"]["items"]
    assert inner["trail"] == ["start"]  # down() keeps what was pushed above
    assert inner["$ref"] == {"type": "string", "trail": ["start", ("properties", "a", "items")]}
    # The referred node sits at the target's path, one level down.
    assert At(("x",), 3, ("t",)).referred(("properties", "b"), "m") == At(
        ("properties", "b"), 4, ("t", "m")
    )


def _inline(node: Mapping[str, Any], key: str, at: At, ctx: None, fold: Fold[Any, Any]) -> Entry:
    return {"type": "string", "nullable": True}


def test_a_rule_may_give_several_keys_and_a_key_already_there_keeps_its_place() -> None:
    fold: Fold[None, Any] = Fold(
        leaf=lambda value, at, ctx: value,
        finish=lambda node, out, at, ctx: out,
        keywords={"anyOf": _inline, "gone": drop},
    )
    schema = {"nullable": False, "anyOf": [], "gone": 1, "description": "d"}
    out = fold.node(schema, At(), None)
    assert list(out.items()) == [
        ("nullable", True),
        ("type", "string"),
        ("description", "d"),
    ]
