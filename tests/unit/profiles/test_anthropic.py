"""Claude profile: input_schema as sent, the strict tool use form, its limits, and the SDK types."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from anthropic.lib._parse._transform import transform_schema
from anthropic.types import ToolParam
from pydantic import TypeAdapter

from generator.profiles.anthropic import NAME, to_claude, to_claude_strict
from generator.profiles.anthropic_limits import Budget, budget, request_limits
from generator.profiles.anthropic_rules import DESCRIBED
from generator.profiles.base import INEXPRESSIBLE, LIMIT_EXCEEDED, LOSSY, Transformed
from tests.conftest import REPO

CANONICAL = json.loads((REPO / "generated/canonical/tools.json").read_text("utf-8"))["tools"]
TOOL_PARAM: TypeAdapter[Any] = TypeAdapter(ToolParam)


def obj(required: list[str] | None = None, **properties: Any) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "object", "properties": properties}
    if required is not None:
        node["required"] = required
    return node


def closed(node: dict[str, Any]) -> dict[str, Any]:
    return {**node, "additionalProperties": False}


def findings(result: Transformed) -> set[tuple[tuple[Any, ...], str, str]]:
    return {(f.path, f.severity.value, f.code) for f in result.findings}


def assert_claude_accepts(name: str, schema: dict[str, Any], *, strict: bool) -> None:
    """A ToolParam for the SDK's TypedDict, nothing dropped (TypedDicts ignore unknown keys)."""
    entry = {"name": name, "description": "d", "input_schema": schema, "strict": strict}
    assert TOOL_PARAM.validate_python(entry, strict=True) == entry


# --- without strict: the schema as it is, root rules -------------------------------------


def test_plain_input_schema_only_loses_the_dialect() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **obj(a={"type": "string"}),
    }
    result = to_claude(schema)
    assert result.findings == () and result.schema == obj(a={"type": "string"})


@pytest.mark.parametrize("keyword", ["anyOf", "oneOf", "allOf"])
def test_root_alternatives_are_an_error_for_claude_only(keyword: str) -> None:
    schema = {"type": "object", keyword: [obj(a={"type": "string"}), obj(b={"type": "string"})]}
    result = to_claude(schema)
    assert result.schema is None
    (finding,) = result.findings
    assert finding.path == (keyword,) and finding.code == INEXPRESSIBLE
    assert finding.message == f"Claude refuses '{keyword}' at the root of input_schema"


# --- strict: golden cases --------------------------------------------------------------------

