"""Tests for generator.emit.typescript.typemap (JSON Schema -> TypeScript types).

Most behaviour is checked twice: once on the exact text produced, and once by
compiling the output with the real ``tsc --strict`` (pinned in tests/ts_harness).
All compile cases share a single tsc run because tsc start-up dominates.  Each
case lists JSON instances that the schema accepts (they must type-check) and
instances it rejects that TypeScript can catch (each gets ``@ts-expect-error``,
so tsc fails the case if the instance is *not* rejected).  jsonschema confirms
the test data itself, so a "valid" instance really is valid.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.emit.typescript.typemap import (
    jsdoc,
    schema_to_ts,
    ts_property_key,
    ts_string,
    type_name,
)

HARNESS = Path(__file__).parents[3] / "ts_harness"
TSC = HARNESS / "node_modules" / ".bin" / "tsc"
TSC_MISSING = "tsc not installed: run `npm ci` in tests/ts_harness"
TRICKY = "quote\" single' back`tick ${x} */ end\nnew line \\ back\\slash 中文 \u2028"

any_text = st.text(st.characters(exclude_categories=()))  # includes lone surrogates


# --------------------------------------------------------------------------
# ts_string / ts_property_key / jsdoc / type_name
# --------------------------------------------------------------------------


@given(any_text)
def test_ts_string_round_trips_and_is_utf8_safe(value: str) -> None:
    literal = ts_string(value)
    # The literal is also valid JSON, so json.loads evaluates it like JS would.
    assert json.loads(literal) == value
    literal.encode("utf-8")  # no lone surrogates left raw
    assert "\u2028" not in literal and "\u2029" not in literal


def test_ts_string_escapes_separators_and_surrogates() -> None:
    assert ts_string("a\u2028b\u2029c") == '"a\\u2028b\\u2029c"'
    assert ts_string("\ud800") == '"\\ud800"'
    assert ts_string('"`${x}中文') == '"\\"`${x}中文"'


def test_ts_property_key() -> None:
    assert ts_property_key("path") == "path"
    assert ts_property_key("_$x9") == "_$x9"
    assert ts_property_key("class") == "class"  # reserved words are legal keys
    assert ts_property_key("a-b") == '"a-b"'
    assert ts_property_key("0") == '"0"'
    assert ts_property_key("") == '""'
    assert ts_property_key("中文") == '"中文"'


def test_jsdoc_formats() -> None:
    assert jsdoc("") == ""
    assert jsdoc(" \n ") == ""
    assert jsdoc("Hello") == "/** Hello */"
    assert jsdoc("a\n\nb", "  ") == "  /**\n   * a\n   *\n   * b\n   */"
    assert jsdoc("x */ y") == "/** x *\\/ y */"


@given(any_text, st.sampled_from(["", "  ", "\t"]))
def test_jsdoc_cannot_be_closed_early(text: str, indent: str) -> None:
    block = jsdoc(text, indent)
    block.encode("utf-8")
    if block:
        assert block.startswith(indent + "/**")
        assert block.endswith("*/")
        assert block.count("*/") == 1
        assert all(line.startswith(indent) for line in block.split("\n"))


def test_type_name_examples() -> None:
    assert type_name("read_file") == "ReadFile"
    assert type_name("github::get_issue") == "GithubGetIssue"
    assert type_name("math.factorial") == "MathFactorial"
    assert type_name("get-user-by-id") == "GetUserById"
    assert type_name("getIssue") == "GetIssue"
    assert type_name("3d_model") == "T3dModel"
    assert type_name("café") == "Cafe"
    assert type_name("获取") == "U83B7U53D6"
    assert type_name("") == "Unnamed"
    assert type_name("::") == "Unnamed"


@given(any_text)
def test_type_name_is_always_a_pascal_identifier(name: str) -> None:
    result = type_name(name)
    assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", result)
    assert type_name(name) == result


# --------------------------------------------------------------------------
# schema_to_ts: exact output
# --------------------------------------------------------------------------


def body(schema: Mapping[str, Any] | bool, name: str = "T") -> str:
    """The right-hand side of the root declaration."""
    source = schema_to_ts(schema, name=name)
    match = re.search(rf"export type {name} = ?(.*?);\n(\n|$)", source, re.S)
    assert match, source
    return match.group(1)


def test_object_required_optional_and_descriptions() -> None:
    schema = {
        "type": "object",
        "description": "Root doc",
        "properties": {"a": {"type": "string", "description": "The a"}, "b": {"type": "number"}},
        "required": ["a"],
    }
    assert schema_to_ts(schema, name="T") == (
        "/** Root doc */\n"
        "export type T = {\n"
        "  /** The a */\n"
        "  a: string;\n"
        "  b?: number;\n"
        "  [key: string]: unknown;\n"
        "};\n"
    )


def test_closed_object() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "additionalProperties": False,
    }
    assert body(schema) == "{ a?: string }"
    assert body({"type": "object", "additionalProperties": False}) == "{ [key: string]: never }"


def test_index_signature_includes_declared_types() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "boolean"}},
        "required": ["a"],
        "additionalProperties": {"type": "integer"},
    }
    assert (
        body(schema)
        == "{ a: string; b?: boolean; [key: string]: number | string | boolean | undefined }"
    )
    assert (
        body({"type": "object", "additionalProperties": {"type": "string"}})
        == "{ [key: string]: string }"
    )
    assert body({"type": "object"}) == "{ [key: string]: unknown }"
    assert body({"type": "object", "additionalProperties": True}) == "{ [key: string]: unknown }"


def test_pattern_properties_widen_index_signature() -> None:
    schema = {
        "type": "object",
        "patternProperties": {"^x-": {"type": "string"}},
        "additionalProperties": False,
    }
    assert body(schema) == "{ [key: string]: string }"


def test_required_without_property_schema() -> None:
    assert body({"type": "object", "required": ["z"]}) == "{ z: unknown; [key: string]: unknown }"


def test_property_names_quoted() -> None:
    schema = {"type": "object", "properties": {"a-b": {}, "class": {}, "中": {}}}
    assert (
        body(schema)
        == '{ "a-b"?: unknown; class?: unknown; "中"?: unknown; [key: string]: unknown }'
    )


def test_boolean_and_empty_schemas() -> None:
    assert body({}) == "unknown"
    assert body(True) == "unknown"
    assert body(False) == "never"
    assert body({"description": "only docs"}) == "unknown"


def test_primitive_types() -> None:
    expected = {
        "string": "string",
        "number": "number",
        "integer": "number",
        "boolean": "boolean",
        "null": "null",
    }
    for json_type, ts_type in expected.items():
        assert body({"type": json_type}) == ts_type


def test_type_list_is_union() -> None:
    assert body({"type": ["string", "null"]}) == "string | null"
    assert body({"type": ["integer", "number"]}) == "number"


def test_arrays() -> None:
    assert body({"type": "array", "items": {"type": "string"}}) == "string[]"
    assert body({"type": "array"}) == "unknown[]"
    assert body({"type": "array", "items": False}) == "[]"
    assert body({"type": "array", "items": {"type": ["string", "null"]}}) == "(string | null)[]"
    assert body({"items": {"type": "number"}}) == "number[]"  # type inferred


def test_tuples() -> None:
    closed = {
        "type": "array",
        "prefixItems": [{"type": "string"}, {"type": "number"}],
        "items": False,
    }
    assert body(closed) == "[string?, number?]"
    assert body({**closed, "minItems": 2}) == "[string, number]"
    assert body({**closed, "minItems": 1, "items": True}) == "[string, number?, ...unknown[]]"
    rest = {
        "type": "array",
        "prefixItems": [{"type": ["string", "null"]}],
        "items": {"type": "boolean"},
    }
    assert body(rest) == "[(string | null)?, ...boolean[]]"
    draft7 = {
        "type": "array",
        "items": [{"type": "string"}],
        "additionalItems": False,
        "minItems": 1,
    }
    assert body(draft7) == "[string]"


def test_enum_literals() -> None:
    schema = {"enum": ["a", 1, 2.5, -3, True, False, None, 2.0]}
    assert body(schema) == '"a" | 1 | 2.5 | -3 | true | false | null | 2'
    assert body({"enum": ["a", "a"]}) == '"a"'
    assert body({"type": "string", "enum": ["a", 1]}) == '"a"'
    assert body({"enum": []}) == "never"
    assert body({"enum": [2**60]}) == "number"


def test_enum_with_objects_is_unknown() -> None:
    assert (
        body({"enum": ["a", {"b": 1}]})
        == "unknown /* enum/const contains object or array values */"
    )
    assert body({"const": [1]}).startswith("unknown /*")


def test_const_literal() -> None:
    assert body({"const": TRICKY}) == ts_string(TRICKY)
    assert body({"const": "x" * 200}) == ts_string("x" * 200)
    assert body({"const": None}) == "null"
    assert body({"const": 1, "type": "string"}) == "never"


def test_huge_enum_is_fast_and_multiline() -> None:
    values = [f"value-{i}" for i in range(5000)]
    start = time.perf_counter()
    source = schema_to_ts({"enum": values}, name="T")
    assert time.perf_counter() - start < 1.0
    assert source.count("\n  | ") == 5000
    nested = schema_to_ts({"type": "array", "items": {"enum": values}}, name="T")
    assert "\n" not in nested.strip()  # only top-level unions are laid out per line
    assert '"value-4999"' in source


def test_any_of_one_of_all_of() -> None:
    any_of = {
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "null"}]}},
        ]
    }
    assert body(any_of) == "string | (string | null)[]"
    all_of = {"allOf": [{"type": ["string", "null"]}, {"type": "string"}]}
    assert body(all_of) == "(string | null) & string"
    assert body({"allOf": [{}, {"type": "string"}]}) == "string"
    assert body({"anyOf": [{}, {"type": "string"}]}) == "unknown"
    nested = {"anyOf": [{"enum": ["a", "b"]}, {"oneOf": [{"const": "b"}, {"type": "null"}]}]}
    assert body(nested) == '"a" | "b" | null'  # flattened and deduplicated


def test_combinators_with_siblings_intersect() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "anyOf": [{"required": ["b"]}, {"required": ["c"]}],
    }
    assert body(schema) == (
        "{ a?: string; [key: string]: unknown } & "
        "({ b: unknown; [key: string]: unknown } | { c: unknown; [key: string]: unknown })"
    )


def test_refs_to_defs_and_definitions() -> None:
    schema = {
        "type": "object",
        "properties": {"x": {"$ref": "#/$defs/point"}, "y": {"$ref": "#/definitions/size"}},
        "$defs": {
            "point": {"type": "number", "description": "A point"},
            "unused": {"type": "string"},
        },
        "definitions": {"size": {"type": "integer"}},
    }
    assert schema_to_ts(schema, name="Shape") == (
        "export type Shape = { x?: ShapePoint; y?: ShapeSize; [key: string]: unknown };\n\n"
        "/** A point */\nexport type ShapePoint = number;\n\n"
        "export type ShapeSize = number;\n"
    )


def test_root_recursion() -> None:
    schema = {
        "type": "object",
        "properties": {"children": {"type": "array", "items": {"$ref": "#"}}},
    }
    assert body(schema, "Tree") == "{ children?: Tree[]; [key: string]: unknown }"


def test_ref_pointer_escapes() -> None:
    schema = {
        "anyOf": [{"$ref": "#/$defs/a~1b"}, {"$ref": "#/$defs/c~0d"}, {"$ref": "#/$defs/e%20f"}],
        "$defs": {"a/b": {"type": "string"}, "c~d": {"type": "number"}, "e f": {"type": "boolean"}},
    }
    source = schema_to_ts(schema, name="T")
    assert body(schema) == "TAB | TCD | TEF"
    assert "export type TAB = string;" in source
    assert "export type TCD = number;" in source
    assert "export type TEF = boolean;" in source


def test_def_name_collisions_are_suffixed() -> None:
    schema = {
        "anyOf": [
            {"$ref": "#/$defs/MyType"},
            {"$ref": "#/$defs/my_type"},
            {"$ref": "#/$defs/my-type"},
        ],
        "$defs": {
            "my_type": {"type": "string"},
            "MyType": {"type": "number"},
            "my-type": {"type": "null"},
        },
    }
    source = schema_to_ts(schema, name="T")
    assert body(schema) == "TMyType2 | TMyType | TMyType3"
    assert "export type TMyType = string;" in source
    assert "export type TMyType2 = number;" in source


def test_refs_to_other_pointers_and_bad_refs() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {"$ref": "#/properties/a"},
            "c": {"$ref": "#/nope"},
        },
        "additionalProperties": {"$ref": "other.json#/x"},
    }
    source = schema_to_ts(schema, name="T")
    assert "b?: TPropertiesA;" in source
    assert "c?: unknown /* unresolvable $ref */;" in source
    assert "unknown /* unsupported $ref */" in source
    assert "export type TPropertiesA = string;" in source


def test_unguarded_circular_refs_become_unknown() -> None:
    assert (
        body({"anyOf": [{"$ref": "#"}, {"type": "string"}]})
        == "unknown /* circular $ref */ | string"
    )
    schema = {
        "$ref": "#/$defs/a",
        "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
    }
    assert "circular $ref" in schema_to_ts(schema, name="T")


def test_untypable_keywords_are_commented() -> None:
    assert (
        body({"not": {"type": "string"}}) == "unknown /* 'not' cannot be expressed in TypeScript */"
    )
    conditional = {"type": "string", "if": {"minLength": 1}, "then": {}, "else": {}}
    assert body(conditional) == "string /* 'if'/'then'/'else' cannot be expressed in TypeScript */"
    assert body({"patternProperties": {"x": {}}}).startswith("unknown /* 'patternProperties'")
    assert body({"type": "widget"}) == "unknown /* unknown JSON type */"


def test_value_only_keywords_are_ignored() -> None:
    schema = {"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a", "format": "email"}
    assert body(schema) == "string"
    assert body({"type": "integer", "minimum": 0, "multipleOf": 2, "x-custom": 1}) == "number"


def test_deprecated_in_jsdoc() -> None:
    schema = {"type": "object", "properties": {"old": {"type": "string", "deprecated": True}}}
    assert "/** @deprecated */\n  old?: string;" in schema_to_ts(schema, name="T")


def test_deep_nesting_is_fast_and_bounded() -> None:
    start = time.perf_counter()
    assert body(nested_object(100)).count("child:") == 100
    assert body(nested_array(100)) == "string" + "[]" * 100
    assert "nested too deeply" not in body(nested_object(200))
    assert "nested too deeply" in body(nested_object(600))
    assert time.perf_counter() - start < 1.0


def test_deep_nesting_near_recursion_limit() -> None:
    # Even when the caller already uses much of the stack, the depth cap holds.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        assert "nested too deeply" in body({"anyOf": [nested_object(1000)]})
    finally:
        sys.setrecursionlimit(limit)


def test_output_is_deterministic() -> None:
    schema = {
        "type": "object",
        "properties": {k: {"type": "string"} for k in "zyxabc"},
        "required": ["b", "z"],
    }
    first = schema_to_ts(schema, name="T")
    assert first == schema_to_ts(json.loads(json.dumps(schema)), name="T")
    assert [m.group(1) for m in re.finditer(r"(?:[{;]|^)\s*(\w)\??:", first, re.M)] == list(
        "zyxabc"
    )


def test_invalid_name_rejected() -> None:
    with pytest.raises(ValueError):
        schema_to_ts({}, name="read-file")


def nested_object(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"child": schema}, "required": ["child"]}
    return schema


def nested_array(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "array", "items": schema}
    return schema


def nested_instance(depth: int) -> Any:
    instance: Any = "leaf"
    for _ in range(depth):
        instance = {"child": instance}
    return instance


# --------------------------------------------------------------------------
# Compile with the real tsc
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A schema plus instances that must (valid) / must not (invalid) type-check."""

    key: str
    schema: Any
    valid: tuple[Any, ...] = ()
    invalid: tuple[Any, ...] = ()
    check_instances: bool = True  # False when jsonschema cannot judge the schema


