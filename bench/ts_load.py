"""What loading the generated TypeScript package costs in Node, at 216 tools.

    .venv/bin/python -m bench.ts_load [--count 216] [--runs 15]

Builds the package from seeded synthetic contracts (bench/synth.py; bench/run.py passes
its own set's) and times fresh Node processes, taking turns round by round after one
warm-up round, medians of wall time: ``node -e 0``, importing ``zod`` alone, importing
``<package>/descriptors`` and importing the whole package. Inside a process that has
imported the package it also times ``parseArguments``' first call for the tool with the
largest ``inputSchema`` (that validator is built then, and Zod's own code compiled: the
first use of Zod in the process), then the first call for the second largest (only its
validator is built). Targets (issue 34): descriptors ≤ 1.3 x ``node -e 0``, the package
≤ 1.2 x ``zod`` alone, a first call ≤ 2 ms. Needs ``npm ci`` in tests/ts_harness (zod).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.synth import make_contracts
from bench.timing import timed
from generator.ir.model import thaw
from generator.project.settings import Config
from tests.ts_package import build_package, link_modules

PACKAGE = "bench-tools"
TARGETS = ("canonical", "openai", "anthropic", "mcp", "typescript")
TIMES = "\u00d7"
FIRST_CALLS = """\
import { parseArguments } from "bench-tools";
// Milliseconds of each tool's first call; {} may be invalid: the validator runs either way.
const first = (tool) => {
  const start = process.hrtime.bigint();
  try {
    parseArguments(tool, "{}", "openai");
  } catch (error) {
    if (error.name !== "ArgumentsError") throw error;
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
};
console.log(JSON.stringify(process.argv.slice(2).map(first)));
"""
NODE_E_0 = "node -e 0"
ZOD = "import zod"
DESCRIPTORS = f"import {PACKAGE}/descriptors"
WHOLE = f"import {PACKAGE}"
FIRST = "first parseArguments in a process, ms"
NEXT = "first parseArguments of another tool, ms"


def _import(specifier: str) -> list[str]:
    return ["node", "--input-type=module", "-e", f'import "{specifier}";']


COMMANDS = {
    NODE_E_0: ["node", "-e", "0"],
    ZOD: _import("zod"),
    DESCRIPTORS: _import(f"{PACKAGE}/descriptors"),
    WHOLE: _import(PACKAGE),
}


def build(root: Path, contracts: Path) -> tuple[str, str]:
    """The package of ``contracts`` under ``root/node_modules``; returns the two tools
    with the largest input schemas, largest first."""
    config = Config(root=root, contracts=contracts, output=root / "generated")
    toolset, _ = build_package(config, root / "pkg", name=PACKAGE, targets=TARGETS)
    link_modules(root, {PACKAGE: root / "pkg"})
    (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (root / "first.mjs").write_text(FIRST_CALLS, encoding="utf-8")
    sizes = {tool.name: len(json.dumps(thaw(tool.input_schema))) for tool in toolset}
    largest = sorted(sorted(sizes), key=lambda name: -sizes[name])
    return largest[0], largest[1]


def _first_calls(root: Path, tools: tuple[str, str]) -> list[float]:
    ran = subprocess.run(
        ["node", "first.mjs", *tools], cwd=root, capture_output=True, text=True, check=True
    )
    figures: list[float] = json.loads(ran.stdout)
    return figures


def measure(contracts: Path, runs: int = 15) -> dict[str, float]:
    """Medians in milliseconds, by measurement, for the package of ``contracts``."""
    with tempfile.TemporaryDirectory(prefix="toolcanon-ts-load-") as scratch:
        root = Path(scratch)
        tools = build(root, contracts)
        times: dict[str, list[float]] = {name: [] for name in [*COMMANDS, FIRST, NEXT]}
        for round_ in range(runs + 1):
            for name, command in COMMANDS.items():
                wall, _, _ = timed(command, root)
                if round_:
                    times[name].append(wall * 1000)
            first, after = _first_calls(root, tools)
            if round_:
                times[FIRST].append(first)
                times[NEXT].append(after)
    return {name: statistics.median(values) for name, values in times.items()}


def ratios(figures: dict[str, float]) -> dict[str, float]:
    """The issue's two load ratios."""
    return {
        "descriptors ÷ node -e 0": figures[DESCRIPTORS] / figures[NODE_E_0],
        "package ÷ zod alone": figures[WHOLE] / figures[ZOD],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=216)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="toolcanon-ts-contracts-") as scratch:
        make_contracts(args.count, seed=args.seed, out_dir=Path(scratch))
        figures = measure(Path(scratch), args.runs)
    print(f"{args.count} tools, {args.runs} runs after one warm-up, medians")
    for name in [*COMMANDS, FIRST, NEXT]:
        print(f"  {name:42} {figures[name]:8.2f} ms")
    limits = {"descriptors ÷ node -e 0": 1.3, "package ÷ zod alone": 1.2}
    for name, ratio in ratios(figures).items():
        print(f"  {name:42} {ratio:8.3f} {TIMES} (target ≤ {limits[name]})")
    print("  a first parseArguments: target ≤ 2 ms (both figures above)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
