"""`check` on a stale project costs about what `generate` costs (target: at most 2x).

    .venv/bin/python bench/stale_check.py [--count 1000] [--seed 1] [--runs 3]

Makes ``--count`` synthetic tools (bench/synth.py) and generates them; then every
description changes (so every listing, the models, the docs and the packages are
stale, many lines in each) and it times, each a whole process with ``--no-cache``
(both run the full pipeline), medians of ``--runs``:

- ``generate`` writing the stale output current again (the stale tree is put back
  before each run, outside the timing);
- ``check`` on the stale output: compare every file and print the bounded diffs;
- ``difflib`` (for reference, in a process stopped after ``--cap`` seconds): what
  unbounded unified diffs of the same stale files cost, which check used to spend.

Prints the three medians and the ratio check / generate.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import yaml  # noqa: E402

from bench.synth import make_contracts  # noqa: E402

TOOLCANON = [str(Path(sys.executable).parent / "toolcanon")]
TARGET = 2.0


def run(project: Path, *argv: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [*TOOLCANON, *argv, "--no-cache"], cwd=project, capture_output=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"toolcanon {' '.join(argv)} failed:\n{done.stderr.decode()[-3000:]}")
    return elapsed


def make_stale(project: Path, count: int, seed: int) -> Path:
    """A project whose generated/ was made before every description changed; returns a
    copy of that stale output."""
    make_contracts(count, seed, project / "contracts")
    run(project, "generate")
    for path in (project / "contracts").rglob("*.yaml"):
        document = yaml.safe_load(path.read_text("utf-8"))
        for tool in document["tools"]:
            tool["description"] = "Changed. " + tool["description"]
        text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
        path.write_text(text, encoding="utf-8")
    stale = project.parent / "stale"
    shutil.copytree(project / "generated", stale)
    return stale


def unbounded_difflib(stale: Path, current: Path, cap: float) -> float | None:
    """Seconds unbounded difflib takes over every file that differs (None: over ``cap``)."""
    start = time.perf_counter()
    command = [sys.executable, __file__, "--difflib", str(stale), str(current)]
    try:
        subprocess.run(command, check=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def diff_all(stale: Path, current: Path) -> None:
    for old in sorted(p for p in stale.rglob("*") if p.is_file()):
        new = current / old.relative_to(stale)
        if new.is_file() and new.read_bytes() != old.read_bytes():
            a = old.read_text("utf-8").splitlines(keepends=True)
            b = new.read_text("utf-8").splitlines(keepends=True)
            for _ in difflib.unified_diff(a, b, n=2):
                pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cap", type=float, default=120.0, help="seconds for the reference")
    parser.add_argument("--difflib", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.difflib:
        diff_all(*args.difflib)
        return
    with tempfile.TemporaryDirectory(prefix="toolcanon-stale-") as tmp:
        project = Path(tmp) / "project"
        stale = make_stale(project, args.count, args.seed)
        generate, check = [], []
        print(f"{args.count} tools, every description changed; medians of {args.runs} runs")
        for _ in range(args.runs):
            shutil.rmtree(project / "generated")
            shutil.copytree(stale, project / "generated")
            check.append(run(project, "check"))
            generate.append(run(project, "generate"))
            print(f"  run: check {check[-1]:.2f} s, generate {generate[-1]:.2f} s", flush=True)
        reference = unbounded_difflib(stale, project / "generated", args.cap)
    g, c = statistics.median(generate), statistics.median(check)
    print(f"generate (stale → current): {g:.2f} s")
    print(f"check (stale):              {c:.2f} s")
    shown = f"{reference:.2f} s" if reference is not None else f"over {args.cap:g} s (stopped)"
    print(f"unbounded difflib alone:    {shown} (what check used to add)")
    verdict = "meets" if c <= TARGET * g else "misses"
    print(f"check / generate = {c / g:.2f} ({verdict} the target of {TARGET:g}x)")


if __name__ == "__main__":
    main()
