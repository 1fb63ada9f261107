"""project/servers.py: ``mcp-servers``, each server's cache hints, checked at their line."""

from __future__ import annotations

import json

from tests.conftest import MINIMAL, Project, tree_snapshot

SERVER = """
version: 1
server: github
tools:
  - name: list_issues
    description: List issues.
    riskLevel: low
    isReadOnly: true
    inputSchema: {type: object}
"""


def _listings(project: Project, config: str) -> dict[str, dict[str, object]]:
    project.write("toolcanon.yaml", config)
    project.write("contracts/a.yaml", MINIMAL)
    project.write("contracts/github.yaml", SERVER)
    result = project.run("generate")
    assert result.code == 0, result.err
    found = {}
    for name in ("builtin", "github"):
        data = json.loads((project.generated / "mcp" / f"{name}.json").read_text("utf-8"))
        found[name] = {key: data[key] for key in ("ttlMs", "cacheScope", "resultType")}
    return found


def test_without_the_table_every_server_gets_the_conservative_default(project: Project) -> None:
    assert _listings(project, "targets: [mcp]\n") == {
        server: {"ttlMs": 0, "cacheScope": "private", "resultType": "complete"}
        for server in ("builtin", "github")
    }


def test_a_server_entry_wins_over_the_star_entry(project: Project) -> None:
    config = """
    targets: [mcp]
    mcp-servers:
      "*": {ttl-ms: 60000}
      github: {ttl-ms: 300000, cache-scope: public}
    """
    assert _listings(project, config) == {
        "builtin": {"ttlMs": 60000, "cacheScope": "private", "resultType": "complete"},
        "github": {"ttlMs": 300000, "cacheScope": "public", "resultType": "complete"},
    }


def test_every_bad_entry_is_reported_at_its_line_and_nothing_is_written(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write(
        "toolcanon.yaml",
        """
        mcp-servers:
          github: {ttl-ms: -1, cache-scope: shared, ttl: 5}
          "a b": {ttl-ms: 1}
          gitlab: 300
          postgres: {ttl-ms: true}
        """,
    )
    before = tree_snapshot(project.root)
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:2:12: error[TC050]: mcp-servers.github.ttl-ms must be a whole number of"
        " milliseconds from 0 to 9007199254740991 (0: a client lists again every time)",
        "toolcanon.yaml:2:24: error[TC050]: mcp-servers.github.cache-scope must be one of"
        " 'private', 'public', not 'shared' (\"public\" only when the list is the same for"
        " every user)",
        "toolcanon.yaml:2:45: error[TC050]: unknown key 'mcp-servers.github.ttl' (write"
        ' mcp-servers.<server> = {ttl-ms = 300000, cache-scope = "public"})',
        "toolcanon.yaml:3:3: error[TC050]: mcp-servers: 'a b' is not an MCP server name"
        ' (name a server, or "*")',
        "toolcanon.yaml:4:3: error[TC050]: mcp-servers.gitlab must be a table (write"
        ' mcp-servers.<server> = {ttl-ms = 300000, cache-scope = "public"})',
        "toolcanon.yaml:5:14: error[TC050]: mcp-servers.postgres.ttl-ms must be a whole number"
        " of milliseconds from 0 to 9007199254740991 (0: a client lists again every time)",
    ]
    assert tree_snapshot(project.root) == before


def test_a_pyproject_table_is_read_too(project: Project) -> None:
    project.write(
        "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.toolcanon]\ntargets = ["mcp"]\n\n'
        '[tool.toolcanon.mcp-servers.github]\nttl-ms = 1000\ncache-scope = "public"\n',
    )
    project.write("contracts/a.yaml", MINIMAL)
    project.write("contracts/github.yaml", SERVER)
    assert project.run("generate").code == 0
    listing = json.loads((project.generated / "mcp" / "github.json").read_text("utf-8"))
    assert (listing["ttlMs"], listing["cacheScope"]) == (1000, "public")


def test_an_entry_naming_no_server_of_the_contracts_is_a_warning_at_its_line(
    project: Project,
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("contracts/github.yaml", SERVER)
    project.write(
        "toolcanon.yaml",
        """
        targets: [mcp]
        mcp-servers:
          "*": {ttl-ms: 1}
          githb: {ttl-ms: 300000}
          builtin: {ttl-ms: 5}
          postgres: {ttl-ms: 5}
        """,
    )
    result = project.run("validate")
    assert result.code == 0, result.err
    assert result.diagnostics == [
        "toolcanon.yaml:4:3: warning[TC058]: mcp-servers.githb names no MCP server of the"
        " contracts (did you mean 'github'?)",
        "toolcanon.yaml:6:3: warning[TC058]: mcp-servers.postgres names no MCP server of the"
        " contracts (the contracts' servers: builtin, github)",
    ]


def test_the_builtin_server_is_one_only_when_a_tool_belongs_to_no_server(
    project: Project,
) -> None:
    project.write("contracts/github.yaml", SERVER)
    project.write("toolcanon.yaml", "mcp-servers:\n  builtin: {ttl-ms: 5}\n")
    result = project.run("validate")
    assert result.diagnostics == [
        "toolcanon.yaml:2:3: warning[TC058]: mcp-servers.builtin names no MCP server of the"
        " contracts (the contracts' servers: github)",
    ]
