"""``toolcanon validate`` and ``generate`` with client profiles: the exit code and the
exact output a user reads, in every format, and nothing on disk changed by validate."""

from __future__ import annotations

import json

from tests.conftest import Project, disk_state

CONFIG = "targets: [mcp]\nclients: [cursor, claude-code]\n"
CONTRACT = """
version: 1
server: github-enterprise
tools:
  - name: create_pull_request_review_comment_reply
    description: Reply to a review comment.
    riskLevel: low
    isReadOnly: true
    inputSchema: {type: object}
"""
NAME = "create_pull_request_review_comment_reply"  # 40: with the server, 57 for Cursor


def _project(project: Project, name: str = NAME) -> None:
    project.write("toolcanon.yaml", CONFIG)
    project.write("contracts/github.yaml", CONTRACT.replace(NAME, name))


def test_validate_prints_each_client_warning_and_exits_0(project: Project) -> None:
    _project(project, NAME + "_once")  # 45 characters
    everything = disk_state(project.root.parent)
    result = project.run("validate")
    assert result.code == 0
    tool = f"tool 'github-enterprise::{NAME}_once': $.name"
    server = "(server 'github-enterprise' of mcp/github-enterprise.json)"
    assert [line.split(" (shorten")[0] for line in result.diagnostics] == [
        f"contracts/github.yaml:4:5: warning[TC600]: {tool}: Claude Code calls this tool"
        f" 'mcp__github-enterprise__{NAME}_once' {server}: 69 characters, more than the 64"
        " Claude Code takes",
        f"contracts/github.yaml:4:5: warning[TC600]: {tool}: Cursor calls this tool"
        f" 'github-enterprise{NAME}_once' {server}: 62 characters, more than the 59 Cursor"
        " takes",
    ]
    assert result.err.splitlines()[-1] == "toolcanon: 1 tool, contracts are valid"
    assert disk_state(project.root.parent) == everything


def test_strict_makes_them_fail_and_generate_writes_nothing(project: Project) -> None:
    _project(project, NAME + "_once")
    everything = disk_state(project.root.parent)
    assert project.run("validate", "--strict").code == 2
    assert project.run("generate", "--strict").code == 2
    assert disk_state(project.root.parent) == everything


def test_json_and_github_formats_carry_code_position_and_hint(project: Project) -> None:
    _project(project, NAME + "_once")
    result = project.run("validate", "--format", "json")
    found = [d for d in json.loads(result.out) if d["code"] == "TC600"]
    assert [(d["file"], d["line"], d["column"], d["path"]) for d in found] == [
        ("contracts/github.yaml", 4, 5, "$.name"),
        ("contracts/github.yaml", 4, 5, "$.name"),
    ]
    assert found[1]["hint"] == (
        "shorten the tool's name, or register the server under a shorter name than"
        " 'github-enterprise'; server name and tool name together under 60 characters:"
        " Cursor filters out a tool whose combined length is 60 or more (source:"
        " https://github.com/ComposioHQ/composio/issues/2788)"
    )
    github = project.run("validate", "--format", "github").err.splitlines()
    assert github[0].startswith(
        "::warning file=contracts/github.yaml,line=4,col=5,title=toolcanon TC600::"
    )


def test_names_within_every_limit_generate_cleanly(project: Project) -> None:
    _project(project)  # 57 characters for Cursor, 64 (at the limit) for Claude Code
    result = project.run("generate")
    assert result.code == 0, result.err
    assert [line for line in result.diagnostics if "warning" in line] == []
    listing = json.loads((project.generated / "mcp" / "github-enterprise.json").read_text())
    assert [tool["name"] for tool in listing["tools"]] == [NAME]


def test_naming_a_client_makes_the_next_check_run_in_full(project: Project) -> None:
    project.write("toolcanon.yaml", "targets: [mcp]\n")
    project.write("contracts/github.yaml", CONTRACT.replace(NAME, NAME + "_once"))
    assert project.run("generate").code == 0
    assert project.run("check", "--strict").code == 0
    project.write("toolcanon.yaml", CONFIG)  # nothing written changes; what is reported does
    result = project.run("check", "--strict")
    assert result.code == 2
    assert [line.split(": tool ")[0] for line in result.diagnostics] == [
        "contracts/github.yaml:4:5: warning[TC600]",
        "contracts/github.yaml:4:5: warning[TC600]",
    ]


def test_import_reports_a_name_a_client_refuses_and_strict_writes_nothing(
    project: Project,
) -> None:
    project.write("toolcanon.yaml", "targets: [mcp]\nclients: [claude-desktop]\n")
    project.write("contracts/a.yaml", CONTRACT)
    tools = [{"name": "notes.save", "description": "Save a note.", "input_schema": {}}]
    source = project.write("claude_tools.json", json.dumps(tools))
    result = project.run("import", source.name, "--strict")
    assert result.code == 2
    assert [line for line in result.diagnostics if "TC601" in line] == [
        "claude_tools.json:1:3: warning[TC601]: tool 'notes.save': $.name: Claude Desktop"
        " calls this tool 'notes.save', which Claude Desktop refuses: tool names of at most"
        " 64 characters, snake or kebab case (letters, digits, '_', '-') (rename the tool"
        " (source: https://github.com/anthropics/claude-plugins-official/blob/main/plugins/"
        "mcp-server-dev/skills/build-mcp-app/references/directory-checklist.md))",
    ]
    assert not (project.contracts / "claude_tools.yaml").exists()
