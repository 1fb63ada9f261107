"""Bedrock profile: toolSpec entries, judged offline by botocore's bedrock-runtime model."""

from __future__ import annotations

import json
from typing import Any

import botocore.session
import pytest
from botocore.validate import ParamValidator

from generator.profiles import bedrock
from generator.profiles.base import INEXPRESSIBLE, LOSSY
from tests.conftest import REPO

CANONICAL = json.loads((REPO / "generated/canonical/tools.json").read_text("utf-8"))["tools"]
CONVERSE = (
    botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse")
)


def converse_request(tool_config: dict[str, Any]) -> dict[str, Any]:
    return {
        "modelId": "anthropic.claude-sonnet-4-5",
        "messages": [{"role": "user", "content": [{"text": "hi"}]}],
        "toolConfig": tool_config,
    }


def validation_report(tool_config: dict[str, Any]) -> str:
    """botocore's own parameter check of a Converse request; "" when it passes."""
    report = ParamValidator().validate(converse_request(tool_config), CONVERSE.input_shape)
    return str(report.generate_report()) if report.has_errors() else ""


def assert_bedrock_accepts(tool_config: dict[str, Any]) -> None:
    assert validation_report(tool_config) == ""


def entry_for(tool: dict[str, Any], *, strict: bool) -> dict[str, Any] | None:
    result = bedrock.to_bedrock(tool["inputSchema"], strict=strict)
    if result.schema is None:
        return None
    return bedrock.tool_entry(
        tool["providerName"], tool["description"], result.schema, strict=strict
    )


def test_tool_spec_shape_and_key_order() -> None:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"q": {"type": "string"}}}  # fmt: skip
    result = bedrock.to_bedrock(schema, strict=False)
    assert result.findings == ()
    entry = bedrock.tool_entry("search", "Find things.", result.schema or {}, strict=False)
    assert entry == {
        "toolSpec": {
            "name": "search",
            "description": "Find things.",
            "inputSchema": {"json": {"type": "object", "properties": {"q": {"type": "string"}}}},
        }
    }
    assert list(entry["toolSpec"]) == ["name", "description", "inputSchema"]
    assert_bedrock_accepts(bedrock.tool_config([entry]))


def test_empty_description_is_left_out_because_bedrock_refuses_it() -> None:
    schema = {"type": "object", "properties": {}}
    with_empty = {"toolSpec": {"name": "t", "description": "", "inputSchema": {"json": schema}}}
    assert validation_report(bedrock.tool_config([with_empty])) == (
        "Invalid length for parameter toolConfig.tools[0].toolSpec.description, value: 0, "
        "valid min length: 1"
    )
    entry = bedrock.tool_entry("t", "", schema, strict=False)
    assert "description" not in entry["toolSpec"]
    assert_bedrock_accepts(bedrock.tool_config([entry]))


def test_strict_is_written_only_when_true_and_the_model_knows_it() -> None:
    assert (
        "strict"
        in CONVERSE.input_shape.members["toolConfig"]
        .members["tools"]
        .member.members["toolSpec"]
        .members
    )
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}
    result = bedrock.to_bedrock(schema, strict=True)
    assert {(f.path, f.code) for f in result.findings} == {(("properties", "n", "minimum"), LOSSY)}
    assert result.schema == {
        "type": "object",
        "properties": {"n": {"type": "integer", "description": "(minimum: 1)"}},
        "additionalProperties": False,
    }
    entry = bedrock.tool_entry("count", "Count.", result.schema, strict=True)
    assert entry["toolSpec"]["strict"] is True
    assert "strict" not in bedrock.tool_entry("count", "Count.", schema, strict=False)["toolSpec"]
    assert_bedrock_accepts(bedrock.tool_config([entry]))


def test_root_must_be_an_object() -> None:
    result = bedrock.to_bedrock({"type": "string"}, strict=False)
    assert result.schema is None
    assert [(f.path, f.code) for f in result.findings] == [((), INEXPRESSIBLE)]


@pytest.mark.parametrize(
    ("name", "ok"), [("github__list_issues", True), ("a-b_c", True), ("a.b", False), ("", False),
                     ("x" * 64, True), ("x" * 65, False)],
)  # fmt: skip
def test_name_rule_is_the_service_models(name: str, ok: bool) -> None:
    assert (bedrock.NAME.check(name) is None) is ok
    shape = CONVERSE.input_shape.members["toolConfig"].members["tools"].member.members["toolSpec"]
    name_shape = shape.members["name"]
    assert name_shape.metadata == {"min": 1, "max": 64, "pattern": "[a-zA-Z0-9_-]+"}


def test_every_example_contract_goes_into_one_valid_converse_request() -> None:
    sent = [tool for tool in CANONICAL if "bedrock" not in tool["targets"]["exclude"]]
    entries = [entry_for(tool, strict=False) for tool in sent]
    assert None not in entries
    assert_bedrock_accepts(bedrock.tool_config([e for e in entries if e is not None]))
    strict_entries = [e for e in (entry_for(t, strict=True) for t in sent) if e is not None]
    assert strict_entries, "some example contracts can go strict"
    assert_bedrock_accepts(bedrock.tool_config(strict_entries))
