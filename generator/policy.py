"""Every default and the permission decision table: the one place that knows them.

A contract may stay silent about a field; the descriptor never does. Defaults lean
to safety: a tool that does not say it is allowed in Plan Mode is not (and needs
approval), and a tool with no risk level is treated as high risk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

RiskLevel = Literal["low", "medium", "high"]
Mode = Literal["plan", "default", "auto"]
Decision = Literal["allow", "ask", "deny"]

RISK_LEVELS: tuple[RiskLevel, ...] = ("low", "medium", "high")
MODES: tuple[Mode, ...] = ("plan", "default", "auto")

DEFAULT_KIND = "builtin"
MCP_KIND = "mcp"
DEFAULT_SOURCE = "contract"
DEFAULT_CATEGORY = "general"
DEFAULT_RISK: RiskLevel = "high"
DEFAULT_APPROVAL_FLOW = "standard"


@dataclass(frozen=True, slots=True)
class Problem:
    """A contradiction between fields, reported by the checker at ``key``."""

    key: str
    message: str
    hint: str


@dataclass(frozen=True, slots=True)
class ResolvedFields:
    """The permission and labelling fields of one tool, every one decided."""

    title: str
    description: str
    kind: str
    source: str
    category: str
    is_read_only: bool
    risk_level: RiskLevel
    available_in_plan_mode: bool
    requires_plan_approval: bool
    requires_confirmation: bool
    approval_flow: str
    strict: bool
    destructive_hint: bool
    idempotent_hint: bool
    open_world_hint: bool


def resolve_fields(
    tool: Mapping[str, Any], *, name: str, server: str | None, strict_default: bool
) -> ResolvedFields:
    """Fill every field the contract left out (``tool`` has file defaults merged in)."""
    read_only = bool(tool.get("isReadOnly", False))
    risk: RiskLevel = tool.get("riskLevel", DEFAULT_RISK)
    in_plan = bool(tool.get("availableInPlanMode", False))
    annotations: Mapping[str, Any] = tool.get("annotations", {})
    return ResolvedFields(
        title=tool.get("title", name),
        description=tool.get("description", ""),
        kind=tool.get("kind", MCP_KIND if server else DEFAULT_KIND),
        source=tool.get("source", f"mcp:{server}" if server else DEFAULT_SOURCE),
        category=tool.get("category", DEFAULT_CATEGORY),
        is_read_only=read_only,
        risk_level=risk,
        available_in_plan_mode=in_plan,
        requires_plan_approval=bool(tool.get("requiresPlanApproval", not in_plan)),
        requires_confirmation=bool(tool.get("requiresConfirmation", False)),
        approval_flow=tool.get("approvalFlow", DEFAULT_APPROVAL_FLOW),
        strict=bool(tool.get("strict", strict_default)),
        # MCP's own defaults are "may destroy" and "open world"; ours follow the labels.
        destructive_hint=bool(annotations.get("destructiveHint", not read_only and risk == "high")),
        idempotent_hint=bool(annotations.get("idempotentHint", False)),
        open_world_hint=bool(annotations.get("openWorldHint", True)),
    )


def contradictions(tool: Mapping[str, Any]) -> list[Problem]:
    """Field combinations that cannot both be meant."""
    problems = []
    in_plan = tool.get("availableInPlanMode", False)
    if in_plan and tool.get("requiresPlanApproval", False):
        problems.append(
            Problem(
                "requiresPlanApproval",
                "availableInPlanMode and requiresPlanApproval are both true",
                "a tool allowed in Plan Mode needs no plan approval: drop one of them",
            )
        )
    if in_plan and not tool.get("isReadOnly", False) and not tool.get("planModeWrites", False):
        problems.append(
            Problem(
                "availableInPlanMode",
                "a tool that is not read-only is allowed in Plan Mode",
                "set isReadOnly: true, or acknowledge with planModeWrites: true",
            )
        )
    if tool.get("isReadOnly", False) and tool.get("annotations", {}).get("destructiveHint", False):
        problems.append(
            Problem(
                "annotations",
                "a read-only tool is marked destructiveHint: true",
                "remove destructiveHint or set isReadOnly: false",
            )
        )
    return problems


def decide(
    *,
    mode: Mode,
    is_read_only: bool,
    risk_level: RiskLevel,
    available_in_plan_mode: bool,
    requires_plan_approval: bool,
    requires_confirmation: bool,
) -> Decision:
    """The permission table of DESIGN.md; every emitted language implements the same."""
    if mode == "plan":
        if available_in_plan_mode:
            return "allow"
        return "ask" if requires_plan_approval else "deny"
    if requires_confirmation:
        return "ask"
    if mode == "auto" or is_read_only:
        return "allow"
    return "ask" if risk_level == "high" else "allow"
