"""What the schema lint costs ``toolcanon validate``: with it, and with it switched off.

    .venv/bin/python bench/lint_cost.py [--sizes 216 1000] [--runs 5] [--seed 1]

For each seeded synthetic set (bench/synth.py) it times ``validate --no-cache`` (every
file loaded and checked, as on a cold cache) as a whole process, with the lint and
with the per-file check reduced to what it was before the lint (metaschema and
structural rules only), alternating the two so a busy machine hurts both alike. It
prints the medians and the ratio; the target is at most 1.15.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.synth import make_contracts  # noqa: E402

WITH_LINT = "from generator.cli import main; raise SystemExit(main())"
WITHOUT_LINT = """
from generator.contracts import check
from generator.contracts.lint import Finding
from generator.contracts.schema_rules import check_tool_schema

def structural_only(schema, extensions=frozenset()):
    return [Finding(*found) for found in check_tool_schema(schema)]

check.check_schema = structural_only
from generator.cli import main
raise SystemExit(main())
"""
LIMIT = 1.15


def timed(code: str, project: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, "validate", "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"validate failed in {project}:\n{done.stderr[-3000:]}")
    return seconds


def measure(size: int, runs: int, seed: int, root: Path) -> tuple[float, float]:
    project = root / f"set-{size}"
    make_contracts(size, seed, project / "contracts")
    timed(WITH_LINT, project)  # warm-up: file system caches, compiled bytecode
    with_lint, without = [], []
    for _ in range(runs):
        with_lint.append(timed(WITH_LINT, project))
        without.append(timed(WITHOUT_LINT, project))
    return statistics.median(with_lint), statistics.median(without)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="toolcanon-lint-bench-") as tmp:
        for size in args.sizes:
            linted, plain = measure(size, args.runs, args.seed, Path(tmp))
            ratio = linted / plain
            verdict = "met" if ratio <= LIMIT else f"missed (limit {LIMIT})"
            print(
                f"{size:5d} tools: validate {plain:.3f} s without lint, {linted:.3f} s with it: "
                f"ratio {ratio:.3f} ({verdict})"
            )


if __name__ == "__main__":
    main()
