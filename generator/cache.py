"""Results of slow, pure steps kept between runs (``.toolcanon-cache/`` beside the config).

Never needed for correctness: an entry is found only by a hash of every input of
the step that made it, and the folder is per generator fingerprint, so a change to
the contracts, the settings or toolcanon itself finds no stale entry. Every entry
carries a checksum; one that is damaged, truncated or unreadable counts as absent,
and a folder that cannot be written is simply not written. Delete it at any time.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from generator.fingerprint import generator_fingerprint

_FOLDER_NAME = 16  # hex digits of the fingerprint naming the folder of this generator
_CHECKSUM = 64


class Cache:
    """A folder of entries by namespace and key; ``None`` as folder caches nothing."""

    def __init__(self, folder: Path | None) -> None:
        self.root = folder
        self.folder = folder / generator_fingerprint()[:_FOLDER_NAME] if folder else None
        self._pruned = False

    def memo(self, namespace: str) -> Memo:
        """The entries of one namespace as text, as the Python target's chunks use them."""
        return Memo(self, namespace)

    def get(self, namespace: str, key: str) -> bytes | None:
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

    def put(self, namespace: str, key: str, payload: bytes) -> None:
        if self.folder is None:
            return
        checksum = hashlib.sha256(payload).hexdigest().encode("ascii")
        temp: str | None = None
        try:
            self._prune_other_generators()
            folder = self.folder / namespace
            folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
            with os.fdopen(fd, "wb") as stream:
                stream.write(checksum + b"\n" + payload)
            os.replace(temp, folder / key)
        except OSError:
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temp)

    def _prune_other_generators(self) -> None:
        """Entries of another toolcanon version or checkout can never be found: drop them."""
        if self._pruned or self.root is None or self.folder is None:
            return
        self._pruned = True
        with contextlib.suppress(OSError):
            for entry in self.root.iterdir():
                if entry != self.folder and _is_generator_folder(entry):
                    shutil.rmtree(entry, ignore_errors=True)


def _is_generator_folder(path: Path) -> bool:
    name = path.name
    return (
        len(name) == _FOLDER_NAME
        and all(c in "0123456789abcdef" for c in name)
        and (path.is_dir() and not path.is_symlink())
    )


class Memo:
    """Text entries of one namespace (the ``python_chunks.Memo`` protocol)."""

    def __init__(self, cache: Cache, namespace: str) -> None:
        self.cache = cache
        self.namespace = namespace

    def get(self, key: str) -> str | None:
        payload = self.cache.get(self.namespace, key)
        if payload is None:
            return None
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return None

    def put(self, key: str, value: str) -> None:
        self.cache.put(self.namespace, key, value.encode("utf-8"))
