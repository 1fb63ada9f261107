"""Where a path setting may point: one rule for the folders a config file names
(``contracts``, ``output``, ``cache``, ``hosts``) and for every path flag
(``--contracts``, ``--output``, import's ``--out``, verify's ``--pin``).

A cloned project's config must not decide where the user's machine is read or
written, so a path lies inside the project unless the person running toolcanon says
otherwise on the command line (``--allow-outside``: a flag, so a config file can never
allow itself). A path is never a name a shell would expand or read as an option
(``~``, ``~user``, ``$VAR``, ``-rf``): toolcanon would use a folder of that very name
while a person typing it reaches another one. No path goes through a symbolic link,
and a path toolcanon writes is never the project, never holds the contracts or the
config, never lies in a version-control folder, and stays out of the output folder
(which generate owns) unless it is that folder. The answers are diagnostics at the
config line or ``<command line>``. These functions look at the disk (``lstat``) and
never change it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.core.diagnostics import Diagnostic, Position
from generator.core.paths import display
from generator.project.ignored import ignore_problem
from generator.project.settings import Config, Setting

PLACEMENT = "TC052"  # a folder or file toolcanon will not use there
LINK = "TC053"  # a symbolic link where toolcanon reads or writes
SHELL = "TC055"  # a name a shell would expand, or read as an option
COMMAND_LINE = "<command line>"
_VCS_FOLDERS = (".git", ".hg", ".svn")

Problem = tuple[str, str, str]  # code, message, hint


@dataclass(frozen=True, slots=True)
class Use:
    """What toolcanon does with a path; what the rule refuses follows from it."""

    writes: bool  # toolcanon writes there (else it only reads)
    fix: str = ""  # what to write instead, for a path toolcanon writes
    contract_files: bool = False  # it writes contracts, which belong in the contracts folder
    output: bool = False  # it is the output folder itself


READ = Use(writes=False)
OUTPUT = Use(
    True,
    'give the output a folder of its own inside the project, e.g. output = "generated"',
    output=True,
)
CACHE = Use(
    True,
    "leave 'cache' out (the user's cache folder), or name a git-ignored folder of its own "
    'inside the project, e.g. cache = ".toolcanon-cache"',
)
CONTRACT_OUT = Use(  # import's --out
    True,
    "omit --out (the contracts folder), or name a folder of its own inside the project",
    contract_files=True,
)
PIN = Use(True, "pin into a file of its own inside the project, e.g. --pin pins/<server>.json")


def flag(base: Path, name: str, value: Path) -> Setting:
    """A path given on the command line (relative to the working folder ``base``)."""
    return Setting(base / value, Position(COMMAND_LINE, 1, 1), f"{name} {value}", str(value))


def configured(root: Path, key: str, value: str, where: Position) -> Setting:
    """A path a config file sets (relative to the config file's folder ``root``)."""
    spelled = f"{key} = {json.dumps(value, ensure_ascii=False)}"
    return Setting(root / value, where, spelled, value)


def resolved(path: Path) -> Path:
    """``path`` with links followed; a loop of links is left for the link checks to name."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))


def place_problems(setting: Setting, use: Use, config: Config) -> list[Diagnostic]:
    """Why toolcanon must not use the path ``setting`` names for ``use`` (empty: it may).
    The first problem found is the one reported: each later check assumes the earlier
    ones passed (a link is named before where it leads)."""
    problem = (
        _shell(setting)
        or _link(setting, config.root)
        or (_written(setting, use, config) if use.writes else None)
        or _outside(setting, use, config)
    )
    if problem is None:
        return []
    code, message, hint = problem
    return [Diagnostic(setting.where, message, code, hint=hint)]


def cache_problems(setting: Setting, config: Config) -> list[Diagnostic]:
    """A configured cache folder: the rule for written folders, and inside the project a
    folder git ignores (the user's own cache folder, the default, is never asked)."""
    found = place_problems(setting, CACHE, config)
    folder = resolved(setting.given)
    if found or not within(folder, config.root):
        return found
    problem = ignore_problem(folder, config.root, setting.spelled)
    if problem is None:
        return []
    code, message, hint = problem
    return [Diagnostic(setting.where, message, code, hint=hint)]


def within(path: Path, folder: Path) -> bool:
    """True when ``path`` is ``folder`` or lies inside it (both resolved)."""
    return path == folder or folder in path.parents


def first_link(given: Path, root: Path) -> Path | None:
    """The first symbolic link met on the way from ``root`` to ``given`` (``given``
    itself included), or None. A path that does not start inside ``root`` is judged by
    its last part alone: the folders above it are the system's, not the project's."""
    parts = given.parts
    if parts[: len(root.parts)] != root.parts:
        return given if given.is_symlink() else None
    current = root
    for part in parts[len(root.parts) :]:
        if part == "..":
            current = current.parent  # safe: ``current`` was just found not to be a link
        elif part not in ("", "."):
            current = current / part
            if current.is_symlink():
                return current
    return None


def _shell(setting: Setting) -> Problem | None:
    """A part of the value as written that a shell would not pass on as it is."""
    if setting.value is None:
        return None
    for part in PurePosixPath(setting.value).parts:
        if part.startswith("~"):
            why = f"a shell reads '{part}' as a home folder"
        elif "$" in part or "`" in part:
            why = f"a shell expands '{part}'"
        elif part.startswith("-"):
            why = f"'{part}' reads as an option to shell commands"
        else:
            continue
        message = f"{setting.spelled}: {why}, but toolcanon would take the name literally"
        hint = "name it as it is on disk, relative to the project, without ~, $ or a leading -"
        return SHELL, message, hint
    return None


def _link(setting: Setting, root: Path) -> Problem | None:
    link = first_link(setting.given, root)
    if link is None:
        return None
    message = (
        f"{setting.spelled}: '{display(link, root)}' is a symbolic link; toolcanon never "
        "reads or writes through links"
    )
    hint = "name the real folder instead (inside the project), or replace the link by a folder"
    return LINK, message, hint


def _outside(setting: Setting, use: Use, config: Config) -> Problem | None:
    if config.allow_outside or within(resolved(setting.given), config.root):
        return None
    message = f"{setting.spelled} is outside the project ('{config.root.as_posix()}')"
    verb = "write" if use.writes else "read"
    hint = f"name a path inside the project, or pass --allow-outside to {verb} there on purpose"
    return PLACEMENT, message, hint


def _written(setting: Setting, use: Use, config: Config) -> Problem | None:
    """Where a path toolcanon writes must not be: what would be replaced or read wrongly."""
    path, root, contracts = resolved(setting.given), config.root, config.contracts
    spelled, message = setting.spelled, None
    if path == root:
        message = f"{spelled} is the project folder itself"
    elif within(root, path):
        message = f"{spelled} ('{display(path, root)}') holds the whole project"
    elif path == config.config_file:
        message = f"{spelled} is the config file"
    elif config.config_file is not None and within(config.config_file, path):
        message = f"{spelled} holds the config file ({config.config_file.name})"
    elif within(contracts, path) and not use.contract_files:
        message = f"{spelled} holds the contracts folder ('{display(contracts, root)}')"
    elif within(path, contracts) and not use.contract_files:
        message = f"{spelled} is inside the contracts folder: its files would be read as contracts"
    elif any(part in _VCS_FOLDERS for part in path.parts[len(root.parts) :]):
        message = f"{spelled} is inside a version-control folder"
    elif not use.output and (within(path, config.output) or within(config.output, path)):
        shown = display(config.output, root)
        message = f"{spelled} overlaps the output folder ('{shown}'), which generate owns"
    return None if message is None else (PLACEMENT, message, use.fix)


def output_problems(config: Config) -> list[Diagnostic]:
    """Why toolcanon must not use ``config.output`` (empty when it may): asked by the
    commands that read or write the output (``generate``, ``check``)."""
    setting = config.output_setting
    if setting is None:
        setting = Setting(config.output, Position(COMMAND_LINE, 1, 1), "the output folder")
    found = place_problems(setting, OUTPUT, config)
    out = config.output
    if not found and out.exists() and not out.is_dir():
        message = f"{setting.spelled} ('{display(out, config.root)}') is a file, not a folder"
        found.append(Diagnostic(setting.where, message, PLACEMENT, hint=OUTPUT.fix))
    return found
