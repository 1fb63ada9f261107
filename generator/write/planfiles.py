"""The bytes of a plan's files, the large ones kept deflated until they are read.

A plan holds every generated file at once, from the first target emitted until the
writer is done (and ``check`` has compared). For 5,000 tools that is some 130 MB of
UTF-8; generated JSON and code deflate to a tenth of that. Files from ``PACK_FROM``
bytes on are kept deflated (zlib at its fastest level) and inflated each time one is
read, one at a time: the writer, the manifest and the fast path's record read each file
in turn and let it go. Small files, and every file of a small project, stay as they are.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping
from pathlib import PurePosixPath

PACK_FROM = 1 << 20
"""Files this large or larger are kept deflated."""
_LEVEL = 1


class PlanFiles(Mapping[PurePosixPath, bytes]):
    """Path → bytes, in the order files were added; read it as any mapping."""

    def __init__(self) -> None:
        self._stored: dict[PurePosixPath, bytes] = {}
        self._deflated: set[PurePosixPath] = set()

    def add(self, path: PurePosixPath, data: bytes) -> None:
        """Keep ``data`` as the file at ``path`` (which must be new)."""
        if path in self._stored:
            raise RuntimeError(f"targets disagree about who writes {path}")
        if len(data) >= PACK_FROM:
            self._stored[path] = zlib.compress(data, _LEVEL)
            self._deflated.add(path)
        else:
            self._stored[path] = data

    def update_from(self, other: PlanFiles) -> None:
        """Every file of ``other`` (none of them here yet), as it is kept there."""
        for path, stored in other._stored.items():
            if path in self._stored:
                raise RuntimeError(f"targets disagree about who writes {path}")
            self._stored[path] = stored
        self._deflated |= other._deflated

    def sorted(self) -> PlanFiles:
        """The same files in path order."""
        ordered = PlanFiles()
        ordered._stored = dict(sorted(self._stored.items()))
        ordered._deflated = set(self._deflated)
        return ordered

    def replaced(self, path: PurePosixPath, data: bytes) -> PlanFiles:
        """The same files, ``path`` holding ``data`` (the others shared, not copied)."""
        copy = PlanFiles()
        copy._stored, copy._deflated = dict(self._stored), set(self._deflated)
        copy._stored.pop(path, None)
        copy._deflated.discard(path)
        copy.add(path, data)
        return copy

    def __getitem__(self, path: PurePosixPath) -> bytes:
        stored = self._stored[path]
        return zlib.decompress(stored) if path in self._deflated else stored

    def __contains__(self, path: object) -> bool:
        return path in self._stored

    def __iter__(self) -> Iterator[PurePosixPath]:
        return iter(self._stored)

    def __len__(self) -> int:
        return len(self._stored)


def replaced(
    files: Mapping[PurePosixPath, bytes], path: PurePosixPath, data: bytes
) -> Mapping[PurePosixPath, bytes]:
    """``files`` with ``path`` holding ``data``, without reading the others."""
    if isinstance(files, PlanFiles):
        return files.replaced(path, data)
    return {**files, path: data}
