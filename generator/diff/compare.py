"""Compare two Sides tool by tool: names, labels, permission fields, schemas.

Permission fields are compared by direction: a change that lets a tool run with less
oversight is ``security``; one that asks for more is ``permission-tightened`` (safe).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.diff.providers import only_target, provider_changes
from generator.diff.rules import RULES, Change, Finding, change
from generator.diff.schema import compare_schemas, show
from generator.diff.sides import Descriptor, Side
from generator.ir.policy import RISK_LEVELS

# field → rule when it turns from the first value to the second (loosening)
_LOOSENING: dict[str, tuple[Any, Any, str]] = {
    "isReadOnly": (False, True, "read-only-enabled"),
    "availableInPlanMode": (False, True, "plan-mode-enabled"),
    "requiresPlanApproval": (True, False, "plan-approval-dropped"),
    "requiresConfirmation": (True, False, "confirmation-dropped"),
}
_METADATA = (
    "kind",
    "source",
    "category",
    "telemetry",
    "skill",
    "strict",
    "deferLoading",
    "allowedCallers",
    "namespace",
)


def compare_sides(old: Side, new: Side) -> list[Finding]:
    """Every finding between the two sides, placed in the new contracts where possible."""
    removed = [name for name in old.tools if name not in new.tools]
    added = [name for name in new.tools if name not in old.tools]
    renames = find_renames(old.tools, new.tools, removed, added)
    findings: list[Finding] = []
    for name in sorted(old.tools.keys() & new.tools.keys()):
        findings += _place(new, name, compare_tool(old.tools[name], new.tools[name]))
    for before, after in renames.items():
        message = f"tool '{before}' was renamed to '{after}'"
        moved = [change("tool-renamed", ("name",), message)]
        moved += compare_tool(old.tools[before], new.tools[after], renamed=True)
        findings += _place(new, after, moved)
    for name in removed:
        if name not in renames:
            findings.append(_removed(old, name))
    for name in added:
        if name not in renames.values():
            message = f"tool '{name}' was added"
            findings += _place(new, name, [change("tool-added", (), message)])
    return sorted(findings, key=Finding.sort_key)


def find_renames(
    old: Mapping[str, Descriptor],
    new: Mapping[str, Descriptor],
    removed: list[str],
    added: list[str],
) -> dict[str, str]:
    """Removed → added pairs with the same inputSchema: reported as one rename."""
    pairs: dict[str, str] = {}
    spelled = {after: show(new[after].get("inputSchema")) for after in added}
    for before in sorted(removed):
        schema = show(old[before].get("inputSchema"))
        for after in sorted(added):
            if after not in pairs.values() and spelled[after] == schema:
                pairs[before] = after
                break
    return pairs


def _removed(old: Side, name: str) -> Finding:
    place = old.places.get(name)
    origin = place.locate(()) if place else None
    where = f" (it was at {origin.file}:{origin.line})" if origin else ""
    return Finding(RULES["tool-removed"], name, (), f"tool '{name}' was removed{where}", None)


def _place(new: Side, tool: str, changes: list[Change]) -> list[Finding]:
    place = new.places.get(tool)
    only = only_target(new.tools[tool])
    return [
        Finding(
            RULES[c.rule],
            tool,
            c.path,
            c.message,
            place.locate(c.source) if place else None,
            target=c.target or only,
        )
        for c in changes
    ]


def compare_tool(old: Descriptor, new: Descriptor, *, renamed: bool = False) -> list[Change]:
    """Every change between two descriptors of one tool (``name`` excepted)."""
    changes = list(_labels(old, new, renamed=renamed))
    changes += compare_permission_fields(old, new)
    changes += _permissions(old.get("permissions"), new.get("permissions"), ("permissions",))
    changes += compare_schemas(old.get("inputSchema"), new.get("inputSchema"), "inputSchema")
    changes += _output(old.get("outputSchema"), new.get("outputSchema"))
    changes += provider_changes(old, new)
    return changes


def _labels(old: Descriptor, new: Descriptor, *, renamed: bool) -> Iterator[Change]:
    if not renamed and old.get("providerName") != new.get("providerName"):
        message = f"providerName {_from_to(old.get('providerName'), new.get('providerName'))}"
        yield change("provider-name-changed", ("providerName",), message)
    for key, rule in (("title", "title-changed"), ("description", "description-changed")):
        if old.get(key) != new.get(key):
            yield change(rule, (key,), f"{key} changed (models see it)")
    for key in _METADATA:
        if show(old.get(key)) != show(new.get(key)):
            yield change(
                "metadata-changed", (key,), f"{key} {_from_to(old.get(key), new.get(key))}"
            )


def compare_permission_fields(old: Descriptor, new: Descriptor) -> Iterator[Change]:
    """Changes of the permission fields and annotations present in either descriptor."""
    for key, (loose_from, loose_to, rule) in _LOOSENING.items():
        before, after = old.get(key), new.get(key)
        if before == after:
            continue
        loosened = before == loose_from and after == loose_to
        yield change(rule if loosened else "permission-tightened", (key,), _from_to(before, after))
    yield from _risk(old.get("riskLevel"), new.get("riskLevel"))
    if old.get("approvalFlow") != new.get("approvalFlow"):
        message = f"approvalFlow {_from_to(old.get('approvalFlow'), new.get('approvalFlow'))}"
        yield change("approval-flow-changed", ("approvalFlow",), message)
    yield from _annotations(_mapping(old.get("annotations")), _mapping(new.get("annotations")))


def _risk(old: Any, new: Any) -> Iterator[Change]:
    if old == new:
        return
    rank = {level: index for index, level in enumerate(RISK_LEVELS)}
    lowered = rank.get(new, -1) < rank.get(old, len(RISK_LEVELS))
    rule = "risk-level-lowered" if lowered else "permission-tightened"
    yield change(rule, ("riskLevel",), f"riskLevel {_from_to(old, new)}")


def _annotations(old: Mapping[str, Any], new: Mapping[str, Any]) -> Iterator[Change]:
    for key in sorted(old.keys() | new.keys()):
        before, after = old.get(key), new.get(key)
        if key == "readOnlyHint" or before == after:
            continue  # readOnlyHint mirrors isReadOnly, compared above
        path, message = ("annotations", key), f"{key} {_from_to(before, after)}"
        if key == "destructiveHint":
            rule = "destructive-hint-dropped" if before is True else "permission-tightened"
            yield change(rule, path, message)
        else:
            yield change("metadata-changed", path, message)


def _permissions(old: Any, new: Any, path: JsonPath) -> Iterator[Change]:
    """Widened: a key added, ``false`` → ``true``, a list gaining items. Else: changed."""
    if show(old) == show(new):
        return
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for key in sorted(old.keys() | new.keys()):
            if key not in old:
                yield change("permissions-widened", (*path, key), f"'{key}' was granted")
            elif key not in new:
                yield change("permissions-changed", (*path, key), f"'{key}' was removed")
            else:
                yield from _permissions(old[key], new[key], (*path, key))
    elif isinstance(old, list | tuple) and isinstance(new, list | tuple):
        gained = [show(v) for v in new if show(v) not in {show(o) for o in old}]
        lost = [show(v) for v in old if show(v) not in {show(n) for n in new}]
        if gained:
            yield change("permissions-widened", path, f"now also allows {', '.join(gained)}")
        if lost or not gained:
            yield change("permissions-changed", path, f"{_from_to(old, new)}")
    elif old is False and new is True:
        yield change("permissions-widened", path, "false → true")
    else:
        yield change("permissions-changed", path, _from_to(old, new))


def _output(old: Any, new: Any) -> list[Change]:
    if old is None and new is None:
        return []
    if old is None:
        return [change("output-schema-added", ("outputSchema",), "outputSchema was added")]
    if new is None:
        return [change("output-schema-removed", ("outputSchema",), "outputSchema was removed")]
    return compare_schemas(old, new, "outputSchema", output=True)


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _from_to(old: Any, new: Any) -> str:
    return f"{show(old)} → {show(new)}"
