"""Names: canonical names and the provider-safe names derived from them.

A tool's own name (and a server's) is a valid MCP tool name that is never a path.
Canonical names of MCP tools are ``<server>::<tool>``. OpenAI and Claude accept
``^[a-zA-Z0-9_-]{1,64}$``: the derived name replaces ``::`` with ``__`` and any other
illegal character with ``_``; when two tools end up with the same name, or a name is
too long, the contract must say ``providerName`` explicitly — we never invent a hash
or a counter a model sees. ``routes`` is the reverse map a host uses to turn a model's
call back into a canonical tool.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PROVIDER_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
TOOL_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$")
# The safe overlap of the MCP spec's tool names and SEP-986; TOOL_NAME is a subset of it.
MCP_TOOL_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
SERVER_SEPARATOR = "::"
MAX_PROVIDER_NAME = 64
TOOL_NAME_RULE = "letters, digits, '_', '.', '-'; at most 64; not starting with '.' or '-'"
_ILLEGAL = re.compile(r"[^a-zA-Z0-9_-]")


def canonical_name(tool_name: str, server: str | None) -> str:
    """``<server>::<tool>`` for tools of an MCP server, else the tool's own name."""
    return f"{server}{SERVER_SEPARATOR}{tool_name}" if server else tool_name


def derive_provider_name(canonical: str) -> str:
    """The provider-facing name for a canonical name (may be over-long; callers check)."""
    return _ILLEGAL.sub("_", canonical.replace(SERVER_SEPARATOR, "__"))


def is_provider_name(name: str) -> bool:
    """True when OpenAI and Claude both accept ``name``."""
    return PROVIDER_NAME.fullmatch(name) is not None


def is_tool_name(name: str) -> bool:
    """True for a valid tool or server name (a valid MCP tool name, never a path)."""
    return TOOL_NAME.fullmatch(name) is not None


def is_mcp_tool_name(name: str) -> bool:
    """True when MCP clients accept ``name`` as a tool name."""
    return MCP_TOOL_NAME.fullmatch(name) is not None


def routes(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Provider name → canonical name, sorted by provider name.

    ``pairs`` are (provider name, canonical name); resolve has already refused
    duplicates, so a provider name seen twice here is a bug, not bad input.
    """
    found: dict[str, str] = {}
    for provider, canonical in pairs:
        if found.setdefault(provider, canonical) != canonical:
            raise ValueError(f"provider name {provider!r} names two tools")
    return dict(sorted(found.items()))


_LABEL = r"[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
META_KEY = re.compile(
    rf"(?:(?P<prefix>{_LABEL}(?:\.{_LABEL})*)/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?"
)
"""MCP's rule for a ``_meta`` key: an optional prefix of dot-separated labels (a letter
first, a letter or digit last, hyphens between) and a slash, then a name that is empty
or starts and ends with a letter or digit (``.``, ``_``, ``-`` inside)."""
RESERVED_LABELS = ("modelcontextprotocol", "mcp")  # as a prefix's second label: MCP's own


def is_meta_key(key: str) -> bool:
    """True when ``key`` follows MCP's ``_meta`` key naming rule."""
    return META_KEY.fullmatch(key) is not None


def meta_key_problem(key: str) -> str | None:
    """Why ``key`` may not be a ``_meta`` key someone other than MCP chose (None: it
    may): it breaks the naming rule, or its prefix is one MCP reserves for itself."""
    match = META_KEY.fullmatch(key)
    if match is None:
        return "it breaks MCP's _meta key naming rule"
    labels = (match["prefix"] or "").split(".")
    if len(labels) > 1 and labels[1].lower() in RESERVED_LABELS:
        return f"its prefix is reserved for MCP (second label '{labels[1]}')"
    return None
