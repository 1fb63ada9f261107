"""Every default and the permission decision table: the one place that knows them.

A contract may stay silent about a field; the descriptor never does. Defaults lean
to safety: a tool that does not say it is allowed in Plan Mode is not (and needs
approval), and a tool with no risk level is treated as high risk. The decision table
is data (:data:`DECISION_RULES`): ``decide`` here, the generated Python and TypeScript
``decide`` and every document that explains the modes are rendered from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

RiskLevel = Literal["low", "medium", "high"]
Mode = Literal["plan", "default", "auto"]
Decision = Literal["allow", "ask", "deny"]

RISK_LEVELS: tuple[RiskLevel, ...] = ("low", "medium", "high")
DECISIONS: tuple[Decision, ...] = ("allow", "ask", "deny")

DEFAULT_KIND = "builtin"
MCP_KIND = "mcp"
SKILL_KIND = "skill"  # a tool that runs a skill: it names the skill (``skill``)
DEFAULT_SOURCE = "contract"
DEFAULT_CATEGORY = "general"
DEFAULT_RISK: RiskLevel = "high"
DEFAULT_APPROVAL_FLOW = "standard"

CacheScope = Literal["private", "public"]
CACHE_SCOPES: tuple[CacheScope, ...] = ("private", "public")
MCP_TTL_MS = 0
MCP_CACHE_SCOPE: CacheScope = "private"
"""What an MCP listing tells clients about caching it when the config says nothing of its
server: stale at once (``ttlMs: 0``, a client may list again whenever it needs the
tools) and never shared across authorization contexts (``cacheScope: "private"``). The
safe choice for a server whose tools may depend on who asks; a server whose list is
the same for everyone and changes only with a release can say more (``mcp-servers``)."""
MCP_RESULT_TYPE = "complete"  # a tools/list result that needs no further input


@dataclass(frozen=True, slots=True)
class When:
    """A rule: when descriptor field ``field`` equals ``value``, the answer is ``decision``."""

    field: str
    value: bool | str
    decision: Decision


@dataclass(frozen=True, slots=True)
class ModeRules:
    """What a mode means to a person, and its rules (first match wins, else ``otherwise``)."""

    mode: Mode
    meaning: str
    rules: tuple[When, ...]
    otherwise: Decision


DECISION_RULES: tuple[ModeRules, ...] = (
    ModeRules(
        "plan",
        "Plan Mode: the agent investigates and proposes a plan; nothing outside the "
        "agent changes until the user approves the plan.",
        (When("availableInPlanMode", True, "allow"), When("requiresPlanApproval", True, "ask")),
        "deny",
    ),
    ModeRules(
        "default",
        "The usual mode: the user is asked before a high-risk tool runs, and before any "
        "tool that requires confirmation.",
        (
            When("requiresConfirmation", True, "ask"),
            When("isReadOnly", True, "allow"),
            When("riskLevel", "high", "ask"),
        ),
        "allow",
    ),
    ModeRules(
        "auto",
        "Auto mode: tools run without asking, except those that require confirmation.",
        (When("requiresConfirmation", True, "ask"),),
        "allow",
    ),
)
MODES: tuple[Mode, ...] = tuple(rules.mode for rules in DECISION_RULES)
FIELDS_READ: tuple[str, ...] = tuple(
    dict.fromkeys(rule.field for rules in DECISION_RULES for rule in rules.rules)
)
"""The descriptor fields ``decide`` reads; no other input changes its answer."""
_BY_MODE = {rules.mode: rules for rules in DECISION_RULES}


def decide(fields: Mapping[str, Any], mode: Mode) -> Decision:
    """What a host does with a call of a tool (its canonical ``fields``) in ``mode``."""
    rules = _BY_MODE.get(mode)
    if rules is None:
        raise ValueError(f"unknown mode {mode!r}: expected one of {MODES}")
    for rule in rules.rules:
        if fields[rule.field] == rule.value:
            return rule.decision
    return rules.otherwise


def rule_text(rules: ModeRules) -> str:
    """One mode's rules in one line: ``isReadOnly → allow · riskLevel high → ask · else …``."""
    parts = [
        f"{r.field} → {r.decision}" if r.value is True else f"{r.field} {r.value} → {r.decision}"
        for r in rules.rules
    ]
    return " · ".join([*parts, f"else {rules.otherwise}"])


@dataclass(frozen=True, slots=True)
class Safety:
    """A safety field and its values from the loosest to the tightest. A host overlay
    may move a tool's value only towards the end, never back (``hosts/safety.py``)."""

    key: str  # canonical field; an MCP hint as ``annotations.<hint>``
    order: tuple[bool | str, ...]

    def tighter_or_equal(self, base: bool | str, value: bool | str) -> bool:
        """True when ``value`` asks for at least as much care as ``base``."""
        return self.order.index(value) >= self.order.index(base)


