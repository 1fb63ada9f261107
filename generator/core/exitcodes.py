"""The exit codes of every command, in one place."""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    """What a toolcanon process tells its caller."""

    OK = 0
    FAILED = 1  # check: output is stale · diff/verify: a failing change · generate: wrote files
    BAD_INPUT = 2  # bad contracts, config, usage or source; nothing was written
    INTERNAL = 3  # toolcanon itself failed (a bug): it says so and how to report it
    INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT
