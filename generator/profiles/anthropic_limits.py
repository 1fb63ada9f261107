"""Claude strict tool use's request-wide limits: what each strict schema spends of them.

"These limits apply to the combined total across all strict schemas in a single request":
20 strict tools, 24 optional parameters ("each parameter not listed in required counts")
and 16 parameters using anyOf or a type array. A request that passes them is refused with
"Schema is too complex for compilation".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Final

from generator.core.diagnostics import Severity
from generator.ir.model import ToolDescriptor
from generator.jsonschema.walk import subschemas
from generator.profiles.anthropic_rules import (
    MAX_OPTIONAL_PARAMETERS,
    MAX_STRICT_TOOLS,
    MAX_UNION_PARAMETERS,
)
from generator.profiles.base import LIMIT_EXCEEDED, Finding

__all__ = ["Budget", "budget", "request_check", "request_limits"]

_TARGET: Final = "Claude strict tool use"
_NAMED: Final = 10  # tools a message names before "…"


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


_LIMITS: Final[tuple[tuple[str, int, Callable[[Budget], int]], ...]] = (
    ("strict tools", MAX_STRICT_TOOLS, lambda spent: 1),
    ("optional parameters", MAX_OPTIONAL_PARAMETERS, lambda spent: spent.optional),
    ("union-typed parameters", MAX_UNION_PARAMETERS, lambda spent: spent.unions),
)


def request_limits(strict_tools: Sequence[tuple[str, Budget]]) -> tuple[tuple[int, Finding], ...]:
    """TC153 errors when the strict tools of one request pass Claude's combined limits, each
    with the index of the tool that passes the limit (where a person starts cutting)."""
    shown = [name for name, _ in strict_tools[:_NAMED]]
    names = ", ".join(shown) + (", …" if len(strict_tools) > _NAMED else "")
    found = []
    for what, limit, spends in _LIMITS:
        running = list(accumulate(spends(b) for _, b in strict_tools))
        over = next((i for i, total in enumerate(running) if total > limit), None)
        if over is None:
            continue
        message = (
            f"{_TARGET} allows at most {limit} {what} per request; these strict tools have "
            f"{running[-1]}, past the limit from '{strict_tools[over][0]}' on: {names}"
        )
        hint = "make parameters required where you can, or set strict: false on some tools"
        found.append((over, Finding((), Severity.ERROR, LIMIT_EXCEEDED, message, hint)))
    return tuple(found)


def request_check(
    sent: Sequence[tuple[ToolDescriptor, Any]],
) -> list[tuple[ToolDescriptor, Finding]]:
    """The request-wide limits over the strict tools one file sends (its schemas as sent);
    each finding goes to the tool that passes the limit (the profile stage calls this)."""
    strict = [(tool, schema) for tool, schema in sent if tool.strict and schema is not None]
    spent = [(tool.name, budget(schema)) for tool, schema in strict]
    return [(strict[index][0], finding) for index, finding in request_limits(spent)]
