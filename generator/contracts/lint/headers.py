"""``x-mcp-header``: the rules MCP 2026-07-28 sets for mirroring an argument into an HTTP
header (``Mcp-Param-<name>`` on the Streamable HTTP transport).

A client of that revision must drop a tool whose annotation breaks any of them, so each
is an error at the property: the value is an RFC 9110 token (``1*tchar``: no space, no
control character), case-insensitively unique in the tool's ``inputSchema``, on a
property of type ``string``, ``integer`` or ``boolean`` (an integer bounded within
JavaScript's safe range, ±(2^53-1)) that is statically reachable from the root — a chain
of ``properties`` keys only, never through ``items``, a composition, a condition or a
``$ref``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from generator.contracts.lint.finding import Finding, show
from generator.core.diagnostics import JsonPath
from generator.jsonschema.dialects import Dialect
from generator.jsonschema.walk import subschemas

KEYWORD = "x-mcp-header"
CODE = "TC227"
SAFE_INTEGER = 2**53 - 1
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_PRIMITIVES = ("string", "integer", "boolean")


def header_findings(schema: Mapping[str, Any], dialect: Dialect) -> list[Finding]:
    """Every broken ``x-mcp-header`` rule in a tool's ``inputSchema``."""
    found: list[Finding] = []
    seen: dict[str, str] = {}
    for node, path in subschemas(schema, (), dialect):
        if KEYWORD not in node:
            continue
        at = (*path, KEYWORD)
        value = node[KEYWORD]
        problem = _value_problem(value)
        if problem is not None:
            found.append(Finding(at, problem, "use letters, digits and - only: Region", CODE))
        elif value.lower() in seen:
            message = f"{KEYWORD} {show(value)} is already used by {show(seen[value.lower()])}"
            found.append(Finding(at, message, "header names ignore case: choose another", CODE))
        else:
            seen[value.lower()] = value
        found += _place_findings(node, path, at)
    return found


def _value_problem(value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"{KEYWORD} must be a non-empty header name, not {show(value)}"
    if not _TOKEN.fullmatch(value):
        return f"{KEYWORD} {show(value)} is not an HTTP field-name token (RFC 9110 §5.1)"
    return None


def _place_findings(node: Mapping[str, Any], path: JsonPath, at: JsonPath) -> Iterator[Finding]:
    if not _reachable(path):
        yield Finding(
            at,
            f"{KEYWORD} is on a schema a client cannot reach through properties alone",
            "put it on a property reached from the root by properties keys alone: items, "
            "anyOf/oneOf/allOf, if/then/else, $defs and $ref hide it",
            CODE,
        )
        return
    kinds = _types(node.get("type"))
    if kinds is None:
        message = f"{KEYWORD} is on a property that is not one of {', '.join(_PRIMITIVES)}"
        yield Finding(at, message, "give it type: string, integer or boolean", CODE)
    elif kinds == "integer":
        yield from _bound_findings(node, path)


def _reachable(path: JsonPath) -> bool:
    """A chain of ``properties/<name>`` steps from the root, at least one."""
    steps = len(path) // 2
    return (
        bool(path) and len(path) % 2 == 0 and all(path[2 * i] == "properties" for i in range(steps))
    )


def _types(declared: Any) -> str | None:
    """The one primitive type a header property has (``null`` aside: a null value sends
    no header), or None when it has another or several."""
    kinds = [declared] if isinstance(declared, str) else declared
    if not isinstance(kinds, list):
        return None
    rest = [kind for kind in kinds if kind != "null"]
    return rest[0] if len(rest) == 1 and rest[0] in _PRIMITIVES else None


def _bound_findings(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """An integer header: bounded on both sides, within the safe range."""
    for keys, limit in (_LOWER, _UPPER):
        present = [key for key in keys if _number(node.get(key))]
        if not present:
            message = f"an integer {KEYWORD} property has no {keys[0]}"
            hint = f"add {keys[0]}: {limit} (or tighter): a client sends at most ±(2^53-1)"
            yield Finding((*path, KEYWORD), message, hint, CODE)
        for key in present:
            if abs(node[key]) > SAFE_INTEGER:
                message = f"{key} {show(node[key])} lets an integer {KEYWORD} leave ±(2^53-1)"
                yield Finding((*path, key), message, f"use {keys[0]}: {limit} or tighter", CODE)


_LOWER = (("minimum", "exclusiveMinimum"), -SAFE_INTEGER)
_UPPER = (("maximum", "exclusiveMaximum"), SAFE_INTEGER)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
