"""What an overlay may not do to a tool's safety: every rule read from the policy module.

A safety value of an overlay entry is compared with the tool's resolved value by the
field's order (``policy.SAFETY``: loosest first); moving back is TC172, naming the
contract's value and what may be written instead. The tool with the whole overlay
applied is then held to the decision table (no mode may decide more loosely than for
the shared tool) and to the contract's contradictions (``policy.contradictions``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from generator.ir.fields import BY_KEY, decision_fields, hints
from generator.ir.model import ToolDescriptor
from generator.ir.policy import (
    FIELDS_READ,
    SAFETY,
    Problem,
    Safety,
    contradictions,
    decide,
    looser_modes,
)

HINT_PREFIX = "annotations."
LOOSENED = "TC172"


def resolved_value(tool: ToolDescriptor, spec: Safety) -> Any:
    """A safety field of the resolved tool (a hint under ``annotations.<hint>``)."""
    if spec.key.startswith(HINT_PREFIX):
        return hints(tool)[spec.key.removeprefix(HINT_PREFIX)]
    return BY_KEY[spec.key].value(tool)


def entry_values(entry: Mapping[str, Any]) -> Iterator[tuple[Safety, Any]]:
    """The safety fields an overlay entry sets, with their values, in table order."""
    given = entry.get("annotations", {})
    for spec in SAFETY:
        key = spec.key
        source = given if key.startswith(HINT_PREFIX) else entry
        key = key.removeprefix(HINT_PREFIX)
        if key in source:
            yield spec, source[key]


def loosening(spec: Safety, base: Any, value: Any) -> tuple[str, str] | None:
    """The message and hint when ``value`` is looser than the contract's ``base``."""
    if spec.tighter_or_equal(base, value):
        return None
    allowed = " or ".join(show(v) for v in spec.order[spec.order.index(base) :])
    return (
        f"{show(value)} is looser than the contract's {show(base)}",
        f"an overlay may only tighten safety: write {allowed}, or change the contract",
    )


def looser_decisions(base: ToolDescriptor, applied: ToolDescriptor) -> tuple[str, str] | None:
    """The message and hint when some mode decides ``applied`` more loosely than ``base``."""
    before, after = decision_fields(base), decision_fields(applied)
    modes = looser_modes(before, after)
    if not modes:
        return None

    changes = ", ".join(f"{m}: {decide(before, m)} → {decide(after, m)}" for m in modes)
    return (
        f"the overlay makes the decision looser ({changes})",
        "an overlay may only tighten safety: leave these fields as the contract says",
    )


DECIDING = FIELDS_READ
"""The fields a looser decision is reported at (the last of them the overlay sets)."""


def contradiction_problems(base: ToolDescriptor, applied: ToolDescriptor) -> list[Problem]:
    """Contradictions the overlay brings in: the contract's acknowledgement of a writing
    tool in Plan Mode (``planModeWrites``) holds for the fields it acknowledged."""
    acknowledged = base.available_in_plan_mode and not base.is_read_only
    fields = {
        "isReadOnly": applied.is_read_only,
        "availableInPlanMode": applied.available_in_plan_mode,
        "requiresPlanApproval": applied.requires_plan_approval,
        "planModeWrites": acknowledged,
        "annotations": hints(applied),
    }
    return [
        Problem(problem.key, problem.message, OVERLAY_HINTS.get(problem.key, problem.hint))
        for problem in contradictions(fields)
    ]


OVERLAY_HINTS = {
    "availableInPlanMode": "a tool the host marks as writing leaves Plan Mode: add "
    "availableInPlanMode: false",
    "requiresPlanApproval": "ask for plan approval only with availableInPlanMode: false",
    "annotations": "mark the tool destructive together with isReadOnly: false",
}
"""What an overlay writes to resolve a contradiction (the contract's hints name fields an
overlay may not loosen)."""
INVOLVED: dict[str, tuple[str, ...]] = {
    "availableInPlanMode": ("isReadOnly", "availableInPlanMode"),
    "requiresPlanApproval": ("requiresPlanApproval", "availableInPlanMode"),
    "annotations": ("destructiveHint", "isReadOnly"),
}
"""The overlay keys that can bring in each contradiction, the likeliest first."""


def show(value: Any) -> str:
    """A value as an overlay would write it (JSON)."""
    return json.dumps(value)
