"""What a person still has to decide about a tool: its description, its risk, and the
safety of a tool that ``import`` wrote from someone else's definition.

An imported tool carries a ``suggested:`` block (what its source claims about its
safety) and no gating field of its own, so it resolves to the safe defaults. It stays
*unreviewed* while the block is there: a warning, which ``--strict`` makes an error.
A person reviews it by writing the fields they agree with on the tool itself and
deleting the block; the block is never read as a value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import JsonPath, Severity
from generator.ir.policy import GATING, Silent, resolve_fields

UNREVIEWED = "TC303"
_SHOWN = ("isReadOnly", "riskLevel", "availableInPlanMode", "requiresPlanApproval")


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing to decide, at ``path`` inside the tool."""

    path: JsonPath
    message: str
    hint: str
    code: str
    severity: Severity = Severity.WARNING


def review_findings(tool: Mapping[str, Any], merged: Mapping[str, Any]) -> Iterator[Finding]:
    """The warnings of one tool (``merged``: with its file's defaults)."""
    if not tool.get("description"):
        yield Finding(
            (),
            "tool has no description",
            "models choose tools by their description: write one",
            "TC301",
        )
    suggested = tool.get("suggested")
    if isinstance(suggested, Mapping):
        yield _unreviewed(suggested, merged)
    elif "riskLevel" not in merged:
        yield Finding(
            (),
            "tool has no riskLevel, so it is treated as high risk",
            "set riskLevel: low, medium or high",
            "TC302",
        )


def _unreviewed(suggested: Mapping[str, Any], merged: Mapping[str, Any]) -> Finding:
    """TC303: the message says what the tool runs with now, the hint what to write."""
    now = resolve_fields(merged, Silent(str(merged.get("name")), None, strict_default=False))
    runs = ", ".join(f"{key}: {_yaml(now[key])}" for key in _SHOWN)
    claims = ", ".join(f"{key}: {_yaml(suggested[key])}" for key in GATING if key in suggested)
    write = (
        f"its source suggests {claims}: write the fields you agree with on the tool"
        if claims
        else "write isReadOnly, riskLevel and availableInPlanMode on the tool"
    )
    return Finding(
        ("suggested",),
        f"imported tool is unreviewed: it runs with {runs} until a person decides",
        f"{write}, then delete the suggested: block",
        UNREVIEWED,
    )


def _yaml(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
