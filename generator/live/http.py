"""A live MCP server over Streamable HTTP, asked with the official MCP client for all its
tools: one session, every page of ``tools/list``, all within one timeout."""

from __future__ import annotations

import logging

from generator.live.session import (
    Listing,
    Progress,
    ServerError,
    classify,
    describe,
    leaf,
    list_session,
)

# The SDK refuses SSE events over 1 MiB by default; a tools/list page with long
# descriptions is larger, and the timeout bounds what a server can send anyway.
MAX_EVENT = 64 * 1024 * 1024
# How the SDK's transport reports an answer it could not read as JSON-RPC: a parse
# error, or an invalid request saying the content type was not JSON or SSE.
_PARSE_ERROR, _INVALID_REQUEST = -32700, -32600
_NOT_JSON = "Unexpected content type"


def list_tools_http(url: str, *, timeout: float) -> Listing:
    """Connect to the endpoint ``url``, list every tool; ServerError on any failure."""
    try:
        # lazy: the MCP SDK and anyio load only when a live server is asked
        import anyio
    except ImportError:  # pragma: no cover - anyio comes with the MCP client
        raise ServerError("did not start", "the official MCP client is not installed") from None
    logging.getLogger("mcp").addHandler(logging.NullHandler())  # we report failures ourselves
    logging.getLogger("httpx2").addHandler(logging.NullHandler())
    progress = Progress()
    try:
        return anyio.run(_list, url, timeout, progress)
    except ImportError:
        message = "the official MCP client is not installed: pip install 'toolcanon[mcp]'"
        raise ServerError("did not start", message) from None
    except Exception as error:
        raise _classify(error, url, progress, timeout) from None


async def _list(url: str, timeout: float, progress: Progress) -> Listing:
    # lazy: the MCP SDK and anyio load only when a live server is asked
    import anyio
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    client = httpx2.AsyncClient(timeout=httpx2.Timeout(timeout))
    with anyio.fail_after(timeout):
        async with (
            client,
            streamable_http_client(url, http_client=client, max_sse_event_size=MAX_EVENT) as (
                read,
                write,
            ),
        ):
            return await list_session(read, write, progress)


def _classify(error: BaseException, url: str, progress: Progress, timeout: float) -> ServerError:
    # lazy: the MCP SDK and anyio load only when a live server is asked
    import httpx2
    from mcp.shared.exceptions import MCPError

    error = leaf(error)
    if isinstance(error, httpx2.ConnectError):
        return ServerError("unreachable", f"cannot connect to {url}: {describe(error)}")
    if isinstance(error, httpx2.TimeoutException):
        return ServerError("timed out", f"no answer within {timeout:g} s")
    if isinstance(error, MCPError) and _unreadable(error.code, str(error.error.message)):
        return ServerError("not JSON-RPC", f"{url} answered {describe(error)}")
    return classify(error, progress, timeout)


def _unreadable(code: int, message: str) -> bool:
    return code == _PARSE_ERROR or (code == _INVALID_REQUEST and message.startswith(_NOT_JSON))
