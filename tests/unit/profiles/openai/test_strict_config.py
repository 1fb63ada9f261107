"""Strict mode chosen per tool or by the config default, decided at resolve time."""

from __future__ import annotations

import json
from typing import Any

from generator.profiles.openai import to_strict
from tests.conftest import Project

CONTRACT = """
version: 1
tools:
  - name: tagged
    description: uniqueItems has no strict-mode form.
    riskLevel: low
{strict}    inputSchema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties:
        tags: {{type: array, items: {{type: string}}, uniqueItems: true}}
  - name: plain
    description: Strict-compatible.
    riskLevel: low
    inputSchema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties:
        unit: {{type: string, enum: [C, F], default: C}}
"""


def responses(project: Project) -> dict[str, Any]:
    path = project.generated / "openai/responses.json"
    return {tool["name"]: tool for tool in json.loads(path.read_text("utf-8"))}


def test_config_default_applies_and_a_tool_can_opt_out(project: Project) -> None:
    project.write("pyproject.toml", "[tool.toolcanon]\nopenai-strict = true\n")
    project.write("contracts/t.yaml", CONTRACT.format(strict="    strict: false\n"))
    assert project.run("generate").code == 0
    tools = responses(project)
    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    inputs = {t["name"]: t["inputSchema"] for t in canonical["tools"]}
    assert tools["plain"]["strict"] is True
    assert tools["plain"]["parameters"] == to_strict(inputs["plain"]).schema
    assert tools["plain"]["parameters"]["properties"]["unit"] == {
        "anyOf": [
            {"type": "string", "enum": ["C", "F"], "description": '(default: "C")'},
            {"type": "null"},
        ]
    }
    assert tools["tagged"]["strict"] is False
    assert tools["tagged"]["parameters"] == {
        key: value for key, value in inputs["tagged"].items() if key != "$schema"
    }


def test_config_default_never_falls_back_silently(project: Project) -> None:
    project.write("pyproject.toml", "[tool.toolcanon]\nopenai-strict = true\n")
    project.write("contracts/t.yaml", CONTRACT.format(strict=""))
    result = project.run("generate")
    assert result.code == 2
    assert [line for line in result.diagnostics if "error" in line] == [
        "contracts/t.yaml:10:52: error[TC150]: tool 'tagged': "
        "$.inputSchema.properties.tags.uniqueItems: keyword 'uniqueItems' is not in OpenAI's "
        "documented strict-mode subset (remove 'uniqueItems' or set strict: false for this tool; "
        "or leave the tool out: targets: {exclude: [openai]})"
    ]
    assert not project.generated.exists()
