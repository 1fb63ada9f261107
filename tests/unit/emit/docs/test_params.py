"""Parameter tables derived from inputSchema."""

from __future__ import annotations

from typing import Any

from generator.emit.docs.params import ParamRow, parameter_rows, type_label


def _table(schema: dict[str, Any]) -> list[tuple[str, str, bool, str | None, str, tuple[str, ...]]]:
    return [
        (r.name, r.type, r.required, r.default, r.description, r.enum)
        for r in parameter_rows(schema)
    ]


def test_nested_objects_arrays_refs_and_enums() -> None:
    schema = {
        "type": "object",
        "$defs": {
            "Point": {
                "type": "object",
                "description": "A point.",
                "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                "required": ["x"],
            }
        },
        "properties": {
            "mode": {"type": "string", "enum": ["a", "b"], "default": "a", "description": "M."},
            "limit": {"type": ["integer", "null"], "minimum": 1},
            "origin": {"$ref": "#/$defs/Point"},
            "path": {"type": "array", "items": {"$ref": "#/$defs/Point"}},
            "opts": {
                "type": "object",
                "properties": {
                    "deep": {"type": "object", "properties": {"on": {"type": "boolean"}}}
                },
                "required": ["deep"],
            },
        },
        "required": ["mode"],
    }
    assert _table(schema) == [
        ("mode", "string", True, '"a"', "M.", ('"a"', '"b"')),
        ("limit", "integer | null", False, None, "", ()),
        ("origin", "Point", False, None, "A point.", ()),
        ("origin.x", "number", True, None, "", ()),
        ("origin.y", "number", False, None, "", ()),
        ("path", "array of Point", False, None, "", ()),
        ("path[].x", "number", True, None, "", ()),
        ("path[].y", "number", False, None, "", ()),
        ("opts", "object", False, None, "", ()),
        ("opts.deep", "object", True, None, "", ()),
        ("opts.deep.on", "boolean", False, None, "", ()),
    ]


def test_recursive_definition_is_named_not_unrolled() -> None:
    schema = {
        "type": "object",
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
            }
        },
        "properties": {"root": {"$ref": "#/$defs/Node"}},
    }
    assert [r.name for r in parameter_rows(schema)] == ["root", "root.children"]
    assert parameter_rows(schema)[1] == ParamRow(
        "root.children", "array of Node", False, None, "", ()
    )


def test_type_labels() -> None:
    root: dict[str, Any] = {}
    assert type_label(root, {"anyOf": [{"type": "string"}, {"type": "null"}]}) == "string | null"
    assert type_label(root, {"const": "x"}) == 'const "x"'
    assert type_label(root, {"enum": [1, 2]}) == "enum"
    assert type_label(root, {}) == "any"
    assert type_label(root, {"type": "array", "items": {"type": ["string", "null"]}}) == (
        "array of (string | null)"
    )


def test_constraints_a_person_filling_in_arguments_needs() -> None:
    """Bounds, lengths, pattern, format, item counts, uniqueness, const; what each item of
    an array of plain values must meet; constraints behind a $ref with the property's own
    keywords winning."""
    schema = {
        "type": "object",
        "$defs": {"Id": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 8}},
        "properties": {
            "n": {"type": "integer", "minimum": 1, "exclusiveMaximum": 10, "multipleOf": 2},
            "s": {"type": "string", "minLength": 1, "format": "email"},
            "tags": {
                "type": "array",
                "items": {"type": "string", "enum": ["a", "b"], "maxLength": 3},
                "minItems": 1,
                "maxItems": 5,
                "uniqueItems": True,
            },
            "id": {"$ref": "#/$defs/Id", "maxLength": 4},
            "kind": {"const": "x"},
            "plain": {"type": "boolean"},
        },
    }
    assert {row.name: row.constraints for row in parameter_rows(schema)} == {
        "n": (("≥", ("1",)), ("<", ("10",)), ("multiple of", ("2",))),
        "s": (("length ≥", ("1",)), ("format", ("email",))),
        "tags": (
            ("items ≥", ("1",)),
            ("items ≤", ("5",)),
            ("unique items", ()),
            ("each one of", ('"a"', '"b"')),
            ("each length ≤", ("3",)),
        ),
        "id": (("length ≤", ("4",)), ("pattern", ("^[a-z]+$",))),
        "kind": (("equals", ('"x"',)),),
        "plain": (),
    }
