"""The targets whose listings are counted: one entry each, built by the target's own emitter.

A target counts exactly the entries its emitter writes (``chat_completions_tool``,
``claude_tool``, …), serialized as the provider's SDK sends them (serialize.py). Adding a
target is one ``Target`` in ``TARGETS``: its entry builder, where the name, description and
input schema sit in an entry, the provider row it is counted under (providers.py), the file
a listing is written to, and the key a listing is wrapped in (MCP's ``{"tools": [...]}``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit import anthropic, mcp, openai
from generator.model import ToolDescriptor
from generator.tokens.serialize import Layout


@dataclass(frozen=True, slots=True)
class Target:
    """One list of tools a provider receives, and how to count it."""

    key: str
    provider: str  # a key of providers.PROVIDERS
    entry: Callable[[ToolDescriptor], dict[str, Any]]
    layout: Layout
    listing: Callable[[ToolDescriptor, EmitOptions], PurePosixPath]
    wrap: str | None = None  # the listing is {wrap: [entries]} instead of [entries]


def _one_file(path: PurePosixPath) -> Callable[[ToolDescriptor, EmitOptions], PurePosixPath]:
    return lambda tool, options: path


def _mcp_file(tool: ToolDescriptor, options: EmitOptions) -> PurePosixPath:
    return PurePosixPath("mcp", f"{mcp.server_of(tool, options)}.json")


TARGETS: tuple[Target, ...] = (
    Target(
        key="openai-chat",
        provider="openai",
        entry=openai.chat_completions_tool,
        layout=Layout(
            ("function", "name"), ("function", "description"), ("function", "parameters")
        ),
        listing=_one_file(openai.CHAT_COMPLETIONS),
    ),
    Target(
        key="openai-responses",
        provider="openai",
        entry=openai.responses_tool,
        layout=Layout(("name",), ("description",), ("parameters",)),
        listing=_one_file(openai.RESPONSES),
    ),
    Target(
        key="anthropic",
        provider="anthropic",
        entry=anthropic.claude_tool,
        layout=Layout(("name",), ("description",), ("input_schema",)),
        listing=_one_file(anthropic.TOOLS),
    ),
    Target(
        key="mcp",
        provider="mcp",
        entry=mcp.mcp_tool,
        layout=Layout(("name",), ("description",), ("inputSchema",)),
        listing=_mcp_file,
        wrap="tools",
    ),
)


def target(key: str, targets: tuple[Target, ...] = TARGETS) -> Target:
    """The target called ``key``; KeyError names the known ones."""
    for candidate in targets:
        if candidate.key == key:
            return candidate
    raise KeyError(f"unknown target {key!r}; known: {', '.join(t.key for t in targets)}")
