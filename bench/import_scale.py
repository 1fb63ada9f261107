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


def run_import(project: Path, source: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [*TOOLCANON, "import", str(source)], cwd=project, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"import {source.name} failed:\n{done.stderr[-3000:]}")
    return seconds


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
        times = []
        for index in range(args.files):
            source = sources / f"batch_{index:03d}.json"
            tools = definitions(index, args.per_file, rng)
            source.write_text(json.dumps(tools, indent=2), encoding="utf-8")
            times.append(run_import(project, source))
            held = index * args.per_file
            print(f"  file {index + 1:3d} (project held {held:5d} tools): {times[-1]:6.2f} s")
    total = sum(times)
    print(f"{args.files} files of {args.per_file} definitions: total {total:.1f} s")
    print(
        f"first {times[0]:.2f} s, last {times[-1]:.2f} s: last ÷ first = {times[-1] / times[0]:.2f}"
    )


if __name__ == "__main__":
    main()
