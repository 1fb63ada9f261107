"""Policy floors: which tools a predicate covers, and what floors supply and refuse."""

from __future__ import annotations

from typing import Any

from generator.ir.floors import Policy, Predicate, Refusal, floors_for

TOOL: dict[str, Any] = {
    "name": "gh::push",
    "server": "gh",
    "kind": "mcp",
    "category": "vcs",
    "source": "mcp:gh",
    "isReadOnly": False,
    "permissions": {"network": True},
}


def _policy(name: str, *require: tuple[str, bool | str], **when: Any) -> Policy:
    globs = tuple((k, tuple(v)) for k, v in when.items() if k not in ("isReadOnly", "perms"))
    predicate = Predicate(globs, when.get("isReadOnly"), tuple(when.get("perms", ())))
    return Policy(name, predicate, None, require)


def test_every_predicate_key_must_match() -> None:
    assert Predicate((("server", ("g*",)), ("category", ("vcs",)))).matches(TOOL)
    assert not Predicate((("server", ("g*",)), ("kind", ("builtin",)))).matches(TOOL)
    assert not Predicate((("server", ("*",)),)).matches({**TOOL, "server": None})
    assert Predicate(is_read_only=False, permissions=("disk", "network")).matches(TOOL)
    assert not Predicate(permissions=("disk",)).matches(TOOL)
    assert not Predicate(is_read_only=True).matches(TOOL)


def test_unless_leaves_a_tool_out() -> None:
    policy = Policy("p", Predicate(), Predicate((("name", ("gh::*",)),)), (("riskLevel", "high"),))
    assert floors_for([policy], TOOL, {}).supplied == {}


def test_the_tightest_floor_wins_and_names_its_policy() -> None:
    low = _policy("some", ("riskLevel", "medium"), kind=["mcp"])
    high = _policy("vcs", ("riskLevel", "high"), category=["vcs"])
    floored = floors_for([low, high], TOOL, {})
    assert floored.supplied == {"riskLevel": "high"}
    assert floored.set_by == {"riskLevel": "vcs"}
    assert floors_for([high, low], TOOL, {}).set_by == {"riskLevel": "vcs"}


def test_plan_approval_keeps_a_tool_out_of_plan_mode() -> None:
    policy = _policy("plan", ("requiresPlanApproval", True))
    assert floors_for([policy], TOOL, {}).supplied == {
        "requiresPlanApproval": True,
        "availableInPlanMode": False,
    }
    refused = floors_for([policy], TOOL, {"availableInPlanMode": True}).refused
    assert refused == (Refusal("availableInPlanMode", True, False, "plan"),)


def test_a_declared_value_at_least_as_safe_passes_and_a_looser_one_is_refused() -> None:
    policy = _policy("p", ("riskLevel", "medium"), ("approvalFlow", "two-person"))
    for risk in ("medium", "high"):
        floored = floors_for([policy], TOOL, {"riskLevel": risk, "approvalFlow": "two-person"})
        assert (floored.supplied, floored.refused) == ({}, ())
    refused = floors_for([policy], TOOL, {"riskLevel": "low", "approvalFlow": "standard"}).refused
    assert refused == (
        Refusal("riskLevel", "low", "medium", "p"),
        Refusal("approvalFlow", "standard", "two-person", "p"),
    )
