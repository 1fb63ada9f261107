"""Names: canonical names and the provider-safe names derived from them.

OpenAI and Claude accept ``^[a-zA-Z0-9_-]{1,64}$``. The derived name replaces
``::`` with ``__`` and any other illegal character with ``_``; when two tools
end up with the same name, or a name is too long, the contract must say
``providerName`` explicitly — we never invent a hash or a counter a model sees.
"""

from __future__ import annotations

import re

PROVIDER_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
TOOL_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$")
MAX_PROVIDER_NAME = 64
_ILLEGAL = re.compile(r"[^a-zA-Z0-9_-]")


def canonical_name(tool_name: str, server: str | None) -> str:
    """``<server>::<tool>`` for tools of an MCP server, else the tool's own name."""
    return f"{server}::{tool_name}" if server else tool_name


def derive_provider_name(canonical: str) -> str:
    """The provider-facing name for a canonical name (may be over-long; callers check)."""
    return _ILLEGAL.sub("_", canonical.replace("::", "__"))


def is_provider_name(name: str) -> bool:
    """True when OpenAI and Claude both accept ``name``."""
    return PROVIDER_NAME.fullmatch(name) is not None


def is_tool_name(name: str) -> bool:
    """True for a valid tool or server name (a valid MCP tool name, never a path)."""
    return TOOL_NAME.fullmatch(name) is not None
