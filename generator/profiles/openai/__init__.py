"""The OpenAI profile: what Chat Completions and Responses receive as ``parameters``.

A tool gets its ``inputSchema`` without the root ``$schema``; a tool in strict mode gets
exactly ``to_strict`` of it (``strict.py``, within the subset ``subset.py`` describes).
A schema strict mode cannot express yields problems, never a silent non-strict fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.model import thaw
from generator.profiles.base import without_dialect
from generator.profiles.openai.strict import StrictProblem, StrictResult, to_strict

__all__ = ["StrictProblem", "StrictResult", "openai_parameters", "to_strict"]


def openai_parameters(schema: Mapping[str, Any], *, strict: bool) -> StrictResult:
    """OpenAI's ``parameters`` for a tool: strict-mode form when ``strict``, else the mirror."""
    if strict:
        return to_strict(thaw(schema))
    return StrictResult(schema=without_dialect(schema), problems=())
