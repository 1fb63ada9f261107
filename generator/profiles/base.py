"""What every provider profile is made of: a name rule, findings, and a transform result.

A profile's transform takes a tool's contract ``inputSchema`` (plain or frozen JSON data,
never mutated) and returns what the provider receives, plus findings whose paths are
relative to that ``inputSchema`` — the pipeline turns them into diagnostics at the contract
line. A warning means the provider's copy lets the model send something the contract
forbids; an error means the schema cannot be expressed for that target at all, so there is
no schema (``schema is None``) and the tool cannot go to that target.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from generator.core.diagnostics import JsonPath, Severity
from generator.ir.model import thaw
from generator.jsonschema.dialects import ANNOTATING

# Removing one of these changes nothing the model may send (the vocabulary's own set).
ANNOTATION_KEYWORDS: Final = ANNOTATING

__all__ = [
    "ANNOTATION_KEYWORDS",
    "COMPATIBLE_HOST",
    "INEXPRESSIBLE",
    "LIMIT_EXCEEDED",
    "LOSSY",
    "NAME_RULE",
    "Finding",
    "NameRule",
    "Transformed",
    "explicit_schema",
    "finish",
    "without_dialect",
]

# Codes (TC15x: what a provider receives). TC150 is OpenAI strict's today; the same meaning.
INEXPRESSIBLE: Final = "TC150"  # error for that target only: the schema cannot be expressed
LOSSY: Final = "TC151"  # warning: a keyword dropped or rewritten, the model may send more
NAME_RULE: Final = "TC152"  # the target refuses a name (tool or parameter)
LIMIT_EXCEEDED: Final = "TC153"  # a request-wide limit of the target (e.g. Claude strict)
COMPATIBLE_HOST: Final = "TC154"  # warning: a host taking the target's shape refuses it


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a target changes or cannot take, at a JSON path inside the inputSchema."""

    path: JsonPath
    severity: Severity
    code: str
    message: str
    hint: str

    def sort_key(self) -> tuple[tuple[tuple[int, int, str], ...], str, str]:
        # Mixed str/int paths do not compare directly: rank array indexes first.
        parts = tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in self.path)
        return parts, self.code, self.message


@dataclass(frozen=True, slots=True)
class Transformed:
    """What a target receives for one schema, or why it receives nothing; and what undoes
    the transform on the arguments the provider sends back (``profiles/inverse.py``'s
    data; None when the transform changes no argument)."""

    schema: Mapping[str, Any] | None  # frozen when it is the IR's own data, shared
    findings: tuple[Finding, ...]
    inverse: list[dict[str, Any]] | None = None

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)


def finish(schema: Mapping[str, Any], findings: Iterable[Finding]) -> Transformed:
    """Sorted, de-duplicated findings; no schema when any of them is an error."""
    found = tuple(sorted(set(findings), key=Finding.sort_key))
    failed = any(f.severity is Severity.ERROR for f in found)
    return Transformed(schema=None if failed else schema, findings=found)


def explicit_schema(way_out: str, *, fits: str = "") -> str:
    """The hint for a schema a target cannot take as it is written: spell it out (so that
    it ``fits`` the target, when the target takes a subset), or take ``way_out``."""
    spelled = f" {fits}" if fits else ""
    return f"write an explicit schema{spelled}, {way_out}"


@dataclass(frozen=True, slots=True)
class NameRule:
    """A target's rule for tool names, with the words that explain it to a person."""

    target: str
    pattern: re.Pattern[str]
    explained: str

    def check(self, name: str) -> Finding | None:
        """A TC152 error when ``name`` breaks the rule (path () = the tool's name)."""
        if self.pattern.fullmatch(name):
            return None
        return Finding(
            (),
            Severity.ERROR,
            NAME_RULE,
            f"{self.target} refuses the tool name {name!r}: {self.explained}",
            "set providerName to a name that fits",  # the stage adds how to leave the tool out
        )


def without_dialect(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``schema`` without its root ``$schema`` (the API implies it): a plain JSON copy, or
    — for the IR's frozen data — a frozen mapping sharing everything below the root, so
    every target that sends the schema as written costs no copy."""
    if isinstance(schema, MappingProxyType):
        return MappingProxyType({key: v for key, v in schema.items() if key != "$schema"})
    return {key: thaw(value) for key, value in schema.items() if key != "$schema"}
