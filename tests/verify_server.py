"""An MCP server (official SDK, low-level API) serving a ``tools/list`` listing from a JSON
file, over stdio or Streamable HTTP — and misbehaving on request. ``toolcanon verify``
is tested against it.

    python tests/verify_server.py LISTING.json [--http] [--page-size N] [--mode MODE]
                                               [--child PIDFILE] [--daemon PIDFILE]
                                               [--environment FILE]

``--http``       Streamable HTTP on 127.0.0.1 at a free port; the first stdout line is the URL.
``--page-size``  tools per ``tools/list`` page (``nextCursor`` carries the next index).
``--mode``       ``ok``; ``hang`` never answers ``tools/list``; ``crash`` exits when asked for
                 the second page; ``flood`` writes to stderr without pause while serving;
                 ``no-cache`` leaves out ``ttlMs`` and ``cacheScope`` (which every other
                 mode sends, as MCP 2026-07-28 asks); ``shuffle`` lists the tools in
                 reverse order on every second ``tools/list``.
``--child``      starts a child process that sleeps (in the server's process group) and
                 writes its pid to PIDFILE.
``--environment`` writes the names of the variables it was started with to FILE.
``--daemon``     double-forks a daemon: a child starts a grandchild that sleeps in a session
                 of its own (``setsid``: outside the server's group), writes its pid to
                 PIDFILE and exits, so the grandchild is an orphan in no group of ours.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

FLOOD_SECONDS = 60  # a flood stops by itself; the test ends the server long before


CACHE = {"ttlMs": 0, "cacheScope": "private"}


def make_server(tools: list[dict[str, Any]], page_size: int, mode: str) -> Server[Any]:
    calls = {"first pages": 0}

    async def list_tools(_context: Any, params: types.PaginatedRequestParams | None) -> Any:
        start = int(params.cursor) if params is not None and params.cursor else 0
        if mode == "hang":
            await anyio.sleep_forever()
        if mode == "crash" and start > 0:
            os._exit(3)
        calls["first pages"] += start == 0
        listed = tools[::-1] if mode == "shuffle" and calls["first pages"] % 2 == 0 else tools
        end = start + page_size
        cursor = str(end) if end < len(tools) else None
        page = {"tools": listed[start:end], **({"nextCursor": cursor} if cursor else {})}
        if mode == "no-cache":  # as JSON: the SDK's model would send its defaults
            return {**page, "resultType": "complete"}
        return types.ListToolsResult.model_validate({**page, **CACHE})

    return Server("verify-test-server", version="1.0", on_list_tools=list_tools)


def _flood() -> None:
    line = ("stderr flood " * 80 + "\n").encode()
    deadline = time.monotonic() + FLOOD_SECONDS
    while time.monotonic() < deadline:
        os.write(2, line * 64)


def _child(pidfile: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    pidfile.write_text(str(child.pid), encoding="utf-8")


# The child: start the sleeping grandchild in a new session, say its pid, exit at once.
_DAEMONIZE = """
import subprocess, sys
sleeper = [sys.executable, "-c", "import time; time.sleep(300)"]
grandchild = subprocess.Popen(sleeper, start_new_session=True)
open(sys.argv[1], "w").write(str(grandchild.pid))
"""


def _daemon(pidfile: Path) -> None:
    subprocess.run([sys.executable, "-c", _DAEMONIZE, str(pidfile)], check=True)


async def serve_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def serve_http(server: Server[Any]) -> None:
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    app = server.streamable_http_app(json_response=False)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("listing", type=Path)
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--page-size", type=int, default=1000)
    parser.add_argument(
        "--mode", choices=["ok", "hang", "crash", "flood", "no-cache", "shuffle"], default="ok"
    )
    parser.add_argument("--child", type=Path)
    parser.add_argument("--daemon", type=Path)
    parser.add_argument("--environment", type=Path)
    args = parser.parse_args()
    if args.environment is not None:
        args.environment.write_text("\n".join(sorted(os.environ)), "utf-8")
    tools = json.loads(args.listing.read_text("utf-8"))["tools"]
    server = make_server(tools, args.page_size, args.mode)
    if args.child is not None:
        _child(args.child)
    if args.daemon is not None:
        _daemon(args.daemon)
    if args.mode == "flood":
        threading.Thread(target=_flood, daemon=True).start()
    if args.http:
        serve_http(server)
    else:
        anyio.run(serve_stdio, server)


if __name__ == "__main__":
    main()
