"""A pin: what a server served once, kept to compare it with later (``--pin``,
``--against-pin``), for servers whose contracts are imported rather than written.

The lock holds each tool's whole ``tools/list`` entry, not only its fingerprint, so a
later change is classified by the same rules as against contracts (a hash alone could
say only "changed") and a changed description is shown with both texts. Each entry's
``sha256`` is its fingerprint: the sha256 of the entry as JSON with sorted keys, no
spaces, UTF-8; its ``digest`` is the ``sha256:`` digest toolcanon's listings carry in
``_meta`` (the entry without its own digest key), which ``verify`` compares first. A host
can pin these, and an entry edited by hand without its fingerprint is refused. Same
tools, same bytes: keys sorted, tools sorted by name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.core.fingerprint import json_sha256
from generator.core.jsondata import JsonProblem, KeysGivenTwice, loads
from generator.emit.mcp import entry_digest
from generator.verify.compare import Entry, Expected

PIN_FORMAT = 1
BAD_PIN = "TC502"
MAX_BYTES = 256 * 1024 * 1024
REPIN = "a pin is written by --pin, not by hand: pin again"


def pin_text(server: str, tools: Mapping[str, Entry]) -> str:
    """The lock file for ``tools`` as served by ``server``."""
    lock = {
        "$comment": f"What MCP server '{server}' served, pinned by 'toolcanon verify --pin'.",
        "format": PIN_FORMAT,
        "server": server,
        "tools": [
            {"digest": entry_digest(tool), "name": name, "sha256": json_sha256(tool), "tool": tool}
            for name, tool in sorted(tools.items())
        ],
    }
    return json.dumps(lock, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def read_pin(path: Path, display: str, server: str, namespace: str | None) -> Expected:
    """The tools a pin holds; ContractError when it cannot be read, is for another
    server, or an entry does not match its fingerprint."""
    data = _load(path, display)
    if not isinstance(data, Mapping) or data.get("format") != PIN_FORMAT:
        raise _bad(display, "not a pin written by 'toolcanon verify --pin' (format 1)")
    if data.get("server") != server:
        raise _bad(
            display, f"this pin is for server {json.dumps(data.get('server'))}, not '{server}'"
        )
    tools = data.get("tools")
    if not isinstance(tools, list):
        raise _bad(display, "'tools' must be a list")
    found: dict[str, Entry] = {}
    for index, item in enumerate(tools):
        name, tool = _entry(item, index, display)
        if name in found:
            raise _bad(display, f"tools[{index}]: '{name}' is pinned twice")
        found[name] = tool
    return Expected(f"pin {display}", namespace, found, {}, exact=True)


def _load(path: Path, display: str) -> Any:
    """The pin's data, read by the rules every JSON input has (no NaN, no number out of
    range, nesting within bounds) and refused when an object gives a key twice: ``json``
    would keep the last value silently, and a pin edited that way could hide an entry."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise _bad(display, f"the pin is larger than {MAX_BYTES // 2**20} MiB")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(
            display, f"cannot read the pin: {type(exc).__name__}: {str(exc)[:200]}"
        ) from None
    keys = KeysGivenTwice()
    try:
        data = loads(text, object_pairs_hook=keys)
    except JsonProblem as problem:
        message = f"cannot read the pin: {problem.message}"
        raise _bad(display, message, line=problem.line, column=problem.column) from None
    if keys.twice is not None:
        raise _bad(display, f"cannot read the pin: {keys.twice}", hint=REPIN)
    return data


def _entry(item: Any, index: int, display: str) -> tuple[str, Entry]:
    if not isinstance(item, Mapping):
        raise _bad(display, f"tools[{index}] must be an object")
    name, digest, tool = item.get("name"), item.get("sha256"), item.get("tool")
    if not isinstance(name, str) or not isinstance(tool, Mapping) or tool.get("name") != name:
        raise _bad(display, f"tools[{index}] needs 'name' and a 'tool' of that name")
    try:
        actual = json_sha256(tool)
    except (ValueError, RecursionError):
        actual = None
    if digest != actual or item.get("digest", entry_digest(tool)) != entry_digest(tool):
        message = f"tools[{index}] ('{name}') does not match its sha256"
        raise _bad(display, message, hint=REPIN)
    return name, tool


def _bad(
    display: str, message: str, *, hint: str | None = None, line: int = 1, column: int = 1
) -> ContractError:
    return ContractError([Diagnostic(Position(display, line, column), message, BAD_PIN, hint=hint)])
