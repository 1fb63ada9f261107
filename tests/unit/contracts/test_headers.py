"""contracts/lint/headers.py: MCP 2026-07-28's ``x-mcp-header`` rules, each an error at
the property that breaks it (a client of that revision drops the whole tool)."""

from __future__ import annotations

from pathlib import Path

from generator.contracts.check import check_file
from generator.core.report import diagnostic_line, format_text
from tests.toolsets import contract

HEAD = """\
version: 1
tools:
  - name: sql
    description: Run SQL.
    riskLevel: low
    {other}: {{type: object}}
    {key}:
      type: object
      properties:
"""


def checked(folder: Path, properties: str, *, key: str = "inputSchema") -> list[str]:
    other = "outputSchema" if key == "inputSchema" else "inputSchema"
    text = HEAD.format(key=key, other=other) + properties
    lines = [format_text(diagnostic_line(d)) for d in check_file(contract(folder, text))]
    return [line.removeprefix("c.yaml:") for line in lines]


def where(line: str) -> str:
    """The JSON path of a diagnostic line."""
    return line.split(": ")[3]


def message(line: str) -> str:
    return line.split(": ", 4)[4]


def test_the_examples_of_the_specification_pass(tmp_path: Path) -> None:
    properties = """\
        region: {type: string, x-mcp-header: Region}
        limit: {type: integer, minimum: 0, maximum: 1000, x-mcp-header: Limit}
        dry: {type: [boolean, "null"], x-mcp-header: Dry-Run}
        nested:
          type: object
          properties:
            tenant: {type: string, x-mcp-header: Tenant_ID}
"""
    assert checked(tmp_path, properties) == []


def test_a_value_that_is_not_a_token(tmp_path: Path) -> None:
    assert checked(tmp_path, "        region: {type: string, x-mcp-header: 'Re gion'}\n") == [
        "10:32: error[TC227]: tool 'sql': $.inputSchema.properties.region['x-mcp-header']:"
        " x-mcp-header"
        ' "Re gion" is not an HTTP field-name token (RFC 9110 §5.1)'
        " (use letters, digits and - only: Region)"
    ]


def test_an_empty_value_and_one_that_is_not_a_string(tmp_path: Path) -> None:
    properties = """\
        a: {type: string, x-mcp-header: ''}
        b: {type: string, x-mcp-header: 7}
"""
    hint = "(use letters, digits and - only: Region)"
    assert [message(line) for line in checked(tmp_path, properties)] == [
        f'x-mcp-header must be a non-empty header name, not "" {hint}',
        f"x-mcp-header must be a non-empty header name, not 7 {hint}",
    ]


def test_names_are_unique_without_case(tmp_path: Path) -> None:
    properties = """\
        a: {type: string, x-mcp-header: Region}
        b: {type: string, x-mcp-header: REGION}
"""
    assert checked(tmp_path, properties) == [
        "11:27: error[TC227]: tool 'sql': $.inputSchema.properties.b['x-mcp-header']:"
        ' x-mcp-header "REGION"'
        ' is already used by "Region" (header names ignore case: choose another)'
    ]


def test_only_string_integer_and_boolean_properties(tmp_path: Path) -> None:
    properties = """\
        ratio: {type: number, x-mcp-header: Ratio}
        tags: {type: array, items: {type: string}, x-mcp-header: Tags}
        either: {type: [string, integer], x-mcp-header: Either}
        untyped: {x-mcp-header: Untyped}
"""
    found = checked(tmp_path, properties)
    assert [where(line) for line in found] == [
        f"$.inputSchema.properties.{name}['x-mcp-header']"
        for name in ("ratio", "tags", "either", "untyped")
    ]
    assert {message(line) for line in found} == {
        "x-mcp-header is on a property that is not one of string, integer, boolean"
        " (give it type: string, integer or boolean)"
    }


def test_an_integer_needs_bounds_inside_the_safe_range(tmp_path: Path) -> None:
    properties = """\
        page: {type: integer, minimum: -9007199254740992, exclusiveMaximum: 100, x-mcp-header: Page}
        size: {type: integer, x-mcp-header: Size}
"""
    assert checked(tmp_path, properties) == [
        "10:31: error[TC227]: tool 'sql': $.inputSchema.properties.page.minimum: minimum"
        " -9007199254740992 lets an integer x-mcp-header leave ±(2^53-1)"
        " (use minimum: -9007199254740991 or tighter)",
        "11:31: error[TC227]: tool 'sql': $.inputSchema.properties.size['x-mcp-header']: an integer"
        " x-mcp-header property has no minimum (add minimum: -9007199254740991 (or tighter):"
        " a client sends at most ±(2^53-1))",
        "11:31: error[TC227]: tool 'sql': $.inputSchema.properties.size['x-mcp-header']: an integer"
        " x-mcp-header property has no maximum (add maximum: 9007199254740991 (or tighter):"
        " a client sends at most ±(2^53-1))",
    ]


def test_only_properties_reached_through_properties_alone(tmp_path: Path) -> None:
    properties = """\
        list: {type: array, items: {type: string, x-mcp-header: Item}}
        choice:
          anyOf:
            - {type: string, x-mcp-header: Choice}
      $defs:
        ref: {type: string, x-mcp-header: Ref}
"""
    found = checked(tmp_path, properties)
    assert [where(line) for line in found] == [
        "$.inputSchema.properties.list.items['x-mcp-header']",
        "$.inputSchema.properties.choice.anyOf[0]['x-mcp-header']",
        "$.inputSchema['$defs'].ref['x-mcp-header']",
    ]
    assert {message(line) for line in found} == {
        "x-mcp-header is on a schema a client cannot reach through properties alone (put it"
        " on a property reached from the root by properties keys alone: items, anyOf/oneOf/"
        "allOf, if/then/else, $defs and $ref hide it)"
    }


def test_an_output_schema_is_not_held_to_them(tmp_path: Path) -> None:
    assert (
        checked(tmp_path, "        a: {type: number, x-mcp-header: A}\n", key="outputSchema") == []
    )
