"""A live MCP server over stdio, asked with the official MCP client for all its tools.

The server is started with the command the user gave, initialised, and asked for
``tools/list`` page after page (following ``nextCursor``), all within one timeout.
Whatever goes wrong — it does not start, exits, hangs, or writes something that
is not JSON-RPC — becomes a :class:`ServerError` with the end of its stderr.

The SDK starts the server in a process group of its own but ends the group only
when the server outlives its stdin; a server that exits on time leaves its children
running. So on POSIX the server is started through a launcher that reports its pid
(the group's id) on stderr, and the group is ended once the session is over: the
children a server started never outlive the command. A process that leaves the group
(``setsid``) escapes a group kill; on Linux the launcher is therefore ``reaper.py``, a
child subreaper that keeps the server's whole process tree and ends all of it. Elsewhere
it is ``sh``, which becomes the server (``exec``) and only the group is ended.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.live.session import Listing, Progress, ServerError, classify, list_session
from generator.live.stderr import StderrTail

__all__ = ["Listing", "ServerError", "list_tools"]

# `$$` is the shell's pid, which `exec` hands to the server: the id of its process group.
_LAUNCH = 'echo "toolcanon-pgid $$" >&2; exec "$@"'
REAPER = Path(__file__).with_name("reaper.py")
GROUP_GRACE = 1.0  # seconds between SIGTERM and SIGKILL for what is left of the group


def list_tools(
    command: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float,
    cwd: Path | None = None,
) -> Listing:
    """Start ``command``, list every tool, end the server and its children; ServerError on
    any failure."""
    try:
        # lazy: the MCP SDK and anyio load only when a live server is asked
        import anyio
        from mcp.client.stdio import StdioServerParameters
    except ImportError:
        message = "the official MCP client is not installed: pip install 'toolcanon[mcp]'"
        raise ServerError("did not start", message) from None
    if not command:
        raise ServerError("did not start", "no command given")
    logging.getLogger("mcp").addHandler(logging.NullHandler())  # we report failures ourselves
    program, args = launch(command, env)
    params = StdioServerParameters(command=program, args=args, env=dict(env), cwd=cwd)
    progress = Progress()
    with StderrTail() as tail:
        try:
            return anyio.run(_list, params, timeout, tail, progress)
        except Exception as error:  # the client's own errors too: closed connection, protocol…
            raise classify(error, progress, timeout).with_note(tail.note()) from None


def launch(command: Sequence[str], env: Mapping[str, str]) -> tuple[str, list[str]]:
    """The program and arguments to spawn: the server itself, behind its launcher on POSIX."""
    path = env.get("PATH", os.environ.get("PATH", os.defpath))
    program = shutil.which(command[0], path=path)
    if program is None:
        detail = f"cannot start {command[0]!r}: no such program (or not executable)"
        raise ServerError("did not start", detail)
    if os.name != "posix":  # the SDK puts a Windows server in a job object that ends it whole
        return program, list(command[1:])
    if sys.platform.startswith("linux") and sys.executable and REAPER.is_file():
        # -I -S: the server's environment must not steer toolcanon's own keeper
        return sys.executable, ["-I", "-S", str(REAPER), program, *command[1:]]
    return "/bin/sh", ["-c", _LAUNCH, "sh", program, *command[1:]]


async def _list(params: Any, timeout: float, tail: StderrTail, progress: Progress) -> Listing:
    # lazy: the MCP SDK and anyio load only when a live server is asked
    import anyio
    from mcp.client.stdio import stdio_client

    try:
        async with stdio_client(params, errlog=tail.writer) as (read, write):
            tail.spawned()
            try:
                with anyio.fail_after(timeout):
                    return await list_session(read, write, progress)
            except BaseException:
                # a server that hangs would hold up the SDK's polite shutdown: end it now
                await end_group(tail.pgid())
                raise
    finally:
        await end_group(tail.pgid())


async def end_group(pgid: int | None) -> None:
    """SIGTERM the process group, wait a little, SIGKILL whatever is left."""
    # lazy: the MCP SDK and anyio load only when a live server is asked
    import anyio

    if pgid is None or os.name != "posix":
        return
    if not _signal_group(pgid, signal.SIGTERM):
        return
    with anyio.move_on_after(GROUP_GRACE):
        while _signal_group(pgid, 0):
            await anyio.sleep(0.01)
        return
    _signal_group(pgid, signal.SIGKILL)


def _signal_group(pgid: int, signal_number: int) -> bool:
    """Send a signal to the group; False when no process of it is left."""
    try:
        os.killpg(pgid, signal_number)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # members we may not signal: nothing more we can do, but they exist
    return True
