"""The official SDKs send the profiles' tools unchanged (requests recorded by a local server).

google-genai, botocore and anthropic each build a real request from tools made of the example
contracts; a local HTTP server records the body. Offline: fake keys, a 127.0.0.1 endpoint.
"""

from __future__ import annotations

import json
import re
from typing import Any

import anthropic
from google import genai
from google.genai import types

from generator.profiles import anthropic as claude
from generator.profiles import bedrock, gemini
from tests.conftest import REPO
from tests.recording_server import bedrock_converse, recording

CANONICAL = json.loads((REPO / "generated/canonical/tools.json").read_text("utf-8"))["tools"]


def gemini_declarations(key: str) -> list[dict[str, Any]]:
    transform = gemini.to_json_schema if key == gemini.JSON_KEY else gemini.to_openapi
    declarations = []
    for tool in CANONICAL:
        result = transform(tool["inputSchema"])
        if result.schema is not None:
            declarations.append(
                gemini.declaration(tool["providerName"], tool["description"], key, result.schema)
            )
    return declarations


def snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def as_sent(schema: Any) -> Any:
    """How the SDK spells a ``parameters`` Schema: proto field names, upper-case type names.

    Property names (the keys under ``properties``) are data and stay as they are.
    """
    if isinstance(schema, list):
        return [as_sent(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "properties":
            out[key] = {name: as_sent(sub) for name, sub in value.items()}
        elif key == "type":
            out[key] = value.upper()
        else:
            out[snake(key)] = as_sent(value) if key in ("items", "anyOf") else value
    return out


def declaration_as_sent(declaration: dict[str, Any]) -> dict[str, Any]:
    """Field names in proto spelling; a JSON Schema travels as it is, a Schema as_sent."""
    return {
        snake(key): as_sent(value) if key == gemini.OPENAPI_KEY else value
        for key, value in declaration.items()
    }


GEMINI_REPLY = {"candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]}}]}


def send_to_gemini(declarations: list[dict[str, Any]]) -> Any:
    with recording(GEMINI_REPLY) as server:
        client = genai.Client(
            api_key="fake-key", http_options=types.HttpOptions(base_url=server.url)
        )
        tool = types.Tool.model_validate({"functionDeclarations": declarations})
        client.models.generate_content(
            model="gemini-test",
            contents="hi",
            config=types.GenerateContentConfig(tools=[tool]),
        )
        path, body = server.requests[0]
        assert len(server.requests) == 1 and path.endswith("models/gemini-test:generateContent")
        return body


def test_gemini_sdk_sends_json_schema_declarations_verbatim() -> None:
    declarations = gemini_declarations(gemini.JSON_KEY)
    assert len(declarations) == len(CANONICAL)
    body = send_to_gemini(declarations)
    sent = body["tools"][0]["functionDeclarations"]
    assert sent == [declaration_as_sent(d) for d in declarations]
    assert [d["parameters_json_schema"] for d in sent] == [
        d[gemini.JSON_KEY] for d in declarations
    ]  # the schema itself byte-for-byte the same data


def test_gemini_sdk_sends_openapi_declarations_changing_only_spelling() -> None:
    declarations = gemini_declarations(gemini.OPENAPI_KEY)
    assert declarations
    body = send_to_gemini(declarations)
    assert body["tools"] == [
        {"functionDeclarations": [declaration_as_sent(d) for d in declarations]}
    ]


def test_botocore_sends_the_bedrock_tool_config_verbatim() -> None:
    entries = []
    for tool in CANONICAL:
        strict = bool(tool["strict"])
        result = bedrock.to_bedrock(tool["inputSchema"], strict=strict)
        if result.schema is not None:
            entries.append(
                bedrock.tool_entry(
                    tool["providerName"], tool["description"], result.schema, strict=strict
                )
            )
    config = bedrock.tool_config(entries)
    assert any("strict" in entry["toolSpec"] for entry in entries)
    server = bedrock_converse(config)
    assert server.requests[0][0] == "/model/anthropic.claude-test/converse"
    assert server.body["toolConfig"] == config


CLAUDE_REPLY = {
    "id": "msg_test",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}


def test_anthropic_sdk_sends_strict_tools_verbatim() -> None:
    tools = []
    for tool in CANONICAL:
        result = claude.to_claude_strict(tool["inputSchema"])
        if result.schema is not None:
            tools.append(
                {
                    "name": tool["providerName"],
                    "description": tool["description"],
                    "input_schema": result.schema,
                    "strict": True,
                }
            )
    assert tools
    with recording(CLAUDE_REPLY) as server:
        client = anthropic.Anthropic(api_key="fake-key", base_url=server.url, max_retries=0)
        client.messages.create(
            model="claude-test",
            max_tokens=16,
            messages=[{"role": "user", "content": "hi"}],
            tools=tools,  # type: ignore[arg-type]  # built as plain dicts, as the file holds them
        )
        assert server.body["tools"] == tools
