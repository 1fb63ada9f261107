"""The client stage: every limit of the clients the config names, checked on every run.

Runs only when the config sets ``clients``, after the profile stage, over the resolved
Toolset and its hosts. Each row of ``core/clients.LIMITS`` for a named client is one
check: a name the client builds (from the server the tool is listed under and its name
inside the server: what the MCP listing carries) at the tool's ``name`` line; a
parameter's name at the property's key; a list with more tools than the client takes
at the config's entry for the client. All are warnings (errors under ``--strict``): a client
that refuses a tool breaks that client, not the contracts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from generator.core.clients import (
    CLIENTS,
    NAME_CHARACTERS,
    NAME_TOO_LONG,
    PARAMETER_NAME,
    TOO_MANY_TOOLS,
    ClientLimit,
    limits_of,
)
from generator.core.diagnostics import Diagnostic, JsonPath, Position, Severity
from generator.emit.mcp import server_of
from generator.emit.views import host_toolset, masked
from generator.ir.model import ToolDescriptor, Toolset
from generator.ir.options import EmitOptions
from generator.ir.policy import MODES
from generator.project.settings import Config


def check_clients(toolset: Toolset, config: Config) -> list[Diagnostic]:
    """Every finding of every limit of the config's clients (none without ``clients``)."""
    found = tool_limits(toolset, config)
    for client in config.clients:
        for limit in limits_of(client.name):
            if limit.subject == "tools":
                found += _list_sizes(toolset, limit, client.position)
    return found


def tool_limits(toolset: Toolset, config: Config) -> list[Diagnostic]:
    """The findings about single tools (names, parameters): what ``import`` checks for
    the tools it adds, whose lists it cannot count without every other tool's fields."""
    found: list[Diagnostic] = []
    for client in config.clients:
        for limit in limits_of(client.name):
            if limit.subject != "tools":
                tools = (tool for tool in toolset if tool.sent_to(limit.target))
                check = _name if limit.subject == "name" else _parameters
                found += [d for tool in tools for d in check(tool, config.emit, limit)]
    return found


def _name(tool: ToolDescriptor, options: EmitOptions, limit: ClientLimit) -> list[Diagnostic]:
    """The name ``limit``'s client builds for ``tool``, against its length and characters."""
    server = server_of(tool, options)
    seen = limit.shape.format(server=server, tool=tool.tool_name)
    client = CLIENTS[limit.client]
    said = f"{client} calls this tool {seen!r}"
    if "{server}" in limit.shape:
        said += f" (server '{server}' of mcp/{server}.json)"
    path: JsonPath = ("name",)
    found = []
    if limit.most is not None and len(seen) > limit.most:
        message = f"{said}: {len(seen)} characters, more than the {limit.most} {client} takes"
        hint = _fix(limit, server, "shorten the tool's name", "a shorter name than")
        found.append(_at(tool, path, message, NAME_TOO_LONG, hint))
    if limit.pattern is not None and not limit.pattern.fullmatch(seen):
        message = f"{said}, which {client} refuses: {limit.rule}"
        hint = _fix(limit, server, "rename the tool", "a name other than", rule=False)
        found.append(_at(tool, path, message, NAME_CHARACTERS, hint))
    return found


def _fix(limit: ClientLimit, server: str, change: str, other: str, *, rule: bool = True) -> str:
    """What to change: the tool's name, or the name the server is registered under in
    the client; the rule (unless the message said it already) and where it is published."""
    if "{server}" in limit.shape:
        change += f", or register the server under {other} '{server}'"
    said = f"; {limit.rule}" if rule else ""
    return f"{change}{said} (source: {limit.source})"


def _parameters(tool: ToolDescriptor, options: EmitOptions, limit: ClientLimit) -> list[Diagnostic]:
    """The tool's parameters (the top-level properties) whose names the client refuses."""
    properties = tool.input_schema.get("properties")
    if not isinstance(properties, Mapping):
        return []
    client = CLIENTS[limit.client]
    found = []
    for name in properties:
        too_long = limit.most is not None and len(name) > limit.most
        if too_long or (limit.pattern is not None and not limit.pattern.fullmatch(name)):
            message = f"{client} refuses the parameter name {name!r}: {limit.rule}"
            hint = f"rename the parameter (source: {limit.source})"
            path = ("inputSchema", "properties", name)
            found.append(_at(tool, path, message, PARAMETER_NAME, hint))
    return found


def _at(tool: ToolDescriptor, path: JsonPath, message: str, code: str, hint: str) -> Diagnostic:
    where = tool.where.locate(path)
    return Diagnostic(where, message, code, Severity.WARNING, tool=tool.name, path=path, hint=hint)


def _list_sizes(toolset: Toolset, limit: ClientLimit, where: Position) -> list[Diagnostic]:
    """One warning per list (the project's, or a host's) with a mode over the limit."""
    found = []
    client = CLIENTS[limit.client]
    for host, tools in _lists(toolset):
        most = limit.most
        over = [(mode, n) for mode, n in _mode_sizes(tools, limit) if most and n > most]
        if not over:
            continue
        sizes = ", ".join(f"'{mode}' {n}" for mode, n in over)
        of = "" if host is None else f" of host '{host}'"
        message = (
            f"{client} takes at most {limit.most} tools in one request; the mode lists{of} "
            f"hold more ({sizes}), counting every server's tools"
        )
        hint = (
            "offer fewer tools in those modes (a host overlay selects tools), or connect "
            f"fewer servers at once (source: {limit.source})"
        )
        found.append(Diagnostic(where, message, TOO_MANY_TOOLS, Severity.WARNING, hint=hint))
    return found


def _lists(toolset: Toolset) -> Iterator[tuple[str | None, Toolset]]:
    """The shared list, then each host's view."""
    yield None, toolset
    for view in toolset.hosts:
        yield view.name, host_toolset(toolset, view)


def _mode_sizes(tools: Toolset, limit: ClientLimit) -> list[tuple[str, int]]:
    """How many tools of ``limit``'s list each mode offers (``decide``'s table: the
    tools a mode denies are not offered)."""
    return [
        (mode, sum(tool.sent_to(limit.target) for tool in masked(tools, mode))) for mode in MODES
    ]
