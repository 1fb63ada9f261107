"""Import at scale: many definition files imported one after another into one project.

    .venv/bin/python bench/import_scale.py [--files 35] [--per-file 100] [--seed 1]

Writes ``--files`` JSON files of ``--per-file`` function definitions each (the shape of
function-calling datasets: ``{name, description, parameters}``, schemas from
bench/synth.py), then runs ``toolcanon import`` on each in turn, every run a whole
process, into the same contracts folder. Prints each run's seconds, the total, and the
last run's time divided by the first's: import must not get slower as the project grows
(every earlier contract is read from the cache, not checked again).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.synth import TEXTS, _object_schema  # noqa: E402

TOOLCANON = [str(Path(sys.executable).parent / "toolcanon")]
PYPROJECT = '[tool.toolcanon]\ncontracts = "contracts"\noutput = "generated"\n'


def definitions(file_index: int, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` definitions with names unique across files."""
    return [
        {
            "name": f"fn_{file_index:03d}_{index:04d}",
            "description": rng.choice(TEXTS),
            "parameters": _object_schema(rng, depth=0),
        }
        for index in range(count)
    ]


def run_import(project: Path, source: Path) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one import process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [*TOOLCANON, "import", str(source)], cwd=project, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"import {source.name} failed:\n{done.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=35)
    parser.add_argument("--per-file", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="toolcanon-import-bench-") as tmp:
        project = Path(tmp) / "project"
        (project / "contracts").mkdir(parents=True)
        (project / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
        sources = Path(tmp) / "sources"
        sources.mkdir()
        times, cpus = [], []
        for index in range(args.files):
            source = sources / f"batch_{index:03d}.json"
            tools = definitions(index, args.per_file, rng)
            source.write_text(json.dumps(tools, indent=2), encoding="utf-8")
            wall, cpu = run_import(project, source)
            times.append(wall)
            cpus.append(cpu)
            held = index * args.per_file
            print(f"  file {index + 1:3d} ({held:5d} tools held): {wall:6.2f} s, CPU {cpu:6.2f} s")
    print(f"{args.files} files of {args.per_file} definitions: total {sum(times):.1f} s")
    for label, seconds in (("wall", times), ("CPU ", cpus)):
        first, last = seconds[0], seconds[-1]
        print(f"{label}: first {first:.2f} s, last {last:.2f} s: last / first = {last / first:.2f}")
    print("(CPU time is the steadier figure on a shared machine; the target is 1.5)")


if __name__ == "__main__":
    main()