GOLDEN: list[tuple[str, dict[str, Any], dict[str, Any] | None, set[Any]]] = [
    (
        "objects-closed-optional-properties-stay-optional",
        obj(["a"], a={"type": "string"}, b=obj(c={"type": "integer"})),
        closed(obj(["a"], a={"type": "string"}, b=closed(obj(c={"type": "integer"})))),
        set(),
    ),
    (
        "unenforced-constraints-move-into-the-description",
        obj(n={"type": "integer", "minimum": 1, "maximum": 9, "description": "count"}),
        closed(obj(n={"type": "integer", "description": "count (minimum: 1; maximum: 9)"})),
        {
            (("properties", "n", "minimum"), "warning", LOSSY),
            (("properties", "n", "maximum"), "warning", LOSSY),
        },
    ),
    (
        "default-noted-without-warning",
        obj(n={"type": "integer", "default": 3}),
        closed(obj(n={"type": "integer", "description": "(default: 3)"})),
        set(),
    ),
    (
        "supported-format-pattern-minItems-kept",
        obj(
            u={"type": "string", "format": "uri", "pattern": "^https://"},
            l={"type": "array", "items": {"type": "string"}, "minItems": 1},
        ),
        closed(
            obj(
                u={"type": "string", "format": "uri", "pattern": "^https://"},
                l={"type": "array", "items": {"type": "string"}, "minItems": 1},
            )
        ),
        set(),
    ),
    (
        "unsupported-format-lookahead-and-minItems-2-noted",
        obj(
            f={"type": "string", "format": "iri"},
            p={"type": "string", "pattern": "^(?!x)"},
            l={"type": "array", "items": {"type": "string"}, "minItems": 2},
        ),
        closed(
            obj(
                f={"type": "string", "description": '(format: "iri")'},
                p={"type": "string", "description": '(pattern: "^(?!x)")'},
                l={"type": "array", "items": {"type": "string"}, "description": "(minItems: 2)"},
            )
        ),
        {
            (("properties", "f", "format"), "warning", LOSSY),
            (("properties", "p", "pattern"), "warning", LOSSY),
            (("properties", "l", "minItems"), "warning", LOSSY),
        },
    ),
    (
        "oneOf-becomes-anyOf-with-warning",
        obj(v={"oneOf": [{"type": "string"}, {"type": "integer"}]}),
        closed(obj(v={"anyOf": [{"type": "string"}, {"type": "integer"}]})),
        {(("properties", "v", "oneOf"), "warning", LOSSY)},
    ),
    (
        "local-refs-and-defs-kept-closed",
        {**obj(p={"$ref": "#/$defs/P"}), "$defs": {"P": obj(x={"type": "number"})}},
        closed({**obj(p={"$ref": "#/$defs/P"}), "$defs": {"P": closed(obj(x={"type": "number"}))}}),
        set(),
    ),
    (
        "open-map-is-an-error",
        obj(env={"type": "object", "additionalProperties": {"type": "string"}}),
        None,
        {(("properties", "env", "additionalProperties"), "error", INEXPRESSIBLE)},
    ),
    (
        "object-without-properties-is-an-error",
        obj(meta={"type": "object"}),
        None,
        {(("properties", "meta"), "error", INEXPRESSIBLE)},
    ),
    (
        "untyped-value-is-an-error",
        obj(anything={"description": "any JSON value"}),
        None,
        {(("properties", "anything"), "error", INEXPRESSIBLE)},
    ),
    (
        "recursive-ref-is-an-error",
        {**obj(n={"$ref": "#/$defs/N"}), "$defs": {"N": obj(next={"$ref": "#/$defs/N"})}},
        None,
        {
            (("properties", "n", "$ref"), "error", INEXPRESSIBLE),
            (("$defs", "N", "properties", "next", "$ref"), "error", INEXPRESSIBLE),
        },
    ),
    (
        "allOf-over-ref-is-an-error",
        {**obj(p={"allOf": [{"$ref": "#/$defs/P"}]}), "$defs": {"P": obj(x={"type": "number"})}},
        None,
        {(("properties", "p", "allOf"), "error", INEXPRESSIBLE)},
    ),
    (
        "enum-of-objects-is-an-error",
        obj(e={"enum": [{"a": 1}, "b"]}),
        None,
        {(("properties", "e", "enum"), "error", INEXPRESSIBLE)},
    ),
]


@pytest.mark.parametrize(
    ("schema", "expected", "expected_findings"),
    [case[1:] for case in GOLDEN],
    ids=[case[0] for case in GOLDEN],
)
def test_strict_golden(
    schema: dict[str, Any], expected: dict[str, Any] | None, expected_findings: set[Any]
) -> None:
    before = copy.deepcopy(schema)
    result = to_claude_strict(schema)
    assert result.schema == expected
    if expected is not None:
        assert json.dumps(result.schema) == json.dumps(expected)  # key order too
        assert_claude_accepts("tool", result.schema, strict=True)
    assert findings(result) == expected_findings
    assert schema == before


SAMPLES: dict[str, tuple[str, Any]] = {
    "minimum": ("integer", 0),
    "maximum": ("integer", 9),
    "exclusiveMinimum": ("number", 0),
    "exclusiveMaximum": ("number", 1),
    "multipleOf": ("integer", 2),
    "minLength": ("string", 1),
    "maxLength": ("string", 9),
    "maxItems": ("array", 3),
    "minProperties": ("object", 1),
    "maxProperties": ("object", 2),
    "uniqueItems": ("array", True),
    "contains": ("array", {"type": "string"}),
    "minContains": ("array", 1),
    "maxContains": ("array", 2),
    "prefixItems": ("array", [{"type": "string"}]),
    "additionalItems": ("array", False),
    "unevaluatedItems": ("array", False),
    "unevaluatedProperties": ("object", False),
    "propertyNames": ("object", {"pattern": "^[a-z]+$"}),
    "dependentRequired": ("object", {"a": ["b"]}),
    "dependentSchemas": ("object", {"a": {"required": ["b"]}}),
    "not": ("string", {"const": "x"}),
    "if": ("string", {"const": "x"}),
    "then": ("string", {"minLength": 2}),
    "else": ("string", {"minLength": 3}),
}


