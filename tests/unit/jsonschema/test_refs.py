"""jsonschema/refs.py: definition names, dereferencing with siblings, and cycles."""

from __future__ import annotations

from typing import Any

import pytest

from generator.jsonschema.pointer import parse_ref
from generator.jsonschema.refs import (
    InPlaceLoops,
    Target,
    cyclic_refs,
    def_name,
    def_ref,
    definitions,
    deref,
    ref_target,
)

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


@pytest.mark.parametrize(
    "name", ["plain", "a b", "a/b", "a~b", "€uro", "%41", "x#y", "a?b", "", "~1"]
)
@pytest.mark.parametrize("section", ["$defs", "definitions"])
def test_def_name_undoes_def_ref(name: str, section: str) -> None:
    ref = def_ref(name, section)
    assert parse_ref(ref) == (section, name)
    assert def_name(ref, section) == name


def test_def_ref_spells_names_as_a_uri_fragment() -> None:
    assert def_ref("a b") == "#/$defs/a%20b"
    assert def_ref("a/b~c", "definitions") == "#/definitions/a~1b~0c"


@pytest.mark.parametrize(
    "ref", ["#/definitions/x", "#/$defs", "#/$defs/a/b", "#/properties/x", "#x", "s.json#/$defs/x"]
)
def test_def_name_is_none_for_anything_but_one_definition(ref: str) -> None:
    assert def_name(ref) is None


def test_definitions_lists_both_sections_in_order() -> None:
    root = {"definitions": {"old": {}}, "$defs": {"b": {"type": "string"}, "a": True}}
    assert list(definitions(root)) == [
        ("$defs", "b", {"type": "string"}),
        ("$defs", "a", True),
        ("definitions", "old", {}),
    ]
    assert list(definitions({"$defs": [1]})) == []


DEFS: dict[str, Any] = {
    "$defs": {
        "Leaf": {"type": "string", "description": "leaf"},
        "Alias": {"$ref": "#/$defs/Leaf", "description": "alias"},
        "Remote": {"$ref": "https://example.com/x.json"},
        "Ping": {"$ref": "#/$defs/Pong"},
        "Pong": {"$ref": "#/$defs/Ping"},
        "Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}},
        "Loop": {"type": "object", "properties": {"again": {"$ref": "#/$defs/Loop2"}}},
        "Loop2": {"$ref": "#/$defs/Loop"},
    }
}


def test_deref_merges_siblings_over_each_target() -> None:
    found = deref(DEFS, {"$ref": "#/$defs/Alias", "title": "mine", "description": "own"})
    assert found == Target(
        {"type": "string", "description": "own", "title": "mine"},
        ("$defs", "Leaf"),
        "#/$defs/Leaf",
    )


def test_deref_stops_at_a_reference_it_cannot_follow() -> None:
    plain = {"type": "integer"}
    assert deref(DEFS, plain) == Target(plain, None, None)
    remote = deref(DEFS, {"$ref": "#/$defs/Remote"})
    assert remote == Target(DEFS["$defs"]["Remote"], ("$defs", "Remote"), "#/$defs/Remote")
    dangling = {"$ref": "#/$defs/Missing"}
    assert deref(DEFS, dangling) == Target(dangling, None, None)


def test_deref_of_a_reference_loop_ends() -> None:
    found = deref(DEFS, {"$ref": "#/$defs/Ping"})
    assert found.schema["$ref"] in ("#/$defs/Ping", "#/$defs/Pong")


@pytest.mark.parametrize(
    ("start", "cycle"),
    [
        (("$defs", "Ping"), True),
        (("$defs", "Alias"), False),
        (("$defs", "Node"), False),  # recursion through a real schema
        (("$defs", "Loop2"), False),
        (("$defs", "Remote"), False),
        (("$defs", "Missing"), False),
    ],
)
def test_in_place_loops(start: tuple[str, ...], cycle: bool) -> None:
    assert InPlaceLoops(DEFS).reaches(start) is cycle


def test_a_reference_to_itself_is_a_loop() -> None:
    assert InPlaceLoops({"$ref": "#"}).reaches(())
    assert InPlaceLoops({"$defs": {"a": {"$ref": "#/$defs/a"}}}).reaches(("$defs", "a"))


def test_a_loop_through_an_applicator_is_found_and_one_through_properties_is_not() -> None:
    through_all_of = {"$defs": {"a": {"allOf": [{"$ref": "#/$defs/a"}]}}}
    assert InPlaceLoops(through_all_of).reaches(("$defs", "a"))
    through_not = {"$defs": {"a": {"not": {"anyOf": [{"$ref": "#/$defs/a"}]}}}}
    assert InPlaceLoops(through_not).reaches(("$defs", "a"))
    assert not InPlaceLoops(DEFS).reaches(("$defs", "Loop"))
