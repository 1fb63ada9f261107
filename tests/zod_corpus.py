"""Keyword coverage for the Zod agreement suite: one small schema per keyword or case.

Each case has a few hand-written instances for the edges hypothesis rarely
draws (astral characters, 1.0, own ``__proto__`` keys …). No expected verdicts
are written here: jsonschema judges every instance, and the suite checks that
the generated Zod schema says the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DRAFT7 = "http://json-schema.org/draft-07/schema#"


@dataclass(frozen=True)
class Case:
    id: str
    schema: Any
    instances: tuple[Any, ...] = field(default=())


def obj(properties: dict[str, Any], **keywords: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, **keywords}


STRING = {"type": "string"}
INT = {"type": "integer"}
NULL = {"type": "null"}
NODE = "#/$defs/node"
ASTRAL = "😀"  # one code point, two UTF-16 units

OBJECTS = [
    Case("additional-absent", obj({"a": STRING}), ({}, {"a": "x", "b": 1}, {"a": 1})),
    Case("additional-true", obj({"a": STRING}, additionalProperties=True), ({"b": [1]},)),
    Case(
        "additional-false",
        obj({"a": STRING, "b": INT}, required=["a"], additionalProperties=False),
        ({"a": "x"}, {"a": "x", "c": 1}, {"b": 1}, {"a": None}),
    ),
    Case(
        "additional-schema",
        obj({"a": STRING}, additionalProperties=INT),
        ({"a": "x", "n": 1}, {"a": "x", "n": "1"}, {"a": 1, "n": 1.0}),
    ),
    Case(
        "pattern-properties",
        obj(
            {"id": STRING},
            patternProperties={"^x-": INT, "[0-9]$": {"type": "string", "maxLength": 2}},
            additionalProperties=False,
        ),
        ({"id": "a", "x-1": "ab"}, {"x-a": 1}, {"x-": 1.5}, {"other": 1}, {"a9": "abc"}),
    ),
    Case(
        "pattern-and-properties-overlap",
        obj({"x-a": {"type": "integer", "minimum": 0}}, patternProperties={"^x-": {"maximum": 10}}),
        ({"x-a": 11}, {"x-a": -1}, {"x-a": 5}, {"x-b": 20}),
    ),
    Case(
        "pattern-properties-additional-schema",
        obj({}, patternProperties={"^s_": STRING}, additionalProperties={"type": "boolean"}),
        ({"s_a": "x", "b": True}, {"s_a": True}, {"b": "x"}),
    ),
    Case(
        "property-names",
        {"type": "object", "propertyNames": {"maxLength": 3, "pattern": "^[a-z]+$"}},
        ({"abc": 1}, {"abcd": 1}, {"Ab": 1}, {}),
    ),
    Case("property-names-false", {"type": "object", "propertyNames": False}, ({}, {"a": 1})),
    Case(
        "required-vs-optional",
        obj({"a": STRING, "b": STRING}, required=["a"]),
        ({"a": "x"}, {"a": "x", "b": None}, {"b": "y"}, {"a": None}),
    ),
    Case(
        "required-outside-properties",
        obj({"a": STRING}, required=["a", "z"], additionalProperties=False),
        ({"a": "x", "z": 1}, {"a": "x"}),
    ),
    Case(
        "required-outside-properties-open",
        obj({"a": STRING}, required=["z"]),
        ({"z": None}, {"a": "x"}),
    ),
    Case(
        "property-counts",
        {"type": "object", "minProperties": 1, "maxProperties": 2},
        ({}, {"a": 1}, {"a": 1, "b": 2, "c": 3}),
    ),
    Case(
        "dependent-required",
        obj({"card": STRING, "cvc": STRING}, dependentRequired={"card": ["cvc"]}),
        ({"card": "1"}, {"card": "1", "cvc": "2"}, {"cvc": "2"}),
    ),
    Case(
        "dependent-schemas",
        obj({"a": INT}, dependentSchemas={"a": {"required": ["b"], "properties": {"b": INT}}}),
        ({"a": 1}, {"a": 1, "b": "x"}, {"a": 1, "b": 2}, {"b": "x"}),
    ),
    Case(
        "draft7-dependencies",
        {
            "$schema": DRAFT7,
            "type": "object",
            "dependencies": {"a": ["b"], "c": {"properties": {"d": INT}, "required": ["d"]}},
        },
        ({"a": 1}, {"a": 1, "b": 1}, {"c": 1}, {"c": 1, "d": 2}, {"c": 1, "d": "x"}),
    ),
    Case(
        "draft7-ignores-2020-keywords",
        {
            "$schema": DRAFT7,
            "type": "object",
            "dependentRequired": {"a": ["b"]},
            "properties": {"l": {"type": "array", "prefixItems": [INT], "minContains": 3}},
        },
        ({"a": 1}, {"l": ["x"]}),
    ),
    Case(
        "2020-ignores-draft7-keywords",
        {
            "type": "object",
            "dependencies": {"a": ["b"]},
            "properties": {"l": {"type": "array", "additionalItems": False}},
        },
        ({"a": 1}, {"l": [1, 2]}),
    ),
    Case(
        "prototype-names",
        obj(
            {"__proto__": INT, "constructor": STRING, "toString": INT, "hasOwnProperty": True},
            required=["constructor"],
        ),
        ({"constructor": "c"}, {}, {"constructor": "c", "__proto__": 1}, {"__proto__": "x"}),
    ),
    Case(
        "prototype-names-closed",
        obj({"__proto__": INT, "valueOf": STRING}, additionalProperties=False),
        ({}, {"__proto__": 1}, {"valueOf": "v", "x": 1}, {"toString": 1}),
    ),
    Case(
        "odd-keys",
        obj(
            {
                "名前": STRING,
                "a.b": INT,
                "": {"type": "boolean"},
                'q"uo\\te': STRING,
                "line\nbreak": INT,
                "sep\u2028": INT,
                "0": INT,
                "$x": INT,
            },
            required=["名前"],
        ),
        ({"名前": "x", "a.b": 1, "": True, "0": 0}, {"名前": 1}, {"名前": "x", "line\nbreak": "1"}),
    ),
    Case(
        "nested",
        obj(
            {"outer": obj({"inner": obj({"leaf": INT}, required=["leaf"])}, required=["inner"])},
            required=["outer"],
        ),
        ({"outer": {"inner": {"leaf": 1}}}, {"outer": {"inner": {}}}, {"outer": {"inner": []}}),
    ),
]

NUMBERS = [
    Case("integer", INT, (1, 1.0, 1.5, -0.0, 1e20, 2**60, True, "1")),
    Case("number", {"type": "number"}, (1, 1.5, True, None)),
    Case(
        "bounds",
        {"type": "number", "minimum": -1.5, "maximum": 10},
        (-1.5, -1.6, 10, 10.000000000000002),
    ),
    Case(
        "exclusive-bounds",
        {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        (0, 0.5, 1, 5e-324),
    ),
    Case(
        "draft7-exclusive-bounds",
        {"$schema": DRAFT7, "type": "integer", "exclusiveMinimum": 0, "maximum": 3},
        (0, 1, 3, 4),
    ),
    Case("multiple-of-int", {"type": "number", "multipleOf": 3}, (9, 9.0, 10, 4.5, -3, 0)),
    Case(
        "multiple-of-fraction",
        {"type": "number", "multipleOf": 0.01},
        (0.07, 0.3, 19.99, 1e308, 0.005, 100),
    ),
    Case("multiple-of-tenth", {"multipleOf": 0.1}, (0.3, 0.7, 1.1, "x")),
    Case("multiple-of-float-integral", {"type": "integer", "multipleOf": 2.0}, (4, 5, 1e300)),
    Case("integer-or-string", {"type": ["integer", "string"]}, (1, "a", 1.5, None)),
    Case("number-or-null", {"type": ["number", "null"], "maximum": 5}, (None, 5, 6, "x")),
    Case("integer-and-number", {"type": ["integer", "number"], "minimum": 0}, (1.5, -1)),
]

STRINGS = [
    Case(
        "lengths-in-code-points",
        {"type": "string", "minLength": 2, "maxLength": 3},
        (ASTRAL, ASTRAL * 2, ASTRAL * 3, ASTRAL * 4, "ab", "a" + ASTRAL, "\ud800", "e\u0301"),
    ),
    Case("pattern-unanchored", {"type": "string", "pattern": "a+"}, ("bab", "bbb", "")),
    Case(
        "pattern-anchored",
        {"type": "string", "pattern": "^[a-z0-9_-]+$"},
        ("abc", "abc\n", "ABC", ""),
    ),
    Case("pattern-code-point", {"type": "string", "pattern": "^.$"}, (ASTRAL, "a", "ab")),
    Case("pattern-digit", {"type": "string", "pattern": "^\\d+$"}, ("123", "١٢٣", "1a")),
    Case("pattern-without-type", {"pattern": "^x"}, ("xa", "ax", 5, None)),
    Case(
        "format-is-annotation",
        obj(
            {
                "email": {"type": "string", "format": "email"},
                "when": {"type": "string", "format": "date-time"},
                "id": {"type": "string", "format": "uuid"},
                "uri": {"type": "string", "format": "uri"},
            }
        ),
        ({"email": "not an email", "when": "yesterday", "id": "1", "uri": "::"},),
    ),
    Case("string-keywords-without-type", {"minLength": 2}, ("a", "ab", 5, [1])),
]

VALUES = [
    Case(
        "enum-mixed",
        {"enum": ["a", 1, None, True, [1, 2], {"k": "v"}]},
        (1.0, True, 1, [1.0, 2], [2, 1], {"k": "v"}, {"k": "v", "x": 1}, "b", False, 0),
    ),
    Case("enum-scalars", {"enum": ["a", "b", 3]}, ("a", 3.0, "c")),
    Case("enum-typed", {"type": "string", "enum": ["a", 1, "b"]}, ("a", 1, "c")),
    Case("enum-with-keywords", {"type": "string", "enum": ["a", "bbb"], "maxLength": 2}, ("a",)),
    Case(
        "const-object",
        {"const": {"a": [1, {"b": None}], "c": "d"}},
        ({"c": "d", "a": [1, {"b": None}]}, {"a": [1.0, {"b": None}], "c": "d"}, {"a": [1]}),
    ),
    Case("const-zero-not-false", {"const": 0}, (0, 0.0, False, -0.0, None)),
    Case("const-one-not-true", {"const": 1}, (1, True, 1.0)),
    Case("const-null", {"const": None}, (None, 0, "")),
    Case("const-and-enum", {"const": "a", "enum": ["a", "b"]}, ("a", "b")),
    Case("enum-empty", {"enum": []}, (None, 1)),
]

ARRAYS = [
    Case(
        "items-and-lengths",
        {"type": "array", "items": INT, "minItems": 1, "maxItems": 3},
        ([], [1], [1, 2, 3, 4], [1, "x"]),
    ),
    Case(
        "unique-items",
        {"type": "array", "uniqueItems": True},
        (
            [1, 1.0],
            [1, True],
            [0, False],
            [{"a": 1, "b": 2}, {"b": 2, "a": 1}],
            [[1], [True]],
            ["a", "b"],
            [None, None],
            [[1, [2]], [1, [2.0]]],
        ),
    ),
    Case("unique-items-false", {"type": "array", "uniqueItems": False}, ([1, 1],)),
    Case(
        "prefix-items",
        {"type": "array", "prefixItems": [STRING, INT]},
        ([], ["a"], ["a", 1], ["a", 1, None], [1]),
    ),
    Case(
        "prefix-items-closed",
        {"type": "array", "prefixItems": [STRING], "items": False},
        ([], ["a"], ["a", "b"]),
    ),
    Case(
        "prefix-items-rest",
        {"type": "array", "prefixItems": [STRING], "items": INT, "minItems": 2},
        (["a", 1], ["a", "b"], ["a"]),
    ),
    Case(
        "draft7-items-tuple",
        {"$schema": DRAFT7, "type": "array", "items": [STRING, INT], "additionalItems": False},
        (["a", 1], ["a", 1, 2], ["a"], []),
    ),
    Case(
        "draft7-additional-items-schema",
        {"$schema": DRAFT7, "type": "array", "items": [STRING], "additionalItems": INT},
        (["a", 1], ["a", "b"]),
    ),
    Case(
        "draft7-items-schema",
        {"$schema": DRAFT7, "items": INT, "additionalItems": False},
        ([1, 2],),
    ),
    Case(
        "contains",
        {"type": "array", "contains": INT, "minContains": 2, "maxContains": 3},
        ([1], [1, 2], [1, 2, 3, 4], ["a", 1, 2]),
    ),
    Case("contains-default", {"contains": {"const": "x"}}, ([], ["x"], ["y"], "x")),
    Case("min-contains-zero", {"type": "array", "contains": INT, "minContains": 0}, ([], ["a"])),
    Case("draft7-contains", {"$schema": DRAFT7, "contains": INT, "minContains": 3}, ([1], ["a"])),
    Case("items-false", {"type": "array", "items": False}, ([], [1])),
]

APPLICATORS = [
    Case(
        "any-of",
        {"anyOf": [STRING, {"type": "integer", "minimum": 0}]},
        ("a", 1, -1, 1.5, None),
    ),
    Case(
        "one-of-overlap",
        {"oneOf": [INT, {"type": "number", "minimum": 0}]},
        (5, -5, 0.5, -0.5, "x"),
    ),
    Case("all-of", {"allOf": [{"minimum": 0}, {"maximum": 5}, INT]}, (3, 6, 2.5)),
    Case(
        "all-of-closed-member",
        {"allOf": [obj({"a": INT}, additionalProperties=False), obj({"b": INT})]},
        ({"a": 1}, {"a": 1, "b": 2}, {}),
    ),
    Case(
        "any-of-required-under-type",
        obj({"a": INT, "b": INT}, anyOf=[{"required": ["a"]}, {"required": ["b"]}]),
        ({"a": 1}, {"b": 1}, {}, {"c": 1}),
    ),
    Case("not", {"not": STRING}, ("a", 1, None)),
    Case("not-within-type", {"type": "integer", "not": {"multipleOf": 2}}, (1, 2)),
    Case(
        "if-then-else",
        {
            "type": "object",
            "if": {"properties": {"kind": {"const": "a"}}, "required": ["kind"]},
            "then": {"required": ["a"]},
            "else": {"required": ["b"]},
        },
        ({"kind": "a", "a": 1}, {"kind": "a"}, {"kind": "b", "b": 1}, {"b": 1}, {}),
    ),
    Case("if-then-only", {"if": INT, "then": {"minimum": 10}}, (5, 15, 5.5, "x")),
    Case("if-else-only", {"if": INT, "else": {"type": "string"}}, (5, "x", 1.5)),
    Case("if-alone", {"if": INT}, (1, "x")),
    Case("empty-schema", {}, (None, 1, "x", [], {})),
    Case("boolean-true", True, (None, {"a": 1})),
    Case("boolean-false", False, (None, {})),
    Case(
        "boolean-subschemas",
        obj({"any": True, "none": False}),
        ({"any": [1]}, {"none": 1}, {}),
    ),
    Case("type-list-empty-branches", {"type": ["string", "null", "boolean"]}, ("a", None, 1)),
]

REFS = [
    Case(
        "ref-defs",
        {
            "$defs": {"pos": {"type": "integer", "minimum": 1}},
            **obj({"a": {"$ref": "#/$defs/pos"}}),
        },
        ({"a": 1}, {"a": 0}),
    ),
    Case(
        "ref-with-siblings",
        {"$defs": {"s": STRING}, "properties": {"a": {"$ref": "#/$defs/s", "maxLength": 2}}},
        ({"a": "ab"}, {"a": "abc"}, {"a": 1}),
    ),
    Case(
        "draft7-ref-ignores-siblings",
        {
            "$schema": DRAFT7,
            "definitions": {"s": STRING},
            "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 2}},
        },
        ({"a": "abc"}, {"a": 1}),
    ),
    Case(
        "recursive-tree",
        {
            "$defs": {
                "node": obj(
                    {"name": STRING, "children": {"type": "array", "items": {"$ref": NODE}}},
                    required=["name"],
                    additionalProperties=False,
                )
            },
            "$ref": "#/$defs/node",
        },
        ({"name": "a", "children": [{"name": "b", "children": [{"name": 1}]}]},),
    ),
    Case(
        "recursive-root",
        obj({"value": INT, "next": {"anyOf": [{"$ref": "#"}, NULL]}}, required=["value"]),
        ({"value": 1, "next": {"value": 2, "next": None}}, {"value": 1, "next": {"next": None}}),
    ),
    Case(
        "ref-into-properties",
        obj({"a": {"type": "string", "minLength": 2}, "b": {"$ref": "#/properties/a"}}),
        ({"b": "x"}, {"b": "xy"}),
    ),
    Case(
        "ref-escaped-pointer",
        {
            "$defs": {"a/b": INT, "c~d": STRING, "e f": {"type": "boolean"}},
            "properties": {
                "x": {"$ref": "#/$defs/a~1b"},
                "y": {"$ref": "#/$defs/c~0d"},
                "z": {"$ref": "#/$defs/e%20f"},
            },
        },
        ({"x": 1, "y": "s", "z": True}, {"x": "s"}, {"y": 1}, {"z": 1}),
    ),
    Case(
        "ref-into-array",
        {
            "$defs": {"pair": {"prefixItems": [INT, STRING]}},
            "properties": {"a": {"$ref": "#/$defs/pair/prefixItems/1"}},
        },
        ({"a": "s"}, {"a": 1}),
    ),
]

CASES: tuple[Case, ...] = (*OBJECTS, *NUMBERS, *STRINGS, *VALUES, *ARRAYS, *APPLICATORS, *REFS)