@pytest.mark.parametrize("keyword", sorted(DESCRIBED))
def test_every_unenforced_constraint_is_a_warning_and_stays_readable(keyword: str) -> None:
    kind, value = SAMPLES[keyword]
    node: dict[str, Any] = {"type": kind, keyword: value}
    if kind == "array":
        node["items"] = {"type": "string"}
    if kind == "object":
        node["properties"] = {"a": {"type": "string"}}
    result = to_claude_strict(obj(p=node))
    assert findings(result) == {(("properties", "p", keyword), "warning", LOSSY)}
    assert result.schema is not None
    sent = result.schema["properties"]["p"]
    assert keyword not in sent
    assert f"{keyword}: {json.dumps(value)}" in sent["description"]


def test_strict_result_agrees_with_the_sdks_own_strict_transform() -> None:
    """Where our transform keeps a schema, Anthropic's SDK helper keeps the same shape."""
    schema = obj(["a"], a={"type": "string", "format": "uri"}, b=obj(c={"enum": ["x", "y"]}))
    result = to_claude_strict(schema)
    assert result.findings == ()
    assert result.schema == transform_schema(copy.deepcopy(schema))


# --- request-wide limits -----------------------------------------------------------------


def test_budget_counts_optional_and_union_parameters_at_every_level() -> None:
    schema = obj(
        ["a"],
        a={"type": ["string", "null"]},
        b=obj(c={"anyOf": [{"type": "string"}, {"type": "integer"}]}, d={"type": "string"}),
    )
    result = to_claude_strict(schema)
    assert result.schema is not None
    assert budget(result.schema) == Budget(optional=3, unions=2)  # b, c, d · a, c


def test_limits_hold_at_the_documented_numbers() -> None:
    assert request_limits([(f"t{i}", Budget(0, 0)) for i in range(20)]) == ()
    assert request_limits([("t", Budget(optional=24, unions=16))]) == ()
    over = request_limits([(f"t{i}", Budget(optional=1, unions=1)) for i in range(25)])
    assert [f.code for _, f in over] == [LIMIT_EXCEEDED] * 3
    assert [index for index, _ in over] == [20, 24, 16]  # the 21st tool, the 25th, the 17th
    assert over[0][1].message.startswith(
        "Claude strict tool use allows at most 20 strict tools per request; these strict tools "
        "have 25, past the limit from 't20' on: t0, t1,"
    )


# --- names and the example contracts -------------------------------------------------------


def test_name_rule_is_claudes() -> None:
    assert NAME.check("github__list_issues") is None
    assert NAME.check("a.b") is not None and NAME.check("a" * 65) is not None


@pytest.mark.parametrize("tool", CANONICAL, ids=[t["name"] for t in CANONICAL])
def test_example_contracts_reach_claude_strict_or_say_why(tool: dict[str, Any]) -> None:
    plain = to_claude(tool["inputSchema"])
    if "anthropic" in tool["targets"]["exclude"]:  # left out on purpose: Claude refuses it
        assert plain.schema is None and plain.errors
        return
    assert plain.schema is not None
    assert_claude_accepts(tool["providerName"], plain.schema, strict=False)
    strict = to_claude_strict(tool["inputSchema"])
    if strict.schema is None:
        assert strict.errors
        return
    assert_claude_accepts(tool["providerName"], strict.schema, strict=True)
    for finding in strict.findings:  # each warned keyword is really gone from what is sent
        node: Any = strict.schema
        for part in finding.path[:-1]:
            node = node[part]
        assert finding.path[-1] not in node
