"""A source's safety claims → suggestions, never trust (unless the user says so).

MCP clients must treat a server's annotations as untrusted, and the same holds for
every foreign definition: a tool that calls itself read-only is a claim. So each
gating field an importer read or guessed (``isReadOnly``, ``riskLevel``, the Plan Mode
fields, …) moves into one ``suggested:`` block, which resolve never reads: the tool
gets the safe defaults until a person writes the fields on the tool and deletes the
block (``contracts/review``: TC303 while it is there). ``--trust-hints`` keeps the
fields on the tool, for a server the user owns, and the file's header says so.
"""

from __future__ import annotations

from dataclasses import replace

from generator.importers.draft import Draft, DraftTool, Field
from generator.ir.policy import SUGGESTIBLE

SUGGESTED = "suggested"
BLOCK_REVIEW = (
    "what the source claims, not used: write what you agree with on the tool, then delete"
)
UNTRUSTED_HEADER = (
    "# A tool's suggested: block is what the source claims about its safety; it is not used",
    "# (validate warns, TC303; --strict fails) until you review it.",
)
TRUSTED_HEADER = (
    "# --trust-hints: isReadOnly, riskLevel and the Plan Mode fields below come from the",
    "# source's own hints, not from a review.",
)


def suggest(draft: Draft) -> Draft:
    """``draft`` with each tool's gating fields moved into its ``suggested:`` block."""
    return replace(draft, tools=tuple(_suggested(tool) for tool in draft.tools), trusted=False)


def trust(draft: Draft) -> Draft:
    """``draft`` as read, its safety claims kept on the tools (``--trust-hints``)."""
    return replace(draft, trusted=True)


def _suggested(tool: DraftTool) -> DraftTool:
    moved = [field for field in tool.fields if field.key in SUGGESTIBLE]
    kept = [field for field in tool.fields if field.key not in SUGGESTIBLE]
    value = {field.key: field.value for field in moved}
    inner = tuple(((field.key,), field.review) for field in moved if field.review)
    nested = tuple(((field.key, *path), text) for field in moved for path, text in field.inner)
    block = Field(SUGGESTED, value, BLOCK_REVIEW, source=(), inner=(*inner, *nested))
    at = _first_gating(tool)
    return replace(tool, fields=(*kept[:at], block, *kept[at:]))


def _first_gating(tool: DraftTool) -> int:
    """Where the block goes among the kept fields: where the first moved field was."""
    kept = 0
    for field in tool.fields:
        if field.key in SUGGESTIBLE:
            return kept
        kept += 1
    return kept
