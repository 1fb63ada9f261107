"""project/submission.py: the chatgpt-submission table, held to the form's rules at its
line; a bad value stops the run (exit 2) before anything is written."""

from __future__ import annotations

import json

from tests.conftest import MINIMAL, Project, disk_state


def test_every_bad_value_is_reported_at_its_line_and_nothing_is_written(
    project: Project,
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write(
        "toolcanon.yaml",
        f"""
        targets: [chatgpt-submission]
        chatgpt-submission:
          server: "a b"
          display-name: "  "
          subtitle: {"x" * 31}
          category: productivity
          negative-prompts: [ok, 3]
          tagline: Photos
        """,
    )
    before = disk_state(project.root)
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:3:3: error[TC050]: chatgpt-submission.server must be an MCP server name"
        " (the server: of its contracts)",
        "toolcanon.yaml:4:3: error[TC050]: chatgpt-submission.display-name must be text that"
        " is not blank",
        "toolcanon.yaml:5:3: error[TC050]: chatgpt-submission.subtitle has 31 characters; the"
        " form takes at most 30",
        "toolcanon.yaml:6:3: error[TC050]: chatgpt-submission.category must be one of the"
        " form's categories, not 'productivity' (did you mean 'PRODUCTIVITY'?)",
        "toolcanon.yaml:7:3: error[TC050]: chatgpt-submission.negative-prompts must be a list"
        " of prompts (text)",
        "toolcanon.yaml:8:3: error[TC050]: unknown key 'chatgpt-submission.tagline'"
        ' (write chatgpt-submission = {display-name = "…", category = "PRODUCTIVITY", …})',
    ]
    assert disk_state(project.root) == before


def test_a_pyproject_table_is_read_and_reaches_the_file(project: Project) -> None:
    project.write(
        "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.toolcanon]\ntargets = ["chatgpt-submission"]\n\n'
        '[tool.toolcanon.chatgpt-submission]\ndisplay-name = "Files"\ncategory = "BUSINESS"\n',
    )
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    written = json.loads((project.generated / "chatgpt/app-submission.json").read_text("utf-8"))
    assert written["app_info"] == {"display_name": "Files", "category": "BUSINESS"}
    assert list(written["tools"]) == ["read_file"]  # the builtin server's tools
