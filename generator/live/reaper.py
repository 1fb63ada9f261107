"""The keeper of a stdio server on Linux: it starts the server, and ends every process
the server started, even one that left the process group and the session (``setsid``).

Run as ``python -I -S reaper.py PROGRAM ARGS…`` (stdlib only: it is a script, not a
module of the package). It makes itself a child subreaper (``PR_SET_CHILD_SUBREAPER``),
so a descendant whose parent exits is re-parented to it, not to init: its process
tree is then exactly the server's processes, and nothing else can enter it (only a
subreaper's own descendants are re-parented to it). Unrelated processes are never in
that tree, so they are never signalled.

It says its pid on stderr (``toolcanon-pgid N``: it leads the group the client made),
starts the server and waits. When the server exits, or the client ends the group
(SIGTERM), it ends what is left of its tree — SIGTERM, then SIGKILL after ``GRACE`` —
reaps it and exits with the server's status. The client's own group kill waits longer
than ``GRACE``, so the sweep is never cut short.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>
MARKER = "toolcanon-pgid"
GRACE = 0.5  # seconds between SIGTERM and SIGKILL for what is left of the tree
# Seconds after which a process SIGKILL cannot end (stuck in the kernel) is left: less
# than the client's wait before it SIGKILLs the group, the keeper with it.
GIVE_UP = 0.9
POLL = 0.01
_STOPS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
# Python ignores these two, and an ignored signal stays ignored across exec; the stop
# signals are caught here, which exec resets anyway.
_RESTORED = (signal.SIGPIPE, signal.SIGXFSZ, *_STOPS)


class _Stop(Exception):
    """The client ends the group: stop waiting for the server."""


def main(argv: list[str]) -> int:
    """Keep the server ``argv``; its exit status (128 + signal when it was ended)."""
    _become_subreaper()
    for number in _STOPS:  # before the server starts: a SIGTERM must never skip the sweep
        signal.signal(number, _stop)
    try:
        os.write(2, f"{MARKER} {os.getpid()}\n".encode())
        status = _serve(argv)
    except _Stop:
        status = 128 + signal.SIGTERM
    for number in _STOPS:
        signal.signal(number, signal.SIG_IGN)  # a second SIGTERM must not cut the sweep
    end_tree(os.getpid())
    return status


def _serve(argv: list[str]) -> int:
    """Start the server and reap children until it exits; its exit status."""
    try:
        server = os.posix_spawn(argv[0], argv, os.environ, setsigdef=_RESTORED)
    except OSError as error:
        os.write(2, f"cannot start {argv[0]!r}: {error.strerror}\n".encode())
        return 127
    _let_go_of_stdio()
    while True:
        pid, status = os.waitpid(-1, 0)  # orphans of the server are reaped here too
        if pid == server:
            code = os.waitstatus_to_exitcode(status)
            return code if code >= 0 else 128 - code


def _become_subreaper() -> None:
    """Orphans of the server come to us. Without it (an old kernel, a seccomp filter)
    the keeper still ends what stays in its tree."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _let_go_of_stdio() -> None:
    """The pipes belong to the server: a keeper holding stdout would hide its EOF."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)


def _stop(number: int, frame: object) -> None:
    raise _Stop


def end_tree(root: int) -> None:
    """SIGTERM every descendant of ``root`` once, SIGKILL them after GRACE; return when
    none is left (``root`` has no child to reap) or after GIVE_UP."""
    start = time.monotonic()
    warned: set[tuple[int, str]] = set()
    while _has_children() and time.monotonic() - start < GIVE_UP:
        late = time.monotonic() - start >= GRACE
        for pid, started in descendants(root):
            if late:
                _signal(pid, started, signal.SIGKILL)
            elif (pid, started) not in warned:
                warned.add((pid, started))
                _signal(pid, started, signal.SIGTERM)
        time.sleep(POLL)


def _has_children() -> bool:
    """Reap what has exited; whether any child (so any descendant) is left."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        return False
    return True


def descendants(root: int) -> list[tuple[int, str]]:
    """(pid, start time) of every live descendant of ``root``, from /proc."""
    children: dict[int, list[tuple[int, str]]] = {}
    for entry in os.listdir("/proc"):
        found = _stat(entry) if entry.isdigit() else None
        if found is not None and found[1] != "Z":
            children.setdefault(found[0], []).append((int(entry), found[2]))
    tree, stack = [], [root]
    while stack:
        for child in children.get(stack.pop(), []):
            tree.append(child)
            stack.append(child[0])
    return tree


def _stat(pid: str) -> tuple[int, str, str] | None:
    """(parent pid, state, start time) of a process; None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            text = stream.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()  # the name before ')' may hold spaces
    return int(fields[1]), fields[0], fields[19]


def _signal(pid: int, started: str, number: int) -> None:
    """Signal the process ``pid`` only if it is still the one seen (pid reuse)."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    except OSError:  # no pidfd (Linux before 5.3): the start time checked just before
        if (found := _stat(str(pid))) is not None and found[2] == started:
            os.kill(pid, number)
        return
    try:
        found = _stat(str(pid))
        if found is not None and found[2] == started:
            signal.pidfd_send_signal(handle, number)
    except OSError:
        pass
    finally:
        os.close(handle)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
