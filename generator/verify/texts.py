"""Changed text shown so a reviewer can see the attack: quoted, invisible characters
and look-alikes escaped, and for long text the part that changed (injected text is
often appended to a long, innocent description, so the start alone would hide it)."""

from __future__ import annotations

import json

from generator.core.report import escape, mark_lookalikes, printable_name

LIMIT = 2000  # characters of each side shown at most
CONTEXT = 60  # unchanged characters shown before and after the change
_BLOCK = 4096


def quote(text: str) -> str:
    """``text`` as a JSON string, with every character that does not print escaped
    (controls, bidirectional overrides, zero-width characters…) and every letter that
    passes for an ASCII one (``report.lookalike``)."""
    spelled = json.dumps(text, ensure_ascii=False)
    return mark_lookalikes("".join(c if c.isprintable() else escape(c) for c in spelled))


def both_texts(old: str, new: str) -> tuple[str, str]:
    """The two texts as shown in a message: whole when short, else around the change."""
    if len(old) <= LIMIT and len(new) <= LIMIT:
        return quote(old), quote(new)
    same_start = common_prefix(old, new)
    same_end = common_prefix(old[same_start:][::-1], new[same_start:][::-1])
    return _around(old, same_start, same_end), _around(new, same_start, same_end)


def excerpt(text: str) -> str:
    """One text as shown in a message: whole when short, else its start and its end."""
    return quote(text) if len(text) <= LIMIT else _around(text, 0, 0)


def printable(name: str) -> str:
    """A name from a server, safe to print: anything but printable ASCII escaped."""
    return printable_name(name)


def _around(text: str, same_start: int, same_end: int) -> str:
    """The changed part with some context; when long, its start and its end."""
    start = max(0, same_start - CONTEXT)
    end = min(len(text), len(text) - same_end + CONTEXT)
    if end - start <= LIMIT:
        shown = quote(text[start:end])
    else:
        half = LIMIT // 2
        shown = f"{quote(text[start : start + half])} … {quote(text[end - half : end])}"
    before = "…" if start > 0 else ""
    after = "…" if end < len(text) else ""
    return f"{before}{shown}{after} ({len(text):,} characters)"


def common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix (block by block: slices compare in C)."""
    size, at = min(len(a), len(b)), 0
    while at < size and a[at : at + _BLOCK] == b[at : at + _BLOCK]:
        at += _BLOCK
    while at < size and a[at] == b[at]:
        at += 1
    return min(at, size)
