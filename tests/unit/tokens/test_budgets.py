"""Budgets: below, at and above each limit, per tool and per listing, in every target.

Limits are set from the measured counts (count - 1, count, count + 1), so the tests hold
whatever the counts are; what they check is the rule (at the limit passes), where a
finding points, what it names, how it is labelled, and what --strict makes of it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.core.diagnostics import Position, Severity, has_errors
from generator.core.report import diagnostic_line, format_text
from generator.ir.model import Toolset
from generator.project.settings import Config
from generator.run.pipeline import load_toolset
from generator.tokens.budgets import (
    LISTING_OVER_BUDGET,
    TOOL_OVER_BUDGET,
    Limit,
    budget_diagnostics,
    evaluate,
)
from generator.tokens.changes import changes, part_changes
from generator.tokens.contributors import contributors
from generator.tokens.export import findings_json
from generator.tokens.measure import TokenReport, measure
from generator.tokens.targets import target, targets_for

CONTRACT = """\
version: 1
tools:
  - name: small
    description: Ping.
    riskLevel: low
    inputSchema: {{type: object, properties: {{}}}}
  - name: big
    description: {description}
    riskLevel: low
    inputSchema:
      type: object
      properties:
        limit: {{type: integer, minimum: 1}}
        query: {{type: string, description: {query}}}
      required: [query]
