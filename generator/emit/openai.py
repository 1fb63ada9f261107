"""The OpenAI target: function tools for Chat Completions and for the Responses API.

Both files list every tool in canonical order with the same four fields; the envelope
differs (Chat Completions nests them under ``function``), and a Responses entry adds the
fields only that API has (``defer_loading``, ``allowed_callers``, ``output_schema``);
tools with a ``namespace`` are grouped into its entry (``lists.group_namespaces``).
``parameters`` is what the OpenAI profile decided: the contract's inputSchema without
``$schema``, or in strict mode exactly its documented strict transformation. ``strict``
is always written, so the API never applies a default of its own.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, Request, ToolList, render_lists
from generator.ir.model import FrozenJson, ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles import tool_fields

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
    """A Responses API ``tools`` entry: the function fields next to ``"type": "function"``,
    then what only Responses takes, each only when the contract sets it: ``defer_loading``,
    ``allowed_callers`` (the values Responses accepts) and ``output_schema``."""
    entry = {"type": "function", **function_fields(tool, parameters)}
    if tool.defer_loading is not None:
        entry["defer_loading"] = tool.defer_loading
    allowed = tool_fields.callers(tool, tool_fields.RESPONSES)
    if allowed is not None:
        entry["allowed_callers"] = allowed
    output = tool_fields.output_schema(tool)
    if output is not None:
        entry["output_schema"] = thaw(output)
    return entry


CHAT_CALL = Call(
    "Chat Completions `message.tool_calls[]` item",
    ((("type",), "function"),),
    ("function", "name"),
    ("function", "arguments"),
    encoded=True,
)
RESPONSES_CALL = Call(
    "Responses API `function_call` output item",
    ((("type",), "function_call"),),
    ("name",),
    ("arguments",),
    encoded=True,
)


def _parameters(tool: ToolDescriptor, inputs: Inputs) -> FrozenJson:
    return inputs.adapted[ADAPTER][tool.name].schema


LISTS = (
    ToolList(
        "openai-chat",
        "openai",
        lambda tool, inputs: chat_completions_tool(tool, _parameters(tool, inputs)),
        Layout(("function", "name"), ("function", "description"), ("function", "parameters")),
        CHAT_COMPLETIONS,
        called=lambda tool: tool.provider_name,
        export=Export(
            "openaiChatTools",
            "OpenAIChatTool",
            "OpenAI Chat Completions `tools`",
            "`ChatCompletionTool[]` of `openai`",
        ),
        target=TARGET,
        adapter=ADAPTER,
        call=CHAT_CALL,
        request=Request("allowed-tools-chat", "OpenAIChatRequest"),
    ),
    ToolList(
        "openai-responses",
        "openai",
        lambda tool, inputs: responses_tool(tool, _parameters(tool, inputs)),
        Layout(("name",), ("description",), ("parameters",)),
        RESPONSES,
        called=lambda tool: tool.provider_name,
        export=Export(
            "openaiResponsesTools",
            "OpenAIResponsesTool",
            "OpenAI Responses API `tools`",
            "`Tool[]` (Responses) of `openai`",
        ),
        target=TARGET,
        adapter=ADAPTER,
        call=RESPONSES_CALL,
        request=Request("allowed-tools-responses", "OpenAIResponsesRequest"),
        namespaced=True,
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
