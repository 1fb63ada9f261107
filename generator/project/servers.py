"""``mcp-servers``: what each MCP server's listing says about caching it.

``mcp-servers = {github = {ttl-ms = 300000, cache-scope = "public"}, "*" = {...}}``:
per server (``*``: every server without an entry of its own) how long a client may
keep its ``tools/list`` result and whether a cache may share it across users. A server
the table does not name gets the policy's conservative defaults.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.ir.model import Toolset
from generator.ir.names import is_tool_name
from generator.ir.options import EVERY_SERVER, ServerCache
from generator.ir.policy import CACHE_SCOPES, MCP_CACHE_SCOPE, MCP_TTL_MS
from generator.project.config_file import ConfigText
from generator.project.keys import config_problem

KEY = "mcp-servers"
UNKNOWN_CODE = "TC058"
SETTINGS = ("ttl-ms", "cache-scope")
_HINT = 'write mcp-servers.<server> = {ttl-ms = 300000, cache-scope = "public"}'
_MAX_TTL = 2**53 - 1  # what a JavaScript client can still read as an integer


def entry_positions(text: ConfigText | None, table: Any) -> tuple[tuple[str, Position], ...]:
    """Where each ``mcp-servers`` entry is written, for :func:`unknown_servers` (which
    runs once the contracts are read: only they know the servers)."""
    if text is None or not isinstance(table, dict):
        return ()
    return tuple((server, text.nested_position((KEY, server))) for server in table)


def unknown_servers(
    entries: Sequence[tuple[str, Position]], toolset: Toolset, builtin_server: str
) -> list[Diagnostic]:
    """A warning at each entry naming no server of the contracts (a typo, or a server
    renamed since): its settings would silently reach no listing. The builtin server
    is one when a tool belongs to no server."""
    known = toolset.listed_servers(builtin_server)
    problems = []
    for server, where in entries:
        if server == EVERY_SERVER or server in known:
            continue
        match = difflib.get_close_matches(server, known, n=1)
        listed = f"the contracts' servers: {', '.join(known)}" if known else "no contract has one"
        hint = f"did you mean '{match[0]}'?" if match else listed
        message = f"{KEY}.{server} names no MCP server of the contracts"
        problems.append(Diagnostic(where, message, UNKNOWN_CODE, Severity.WARNING, hint=hint))
    return problems


def server_caches(
    text: ConfigText | None, table: Any
) -> tuple[tuple[ServerCache, ...], list[Diagnostic]]:
    """The checked ``mcp-servers`` entries, sorted by server, and every problem."""
    if text is None or table is None:
        return (), []
    found: list[ServerCache] = []
    problems: list[Diagnostic] = []
    for server, settings in table.items():
        where = text.nested_position((KEY, server))
        if server != EVERY_SERVER and not is_tool_name(server):
            message = f"{KEY}: {server!r} is not an MCP server name"
            problems.append(config_problem(where, message, f'name a server, or "{EVERY_SERVER}"'))
        elif not isinstance(settings, dict):
            problems.append(config_problem(where, f"{KEY}.{server} must be a table", _HINT))
        else:
            trouble = _setting_problems(text, server, settings)
            problems += trouble
            if not trouble:
                found.append(_entry(server, settings))
    return tuple(sorted(found, key=lambda entry: entry.server)), problems


def _setting_problems(text: ConfigText, server: str, settings: dict[str, Any]) -> list[Diagnostic]:
    problems = []
    for key, value in settings.items():
        where = text.nested_position((KEY, server, key))
        name = f"{KEY}.{server}.{key}"
        if key not in SETTINGS:
            problems.append(config_problem(where, f"unknown key '{name}'", _HINT))
        elif key == "ttl-ms" and not _ttl(value):
            message = f"{name} must be a whole number of milliseconds from 0 to {_MAX_TTL}"
            problems.append(config_problem(where, message, "0: a client lists again every time"))
        elif key == "cache-scope" and value not in CACHE_SCOPES:
            message = f"{name} must be one of {', '.join(map(repr, CACHE_SCOPES))}, not {value!r}"
            hint = '"public" only when the list is the same for every user'
            problems.append(config_problem(where, message, hint))
    return problems


def _ttl(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_TTL


def _entry(server: str, settings: dict[str, Any]) -> ServerCache:
    scope = settings.get("cache-scope", MCP_CACHE_SCOPE)
    return ServerCache(server, settings.get("ttl-ms", MCP_TTL_MS), scope)
