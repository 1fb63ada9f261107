"""Provider profiles: what each provider accepts and how a contract's schema reaches it.

A profile holds a provider's name rule, the schema subset it accepts, its limits, the
transform ``T`` from the contract's ``inputSchema`` to what it receives, and the data
the generated packages need to undo ``T`` for arguments. Every keyword ``T`` drops or
rewrites is either an annotation or a diagnostic at its contract line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.model import thaw


def without_dialect(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Plain copy of ``schema`` without its root ``$schema``; nothing else changes.

    Provider APIs imply the dialect; MCP alone takes ``$schema`` as written.
    """
    return {key: thaw(value) for key, value in schema.items() if key != "$schema"}
