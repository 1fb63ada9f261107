"""``toolcanon import --mcp-stdio``: real MCP servers, written by others, round-tripped.

Each reference server (two from PyPI, two from npm, installed by ``make test``) is
imported over stdio, the project is generated, and every tool in the output must
(canonical/tools.json and mcp/<server>.json) must have exactly the name,
description and inputSchema the official MCP client lists,
with annotations that agree. Broken servers must fail cleanly and write nothing.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.conftest import REPO, Project, tree_snapshot

BIN = Path(sys.executable).parent
SERVERS_DIR = REPO / "tests" / "mcp_servers"
NODE_SERVERS = SERVERS_DIR / "node_modules" / "@modelcontextprotocol"


def _node(package: str) -> list[str]:
    script = NODE_SERVERS / package / "dist" / "index.js"
    if not script.is_file():
        pytest.fail(f"{script} is missing: run 'make test' (npm ci in tests/mcp_servers)")
    return ["node", str(script)]


def _python(script: str) -> list[str]:
    return [str(BIN / script)]


def _git_repo(folder: Path) -> Path:
    repo = folder / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return repo


def _server(name: str, tmp: Path) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of one reference server."""
    if name == "time":
        return _python("mcp-server-time"), {}
    if name == "git":
        return [*_python("mcp-server-git"), "--repository", str(_git_repo(tmp))], {}
    if name == "filesystem":
        return [*_node("server-filesystem"), str(tmp)], {}
    return _node("server-memory"), {"MEMORY_FILE_PATH": str(tmp / "memory.jsonl")}


async def _official_listing(command: list[str], env: dict[str, str]) -> list[dict[str, Any]]:
    """What the official MCP client lists, every page: the originals to compare with."""
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=command[0], args=command[1:], env=env)
    tools: list[dict[str, Any]] = []
    with anyio.fail_after(60), tempfile.TemporaryFile("w+") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            cursor = None
            while True:
                page = await session.list_tools(
                    params=types.PaginatedRequestParams(cursor=cursor) if cursor else None
                )
                tools += [t.model_dump(by_alias=True, exclude_none=True) for t in page.tools]
                cursor = page.next_cursor
                if cursor is None:
                    return tools


@dataclass(frozen=True)
class Reference:
    """A reference server: how to start it, and what the official client listed."""

    name: str
    command: list[str]
    env: dict[str, str]
    tools: list[dict[str, Any]]


