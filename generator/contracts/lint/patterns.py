"""``pattern`` and ``patternProperties``: ECMA-262 regular expressions, read as their
consumers read them.

JSON Schema specifies ECMA-262; providers and the generated TypeScript and Zod
packages compile each pattern with ``new RegExp(pattern, "u")`` (Unicode mode), so a
pattern invalid there is an error: every generated validator would throw.
``regress`` (an ECMA-262 engine, as check-jsonschema uses) decides. The generated
Python package's Pydantic models compile patterns with pydantic-core, whose engine is
Rust's ``regex`` crate: a pattern it cannot compile (look-around, backreferences) or
reads otherwise (``\\d``, ``\\w`` and ``\\b`` are Unicode-aware there, ASCII in
ECMA-262) is a warning.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

import regress

from generator.contracts.lint.finding import Finding, show
from generator.core.diagnostics import JsonPath, Severity

_UNICODE_CLASSES = {
    "d": ("any Unicode digit", "0-9", "[0-9]"),
    "w": ("any Unicode letter or digit", "A-Z, a-z, 0-9 and _", "[A-Za-z0-9_]"),
    "b": ("a boundary of Unicode words", "a boundary of ASCII words", "(?:^|$|[^A-Za-z0-9_])"),
}
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_ECMA_HINT = (
    'fix the pattern: providers and the TypeScript package compile it as new RegExp(p, "u")'
)
_ECMA_HINTS = {
    "Invalid character range": "in Unicode mode a range cannot start or end at \\w, \\d or \\s: "
    "put '-' last in the class ([\\w.-]) or escape it (\\-)",
    "Invalid character escape": "in Unicode mode only syntax characters (^$\\.*+?()[]{}|/) may "
    "be escaped: write other characters as they are",
}


@functools.lru_cache(maxsize=4096)
def ecma_regex(pattern: str) -> regress.Regex | None:
    """The pattern compiled as ``new RegExp(pattern, "u")`` would, or None when invalid."""
    try:
        return regress.Regex(pattern, "u")
    except regress.RegressError:
        return None


@functools.lru_cache(maxsize=4096)
def ecma_problem(pattern: str) -> str | None:
    """Why ``pattern`` is not a valid ECMA-262 regular expression in Unicode mode."""
    try:
        regress.Regex(pattern, "u")
    except regress.RegressError as error:
        return str(error) or "invalid"
    return None


@functools.lru_cache(maxsize=4096)
def pydantic_problem(pattern: str) -> str | None:
    """Why pydantic-core cannot compile ``pattern`` (its last error line), or None."""
    try:
        # lazy: pydantic-core loads only when a pattern needs its checker
        from pydantic_core import SchemaError, SchemaValidator, core_schema
    except ImportError:  # no Pydantic v2 here: nothing to compare with
        return None
    try:
        SchemaValidator(core_schema.str_schema(pattern=pattern))
    except SchemaError as error:
        lines = [line.strip() for line in str(error).splitlines() if line.strip()]
        return lines[-1].removeprefix("error: ") if lines else "invalid"
    return None


def pattern_findings(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """Findings for the node's ``pattern`` and each ``patternProperties`` key."""
    pattern = node.get("pattern")
    if isinstance(pattern, str):
        yield from _check(pattern, (*path, "pattern"))
    patterns = node.get("patternProperties")
    if isinstance(patterns, Mapping):
        for key in patterns:
            yield from _check(key, (*path, "patternProperties", key))


def _check(pattern: str, where: JsonPath) -> Iterator[Finding]:
    for message, hint, code, severity in _verdict(pattern):
        yield Finding(where, message, hint, code, severity)


Verdict = tuple[str, str, str, Severity]


@functools.lru_cache(maxsize=4096)
def _verdict(pattern: str) -> tuple[Verdict, ...]:
    """What is wrong with ``pattern`` wherever it sits (patterns repeat: computed once)."""
    problem = ecma_problem(pattern)
    if problem is not None:
        message = f"{show(pattern)} is not a valid ECMA-262 regular expression ({problem})"
        return ((message, _ECMA_HINTS.get(problem, _ECMA_HINT), "TC202", Severity.ERROR),)
    python = pydantic_problem(pattern)
    if python is not None:
        message = f"the Python package's Pydantic models cannot compile {show(pattern)} ({python})"
        hint = (
            "Pydantic uses Rust's regex crate (no look-around, no backreferences): "
            "importing the generated models fails; rewrite the pattern without them"
        )
        return ((message, hint, "TC218", Severity.WARNING),)
    return tuple(_differences(pattern))


def _differences(pattern: str) -> Iterator[Verdict]:
    letters = {m.group(1).lower() for m in _ESCAPE.finditer(_unescaped(pattern))}
    for letter in sorted(letters & set(_UNICODE_CLASSES)):
        python, ecma, portable = _UNICODE_CLASSES[letter]
        message = (
            f"\\{letter} in {show(pattern)} matches {python} in the Python package's Pydantic "
            f"models, but only {ecma} elsewhere"
        )
        yield message, f"write {portable} to mean the same everywhere", "TC218", Severity.WARNING


def _unescaped(pattern: str) -> str:
    """The pattern with escaped backslashes removed, so ``\\\\d`` is not read as ``\\d``."""
    return pattern.replace("\\\\", "")
