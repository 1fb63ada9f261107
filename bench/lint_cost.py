"""What the schema lint costs ``toolcanon validate``: with it, and with it switched off.

    .venv/bin/python bench/lint_cost.py [--off lint|text] [--sizes 216 1000] [--runs 5]

For each seeded synthetic set (bench/synth.py) it times ``validate --no-cache`` (every
file loaded and checked, as on a cold cache) as a whole process, with the lint and
without part of it, alternating the two so a busy machine hurts both alike: ``--off
lint`` reduces the per-file check to what it was before the lint (metaschema and
structural rules only; target at most 1.15), ``--off text`` switches off only the
text rules (contracts/lint/text.py: hidden characters, look-alikes, directives;
target at most 1.10). It prints the medians of wall and CPU time and their ratios
(CPU time is the steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import resource
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
WITHOUT_TEXT = """
from generator.contracts import check, lint
lint.schema_text_findings = lambda node, path: []
check.tool_text_findings = lambda tool: []
from generator.cli import main
raise SystemExit(main())
"""
OFF = {  # what --off switches off: (the process without it, the target, how it is named)
    "lint": (WITHOUT_LINT, 1.15, "the lint"),
    "text": (WITHOUT_TEXT, 1.10, "the text rules"),
}


def timed(code: str, project: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one validate process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, "validate", "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"validate failed in {project}:\n{done.stderr[-3000:]}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(
    size: int, runs: int, seed: int, root: Path, without: str
) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of validate as it is and as ``without`` runs it."""
    project = root / f"set-{size}"
    make_contracts(size, seed, project / "contracts")
    timed(WITH_LINT, project)  # warm-up: file system caches, compiled bytecode
    found: dict[str, list[tuple[float, float]]] = {"with": [], "without": []}
    for _ in range(runs):
        found["with"].append(timed(WITH_LINT, project))
        found["without"].append(timed(without, project))
    return {
        key: (statistics.median(w for w, _ in runs_), statistics.median(c for _, c in runs_))
        for key, runs_ in found.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--off", choices=sorted(OFF), default="lint")
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    without, limit, named = OFF[args.off]
    with tempfile.TemporaryDirectory(prefix="toolcanon-lint-bench-") as tmp:
        for size in args.sizes:
            medians = measure(size, args.runs, args.seed, Path(tmp), without)
            for index, label in ((0, "wall"), (1, "CPU ")):
                plain, linted = medians["without"][index], medians["with"][index]
                ratio = linted / plain
                verdict = "met" if ratio <= limit else f"missed (limit {limit})"
                print(
                    f"{size:5d} tools, {label}: validate {plain:.3f} s without {named}, "
                    f"{linted:.3f} s with it: ratio {ratio:.3f} ({verdict})"
                )


if __name__ == "__main__":
    main()