OBJ = {
    "type": "object",
    "properties": {"a": {"type": "string"}, "b": {"type": "number"}},
    "required": ["a"],
}
TRICKY_KEYS = [
    'quo"te',
    "back`tick",
    "${x}",
    "*/",
    "new\nline",
    "back\\slash",
    "中文",
    "class",
    "0",
    "",
    TRICKY,
]

LONG_ENUM = {"enum": [f"value-{i}" for i in range(12)]}

CASES: tuple[Case, ...] = (
    Case(
        "object",
        OBJ,
        ({"a": "x"}, {"a": "x", "b": 1, "c": True}),
        ({"b": 1}, {"a": 1}, {"a": "x", "b": "y"}),
    ),
    Case(
        "closed",
        {**OBJ, "additionalProperties": False},
        ({"a": "x", "b": 2},),
        ({"a": "x", "z": 1}, {}),
    ),
    Case("closed_empty", {"type": "object", "additionalProperties": False}, ({},), ({"a": 1},)),
    Case(
        "additional_schema",
        {**OBJ, "additionalProperties": {"type": "boolean"}},
        ({"a": "x", "n": True}, {"a": "x", "b": 1, "n": False}),
        ({"a": 1}, {"n": True}, {"a": "x", "b": "s"}, {"a": "x", "n": []}),
    ),
    Case(
        "pattern_closed",
        {
            "type": "object",
            "patternProperties": {"^x-": {"type": "string"}},
            "additionalProperties": False,
        },
        ({"x-a": "s"},),
        ({"x-a": 1},),
    ),
    Case(
        "map",
        {"type": "object", "additionalProperties": {"type": "integer"}},
        ({"k": 1},),
        ({"k": "1"}, []),
    ),
    Case("string", {"type": "string", "minLength": 1, "format": "uri"}, ("x",), (1, None)),
    Case("integer", {"type": "integer", "minimum": 0}, (3,), ("3",)),
    Case("boolean", {"type": "boolean"}, (True,), (0,)),
    Case("null", {"type": "null"}, (None,), (0, "")),
    Case("nullable", {"type": ["string", "null"]}, ("x", None), (1,)),
    Case("empty", {}, (1, "x", None, {"a": [1]}), ()),
    Case("true", True, (1, None), ()),
    Case("false", False, (), (1, "x", None)),
    Case("array", {"type": "array", "items": {"type": "string"}}, ([], ["a"]), ([1], "a")),
    Case("array_any", {"type": "array"}, ([1, "a", None],), ("a",)),
    Case(
        "tuple_closed",
        {
            "type": "array",
            "prefixItems": [{"type": "string"}, {"type": "number"}],
            "items": False,
            "minItems": 2,
        },
        (["a", 1],),
        (["a", 1, 2], [1, "a"], ["a"]),
    ),
    Case(
        "tuple_open",
        {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
        ([], ["a"], ["a", 1, None, {}]),
        ([1],),
    ),
    Case(
        "tuple_rest",
        {
            "type": "array",
            "prefixItems": [{"type": "string"}],
            "items": {"type": "boolean"},
            "minItems": 1,
        },
        (["a"], ["a", True, False]),
        (["a", 1], []),
    ),
    Case(
        "enum",
        {"enum": ["a", 1, 2.5, True, None, TRICKY]},
        ("a", 1, 2.5, True, None, TRICKY),
        ("b", 2, False),
    ),
    Case("enum_objects", {"enum": [{"a": 1}, "x"]}, ({"a": 1}, "x"), ()),
    Case("const", {"const": TRICKY}, (TRICKY,), ("other",)),
    Case("const_number", {"const": -1.5}, (-1.5,), (1.5,)),
    Case("enum_typed", {"type": "string", "enum": ["a", 1]}, ("a",), (1,)),
    Case(
        "any_of",
        {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
            ]
        },
        ("x", ["a", 1]),
        ([True], 1),
    ),
    Case(
        "one_of_tagged",
        {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"kind": {"const": "a"}, "x": {"type": "number"}},
                    "required": ["kind", "x"],
                },
                {
                    "type": "object",
                    "properties": {"kind": {"const": "b"}, "y": {"type": "string"}},
                    "required": ["kind", "y"],
                },
            ]
        },
        ({"kind": "a", "x": 1}, {"kind": "b", "y": "s"}),
        ({"kind": "a", "x": "s"}, {"kind": "c", "x": 1}),
    ),
    Case(
        "all_of",
        {"allOf": [OBJ, {"properties": {"c": {"type": "boolean"}}, "required": ["c"]}]},
        ({"a": "x", "c": True},),
        ({"a": "x"}, {"a": "x", "c": 1}),
    ),
    Case(
        "siblings",
        {**OBJ, "anyOf": [{"required": ["b"]}, {"required": ["c"]}]},
        ({"a": "x", "b": 1}, {"a": "x", "c": None}),
        ({"a": "x"},),
    ),
    Case(
        "nullable_object",
        {"type": ["object", "null"], "properties": {"a": {"type": "string"}}},
        (None, {"a": "x"}),
        ({"a": 1}, "x"),
    ),
    Case(
        "defs",
        {
            "type": "array",
            "items": {"$ref": "#/$defs/item"},
            "$defs": {
                "item": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}},
                    "required": ["name"],
                }
            },
        },
        ([{"name": "x"}],),
        ([{}], [{"name": 1}]),
    ),
    Case(
        "definitions",
        {"$ref": "#/definitions/id", "definitions": {"id": {"type": "integer"}}},
        (1,),
        ("1",),
        check_instances=False,  # draft-07 keyword; jsonschema 2020 ignores it
    ),
    Case(
        "tree",
        {
            "type": "object",
            "properties": {
                "value": {"type": "number"},
                "children": {"type": "array", "items": {"$ref": "#"}},
            },
            "required": ["value"],
        },
        ({"value": 1, "children": [{"value": 2, "children": []}]},),
        ({"value": 1, "children": [{}]},),
    ),
    Case(
        "linked_defs",
        {
            "$ref": "#/$defs/node",
            "$defs": {
                "node": {
                    "anyOf": [
                        {"$ref": "#/$defs/leaf"},
                        {"type": "array", "items": {"$ref": "#/$defs/node"}},
                    ]
                },
                "leaf": {"type": "string"},
            },
        },
        ("x", ["a", ["b", []]]),
        ([1],),
    ),
    Case(
        "pointer_escapes",
        {
            "type": "object",
            "properties": {
                "x": {"$ref": "#/$defs/a~1b"},
                "y": {"$ref": "#/$defs/c~0d"},
                "z": {"$ref": "#/$defs/e%20f"},
            },
            "required": ["x", "y", "z"],
            "$defs": {
                "a/b": {"type": "string"},
                "c~d": {"type": "number"},
                "e f": {"type": "boolean"},
            },
        },
        ({"x": "s", "y": 1, "z": True},),
        ({"x": "s", "y": 1, "z": 1},),
    ),
    Case(
        "collisions",
        {
            "type": "array",
            "prefixItems": [{"$ref": "#/$defs/my_type"}, {"$ref": "#/$defs/MyType"}],
            "minItems": 2,
            "$defs": {"my_type": {"type": "string"}, "MyType": {"type": "number"}},
        },
        (["s", 1],),
        ([1, "s"],),
    ),
    Case(
        "circular_alias",
        {"anyOf": [{"$ref": "#"}, {"type": "string"}]},
        ("x",),
        (),
        check_instances=False,
    ),
    Case(
        "untypable",
        {
            "type": "object",
            "properties": {
                "n": {"not": {"type": "string"}},
                "c": {
                    "type": "string",
                    "if": {"minLength": 2},
                    "then": {"pattern": "^a"},
                    "else": {},
                },
                "p": {"patternProperties": {"^x": {"type": "string"}}},
                "d": {
                    "type": "object",
                    "properties": {"a": {}, "b": {}},
                    "dependentSchemas": {"a": {"required": ["b"]}},
                    "unevaluatedProperties": False,
                },
            },
            "required": ["c"],
        },
        ({"n": 1, "c": "abc", "p": 5, "d": {"a": 1, "b": 2}},),
        ({"c": 1},),
    ),
    Case(
        "tricky_names",
        {
            "type": "object",
            "description": TRICKY,
            "properties": {key: {"type": "string", "description": TRICKY} for key in TRICKY_KEYS},
            "required": TRICKY_KEYS,
        },
        ({key: key for key in TRICKY_KEYS},),
        ({key: key for key in TRICKY_KEYS[1:]}, {**{key: key for key in TRICKY_KEYS}, "中文": 1}),
    ),
    Case(
        "long_unions",
        {
            "type": "object",
            "properties": {
                "t": {"type": "array", "prefixItems": [LONG_ENUM, LONG_ENUM], "minItems": 1},
                "a": {"type": "array", "items": LONG_ENUM},
                "i": {"allOf": [LONG_ENUM, {"anyOf": [LONG_ENUM, {"type": "null"}]}]},
                "u": {"anyOf": [LONG_ENUM, {"type": "array", "items": LONG_ENUM}]},
            },
            "additionalProperties": LONG_ENUM,
        },
        ({"t": ["value-0"], "a": ["value-1"], "i": "value-2", "u": ["value-3"], "x": "value-4"},),
        ({"t": []}, {"a": ["nope"]}, {"x": "nope"}),
    ),
    Case("deep_object", nested_object(100), (nested_instance(100),), (nested_instance(99),)),
    Case("deep_array", nested_array(100), ([],), ("x",)),
    Case(
        "huge_enum",
        {"type": "string", "enum": [f"v{i}" for i in range(1000)]},
        ("v0", "v999"),
        ("v1000",),
    ),
)


