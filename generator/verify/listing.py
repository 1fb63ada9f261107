"""What verify says about a server's ``tools/list`` as a whole, beside its tools.

MCP 2026-07-28 asks servers for the same order on every listing (client caches and
prompt caches depend on it) and ``_meta`` keys that follow one naming rule. (A result
without ``ttlMs`` and ``cacheScope`` is refused by the client itself: ``live/session``
reports it as a protocol error.)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.diff.rules import Finding
from generator.diff.tokens import LISTING
from generator.ir.names import is_meta_key
from generator.live.session import Listing
from generator.verify.rules import VERIFY_RULES
from generator.verify.texts import printable


def listing_findings(server: str, listing: Listing) -> list[Finding]:
    """Findings about the listing itself: an unstable order, ``_meta`` keys that break
    the naming rule."""
    where = f"{LISTING}{server}"
    found: list[Finding] = []
    first = tuple(str(tool.get("name")) for tool in listing.tools)
    if listing.again != first:
        found.append(_finding("live-order-unstable", where, (), _order_message(first, listing)))
    for tool in listing.tools:
        found += _meta_findings(where, tool)
    return found


def _order_message(first: tuple[str, ...], listing: Listing) -> str:
    if sorted(first) != sorted(listing.again):
        return "a second tools/list gave other tools than the first"
    at = next(i for i, (a, b) in enumerate(zip(first, listing.again, strict=True)) if a != b)
    return (
        f"a second tools/list gave the tools in another order (at position {at + 1}: "
        f"'{printable(first[at])}', then '{printable(listing.again[at])}'): clients cache "
        "the list and models' prompt caches need it byte for byte"
    )


def _meta_findings(where: str, tool: Mapping[str, Any]) -> Iterator[Finding]:
    meta = tool.get("_meta")
    if not isinstance(meta, Mapping):
        return
    name = printable(str(tool.get("name")))
    for key in meta:
        if not is_meta_key(key):
            message = (
                f"tool '{name}' has a _meta key '{printable(key)}' that breaks MCP's naming rule"
            )
            yield _finding("live-meta-key-invalid", where, ("_meta", key), message)


def _finding(rule: str, where: str, path: tuple[str, ...], message: str) -> Finding:
    return Finding(VERIFY_RULES[rule], where, path, message, None)
