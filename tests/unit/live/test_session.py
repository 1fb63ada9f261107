"""The live MCP client's pieces that need no server: how failures are named, the
stderr pipe, and the listing checks verify adds."""

from __future__ import annotations

import os

import pytest
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED, INTERNAL_ERROR

from generator.live.session import Listing, Progress, ServerError, classify
from generator.live.stderr import KEEP, SHOWN, StderrTail
from generator.verify.served import served_tools


@pytest.mark.parametrize(
    ("error", "initialized", "reason", "detail"),
    [
        (TimeoutError(), False, "timed out", "no answer within 2 s"),
        (PermissionError(13, "Permission denied"), False, "did not start",
         "cannot start the server: Permission denied"),
        (MCPError(CONNECTION_CLOSED, "Connection closed"), False, "did not start",
         "the server closed the connection before answering (MCPError: Connection closed)"),
        (MCPError(CONNECTION_CLOSED, "Connection closed"), True, "exited",
         "the server closed the connection (MCPError: Connection closed)"),
        (MCPError(INTERNAL_ERROR, "boom"), True, "protocol error",
         "the server failed: MCPError: boom"),
        (ExceptionGroup("g", [ValueError("deep")]), True, "protocol error",
         "the server failed: ValueError: deep"),
    ],
)  # fmt: skip
def test_failures_are_named(error: Exception, initialized: bool, reason: str, detail: str) -> None:
    found = classify(error, Progress(initialized=initialized), 2)
    assert (found.reason, found.detail, str(found)) == (reason, detail, f"{reason}: {detail}")


def test_a_server_error_keeps_its_reason_with_a_note() -> None:
    noted = ServerError("exited", "gone").with_note("; its stderr ends with: bye")
    assert (noted.reason, str(noted)) == ("exited", "exited: gone; its stderr ends with: bye")


def _feed(data: bytes) -> StderrTail:
    tail = StderrTail()
    with tail:
        os.write(tail.writer.fileno(), data)
    return tail


def test_the_launchers_line_gives_the_group_and_is_not_shown() -> None:
    tail = _feed(b"toolcanon-pgid 4242\nserver: starting\n")
    assert tail.pgid() == 4242
    assert tail.note() == "; its stderr ends with: server: starting"


def test_without_the_launchers_line_everything_is_the_servers() -> None:
    tail = _feed(b"toolcanon-pgid x\nlog line\n")
    assert tail.pgid() is None
    assert tail.note() == "; its stderr ends with: toolcanon-pgid x\\nlog line"


def test_a_flood_keeps_only_the_end() -> None:
    tail = _feed(b"toolcanon-pgid 7\n" + b"a" * (4 * 1024 * 1024) + b"THE END")
    assert tail.note().endswith("THE END")
    assert len(tail.note()) < SHOWN + 40
    assert len(tail._tail) == KEEP


def test_control_sequences_from_stderr_are_escaped() -> None:
    tail = _feed(b"toolcanon-pgid 7\n\x1b]0;owned\x07\x1b[2Jred\tline\n")
    assert tail.note() == "; its stderr ends with: \\u001b]0;owned\\u0007\\u001b[2Jred\\u0009line"


def test_nothing_written_is_no_note() -> None:
    assert _feed(b"").note() == ""


def _listing(*tools: dict[str, object]) -> Listing:
    return Listing("s", "1", tools, 1)


def test_a_tool_listed_twice_is_a_protocol_error() -> None:
    tool = {"name": "a", "inputSchema": {"type": "object"}}
    with pytest.raises(ServerError) as caught:
        served_tools(_listing(tool, dict(tool)))
    assert str(caught.value) == "protocol error: tool 'a' is listed twice"


def test_text_that_is_not_unicode_is_a_protocol_error() -> None:
    tool = {"name": "a", "description": "\ud800", "inputSchema": {"type": "object"}}
    with pytest.raises(ServerError) as caught:
        served_tools(_listing(tool))
    assert str(caught.value) == "protocol error: tool 'a' holds text that is not valid Unicode"
