"""Load and check one contract file, through the cache when there is one.

What a file loads to, and what it is found to have wrong on its own, depend only on
its bytes, its names and the generator (the cache folder is per generator
fingerprint), so both are kept per file as JSON: never pickle, since a cache folder
is a folder anyone could have put into a checkout. Checks across files (a name used
twice) always run.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cache import CacheView, Entry
from generator.diagnostics import ContractError, Diagnostic, Position, Severity

if TYPE_CHECKING:
    from generator.contracts.loader import LoadedFile

NAMESPACE = "contracts"
FORMAT = 1


@dataclass(frozen=True, slots=True)
class Checked:
    """One contract file after load and check: the file (None when it cannot be
    loaded), its own diagnostics, and the cache entry to keep when it was computed."""

    file: LoadedFile | None
    diagnostics: list[Diagnostic]
    entry: Entry | None


def load_checked(path: Path, display: str, key: str, cache: CacheView) -> Checked:
    """Load and check one file, or find the result of doing so in ``cache``."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        from generator.contracts.discover import cannot_read

        return Checked(None, [cannot_read(display, exc)], None)
    entry_key = _entry_key(raw, display, key)
    stored = cache.get(NAMESPACE, entry_key)
    if stored is not None:
        try:
            return Checked(*_decode(stored), None)
        except (ValueError, TypeError, KeyError, IndexError):
            pass  # damaged or from another layout: do the work again
    loaded, diagnostics = _load_and_check(path, display, key)
    return Checked(loaded, diagnostics, Entry(NAMESPACE, entry_key, _encode(loaded, diagnostics)))


def _entry_key(raw: bytes, display: str, key: str) -> str:
    digest = hashlib.sha256(raw).hexdigest()
    names = json.dumps([FORMAT, display, key, digest], ensure_ascii=False)
    return hashlib.sha256(names.encode("utf-8")).hexdigest()


def _load_and_check(
    path: Path, display: str, key: str
) -> tuple[LoadedFile | None, list[Diagnostic]]:
    from generator.contracts.check import check_file
    from generator.contracts.loader import load_file

    try:
        loaded = load_file(path, display, key=key)
    except ContractError as error:
        return None, list(error.diagnostics)
    return loaded, check_file(loaded)


def _encode(loaded: LoadedFile | None, diagnostics: list[Diagnostic]) -> bytes:
    file: dict[str, Any] | None = None
    if loaded is not None:
        file = {
            "path": loaded.path,
            "data": loaded.data,
            "positions": [[list(p), *mark] for p, mark in loaded.positions.items()],
            "sha256": loaded.sha256,
            "key": loaded.key,
        }
    found = [_diagnostic_json(d) for d in diagnostics]
    text = json.dumps({"file": file, "diagnostics": found}, ensure_ascii=False)
    return text.encode("utf-8")


def _decode(stored: bytes) -> tuple[LoadedFile | None, list[Diagnostic]]:
    from generator.contracts.loader import LoadedFile

    document = json.loads(stored)
    file = document["file"]
    loaded = None
    if file is not None:
        positions = {tuple(p): (int(line), int(col)) for p, line, col in file["positions"]}
        loaded = LoadedFile(file["path"], file["data"], positions, file["sha256"], file["key"])
    return loaded, [_diagnostic(d) for d in document["diagnostics"]]


def _diagnostic_json(d: Diagnostic) -> list[Any]:
    where = d.position
    fields = [where.file, where.line, where.column, d.message, d.code, d.severity.value]
    return [*fields, d.tool, list(d.path), d.hint]


def _diagnostic(item: list[Any]) -> Diagnostic:
    file, line, column, message, code, severity, tool, path, hint = item
    position = Position(str(file), int(line), int(column))
    return Diagnostic(position, message, code, Severity(severity), tool, tuple(path), hint)
