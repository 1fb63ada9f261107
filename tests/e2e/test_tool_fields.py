"""The providers' own tool fields, judged by the real SDKs: the golden case's Responses and
Claude files are valid SDK tool params, and a request each SDK builds from them (recorded
by a local server) carries defer_loading, allowed_callers and output_schema unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import openai
from anthropic.types import ToolParam
from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

from tests.e2e.test_profile_requests import CLAUDE_REPLY
from tests.recording_server import recording

EXPECTED = Path(__file__).parents[1] / "cases/tool-fields/expected"
RESPONSES_REPLY: dict[str, Any] = {
    "id": "r",
    "object": "response",
    "created_at": 0,
    "model": "m",
    "output": [],
    "status": "completed",
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
}


def load(relative: str) -> Any:
    return json.loads((EXPECTED / relative).read_text("utf-8"))


def by_name(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in entries}


def test_responses_entries_are_function_tool_params_with_the_new_fields() -> None:
    entries = load("openai/responses.json")
    adapter: TypeAdapter[Any] = TypeAdapter(FunctionToolParam)
    for entry in entries:
        assert adapter.validate_python(entry, strict=True) == entry  # nothing dropped
    found = by_name(entries)
    assert found["search_orders"]["defer_loading"] is True
    assert found["search_orders"]["allowed_callers"] == ["direct", "programmatic"]
    assert "$schema" not in found["search_orders"]["output_schema"]
    assert found["export_report"]["allowed_callers"] == ["programmatic"]
    assert {"defer_loading", "allowed_callers", "output_schema"}.isdisjoint(found["ping"])


def test_claude_entries_are_tool_params_with_their_own_callers() -> None:
    entries = load("anthropic/tools.json")
    adapter: TypeAdapter[Any] = TypeAdapter(ToolParam)
    for entry in entries:
        assert adapter.validate_python(entry, strict=True) == entry
    found = by_name(entries)
    assert found["search_orders"]["allowed_callers"] == ["direct", "code_execution_20260120"]
    assert "allowed_callers" not in found["export_report"]  # none Claude takes: its default
    assert found["export_report"]["defer_loading"] is False


def test_chat_completions_entries_carry_none_of_them() -> None:
    for entry in load("openai/chat-completions.json"):
        assert list(entry["function"]) == ["name", "description", "parameters", "strict"]


def test_a_responses_request_carries_the_file_unchanged() -> None:
    tools = load("openai/responses.json")
    with recording(RESPONSES_REPLY) as server:
        client = openai.OpenAI(api_key="fake-key", base_url=server.url, max_retries=0)
        client.responses.create(model="gpt-test", input="hi", tools=tools)
        assert server.body["tools"] == tools


def test_a_messages_request_carries_the_file_unchanged() -> None:
    tools = load("anthropic/tools.json")
    with recording(CLAUDE_REPLY) as server:
        client = anthropic.Anthropic(api_key="fake-key", base_url=server.url, max_retries=0)
        client.messages.create(
            model="claude-test",
            max_tokens=16,
            messages=[{"role": "user", "content": "hi"}],
            tools=tools,
        )
        assert server.body["tools"] == tools
