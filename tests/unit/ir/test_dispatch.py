"""The host kit's table, judged by each provider's SDK: the call object the SDK hands over
keeps its name, arguments and id where the table says, and the result objects the table
fills are what the SDK's own request types accept, unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import botocore.session
import pytest
from anthropic.types import ToolResultBlockParam, ToolUseBlock
from botocore.validate import ParamValidator
from google.genai import types as genai
from mcp import types as mcp
from openai.types.chat import ChatCompletionMessageFunctionToolCall, ChatCompletionToolMessageParam
from openai.types.responses import ResponseFunctionToolCall
from openai.types.responses.response_input_param import FunctionCallOutput
from pydantic import BaseModel, TypeAdapter

from generator.core.targets import BY_NAME as TARGETS
from generator.ir.dispatch import (
    BY_FAILURE,
    BY_PROVIDER,
    FAILURES,
    PROVIDER_NAMES,
    PROVIDERS,
    Slot,
    attribute,
    fill,
    shape_json,
)

ARGS = {"path": "a.txt", "limit": 3}
# What each SDK hands a host: the wire JSON of one call of "read_file" with id "c1".
WIRE: dict[str, dict[str, Any]] = {
    "openai-chat": {
        "id": "c1",
        "type": "function",
        "function": {"name": "read_file", "arguments": json.dumps(ARGS)},
    },
    "openai-responses": {
        "type": "function_call",
        "id": "fc_1",
        "call_id": "c1",
        "name": "read_file",
        "arguments": json.dumps(ARGS),
    },
    "anthropic": {"type": "tool_use", "id": "c1", "name": "read_file", "input": ARGS},
    "gemini": {"functionCall": {"id": "c1", "name": "read_file", "args": ARGS}},
    "bedrock": {"toolUse": {"toolUseId": "c1", "name": "read_file", "input": ARGS}},
    "mcp": {"name": "read_file", "arguments": ARGS},
}
SDK_CALL: dict[str, Callable[[dict[str, Any]], Any]] = {
    "openai-chat": ChatCompletionMessageFunctionToolCall.model_validate,
    "openai-responses": ResponseFunctionToolCall.model_validate,
    "anthropic": ToolUseBlock.model_validate,
    "gemini": genai.Part.model_validate,
    "bedrock": lambda wire: wire,  # boto3 hands over plain dicts
    "mcp": mcp.CallToolRequestParams.model_validate,
}
BEDROCK = botocore.session.get_session().get_service_model("bedrock-runtime")


def read(obj: Any, path: tuple[str, ...]) -> Any:
    """What a host reads at ``path``: a key of a mapping, else the attribute."""
    for key in path:
        obj = obj[key] if isinstance(obj, Mapping) else getattr(obj, attribute(key))
    return obj


def accepted(provider: str, result: dict[str, Any]) -> None:
    """Raises unless the SDK's request type for a tool result takes ``result`` as it is."""
    if provider == "openai-chat":
        assert TypeAdapter(ChatCompletionToolMessageParam).validate_python(result) == result
    elif provider == "openai-responses":
        assert TypeAdapter(FunctionCallOutput).validate_python(result) == result
    elif provider == "anthropic":
        assert TypeAdapter(ToolResultBlockParam).validate_python(result) == result
    elif provider == "gemini":
        part = genai.Part.model_validate(result)  # google-genai forbids unknown members
        assert part.model_dump(mode="json", by_alias=True, exclude_none=True) == result
    elif provider == "bedrock":
        report = ParamValidator().validate(result, BEDROCK.shape_for("ContentBlock"))
        assert not report.has_errors(), report.generate_report()
    else:
        parsed = mcp.CallToolResult.model_validate(result)
        assert parsed.model_dump(mode="json", by_alias=True, exclude_unset=True) == result


@pytest.mark.parametrize("provider", PROVIDER_NAMES)
def test_the_call_object_keeps_name_arguments_and_id_where_the_table_says(provider: str) -> None:
    shapes = BY_PROVIDER[provider]  # type: ignore[index]
    for call in (WIRE[provider], SDK_CALL[provider](WIRE[provider])):
        assert read(call, shapes.call.name) == "read_file"
        arguments = read(call, shapes.call.arguments)
        assert (json.loads(arguments) if shapes.call.encoded else arguments) == ARGS
        if shapes.call.call_id is not None:
            assert read(call, shapes.call.call_id) == "c1"
    assert (shapes.call.call_id is None) == (provider == "mcp")  # the JSON-RPC id answers


