"""End to end over MCP's stdio transport: a real server serves each generated listing and
the official client lists exactly the generated tools."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.conftest import REPO

SERVER = Path(__file__).parents[2] / "mcp_listing_server.py"
LISTINGS = sorted((REPO / "generated" / "mcp").glob("*.json"))


async def list_over_stdio(listing: Path) -> list[dict[str, Any]]:
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER), str(listing)])
    async with Client(params) as client:
        result = await client.list_tools()
    return [
        tool.model_dump(by_alias=True, exclude_unset=True, mode="json") for tool in result.tools
    ]


async def list_all() -> dict[str, list[dict[str, Any]]]:
    """Every listing through its own server process, the servers running side by side."""
    found: dict[str, list[dict[str, Any]]] = {}

    async def one(listing: Path) -> None:
        found[listing.stem] = await list_over_stdio(listing)

    async with anyio.create_task_group() as group:
        for listing in LISTINGS:
            group.start_soon(one, listing)
    return found


def test_client_lists_exactly_the_generated_tools() -> None:
    assert [p.stem for p in LISTINGS] == ["acme.docs", "builtin", "github", "postgres"]
    expected = {p.stem: json.loads(p.read_text("utf-8"))["tools"] for p in LISTINGS}
    listed = anyio.run(list_all)
    for server, tools in expected.items():
        assert listed[server] == tools, server
