"""One ``tools/list`` exchange over a stdio server's pipes, read as the bytes came: what a
client of any revision would receive, without a client SDK's model in between (a client
of an older revision drops the fields that revision lacks, and fills them with defaults)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

WIRE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]


def tools_list_result(command: list[str], cwd: Path) -> dict[str, Any]:
    """The ``result`` of ``tools/list`` from the server ``command`` starts in ``cwd``."""
    with subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE) as run:
        assert run.stdin is not None and run.stdout is not None
        run.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in WIRE))
        run.stdin.flush()
        answers = [json.loads(run.stdout.readline()) for _ in range(2)]
        run.stdin.close()
        run.wait(timeout=30)
    result: dict[str, Any] = next(a["result"] for a in answers if a.get("id") == 2)
    return result
