"""Model class names are stable; refs move with their tool; the schema the models read.

Whether the models agree with JSON Schema is tests/unit/emit/python/test_arguments.py's question.
"""

from __future__ import annotations

import jsonschema

from generator.jsonschema.dialects import DEFAULT, DRAFT_07_DIALECT
from generator.models.loosen import loosened
from generator.models.naming import class_name, class_names, def_names, relocate_refs


def loose(schema: dict, dialect=DEFAULT) -> dict:  # type: ignore[type-arg, no-untyped-def]
    root = jsonschema.Draft202012Validator(schema)
    return loosened(schema, dialect, lambda sub, value: root.evolve(schema=sub).is_valid(value))


def test_class_names_are_stable_and_unique() -> None:
    assert class_name("github::create_issue") == "GithubCreateIssueInput"
    assert class_name("acme-docs::docs.pages.get") == "AcmeDocsDocsPagesGetInput"
    assert class_name("3d_print") == "Tool3dPrintInput"
    names = class_names(("read-file", "read_file", "readFile", "ReadFile"))
    assert names == {
        "ReadFile": "ReadFileInput",
        "read-file": "ReadFileInput2",
        "readFile": "ReadFileInput3",
        "read_file": "ReadFileInput4",
    }
    assert class_names(("read_file", "read-file")) == class_names(("read-file", "read_file"))


def test_refs_move_with_their_tool() -> None:
    schema = {
        "properties": {
            "a": {"$ref": "#/$defs/point"},
            "b": {"$ref": "#/definitions/old/properties/x"},
            "c": {"$ref": "#/properties/a"},
            "d": {"items": [{"$ref": "#"}]},
            "e": {"$ref": "#/definitions/point"},
            "f": {"$ref": "#/$defs/a%20b"},
        },
        "$defs": {"point": {}, "a b": {}},
        "definitions": {"old": {}, "point": {}},
    }
    moved = relocate_refs(schema, "T", def_names(schema, "T"))
    assert moved["properties"]["a"] == {"$ref": "#/$defs/T_point"}
    assert moved["properties"]["b"] == {"$ref": "#/$defs/T_old/properties/x"}
    assert moved["properties"]["c"] == {"$ref": "#/$defs/T/properties/a"}
    assert moved["properties"]["d"] == {"items": [{"$ref": "#/$defs/T"}]}
    # $defs/point and definitions/point are two schemas: they must stay two
    assert moved["properties"]["e"] == {"$ref": "#/$defs/T_point2"}
    assert moved["properties"]["f"] == {"$ref": "#/$defs/T_a_b"}


def test_models_read_types_and_nothing_that_refuses() -> None:
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "number", "minimum": 0, "multipleOf": 0.5},
            "s": {"type": "string", "pattern": "^(?=a)", "format": "uri", "default": None},
            "l": {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
            "t": {
                "type": "array",
                "prefixItems": [{"type": "string"}],
                "items": {"type": "integer"},
            },
            "e": {"enum": ["a", 1, None], "default": "z"},
            "f": {"enum": [1.5, "x"]},
        },
        "required": ["n", "zzz"],
        "not": {"required": ["s"]},
    }
    assert loose(schema) == {
        "type": "object",
        "properties": {
            "n": {"type": ["integer", "number"]},
            "s": {"type": "string"},
            "l": {"type": "array", "items": {"type": "integer"}},
            "t": {"type": "array"},
            "e": {"enum": ["a", 1, None]},
            "f": {"type": ["integer", "number", "string"]},
        },
        "required": ["n"],
    }


def test_untyped_object_keywords_also_admit_every_other_value() -> None:
    assert loose({"properties": {"a": {}}}) == {
        "anyOf": [
            {"type": "object", "properties": {"a": {}}},
            {"type": ["array", "boolean", "integer", "null", "number", "string"]},
        ]
    }


def test_refs_into_what_is_dropped_are_inlined_and_draft7_siblings_ignored() -> None:
    schema = {
        "$defs": {"pair": {"prefixItems": [{"type": "integer"}, {"type": "string"}]}},
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/pair/prefixItems/1"},
            "b": {"$ref": "#/$defs/pair", "description": "d"},
            "c": {"$ref": "#", "description": "itself"},
        },
    }
    out = loose(schema)
    assert out["properties"] == {
        "a": {"type": "string"},
        "b": {"description": "d", "$ref": "#/$defs/pair"},
        "c": {"description": "itself", "$ref": "#"},
    }
    sibling = {"$ref": "#/definitions/s", "maxLength": 2, "type": "integer", "title": "t"}
    draft7 = {"definitions": {"s": {}}, "type": "object", "properties": {"p": sibling}}
    assert loose(draft7, DRAFT_07_DIALECT)["properties"]["p"] == {
        "title": "t",
        "$ref": "#/definitions/s",
    }


def test_only_defaults_a_field_can_hold_stay() -> None:
    props = {
        "i": {"type": "integer", "default": 2.0},
        "n": {"type": "number", "default": 0.5},
        "o": {"type": "object", "default": {}},
        "bad": {"type": "string", "enum": ["a"], "default": "b"},
    }
    out = loose({"type": "object", "properties": props})["properties"]
    assert out["i"] == {"type": "integer", "default": 2}
    assert out["n"] == {"type": ["integer", "number"], "default": 0.5}
    assert "default" not in out["o"] and "default" not in out["bad"]
