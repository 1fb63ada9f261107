"""The MCP Inspector's CLI as a client of a stdio server: what a user runs to poke at one.

``@modelcontextprotocol/inspector`` is pinned in tests/mcp_servers (package.json +
lockfile; ``make test`` runs ``npm ci`` there). Its CLI needs no browser: ``--cli
--format json`` prints one JSON object, ``{"result": …}`` on stdout, and for an error
(a tool result with ``isError``: exit 5) an ``{"error": …}`` envelope on stderr. It keeps
a catalog, a client config and secrets under ``~/.mcp-inspector``, so it runs with a
temporary home: a test never touches the developer's.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

INSPECTOR = (
    REPO
    / "tests/mcp_servers/node_modules/@modelcontextprotocol/inspector/clients/launcher/build"
    / "index.js"
)
TIMEOUT = 120
TOOL_IS_ERROR = 5
"""The CLI's exit code when the tool's result has ``isError: true``."""


@dataclass(frozen=True)
class Answer:
    """What one Inspector run printed: its exit code, and the ``result`` it printed on
    stdout (None when it printed none)."""

    code: int
    result: Any
    stderr: str


def inspector(
    server: Sequence[str], *request: str, cwd: Path, env: Mapping[str, str], home: Path
) -> Answer:
    """``inspector --cli <request> -- <server>``: the stdio ``server`` started in ``cwd``
    with ``env`` (the Inspector's ``-e``)."""
    if not INSPECTOR.is_file():
        pytest.fail(f"{INSPECTOR} is missing: run 'make test' (npm ci in tests/mcp_servers)")
    pairs = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
    command = ["node", str(INSPECTOR), "--cli", "--format", "json", "-q", "--cwd", str(cwd)]
    ran = subprocess.run(
        [*command, *pairs, *request, "--", *server],
        cwd=home,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    printed = json.loads(ran.stdout) if ran.stdout.strip() else {}
    return Answer(ran.returncode, printed.get("result"), ran.stderr)
