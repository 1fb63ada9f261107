"""Where the output folder may be: never the project, never around the contracts or
the config, never through a symbolic link, and inside the project unless the person
running toolcanon says otherwise (``--allow-outside``).

Only ``generate`` and ``check`` read or write the output, so only they ask; the
answers are diagnostics at the config line or the flag that chose the folder. These
functions look at the disk (``lstat``) and never change it.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic, Position
from generator.core.paths import display
from generator.project.settings import Config, Setting

PLACEMENT = "TC052"  # an output folder toolcanon will not use
LINK = "TC053"  # a symbolic link where toolcanon reads or writes
COMMAND_LINE = "<command line>"
_VCS_FOLDERS = (".git", ".hg", ".svn")
_OWN_FOLDER = 'give the output a folder of its own inside the project, e.g. output = "generated"'


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


def link_problem(setting: Setting, link: Path, root: Path) -> tuple[str, str]:
    """The message and hint for a folder setting that goes through ``link``."""
    return (
        f"{setting.spelled}: '{display(link, root)}' is a symbolic link; toolcanon never "
        "reads or writes through links",
        "name the real folder instead (inside the project), or replace the link by a folder",
    )


def output_problems(config: Config) -> list[Diagnostic]:
    """Why toolcanon must not use ``config.output`` (empty when it may)."""
    setting = config.output_setting
    where = setting.where if setting is not None else Position(COMMAND_LINE, 1, 1)
    spelled = setting.spelled if setting is not None else "the output folder"
    given = setting.given if setting is not None else config.output
    link = first_link(given, config.root)
    if link is not None and setting is not None:
        message, hint = link_problem(setting, link, config.root)
        return [Diagnostic(where, message, LINK, hint=hint)]
    problem = _placement(config, spelled)
    if problem is None:
        return []
    return [Diagnostic(where, problem[0], PLACEMENT, hint=problem[1])]


def _placement(config: Config, spelled: str) -> tuple[str, str] | None:
    out, root, contracts = config.output, config.root, config.contracts
    shown = display(out, root)
    if out == root:
        return f"{spelled} is the project folder itself", _OWN_FOLDER
    if within(root, out):
        return f"{spelled} ('{shown}') holds the whole project", _OWN_FOLDER
    if within(contracts, out):
        what = f"the contracts folder ('{display(contracts, root)}')"
        return f"{spelled} holds {what}", _OWN_FOLDER
    if config.config_file is not None and within(config.config_file, out):
        return f"{spelled} holds the config file ({config.config_file.name})", _OWN_FOLDER
    if within(out, contracts):
        message = f"{spelled} is inside the contracts folder: its files would be read as contracts"
        return message, _OWN_FOLDER
    if any(part in _VCS_FOLDERS for part in out.parts[len(root.parts) :]):
        return f"{spelled} is inside a version-control folder", _OWN_FOLDER
    if not within(out, root) and not config.allow_outside:
        message = f"{spelled} is outside the project ('{root.as_posix()}')"
        return message, "pass --allow-outside to write there on purpose"
    if out.exists() and not out.is_dir():
        return f"{spelled} ('{shown}') is a file, not a folder", _OWN_FOLDER
    return None
