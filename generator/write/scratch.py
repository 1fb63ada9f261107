"""Scratch trees: files a step reads from disk for one run only — a git revision's
contracts, which ``diff`` loads like a working tree — in a temporary folder of their
own, removed when the step ends. Nothing in the project is touched."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath


class UnpackError(Exception):
    """A file of a scratch tree could not be written (``relative``: which, as given)."""

    def __init__(self, relative: str, reason: str) -> None:
        super().__init__(f"cannot unpack {relative!r}: {reason}")
        self.relative = relative
        self.reason = reason


def scratch(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for one step, removed when its ``with`` block ends."""
    return tempfile.TemporaryDirectory(prefix=prefix)


def unpack(target: Path, files: Iterable[tuple[str, bytes]]) -> None:
    """Make the new folder ``target`` hold ``files`` (POSIX paths inside it, checked by
    the caller), never writing over anything; UnpackError names the file that failed."""
    target.mkdir()
    for relative, content in files:
        path = target.joinpath(*PurePosixPath(relative).parts)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("xb") as stream:
                stream.write(content)
        except OSError as exc:
            raise UnpackError(relative, str(exc.strerror or exc)) from None
