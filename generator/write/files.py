"""Files outside the output tree: init's new files (all or none) and atomic
replacement of one file (import's contract, verify's pin)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from generator.write.plan import WriteError


def create_files(files: Mapping[Path, bytes]) -> None:
    """Create new files, all or none: an existing file is never overwritten.

    Used by ``init``; raises WriteError naming the first file that already exists.
    """
    for path in files:
        if path.exists() or path.is_symlink():
            raise WriteError(f"{path.name} already exists; not overwritten")
    made: list[Path] = []
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("xb") as handle:
                made.append(path)
                handle.write(data)
    except OSError as exc:
        for created in made:
            created.unlink(missing_ok=True)
        raise WriteError(f"cannot create {path.name}: {exc.strerror or exc}") from exc


def write_atomic(path: Path, data: bytes, *, mode: int) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, flushed to disk,
    and one rename: a reader sees the old bytes or the new, never a part. Missing
    folders are made; OSError propagates, and the temporary file never stays."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def replace_file(path: Path, data: bytes) -> None:
    """Replace the content of an existing file atomically, keeping its mode."""
    try:
        write_atomic(path, data, mode=path.stat().st_mode & 0o7777)
    except OSError as exc:
        raise WriteError(f"cannot update {path.name}: {exc.strerror or exc}") from exc
