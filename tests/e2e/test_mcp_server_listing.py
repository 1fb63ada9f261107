"""What the generated MCP servers, Python's and TypeScript's, answer to ``tools/list``: the
generated file of their server unchanged — the tools *and* the cache fields of MCP
2026-07-28, which a client of that revision needs or drops the server — and, for a host
made for a host overlay, that host's file (its tools, its fields), never the shared one."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import REPO, generate_in
from tests.generated_python import import_fresh
from tests.mcp_wire import tools_list_result

PACKAGE = "toolcanon_tools"
TOOLS = """
version: 1
server: github
tools:
  - name: list_issues
    description: List the issues of a repository.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema: {type: object, properties: {repo: {type: string}}, required: [repo]}
  - name: close_issue
    description: Close an issue.
    riskLevel: medium
    inputSchema: {type: object, properties: {number: {type: integer}}, required: [number]}
"""
OVERLAY = """
version: 1
host: desktop
exclude: ["github::close_issue"]
tools:
  - match: "github::list_issues"
    requiresConfirmation: true
"""
CONFIG = """
contracts: contracts
hosts: contracts/hosts
mcp-servers:
  github: {ttl-ms: 60000, cache-scope: public}
"""
HANDLERS = f"""
from {PACKAGE} import ToolHost

app = ToolHost(host="desktop", allow_missing=True)
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("listing")
    (root / "contracts" / "hosts").mkdir(parents=True)
    (root / "contracts" / "github.yaml").write_text(TOOLS, "utf-8")
    (root / "contracts" / "hosts" / "desktop.yaml").write_text(OVERLAY, "utf-8")
    (root / "toolcanon.yaml").write_text(CONFIG, "utf-8")
    (root / "handlers.py").write_text(HANDLERS, "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert generate_in(root) == 0
    return root


def _file(project: Path, relative: str) -> Any:
    return json.loads((project / "generated" / relative).read_text("utf-8"))


def test_the_listing_is_the_generated_file_on_each_host(project: Path) -> None:
    mcp = import_fresh(project / "generated" / "python", f"{PACKAGE}._mcp")
    assert mcp.listing("github") == _file(project, "mcp/github.json")
    on_desktop = mcp.listing("github", "desktop")
    assert on_desktop == _file(project, "hosts/desktop/mcp/github.json")
    assert [tool["name"] for tool in on_desktop["tools"]] == ["list_issues"]
    assert (on_desktop["ttlMs"], on_desktop["cacheScope"]) == (60000, "public")


async def _listed(params: StdioServerParameters) -> dict[str, Any]:
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.discover()  # a 2026-07-28 client: the cache fields are in that revision
        result = await client.list_tools()
    listed: dict[str, Any] = result.model_dump(by_alias=True, exclude_unset=True, mode="json")
    return listed


def test_a_2026_07_28_client_lists_the_host_s_file_with_its_cache_fields(project: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", PACKAGE, "serve", "github", "--handlers", "handlers"],
        env={"PYTHONPATH": str(project / "generated" / "python"), "PATH": "/usr/bin:/bin"},
        cwd=str(project),
    )
    listed = anyio.run(_listed, params)
    # 2026-07-28 results name their server: the package's version says which build it is
    package = import_fresh(project / "generated" / "python", PACKAGE)
    server_info = {"name": "github", "version": package.__version__}
    assert listed.pop("_meta") == {"io.modelcontextprotocol/serverInfo": server_info}
    assert listed == _file(project, "hosts/desktop/mcp/github.json")


TS_SERVER = """
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createToolHost } from "./generated/typescript/index.js";

const options = { mode: "default", host: "desktop", allowUnhandled: true, handlers: {} };
const host = createToolHost(options);
await (await host.mcpServer("github")).connect(new StdioServerTransport());
"""


def test_the_typescript_server_of_a_host_sends_that_host_s_file(project: Path) -> None:
    modules = REPO / "tests/ts_harness/node_modules"
    if not (modules / "@modelcontextprotocol" / "sdk").is_dir():
        pytest.skip("the MCP SDK is needed: run `npm ci` in tests/ts_harness")
    link = project / "node_modules"
    if not link.exists():
        link.symlink_to(modules, target_is_directory=True)
    (project / "package.json").write_text('{"type": "module"}\n', "utf-8")
    (project / "server.mjs").write_text(TS_SERVER, "utf-8")
    result = tools_list_result(["node", "server.mjs"], project)
    assert result == _file(project, "hosts/desktop/mcp/github.json")
