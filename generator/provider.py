"""The schemas OpenAI and Claude receive, decided once at resolve time.

A provider gets a tool's ``inputSchema`` without its root ``$schema`` (the dialect is
implied by the API); a tool in OpenAI strict mode gets exactly ``to_strict`` of it. A
schema strict mode cannot express yields problems, never a silent non-strict fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.model import thaw
from generator.strict import StrictResult, to_strict


def without_dialect(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Plain copy of ``schema`` without its root ``$schema``; nothing else changes."""
    return {key: thaw(value) for key, value in schema.items() if key != "$schema"}


def openai_parameters(schema: Mapping[str, Any], *, strict: bool) -> StrictResult:
    """OpenAI's ``parameters`` for a tool: strict-mode form when ``strict``, else the mirror."""
    if strict:
        return to_strict(thaw(schema))
    return StrictResult(schema=without_dialect(schema), problems=())
