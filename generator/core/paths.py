"""How paths are shown to a person: relative to a base when inside it, else absolute."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def display(path: Path, *bases: Path) -> str:
    """``path`` relative to the first of ``bases`` that holds it (POSIX spelling), else
    as given. Used for every file name in diagnostics, manifests and messages."""
    for base in bases:
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def display_resolved(path: Path, bases: Iterable[Path]) -> str:
    """Like :func:`display`, after resolving ``path`` and every base (symlinks, ``..``)."""
    return display(path.resolve(), *(base.resolve() for base in bases))
