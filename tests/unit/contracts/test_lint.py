"""The schema lint beyond the bad-input catalogue: what it must let through, how it
reads dialects and references, its config, and a property over consistent schemas.

The exact message and position of every rule are in tests/bad_inputs/schema-*; the
reference MCP servers' schemas are linted in tests/e2e/test_import_live.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.contracts.lint import check_schema
from generator.contracts.lint.values import surely_valid
from tests.conftest import Project, example_contract_files
from tests.lint_strategies import consistent_schema

EXAMPLES = int(os.environ.get("TOOLCANON_FUZZ_EXAMPLES", "60"))


def _codes(schema: dict[str, Any], extensions: frozenset[str] = frozenset()) -> list[str]:
    return [finding.code for finding in check_schema(schema, extensions)]


@settings(max_examples=EXAMPLES * 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(consistent_schema())
def test_consistent_schemas_have_no_findings(schema: dict[str, Any]) -> None:
    """Built only from its dialect's keywords, every value valid: nothing to say."""
    assert check_schema(schema) == []


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 2), st.sampled_from([1.0, 1.5, -0.0, "", "a", "1"])
)
TYPES = st.sampled_from(["string", "integer", "number", "boolean", "null", "object"])


@settings(max_examples=EXAMPLES * 10, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "type": TYPES | st.lists(TYPES, min_size=1, max_size=3, unique=True),
            "enum": st.lists(SCALARS, max_size=3),
            "const": SCALARS,
            "description": st.just("d"),
        },
    ),
    SCALARS,
)
def test_the_fast_acceptance_is_sound(node: dict[str, Any], value: Any) -> None:
    """What the lint accepts without a validator, jsonschema accepts too."""
    if surely_valid(node, value):
        assert jsonschema.Draft202012Validator(node).is_valid(value)


def test_every_example_contract_lints_clean() -> None:
    """No false positives on the project's own contracts: not even a warning."""
    found = []
    for path in example_contract_files():
        for tool in yaml.safe_load(path.read_text("utf-8"))["tools"]:
            for key in ("inputSchema", "outputSchema"):
                if key in tool:
                    found += [(path.name, tool["name"], f) for f in check_schema(tool[key])]
    assert found == []


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "x-ui": {"order": 1}, "properties": {"a": {"x-hidden": True}}},
        {"type": "object", "definitions": {"a": {"type": "string"}}},  # deprecated, known
        {"type": "object", "dependencies": {"a": ["b"], "c": {"required": ["a"]}}},
        {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "type": "object",
            "properties": {"n": {"type": "number", "minimum": 5, "exclusiveMinimum": True}},
        },
        {"type": "object", "properties": {"a": {"type": ["string", "null"], "default": None}}},
        {"type": "object", "properties": {"a": {"type": "string", "pattern": "^[\\w.-]+$"}}},
    ],
    ids=["x-keys", "definitions", "dependencies", "draft-04-booleans", "null-default", "w-last"],
)
def test_lets_through(schema: dict[str, Any]) -> None:
    assert [c for c in _codes(schema) if c != "TC218"] == []


def test_dependencies_schemas_are_linted_in_2020_12() -> None:
    schema = {"type": "object", "dependencies": {"a": {"propertes": {}}}}
    assert _codes(schema) == ["TC210"]


def test_reference_defaults_are_judged_from_the_root() -> None:
    """A subschema's $ref is relative to the tool schema's root, wherever it sits."""
    schema = {
        "type": "object",
        "$defs": {"n": {"type": "integer", "maximum": 3}},
        "properties": {"a": {"type": "array", "items": {"$ref": "#/$defs/n"}, "default": [1, 9]}},
    }
    (finding,) = check_schema(schema)
    assert finding.path == ("properties", "a", "default")
    assert finding.message.endswith("at $[1]: 9 is greater than the maximum 3")


def test_remote_references_are_never_fetched_nor_judged() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "https://example.invalid/s.json", "default": 1}},
    }
    assert _codes(schema) == ["TC207"]


def test_patterns_match_as_ecma_262() -> None:
    """\\w is ASCII in ECMA-262 (Python's re would accept "é")."""
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "pattern": "^\\w+$", "default": "é"}},
    }
    assert _codes(schema) == ["TC218", "TC213"]


def test_extensions_are_allowed_keywords() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "nullable": True}}}
    assert _codes(schema) == ["TC210"]
    assert _codes(schema, frozenset({"nullable"})) == []


def test_config_schema_extensions(project: Project) -> None:
    """Listed names pass; the per-file cache does not keep the earlier verdict."""
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        tools:
          - name: t
            description: T.
            riskLevel: low
            inputSchema:
              type: object
              properties:
                a: {type: string, discriminator: kind}
        """,
    )
    result = project.run("validate")
    assert result.code == 2
    assert "unknown keyword 'discriminator'" in result.err
    project.write("toolcanon.yaml", "schema-extensions: [discriminator]\n")
    assert project.run("validate").code == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "schema-extension: [a]",
            "toolcanon.yaml:1:1: error[TC050]: unknown config key 'schema-extension' "
            "(did you mean 'schema-extensions'?)",
        ),
        (
            "schema-extensions: nullable",
            "toolcanon.yaml:1:1: error[TC050]: config key 'schema-extensions' must be a list "
            "of keyword names, not a string",
        ),
        (
            "schema-extensions: [nullable, 3]",
            "toolcanon.yaml:1:1: error[TC050]: config key 'schema-extensions' must be a list "
            "of keyword names; it holds a number",
        ),
        (
            "schema-extensions: ['']",
            "toolcanon.yaml:1:1: error[TC050]: config key 'schema-extensions' must not list "
            "an empty name",
        ),
    ],
)
def test_config_schema_extensions_mistakes(project: Project, line: str, message: str) -> None:
    project.write("contracts/a.yaml", "version: 1\ntools: []\n")
    project.write("toolcanon.yaml", line + "\n")
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [message]


def test_strict_summary_says_warnings_counted(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        tools:
          - name: t
            description: T.
            riskLevel: low
            inputSchema:
              type: object
              properties:
                a: {type: string, format: colour}
        """,
    )
    assert project.run("validate").code == 0
    for command in ("validate", "check", "generate"):
        result = project.run(command, "--strict")
        assert result.code == 2
        assert "warning[TC219]" in result.err
        last = result.err.splitlines()[-1]
        assert last.startswith(
            "toolcanon: contracts have errors (1 warning counts as an error under --strict)"
        ), last
    assert not Path(project.generated).exists()


def test_findings_in_json_and_github_formats(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        """
        version: 1
        tools:
          - name: t
            description: T.
            riskLevel: low
            inputSchema:
              type: object
              propertes: {a: {type: string}}
        """,
    )
    result = project.run("validate", "--format", "json")
    assert result.code == 2
    (found,) = json.loads(result.out)
    assert found == {
        "file": "contracts/a.yaml",
        "line": 8,
        "column": 7,
        "severity": "error",
        "code": "TC210",
        "tool": "t",
        "path": "$.inputSchema.propertes",
        "message": "unknown keyword 'propertes'",
        "hint": "did you mean 'properties'?",
    }
    result = project.run("validate", "--format", "github")
    assert result.err.splitlines()[0] == (
        "::error file=contracts/a.yaml,line=8,col=7,title=toolcanon TC210::tool 't': "
        "$.inputSchema.propertes: unknown keyword 'propertes' (did you mean 'properties'?)"
    )
