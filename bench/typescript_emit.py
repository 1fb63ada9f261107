"""Bench: the TypeScript target against json-schema-to-typescript and json-schema-to-zod.

For the example contracts and a synthetic 1,000-tool set (``--count``) it measures, in
one run: our whole TypeScript target (``typescript.emit``: JavaScript and declarations,
input types, the provider lists, the Zod validators), our schema→type conversion and
our Zod module alone; json-schema-to-typescript's ``compile()`` over the same input
schemas (with and without its default prettier formatting) and json-schema-to-zod over
them, each in one Node process; and ``tsc --strict --noEmit`` on the types (ours: the
declarations checked as sources). Times are the best of ``--repeat`` runs, in-process
(no interpreter start-up on either side). Needs ``npm ci`` in bench/node and
tests/ts_harness.

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
from generator.emit.common import Inputs
from generator.emit.typescript import package as typescript
from generator.emit.typescript.text import type_name
from generator.emit.typescript.typemap import schema_to_ts
from generator.emit.typescript.zod.module import zod_module
from generator.ir.model import Toolset, thaw
from generator.ir.options import EmitOptions
from generator.project.config import load_config
from generator.project.settings import Config
from generator.run.pipeline import load_contracts, load_toolset

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


def package_inputs(config: Config) -> tuple[Toolset, Inputs]:
    """The toolset and what the profile stage gives the emitters (the provider lists need it)."""
    loaded = load_contracts(config)
    if loaded.toolset is None:
        raise SystemExit(f"contracts in {config.contracts} do not load: {loaded.diagnostics[:3]}")
    return loaded.toolset, Inputs(adapted=loaded.adapted)


def ours(toolset: Toolset, inputs: Inputs, folder: Path, repeat: int) -> dict[str, float]:
    """Emit time of the whole package, of the types and of the Zod module alone; tsc time
    of the declarations (copied to .ts, so that tsc checks them, with zod beside them)."""
    options = EmitOptions()
    files = typescript.emit(toolset, options, inputs)
    schemas = [(type_name(t.name) + "Input", thaw(t.input_schema)) for t in toolset]
    entries = [(t.name, thaw(t.input_schema)) for t in toolset]
    emit_s = best_of(repeat, lambda: typescript.emit(toolset, options, inputs))
    types_s = best_of(repeat, lambda: [schema_to_ts(s, name=n) for n, s in schemas])
    zod_s = best_of(repeat, lambda: zod_module(entries))
    package = folder / "typescript"
    for path, text in files.items():
        name = path.name.replace(".d.ts", ".ts")
        if path.name.endswith(".d.ts"):
            package.mkdir(parents=True, exist_ok=True)
            (package / name).write_text(text, encoding="utf-8")
    (folder / "node_modules").mkdir(exist_ok=True)
    (folder / "node_modules" / "zod").symlink_to(NODE_DIR / "node_modules" / "zod")
    index = package / "index.ts"
    tsc_s = tsc([index, "--module", "NodeNext", "--moduleResolution", "NodeNext"])
    size = sum(len(text.encode("utf-8")) for text in files.values())
    return {"emit": emit_s, "types": types_s, "zod": zod_s, "tsc": tsc_s, "bytes": size}


def emit_runs(toolset: Toolset, inputs: Inputs, repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` runs of our whole TypeScript target, in this process."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        typescript.emit(toolset, EmitOptions(), inputs)
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
    mine, plain, pretty, zod = results["ours"], results["plain"], results["pretty"], results["zod"]
    rows = [
        ("toolcanon typescript.emit (whole package)", mine["emit"], mine["tsc"]),
        ("  of it: input types (schema_to_ts)", mine["types"], None),
        ("  of it: Zod module (zod_module)", mine["zod"], None),
        ("json-schema-to-typescript, format: false", plain["emit"], plain["tsc"]),
        ("json-schema-to-typescript, default (prettier)", pretty["emit"], pretty["tsc"]),
        ("json-schema-to-zod 2.8.1", zod["emit"], None),
    ]
    print(f"\n{label}: {count} tools (our package: {mine['bytes'] / 1e6:.2f} MB)")
    print(f"  {'':46} {'emit':>9} {'tsc':>9}")
    for name, emit_s, tsc_s in rows:
        print(f"  {name:46} {emit_s:9.3f} {'' if tsc_s is None else f'{tsc_s:9.2f}':>9}")
    both_plain, both_pretty = plain["emit"] + zod["emit"], pretty["emit"] + zod["emit"]
    print(
        f"  ratio ours/theirs: whole package ÷ (json-schema-to-typescript format: false + "
        f"json-schema-to-zod) {mine['emit'] / both_plain:.3f}x; ÷ (default + json-schema-to-zod) "
        f"{mine['emit'] / both_pretty:.3f}x; types {mine['types'] / plain['emit']:.3f}x "
        f"json-schema-to-typescript; Zod {mine['zod'] / zod['emit']:.3f}x json-schema-to-zod"
    )


def run_set(label: str, config: Config, repeat: int) -> None:
    from bench.zod_emit import theirs as zod_theirs

    toolset, inputs = package_inputs(config)
    entries = [(t.name, thaw(t.input_schema)) for t in toolset]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "zod").mkdir()
        zod = zod_theirs(entries, folder / "zod", repeat)
        results = {
            "ours": ours(toolset, inputs, folder / "ours", repeat),
            "plain": theirs(toolset, folder / "theirs", repeat, fmt=False),
            "pretty": theirs(toolset, folder / "theirs", 1, fmt=True),
            "zod": {"emit": zod["jsonSchemaToZod"] / 1000},
        }
        report(label, len(toolset), results)


def main() -> None:
    parser = argparse.ArgumentParser(description="TypeScript emitter vs json-schema-to-typescript")
    parser.add_argument(
        "--count", type=int, nargs="*", default=[216, 1000], help="synthetic sets (tools)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the synthetic set")
    args = parser.parse_args()
    for package in ("json-schema-to-typescript", "json-schema-to-zod"):
        if not (NODE_DIR / "node_modules" / package).exists():
            raise SystemExit(f"missing {package}: run `npm ci` in {NODE_DIR}")
    if not TSC.exists():
        raise SystemExit(f"missing {TSC}: run `npm ci` in tests/ts_harness")
    print("seconds, best of", args.repeat, "(json-schema-to-typescript default: one run)")
    run_set("example contracts", load_config(ROOT / "pyproject.toml"), args.repeat)
    for count in args.count:
        with tempfile.TemporaryDirectory() as tmp:
            contracts = Path(tmp) / "contracts"
            make_contracts(count, args.seed, contracts)
            config = Config(root=contracts.parent, contracts=contracts, output=Path(tmp) / "out")
            run_set("synthetic set", config, args.repeat)


if __name__ == "__main__":
    main()
