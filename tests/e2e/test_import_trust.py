"""A server's hints are suggestions, never trust: ``import`` leaves the safety fields to
the defaults until a person writes them, ``--strict`` fails until then, and
``--trust-hints`` keeps the server's word for a server the user owns."""

from __future__ import annotations

import json
from typing import Any

from generator.ir.policy import decide
from tests.conftest import Project

HINTED = {
    "tools": [
        {
            "name": "peek",
            "description": "Look at a thing.",
            "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": True, "openWorldHint": False},
        },
        {
            "name": "poke",
            "description": "Change a thing, gently.",
            "inputSchema": {"type": "object"},
            "annotations": {"readOnlyHint": False, "destructiveHint": False},
        },
    ]
}
SAFE = {"isReadOnly": False, "riskLevel": "high", "availableInPlanMode": False}


def _import(project: Project, *extra: str) -> Any:
    (project.root / "hinted.json").write_text(json.dumps(HINTED, indent=2), "utf-8")
    return project.run("import", "hinted.json", "--server", "svc", *extra)


def _canonical(project: Project) -> dict[str, dict[str, Any]]:
    assert project.run("generate").code == 0
    tools = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))["tools"]
    return {tool["toolName"]: tool for tool in tools}


def test_hints_leave_every_tool_at_the_safe_defaults(project: Project) -> None:
    assert _import(project).code == 0
    tools = _canonical(project)
    for name in ("peek", "poke"):
        tool = tools[name]
        assert {key: tool[key] for key in SAFE} == SAFE
        assert tool["requiresPlanApproval"] is True
        assert tool["annotations"]["destructiveHint"] is True  # not the server's false
        assert decide(tool, "plan") == "ask"
        assert decide(tool, "default") == "ask"


def test_strict_validation_names_each_unreviewed_tool(project: Project) -> None:
    assert _import(project).code == 0
    assert project.run("validate").code == 0  # a warning without --strict
    result = project.run("validate", "--strict")
    assert result.code == 2
    runs = (
        "imported tool is unreviewed: it runs with isReadOnly: false, riskLevel: high, "
        "availableInPlanMode: false, requiresPlanApproval: true until a person decides"
    )
    assert result.diagnostics == [
        f"contracts/svc.yaml:13:5: warning[TC303]: tool 'peek': $.suggested: {runs} (its source "
        "suggests isReadOnly: true, riskLevel: low, availableInPlanMode: true: write the "
        "fields you agree with on the tool, then delete the suggested: block)",
        f"contracts/svc.yaml:27:5: warning[TC303]: tool 'poke': $.suggested: {runs} (its source "
        "suggests isReadOnly: false, riskLevel: medium, availableInPlanMode: false, "
        "requiresPlanApproval: true: write the fields you agree with on the tool, then delete "
        "the suggested: block)",
    ]


def test_writing_the_fields_and_deleting_the_block_is_the_review(project: Project) -> None:
    assert _import(project).code == 0
    written = project.contracts / "svc.yaml"
    text = written.read_text("utf-8")
    start = text.index("    # review: what the source claims")
    end = text.index("    inputSchema:", start)
    reviewed = text[:start] + "    isReadOnly: true\n    riskLevel: low\n" + text[end:]
    written.write_text(reviewed, "utf-8")
    result = project.run("validate", "--strict")
    assert "tool 'peek'" not in result.err
    assert "tool 'poke': $.suggested" in result.err  # still unreviewed
    assert _canonical(project)["peek"]["riskLevel"] == "low"


def test_trust_hints_keeps_the_servers_word_and_says_so(project: Project) -> None:
    assert _import(project, "--trust-hints").code == 0
    text = (project.contracts / "svc.yaml").read_text("utf-8")
    assert "suggested:" not in text
    assert (
        "# --trust-hints: isReadOnly, riskLevel and the Plan Mode fields below come from the\n"
        "# source's own hints, not from a review.\n"
    ) in text
    tools = _canonical(project)
    assert {key: tools["peek"][key] for key in SAFE} == {
        "isReadOnly": True,
        "riskLevel": "low",
        "availableInPlanMode": True,
    }
    assert decide(tools["peek"], "plan") == "allow"
    assert tools["poke"]["riskLevel"] == "medium"
    assert tools["poke"]["annotations"]["destructiveHint"] is False
    assert project.run("validate", "--strict").code == 0


def test_import_under_strict_writes_the_file_and_says_what_to_review(project: Project) -> None:
    result = _import(project, "--strict")
    assert result.code == 0, result.err
    assert "2 tools to review: a suggested: block holds what the source claims" in result.out
    assert "TC303" not in result.err  # said once, in the summary
