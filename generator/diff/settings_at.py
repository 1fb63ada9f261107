"""The project's settings as a git revision had them, for that revision's side of a diff.

A revision's tools are what its contracts *and* its config made of them: policy floors
fill and tighten fields at resolve, ``strict-default`` decides OpenAI strict mode, and the
config names the schema keywords it allows. Resolving an old revision with today's
config would hide exactly the change a reviewer needs to see — a floor removed in the
same commit that loosens a tool. So the config file at the revision (the same path as
the working tree's) is read from git objects, and its settings that shape the tools
replace the working tree's on that side; a revision without the file had the defaults.
Folders, the cache and the command line's flags stay the working tree's.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.diff.git import cat_blobs, git, git_error, inside_repository
from generator.project.config import load_config
from generator.project.settings import Config, Overrides
from generator.write.scratch import unpack

_REGULAR = ("100644", "100755")


def settings_at(config: Config, top: Path, revision: str, ref: str, scratch: Path) -> Config:
    """``config`` with the tool-shaping settings of its config file at ``revision``
    (``scratch``: an empty folder of this run to read the file from)."""
    relative = inside_repository(config.config_file, top)
    if relative is None:  # no config file, or one outside the repository: nothing to read
        return config
    listing = git(top, "ls-tree", "-z", "--full-tree", revision, "--", relative, ref=ref)
    entry = listing.decode("utf-8", "surrogateescape").rstrip("\0")
    if not entry:  # the revision had no config file: its tools had the defaults
        return _shaped_by(config, Config(config.root, config.contracts, config.output))
    mode, _, sha = entry.partition("\t")[0].split()
    shown = f"{ref}:{relative}"
    if mode not in _REGULAR:
        raise git_error(shown, f"{shown} is not a regular file; cannot read its settings", None)
    (content,) = cat_blobs(top, [sha], ref)
    folder = scratch / "config"
    name = Path(relative).name
    unpack(folder, [(name, content)])
    try:
        old = load_config(
            folder / name, cwd=folder, overrides=Overrides(no_cache=True), require_contracts=False
        )
    except ContractError as error:
        shown_problems = [_shown_as(problem, name, shown) for problem in error.diagnostics]
        raise ContractError(shown_problems) from None
    return _shaped_by(config, old)


def _shaped_by(config: Config, old: Config) -> Config:
    """``config`` with ``old``'s settings that change what the tools resolve to."""
    return replace(
        config,
        policies=old.policies,
        strict_default=old.strict_default,
        schema_extensions=old.schema_extensions,
        emit=old.emit,
    )


def _shown_as(problem: Diagnostic, name: str, shown: str) -> Diagnostic:
    """A problem of the unpacked file, placed at the revision's file instead."""
    position = problem.position
    if position.file != name:
        return problem
    return replace(problem, position=Position(shown, position.line, position.column))