"""
LONG = "Search every document of the workspace and return the best matches. " * 12
QUERY = "What to look for: words, a quoted phrase, or field:value pairs. " * 3


def _load(root: Path, description: str = LONG) -> Toolset:
    (root / "contracts").mkdir(parents=True, exist_ok=True)
    text = CONTRACT.format(description=json.dumps(description), query=json.dumps(QUERY))
    (root / "contracts" / "tools.yaml").write_text(text, encoding="utf-8")
    config = Config(root=root, contracts=root / "contracts", output=root / "generated")
    toolset, diagnostics = load_toolset(config)
    assert toolset is not None, diagnostics
    return toolset


@pytest.fixture(scope="module")
def measured(tmp_path_factory: pytest.TempPathFactory) -> tuple[Toolset, TokenReport]:
    toolset = _load(tmp_path_factory.mktemp("budgets"))
    return toolset, measure(toolset, Config(Path(), Path(), Path()).emit)


def _tokens(report: TokenReport, key: str, tool: str) -> int:
    [row] = [row for row in report.tools if row.target == key and row.tool == tool]
    return row.primary.tokens


DEFAULT = targets_for(Config(Path(), Path(), Path()).emit)
KEYS = [t.key for t in DEFAULT]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(("offset", "found"), [(1, False), (0, False), (-1, True)])
def test_per_tool_budget_below_at_above(
    measured: tuple[Toolset, TokenReport], key: str, offset: int, found: bool
) -> None:
    toolset, report = measured
    big = _tokens(report, key, "big")
    assert _tokens(report, key, "small") < big - 1
    findings = evaluate(toolset, report, {key: Limit(per_tool=big + offset)})
    assert [f.subject for f in findings] == (["big"] if found else [])
    if found:
        [finding] = findings
        assert (finding.scope, finding.target, finding.limit, finding.over) == (
            "tool",
            key,
            big - 1,
            1,
        )
        assert finding.measured.tokens == big


@pytest.mark.parametrize("key", KEYS)
def test_a_tool_finding_is_at_the_tool_and_names_its_largest_parts(
    measured: tuple[Toolset, TokenReport], key: str
) -> None:
    toolset, report = measured
    big = next(tool for tool in toolset if tool.name == "big")
    limit = Limit(per_tool=_tokens(report, key, "small"))  # small passes at the limit
    [finding] = evaluate(toolset, report, {key: limit})
    assert finding.position == big.origin
    labels = [share.label for share in finding.largest]
    assert labels[0] == "description"  # the long description is the largest part
    assert "property 'query'" in labels
    parts = contributors(big, target(key))
    assert [(s.label, s.tokens) for s in finding.largest] == [
        (p.label, p.tokens) for p in parts[:3]
    ]


def test_a_tool_finding_points_at_the_tools_line(tmp_path: Path) -> None:
    toolset = _load(tmp_path)
    report = measure(toolset, Config(tmp_path, tmp_path, tmp_path).emit)
    limit = Limit(per_tool=_tokens(report, "openai-chat", "small"))
    [diagnostic] = budget_diagnostics(evaluate(toolset, report, {"openai-chat": limit}))
    lines = (tmp_path / "contracts" / "tools.yaml").read_text("utf-8").splitlines()
    assert lines[diagnostic.position.line - 1].strip() == "- name: big"
    assert diagnostic.position.file.endswith("tools.yaml")


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(("offset", "found"), [(1, False), (0, False), (-1, True)])
def test_per_listing_budget_below_at_above(
    measured: tuple[Toolset, TokenReport], key: str, offset: int, found: bool
) -> None:
    toolset, report = measured
    [listing] = [row for row in report.listings if row.target == key]
    budget = Position("toolcanon.yaml", 7, 5)
    limit = Limit(per_listing=listing.primary.tokens + offset, origin=budget)
    findings = evaluate(toolset, report, {key: limit})
    assert [(f.scope, f.subject) for f in findings] == (
        [("listing", listing.file)] if found else []
    )
    if found:
        [finding] = findings
        assert finding.position == budget
        assert finding.over == 1
        assert [share.label for share in finding.largest] == ["big", "small"]


def test_a_listing_finding_without_a_budget_line_points_at_its_largest_tool(
    measured: tuple[Toolset, TokenReport],
) -> None:
    toolset, report = measured
    big = next(tool for tool in toolset if tool.name == "big")
    [finding] = evaluate(toolset, report, {"mcp": Limit(per_listing=1)})
    assert finding.position == big.origin


def test_no_budget_no_finding(measured: tuple[Toolset, TokenReport]) -> None:
    toolset, report = measured
    assert evaluate(toolset, report, {}) == ()
    assert evaluate(toolset, report, {"anthropic": Limit()}) == ()


def test_findings_are_warnings_that_strict_turns_into_errors(
    measured: tuple[Toolset, TokenReport],
) -> None:
    toolset, report = measured
    budgets = {"openai-chat": Limit(per_tool=10, per_listing=10), "anthropic": Limit(per_tool=10)}
    diagnostics = budget_diagnostics(evaluate(toolset, report, budgets))
    assert {d.severity for d in diagnostics} == {Severity.WARNING}
    assert not has_errors(diagnostics)
    assert has_errors(diagnostics, strict=True)
    by_code = {d.code for d in diagnostics}
    assert by_code == {TOOL_OVER_BUDGET, LISTING_OVER_BUDGET}
    texts = [format_text(diagnostic_line(d)) for d in diagnostics]
    openai = [t for t in texts if "openai-chat: " in t and "tool 'big'" in t]
    claude = [t for t in texts if "anthropic: " in t and "tool 'big'" in t]
    assert openai and "tokens (exact)" in openai[0] and "largest: description" in openai[0]
    assert claude and "tokens (estimate)" in claude[0]


def test_findings_as_json_carry_the_estimate_label(measured: tuple[Toolset, TokenReport]) -> None:
    toolset, report = measured
    data = findings_json(evaluate(toolset, report, {"anthropic": Limit(per_tool=10)}))
    assert {item["measured"]["kind"] for item in data} == {"estimate"}
    assert all(item["over"] == item["measured"]["tokens"] - item["limit"] for item in data)


def test_contributors_add_up_to_each_tools_count(measured: tuple[Toolset, TokenReport]) -> None:
    toolset, report = measured
    for tool in toolset:
        for spec in DEFAULT:
            parts = contributors(tool, spec)
            assert sum(p.tokens for p in parts) == _tokens(report, spec.key, tool.name)
            assert [p.tokens for p in parts] == sorted((p.tokens for p in parts), reverse=True)


def test_changes_name_the_tool_the_listing_and_the_part_that_grew(tmp_path: Path) -> None:
    before_set = _load(tmp_path / "before")
    after_set = _load(tmp_path / "after", LONG + " It also searches archived documents.")
    options = Config(tmp_path, tmp_path, tmp_path).emit
    found = changes(measure(before_set, options), measure(after_set, options))
    assert {(c.scope, c.subject) for c in found} == {("tool", "big")} | {
        ("listing", row.file) for row in measure(after_set, options).listings
    }
    assert all(c.delta > 0 for c in found)
    spec = target("openai-chat")
    old, new = (next(t for t in s if t.name == "big") for s in (before_set, after_set))
    [moved] = [p for p in part_changes((old, None), (new, None), spec) if p.label == "description"]
    assert moved.phrase == f"description grew by {moved.delta:,} tokens" and moved.delta > 0
