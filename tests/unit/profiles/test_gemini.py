"""Gemini profile: the OpenAPI-subset transform, its findings, and the google-genai SDK as judge."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import pytest
from google.genai import types
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.diagnostics import Severity
from generator.ir.model import freeze
from generator.jsonschema.walk import subschemas
from generator.profiles import gemini
from generator.profiles.base import INEXPRESSIBLE, LOSSY, NAME_RULE, Transformed
from generator.profiles.gemini_openapi import to_openapi
from generator.profiles.gemini_rules import WIDENING
from tests.conftest import REPO

# Fields of `message Schema` in google/ai/generativelanguage/v1beta/content.proto: the Gemini
# API refuses any other key in `parameters` ("Unknown name … Cannot find field").
GEMINI_API_SCHEMA_FIELDS = {
    "type", "format", "title", "description", "nullable", "enum", "items", "maxItems",
    "minItems", "properties", "required", "minProperties", "maxProperties", "minimum",
    "maximum", "minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering",
    "default",
}  # fmt: skip
CANONICAL = json.loads((REPO / "generated/canonical/tools.json").read_text("utf-8"))["tools"]


def obj(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


def findings(result: Transformed) -> set[tuple[tuple[Any, ...], str, str]]:
    return {(f.path, f.severity.value, f.code) for f in result.findings}


def assert_gemini_accepts(parameters: Mapping[str, Any]) -> None:
    """The SDK's own types take it, and every key is one the Gemini API knows."""
    declaration = {"name": "tool", "description": "d", "parameters": parameters}
    types.FunctionDeclaration.model_validate(declaration)
    types.Tool.model_validate({"functionDeclarations": [declaration]})
    for node, path in subschemas(parameters):
        assert set(node) <= GEMINI_API_SCHEMA_FIELDS, path


# --- golden cases: input → output, findings ---------------------------------------------

