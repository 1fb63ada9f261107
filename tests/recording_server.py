"""A local HTTP server that records JSON request bodies and answers with a canned reply.

Official SDKs are pointed at it (base URL / endpoint URL, fake keys) so tests can see the
exact request an SDK builds from generated tools, with no network and no credentials.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Recorder:
    """Requests seen (path, parsed body), and the reply every request gets."""

    reply: dict[str, Any]
    requests: list[tuple[str, Any]] = field(default_factory=list)
    url: str = ""

    @property
    def body(self) -> Any:
        """The body of the one request the test expects."""
        assert len(self.requests) == 1, [path for path, _ in self.requests]
        return self.requests[0][1]


@contextmanager
def recording(reply: dict[str, Any]) -> Iterator[Recorder]:
    """Serve on 127.0.0.1 (a free port) until the block ends."""
    recorder = Recorder(reply=reply)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            recorder.requests.append((self.path, json.loads(self.rfile.read(length) or b"null")))
            payload = json.dumps(recorder.reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output clean

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    recorder.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield recorder
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