def random_schema(rng: random.Random, depth: int) -> Any:
    """A random, structurally valid schema exercising many keywords."""
    if depth <= 0 or rng.random() < 0.2:
        return rng.choice(
            [{"type": t} for t in ("string", "number", "integer", "boolean", "null")]
            + [{}, True, False]
        )

    def child() -> Any:
        return random_schema(rng, depth - 1)

    keys = rng.sample(["a", "b-c", "class", "中", "x y"], 3)
    options: list[Callable[[], Any]] = [
        lambda: {
            "type": "object",
            "properties": {k: child() for k in keys},
            "required": keys[:1],
            "additionalProperties": rng.choice([True, False, child()]),
        },
        lambda: {"type": "array", "items": child()},
        lambda: {
            "type": "array",
            "prefixItems": [child(), child()],
            "items": rng.choice([False, child()]),
            "minItems": rng.randint(0, 2),
        },
        lambda: {"anyOf": [child(), child()]},
        lambda: {"oneOf": [child(), child(), {"type": "null"}]},
        lambda: {"allOf": [child(), child()]},
        lambda: {"type": ["string", "null"], "enum": ["a", None, 1, rng.random()]},
        lambda: {"const": rng.choice([TRICKY, 0, None, [1]])},
        lambda: {"type": rng.choice(["object", "array"]), "not": child(), "anyOf": [child()]},
        lambda: {"$ref": rng.choice(["#", "#/$defs/x", "#/$defs/x-y"])},
    ]
    return rng.choice(options)()