SAFETY: tuple[Safety, ...] = (
    Safety("riskLevel", RISK_LEVELS),
    Safety("requiresConfirmation", (False, True)),
    Safety("availableInPlanMode", (True, False)),
    Safety("isReadOnly", (True, False)),
    Safety("requiresPlanApproval", (False, True)),
    Safety("annotations.destructiveHint", (False, True)),
    Safety("annotations.idempotentHint", (True, False)),
    Safety("annotations.openWorldHint", (False, True)),
)
"""Every safety field, loosest value first (``diff`` calls a move towards the start a
security finding; tests hold the two together). A change of one field can still loosen
a mode's decision (``requiresPlanApproval: true`` on a tool Plan Mode denies makes it
ask), so overlays are also held to :func:`looser_modes`."""


GATING: tuple[str, ...] = (
    "isReadOnly",
    "riskLevel",
    "availableInPlanMode",
    "requiresPlanApproval",
    "requiresConfirmation",
    "approvalFlow",
)
"""The fields a permission gate reads besides the name. Each comes from a contract a
person wrote or reviewed, or from a rule that only tightens (host overlays, policy
floors); never from what a server says about itself."""
SUGGESTIBLE: tuple[str, ...] = (*GATING, "planModeWrites", "annotations")
"""What ``import`` writes under a tool's ``suggested:`` block instead of the tool itself:
the gating fields and the MCP hints a server's own annotations would set."""


def looser_modes(base: Mapping[str, Any], changed: Mapping[str, Any]) -> tuple[Mode, ...]:
    """The modes whose decision ``changed`` makes looser than ``base``'s (allow is the
    loosest decision, deny the tightest: the order of :data:`DECISIONS`)."""
    return tuple(
        mode
        for mode in MODES
        if DECISIONS.index(decide(changed, mode)) < DECISIONS.index(decide(base, mode))
    )


@dataclass(frozen=True, slots=True)
class Silent:
    """What resolve knows about a tool besides its own keys, for defaults that need it."""

    name: str  # canonical name
    server: str | None
    strict_default: bool  # OpenAI strict mode for tools that do not say


Default = Callable[[Silent, Mapping[str, Any]], Any]
"""A default: from the tool's context and the fields resolved before it."""

DEFAULTS: dict[str, Default] = {
    "title": lambda ctx, _: ctx.name,
    "description": lambda ctx, _: "",
    "kind": lambda ctx, _: MCP_KIND if ctx.server else DEFAULT_KIND,
    "source": lambda ctx, _: f"mcp:{ctx.server}" if ctx.server else DEFAULT_SOURCE,
    "category": lambda ctx, _: DEFAULT_CATEGORY,
    "isReadOnly": lambda ctx, _: False,
    "riskLevel": lambda ctx, _: DEFAULT_RISK,
    "permissions": lambda ctx, _: {},
    "telemetry": lambda ctx, _: {},
    "availableInPlanMode": lambda ctx, _: False,
    "requiresPlanApproval": lambda ctx, got: not got["availableInPlanMode"],
    "requiresConfirmation": lambda ctx, _: False,
    "approvalFlow": lambda ctx, _: DEFAULT_APPROVAL_FLOW,
    "skill": lambda ctx, _: None,  # a skill tool names its own (checked: TC125)
    "strict": lambda ctx, _: ctx.strict_default,
    "targets": lambda ctx, _: {"exclude": []},
    "examples": lambda ctx, _: [],
    "icons": lambda ctx, _: [],
    # MCP's own defaults are "may destroy" and "open world"; ours follow the labels.
    "destructiveHint": lambda ctx, got: not got["isReadOnly"] and got["riskLevel"] == "high",
    "idempotentHint": lambda ctx, _: False,
    "openWorldHint": lambda ctx, _: True,
}
"""Every field a contract may leave out, in resolving order (a default may read the
fields before it). Hints come from the contract's ``annotations``."""
HINTS = ("destructiveHint", "idempotentHint", "openWorldHint")


def resolve_fields(tool: Mapping[str, Any], context: Silent) -> dict[str, Any]:
    """Every defaulted field of one tool (``tool`` has its file's defaults merged in)."""
    given: Mapping[str, Any] = tool.get("annotations", {})
    got: dict[str, Any] = {}
    for key, default in DEFAULTS.items():
        source = given if key in HINTS else tool
        got[key] = source[key] if key in source else default(context, got)
    got["description"] = description_text(got["description"])
    return got


def description_text(text: str) -> str:
    """A tool's description as every output carries it: without the spaces, tabs and line
    breaks at its end. YAML's ``description: |`` keeps the last line break, an editor may
    leave spaces; neither is meant for the model, and each costs tokens in every request.
    ``verify`` reads a served description the same way, so import → verify stays clean."""
    return text.rstrip(" \t\r\n")


@dataclass(frozen=True, slots=True)
class Problem:
    """A contradiction between fields, reported by the checker at ``key``."""

    key: str
    message: str
    hint: str


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
