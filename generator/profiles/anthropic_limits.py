"""Claude strict tool use's request-wide limits: what each strict schema spends of them.

"These limits apply to the combined total across all strict schemas in a single request":
20 strict tools, 24 optional parameters ("each parameter not listed in required counts")
and 16 parameters using anyOf or a type array. A request that passes them is refused with
"Schema is too complex for compilation".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.diagnostics import Severity
from generator.jsonschema.walk import subschemas
from generator.profiles.anthropic_rules import (
    MAX_OPTIONAL_PARAMETERS,
    MAX_STRICT_TOOLS,
    MAX_UNION_PARAMETERS,
)
from generator.profiles.base import LIMIT_EXCEEDED, Finding

__all__ = ["Budget", "budget", "request_limits"]

_TARGET: Final = "Claude strict tool use"


@dataclass(frozen=True, slots=True)
class Budget:
    """What one strict schema spends of a request's limits."""

    optional: int  # properties not listed in their object's `required`
    unions: int  # nodes with anyOf or a type array


def budget(strict_schema: Mapping[str, Any]) -> Budget:
    """Count a strict schema's optional and union-typed parameters (all nesting levels)."""
    optional = unions = 0
    for node, _ in subschemas(strict_schema):
        properties, required = node.get("properties"), node.get("required") or ()
        if isinstance(properties, Mapping):
            optional += sum(1 for name in properties if name not in required)
        kinds = node.get("type")
        if "anyOf" in node or (isinstance(kinds, list) and len(kinds) > 1):
            unions += 1
    return Budget(optional=optional, unions=unions)


def request_limits(strict_tools: Sequence[tuple[str, Budget]]) -> tuple[Finding, ...]:
    """TC153 errors when the strict tools of one request pass Claude's combined limits."""
    names = ", ".join(name for name, _ in strict_tools)
    totals = (
        ("strict tools", len(strict_tools), MAX_STRICT_TOOLS),
        ("optional parameters", sum(b.optional for _, b in strict_tools), MAX_OPTIONAL_PARAMETERS),
        ("union-typed parameters", sum(b.unions for _, b in strict_tools), MAX_UNION_PARAMETERS),
    )
    return tuple(
        Finding(
            (),
            Severity.ERROR,
            LIMIT_EXCEEDED,
            f"{_TARGET} allows at most {limit} {what} per request; these strict tools have "
            f"{count}: {names}",
            "make parameters required where you can, or set strict: false on some tools",
        )
        for what, count, limit in totals
        if count > limit
    )
