"""A server's stderr through a pipe: its end for messages, its first line for the group id.

A file would let a server that floods stderr fill the disk within the timeout; the
pipe is drained by a thread that keeps only the last bytes, so the server never
blocks on a full pipe and memory stays bounded.
"""

from __future__ import annotations

import os
import threading
from types import TracebackType
from typing import TextIO

KEEP = 4096  # bytes of the end of stderr kept
SHOWN = 800  # characters of it shown in a message
MARKER = b"toolcanon-pgid "
_HEAD = 64  # the marker line is shorter than this


class StderrTail:
    """Context manager: ``writer`` is the server's stderr; ``note()`` its end, for a person."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self._read = read
        self.writer: TextIO = os.fdopen(write, "w", encoding="utf-8")
        self._tail = bytearray()
        self._pgid: int | None = None
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, name="mcp-stderr", daemon=True)
        self._thread.start()

    def __enter__(self) -> StderrTail:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.spawned()
        self._thread.join(timeout=1.0)
        if not self._thread.is_alive():  # else a process that left the group holds the pipe
            os.close(self._read)

    def spawned(self) -> None:
        """The server has its copy of the pipe: close ours, so EOF means it is gone."""
        if not self.writer.closed:
            self.writer.close()

    def pgid(self) -> int | None:
        """The server's process group id, once its launcher said it."""
        with self._lock:
            return self._pgid

    def note(self) -> str:
        """``"; its stderr ends with: …"``, or nothing when the server wrote nothing."""
        self._thread.join(timeout=0.5)  # a crashed server's last words may still be in the pipe
        with self._lock:
            text = bytes(self._tail).decode("utf-8", "replace").strip()
        return f"; its stderr ends with: {_printable(text[-SHOWN:])}" if text else ""

    def _drain(self) -> None:
        head: bytes | None = b""  # the start of stderr until its first line is dealt with
        while chunk := os.read(self._read, 65536):
            if head is not None:
                head += chunk
                line, newline, rest = head.partition(b"\n")
                if not newline and len(head) < _HEAD:
                    continue
                chunk = self._first_line(line, rest) if newline else head
                head = None
            with self._lock:
                self._tail += chunk
                del self._tail[:-KEEP]

    def _first_line(self, line: bytes, rest: bytes) -> bytes:
        """The launcher's ``toolcanon-pgid N`` is ours; any other first line is the server's."""
        number = line.removeprefix(MARKER)
        if line.startswith(MARKER) and number.isdigit():
            with self._lock:
                self._pgid = int(number)
            return rest
        return line + b"\n" + rest


def _printable(text: str) -> str:
    """One line with no control sequence: a server's stderr must not drive the terminal."""
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    return "\\n" if char == "\n" else f"\\u{ord(char):04x}"
