"""``toolcanon tokens``, token budgets in the config, and diff's tokens-grew rule."""

from __future__ import annotations

import json
import subprocess

from tests.conftest import MINIMAL, Project

LONG = "Read a file, and say so at length. " * 40


def test_tokens_lists_every_list_and_tool(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    result = project.run("tokens")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "1 tool in every mode, tokens (o200k_base)"
    assert any(
        line.startswith("openai-chat ") and "openai/chat-completions.json" in line for line in lines
    )
    assert any(line.startswith("anthropic ") and " ~" in line for line in lines)  # an estimate
    assert any(line.startswith("read_file ") for line in lines)
    data = json.loads(project.run("tokens", "--format", "json").out)
    assert {row["target"] for row in data["listings"]} == {
        "openai-chat",
        "openai-responses",
        "anthropic",
        "mcp",
        "bedrock",
        "gemini",
    }
    assert data["mode"] is None


def test_tokens_in_a_mode_counts_only_what_it_offers(project: Project) -> None:
    project.write(
        "contracts/a.yaml",
        MINIMAL + """
  - name: drop_table
    description: Drop a table.
    riskLevel: high
    requiresPlanApproval: false
    inputSchema: {type: object}
""",
    )
    plan = json.loads(project.run("tokens", "--mode", "plan", "--format", "json").out)
    assert {row["tool"] for row in plan["tools"]} == {"read_file"}  # drop_table: denied
    default = json.loads(project.run("tokens", "--mode", "default", "--format", "json").out)
    assert {row["tool"] for row in default["tools"]} == {"read_file", "drop_table"}


def budget_config(per_tool: int, target: str = "openai-chat") -> str:
    return f"[tool.toolcanon]\n[tool.toolcanon.budgets.{target}]\nper-tool = {per_tool}\n"


def test_budgets_warn_at_the_tools_line_and_strict_fails(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL.replace("Read a file.", LONG))
    counted = json.loads(project.run("tokens", "--format", "json").out)
    [cost] = [
        row["measures"][0]["tokens"] for row in counted["tools"] if row["target"] == "openai-chat"
    ]
    project.write("pyproject.toml", budget_config(cost))  # at the limit: passes
    assert project.run("validate").diagnostics == []
    project.write("pyproject.toml", budget_config(cost - 1))  # above it
    result = project.run("validate")
    assert result.code == 0
    [line] = result.diagnostics
    assert line.startswith("contracts/a.yaml:3:5: warning[TC520]: tool 'read_file':")
    assert f"openai-chat: {cost} tokens (exact)" in line and "description" in line
    strict = project.run("validate", "--strict")
    assert strict.code == 2
    assert project.run("generate", "--strict").code == 2


def test_budget_config_mistakes_are_reported(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("pyproject.toml", budget_config(10, target="openai-chatt"))
    result = project.run("validate")
    assert result.code == 2
    assert "budgets name 'openai-chatt', which no enabled target writes" in result.err
    assert "did you mean 'openai-chat'?" in result.err
    project.write("pyproject.toml", "[tool.toolcanon.budgets.mcp]\nper-tool = 0\nmax = 3\n")
    result = project.run("validate")
    assert result.code == 2
    assert "budgets.mcp.per-tool must be a positive number of tokens" in result.err
    assert "unknown key 'budgets.mcp.max'" in result.err


def git(root: object, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args],
        cwd=str(root),
        check=True,
        capture_output=True,
    )


def test_diff_reports_what_grew_past_the_threshold(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("contracts/a.yaml", MINIMAL.replace("Read a file.", LONG))
    result = project.run("diff", "--against", "HEAD", "--format", "json")
    grown = [f for f in json.loads(result.out)["findings"] if f["rule"] == "tokens-grew"]
    by_tool = {f["tool"] for f in grown}
    assert "read_file" in by_tool and "listing:openai/chat-completions.json" in by_tool
    [chat] = [
        f for f in grown if f["tool"] == "read_file" and f["message"].startswith("openai-chat")
    ]
    assert "description grew by" in chat["message"]
    assert (chat["file"], chat["line"]) == ("contracts/a.yaml", 3)
    project.write("pyproject.toml", "[tool.toolcanon.diff]\ntoken-threshold = 100000\n")
    quiet = project.run("diff", "--against", "HEAD", "--format", "json")
    assert not [f for f in json.loads(quiet.out)["findings"] if f["rule"] == "tokens-grew"]
