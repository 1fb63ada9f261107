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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.contracts.check import check_file
from generator.contracts.discover import cannot_read
from generator.contracts.loader import LoadedFile, load_bytes
from generator.core.cache import CacheView, Entry
from generator.core.diagnostics import ContractError, Diagnostic, JsonPath, Position, Severity

NAMESPACE = "contracts"
FORMAT = 2  # 2: positions as one string, decoded when used


@dataclass(frozen=True, slots=True)
class Checked:
    """One contract file after load and check: the file (None when it cannot be
    loaded), its own diagnostics, and the cache entry to keep when it was computed."""

    file: LoadedFile | None
    diagnostics: list[Diagnostic]
    entry: Entry | None


def load_checked(
    path: Path,
    display: str,
    key: str,
    cache: CacheView,
    extensions: frozenset[str] = frozenset(),
) -> Checked:
    """Load and check one file, or find the result of doing so in ``cache``;
    ``extensions`` (config ``schema-extensions``) change the verdict, so the key."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return Checked(None, [cannot_read(display, exc)], None)
    return check_bytes(raw, display, key, cache, extensions)


def check_bytes(
    raw: bytes, display: str, key: str, cache: CacheView, extensions: frozenset[str] = frozenset()
) -> Checked:
    """Load and check one file's bytes (or find the result in ``cache``): what
    ``load_checked`` does once the file is read, and what import does with the text it
    is about to write."""
    entry_key = _entry_key(raw, display, key, extensions)
    stored = cache.get(NAMESPACE, entry_key)
    if stored is not None:
        try:
            return Checked(*_decode(stored), None)
        except (ValueError, TypeError, KeyError, IndexError):
            pass  # damaged or from another layout: do the work again
    loaded, diagnostics = _load_and_check(raw, display, key, extensions)
    return Checked(loaded, diagnostics, Entry(NAMESPACE, entry_key, _encode(loaded, diagnostics)))


def _entry_key(raw: bytes, display: str, key: str, extensions: frozenset[str]) -> str:
    digest = hashlib.sha256(raw).hexdigest()
    names = json.dumps([FORMAT, display, key, digest, sorted(extensions)], ensure_ascii=False)
    return hashlib.sha256(names.encode("utf-8")).hexdigest()


def _load_and_check(
    raw: bytes, display: str, key: str, extensions: frozenset[str]
) -> tuple[LoadedFile | None, list[Diagnostic]]:
    try:
        loaded = load_bytes(raw, display, key=key)
    except ContractError as error:
        return None, list(error.diagnostics)
    return loaded, check_file(loaded, extensions)


def _encode(loaded: LoadedFile | None, diagnostics: list[Diagnostic]) -> bytes:
    file: dict[str, Any] | None = None
    if loaded is not None:
        positions = [[list(p), *mark] for p, mark in loaded.positions.items()]
        file = {
            "path": loaded.path,
            "data": loaded.data,
            # a string inside the document: read only when a position is asked for
            "positions": json.dumps(positions, ensure_ascii=False),
            "sha256": loaded.sha256,
            "key": loaded.key,
        }
    found = [_diagnostic_json(d) for d in diagnostics]
    text = json.dumps({"file": file, "diagnostics": found}, ensure_ascii=False)
    return text.encode("utf-8")


def _decode(stored: bytes) -> tuple[LoadedFile | None, list[Diagnostic]]:
    document = json.loads(stored)
    file = document["file"]
    loaded = None
    if file is not None:
        if not isinstance(file["positions"], str):
            raise TypeError("positions of another layout")
        positions = Positions(file["positions"])
        loaded = LoadedFile(file["path"], file["data"], positions, file["sha256"], file["key"])
    return loaded, [_diagnostic(d) for d in document["diagnostics"]]


class Positions(Mapping[JsonPath, tuple[int, int]]):
    """A cached file's positions, decoded on first use: most runs that read a file from
    the cache never point at it (a project of thousands of tools, read by ``import``)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._found: dict[JsonPath, tuple[int, int]] | None = None

    def _decoded(self) -> dict[JsonPath, tuple[int, int]]:
        if self._found is None:
            try:
                rows = json.loads(self._text)
                self._found = {tuple(p): (int(line), int(col)) for p, line, col in rows}
            except (ValueError, TypeError):
                self._found = {}  # a damaged entry: places fall back to the file's start
        return self._found

    def __getitem__(self, path: JsonPath) -> tuple[int, int]:
        return self._decoded()[path]

    def __iter__(self) -> Iterator[JsonPath]:
        return iter(self._decoded())

    def __len__(self) -> int:
        return len(self._decoded())


def _diagnostic_json(d: Diagnostic) -> list[Any]:
    where = d.position
    fields = [where.file, where.line, where.column, d.message, d.code, d.severity.value]
    return [*fields, d.tool, list(d.path), d.hint]


def _diagnostic(item: list[Any]) -> Diagnostic:
    file, line, column, message, code, severity, tool, path, hint = item
    position = Position(str(file), int(line), int(column))
    return Diagnostic(position, message, code, Severity(severity), tool, tuple(path), hint)
