"""A real-shaped benchmark set: the reference MCP servers' own tools, sampled and imported.

``make_real_contracts(n_tools, seed, out_dir)`` draws ``n_tools`` tools (seeded, with
replacement) from the listings in bench/fixtures/reference-tools.json (captured by
bench/capture_reference.py from mcp-server-time, mcp-server-git and the npm
server-filesystem and server-memory), gives each a unique name (``<name>_<index>``), and
turns every 25 of one server into a contract file with ``toolcanon import --trust-hints``,
in process: schemas, output schemas, titles, annotations and descriptions stay exactly as
the servers wrote them, so property counts, depth and description lengths are those of
real tools (many small schemas), not the synthetic set's heavier ones.

    python bench/real.py OUT_DIR [--count 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator.cli import main as toolcanon  # noqa: E402

FIXTURE = REPO / "bench" / "fixtures" / "reference-tools.json"
TOOLS_PER_FILE = 25


def reference_tools() -> list[tuple[str, dict[str, Any]]]:
    """(server, tool) of every tool the reference servers listed, in listing order."""
    data = json.loads(FIXTURE.read_text("utf-8"))
    return [(server["server"], tool) for server in data["servers"] for tool in server["tools"]]


def sample(n_tools: int, seed: int) -> dict[str, list[dict[str, Any]]]:
    """``n_tools`` tools drawn with replacement, renamed apart, grouped by server."""
    rng = random.Random(seed)
    pool = reference_tools()
    groups: dict[str, list[dict[str, Any]]] = {}
    for index in range(n_tools):
        server, tool = rng.choice(pool)
        groups.setdefault(server, []).append({**tool, "name": f"{tool['name']}_{index}"})
    return groups


def make_real_contracts(n_tools: int, seed: int, out_dir: Path) -> list[Path]:
    """Write ``n_tools`` real-shaped tools as contract files under ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="toolcanon-real-") as tmp:
        for server, tools in sorted(sample(n_tools, seed).items()):
            for part in range(0, len(tools), TOOLS_PER_FILE):
                name = f"{server}-{part // TOOLS_PER_FILE:03d}"
                source = Path(tmp) / f"{name}.json"
                source.write_text(json.dumps({"tools": tools[part : part + TOOLS_PER_FILE]}))
                _import(source, name, out_dir)
                written.append(out_dir / f"{name}.yaml")
    return written


def _import(source: Path, server: str, out_dir: Path) -> None:
    """``toolcanon import`` of one listing file, its report kept out of the bench's output."""
    argv = ["import", str(source), "--server", server, "--trust-hints", "--out", str(out_dir)]
    argv += ["--contracts", str(out_dir), "--allow-outside"]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = toolcanon(argv)
    if code:
        raise SystemExit(f"toolcanon import {source.name} exited {code}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    written = make_real_contracts(args.count, args.seed, args.out_dir)
    print(f"{args.count} real-shaped tools in {len(written)} files under {args.out_dir}")


if __name__ == "__main__":
    main()
