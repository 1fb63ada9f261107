"""What a server should serve according to its contracts: the ``tools/list`` entries
``toolcanon generate`` writes to ``mcp/<server>.json``, with where each tool is written."""

from __future__ import annotations

from typing import Any

from generator.core.diagnostics import COMMAND_LINE, ContractError, Diagnostic, Position
from generator.core.paths import display
from generator.emit.mcp import DIGEST_KEY, mcp_tool, server_of
from generator.ir.model import ToolDescriptor
from generator.project.settings import Config
from generator.run.pipeline import load_contracts
from generator.verify.compare import Expected

NO_SUCH_SERVER = "TC501"


def from_contracts(config: Config, server: str) -> Expected:
    """The contracts' entries for ``server``; ContractError when they do not load or
    no contract declares that server."""
    loaded = load_contracts(config, strict=config.strict)
    if loaded.toolset is None:
        raise ContractError(loaded.diagnostics)
    tools = [tool for tool in loaded.toolset if server_of(tool, config.emit) == server]
    if not tools:
        known = sorted({server_of(tool, config.emit) for tool in loaded.toolset})
        raise ContractError([_no_server(server, known)])
    return Expected(
        label=display(config.contracts, config.root) + "/",
        namespace=None if server == config.emit.builtin_server else server,
        tools={tool.tool_name: reviewed_entry(tool) for tool in tools},
        places={tool.tool_name: tool.where for tool in tools},
        default_titles={tool.tool_name: tool.title for tool in tools if tool.title == tool.name},
    )


def reviewed_entry(tool: ToolDescriptor) -> dict[str, Any]:
    """The generated ``tools/list`` entry, less a title left to its default.

    A contract without ``title`` gets the canonical name as its title; that is
    toolcanon's default, not something the server was reviewed as saying."""
    entry = mcp_tool(tool)
    del entry["_meta"][DIGEST_KEY]  # verify computes digests itself; a claim is the server's
    if tool.title == tool.name:
        del entry["title"]
        del entry["annotations"]["title"]
    return entry


def _no_server(server: str, known: list[str]) -> Diagnostic:
    servers = ", ".join(f"'{name}'" for name in known) or "none"
    return Diagnostic(
        Position(COMMAND_LINE, 1, 1),
        f"no contract declares server '{server}' (servers in the contracts: {servers})",
        NO_SUCH_SERVER,
        hint="import the server first (toolcanon import --mcp-stdio …), or compare with a "
        "pin: --against-pin FILE",
    )
