"""The OpenAI target: function tools for Chat Completions and for the Responses API.

Both files list every tool in canonical order with the same four fields; only the
envelope differs (Chat Completions nests them under ``function``). ``parameters`` is
what the OpenAI profile decided: the contract's inputSchema without ``$schema``, or in
strict mode exactly its documented strict transformation. ``strict`` is always
written, so the API never applies a default of its own.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json
from generator.emit.lists import ProviderList
from generator.model import FrozenJson, ToolDescriptor, Toolset, thaw

CHAT_COMPLETIONS = PurePosixPath("openai/chat-completions.json")
RESPONSES = PurePosixPath("openai/responses.json")
ADAPTER = "openai"
TARGET = "openai"


def function_fields(tool: ToolDescriptor, parameters: FrozenJson) -> dict[str, Any]:
    """name, description, parameters and strict: what both APIs call a function."""
    return {
        "name": tool.provider_name,
        "description": tool.description,
        "parameters": thaw(parameters),
        "strict": tool.strict,
    }


def chat_completions_tool(tool: ToolDescriptor, parameters: FrozenJson) -> dict[str, Any]:
    """A Chat Completions ``tools`` entry: ``{"type": "function", "function": {...}}``."""
    return {"type": "function", "function": function_fields(tool, parameters)}


def responses_tool(tool: ToolDescriptor, parameters: FrozenJson) -> dict[str, Any]:
    """A Responses API ``tools`` entry: the function fields next to ``"type": "function"``."""
    return {"type": "function", **function_fields(tool, parameters)}


def lists(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> tuple[ProviderList, ...]:
    """The Chat Completions and the Responses ``tools``, as written and as exported."""
    adapted = inputs.adapted[ADAPTER]
    sent = [(tool, adapted[tool.name].schema) for tool in toolset]
    tools = tuple(tool.name for tool in toolset)
    names = tuple(tool.provider_name for tool in toolset)
    chat = tuple(chat_completions_tool(t, p) for t, p in sent)
    responses = tuple(responses_tool(t, p) for t, p in sent)
    return (
        ProviderList(
            TARGET,
            "openaiChatTools",
            "OpenAIChatTool",
            "OpenAI Chat Completions `tools`",
            "`ChatCompletionTool[]` of `openai`",
            CHAT_COMPLETIONS,
            chat,
            tools,
            names,
        ),
        ProviderList(
            TARGET,
            "openaiResponsesTools",
            "OpenAIResponsesTool",
            "OpenAI Responses API `tools`",
            "`FunctionTool[]` (Responses) of `openai`",
            RESPONSES,
            responses,
            tools,
            names,
        ),
    )


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return {found.file: dump_json(list(found.entries)) for found in lists(toolset, options, inputs)}