@pytest.mark.parametrize("provider", PROVIDER_NAMES)
@pytest.mark.parametrize("structured", [None, {"lines": 3}])
def test_the_sdk_accepts_the_success_result_unchanged(provider: str, structured: Any) -> None:
    text = "3 lines" if structured is None else json.dumps(structured)
    value = structured if structured is not None else text
    values = {"call_id": "c1", "name": "read_file", "text": text, "structured": structured}
    result = fill(BY_PROVIDER[provider].success, {**values, "value": value})  # type: ignore[index]
    accepted(provider, result)
    assert json.dumps(result).count('"c1"') == (provider != "mcp")


@pytest.mark.parametrize("provider", PROVIDER_NAMES)
def test_the_sdk_accepts_the_error_result_and_sees_an_error(provider: str) -> None:
    values = {"call_id": "c1", "name": "read_file", "text": 'There is no tool called "x".'}
    result = fill(BY_PROVIDER[provider].error, values)  # type: ignore[index]
    accepted(provider, result)
    flagged = {
        "anthropic": lambda r: r["is_error"] is True,
        "gemini": lambda r: r["functionResponse"]["response"] == {"error": values["text"]},
        "bedrock": lambda r: r["toolResult"]["status"] == "error",
        "mcp": lambda r: r["isError"] is True and "structuredContent" not in r,
    }
    # Chat and Responses have no error flag: the message is the whole output.
    whole = {"openai-chat": "content", "openai-responses": "output"}
    assert flagged.get(provider, lambda r: r[whole[provider]] == values["text"])(result)


def test_a_gemini_call_without_an_id_gets_a_response_without_one() -> None:
    values = {"call_id": None, "name": "read_file", "text": "ok", "value": "ok"}
    result = fill(BY_PROVIDER["gemini"].success, values)
    assert result == {"functionResponse": {"name": "read_file", "response": {"output": "ok"}}}
    accepted("gemini", result)
    assert BY_PROVIDER["gemini"].call.id_optional


def test_every_row_routes_by_a_provider_target_and_undoes_a_known_transform() -> None:
    for row in PROVIDERS:
        assert TARGETS[row.target].provider, row.provider
        assert row.arguments in TARGETS  # parse_arguments' provider= is a target's name
        assert row.names == ("server" if row.target == "mcp" else "provider")


def test_shape_json_marks_slots_and_keeps_member_order() -> None:
    gemini = shape_json(BY_PROVIDER["gemini"].error)
    assert gemini == {
        "functionResponse": {
            "id": {"$slot": "call_id", "optional": True},
            "name": {"$slot": "name"},
            "response": {"error": {"$slot": "text"}},
        }
    }
    assert list(shape_json(BY_PROVIDER["openai-chat"].success)) == [
        "role",
        "tool_call_id",
        "content",
    ]
    assert shape_json(Slot("text")) == {"$slot": "text"}


def test_failures_cover_every_class_and_only_the_invalid_result_is_not_sent() -> None:
    assert [f.kind for f in FAILURES] == [
        "unknown_tool",
        "invalid_arguments",
        "denied",
        "declined",
        "handler_error",
        "invalid_result",
    ]
    assert [f.kind for f in FAILURES if not f.sent] == ["invalid_result"]
    denied = BY_FAILURE["denied"].message.format(name='"write_file"', mode="plan", meaning="M.")
    assert (
        denied == '"write_file" is not allowed in plan mode. M. Do not call it again in this mode.'
    )


@pytest.mark.parametrize(
    ("key", "expected"),
    [("toolUseId", "tool_use_id"), ("functionCall", "function_call"), ("call_id", "call_id")],
)
def test_attribute_is_the_python_sdks_snake_case(key: str, expected: str) -> None:
    assert attribute(key) == expected


def test_sdk_objects_are_pydantic_models_read_by_attribute() -> None:
    """Every Python SDK but boto3 hands over a model, not a mapping: read() must not need
    model_dump (dispatch reads attributes directly)."""
    for provider, make in SDK_CALL.items():
        assert isinstance(make(WIRE[provider]), BaseModel) == (provider != "bedrock")
