"""A tool's ``examples``: checked against its inputSchema, kept in the descriptor, in the docs."""

from __future__ import annotations

import json

from tests.conftest import Project

CONTRACT = """
version: 1
tools:
  - name: read_file
    description: Read a file.
    riskLevel: low
    inputSchema:
      type: object
      properties:
        path: {{type: string}}
        limit: {{type: integer, minimum: 1}}
      required: [path]
      additionalProperties: false
    examples:
{examples}
"""


def write(project: Project, examples: str) -> None:
    project.write("toolcanon.yaml", "targets: [canonical, docs]\n")
    project.write("contracts/t.yaml", CONTRACT.format(examples=examples))


def test_an_example_the_schema_refuses_is_reported_at_the_offending_value(
    project: Project,
) -> None:
    write(project, "      - {path: a.txt}\n      - {path: b.txt, limit: 0, mode: fast}\n      - {}")
    result = project.run("validate")
    assert result.code == 2
    found = [d for d in result.diagnostics if "TC210" in d]
    assert len(found) == 3, result.err
    by_path = {line.split(": ")[3]: line for line in found}
    assert by_path["$.examples[1].limit"].startswith("contracts/t.yaml:15:23:")
    assert "0 is less than the minimum of 1" in by_path["$.examples[1].limit"]
    assert "example 2 does not match inputSchema" in by_path["$.examples[1].limit"]
    assert "'mode' was unexpected" in by_path["$.examples[1]"]
    assert "'path' is a required property" in by_path["$.examples[2]"]


def test_a_broken_schema_is_reported_once_not_through_its_examples(project: Project) -> None:
    project.write(
        "contracts/t.yaml",
        CONTRACT.format(examples="      - {path: 1}").replace(
            "type: integer, minimum: 1", "type: integer, minimum: one"
        ),
    )
    result = project.run("validate")
    assert result.code == 2
    assert "TC200" in result.err and "TC210" not in result.err


def test_examples_are_in_the_descriptor_and_the_docs(project: Project) -> None:
    write(project, '      - {path: "a|b`c.txt", limit: 3}')
    assert project.run("generate").code == 0
    [tool] = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    assert tool["examples"] == [{"path": "a|b`c.txt", "limit": 3}]
    docs = (project.generated / "docs/TOOLS.md").read_text("utf-8")
    section = docs.split("### Examples\n\n", 1)[1]
    # One list item, an inline code span whose pipe cannot end a table cell.
    assert section.splitlines()[0] == '- ``{"path": "a\\|b`c.txt", "limit": 3}``'


def test_no_examples_no_section(project: Project) -> None:
    project.write("toolcanon.yaml", "targets: [canonical, docs]\n")
    project.write("contracts/t.yaml", CONTRACT.format(examples="").split("    examples:")[0])
    assert project.run("generate").code == 0
    assert "### Examples" not in (project.generated / "docs/TOOLS.md").read_text("utf-8")
    [tool] = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    assert tool["examples"] == []
