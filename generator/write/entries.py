"""Cache entries: a run's computed entries kept under the user's cache folder, each
signed with this user's key (made on first use)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from generator.core.cache import (
    FOLDER_NAME,
    KEY_BYTES,
    Entry,
    generator_folder,
    key_path,
    read_key,
    signed,
)


def store_entries(root: Path | None, entries: Iterable[Entry]) -> None:
    """Keep cache entries under ``root`` (None: no cache). Best effort: a cache that
    cannot be written is simply not written, and folders of other generators (entries
    no run of this generator can find) are removed once new entries go in."""
    entries = list(entries)
    if root is None or not entries:
        return
    key = _user_key()
    if key is None:
        return
    folder = generator_folder(root)
    _prune_other_generators(root, folder)
    for entry in entries:
        _store(folder / entry.namespace, entry.key, signed(key, entry))


def _user_key() -> bytes | None:
    """This user's signing key, made on first use (0600, created exclusively so two
    runs never sign with different keys); None when it cannot be kept."""
    found = read_key()
    path = key_path()
    if found is not None or path is None:
        return found
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
    except FileExistsError:
        pass  # another run made it first: use theirs
    except OSError:
        return None
    return read_key()


def _store(folder: Path, name: str, data: bytes) -> None:
    temp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.replace(temp, folder / name)
    except OSError:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _prune_other_generators(root: Path, keep: Path) -> None:
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            if entry != keep and _is_generator_folder(entry):
                shutil.rmtree(entry, ignore_errors=True)


def _is_generator_folder(path: Path) -> bool:
    name = path.name
    return (
        len(name) == FOLDER_NAME
        and all(c in "0123456789abcdef" for c in name)
        and (path.is_dir() and not path.is_symlink())
    )
