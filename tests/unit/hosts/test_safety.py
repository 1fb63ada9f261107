"""An overlay may only tighten safety: exhaustive over the safety fields and every tool a
contract can describe.

One contract holds a tool for every valid combination of the safety fields. For each
safety field and each value an overlay may write, one overlay sets that value on every
tool (``match: "*"``). The expectations come from this file's own table of which way
is tighter, and from the decision table (``decide``) for how a mode treats the tool:
a change is refused (TC172) exactly when it moves a field towards its loose end or
makes some mode decide more loosely; every other change is accepted, apart from the
contract's contradictions (TC120), which hold for hosts too.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.core.diagnostics import Severity
from generator.hosts.apply import apply_overlay
from generator.hosts.load import check_overlay
from generator.ir.model import HostView, Toolset
from generator.ir.policy import DECISIONS, MODES, SAFETY, decide
from tests.toolsets import contract, resolved

# What a reader expects: for each safety field, its values from loosest to tightest.
TIGHTER = {
    "riskLevel": ("low", "medium", "high"),
    "requiresConfirmation": (False, True),
    "availableInPlanMode": (True, False),
    "isReadOnly": (True, False),
    "requiresPlanApproval": (False, True),
    "annotations.destructiveHint": (False, True),
    "annotations.idempotentHint": (True, False),
    "annotations.openWorldHint": (False, True),
}
HINTS = ("destructiveHint", "idempotentHint", "openWorldHint")
BOOLS = (False, True)


def _bases() -> Iterator[dict[str, Any]]:
    """Every combination of the safety fields a contract accepts."""
    for ro, risk, plan, approval, confirm, *hints in itertools.product(
        BOOLS, ("low", "medium", "high"), BOOLS, BOOLS, BOOLS, BOOLS, BOOLS, BOOLS
    ):
        if (plan and approval) or (ro and hints[0]):
            continue  # contradictions the contract check refuses
        yield {
            "isReadOnly": ro,
            "riskLevel": risk,
            "availableInPlanMode": plan,
            "requiresPlanApproval": approval,
            "requiresConfirmation": confirm,
            "annotations": dict(zip(HINTS, hints, strict=True)),
            **({"planModeWrites": True} if plan and not ro else {}),
        }


BASES = list(_bases())


@pytest.fixture(scope="module")
def toolset(tmp_path_factory: pytest.TempPathFactory) -> Toolset:
    tools = [
        {"name": f"t{i:03d}", "description": "A tool.", "inputSchema": {"type": "object"}, **base}
        for i, base in enumerate(BASES)
    ]
    folder = tmp_path_factory.mktemp("safety")
    found, diagnostics = resolved(folder, yaml.safe_dump({"version": 1, "tools": tools}))
    assert not diagnostics
    return found


def _overlay(folder: Path, toolset: Toolset, entry: dict[str, Any]) -> tuple[HostView, list[Any]]:
    text = yaml.safe_dump({"version": 1, "host": "h", "tools": [{"match": "*", **entry}]})
    loaded = contract(folder, text, "h.yaml")
    assert check_overlay(loaded, "h") == []
    return apply_overlay(toolset, loaded)


def _value(fields: dict[str, Any], key: str) -> Any:
    if key.startswith("annotations."):
        return fields["annotations"][key.split(".")[1]]
    return fields[key]


def _decisions(fields: dict[str, Any]) -> list[int]:
    return [DECISIONS.index(decide(fields, mode)) for mode in MODES]


def _contradicts(fields: dict[str, Any], base: dict[str, Any]) -> bool:
    acknowledged = base.get("planModeWrites", False)
    plan = fields["availableInPlanMode"]
    return (
        (plan and fields["requiresPlanApproval"])
        or (plan and not fields["isReadOnly"] and not acknowledged)
        or (fields["isReadOnly"] and fields["annotations"]["destructiveHint"])
    )


def _changed(base: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    fields = {**base, "annotations": dict(base["annotations"])}
    if key.startswith("annotations."):
        fields["annotations"][key.split(".")[1]] = value
    else:
        fields[key] = value
    return fields


CASES = [(key, value) for key, order in TIGHTER.items() for value in order]


def test_the_policy_orders_are_the_ones_a_reader_expects() -> None:
    assert {spec.key: spec.order for spec in SAFETY} == TIGHTER


@pytest.mark.parametrize(("key", "value"), CASES, ids=[f"{k}={v}" for k, v in CASES])
def test_every_loosening_is_refused_and_every_tightening_accepted(
    key: str, value: Any, toolset: Toolset, tmp_path: Path
) -> None:
    order = TIGHTER[key]
    entry: dict[str, Any] = (
        {"annotations": {key.split(".")[1]: value}}
        if key.startswith("annotations.")
        else {key: value}
    )
    view, found = _overlay(tmp_path, toolset, entry)
    refused = {d.tool for d in found if d.code == "TC172"}
    contradicted = {d.tool for d in found if d.code == "TC120"}
    assert all(d.severity is Severity.ERROR for d in found)
    assert {d.code for d in found} <= {"TC172", "TC120"}
    for index, base in enumerate(BASES):
        name = f"t{index:03d}"
        after = _changed(base, key, value)
        looser_field = order.index(value) < order.index(_value(base, key))
        looser_mode = any(a < b for a, b in zip(_decisions(after), _decisions(base), strict=True))
        assert (name in refused) == (looser_field or looser_mode), (name, base)
        if name not in refused:
            assert (name in contradicted) == _contradicts(after, base), (name, base)
    accepted = {t.name: t for t in view.tools} if not found else {}
    for tool in accepted.values():  # nothing refused: every tool carries the value
        assert _value(_fields(tool), key) == value


def _fields(tool: Any) -> dict[str, Any]:
    from generator.ir.fields import descriptor_json

    return descriptor_json(tool)


@pytest.mark.parametrize(
    "entry",
    [
        {"isReadOnly": False, "availableInPlanMode": False},
        {"availableInPlanMode": False, "requiresPlanApproval": True, "riskLevel": "high"},
        {
            "requiresConfirmation": True,
            "isReadOnly": False,
            "availableInPlanMode": False,
            "annotations": {"destructiveHint": True, "openWorldHint": True},
        },
    ],
)
def test_tightening_several_fields_at_once_is_accepted(
    entry: dict[str, Any], tmp_path: Path
) -> None:
    """A read-only tool allowed in Plan Mode, made a writing tool that asks first."""
    text = """
        version: 1
        tools:
          - name: look
            description: Look.
            isReadOnly: true
            riskLevel: low
            availableInPlanMode: true
            inputSchema: {type: object}
    """
    toolset, _ = resolved(tmp_path, text)
    view, found = _overlay(tmp_path, toolset, entry)
    assert found == []
    tool = _fields(view.tools[0])
    for key, value in entry.items():
        assert tool[key] == value or tool[key].items() >= value.items()
    base = _fields(toolset.tools[0])
    assert all(a >= b for a, b in zip(_decisions(tool), _decisions(base), strict=True))


DIFF_SECURITY = {
    "riskLevel",
    "requiresConfirmation",
    "availableInPlanMode",
    "isReadOnly",
    "requiresPlanApproval",
    "annotations.destructiveHint",
}
"""The safety fields ``diff`` classifies by direction (the other hints are metadata)."""


@pytest.mark.parametrize("key", sorted(DIFF_SECURITY))
def test_diff_calls_security_exactly_what_an_overlay_may_not_do(key: str) -> None:
    """A host's diff can never report a loosening its overlay was allowed to make."""
    from generator.diff.compare import compare_permission_fields
    from generator.diff.rules import RULES

    order = TIGHTER[key]
    for before, after in itertools.permutations(order, 2):
        old, new = _as_descriptor(key, before), _as_descriptor(key, after)
        rules = [RULES[c.rule] for c in compare_permission_fields(old, new)]
        security = any(rule.category == "security" for rule in rules)
        assert security == (order.index(after) < order.index(before)), (before, after)


def _as_descriptor(key: str, value: Any) -> dict[str, Any]:
    if key.startswith("annotations."):
        return {"annotations": {key.split(".")[1]: value}}
    return {key: value}
