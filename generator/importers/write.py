"""The contract an import produced: the data it must hold, the project's other
contracts to check it with (through the cache), and its one atomic write (through
``generator.write.files``) — or nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from generator.contracts.cached import Checked, load_checked
from generator.core.cache import CacheView
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.importers.draft import EXISTS, Draft, DraftTool
from generator.write.files import write_atomic


def intended(draft: Draft) -> dict[str, Any]:
    """The data the rendered file must hold."""
    data: dict[str, Any] = {"version": 1}
    if draft.server is not None:
        data["server"] = draft.server.value
    data["tools"] = [_tool_data(tool) for tool in draft.tools]
    return data


def _tool_data(tool: DraftTool) -> dict[str, Any]:
    return {field.key: field.value for field in tool.fields}


def refuse_existing(target: Path, display: str, *, force: bool) -> None:
    """ContractError when ``target`` exists and ``--force`` was not given."""
    if target.exists() and not force:
        raise ContractError(
            [
                Diagnostic(
                    Position(display, 1, 1),
                    "contract file already exists; nothing was written",
                    EXISTS,
                    hint="pass --force to replace it, or --server/--out to write elsewhere",
                )
            ]
        )


def load_others(
    paths: Iterable[tuple[str, str, Path]], cache: CacheView, extensions: frozenset[str]
) -> list[Checked]:
    """The project's other contracts (display, key, path) with their own diagnostics, from
    the cache where it has them: import checks only what the new file brings."""
    return [load_checked(path, display, key, cache, extensions) for display, key, path in paths]


def same_data(data: Any, draft: Draft) -> bool:
    """True when the contract read back holds exactly the data imported."""
    return _spelling(data) == _spelling(intended(draft))


def write_text(target: Path, text: str, display: str) -> None:
    """Write ``text`` (a contract, a pin) to ``target`` atomically (0644), or nothing."""
    write_atomic(target, encode(text, display), mode=0o644)


def encode(text: str, display: str) -> bytes:
    """The file's bytes; ContractError when the source held text that is not Unicode."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ContractError(
            [
                Diagnostic(
                    Position(display, 1, 1),
                    f"the source holds text that is not valid Unicode ({exc.reason})",
                    "TC400",
                    hint="fix the lone surrogate escape in the source",
                )
            ]
        ) from None


def _spelling(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
