"""An MCP server written by hand, so it can send text no SDK would: its ``tools/list``
result is the file's text, byte for byte (``NaN``, ``Infinity``, huge numbers…).

    python tests/mcp_servers/raw_server.py RESULT.txt [--http] [--discover]

stdio by default; ``--http`` answers Streamable HTTP POSTs with JSON bodies on
127.0.0.1 at a free port, and says its URL on the first stdout line. ``--discover``
answers MCP 2026-07-28's ``server/discover`` (without it, every request but
``tools/list`` gets the ``initialize`` answer of 2025-06-18, which a client takes for
an older server).
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HELLO = {
    "protocolVersion": "2025-06-18",
    "capabilities": {"tools": {}},
    "serverInfo": {"name": "raw", "version": "1.0"},
}


DISCOVERED = {
    "supportedVersions": ["2026-07-28"],
    "capabilities": {"tools": {}},
    "ttlMs": 0,
    "cacheScope": "private",
    "resultType": "complete",
    "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "raw", "version": "1.0"}},
}
DISCOVER = "--discover" in sys.argv[2:]


def answer(request: dict[str, Any], tools_result: str) -> str | None:
    """The JSON-RPC answer to one message (None for a notification)."""
    if "id" not in request:
        return None
    ident = json.dumps(request["id"])
    if request.get("method") == "tools/list":
        return f'{{"jsonrpc": "2.0", "id": {ident}, "result": {tools_result}}}'
    hello = DISCOVERED if DISCOVER and request.get("method") == "server/discover" else HELLO
    return json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": hello})


def serve_stdio(tools_result: str) -> None:
    for line in sys.stdin:
        reply = answer(json.loads(line), tools_result)
        if reply is not None:
            sys.stdout.write(reply + "\n")
            sys.stdout.flush()


def serve_http(tools_result: str) -> None:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            reply = answer(json.loads(body), tools_result)
            data = b"" if reply is None else reply.encode()
            self.send_response(202 if reply is None else 200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # no server-sent event stream
            self.send_response(405)
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_DELETE = do_GET

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"http://127.0.0.1:{server.server_address[1]}/mcp", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    text = Path(sys.argv[1]).read_text("utf-8").strip()  # one line over stdio
    (serve_http if "--http" in sys.argv[2:] else serve_stdio)(text)
