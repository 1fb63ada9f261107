"""Write the contract an import produced atomically — or write nothing.

Checking it is :mod:`.verdict`'s job; this module reads the project's other contracts
(through the cache) and writes the one file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from generator.contracts.cached import Checked, load_checked
from generator.core.cache import CacheView
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.importers.draft import EXISTS, Draft, DraftTool


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


def write_atomic(target: Path, text: str, display: str) -> None:
    """Write ``text`` to ``target`` through a temporary file and one rename."""
    data = encode(text, display)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


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
