"""The OpenAI target: function tools for Chat Completions and for the Responses API.

Both files list every tool the contract does not leave out of ``openai``, in canonical
order, with the same four fields; only the envelope differs (Chat Completions nests them
under ``function``). ``parameters`` is
what the OpenAI profile decided: the contract's inputSchema without ``$schema``, or in
strict mode exactly its documented strict transformation. ``strict`` is always
written, so the API never applies a default of its own.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json, sent
from generator.model import FrozenJson, ToolDescriptor, Toolset, thaw

CHAT_COMPLETIONS = PurePosixPath("openai/chat-completions.json")
RESPONSES = PurePosixPath("openai/responses.json")
TARGET = ADAPTER = "openai"


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


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    tools = sent(toolset, inputs, TARGET, ADAPTER)
    return {
        CHAT_COMPLETIONS: dump_json([chat_completions_tool(t, p) for t, p in tools]),
        RESPONSES: dump_json([responses_tool(t, p) for t, p in tools]),
    }
