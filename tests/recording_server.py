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


BEDROCK_REPLY: dict[str, Any] = {
    "output": {"message": {"role": "assistant", "content": [{"text": "ok"}]}},
    "stopReason": "end_turn",
    "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
    "metrics": {"latencyMs": 1},
}


def chat_completion(tool_call: dict[str, Any]) -> dict[str, Any]:
    """A Chat Completions response whose one choice asks for ``tool_call`` (a
    ``tool_calls`` item: id, type, function name and arguments)."""
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {"role": "assistant", "content": None, "tool_calls": [tool_call]},
            }
        ],
    }


def bedrock_client(url: str) -> Any:
    """A botocore bedrock-runtime client of ``url`` (fake keys, one attempt)."""
    import botocore.session
    from botocore.config import Config

    return botocore.session.get_session().create_client(
        "bedrock-runtime",
        region_name="us-east-1",
        endpoint_url=url,
        aws_access_key_id="fake",
        aws_secret_access_key="fake",
        config=Config(retries={"max_attempts": 1}),
    )


def bedrock_converse(tool_config: Any) -> Recorder:
    """What botocore sends when a Converse call carries ``tool_config`` (model
    ``anthropic.claude-test``, one user message, fake keys, one attempt)."""
    with recording(BEDROCK_REPLY) as server:
        client = bedrock_client(server.url)
        client.converse(
            modelId="anthropic.claude-test",
            messages=[{"role": "user", "content": [{"text": "hi"}]}],
            toolConfig=tool_config,
        )
    return server
