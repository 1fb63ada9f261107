"""Policy floors: a host's rules written once, as rules, instead of on every tool.

A floor (``policies`` in the config) names the tools it covers with a predicate over
descriptor fields and the least safety they get. It supplies a gating field a contract
leaves silent, and refuses one the contract declares less safe (in the order of
:data:`policy.SAFETY`), so a new tool cannot talk its way past the host's rule. Floors
only tighten: ``require`` holds no value that would loosen a tool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from generator.ir.policy import SAFETY, Safety

GLOB_KEYS = ("name", "kind", "category", "server", "source")
"""Predicate keys matched as globs against a descriptor field (any of the patterns)."""
WHEN_KEYS = (*GLOB_KEYS, "isReadOnly", "permissions")
REQUIRE_KEYS = (
    "riskLevel",
    "requiresConfirmation",
    "requiresPlanApproval",
    "availableInPlanMode",
    "approvalFlow",
)
TIGHT_ONLY: Mapping[str, bool] = {
    "requiresConfirmation": True,
    "requiresPlanApproval": True,
    "availableInPlanMode": False,
}
"""The one value a boolean floor may require: the other would loosen."""
_ORDER = {safety.key: safety for safety in SAFETY}


@dataclass(frozen=True, slots=True)
class Predicate:
    """Which tools a policy covers: every key given must match (a glob key: any of its
    patterns; ``permissions``: the tool's permissions hold any of these keys)."""

    globs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    is_read_only: bool | None = None
    permissions: tuple[str, ...] = ()

    def matches(self, fields: Mapping[str, Any]) -> bool:
        """True when the tool (``fields``: its resolved descriptor fields, ``name``
        canonical, ``server`` its server or None) is covered."""
        for key, patterns in self.globs:
            value = fields.get(key)
            if not isinstance(value, str) or not any(fnmatchcase(value, p) for p in patterns):
                return False
        if self.is_read_only is not None and fields["isReadOnly"] is not self.is_read_only:
            return False
        held = fields["permissions"]
        return not self.permissions or any(key in held for key in self.permissions)


@dataclass(frozen=True, slots=True)
class Policy:
    """One ``policies`` entry: tools that match ``when`` and not ``unless`` get at least
    ``require`` (descriptor field → value)."""

    name: str
    when: Predicate
    unless: Predicate | None
    require: tuple[tuple[str, bool | str], ...]

    def covers(self, fields: Mapping[str, Any]) -> bool:
        return self.when.matches(fields) and not (
            self.unless is not None and self.unless.matches(fields)
        )


@dataclass(frozen=True, slots=True)
class Refusal:
    """A declared value less safe than a policy's floor (reported at ``key``)."""

    key: str
    declared: bool | str
    floor: bool | str
    policy: str


@dataclass(frozen=True, slots=True)
class Floored:
    """What the policies covering one tool decide: the silent fields they supply, which
    policy set each one, and the declared values they refuse."""

    supplied: Mapping[str, bool | str]
    set_by: Mapping[str, str]
    refused: tuple[Refusal, ...]


NO_FLOOR = Floored({}, {}, ())


def floors_for(
    policies: Sequence[Policy], fields: Mapping[str, Any], declared: Mapping[str, Any]
) -> Floored:
    """Apply every policy covering a tool (``fields``: resolved without floors;
    ``declared``: what its contract and file defaults say)."""
    covering = [policy for policy in policies if policy.covers(fields)]
    if not covering:
        return NO_FLOOR
    supplied: dict[str, bool | str] = {}
    set_by: dict[str, str] = {}
    refused: list[Refusal] = []
    for policy in covering:
        for key, floor in _with_implied(policy.require):
            if key in declared:
                if not _at_least(key, declared[key], floor):
                    refused.append(Refusal(key, declared[key], floor, policy.name))
            elif key not in supplied or _at_least(key, floor, supplied[key]):
                if supplied.get(key) != floor:
                    set_by[key] = policy.name
                supplied[key] = floor
    return Floored(supplied, set_by, tuple(refused))


def _with_implied(require: tuple[tuple[str, bool | str], ...]) -> list[tuple[str, bool | str]]:
    """Plan approval means nothing for a tool Plan Mode allows: requiring it keeps the
    tool out of Plan Mode too (the decision table reads availableInPlanMode first)."""
    found = list(require)
    keys = {key for key, _ in found}
    if ("requiresPlanApproval", True) in found and "availableInPlanMode" not in keys:
        found.append(("availableInPlanMode", False))
    return found


def _at_least(key: str, value: bool | str, floor: bool | str) -> bool:
    """True when ``value`` is at least as safe as ``floor`` (an approval flow: the same)."""
    order: Safety | None = _ORDER.get(key)
    if order is None:
        return value == floor
    return order.tighter_or_equal(floor, value)
