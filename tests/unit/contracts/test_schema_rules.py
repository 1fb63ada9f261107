"""contracts/schema_rules.py: each rule on a tool's inputSchema/outputSchema, exactly.

Findings are (path inside the schema, message, hint, code); the metaschema may report
one problem through several of its branches, and the pipeline keeps one of each, so
the tests compare the distinct findings in order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.contracts.check import check_file
from generator.contracts.schema_rules import ROOT_FORBIDDEN, Finding, check_tool_schema
from generator.jsonschema.dialects import DRAFT_07
from tests.toolsets import contract

OBJECT = {"type": "object"}
TYPE_HINT = "use one of: array, boolean, integer, null, number, object, string"
CYCLE_HINT = (
    "a reference cycle needs a property or an item along the way ($ref, allOf, anyOf, oneOf, "
    "not, if/then/else and dependentSchemas read the same value)"
)


def findings(schema: dict[str, Any]) -> list[Finding]:
    return list(dict.fromkeys(check_tool_schema(schema)))


def prop(schema: dict[str, Any], **more: Any) -> dict[str, Any]:
    """An object schema whose one property ``a`` is ``schema``."""
    return {"type": "object", "properties": {"a": schema}, **more}


CASES: dict[str, tuple[dict[str, Any], list[Finding]]] = {
    "TC200 any other metaschema error": (
        prop({"minLength": -1}),
        [
            (
                ("properties", "a", "minLength"),
                "invalid JSON Schema: -1 is less than the minimum of 0",
                None,
                "TC200",
            )
        ],
    ),
    "TC201 unknown type": (
        prop({"type": "strin"}),
        [(("properties", "a", "type"), "'strin' is not a JSON Schema type", TYPE_HINT, "TC201")],
    ),
    "TC201 unknown type in a list": (
        prop({"type": ["string", "nul"]}),
        [
            (
                ("properties", "a", "type"),
                "['string', 'nul'] is not a JSON Schema type",
                TYPE_HINT,
                "TC201",
            )
        ],
    ),
    "TC203 required not a list": (
        {"type": "object", "required": "path"},
        [
            (
                ("required",),
                "'required' must be a list of property names",
                "write required: [a, b]",
                "TC203",
            )
        ],
    ),
    "TC206 required name that is not a property": (
        prop({}, required=["a", "b"]),
        [
            (
                ("required", 1),
                "required property 'b' is not in properties",
                "add it to properties or remove it from required",
                "TC206",
            )
        ],
    ),
    "TC206 in a nested object": (
        prop({"type": "object", "properties": {}, "required": ["x"]}),
        [
            (
                ("properties", "a", "required", 0),
                "required property 'x' is not in properties",
                "add it to properties or remove it from required",
                "TC206",
            )
        ],
    ),
    "TC206 not when a pattern may match the name": (
        prop({}, required=["b"], patternProperties={"^b": {}}),
        [],
    ),
    "TC208 reference to nothing": (
        prop({"$ref": "#/$defs/missing"}),
        [
            (
                ("properties", "a", "$ref"),
                "$ref '#/$defs/missing' points to nothing",
                "define it under $defs",
                "TC208",
            )
        ],
    ),
    "TC209 cycle of bare references": (
        prop(
            {"$ref": "#/$defs/A"},
            **{"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}},
        ),
        [
            (
                path,
                f"$ref '#/$defs/{name}' leads back to itself without reading any part of the value",
                CYCLE_HINT,
                "TC209",
            )
            for path, name in [
                (("properties", "a", "$ref"), "A"),
                (("$defs", "A", "$ref"), "B"),
                (("$defs", "B", "$ref"), "A"),
            ]
        ],
    ),
    "recursion through a real schema is fine": (
        prop({"$ref": "#"}, additionalProperties=False),
        [],
    ),
    "escaped and percent-encoded references resolve": (
        prop({"$ref": "#/$defs/a~1b%20c"}, **{"$defs": {"a/b c": {"type": "string"}}}),
        [],
    ),
    "a $ref-shaped value in data is not a reference": (
        prop({"const": {"$ref": "https://x"}, "default": {"$ref": "#/nowhere"}}),
        [],
    ),
    "metaschema errors stop the other rules": (
        {"type": "array", "required": "x"},
        [
            (
                ("required",),
                "'required' must be a list of property names",
                "write required: [a, b]",
                "TC203",
            )
        ],
    ),
    "draft-07 tuple items when $schema says draft-07": (
        prop({"type": "array", "items": [{"type": "string"}]}, **{"$schema": DRAFT_07}),
        [],
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_rule(case: str) -> None:
    schema, expected = CASES[case]
    assert findings(schema) == expected


@pytest.mark.parametrize(
    ("schema", "path"), [({"type": "array"}, ("type",)), ({"properties": {}}, ())]
)
def test_tc204_root_that_is_not_an_object(schema: dict[str, Any], path: tuple[str, ...]) -> None:
    assert findings(schema) == [
        (
            path,
            "the root of a tool schema must be type: object",
            "write type: object and put the arguments under properties",
            "TC204",
        )
    ]


@pytest.mark.parametrize("ref", ["https://example.com/s.json#/a", "#thing", "other.json", "/a"])
def test_tc207_references_that_are_not_local(ref: str) -> None:
    assert findings(prop({"$ref": ref})) == [
        (
            ("properties", "a", "$ref"),
            f"$ref {ref!r} is not a local reference",
            "toolcanon never fetches schemas: copy the definition into $defs and use '#/$defs/…'",
            "TC207",
        )
    ]


@pytest.mark.parametrize("keyword", ROOT_FORBIDDEN)
def test_tc205_alternatives_at_the_root(keyword: str) -> None:
    values: dict[str, Any] = {"not": {}, "enum": [{}], "const": {}}
    schema = {"type": "object", keyword: values.get(keyword, [OBJECT])}
    assert findings(schema) == [
        (
            (keyword,),
            f"'{keyword}' is not allowed at the root of a tool schema",
            "a tool's arguments are one object: describe it with properties",
            "TC205",
        )
    ]


def test_findings_are_placed_in_the_contract_for_input_and_output(tmp_path: Path) -> None:
    text = """
    version: 1
    tools:
      - name: x
        description: X.
        riskLevel: low
        inputSchema:
          type: object
          properties:
            a: {$ref: "#/$defs/missing"}
        outputSchema: {type: string}
    """
    found = check_file(contract(tmp_path, text))
    assert [(d.position.line, d.position.column, d.code, d.tool, d.path) for d in found] == [
        (9, 13, "TC208", "x", ("inputSchema", "properties", "a", "$ref")),
        (10, 20, "TC204", "x", ("outputSchema", "type")),
    ]


@pytest.mark.parametrize("name", ["type", "required"])
def test_a_property_named_like_a_keyword_gets_the_real_message(name: str) -> None:
    (finding,) = findings({"type": "object", "properties": {name: 5}})
    assert finding[3] == "TC200"
    assert finding[1] == "invalid JSON Schema: 5 is not of type 'object', 'boolean'"


def test_check_reads_every_spelling_the_dialects_accept() -> None:
    https = DRAFT_07.replace("http://", "https://")
    schema = prop({"type": "array", "items": [{"type": "string"}]}, **{"$schema": https})
    assert findings(schema) == []


def test_an_unknown_dialect_is_reported_by_the_lint(tmp_path: Path) -> None:
    """check_tool_schema reads an unknown $schema as 2020-12; the lint says so (TC220)."""
    from generator.contracts.check import check_file
    from generator.contracts.loader import load_file

    contract = tmp_path / "a.yaml"
    contract.write_text(
        "version: 1\ntools:\n  - name: x\n    description: X.\n    riskLevel: low\n"
        "    inputSchema: {$schema: 'https://example.com/my-dialect', type: object}\n",
        "utf-8",
    )
    found = [d for d in check_file(load_file(contract, "a.yaml")) if d.code == "TC220"]
    assert [(d.path, d.position.line) for d in found] == [(("inputSchema", "$schema"), 6)]
