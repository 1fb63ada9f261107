"""Speed of the generated Python package: import, lookup + copy, decide.

    .venv/bin/python bench/python_package.py [--sizes 216 1000] [--seed 1]

Measures the example contracts' package (generated/python) and packages generated
from synthetic contracts (bench/synth.py). Imports run in fresh interpreters with
bytecode compiled first (as pip installs it); the median of several runs is shown.
Also the wall time of a fresh interpreter importing the package beside one running
``pass`` (runs alternate, medians): the ratio is what a script that imports it pays.
Targets: import ÷ ``python -c pass`` ≤ 1.6 for 216 tools, lookup + copy ≤ 20 µs,
decide ≤ 2 µs.
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from synth import make_contracts  # noqa: E402

from generator.ir.options import EmitOptions  # noqa: E402
from generator.project.settings import Config  # noqa: E402
from generator.write.plan import encode_text  # noqa: E402

PACKAGE = "toolcanon_tools"
IMPORT_RUNS = 9

IMPORT = """
import sys, time
sys.path.insert(0, {folder!r})
{preload}
start = time.perf_counter()
import {package}
print(time.perf_counter() - start)
"""

MICRO = """
import sys, timeit
sys.path.insert(0, {folder!r})
import {package} as pkg
names = pkg.NAMES
descs = [pkg.descriptor(n) for n in names]
for n in names:
    pkg.get(n)  # the first copy of each tool builds its template
calls = 0
def lookups():
    for n in names:
        pkg.get(n)
def decisions():
    for d in descs:
        pkg.decide(d, "plan"); pkg.decide(d, "default"); pkg.decide(d, "auto")
reps = max(1, 20000 // len(names))
get = min(timeit.repeat(lookups, number=reps, repeat=5)) / (reps * len(names))
dec = min(timeit.repeat(decisions, number=reps, repeat=5)) / (reps * len(names) * 3)
print(get, dec)
"""


def generate_package(n_tools: int, seed: int, work: Path) -> Path:
    """Synthetic contracts → the Python target's files under ``work/out/python``."""
    from generator.core.cache import NO_CACHE
    from generator.emit.common import Inputs
    from generator.emit.python.package import emit
    from generator.models.build import build
    from generator.run.pipeline import load_toolset

    contracts = work / "contracts"
    make_contracts(n_tools, seed, contracts)
    config = Config(root=work, contracts=contracts, output=work / "out")
    toolset, diagnostics = load_toolset(config)
    if toolset is None:
        raise SystemExit("\n".join(str(d) for d in diagnostics))
    started = time.perf_counter()
    models = build(toolset, NO_CACHE)
    files = emit(toolset, EmitOptions(), Inputs(models=models.source, outputs=models.outputs))
    print(f"  generated {n_tools} tools in {time.perf_counter() - started:.1f} s", flush=True)
    for path, text in files.items():
        target = work / "out" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encode_text(text))
    return work / "out" / "python"


def run(code: str) -> list[float]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def process_walls(folder: Path, runs: int) -> tuple[float, float]:
    """Median wall seconds of a fresh interpreter running ``pass`` and one importing the
    package (in the package's folder, bytecode compiled), the two taking turns."""
    walls: dict[str, list[float]] = {"pass": [], f"import {PACKAGE}": []}
    for _ in range(runs):
        for code, found in walls.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], cwd=folder, check=True)
            found.append(time.perf_counter() - start)
    return statistics.median(walls["pass"]), statistics.median(walls[f"import {PACKAGE}"])


def package_speed(folder: Path, runs: int = IMPORT_RUNS) -> dict[str, float]:
    """Import (ms, median of fresh interpreters; the process beside ``python -c pass``),
    lookup+copy and decide (µs) of the package."""
    compileall.compile_dir(folder / PACKAGE, quiet=1)
    bare, importing = process_walls(folder, max(runs, 15))
    results = {"pass ms": bare * 1e3, "process ms": importing * 1e3, "ratio": importing / bare}
    for name, preload in (("typing loaded", "import typing"), ("cold", "")):
        code = IMPORT.format(folder=str(folder), preload=preload, package=PACKAGE)
        results[name] = statistics.median(run(code)[0] for _ in range(runs)) * 1e3
    get, dec = run(MICRO.format(folder=str(folder), package=PACKAGE))
    return {**results, "lookup+copy": get * 1e6, "decide": dec * 1e6}


def measure(label: str, folder: Path) -> None:
    results = package_speed(folder)
    get, dec = results["lookup+copy"] / 1e6, results["decide"] / 1e6
    print(
        f"{label:>22}: import {results['cold']:6.1f} ms "
        f"(typing loaded first: {results['typing loaded']:.1f} ms; process "
        f"{results['ratio']:.2f} times python -c pass) · "
        f"lookup+copy {get * 1e6:5.1f} µs · decide {dec * 1e6:4.2f} µs",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        examples = Path(tmp) / "examples"
        shutil.copytree(REPO / "generated" / "python", examples)
        measure("example contracts", examples)
        for size in args.sizes:
            folder = generate_package(size, args.seed, Path(tmp) / f"synth-{size}")
            measure(f"synthetic {size} tools", folder)


if __name__ == "__main__":
    main()
