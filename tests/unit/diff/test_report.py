"""``toolcanon diff`` output formats and suppressions from ``[tool.toolcanon]``."""

from __future__ import annotations

import json

import pytest

from tests.conftest import MINIMAL, Project

OTHER = """
version: 1
tools:
  - name: grep
    description: Search.
    riskLevel: low
    inputSchema: {type: object, properties: {q: {type: string}}}
"""
# read_file loses its 'path' property and becomes medium risk; grep gets a title.
CHANGED = (
    MINIMAL.replace("riskLevel: low", "riskLevel: medium")
    .replace("path: {type: string}", "other: {type: string}")
    .replace("required: [path]", "required: []")
)


@pytest.fixture
def changed(project: Project) -> Project:
    project.write("old/a.yaml", MINIMAL)
    project.write("old/b.yaml", OTHER)
    project.write("contracts/a.yaml", CHANGED)
    project.write(
        "contracts/b.yaml", OTHER.replace("riskLevel: low", "title: Grep\n    riskLevel: low")
    )
    return project


def test_text_is_grouped_by_tool(changed: Project) -> None:
    result = changed.run("diff", "--against", "old")
    assert result.code == 1
    assert result.out.splitlines() == [
        "tool 'grep'",
        "  contracts/b.yaml:5:5: safe[title-changed]: $.title: title changed (models see it)",
        "tool 'read_file'",
        "  contracts/a.yaml:10:7: breaking[property-removed]: $.inputSchema.properties.path: "
        "property 'path' was removed",
        "  contracts/a.yaml:11:9: safe[optional-property-added]: "
        "$.inputSchema.properties.other: optional property 'other'",
        "  contracts/a.yaml:5:5: safe[permission-tightened]: $.riskLevel: "
        'riskLevel "low" → "medium"',
        "toolcanon diff against old: 1 breaking, 3 safe",
        "suggested version bump: major",
    ]


def test_github_annotations(changed: Project) -> None:
    result = changed.run("diff", "--against", "old", "--format", "github")
    lines = result.out.splitlines()
    assert lines[1] == (
        "::error file=contracts/a.yaml,line=10,col=7,title=toolcanon diff property-removed::"
        "tool 'read_file': breaking[property-removed]: $.inputSchema.properties.path: "
        "property 'path' was removed"
    )
    assert lines[0].startswith("::notice file=contracts/b.yaml,line=5,col=5,")
    assert lines[-1] == "suggested version bump: major"


def test_removed_tool_has_no_file_in_annotations(changed: Project) -> None:
    (changed.contracts / "b.yaml").unlink()
    result = changed.run("diff", "--against", "old", "--format", "github")
    assert result.out.splitlines()[0] == (
        "::error title=toolcanon diff tool-removed::tool 'grep': breaking[tool-removed]: "
        "tool 'grep' was removed (it was at old/b.yaml:3)"
    )


def test_json_schema_of_the_report(changed: Project) -> None:
    report = json.loads(changed.run("diff", "--against", "old", "--format", "json").out)
    assert report["format"] == 1
    assert (report["against"], report["failOn"], report["failed"], report["bump"]) == (
        "old",
        ["breaking", "security"],
        True,
        "major",
    )
    assert report["counts"] == {"breaking": 1, "security": 0, "safe": 3, "suppressed": 0}
    assert report["findings"][1] == {
        "rule": "property-removed",
        "category": "breaking",
        "tool": "read_file",
        "path": "$.inputSchema.properties.path",
        "message": "property 'path' was removed",
        "file": "contracts/a.yaml",
        "line": 10,
        "column": 7,
        "suppressed": False,
        "reason": None,
        "target": None,
    }
    assert report["unusedSuppressions"] == []


SUPPRESS = """
[tool.toolcanon]
contracts = "contracts"

[[tool.toolcanon.diff.suppress]]
rule = "property-removed"
tool = "read_file"
reason = "'path' was never sent by any host (ADR-7)"
"""


def test_suppressed_finding_is_reported_and_does_not_fail(changed: Project) -> None:
    changed.write("pyproject.toml", SUPPRESS)
    result = changed.run("diff", "--against", "old")
    assert result.code == 0
    assert (
        "  contracts/a.yaml:10:7: breaking[property-removed]: $.inputSchema.properties.path: "
        "property 'path' was removed (suppressed: 'path' was never sent by any host (ADR-7))"
    ) in result.out.splitlines()
    assert "1 breaking, 3 safe (1 suppressed)" in result.out
    assert "suggested version bump: major" in result.out  # accepted, still incompatible
    report = json.loads(changed.run("diff", "--against", "old", "--format", "json").out)
    assert report["failed"] is False
    assert report["findings"][1]["suppressed"] is True
    assert report["findings"][1]["reason"] == "'path' was never sent by any host (ADR-7)"


def test_suppression_applies_only_to_its_tool(changed: Project) -> None:
    changed.write("pyproject.toml", SUPPRESS.replace('tool = "read_file"', 'tool = "grep"'))
    result = changed.run("diff", "--against", "old")
    assert result.code == 1
    assert (
        "pyproject.toml:4: note: suppression of 'property-removed' on 'grep' matched nothing"
        in (result.out)
    )


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            ("reason = \"'path' was never sent by any host (ADR-7)\"\n", ""),
            "pyproject.toml:4:1: error[TC051]: a diff suppression needs a non-empty 'reason' "
            "(say why this change is accepted)",
        ),
        (
            ("reason = \"'path' was never sent by any host (ADR-7)\"", 'reason = "  "'),
            "pyproject.toml:4:1: error[TC051]: a diff suppression needs a non-empty 'reason' "
            "(say why this change is accepted)",
        ),
        (
            ('rule = "property-removed"', 'rule = "property-remove"'),
            "pyproject.toml:4:1: error[TC051]: unknown diff rule 'property-remove' "
            "(did you mean 'property-removed'?)",
        ),
        (
            ('tool = "read_file"', 'tool = "read_file"\nwhy = "x"'),
            "pyproject.toml:4:1: error[TC051]: unknown key 'why' in a diff suppression "
            "(use rule, tool, reason)",
        ),
    ],
    ids=["no-reason", "blank-reason", "unknown-rule", "unknown-key"],
)
def test_bad_suppression_is_a_config_error(
    changed: Project, edit: tuple[str, str], message: str
) -> None:
    changed.write("pyproject.toml", SUPPRESS.replace(*edit))
    result = changed.run("diff", "--against", "old")
    assert (result.code, result.diagnostics) == (2, [message])
