"""A generated listing served by a real stdio server (the official SDK's low-level
server) and listed by the official ``ClientSession``: what a client of MCP 2026-07-28
receives carries the cache fields the config set, unchanged. A client drops a server
whose ``tools/list`` lacks them.

The session starts with ``discover`` (how a 2026-07-28 client connects): after the
legacy ``initialize`` handshake the SDK negotiates 2025-11-25, a revision without
cache fields, and the server's SDK sieves them out of the result."""

from __future__ import annotations

import json
import sys
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import REPO, Project

SERVER = REPO / "tests" / "mcp_listing_server.py"
CONTRACT = """
version: 1
server: github
tools:
  - name: list_issues
    description: List the issues of a repository.
    riskLevel: low
    isReadOnly: true
    inputSchema:
      type: object
      properties:
        repo: {type: string}
      required: [repo]
"""


async def _listed(params: StdioServerParameters) -> tuple[list[str], dict[str, Any]]:
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        discovered = await client.discover()
        result = await client.list_tools()
    dumped = result.model_dump(by_alias=True, exclude_unset=True, mode="json")
    return discovered.supported_versions, dumped


def test_client_session_receives_ttl_and_cache_scope_intact(project: Project) -> None:
    project.write("contracts/github.yaml", CONTRACT)
    project.write(
        "toolcanon.yaml",
        "targets: [mcp]\nmcp-servers:\n  github: {ttl-ms: 300000, cache-scope: public}\n",
    )
    assert project.run("generate").code == 0
    path = project.generated / "mcp" / "github.json"
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER), str(path)])
    versions, listed = anyio.run(_listed, params)
    assert versions == ["2026-07-28"]
    assert (listed["ttlMs"], listed["cacheScope"], listed["resultType"]) == (
        300000,
        "public",
        "complete",
    )
    assert listed["tools"] == json.loads(path.read_text("utf-8"))["tools"]
