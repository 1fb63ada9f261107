"""Finding the contract files of a contracts folder, without following a link.

Every ``*.yaml``/``*.yml`` file under the folder is a contract. A symbolic link to a
folder (any name) or to a would-be contract is refused, never followed: a link can
point outside the project, and a diagnostic would then print someone else's data. A
sub-folder that cannot be read, and a contract that is not a regular file (a FIFO
would block the read forever), are named too; nothing is skipped silently.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from generator.core.diagnostics import ContractError, Diagnostic, Position

CONTRACT_SUFFIXES = (".yaml", ".yml")
UNREADABLE = "TC011"
LINK = "TC053"
_LINK_HINT = "copy the file or folder into the contracts folder instead of linking it"


def contract_files(
    folder: Path, shown: Callable[[Path], str], *, skip: Path | None = None
) -> list[tuple[str, Path]]:
    """Contract files as (key, path), sorted by key (the path inside ``folder``).

    ``skip`` is a folder inside ``folder`` that holds no contracts (the host overlays).
    Raises ContractError naming every link, unreadable folder and odd file found;
    ``shown`` spells a path for a diagnostic."""
    found: list[tuple[str, Path]] = []
    problems: list[Diagnostic] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as listing:
                items = sorted(listing, key=lambda item: item.name)
        except OSError as exc:
            problems.append(_cannot_read(shown(current) + "/", exc))
            continue
        for item in items:
            path = Path(item.path)
            contract = path.suffix in CONTRACT_SUFFIXES
            if item.is_symlink():
                if contract or _points_to_folder(path):
                    problems.append(_link(shown(path)))
            elif item.is_dir(follow_symlinks=False):
                if path != skip:
                    stack.append(path)
            elif contract and not item.is_file(follow_symlinks=False):
                message = f"{shown(path)} is not a regular file"
                hint = "a contract is a plain YAML file: replace it by one"
                problems.append(_problem(shown(path), message, hint, UNREADABLE))
            elif contract:
                found.append((path.relative_to(folder).as_posix(), path))
    if problems:
        raise ContractError(problems)
    return sorted(found)


def _points_to_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def cannot_read(display: str, exc: OSError) -> Diagnostic:
    """The diagnostic for a contract file that exists but cannot be read."""
    return _cannot_read(display, exc)


def _cannot_read(display: str, exc: OSError) -> Diagnostic:
    reason = exc.strerror or str(exc)
    message = f"cannot read {display}: {reason}"
    hint = "make it readable (or move it out of the contracts folder); no contract is skipped"
    return _problem(display, message, hint, UNREADABLE)


def refused_link(display: str) -> Diagnostic:
    """The diagnostic for a link where a contract, or a folder of them, could be (a git
    revision's entries are judged by the same rule)."""
    return _link(display)


def _link(display: str) -> Diagnostic:
    message = f"{display} is a symbolic link; toolcanon never reads contracts through links"
    return _problem(display, message, _LINK_HINT, LINK)


def _problem(display: str, message: str, hint: str, code: str) -> Diagnostic:
    return Diagnostic(Position(display, 1, 1), message, code, hint=hint)
