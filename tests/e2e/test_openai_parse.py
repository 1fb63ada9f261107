"""What the manual says about when to turn OpenAI strict mode on, held by the SDK itself:
``client.chat.completions.parse()`` refuses the default (non-strict) tools and parses
the arguments of strict ones. The API is a local transport that answers with a tool
call; the SDK's own checks run before any request."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai import OpenAI

try:  # the openai SDK's HTTP client: httpx2 in its current releases, httpx before
    import httpx2
except ImportError:  # pragma: no cover - an older openai
    import httpx as httpx2  # type: ignore[no-redef]

from tests.conftest import MINIMAL, Project
from tests.recording_server import chat_completion

CALL = chat_completion(
    {
        "id": "call_1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "a.txt"}'},
    }
)


def _client() -> OpenAI:
    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=CALL)

    transport = httpx2.MockTransport(answer)
    return OpenAI(
        api_key="test",
        base_url="http://api.test/v1",
        http_client=httpx2.Client(transport=transport),
    )


def _tools(project: Project, *, strict: bool) -> list[Any]:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("toolcanon.yaml", f"openai-strict: {'true' if strict else 'false'}\n")
    assert project.run("generate").code == 0
    tools: list[Any] = json.loads(
        (project.generated / "openai/chat-completions.json").read_text("utf-8")
    )
    return tools


def test_parse_refuses_the_default_tools(project: Project) -> None:
    tools = _tools(project, strict=False)
    with pytest.raises(ValueError, match="Only `strict` function tools can be auto-parsed"):
        _client().chat.completions.parse(model="gpt-test", messages=[], tools=tools)


def test_parse_reads_the_arguments_of_strict_tools(project: Project) -> None:
    tools = _tools(project, strict=True)
    reply = _client().chat.completions.parse(model="gpt-test", messages=[], tools=tools)
    (call,) = reply.choices[0].message.tool_calls or []
    assert call.function.parsed_arguments == {"path": "a.txt"}
