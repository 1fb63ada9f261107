"""``toolcanon diff``: one before/after pair per rule ID, compared as folders of contracts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.diff.rules import RULES
from tests.conftest import Project
from tests.diff_cases import BASE, CASES, Case, contract

QUIET = "[tool.toolcanon.diff]\ntoken-threshold = 1000000\n"  # token growth is its own case


def run_diff(project: Project, before: str, after: str, *flags: str) -> tuple[int, Any]:
    if not (project.root / "pyproject.toml").exists():
        project.write("pyproject.toml", QUIET)
    project.write("old/a.yaml", before)
    project.write("contracts/a.yaml", after)
    result = project.run("diff", "--against", "old", "--format", "json", *flags)
    assert result.err == "", result.err
    return result.code, json.loads(result.out)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule(project: Project, case: Case) -> None:
    if case.rule == "tokens-grew":
        project.write("pyproject.toml", "[tool.toolcanon.diff]\ntoken-threshold = 20\n")
    code, report = run_diff(project, contract(*case.before), contract(*case.after))
    rules = {f["rule"] for f in report["findings"]}
    assert rules == {case.rule} | case.also
    finding, *_ = [f for f in report["findings"] if f["rule"] == case.rule]
    assert (finding["category"], finding["tool"], finding["path"]) == (
        case.category,
        case.tool,
        case.path,
    )
    assert code == (0 if case.category == "safe" else 1)
    assert report["failed"] is (code == 1)


def test_every_rule_has_a_case() -> None:
    """Host rules need an overlay and a git history: their cases are in test_diff_hosts."""
    assert set(RULES) - {c.rule for c in CASES} == {"host-added", "host-removed"}
    assert {c.rule for c in CASES} <= set(RULES)


def test_equal_contracts_have_no_findings(project: Project) -> None:
    code, report = run_diff(project, contract(BASE), contract(BASE))
    assert (code, report["findings"], report["bump"]) == (0, [], "none")


def test_same_tools_in_another_layout_have_no_findings(project: Project) -> None:
    """Order of keys and files does not matter: resolved descriptors are compared."""
    project.write("old/b.yaml", contract({**BASE, "name": "other"}))
    reordered = dict(reversed(list(BASE.items())))
    project.write("contracts/b.yaml", contract({**reordered, "name": "other"}))
    code, report = run_diff(project, contract(BASE), contract(BASE))
    assert (code, report["findings"]) == (0, [])


@pytest.mark.parametrize(
    ("flags", "code"),
    [
        ((), 1),
        (("--fail-on", "none"), 0),
        (("--fail-on", "security"), 0),
        (("--fail-on", "breaking"), 1),
    ],
)
def test_fail_on(project: Project, flags: tuple[str, ...], code: int) -> None:
    removed = {**BASE, "inputSchema": {"type": "object"}}
    assert run_diff(project, contract(BASE), contract(removed), *flags)[0] == code


def test_fail_on_safe_fails_on_a_description_change(project: Project) -> None:
    after = contract({**BASE, "description": "New words."})
    assert run_diff(project, contract(BASE), after)[0] == 0
    assert run_diff(project, contract(BASE), after, "--fail-on", "safe")[0] == 1


def test_unknown_fail_on_category_is_a_usage_error(project: Project) -> None:
    with pytest.raises(SystemExit) as exit_info:
        project.run("diff", "--against", "old", "--fail-on", "breakin")
    assert exit_info.value.code == 2


@pytest.mark.parametrize(
    ("after", "bump"),
    [
        ({**BASE, "inputSchema": {"type": "object"}}, "major"),
        (
            {
                **BASE,
                "outputSchema": {"type": "object", "properties": {"ok": {}, "bytes": {}, "n": {}}},
            },
            "major",
        ),
        ({**BASE, "riskLevel": "high"}, "patch"),
        (BASE, "none"),
    ],
    ids=["breaking", "output-type", "patch", "none"],
)
def test_suggested_bump(project: Project, after: dict[str, Any], bump: str) -> None:
    assert run_diff(project, contract(BASE), contract(after))[1]["bump"] == bump


def test_addition_suggests_a_minor_bump(project: Project) -> None:
    added = {**BASE["inputSchema"]["properties"], "force": {"type": "boolean"}}
    after = {**BASE, "inputSchema": {**BASE["inputSchema"], "properties": added}}
    report = run_diff(project, contract(BASE), contract(after))[1]
    assert report["bump"] == "minor"


def test_a_change_that_reaches_one_provider_is_reported_with_it(project: Project) -> None:
    # Left out of every provider target but Gemini's: its schema changes reach Gemini only.
    others = ["openai", "anthropic", "bedrock", "gemini-openapi"]
    only_gemini = {**BASE, "targets": {"exclude": others}}
    changed = {**only_gemini, "description": "Edit a file (now faster)."}
    _, report = run_diff(project, contract(only_gemini), contract(changed))
    [finding] = report["findings"]
    assert (finding["rule"], finding["target"]) == ("description-changed", "gemini")
    excluded = {**BASE, "targets": {"exclude": ["bedrock"]}}
    _, report = run_diff(project, contract(BASE), contract(excluded))
    [finding] = report["findings"]
    assert (finding["rule"], finding["target"]) == ("target-excluded", "bedrock")
    assert finding["message"] == "no longer sent to bedrock: the contract now leaves it out"
    project.write("contracts/a.yaml", contract(excluded))
    text = project.run("diff", "--against", "old").out
    assert "breaking[target-excluded]: $.targets.exclude: no longer sent to bedrock" in text
    assert "[bedrock only]" in text


def test_a_pinned_tools_json_from_before_examples_and_targets_compares_clean(
    project: Project,
) -> None:
    project.write("contracts/a.yaml", contract(BASE))
    assert project.run("generate").code == 0
    pinned = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    for tool in pinned["tools"]:
        del tool["targets"], tool["examples"]  # as an older toolcanon wrote it
    project.write("old/tools.json", json.dumps(pinned))
    result = project.run("diff", "--against", "old/tools.json", "--format", "json")
    assert json.loads(result.out)["findings"] == []
