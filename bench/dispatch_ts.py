"""TypeScript dispatch overhead beyond ``parseArguments`` and the handler, at 216 tools.

    .venv/bin/python -m bench.dispatch_ts [--count 216] [--rounds 25]

Builds the TypeScript package from seeded synthetic contracts (bench/synth.py) and runs
bench/node/dispatch_ts.mjs with Node: per call, ``host.dispatch("openai-chat", call)``
against ``parseArguments`` plus the same handler, for a tool ``{}`` is valid for and
auto mode allows. Each figure is the median over rounds of the mean per call (20,000
calls, awaited one by one), after a warm-up round; the rounds take turns. Target:
overhead ≤ 5 µs. Needs ``npm ci`` in tests/ts_harness (zod).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.synth import make_contracts
from generator.project.settings import Config
from tests.ts_package import build_package, link_modules

HERE = Path(__file__).resolve().parent
TARGETS = ("canonical", "openai", "anthropic", "mcp", "typescript")


def run(count: int, rounds: int) -> dict[str, float]:
    """The figures for ``count`` synthetic tools."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        make_contracts(count, seed=1, out_dir=root / "contracts")
        config = Config(root=root, contracts=root / "contracts", output=root / "generated")
        build_package(config, root / "pkg", name="bench-tools", targets=TARGETS)
        link_modules(root, {})
        (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
        shutil.copy(HERE / "node" / "dispatch_ts.mjs", root / "dispatch_ts.mjs")
        ran = subprocess.run(
            ["node", "dispatch_ts.mjs", str(rounds)],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
    figures: dict[str, float] = json.loads(ran.stdout)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=216)
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args(argv)
    figures = run(args.count, args.rounds)
    base = figures["parseArguments + handler"]
    overhead = figures["dispatch"] - base
    print(f"{figures['tools']} tools, tool {figures['tool']}, openai-chat call with {{}}")
    print(f"parseArguments + handler {base:8.2f} µs")
    print(f"dispatch                 {figures['dispatch']:8.2f} µs")
    print(f"overhead                 {overhead:8.2f} µs (target ≤ 5 µs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
