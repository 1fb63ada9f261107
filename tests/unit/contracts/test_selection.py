"""Per-target selection: ``targets: {exclude: [...]}`` leaves a tool out of provider files."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import Project

# Claude strict (which Bedrock uses for strict tools) refuses recursion; OpenAI strict takes it.
TREE = """
  - name: tree
    description: A tree.
    riskLevel: low
    strict: true
{targets}    inputSchema:
      type: object
      properties:
        root: {{$ref: "#/$defs/node"}}
      required: [root]
      additionalProperties: false
      $defs:
        node:
          type: object
          properties:
            children: {{type: array, items: {{$ref: "#/$defs/node"}}}}
          required: [children]
          additionalProperties: false
"""
PING = """
  - name: ping
    description: Check the service answers.
    riskLevel: low
{targets}    inputSchema: {{type: object, properties: {{}}}}
"""


def contract(*tools: str, defaults: str = "") -> str:
    return "version: 1\n" + defaults + "tools:" + "".join(tools)


def names_in(project: Project, relative: str) -> list[str]:
    data: Any = json.loads((project.generated / relative).read_text("utf-8"))
    if relative.startswith("bedrock/"):
        return [tool["toolSpec"]["name"] for tool in data["tools"]]
    return [tool["name"] for tool in data]


def canonical(project: Project) -> dict[str, Any]:
    data = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    return {tool["name"]: tool for tool in data["tools"]}


def setup(project: Project, text: str) -> None:
    project.write("toolcanon.yaml", "targets: [canonical, openai, bedrock]\n")
    project.write("contracts/t.yaml", text)


def test_an_error_for_one_target_says_how_to_leave_the_tool_out(project: Project) -> None:
    setup(project, contract(TREE.format(targets=""), PING.format(targets="")))
    result = project.run("generate")
    assert result.code == 2
    errors = [line for line in result.diagnostics if "error[TC150]" in line]
    assert errors and all("targets: {exclude: [bedrock]}" in line for line in errors), errors
    assert not project.generated.exists()


def test_an_excluded_tool_is_left_out_of_that_target_only(project: Project) -> None:
    targets = "    targets: {exclude: [bedrock]}\n"
    setup(project, contract(TREE.format(targets=targets), PING.format(targets="")))
    result = project.run("generate")
    assert result.code == 0, result.err
    assert "TC150" not in result.err  # leaving it out answered the error
    assert names_in(project, "bedrock/tool-config.json") == ["ping"]
    assert names_in(project, "openai/responses.json") == ["ping", "tree"]
    assert canonical(project)["tree"]["targets"] == {"exclude": ["bedrock"]}
    assert canonical(project)["ping"]["targets"] == {"exclude": []}


def test_file_defaults_apply_and_a_tool_replaces_them(project: Project) -> None:
    defaults = "defaults:\n  targets: {exclude: [bedrock, openai]}\n"
    own = "    targets: {exclude: []}\n"
    setup(project, contract(TREE.format(targets=""), PING.format(targets=own), defaults=defaults))
    assert project.run("generate").code == 0
    assert names_in(project, "bedrock/tool-config.json") == ["ping"]
    assert names_in(project, "openai/responses.json") == ["ping"]


def test_only_provider_targets_can_be_named(project: Project) -> None:
    targets = "    targets: {exclude: [bedrok, mcp]}\n"
    setup(project, contract(PING.format(targets=targets)))
    result = project.run("validate")
    assert result.code == 2
    line = 6  # the exclude list's line in contracts/t.yaml
    found = [d for d in result.diagnostics if "TC111" in d]
    assert len(found) == 2, result.err
    assert found[0].startswith(f"contracts/t.yaml:{line}:")
    assert "'bedrok' is not a target" in found[0] and "did you mean 'bedrock'?" in found[0]
    assert "'mcp' is not a target" in found[1]


def test_listing_a_target_twice_is_refused(project: Project) -> None:
    setup(project, contract(PING.format(targets="    targets: {exclude: [openai, openai]}\n")))
    result = project.run("validate")
    assert result.code == 2 and "TC108" in result.err


ROOT_ANY_OF = """
  - name: find
    description: Find by name or by place.
    riskLevel: low
{targets}    inputSchema:
      type: object
      properties:
        name: {{type: string}}
        path: {{type: string}}
      anyOf:
        - required: [name]
        - required: [path]
"""


def test_a_root_any_of_goes_where_it_can_and_is_left_out_where_it_cannot(
    project: Project,
) -> None:
    project.write("contracts/t.yaml", contract(ROOT_ANY_OF.format(targets="")))
    result = project.run("validate")
    assert result.code == 2
    refusals = sorted(line.split("$.inputSchema.anyOf: ")[1].split(" ")[0] for line in
                      result.diagnostics if "error[TC150]" in line)  # fmt: skip
    assert refusals == ["Bedrock", "Claude", "OpenAI"]  # MCP and Gemini take it
    assert all("targets: {exclude: [openai, anthropic, bedrock]}" in line
               for line in result.diagnostics if "TC150" in line)  # fmt: skip
    targets = "    targets: {exclude: [openai, anthropic, bedrock]}\n"
    project.write("contracts/t.yaml", contract(ROOT_ANY_OF.format(targets=targets)))
    assert project.run("generate").code == 0
    listing = json.loads((project.generated / "mcp/builtin.json").read_text("utf-8"))
    assert listing["tools"][0]["inputSchema"]["anyOf"] == [
        {"required": ["name"]},
        {"required": ["path"]},
    ]
    declarations = (project.generated / "gemini/function-declarations.json").read_text("utf-8")
    assert "anyOf" in declarations
    assert names_in(project, "openai/responses.json") == []
    assert json.loads((project.generated / "anthropic/tools.json").read_text("utf-8")) == []
