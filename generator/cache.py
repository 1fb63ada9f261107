"""Results of slow, pure steps kept between runs: read here, written by the writer.

Never needed for correctness: an entry is found only by a hash of every input of
the step that made it, and the folder is per generator fingerprint, so a change to
the contracts, the settings or toolcanon itself finds no stale entry. Every entry
carries a checksum; one that is damaged, truncated or unreadable counts as absent.
Stages read through a :class:`CacheView` and return the :class:`Entry` values they
computed; only ``writer.store_entries`` puts them on disk (``check`` never does).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from generator.fingerprint import generator_fingerprint

FOLDER_NAME = 16  # hex digits of the fingerprint naming the folder of this generator
_CHECKSUM = 64


@dataclass(frozen=True, slots=True)
class Entry:
    """One result to keep: found again by ``namespace`` and ``key``."""

    namespace: str
    key: str
    payload: bytes


def generator_folder(root: Path) -> Path:
    """Where this generator's entries live inside the cache folder ``root``."""
    return root / generator_fingerprint()[:FOLDER_NAME]


def checksummed(payload: bytes) -> bytes:
    """An entry as stored: its sha256 in hex, a newline, the payload."""
    return hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload


class CacheView:
    """Read-only access to the entries of a cache folder; ``None`` finds nothing."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.folder = generator_folder(root) if root is not None else None

    def get(self, namespace: str, key: str) -> bytes | None:
        """The payload stored under ``key``, or None when absent or damaged."""
        if self.folder is None:
            return None
        try:
            raw = (self.folder / namespace / key).read_bytes()
        except OSError:
            return None
        checksum, payload = raw[:_CHECKSUM], raw[_CHECKSUM + 1 :]
        if checksum != hashlib.sha256(payload).hexdigest().encode("ascii"):
            return None
        return payload

    def text(self, namespace: str, key: str) -> str | None:
        """Like :meth:`get`, decoded as UTF-8 (an undecodable entry counts as absent)."""
        payload = self.get(namespace, key)
        if payload is None:
            return None
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return None


NO_CACHE = CacheView(None)
