"""Policy floors on a whole project: the reference desktop host's computer-use rule,
written once in the config, decides 13 tools; a tool that declares less is refused at
its own line, naming the policy; bad policies are config errors that change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.ir.policy import decide
from tests.conftest import Project, disk_state
from tests.unit.emit.page.test_html import data_of

RULE = """
[tool.toolcanon]
contracts = "contracts"

# Every computer-use tool is high risk and needs plan approval ...
[[tool.toolcanon.policies]]
name = "computer-use"
when = { kind = "computer-use" }
unless = { name = ["screenshot", "zoom", "analyze_screen"] }
require = { riskLevel = "high", requiresPlanApproval = true }

# ... except three read-only ones, which are medium (and may run in Plan Mode).
[[tool.toolcanon.policies]]
name = "computer-use-observe"
when = { kind = "computer-use", name = ["screenshot", "zoom", "analyze_screen"] }
require = { riskLevel = "medium" }
"""
OBSERVE = ("screenshot", "zoom", "analyze_screen")
ACT = (
    "left_click",
    "right_click",
    "double_click",
    "mouse_move",
    "drag",
    "scroll",
    "type_text",
    "key_press",
    "open_app",
    "run_shell",
)


def _tool(name: str, extra: str = "") -> str:
    return (
        f"  - name: {name}\n    description: {name.replace('_', ' ').capitalize()}.\n"
        f"    kind: computer-use\n{extra}    inputSchema: {{type: object}}\n"
    )


def _project(project: Project, *more: str) -> None:
    (project.root / "pyproject.toml").write_text(RULE.lstrip(), "utf-8")
    plan = "    isReadOnly: true\n    availableInPlanMode: true\n"
    tools = [_tool(n, plan) for n in OBSERVE] + [_tool(n) for n in ACT]
    text = "version: 1\ntools:\n" + "".join([*tools, *more])
    (project.contracts / "computer.yaml").write_text(text, "utf-8")


def _canonical(project: Project) -> dict[str, dict[str, Any]]:
    result = project.run("generate")
    assert result.code == 0, result.err
    tools = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    return {tool["name"]: tool for tool in tools}


def test_the_computer_use_rule_decides_all_13_tools(project: Project) -> None:
    _project(project)
    assert project.run("validate", "--strict").code == 0  # no TC302: the floor set the risk
    tools = _canonical(project)
    assert len(tools) == 13
    for name in OBSERVE:
        tool = tools[name]
        assert (tool["riskLevel"], tool["availableInPlanMode"]) == ("medium", True)
        assert decide(tool, "plan") == "allow"
    for name in ACT:
        tool = tools[name]
        assert (tool["riskLevel"], tool["availableInPlanMode"]) == ("high", False)
        assert tool["requiresPlanApproval"] is True
        assert [decide(tool, mode) for mode in ("plan", "default")] == ["ask", "ask"]


def test_a_14th_tool_declaring_low_is_refused_naming_the_policy(project: Project) -> None:
    _project(project, _tool("paste", "    riskLevel: low\n"))
    before = disk_state(project.root)
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "contracts/computer.yaml:64:5: error[TC126]: tool 'paste': $.riskLevel: riskLevel: "
        "low is less safe than policy 'computer-use' allows (it requires riskLevel: high) "
        "(write riskLevel: high, or delete the key: the policy supplies it)"
    ]
    assert disk_state(project.root) == before


def test_a_tool_calling_itself_read_only_and_plan_safe_is_refused(project: Project) -> None:
    claims = "    isReadOnly: true\n    riskLevel: low\n    availableInPlanMode: true\n"
    _project(project, _tool("clipboard", claims))
    result = project.run("validate")
    assert result.code == 2
    assert [line.split(": ", 3)[1:3] for line in result.diagnostics] == [
        ["error[TC126]", "tool 'clipboard'"],
        ["error[TC126]", "tool 'clipboard'"],
    ]
    assert "$.riskLevel: riskLevel: low is less safe than policy 'computer-use'" in result.err
    assert (
        "$.availableInPlanMode: availableInPlanMode: true is less safe than policy "
        "'computer-use' allows (it requires availableInPlanMode: false)"
    ) in result.err


def test_a_14th_tool_with_no_safety_fields_gets_the_floor(project: Project) -> None:
    _project(project, _tool("paste"))
    tool = _canonical(project)["paste"]
    assert (tool["riskLevel"], tool["availableInPlanMode"], tool["requiresPlanApproval"]) == (
        "high",
        False,
        True,
    )


def test_the_catalogue_names_the_policy_that_set_each_field(project: Project) -> None:
    _project(project)
    _canonical(project)
    catalogue = (project.generated / "docs/TOOLS.md").read_text("utf-8")
    assert "`riskLevel` from policy `computer-use-observe`" in catalogue
    assert "`requiresPlanApproval` from policy `computer-use`" in catalogue


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        (
            'name = "p"\nwhen = { knd = "x" }\nrequire = { riskLevel = "high" }',
            "pyproject.toml:5:10: error[TC050]: unknown key 'when.knd' (did you mean 'kind'?)",
        ),
        (
            'name = "p"\nwhen = {}\nrequire = { requiresConfirmation = false }',
            "pyproject.toml:6:13: error[TC050]: 'require.requiresConfirmation = false' would "
            "loosen tools: floors only tighten (write requiresConfirmation = true, or leave it "
            "to the contracts)",
        ),
        (
            'name = "p"\nwhen = {}\nrequire = { riskLevel = "severe" }',
            "pyproject.toml:6:13: error[TC050]: 'require.riskLevel' must be one of low, "
            "medium, high",
        ),
        (
            'name = "p"\nwhen = {}\nrequier = { riskLevel = "high" }',
            "pyproject.toml:6:1: error[TC050]: unknown key 'requier' in a policy (did you mean "
            "'require'?)",
        ),
    ],
)
def test_bad_policy_is_a_config_error_at_its_line(
    project: Project, policy: str, message: str
) -> None:
    _project(project)
    text = f'[tool.toolcanon]\ncontracts = "contracts"\n[[tool.toolcanon.policies]]\n{policy}\n'
    (project.root / "pyproject.toml").write_text(text, "utf-8")
    before = disk_state(project.root)
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics[0] == message
    assert disk_state(project.root) == before


def test_policies_in_toolcanon_yaml_are_placed_at_their_key(project: Project) -> None:
    _project(project)
    (project.root / "pyproject.toml").unlink()
    (project.root / "toolcanon.yaml").write_text(
        "contracts: contracts\npolicies:\n  - name: p\n    when: {kind: computer-use}\n"
        "    require: {riskLevel: extreme}\n",
        "utf-8",
    )
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:5:15: error[TC050]: 'require.riskLevel' must be one of low, medium, high"
    ]


def test_the_try_it_page_names_the_policy_too(project: Project) -> None:
    _project(project)
    config = project.root / "pyproject.toml"
    config.write_text(
        config.read_text("utf-8").replace(
            'contracts = "contracts"', 'contracts = "contracts"\ntargets = ["canonical", "page"]'
        ),
        "utf-8",
    )
    result = project.run("generate")
    assert result.code == 0, result.err
    data = data_of((project.generated / "docs/index.html").read_text("utf-8"))
    floors = {tool["descriptor"]["name"]: tool["floors"] for tool in data["tools"]}
    assert floors["zoom"] == {"riskLevel": "computer-use-observe"}
    assert floors["drag"] == {
        "riskLevel": "computer-use",
        "requiresPlanApproval": "computer-use",
        "availableInPlanMode": "computer-use",
    }
