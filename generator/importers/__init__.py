"""Importers: turn foreign tool definitions into contract files.

This package is the only place where the schema fallback chain
(``inputSchema → parameters → function.parameters → input_schema``) exists; every
importer produces a :class:`~generator.importers.draft.Draft`, which the renderer
turns into a YAML contract that must pass the same checks as a hand-written one.
"""

from __future__ import annotations

FORMATS = ("openai-chat", "openai-responses", "anthropic", "mcp", "legacy")
