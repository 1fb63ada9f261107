"""The server's listing as entries by name, refused when no client could rely on it."""

from __future__ import annotations

import json

from generator.live.session import Listing, ServerError
from generator.verify.compare import Entry
from generator.verify.texts import printable


def served_tools(listing: Listing) -> dict[str, Entry]:
    """Tool name → entry; ServerError (a protocol error) for a name listed twice or text
    that is not Unicode (a lone surrogate escape cannot be shown, pinned or hashed)."""
    found: dict[str, Entry] = {}
    for tool in listing.tools:
        name = str(tool.get("name"))
        if name in found:
            raise ServerError("protocol error", f"tool '{printable(name)}' is listed twice")
        try:
            json.dumps(tool, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            detail = f"tool '{printable(name)}' holds text that is not valid Unicode"
            raise ServerError("protocol error", detail) from None
        found[name] = tool
    return found