GOLDEN: list[tuple[str, dict[str, Any], dict[str, Any] | None, set[Any]]] = [
    (
        "type-null-union-becomes-nullable",
        obj(a={"type": ["string", "null"], "minLength": 1}),
        obj(a={"type": "string", "minLength": 1, "nullable": True}),
        set(),
    ),
    (
        "type-list-becomes-anyOf-with-own-keywords",
        obj(a={"type": ["integer", "string"], "minimum": 1, "pattern": "^a", "description": "d"}),
        obj(
            a={
                "anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": "^a"}],
                "description": "d",
            }
        ),
        set(),
    ),
    (
        "const-becomes-one-value-enum",
        obj(a={"const": "only"}),
        obj(a={"enum": ["only"], "type": "string"}),
        set(),
    ),
    (
        "null-in-enum-becomes-nullable",
        obj(a={"enum": ["x", None]}),
        obj(a={"enum": ["x"], "nullable": True, "type": "string"}),
        set(),
    ),
    (
        "anyOf-with-null-becomes-the-branch",
        obj(a={"description": "maybe", "anyOf": [{"type": "integer"}, {"type": "null"}]}),
        obj(a={"description": "maybe", "type": "integer", "nullable": True}),
        set(),
    ),
    (
        "ref-inlined-with-its-description",
        {
            **obj(p={"$ref": "#/$defs/P", "description": "a point"}),
            "$defs": {"P": obj(x={"type": "number"})},
        },
        obj(p={**obj(x={"type": "number"}), "description": "a point"}),
        set(),
    ),
    (
        "one-branch-allOf-inlined",
        obj(p={"allOf": [{"type": "string"}], "title": "P"}),
        obj(p={"type": "string", "title": "P"}),
        set(),
    ),
    (
        "properties-without-type-get-object",
        obj(p={"properties": {"q": {"type": "boolean"}}}),
        obj(p={"properties": {"q": {"type": "boolean"}}, "type": "object"}),
        set(),
    ),
    (
        "annotations-dropped-silently",
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **obj(a={"type": "string", "examples": ["x"], "deprecated": True, "$comment": "c"}),
        },
        obj(a={"type": "string"}),
        set(),
    ),
    (
        "null-default-dropped-as-the-sdk-cannot-send-it",
        obj(a={"type": ["string", "null"], "default": None}, b={"type": "integer", "default": 3}),
        obj(a={"type": "string", "nullable": True}, b={"type": "integer", "default": 3}),
        set(),
    ),
    (
        "closed-object-and-unique-items-warn",
        {
            **obj(tags={"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
            "additionalProperties": False,
        },
        obj(tags={"type": "array", "items": {"type": "string"}}),
        {
            (("additionalProperties",), "warning", LOSSY),
            (("properties", "tags", "uniqueItems"), "warning", LOSSY),
        },
    ),
    (
        "oneOf-becomes-anyOf-with-warning",
        obj(a={"oneOf": [{"type": "string"}, {"type": "integer"}]}),
        obj(a={"anyOf": [{"type": "string"}, {"type": "integer"}]}),
        {(("properties", "a", "oneOf"), "warning", LOSSY)},
    ),
    (
        "unknown-string-format-dropped-known-kept",
        obj(u={"type": "string", "format": "uri"}, t={"type": "string", "format": "date-time"}),
        obj(u={"type": "string"}, t={"type": "string", "format": "date-time"}),
        {(("properties", "u", "format"), "warning", LOSSY)},
    ),
    (
        "non-string-enum-is-an-error",
        obj(n={"type": "integer", "enum": [1, 2]}),
        None,
        {(("properties", "n", "enum"), "error", INEXPRESSIBLE)},
    ),
    (
        "recursive-ref-is-an-error",
        {"$defs": {"N": obj(next={"$ref": "#/$defs/N"})}, **obj(n={"$ref": "#/$defs/N"})},
        None,
        {(("$defs", "N", "properties", "next", "$ref"), "error", INEXPRESSIBLE)},
    ),
    (
        "untyped-value-is-an-error",
        obj(anything={"description": "any JSON value"}),
        None,
        {(("properties", "anything"), "error", INEXPRESSIBLE)},
    ),
    (
        "array-without-items-is-an-error",
        obj(list={"type": "array"}),
        None,
        {(("properties", "list"), "error", INEXPRESSIBLE)},
    ),
    (
        "parameter-name-outside-vertex-rule-warns",
        obj(**{"file-path": {"type": "string"}}),
        obj(**{"file-path": {"type": "string"}}),
        {(("properties", "file-path"), "warning", NAME_RULE)},
    ),
]


@pytest.mark.parametrize(
    ("schema", "expected", "expected_findings"),
    [case[1:] for case in GOLDEN],
    ids=[case[0] for case in GOLDEN],
)
def test_openapi_golden(
    schema: dict[str, Any], expected: dict[str, Any] | None, expected_findings: set[Any]
) -> None:
    before = copy.deepcopy(schema)
    result = to_openapi(schema)
    assert result.schema == expected
    if expected is not None:
        assert json.dumps(result.schema) == json.dumps(expected)  # key order too
        assert_gemini_accepts(result.schema)
    assert findings(result) == expected_findings
    assert schema == before  # never mutated


def test_error_message_names_target_value_and_way_out() -> None:
    (finding,) = to_openapi(obj(n={"enum": [1, "a"]})).findings
    assert finding.message == "enum [1, \"a\"]: Gemini 'parameters' takes only string enums"
    assert finding.hint == (
        "use string values, or gemini/function-declarations.json (parametersJsonSchema) keeps it"
    )


# Values that make each widening keyword meaningful, with the type it applies to.
WIDENING_SAMPLES: dict[str, tuple[str, Any]] = {
    "additionalProperties": ("object", False),
    "patternProperties": ("object", {"^x": {"type": "string"}}),
    "propertyNames": ("object", {"pattern": "^[a-z]+$"}),
    "unevaluatedProperties": ("object", False),
    "dependentRequired": ("object", {"a": ["b"]}),
    "dependentSchemas": ("object", {"a": {"required": ["b"]}}),
    "not": ("string", {"const": "x"}),
    "if": ("string", {"const": "x"}),
    "then": ("string", {"minLength": 2}),
    "else": ("string", {"minLength": 3}),
    "uniqueItems": ("array", True),
    "contains": ("array", {"type": "string"}),
    "minContains": ("array", 1),
    "maxContains": ("array", 2),
    "prefixItems": ("array", [{"type": "string"}]),
    "additionalItems": ("array", False),
    "unevaluatedItems": ("array", False),
    "multipleOf": ("integer", 5),
    "exclusiveMinimum": ("number", 0),
    "exclusiveMaximum": ("number", 1),
}


@pytest.mark.parametrize("keyword", sorted(WIDENING))
def test_every_widening_drop_is_a_warning_at_its_path(keyword: str) -> None:
    kind, value = WIDENING_SAMPLES[keyword]
    node: dict[str, Any] = {"type": kind, keyword: value}
    if kind == "array":
        node["items"] = {"type": "string"}
    result = to_openapi(obj(p=node))
    assert findings(result) == {(("properties", "p", keyword), "warning", LOSSY)}
    assert result.schema is not None and keyword not in result.schema["properties"]["p"]
    assert_gemini_accepts(result.schema)


def test_open_additional_properties_is_dropped_without_a_word() -> None:
    result = to_openapi({**obj(a={"type": "string"}), "additionalProperties": True})
    assert result.findings == () and result.schema == obj(a={"type": "string"})


def test_frozen_input_is_accepted_and_output_is_plain() -> None:
    schema = obj(a={"type": ["string", "null"]}, b={"enum": ["x"]})
    assert to_openapi(freeze(schema)) == to_openapi(schema)


# --- property: the subset is a fixed point ------------------------------------------------

_NAMES = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)
_TEXT = st.text(max_size=12)
_COUNT = st.integers(min_value=0, max_value=20)


