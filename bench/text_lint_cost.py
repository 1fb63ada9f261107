"""What the lint's text rules (contracts/lint/text.py) add to ``toolcanon validate``.

    .venv/bin/python bench/text_lint_cost.py [--sizes 216 1000] [--runs 5] [--seed 1]

For each seeded synthetic set (bench/synth.py) it times ``validate --no-cache`` as a
whole process with the text rules and with them switched off (everything else of the
lint kept), alternating the two, and prints the medians of wall and CPU time and their
ratios (CPU time is the steadier on a shared machine); the target is at most 1.10.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.lint_cost import timed  # noqa: E402
from bench.synth import make_contracts  # noqa: E402

WITH_TEXT = "from generator.cli import main; raise SystemExit(main())"
WITHOUT_TEXT = """
from generator.contracts import check, lint
lint.schema_text_findings = lambda node, path: []
check.tool_text_findings = lambda tool: []
from generator.cli import main
raise SystemExit(main())
"""
LIMIT = 1.10


def measure(size: int, runs: int, seed: int, root: Path) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds with the text rules and without them."""
    project = root / f"set-{size}"
    make_contracts(size, seed, project / "contracts")
    timed(WITH_TEXT, project)  # warm-up: file system caches, compiled bytecode
    found: dict[str, list[tuple[float, float]]] = {"with": [], "without": []}
    for _ in range(runs):
        found["with"].append(timed(WITH_TEXT, project))
        found["without"].append(timed(WITHOUT_TEXT, project))
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
    with tempfile.TemporaryDirectory(prefix="toolcanon-text-bench-") as tmp:
        for size in args.sizes:
            medians = measure(size, args.runs, args.seed, Path(tmp))
            for index, label in ((0, "wall"), (1, "CPU ")):
                plain, checked = medians["without"][index], medians["with"][index]
                ratio = checked / plain
                verdict = "met" if ratio <= LIMIT else f"missed (limit {LIMIT})"
                print(
                    f"{size:5d} tools, {label}: validate {plain:.3f} s without the text "
                    f"rules, {checked:.3f} s with them: ratio {ratio:.3f} ({verdict})"
                )


if __name__ == "__main__":
    main()
