"""What a schema lint rule finds: a path inside the schema, a message, a hint, a code."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import JsonPath, Severity


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem in a tool schema; ``path`` is relative to the schema's root."""

    path: JsonPath
    message: str
    hint: str | None
    code: str
    severity: Severity = Severity.ERROR


def show(value: Any) -> str:
    """A value as the contract's reader would write it (JSON: true, null, "text")."""
    return json.dumps(value, ensure_ascii=False)


_ARTICLES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "boolean": "a boolean",
    "integer": "an integer",
    "number": "a number",
    "null": "null",
}


def article(kind: str) -> str:
    """``string`` → ``a string``: a JSON type as a phrase."""
    return _ARTICLES.get(kind, repr(kind))


def json_types(value: Any) -> frozenset[str]:
    """Every JSON Schema type ``value`` is an instance of (``1`` and ``1.0``: integer and
    number)."""
    if value is None:
        return frozenset({"null"})
    if isinstance(value, bool):
        return frozenset({"boolean"})
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return frozenset({"integer", "number"})
    if isinstance(value, float):
        return frozenset({"number"})
    if isinstance(value, str):
        return frozenset({"string"})
    if isinstance(value, list | tuple):
        return frozenset({"array"})
    return frozenset({"object"})
