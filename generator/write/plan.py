"""The plan: the whole output tree as bytes, what a comparison with the disk finds,
and the names and modes every part of the writer shares."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

MANIFEST = PurePosixPath("manifest.json")
STAGING_INFIX = ".new-"  # .<out>.new-XXXX: the tree being built beside the output
TEMP_SUFFIX = ".toolcanon-new"  # .<name>.XXXX.toolcanon-new: a file being written in place


class WriteError(Exception):
    """The output folder cannot be updated; nothing was changed."""


Same = Callable[[bytes, bytes], bool]


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole output tree as bytes, manifest included. ``same`` names files whose
    bytes may differ without the output differing (the manifest's note of who wrote
    it): such a file counts as current, and is not rewritten for that alone."""

    files: Mapping[PurePosixPath, bytes]
    same: Mapping[PurePosixPath, Same] = field(default_factory=dict)

    def current(self, rel: PurePosixPath, on_disk: bytes) -> bool:
        """True when ``on_disk`` is what the plan holds for ``rel``."""
        planned = self.files[rel]
        if on_disk == planned:
            return True
        same = self.same.get(rel)
        return same is not None and same(on_disk, planned)

    def folders(self) -> set[PurePosixPath]:
        """Every folder the plan's files sit in (the output folder itself excluded)."""
        return {p for rel in self.files for p in rel.parents if p != PurePosixPath()}


@dataclass(frozen=True, slots=True)
class Drift:
    """One way in which the output folder differs from the plan."""

    path: PurePosixPath
    kind: str  # "changed" | "missing" | "orphaned"
    diff: str = ""


@dataclass(frozen=True, slots=True)
class Comparison:
    drift: tuple[Drift, ...]
    foreign: tuple[PurePosixPath, ...]  # things in the folder that toolcanon may not remove
    undiffed: tuple[PurePosixPath, ...] = ()  # stale files whose diff was not computed


def encode_text(text: str) -> bytes:
    """Text as generated files store it: LF endings, one final newline, UTF-8."""
    text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    return text.encode("utf-8")


def default_mode(folder: bool) -> int:
    """The mode a new file or folder gets: 0o666 or 0o777 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if folder else 0o666) & ~umask
