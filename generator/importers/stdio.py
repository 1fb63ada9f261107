"""A live MCP server over stdio, asked with the official MCP client for all its tools.

The server is started with the command the user gave, initialised, and asked for
``tools/list`` page after page (following ``nextCursor``), all within one timeout.
Whatever goes wrong — it does not start, exits, hangs, or writes something that
is not JSON-RPC — becomes a :class:`ServerError` with the end of its stderr.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

MAX_PAGES = 1000
STDERR_TAIL = 800


class ServerError(Exception):
    """The server could not be listed; the message says why, for a person."""


@dataclass(frozen=True, slots=True)
class Listing:
    """What a server said about itself and every tool it listed, as MCP JSON."""

    name: str
    version: str
    tools: tuple[dict[str, Any], ...]
    pages: int


def list_tools(
    command: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float,
    cwd: Path | None = None,
) -> Listing:
    """Start ``command``, list every tool, stop the server; ServerError on any failure."""
    try:
        import anyio
        from mcp.client.stdio import StdioServerParameters
    except ImportError:
        raise ServerError(
            "the official MCP client is not installed: pip install 'toolcanon[mcp]'"
        ) from None
    if not command:
        raise ServerError("no command given")
    logging.getLogger("mcp").addHandler(logging.NullHandler())  # we report failures ourselves
    params = StdioServerParameters(
        command=command[0], args=list(command[1:]), env=dict(env), cwd=cwd
    )
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            return anyio.run(_list, params, timeout, errlog)
        except Exception as error:  # the client's own errors too: closed connection, protocol…
            raise ServerError(_explain(_leaf(error), command[0], timeout) + _tail(errlog)) from None


def _leaf(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _explain(error: BaseException, program: str, timeout: float) -> str:
    if isinstance(error, ServerError):
        return str(error)
    if isinstance(error, TimeoutError):
        return f"no answer within {timeout:g} s"
    if isinstance(error, OSError):
        return f"cannot start {program!r}: {error.strerror or error}"
    return f"the server failed: {_describe(error)}"


async def _list(params: Any, timeout: float, errlog: TextIO) -> Listing:
    import anyio
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.client.stdio import stdio_client

    malformed: list[Exception] = []

    async with anyio.create_task_group() as group:

        async def on_message(message: Any) -> None:
            if isinstance(message, Exception):
                malformed.append(message)
                group.cancel_scope.cancel()

        with anyio.fail_after(timeout):
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write, message_handler=on_message) as session,
            ):
                hello = await session.initialize()
                tools, pages = await _pages(session, types)
        return Listing(hello.server_info.name, hello.server_info.version, tools, pages)
    raise ServerError(f"the server wrote something that is not JSON-RPC: {_describe(malformed[0])}")


async def _pages(session: Any, types: Any) -> tuple[tuple[dict[str, Any], ...], int]:
    tools: list[dict[str, Any]] = []
    cursor: str | None = None
    for page in range(1, MAX_PAGES + 1):
        params = None if cursor is None else types.PaginatedRequestParams(cursor=cursor)
        result = await session.list_tools(params=params)
        tools += [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in result.tools]
        cursor = result.next_cursor
        if cursor is None:
            return tuple(tools), page
    raise ServerError(f"tools/list still had a nextCursor after {MAX_PAGES} pages")


def _describe(error: BaseException) -> str:
    error = _leaf(error)
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}".rstrip(": ")


def _tail(errlog: TextIO) -> str:
    errlog.seek(0)
    text = errlog.read().strip()
    if not text:
        return ""
    return f"; its stderr ends with: {text[-STDERR_TAIL:]}"
