"""Capture the reference MCP servers' ``tools/list`` as the real-shaped set's source.

    .venv/bin/python bench/capture_reference.py   # writes bench/fixtures/reference-tools.json

The servers are the ones the tests already install and import (tests/e2e/test_import_live.py):
``mcp-server-time`` and ``mcp-server-git`` from PyPI ([test] extra), and
``@modelcontextprotocol/server-filesystem`` and ``server-memory`` from npm
(``npm ci`` in tests/mcp_servers). Their listings are vendored rather than listed at bench
time so that every run samples the same tools, whatever is installed; the fixture names
each server's package and version, and running this script again refreshes it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator.live.stdio import list_tools  # noqa: E402

FIXTURE = REPO / "bench" / "fixtures" / "reference-tools.json"
BIN = Path(sys.executable).parent
NODE = REPO / "tests" / "mcp_servers" / "node_modules" / "@modelcontextprotocol"


def _npm_version(package: str) -> str:
    return str(json.loads((NODE / package / "package.json").read_text("utf-8"))["version"])


def servers(tmp: Path) -> list[tuple[str, str, list[str], dict[str, str]]]:
    """(server, package@version, command, environment) of every reference server."""
    repo = tmp / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)

    def node(package: str, *args: str) -> list[str]:
        return ["node", str(NODE / package / "dist" / "index.js"), *args]

    def npm(package: str) -> str:
        return f"@modelcontextprotocol/{package}@{_npm_version(package)}"

    def pypi(package: str) -> str:
        return f"{package}@{metadata.version(package)}"

    git = [str(BIN / "mcp-server-git"), "--repository", str(repo)]
    return [
        ("time", pypi("mcp-server-time"), [str(BIN / "mcp-server-time")], {}),
        ("git", pypi("mcp-server-git"), git, {}),
        ("filesystem", npm("server-filesystem"), node("server-filesystem", str(tmp)), {}),
        (
            "memory",
            npm("server-memory"),
            node("server-memory"),
            {"MEMORY_FILE_PATH": str(tmp / "m")},
        ),
    ]


def capture() -> dict[str, Any]:
    """Every reference server's tools, as its tools/list gave them."""
    found: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for server, package, command, env in servers(Path(tmp)):
            listing = list_tools(command, {"PATH": "/usr/bin:/bin", **env}, timeout=60)
            found.append({"server": server, "source": package, "tools": list(listing.tools)})
    return {"servers": found}


if __name__ == "__main__":
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(capture(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"written to {FIXTURE}")
