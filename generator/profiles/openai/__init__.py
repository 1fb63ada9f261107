"""The OpenAI profile: what Chat Completions and Responses receive as ``parameters``.

A tool gets its ``inputSchema`` without the root ``$schema``; a tool in strict mode gets
exactly ``to_strict`` of it (``strict.py``, within the subset ``subset.py`` describes).
What strict mode cannot express is an error for this target (TC150), never a silent
non-strict fallback. A strict tool also carries the inverse of the transform for its
arguments (``inverse.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from generator.core.diagnostics import Severity
from generator.ir.model import ToolDescriptor, thaw
from generator.profiles.base import INEXPRESSIBLE, Finding, Transformed, finish, without_dialect
from generator.profiles.openai.compatible import compatible_host_findings
from generator.profiles.openai.inverse import strict_inverse
from generator.profiles.openai.strict import (
    StrictProblem,
    StrictResult,
    to_strict,
    to_strict_owned,
)

__all__ = ["StrictProblem", "StrictResult", "adapt", "strict_inverse", "to_openai", "to_strict"]


# "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the
# top level" (the API's 400, strict or not); enum, const and not the contract check refuses.
ROOT_FORBIDDEN = ("anyOf", "oneOf", "allOf")


def to_openai(schema: Mapping[str, Any], *, strict: bool) -> Transformed:
    """OpenAI's ``parameters``: the strict-mode form when ``strict``, else the mirror;
    with the inverse of the strict transform for arguments."""
    if not strict:
        return finish(without_dialect(schema), _root_findings(schema))
    contract = thaw(schema)  # the one copy: the strict schema is built from it
    result = to_strict_owned(contract)
    findings = [
        Finding(problem.path, Severity.ERROR, INEXPRESSIBLE, problem.message, problem.hint)
        for problem in result.problems
    ]
    sent = finish(result.schema or {}, findings)
    return sent if sent.schema is None else replace(sent, inverse=strict_inverse(contract))


def _root_findings(schema: Mapping[str, Any]) -> list[Finding]:
    return [
        Finding(
            (key,),
            Severity.ERROR,
            INEXPRESSIBLE,
            f"OpenAI refuses '{key}' at the root of parameters",
            "move the alternatives into a property",
        )
        for key in ROOT_FORBIDDEN
        if key in schema
    ]


def adapt(tool: ToolDescriptor) -> Transformed:
    """What OpenAI receives for ``tool`` (the profile stage calls this), with what the hosts
    that take the same shape (``compatible``) refuse although OpenAI takes it."""
    result = to_openai(tool.input_schema, strict=tool.strict)
    hosts = compatible_host_findings(tool.input_schema)
    return replace(result, findings=(*result.findings, *hosts)) if hosts else result