@pytest.fixture(scope="session", params=["time", "git", "filesystem", "memory"])
def reference(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Reference:
    """Each reference server listed once per session by the official MCP client."""
    name = request.param
    command, env = _server(name, tmp_path_factory.mktemp(f"server-{name}"))
    tools = anyio.run(_official_listing, command, env)
    assert tools, f"{name} listed no tools"
    return Reference(name, command, env, tools)


def _import(project: Project, command: list[str], env: dict[str, str], *extra: str) -> Any:
    env_args = [arg for key, value in env.items() for arg in ("--env", f"{key}={value}")]
    return project.run("import", "--mcp-stdio", shlex.join(command), *env_args, *extra)


def _assert_annotations(emitted: dict[str, Any], original: dict[str, Any]) -> None:
    """The emitted hints say what the server said, and MCP's defaults where it said nothing."""
    hints = original.get("annotations", {})
    read_only = hints.get("readOnlyHint", False)
    assert emitted["isReadOnly"] is read_only
    assert emitted["annotations"]["readOnlyHint"] is read_only
    if not read_only:
        assert emitted["annotations"]["destructiveHint"] is hints.get("destructiveHint", True)
        assert emitted["availableInPlanMode"] is False
        assert emitted["requiresPlanApproval"] is True
    assert emitted["annotations"]["idempotentHint"] is hints.get("idempotentHint", False)
    assert emitted["annotations"]["openWorldHint"] is hints.get("openWorldHint", True)
    if hints.get("destructiveHint", not read_only) and not read_only:
        assert emitted["riskLevel"] == "high"


def test_reference_server_round_trips(project: Project, reference: Reference) -> None:
    server, originals = reference.name, reference.tools
    result = _import(project, reference.command, reference.env, "--server", server, "--trust-hints")
    assert result.code == 0, result.err
    assert f"imported {len(originals)} tools" in result.out
    assert project.run("validate").code == 0
    assert project.run("generate").code == 0

    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    emitted = {t["toolName"]: t for t in canonical["tools"] if t["server"] == server}
    assert sorted(emitted) == sorted(t["name"] for t in originals)
    for original in originals:
        tool = emitted[original["name"]]
        assert tool["name"] == f"{server}::{original['name']}"
        assert tool["description"] == original["description"]
        assert tool["inputSchema"] == original["inputSchema"]
        assert tool.get("outputSchema") == original.get("outputSchema")
        if "title" in original:
            assert tool["title"] == original["title"]
        _assert_annotations(tool, original)
    _assert_mcp_listing(project.generated / "mcp" / f"{server}.json", originals)


def test_reference_server_schemas_lint_clean(reference: Reference) -> None:
    """No false positives: every schema of every reference server passes the schema lint
    with no finding at all, warnings included (none is expected, so each would need its
    own justification here)."""
    from generator.contracts.lint import check_schema

    schemas = [
        (tool["name"], key, tool[key])
        for tool in reference.tools
        for key in ("inputSchema", "outputSchema")
        if key in tool
    ]
    assert len(schemas) >= len(reference.tools)
    found = [
        (name, key, finding) for name, key, schema in schemas for finding in check_schema(schema)
    ]
    assert found == []


def _assert_mcp_listing(path: Path, originals: list[dict[str, Any]]) -> None:
    """generated/mcp/<server>.json lists every tool exactly as the server did."""
    listing = json.loads(path.read_text("utf-8"))
    emitted = {tool["name"]: tool for tool in listing["tools"]}
    assert sorted(emitted) == sorted(t["name"] for t in originals)
    for original in originals:
        tool = emitted[original["name"]]
        assert tool["description"] == original["description"]
        assert tool["inputSchema"] == original["inputSchema"]
        hints, emitted_hints = original.get("annotations", {}), tool.get("annotations", {})
        read_only = hints.get("readOnlyHint", False)
        assert emitted_hints.get("readOnlyHint", False) is read_only
        for key, default in (("idempotentHint", False), ("openWorldHint", True)):
            assert emitted_hints.get(key, default) is hints.get(key, default)
        if not read_only:
            assert emitted_hints.get("destructiveHint", True) is hints.get("destructiveHint", True)


def test_every_page_of_tools_list_is_imported(project: Project) -> None:
    command = [sys.executable, str(SERVERS_DIR / "paginated_server.py")]
    result = _import(project, command, {})
    assert result.code == 0, result.err
    assert "imported 6 tools from MCP server 'paginated' over stdio (3 pages" in result.out
    text = (project.contracts / "paginated.yaml").read_text("utf-8")
    assert [f"step_{i}" in text for i in range(6)] == [True] * 6
    assert "# review: server name taken from the server's own name 'paginated'" in text


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["no-such-mcp-server-x"], "cannot start 'no-such-mcp-server-x'"),
        ([sys.executable, str(SERVERS_DIR / "broken_server.py"), "exit"], "Connection closed"),
        ([sys.executable, str(SERVERS_DIR / "broken_server.py"), "garbage"], "not JSON-RPC"),
        ([sys.executable, str(SERVERS_DIR / "broken_server.py"), "silent"], "no answer within 2 s"),
    ],
    ids=["does-not-start", "exits", "malformed-json", "times-out"],
)
def test_broken_server_is_a_clear_error(project: Project, command: list[str], message: str) -> None:
    before = tree_snapshot(project.contracts)
    result = _import(project, command, {}, "--server", "broken", "--timeout", "2")
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("<mcp-stdio ")
    assert "error[TC400]: MCP server: " in line
    assert message in line
    assert tree_snapshot(project.contracts) == before
    if "exit" in command:
        assert "refusing to start" in line  # the server's own stderr is shown


def test_numbers_json_cannot_hold_are_refused_from_a_live_server(
    project: Project, tmp_path: Path
) -> None:
    """What the client parses leniently (an overflowing 1e400) is refused as in a file."""
    listing = tmp_path / "huge.txt"
    listing.write_text(
        '{"tools": [{"name": "ok", "inputSchema": {"type": "object"}},'
        ' {"name": "scale", "inputSchema": {"type": "object", "properties":'
        ' {"x": {"type": "number", "minimum": -1e400}}}}]}',
        "utf-8",
    )
    before = tree_snapshot(project.root)
    command = [sys.executable, str(SERVERS_DIR / "raw_server.py"), str(listing)]
    result = _import(project, command, {}, "--server", "raw")
    assert result.code == 2
    assert result.diagnostics == [
        f"<mcp-stdio {sys.executable}>:1:1: error[TC400]: MCP server: bad JSON: tools/list "
        "$.tools[1].inputSchema.properties.x.minimum (tool 'scale'): "
        "-Infinity is not JSON (nor is a number beyond the range of a 64-bit float)"
    ]
    assert tree_snapshot(project.root) == before


def test_a_look_alike_tool_name_is_escaped_and_refused(project: Project, tmp_path: Path) -> None:
    """'read_file' with a Cyrillic e is no contract name, and never prints as read_file."""
    listing = tmp_path / "look-alike.json"
    tool = {"name": "r\u0435ad_file", "inputSchema": {"type": "object"}}
    listing.write_text(json.dumps({"tools": [tool]}), "utf-8")
    before = tree_snapshot(project.root)
    command = [sys.executable, str(REPO / "tests" / "verify_server.py"), str(listing)]
    result = _import(project, command, {}, "--server", "files")
    assert result.code == 2
    assert result.diagnostics[0] == (
        f"<mcp-stdio {sys.executable}>:1:1: error[TC406]: tool 'r\\u0435ad_file': $.name: "
        "name 'r\\u0435ad_file' is not a valid tool name (letters, digits, '_', '.', '-'; "
        "at most 64; not starting with '.' or '-') "
        "(rename the tool at its source; a different name here would not reach it)"
    )
    assert tree_snapshot(project.root) == before
