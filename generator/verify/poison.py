"""What a server sends, read with the lint's text checks (``contracts/lint/text``).

A contract's text is checked before it is generated; a live server's is not reviewed
at all, and a poisoned description works on the model whether or not it changed since
the review. So every served tool — reviewed, changed or new — has its names, title,
description and schema text checked: hidden characters, look-alikes and directives are
security findings, the text shown escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.contracts.lint import served_text_findings
from generator.diff.rules import Finding
from generator.verify.rules import VERIFY_RULES

RULE = "live-text-unsafe"


def poison_findings(
    tool: str, entry: Mapping[str, Any], locate: Any | None = None
) -> list[Finding]:
    """The text findings of one served entry, as verify findings of ``tool`` (its
    canonical name, printable); ``locate`` places a path in the reviewed contract."""
    return [
        Finding(
            VERIFY_RULES[RULE],
            tool,
            found.path,
            f"served text: [{found.code}] {found.message}",
            None if locate is None else locate(found.path),
        )
        for found in served_text_findings(entry)
    ]
