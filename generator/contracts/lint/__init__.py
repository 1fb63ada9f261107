"""Schema lint: mistakes inside a tool's inputSchema and outputSchema, at their line.

Every schema position (the root, ``properties/*``, ``items``, ``prefixItems``,
``$defs/*``, ``anyOf``/``oneOf``/``allOf``, ``not``, ``if``/``then``/``else``,
``additionalProperties``, ``patternProperties/*``…) is linted in the dialect the
schema declares (2020-12 unless ``$schema`` names another):

- keywords: unknown ones (did-you-mean), null values, a schema where a value belongs,
  an unknown ``$schema`` (:mod:`.keywords`);
- self-consistency: bounds, ``enum``, ``type``, ``required``, and ``default``/``const``/
  ``enum``/``examples`` valid against their own subschema (:mod:`.values`, :mod:`.judge`);
- patterns: ECMA-262, and how the Python package reads them (:mod:`.patterns`);
- formats the dialect does not define (a warning);
- in an ``inputSchema``, MCP's ``x-mcp-header`` rules (:mod:`.headers`);
- text the model reads: hidden characters, look-alikes, directives (:mod:`.text`).

:func:`check_schema` runs the lint together with the metaschema and the structural
rules of :mod:`generator.contracts.schema_rules`, so each mistake is reported once,
by the rule that explains it best.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.contracts.lint.finding import Finding, show
from generator.contracts.lint.headers import CODE as HEADER_CODE
from generator.contracts.lint.headers import header_findings
from generator.contracts.lint.judge import Judge
from generator.contracts.lint.keywords import format_finding, keyword_findings, schema_dialect
from generator.contracts.lint.patterns import pattern_findings
from generator.contracts.lint.text import TEXT_CODES, schema_text_findings, tool_text_findings
from generator.contracts.lint.values import (
    BOUNDS,
    UPPER_BOUNDS,
    VALUED,
    bound_findings,
    enum_findings,
    required_findings,
    surely_valid,
    valued,
)
from generator.contracts.schema_rules import check_tool_schema
from generator.core.diagnostics import JsonPath, Severity
from generator.jsonschema.dialects import Dialect
from generator.jsonschema.walk import subschemas

__all__ = ["LINT_CODES", "Finding", "check_schema", "served_text_findings"]

LINT_CODES = frozenset(
    {"TC202", *(f"TC{code}" for code in range(210, 221)), HEADER_CODE, *TEXT_CODES}
)
"""The codes of the lint's own findings (diff reads an old revision's as warnings)."""

# Structural findings after which values cannot be judged: the schema is not valid, or
# a reference does not resolve.
_UNJUDGEABLE = frozenset({"TC200", "TC201", "TC203", "TC207", "TC208", "TC209"})
# Metaschema findings a lint finding at the same path explains better.
_EXPLAINED = frozenset({"TC200", "TC201", "TC203"})


Nodes = list[tuple[Mapping[str, Any], JsonPath]]


def check_schema(
    schema: Mapping[str, Any], extensions: frozenset[str] = frozenset(), *, inputs: bool = False
) -> list[Finding]:
    """Every finding for one tool schema (paths relative to its root); ``inputs``: it is
    the tool's ``inputSchema``, where MCP's header annotations have their rules."""
    structural = list(dict.fromkeys(Finding(*found) for found in check_tool_schema(schema)))
    dialect, unknown = schema_dialect(schema)
    nodes = list(subschemas(schema, (), dialect))
    linted = lint_nodes(nodes, dialect, extensions)
    if inputs:
        linted += header_findings(schema, dialect)
    if unknown is not None:
        linted.insert(0, unknown)
    explained = {f.path for f in linted if f.severity is Severity.ERROR}
    kept = [f for f in structural if not (f.code in _EXPLAINED and f.path in explained)]
    if not any(f.code in _UNJUDGEABLE for f in [*structural, *linted]):
        linted += value_findings(schema, dialect, nodes, linted)
    return [*kept, *linted]


def served_text_findings(entry: Mapping[str, Any]) -> list[Finding]:
    """The text checks alone, on a ``tools/list`` entry someone else wrote (what a live
    server sends, for ``verify``); paths are inside the entry."""
    found = tool_text_findings(entry)
    for key in ("inputSchema", "outputSchema"):
        schema = entry.get(key)
        if isinstance(schema, Mapping):
            for node, path in subschemas(schema, (key,), schema_dialect(schema)[0]):
                found += schema_text_findings(node, path)
    return found


def lint_nodes(nodes: Nodes, dialect: Dialect, extensions: frozenset[str]) -> list[Finding]:
    """Keyword, bound, enum, required, pattern and format findings of every subschema."""
    found: list[Finding] = []
    for node, path in nodes:
        found += keyword_findings(node, path, dialect, extensions)
        if not UPPER_BOUNDS.isdisjoint(node):
            found += bound_findings(node, path)
        if "enum" in node or "const" in node:
            found += enum_findings(node, path)
        if "required" in node:
            found += required_findings(node, path)
        if "pattern" in node or "patternProperties" in node:
            found += pattern_findings(node, path)
        if "format" in node:
            formatted = format_finding(node, path, dialect)
            found += [] if formatted is None else [formatted]
        found += schema_text_findings(node, path)
    return found


def value_findings(
    schema: Mapping[str, Any], dialect: Dialect, nodes: Nodes, found: list[Finding]
) -> list[Finding]:
    """``default``/``const``/``enum``/``examples`` against their own subschema. Keywords
    ``found`` says contradict each other are left out of the judging: every value would
    fail them, and that is already said."""
    ignored = _contradicted(found)
    judge: Judge | None = None
    result = []
    for node, path in nodes:
        if VALUED.isdisjoint(node):
            continue
        skip = ignored.get(path, set())
        against = {k: v for k, v in node.items() if k not in skip} if skip else node
        doubtful = [item for item in valued(node) if not surely_valid(against, item[2])]
        if not doubtful:
            continue
        judge = judge or Judge(schema, dialect)
        problems = judge.problems([value for _, _, value in doubtful], against)
        for (inner, what, value), problem in zip(doubtful, problems, strict=True):
            if problem is not None:
                result.append(_invalid_value((*path, *inner), what, value, problem))
    return result


def _contradicted(found: list[Finding]) -> dict[JsonPath, set[str]]:
    """Per subschema path, the keywords of contradicting bounds and of an empty enum."""
    pairs = {lower: upper for lower, upper, _, _ in BOUNDS}
    ignored: dict[JsonPath, set[str]] = {}
    for finding in found:
        keyword = finding.path[-1] if finding.path else None
        if finding.code == "TC214" and isinstance(keyword, str):
            ignored.setdefault(finding.path[:-1], set()).update({keyword, pairs[keyword]})
        elif finding.code == "TC215":
            ignored.setdefault(finding.path[:-1], set()).add("enum")
    return ignored


def _invalid_value(path: JsonPath, what: str, value: Any, problem: str) -> Finding:
    return Finding(
        path,
        f"{what} {show(value)} is not valid against its own schema: {problem}",
        "make the value fit the schema, or the schema allow the value",
        "TC213",
    )
