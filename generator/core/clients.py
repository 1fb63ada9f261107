"""Client profiles: what each agent client takes, one row per published limit.

A client (an editor or desktop app that connects to MCP servers, or a provider's API)
limits what it accepts beyond what the protocol does: how long the name it builds from
a server's name and a tool's may be, which characters it takes, how many tools one
request may carry. Users meet these first and no schema says them, so each row holds
the number or pattern and the page where the client's maintainers (its documentation,
its own error message, or an issue where they state it) published it. A limit nobody
published is not a row: ``docs/clients.md`` says which are missing and why.

The config's ``clients`` list names which profiles a project checks; the client stage
(``generator/clients``) turns every row of those into warnings at contract lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Subject = Literal["name", "parameter", "tools"]

CLIENTS: dict[str, str] = {
    "chatgpt": "ChatGPT",
    "claude-code": "Claude Code",
    "claude-desktop": "Claude Desktop",
    "copilot-chat": "Copilot Chat",
    "copilot-cli": "Copilot CLI",
    "cursor": "Cursor",
    "gemini": "Gemini",
}
"""Every client a config may name, with the product name diagnostics use."""

NAME_TOO_LONG = "TC600"
NAME_CHARACTERS = "TC601"
PARAMETER_NAME = "TC602"
TOO_MANY_TOOLS = "TC603"


@dataclass(frozen=True, slots=True)
class ClientLimit:
    """One limit of one client.

    ``subject`` is what it limits: the name the client builds for a tool (``shape``
    spells it from ``{server}``, the server the tool is listed under, and ``{tool}``, its
    name inside that server), a parameter's name, or the tools of one request.
    ``target`` is the list the client reads (``mcp``: the server listings; ``gemini``:
    the function declarations), so a tool the contract leaves out of it is not counted.
    ``most`` is the most characters (or tools) it takes, ``pattern`` the characters,
    ``rule`` both in words, ``source`` where the number comes from.
    """

    client: str
    subject: Subject
    target: str
    shape: str
    most: int | None
    pattern: re.Pattern[str] | None
    rule: str
    source: str


_SNAKE_OR_KEBAB = re.compile(r"[A-Za-z0-9_-]+")
# FunctionDeclaration.name and .parameters as the google-genai SDK documents them (3.x).
_GENAI_TYPES = "https://github.com/googleapis/python-genai/blob/main/google/genai/types.py"

LIMITS: tuple[ClientLimit, ...] = (
    ClientLimit(
        "claude-code",
        "name",
        "mcp",
        "mcp__{server}__{tool}",
        64,
        None,
        "Claude Code names a server's tool mcp__<server>__<tool>, and the Claude API "
        "takes tool names of at most 64 characters",
        "https://github.com/cloudflare/skills/issues/11",
    ),
    ClientLimit(
        "claude-desktop",
        "name",
        "mcp",
        "{tool}",
        64,
        _SNAKE_OR_KEBAB,
        "tool names of at most 64 characters, snake or kebab case (letters, digits, '_', '-')",
        "https://github.com/anthropics/claude-plugins-official/blob/main/plugins/"
        "mcp-server-dev/skills/build-mcp-app/references/directory-checklist.md",
    ),
    ClientLimit(
        "copilot-chat",
        "tools",
        "mcp",
        "",
        128,
        None,
        "at most 128 tools in one request",
        "https://github.com/microsoft/vscode/issues/256629",
    ),
    ClientLimit(
        "copilot-cli",
        "name",
        "mcp",
        "{server}-{tool}",
        64,
        None,
        "Copilot CLI names a server's tool <server>-<tool>; with Claude models the name "
        "may hold at most 64 characters",
        "https://github.com/microsoft/mcp/issues/842",
    ),
    ClientLimit(
        "copilot-cli",
        "name",
        "mcp",
        "{server}-{tool}",
        None,
        _SNAKE_OR_KEBAB,
        "the name <server>-<tool> holds only letters, digits, '_' and '-' (the API "
        "checks it against ^[a-zA-Z0-9_-]{1,128}$)",
        "https://github.com/github/copilot-cli/issues/1879",
    ),
    ClientLimit(
        "cursor",
        "name",
        "mcp",
        "{server}{tool}",
        59,
        None,
        "server name and tool name together under 60 characters: Cursor filters out a "
        "tool whose combined length is 60 or more",
        "https://github.com/ComposioHQ/composio/issues/2788",
    ),
    ClientLimit(
        "gemini",
        "parameter",
        "gemini",
        "",
        64,
        re.compile(r"[A-Za-z_][A-Za-z0-9_]*"),
        "a parameter name starts with a letter or '_', then letters, digits and '_', "
        "at most 64 characters",
        _GENAI_TYPES,
    ),
)
"""Every published limit, by client. ChatGPT has none, and Gemini's function names are
the gemini target's own check (TC152, at 64 stricter than the SDK's 128): see
``docs/clients.md``."""


def limits_of(client: str) -> tuple[ClientLimit, ...]:
    """The rows of ``client``, in table order."""
    return tuple(limit for limit in LIMITS if limit.client == client)
