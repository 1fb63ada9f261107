"""The lock two runs writing the same output folder take, with a bounded wait.

The lock is ``flock`` on the output folder's parent (a folder that exists before and
after the swap, so both runs lock the same thing). A run that finds it held says so
once, names the holder when the system tells (Linux: ``/proc/locks``), and gives up
after ``timeout`` seconds instead of waiting forever.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

DEFAULT_TIMEOUT = 60.0
NOTICE_AFTER = 1.0  # seconds of waiting before saying so
_POLL = 0.05


class LockTimeout(Exception):
    """The lock stayed held for the whole wait."""

    def __init__(self, folder: Path, timeout: float, holder: int | None) -> None:
        who = f"pid {holder}" if holder is not None else "another process"
        super().__init__(
            f"gave up after {timeout:g} s waiting for the lock on {folder.name}/ held by {who} "
            "(another toolcanon generating there?); run again when it is done, or pass "
            "--lock-timeout SECONDS"
        )
        self.holder = holder


@contextlib.contextmanager
def locked(
    folder: Path, *, timeout: float = DEFAULT_TIMEOUT, on_wait: Callable[[str], None] | None = None
) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (a directory) for the ``with`` block."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        _acquire(fd, folder, timeout, on_wait)
        yield
    finally:
        os.close(fd)


def try_locked(folder: Path) -> contextlib.AbstractContextManager[bool]:
    """The lock if it is free right now (True inside the block), else False at once."""
    return _try_locked(folder)


@contextlib.contextmanager
def _try_locked(folder: Path) -> Iterator[bool]:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        yield False
        return
    try:
        yield _take(fd)
    finally:
        os.close(fd)


def _take(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _acquire(fd: int, folder: Path, timeout: float, on_wait: Callable[[str], None] | None) -> None:
    start = time.monotonic()
    told = False
    while not _take(fd):
        waited = time.monotonic() - start
        if waited >= timeout:
            raise LockTimeout(folder, timeout, holder(folder))
        if not told and waited >= NOTICE_AFTER and on_wait is not None:
            who = holder(folder)
            by = f" (pid {who})" if who is not None else ""
            on_wait(
                f"waiting for another toolcanon{by} writing into {folder.name}/ "
                f"(giving up after {timeout:g} s)"
            )
            told = True
        time.sleep(_POLL)


def holder(folder: Path) -> int | None:
    """The pid holding an ``flock`` on ``folder``, where ``/proc/locks`` says (Linux)."""
    try:
        info = os.stat(folder)
        text = Path("/proc/locks").read_text("ascii", "replace")
    except OSError:
        return None
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    for line in text.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF" (blocked waiters start "->")
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == device:
            with contextlib.suppress(ValueError):
                return int(fields[4])
    return None
