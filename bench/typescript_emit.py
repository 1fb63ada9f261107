"""Bench: the TypeScript emitter against json-schema-to-typescript, on the same schemas.

For the example contracts and a synthetic 1,000-tool set it measures, in one run:
our whole TypeScript target (``typescript.emit``), our schema→type conversion alone,
json-schema-to-typescript's ``compile()`` over the same input schemas in one Node
process (with and without its default prettier formatting), and ``tsc --strict
--noEmit`` on each output. Times are the best of ``--repeat`` runs, in-process (no
interpreter start-up on either side). Needs ``npm ci`` in bench/node and tests/ts_harness.

    .venv/bin/python -m bench.typescript_emit [--count 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.synth import make_contracts
from generator.config import Config, EmitOptions, load_config
from generator.emit import typescript
from generator.emit.ts_text import type_name
from generator.emit.ts_types import schema_to_ts
from generator.model import Toolset, thaw
from generator.pipeline import load_toolset

ROOT = Path(__file__).resolve().parent.parent

NODE_DIR = ROOT / "bench" / "node"
TSC = ROOT / "tests" / "ts_harness" / "node_modules" / ".bin" / "tsc"
TSC_OPTIONS = ["--strict", "--noEmit", "--skipLibCheck", "--target", "ES2022"]


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """Fastest wall time of ``action`` in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def load(contracts: Path) -> Toolset:
    config = Config(root=contracts.parent, contracts=contracts, output=contracts.parent / "out")
    toolset, diagnostics = load_toolset(config)
    if toolset is None:
        raise SystemExit(f"contracts in {contracts} do not load: {diagnostics[:3]}")
    return toolset


def ours(toolset: Toolset, folder: Path, repeat: int) -> dict[str, float]:
    """Emit time of the whole target and of the types alone; tsc time of the package."""
    options = EmitOptions()
    files = typescript.emit(toolset, options)
    schemas = [(type_name(t.name) + "Input", thaw(t.input_schema)) for t in toolset]
    emit_s = best_of(repeat, lambda: typescript.emit(toolset, options))
    types_s = best_of(repeat, lambda: [schema_to_ts(s, name=n) for n, s in schemas])
    for path, text in files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    index = folder / "typescript" / "index.ts"
    tsc_s = tsc([index, "--module", "NodeNext", "--moduleResolution", "NodeNext"])
    return {"emit": emit_s, "types": types_s, "tsc": tsc_s}


def emit_runs(toolset: Toolset, repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` runs of our whole TypeScript target, in this process."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        typescript.emit(toolset, EmitOptions())
        times.append(time.perf_counter() - start)
    return times


def theirs(toolset: Toolset, folder: Path, repeat: int, *, fmt: bool) -> dict[str, float]:
    """json-schema-to-typescript's compile() over the same schemas, then tsc on its output."""
    runs = compile_runs(toolset, folder, repeat, fmt=fmt)
    out = folder / ("formatted" if fmt else "plain")
    return {"emit": min(runs), "tsc": tsc(sorted(out.glob("*.ts")))}


def compile_runs(toolset: Toolset, folder: Path, repeat: int, *, fmt: bool) -> list[float]:
    """Seconds json-schema-to-typescript's compile() takes over every input schema, per run
    (one Node process a run; its start-up is not counted, as ours is not)."""
    items = [{"name": type_name(t.name) + "Input", "schema": thaw(t.input_schema)} for t in toolset]
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "schemas.json"
    source.write_text(json.dumps(items), encoding="utf-8")
    out = folder / ("formatted" if fmt else "plain")
    runs = []
    for _ in range(repeat):
        result = subprocess.run(
            ["node", str(NODE_DIR / "compile_all.mjs"), str(source), str(out), str(fmt).lower()],
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(result.stdout)["ms"] / 1000)
    return runs


def tsc(arguments: list[Any]) -> float:
    """Wall time of one tsc --strict --noEmit run; fails loudly if the code does not compile."""
    start = time.perf_counter()
    result = subprocess.run(
        [str(TSC), *TSC_OPTIONS, *map(str, arguments)], capture_output=True, text=True
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"tsc failed:\n{result.stdout[:2000]}")
    return elapsed


def report(label: str, count: int, results: dict[str, dict[str, float]]) -> None:
    mine, plain, pretty = results["ours"], results["plain"], results["pretty"]
    rows = [
        ("toolcanon typescript.emit (whole package)", mine["emit"], mine["tsc"]),
        ("toolcanon schema_to_ts (types only)", mine["types"], None),
        ("json-schema-to-typescript, format: false", plain["emit"], plain["tsc"]),
        ("json-schema-to-typescript, default (prettier)", pretty["emit"], pretty["tsc"]),
    ]
    print(f"\n{label}: {count} tools")
    print(f"  {'':46} {'emit':>9} {'tsc':>9}")
    for name, emit_s, tsc_s in rows:
        print(f"  {name:46} {emit_s:9.3f} {'' if tsc_s is None else f'{tsc_s:9.2f}':>9}")
    print(
        f"  ratio ours/theirs (format: false): whole package {mine['emit'] / plain['emit']:.3f}x, "
        f"types only {mine['types'] / plain['emit']:.3f}x; "
        f"whole package vs default: {mine['emit'] / pretty['emit']:.3f}x"
    )


def run_set(label: str, toolset: Toolset, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results = {
            "ours": ours(toolset, folder / "ours", repeat),
            "plain": theirs(toolset, folder / "theirs", repeat, fmt=False),
            "pretty": theirs(toolset, folder / "theirs", 1, fmt=True),
        }
        report(label, len(toolset), results)


def main() -> None:
    parser = argparse.ArgumentParser(description="TypeScript emitter vs json-schema-to-typescript")
    parser.add_argument("--count", type=int, default=1000, help="synthetic tools")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the synthetic set")
    args = parser.parse_args()
    for needed in (TSC, NODE_DIR / "node_modules" / "json-schema-to-typescript"):
        if not needed.exists():
            raise SystemExit(f"missing {needed}: run `npm ci` in {needed.parents[1]}")
    print("seconds, best of", args.repeat, "(json-schema-to-typescript default: one run)")
    examples, _ = load_toolset(load_config(ROOT / "pyproject.toml"))
    assert examples is not None
    run_set("example contracts", examples, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        contracts = Path(tmp) / "contracts"
        make_contracts(args.count, args.seed, contracts)
        run_set("synthetic set", load(contracts), args.repeat)


if __name__ == "__main__":
    main()
