"""What the client profiles cost ``toolcanon validate``: every client on, and none.

    .venv/bin/python bench/clients_cost.py [--sizes 216 1000] [--runs 5]

For each seeded synthetic set (bench/synth.py) it times ``validate --no-cache`` as a
whole process with ``clients`` naming every client and without the key, alternating the
two so a busy machine hurts both alike, and prints the medians of wall and CPU time,
their ratio (target at most 1.05: the checks are a pass over names and each mode's list)
and how many client warnings the set gets.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.lint_cost import WITH_LINT as VALIDATE  # noqa: E402
from bench.lint_cost import timed  # noqa: E402
from bench.synth import make_contracts  # noqa: E402
from generator.core.clients import CLIENTS  # noqa: E402

LIMIT = 1.05
OFF = "strict: false\n"  # a config without clients (an empty file is refused)
CLIENTS_ON = OFF + f"clients: [{', '.join(CLIENTS)}]\n"


def _config(project: Path, text: str) -> None:
    (project / "toolcanon.yaml").write_text(text, encoding="utf-8")


def _warnings(project: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", VALIDATE, "validate", "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    return sum(f"[TC60{n}]" in line for line in done.stderr.splitlines() for n in range(4))


def measure(size: int, runs: int, seed: int, root: Path) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of validate with every client and with none."""
    project = root / f"set-{size}"
    make_contracts(size, seed, project / "contracts")
    _config(project, OFF)
    timed(VALIDATE, project)  # warm-up: file system caches, compiled bytecode
    found: dict[str, list[tuple[float, float]]] = {"on": [], "off": []}
    for _ in range(runs):
        _config(project, CLIENTS_ON)
        found["on"].append(timed(VALIDATE, project))
        _config(project, OFF)
        found["off"].append(timed(VALIDATE, project))
    _config(project, CLIENTS_ON)
    print(f"{size:5d} tools: {_warnings(project)} client warnings with every client on")
    return {
        key: (statistics.median(w for w, _ in runs_), statistics.median(c for _, c in runs_))
        for key, runs_ in found.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="toolcanon-clients-bench-") as tmp:
        for size in args.sizes:
            medians = measure(size, args.runs, args.seed, Path(tmp))
            for index, label in ((0, "wall"), (1, "CPU ")):
                off, on = medians["off"][index], medians["on"][index]
                ratio = on / off
                verdict = "met" if ratio <= LIMIT else f"missed (limit {LIMIT})"
                print(
                    f"{size:5d} tools, {label}: validate {off:.3f} s without clients, "
                    f"{on:.3f} s with every client: ratio {ratio:.3f} ({verdict})"
                )


if __name__ == "__main__":
    main()
