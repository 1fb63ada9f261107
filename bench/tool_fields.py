"""What the providers' tool fields cost: cold ``generate`` with and without them.

    .venv/bin/python bench/tool_fields.py [--sizes 216 1000] [--runs 5]

For each synthetic set (bench/synth.py) it times a cold ``toolcanon generate --no-cache``
(no output folder, no cache) of two projects that differ only in the new fields: in
both, every tenth tool of bench/synth.py's set has an ``outputSchema`` (which Responses
now sends as ``output_schema``, so both pay for it: the Python package's output models
are the bulk of that cost and predate the field); ``with`` also gives every tool
``deferLoading: true``, ``allowedCallers: [direct, programmatic,
code_execution_20260120]`` and a namespace per contract file. All
default targets are on, so every list either takes the fields or warns (TC180) about
them. The two run in turns, one warm-up round, medians of ``--runs``; it prints wall and
CPU seconds and the ratios with ÷ without (the issue's bound: at most 1.05).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.run import PYPROJECT, compile_generator  # noqa: E402
from bench.synth import make_contracts  # noqa: E402
from bench.timing import timed  # noqa: E402

SEED = 22
FIELDS: dict[str, Any] = {
    "deferLoading": True,
    "allowedCallers": ["direct", "programmatic", "code_execution_20260120"],
}
OUTPUT = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}


def project(root: Path, size: int, *, fields: bool) -> Path:
    folder = root / f"tools-{size}-{'with' if fields else 'without'}"
    (folder / "contracts").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(PYPROJECT, "utf-8")
    for path in make_contracts(size, SEED, folder / "contracts"):
        _add_fields(path, fields=fields)
    return folder


def _add_fields(path: Path, *, fields: bool) -> None:
    document = yaml.safe_load(path.read_text("utf-8"))
    for index, tool in enumerate(document["tools"]):
        if fields:
            tool.update(FIELDS)
            tool["namespace"] = {"name": path.stem, "description": f"The {path.stem} tools."}
        if index % 10 == 0:
            tool.setdefault("outputSchema", OUTPUT)
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), "utf-8")


def cold_run(folder: Path) -> tuple[float, float]:
    shutil.rmtree(folder / "generated", ignore_errors=True)
    shutil.rmtree(Path(os.environ["XDG_CACHE_HOME"]) / "toolcanon", ignore_errors=True)
    command = [sys.executable, "-m", "generator", "generate", "--no-cache"]
    wall, cpu, _ = timed(command, folder)
    return wall, cpu


def measure(root: Path, size: int, runs: int) -> None:
    folders = {name: project(root, size, fields=name == "with") for name in ("without", "with")}
    for folder in folders.values():
        cold_run(folder)  # warm-up: imports, page cache
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in folders}
    for _ in range(runs):
        for name, folder in folders.items():
            got[name].append(cold_run(folder))
    wall = {name: statistics.median(w for w, _ in got[name]) for name in got}
    cpu = {name: statistics.median(c for _, c in got[name]) for name in got}
    print(
        f"{size:>5} tools  without {wall['without']:.2f}s wall {cpu['without']:.2f}s cpu"
        f"  with {wall['with']:.2f}s wall {cpu['with']:.2f}s cpu"
        f"  ratio wall {wall['with'] / wall['without']:.3f} cpu {cpu['with'] / cpu['without']:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compile_generator()
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "cache")
        for size in args.sizes:
            measure(Path(scratch), size, args.runs)


if __name__ == "__main__":
    main()
