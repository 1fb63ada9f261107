"""The permission table and the defaults, checked exhaustively against the documented table."""

from __future__ import annotations

import itertools

import pytest

from generator.ir.policy import (
    DECISION_RULES,
    FIELDS_READ,
    MODES,
    RISK_LEVELS,
    Silent,
    contradictions,
    decide,
    resolve_fields,
    rule_text,
)

# The manual's permission table: (mode, rules in order); a rule is (field, value, decision).
TABLE = {
    "plan": [("availableInPlanMode", True, "allow"), ("requiresPlanApproval", True, "ask")],
    "default": [
        ("requiresConfirmation", True, "ask"),
        ("isReadOnly", True, "allow"),
        ("riskLevel", "high", "ask"),
    ],
    "auto": [("requiresConfirmation", True, "ask")],
}
FALLBACK = {"plan": "deny", "default": "allow", "auto": "allow"}
BOOLS = (False, True)


@pytest.mark.parametrize("mode", MODES)
def test_decide_matches_the_table_for_every_combination(mode: str) -> None:
    for read_only, risk, in_plan, approval, confirm in itertools.product(
        BOOLS, RISK_LEVELS, BOOLS, BOOLS, BOOLS
    ):
        fields = {
            "isReadOnly": read_only,
            "riskLevel": risk,
            "availableInPlanMode": in_plan,
            "requiresPlanApproval": approval,
            "requiresConfirmation": confirm,
        }
        expected = next((d for f, v, d in TABLE[mode] if fields[f] == v), FALLBACK[mode])
        assert decide(fields, mode) == expected, (mode, fields)  # type: ignore[arg-type]


def every_combination() -> list[dict[str, object]]:
    return [
        dict(zip(FIELDS_READ, values, strict=True))
        for values in itertools.product(
            *[RISK_LEVELS if f == "riskLevel" else BOOLS for f in FIELDS_READ]
        )
    ]


def test_decide_reads_only_the_fields_it_declares() -> None:
    assert set(FIELDS_READ) == {f for rules in TABLE.values() for f, _, _ in rules}
    with pytest.raises(ValueError, match="unknown mode"):
        decide(every_combination()[0], "yolo")  # type: ignore[arg-type]


def test_rule_text_says_the_table() -> None:
    text = {rules.mode: rule_text(rules) for rules in DECISION_RULES}
    assert text["default"] == (
        "requiresConfirmation → ask · isReadOnly → allow · riskLevel high → ask · else allow"
    )
    assert text["plan"] == "availableInPlanMode → allow · requiresPlanApproval → ask · else deny"


def test_generated_python_decide_matches_the_table() -> None:
    """The decide() the Python template renders, run here on every combination."""
    from generator.core.templating import render
    from generator.emit.decisions import FILTERS, context

    source = render(
        "python/permissions.py.j2",
        {**FILTERS, "black_str": lambda v: f'"{v}"'},
        header="#",
        **context(),
    ).replace("from .descriptors import descriptor", "descriptor = {}.__getitem__")
    namespace: dict[str, object] = {}
    exec(compile(source, "permissions.py", "exec"), namespace)
    generated = namespace["decide"]
    for fields in every_combination():
        for mode in MODES:
            assert generated(fields, mode) == decide(fields, mode), (mode, fields)  # type: ignore[operator]


def test_silent_contract_gets_the_safe_defaults() -> None:
    fields = resolve_fields({}, Silent("x", None, strict_default=False))
    assert fields["riskLevel"] == "high"
    assert fields["availableInPlanMode"] is False
    assert fields["requiresPlanApproval"] is True
    assert fields["isReadOnly"] is False
    assert fields["destructiveHint"] is True
    assert fields["title"] == "x"


def test_mcp_defaults_name_the_server() -> None:
    fields = resolve_fields({}, Silent("gh::x", "gh", strict_default=False))
    assert (fields["kind"], fields["source"]) == ("mcp", "mcp:gh")


def test_plan_mode_tool_needs_no_approval_by_default() -> None:
    fields = resolve_fields(
        {"availableInPlanMode": True, "isReadOnly": True}, Silent("x", None, strict_default=True)
    )
    assert fields["requiresPlanApproval"] is False
    assert fields["strict"] is True


def test_hints_come_from_annotations_and_follow_the_labels() -> None:
    quiet = Silent("x", None, strict_default=False)
    labelled = resolve_fields({"riskLevel": "low"}, quiet)
    assert labelled["destructiveHint"] is False
    given = resolve_fields(
        {"annotations": {"destructiveHint": True, "openWorldHint": False}}, quiet
    )
    assert (given["destructiveHint"], given["openWorldHint"]) == (True, False)


@pytest.mark.parametrize(
    ("tool", "keys"),
    [
        (
            {"availableInPlanMode": True, "requiresPlanApproval": True, "isReadOnly": True},
            ["requiresPlanApproval"],
        ),
        ({"availableInPlanMode": True}, ["availableInPlanMode"]),
        ({"availableInPlanMode": True, "planModeWrites": True}, []),
        ({"isReadOnly": True, "annotations": {"destructiveHint": True}}, ["annotations"]),
        ({"isReadOnly": True, "availableInPlanMode": True}, []),
    ],
)
def test_contradictions(tool: dict[str, object], keys: list[str]) -> None:
    assert [p.key for p in contradictions(tool)] == keys