def _optional(
    draw: st.DrawFn, node: dict[str, Any], key: str, values: st.SearchStrategy[Any]
) -> None:
    if draw(st.booleans()):
        node[key] = draw(values)


@st.composite
def _scalar(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["string", "number", "integer", "boolean"]))
    node: dict[str, Any] = {"type": kind}
    _optional(draw, node, "description", _TEXT)
    _optional(draw, node, "nullable", st.booleans())
    if kind == "string":
        if draw(st.booleans()):
            node["enum"] = draw(st.lists(_TEXT, min_size=1, max_size=4, unique=True))
        _optional(draw, node, "minLength", _COUNT)
        _optional(draw, node, "pattern", st.sampled_from(["^a", "[0-9]+"]))
        _optional(draw, node, "format", st.sampled_from(["date-time", "enum"]))
    elif kind in ("number", "integer"):
        _optional(draw, node, "minimum", st.integers(-5, 5))
        _optional(draw, node, "maximum", st.integers(5, 50))
        _optional(
            draw,
            node,
            "format",
            st.sampled_from(["int32", "int64"] if kind == "integer" else ["float", "double"]),
        )
    _optional(draw, node, "title", _TEXT)
    return node


def _compound(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    array = st.builds(
        lambda items, extra: {"type": "array", "items": items, **extra},
        children,
        st.fixed_dictionaries({}, optional={"minItems": _COUNT, "maxItems": _COUNT}),
    )
    any_of = st.builds(
        lambda branches, extra: {"anyOf": branches, **extra},
        st.lists(children, min_size=1, max_size=3),
        st.fixed_dictionaries({}, optional={"description": _TEXT}),
    )
    return st.one_of(array, any_of, _object(children))


def _object(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        properties = draw(st.dictionaries(_NAMES, children, min_size=1, max_size=4))
        node: dict[str, Any] = {"type": "object", "properties": properties}
        if draw(st.booleans()):
            node["required"] = draw(st.lists(st.sampled_from(sorted(properties)), unique=True))
        _optional(draw, node, "minProperties", _COUNT)
        return node

    return build()


SUBSET = _object(st.recursive(_scalar(), _compound, max_leaves=8))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SUBSET)
def test_a_schema_inside_the_subset_is_sent_unchanged(schema: dict[str, Any]) -> None:
    result = to_openapi(schema)
    assert result.findings == ()
    assert json.dumps(result.schema) == json.dumps(schema)
    assert_gemini_accepts(schema)


# --- the JSON Schema path, names, the example contracts -----------------------------------


def test_json_schema_path_only_drops_the_dialect() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **obj(a={"type": ["string", "null"]}),
    }
    result = gemini.to_json_schema(schema)
    assert result.findings == () and result.schema == obj(a={"type": ["string", "null"]})
    entry = gemini.declaration("t", "d", gemini.JSON_KEY, result.schema)
    assert list(entry) == ["name", "description", "parametersJsonSchema"]
    types.Tool.model_validate({"functionDeclarations": [entry]})


@pytest.mark.parametrize(
    ("name", "ok"),
    [("read_file", True), ("_x", True), ("a.b:c-d", True), ("2fa", False), ("-x", False),
     ("a" * 64, True), ("a" * 65, False), ("has space", False)],
)  # fmt: skip
def test_function_name_rule(name: str, ok: bool) -> None:
    finding = gemini.FUNCTION_NAME.check(name)
    assert (finding is None) is ok
    if finding is not None:
        assert finding.severity is Severity.ERROR and finding.code == NAME_RULE


@pytest.mark.parametrize("tool", CANONICAL, ids=[t["name"] for t in CANONICAL])
def test_example_contracts_reach_gemini_or_say_why(tool: dict[str, Any]) -> None:
    result = to_openapi(tool["inputSchema"])
    if result.schema is None:
        assert result.errors, "no schema without an error"
        return
    assert_gemini_accepts(result.schema)
    declaration = gemini.declaration(tool["providerName"], tool["description"],
                                     gemini.OPENAPI_KEY, result.schema)  # fmt: skip
    types.FunctionDeclaration.model_validate(declaration)
    assert gemini.FUNCTION_NAME.check(tool["providerName"]) is None
