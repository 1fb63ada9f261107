"""One MCP client session over any transport: initialise, then every page of ``tools/list``.

Whatever goes wrong becomes a :class:`ServerError` whose ``reason`` names the way the
server failed (a headline for people, a value for tests) and whose text explains it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from generator.core.diagnostics import format_path
from generator.core.jsondata import JsonProblem, check_data

MAX_PAGES = 1000

Reason = Literal[
    "did not start",
    "unreachable",
    "timed out",
    "not JSON-RPC",
    "bad JSON",
    "protocol error",
    "exited",
]


class ServerError(Exception):
    """The server could not be listed. ``str()`` is ``"<reason>: <what happened>"``."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason: Reason = reason
        self.detail = detail

    def with_note(self, note: str) -> ServerError:
        """The same failure with more said (e.g. the end of the server's stderr)."""
        return ServerError(self.reason, self.detail + note) if note else self


CACHE_FIELDS = ("ttlMs", "cacheScope")
"""What MCP 2026-07-28 requires of every ``tools/list`` result; the official client of
that revision refuses a result without them (and another drops the server's tools)."""


@dataclass(frozen=True, slots=True)
class Listing:
    """What a server said about itself and every tool it listed, as MCP JSON, and the
    tool names of a second listing in the order it gave them (the same as ``tools`` for
    a server with a deterministic order)."""

    name: str
    version: str
    tools: tuple[dict[str, Any], ...]
    pages: int
    again: tuple[str, ...] = ()


@dataclass(slots=True)
class Progress:
    """How far a session got: a closed connection means "did not start" before
    ``initialize`` was answered and "exited" after it."""

    initialized: bool = False
    malformed: Exception | None = None


async def list_session(read: Any, write: Any, progress: Progress) -> Listing:
    """Initialise a session on a transport's streams and list every tool."""
    # lazy: the MCP SDK and anyio load only when a live server is asked
    import anyio
    import mcp_types as types
    from mcp.client.session import ClientSession

    async with anyio.create_task_group() as group:

        async def on_message(message: Any) -> None:
            if isinstance(message, Exception) and progress.malformed is None:
                progress.malformed = message
                group.cancel_scope.cancel()

        async with ClientSession(read, write, message_handler=on_message) as session:
            info = await _handshake(session)
            progress.initialized = True
            tools, pages = await _pages(session, types)
            again, _ = await _pages(session, types)
        names = tuple(str(tool.get("name")) for tool in again)
        return Listing(info[0], info[1], tools, pages, names)
    detail = f"the client could not read what the server wrote ({describe(progress.malformed)})"
    raise ServerError("not JSON-RPC", detail)


async def _handshake(session: Any) -> tuple[str, str]:
    """The newest protocol the server speaks: MCP 2026-07-28's ``server/discover``,
    else the ``initialize`` handshake of earlier revisions (a server that does not know
    ``server/discover`` answers with an error). The server's name and version (empty
    when a 2026-07-28 server does not say them)."""
    try:
        await session.discover()
    except Exception:  # an error answer, or one that is no DiscoverResult: an older server
        await session.initialize()
    info = session.server_info
    return ("", "") if info is None else (info.name, info.version)


async def _pages(session: Any, types: Any) -> tuple[tuple[dict[str, Any], ...], int]:
    """Every tool of one listing and its number of pages."""
    tools: list[dict[str, Any]] = []
    cursor: str | None = None
    for page in range(1, MAX_PAGES + 1):
        params = None if cursor is None else types.PaginatedRequestParams(cursor=cursor)
        result = await _page(session, params)
        tools += [_entry(tool, index, page) for index, tool in enumerate(result.tools)]
        cursor = result.next_cursor
        if cursor is None:
            return tuple(tools), page
    detail = f"tools/list still had a nextCursor after {MAX_PAGES} pages"
    raise ServerError("protocol error", detail)


async def _page(session: Any, params: Any) -> Any:
    """One page of ``tools/list``; a result of 2026-07-28 without the cache fields is
    named for what it lacks (the client refuses it as an invalid result)."""
    # lazy: the MCP SDK loads only when a live server is asked
    from pydantic import ValidationError

    try:
        return await session.list_tools(params=params)
    except ValidationError as error:
        missing = [f for f in CACHE_FIELDS if any(e["loc"] == (f,) for e in error.errors())]
        if not missing:
            raise
        detail = (
            f"tools/list has no {' and '.join(missing)}, which MCP 2026-07-28 requires: "
            "its clients refuse the result, or drop every tool of the server"
        )
        raise ServerError("protocol error", detail) from None


def _entry(tool: Any, index: int, page: int) -> dict[str, Any]:
    """One tool as MCP JSON, held to the rules a file is held to. The client's JSON
    reader takes ``NaN`` and ``Infinity``, and its JSON dump would turn them into
    ``null``: the values it parsed are checked before that can hide them."""
    try:
        check_data(tool.model_dump(by_alias=True, exclude_none=True), ("tools", index))
    except JsonProblem as problem:
        where = "tools/list" if page == 1 else f"tools/list page {page}"
        detail = f"{where} {format_path(problem.path)} (tool '{tool.name}'): {problem.message}"
        raise ServerError("bad JSON", detail) from None
    entry: dict[str, Any] = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    return entry


def classify(error: BaseException, progress: Progress, timeout: float) -> ServerError:
    """The ServerError for anything a session raised (the client's own errors included)."""
    error = leaf(error)
    if isinstance(error, ServerError):
        return error
    if isinstance(error, TimeoutError):
        return ServerError("timed out", f"no answer within {timeout:g} s")
    if isinstance(error, OSError) and not progress.initialized:
        return ServerError("did not start", f"cannot start the server: {error.strerror or error}")
    if _connection_closed(error):
        if progress.initialized:
            return ServerError("exited", f"the server closed the connection ({describe(error)})")
        detail = f"the server closed the connection before answering ({describe(error)})"
        return ServerError("did not start", detail)
    return ServerError("protocol error", f"the server failed: {describe(error)}")


def _connection_closed(error: BaseException) -> bool:
    # lazy: the MCP SDK and anyio load only when a live server is asked
    from mcp.shared.exceptions import MCPError
    from mcp_types import CONNECTION_CLOSED

    return isinstance(error, MCPError) and error.code == CONNECTION_CLOSED


def leaf(error: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def describe(error: BaseException | None) -> str:
    """``Type: message`` on one line, at most 300 characters of message."""
    if error is None:
        return "nothing"
    error = leaf(error)
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}".rstrip(": ")
