"""The permission table and the defaults, checked exhaustively against DESIGN.md."""

from __future__ import annotations

import itertools

import pytest

from generator.policy import MODES, RISK_LEVELS, contradictions, decide, resolve_fields

# DESIGN.md, "Permission decision": (mode, rules in order); a rule is (field, value, decision).
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
        got = decide(
            mode=mode,
            is_read_only=read_only,
            risk_level=risk,  # type: ignore[arg-type]
            available_in_plan_mode=in_plan,
            requires_plan_approval=approval,
            requires_confirmation=confirm,
        )
        assert got == expected, (mode, fields)


def test_silent_contract_gets_the_safe_defaults() -> None:
    fields = resolve_fields({}, name="x", server=None, strict_default=False)
    assert fields.risk_level == "high"
    assert fields.available_in_plan_mode is False
    assert fields.requires_plan_approval is True
    assert fields.is_read_only is False
    assert fields.destructive_hint is True


def test_mcp_defaults_name_the_server() -> None:
    fields = resolve_fields({}, name="gh::x", server="gh", strict_default=False)
    assert (fields.kind, fields.source) == ("mcp", "mcp:gh")


def test_plan_mode_tool_needs_no_approval_by_default() -> None:
    fields = resolve_fields(
        {"availableInPlanMode": True, "isReadOnly": True},
        name="x",
        server=None,
        strict_default=True,
    )
    assert fields.requires_plan_approval is False
    assert fields.strict is True


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
