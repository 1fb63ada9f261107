"""Check the contract an import produced, then write it atomically — or write nothing.

The text is read back with the contract loader and checked with the same rules as
every contract (together with the project's other contracts, so a clash of names
is caught); only problems the new file brings are reported.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from generator.config import Config
from generator.contracts.loader import LoadedFile, load_file
from generator.diagnostics import ContractError, Diagnostic, Position
from generator.importers.draft import EXISTS, Draft, DraftTool
from generator.pipeline import check_loaded


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


def check_text(
    text: str, draft: Draft, display: str, others: Sequence[LoadedFile], config: Config
) -> list[Diagnostic]:
    """Every problem the new contract has, or brings to the project's contracts."""
    with tempfile.TemporaryDirectory(prefix="toolcanon-import-") as folder:
        scratch = Path(folder) / "contract.yaml"
        scratch.write_bytes(_encode(text, display))
        try:
            loaded = load_file(scratch, display)
        except ContractError as error:
            return list(error.diagnostics)
    if _spelling(loaded.data) != _spelling(intended(draft)):
        raise RuntimeError(f"{display}: the YAML written does not read back as the data imported")
    alone = check_loaded([loaded], config)
    before = set(check_loaded(others, config)) if others else set()
    together = [d for d in check_loaded([*others, loaded], config) if d not in before]
    return sorted(set(alone) | set(together), key=Diagnostic.sort_key)


def load_others(paths: Iterable[tuple[str, Path]]) -> list[LoadedFile]:
    """The project's other contracts that load at all (broken ones are not ours to report)."""
    found = []
    for display, path in paths:
        try:
            found.append(load_file(path, display))
        except ContractError:
            continue
    return found


def write_atomic(target: Path, text: str, display: str) -> None:
    """Write ``text`` to ``target`` through a temporary file and one rename."""
    data = _encode(text, display)
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


def _encode(text: str, display: str) -> bytes:
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