RANDOM_SCHEMAS = tuple(
    {
        "allOf": [random_schema(random.Random(seed), 4)],
        "$defs": {"x": {"type": "string"}, "x-y": {"$ref": "#/$defs/x"}},
    }
    for seed in range(60)
)


def case_source(case: Case) -> str:
    """The generated types plus one assignment per instance."""
    name = "T" + type_name(case.key)
    lines = [schema_to_ts(case.schema, name=name)]
    for index, value in enumerate(case.valid):
        lines.append(f"export const valid{index}: {name} = {json.dumps(value)};")
    for index, value in enumerate(case.invalid):
        lines.append(f"// @ts-expect-error invalid instance {index}")
        lines.append(f"export const invalid{index}: {name} = {json.dumps(value)};")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def tsc_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Compile every case in one tsc run; map file stem -> error lines."""
    if not TSC.exists():
        pytest.skip(TSC_MISSING)
    root = tmp_path_factory.mktemp("ts")
    for case in CASES:
        (root / f"{case.key}.ts").write_text(case_source(case), encoding="utf-8")
    for index, schema in enumerate(RANDOM_SCHEMAS):
        (root / f"random{index}.ts").write_text(
            schema_to_ts(schema, name=f"R{index}"), encoding="utf-8"
        )
    config = {
        "compilerOptions": {
            "strict": True,
            "noEmit": True,
            "target": "ES2022",
            "module": "ES2022",
            "skipLibCheck": True,
        },
        "include": ["*.ts"],
    }
    (root / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    result = subprocess.run(
        [str(TSC), "-p", str(root), "--pretty", "false"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    errors: dict[str, list[str]] = {}
    for line in result.stdout.splitlines():
        match = re.match(r"(?:.*[/\\])?([^/\\(]+)\.ts\(", line)
        errors.setdefault(match.group(1) if match else "?", []).append(line)
    if result.returncode not in (0, 2) or "?" in errors:
        pytest.fail(f"tsc failed unexpectedly:\n{result.stdout}\n{result.stderr}")
    return errors


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_instances_match_schema(case: Case) -> None:
    if not case.check_instances:
        pytest.skip("jsonschema 2020-12 cannot judge this schema")
    validator = jsonschema.Draft202012Validator(case.schema)
    for value in case.valid:
        assert validator.is_valid(value), value
    for value in case.invalid:
        assert not validator.is_valid(value), value


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_compiles_with_tsc(case: Case, tsc_errors: dict[str, list[str]]) -> None:
    assert tsc_errors.get(case.key, []) == [], case_source(case)


def test_random_schemas_compile(tsc_errors: dict[str, list[str]]) -> None:
    failures = {key: lines for key, lines in tsc_errors.items() if key.startswith("random")}
    assert failures == {}


def test_literals_evaluate_exactly_in_node() -> None:
    values: list[Any] = [TRICKY, "\ud800 lone", "\u2029", "", "中文", *TRICKY_KEYS]
    numbers: list[Any] = [1, -1.5, 0.1, 1e300, 2**53]
    script = "console.log(JSON.stringify([" + ", ".join(literal_sources(values, numbers)) + "]))"
    try:
        result = subprocess.run(
            ["node", "-e", script], capture_output=True, text=True, timeout=30, check=True
        )
    except FileNotFoundError:
        pytest.skip("node is not installed")
    assert json.loads(result.stdout) == values + numbers


def literal_sources(strings: list[Any], numbers: list[Any]) -> Iterator[str]:
    """JS expressions for each literal as schema_to_ts writes it."""
    for value in strings:
        yield ts_string(value)
    for value in numbers:
        yield body({"const": value})
