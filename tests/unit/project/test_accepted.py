"""Accepted warnings (``[[tool.toolcanon.accept]]``): reviewed once, then quiet in every
command and under ``--strict``; errors are never accepted; a stale entry is named."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO, Project

# Claude strict tool use cannot enforce ``minimum``: one TC151 warning for each tool.
BOUNDED = """
version: 1
defaults:
  riskLevel: low
  isReadOnly: true
  strict: true
tools:
  - name: {name}
    description: Page through results.
    inputSchema:
      type: object
      properties:
        page: {{type: integer, minimum: 1}}
      required: [page]
      additionalProperties: false
"""
ACCEPT = """
[[tool.toolcanon.accept]]
code = "TC151"
tools = [{tools}]
reason = "parse_arguments checks the bounds on every call"
"""


def _project(project: Project, tools: str, *, strict: bool = True) -> None:
    project.write("contracts/a.yaml", BOUNDED.format(name="list_a"))
    project.write("contracts/b.yaml", BOUNDED.format(name="list_b"))
    table = f"[tool.toolcanon]\nstrict = {'true' if strict else 'false'}\n"
    project.write("pyproject.toml", table + (ACCEPT.format(tools=tools) if tools else ""))


def test_an_accepted_warning_is_quiet_everywhere_and_passes_strict(project: Project) -> None:
    _project(project, '"list_*"')
    validate = project.run("validate")
    assert validate.code == 0, validate.err
    assert validate.err == (
        "toolcanon: 2 tools, contracts are valid (2 accepted warnings not shown)\n"
    )
    generate = project.run("generate", "--no-cache")
    assert generate.code == 0, generate.err
    assert "warning" not in generate.err
    check = project.run("check", "--no-cache")
    assert check.err == "toolcanon: generated/ is up to date\n"
    manifest = json.loads((project.generated / "manifest.json").read_text("utf-8"))
    assert manifest["warnings"] == 0


def test_only_the_tools_named_are_accepted(project: Project) -> None:
    _project(project, '"list_a"')
    result = project.run("validate")
    assert result.code == 2  # strict: list_b's warning is not accepted
    assert [line.split(": ")[1] for line in result.diagnostics] == ["warning[TC151]"]
    assert "tool 'list_b'" in result.err and "tool 'list_a'" not in result.err


def test_without_an_entry_every_warning_is_reported(project: Project) -> None:
    _project(project, "", strict=False)
    result = project.run("validate")
    assert result.code == 0
    assert sum("warning[TC151]" in line for line in result.diagnostics) == 2


def test_an_entry_that_accepts_nothing_is_named_at_its_line(project: Project) -> None:
    _project(project, '"list_*"', strict=False)
    text = (project.root / "pyproject.toml").read_text("utf-8")
    project.write("pyproject.toml", text + ACCEPT.format(tools='"gone"'))
    result = project.run("validate")
    assert result.code == 0
    line = text.count("\n") + 2  # the second [[tool.toolcanon.accept]] header
    assert result.diagnostics == [
        f"pyproject.toml:{line}:1: warning[TC054]: accepted warning TC151 no longer occurs "
        "for gone (remove this entry)"
    ]


def test_errors_are_never_accepted(project: Project) -> None:
    project.write("contracts/a.yaml", "version: 1\ntools:\n  - name: x\n")  # no inputSchema
    project.write(
        "pyproject.toml",
        '[tool.toolcanon]\n\n[[tool.toolcanon.accept]]\ncode = "TC100"\nreason = "no"\n',
    )
    result = project.run("validate")
    assert result.code == 2
    assert any("error[" in line for line in result.diagnostics)


def test_bad_entries_are_config_errors_with_their_lines(project: Project) -> None:
    project.write("contracts/a.yaml", BOUNDED.format(name="list_a"))
    project.write(
        "pyproject.toml",
        "[tool.toolcanon]\n\n"
        '[[tool.toolcanon.accept]]\ncode = "151"\ntools = "list_a"\n\n'
        '[[tool.toolcanon.accept]]\ncode = "TC151"\nreason = " "\nwhy = "x"\n',
    )
    result = project.run("validate")
    assert result.code == 2
    assert [line.split(" (")[0] for line in result.diagnostics] == [
        "pyproject.toml:3:1: error[TC050]: an accepted warning needs a 'code' like TC151",
        "pyproject.toml:3:1: error[TC050]: 'tools' of an accepted warning must be a list of "
        "tool names or globs",
        "pyproject.toml:3:1: error[TC050]: an accepted warning needs a non-empty 'reason'",
        "pyproject.toml:7:1: error[TC050]: unknown key 'why' in an accepted warning",
        "pyproject.toml:7:1: error[TC050]: an accepted warning needs a non-empty 'reason'",
    ]


def test_this_repositorys_check_is_quiet_when_nothing_is_wrong() -> None:
    """A cold cache (CI, a fresh clone, a new pre-commit environment) runs the whole
    pipeline: still one line, the warnings this repository accepted not repeated."""
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--no-cache"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "toolcanon: generated/ is up to date\n"


def test_toolcanon_yaml_spells_it_as_a_list(project: Project) -> None:
    project.write("contracts/a.yaml", BOUNDED.format(name="list_a"))
    project.write(
        "toolcanon.yaml",
        "strict: true\naccept:\n  - code: TC151\n    reason: checked\n  - code: TC1\n",
    )
    result = project.run("validate")
    assert result.diagnostics == [
        "toolcanon.yaml:5:5: error[TC050]: an accepted warning needs a 'code' like TC151 "
        '(write code = "TC151", tools = ["read_file"] (optional) and reason = "why")',
        "toolcanon.yaml:5:5: error[TC050]: an accepted warning needs a non-empty 'reason' "
        "(say why this warning is accepted: the next reader decides from it)",
    ]
    project.write("toolcanon.yaml", "strict: true\naccept: [{code: TC151, reason: checked}]\n")
    assert project.run("validate").code == 0
