"""Two builds of toolcanon side by side on the same synthetic sets: A/B alternating runs,
medians and ratios (B ÷ A) for cold generate, check with nothing changed, and peak RSS.

    .venv/bin/python bench/ab.py OTHER_CHECKOUT [--sizes 216 1000] [--runs 5]

OTHER_CHECKOUT is another checkout of toolcanon with its own ``.venv`` (``git worktree
add ../before <rev>`` then ``python3 -m venv ../before/.venv && ../before/.venv/bin/pip
install -e ../before``): A is that build, B is this one. What a refactor must show is a
ratio near 1.0; alternating the two keeps a drifting machine from favouring either.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.run import PYPROJECT, compile_generator  # noqa: E402
from bench.synth import make_contracts  # noqa: E402
from bench.timing import timed  # noqa: E402

SEED = 22
Step = Callable[[], tuple[float, float, float]]


def project(root: Path, size: int) -> Path:
    folder = root / f"tools-{size}"
    (folder / "contracts").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(PYPROJECT, "utf-8")
    make_contracts(size, SEED, folder / "contracts")
    return folder


def run(program: Path, command: str, folder: Path, *, cold: bool) -> tuple[float, float, float]:
    """One process of ``program``, with a cache of its own (two builds sharing one would
    prune each other's entries); ``cold``: no output and an empty cache first."""
    cache = folder.parent / "xdg-cache"
    os.environ["XDG_CACHE_HOME"] = str(cache)
    if cold:
        shutil.rmtree(folder / "generated", ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
    return timed([str(program), command], folder)


def alternate(label: str, runs: int, a: Step, b: Step) -> None:
    """Run ``a`` and ``b`` in turn (one warm-up each), print medians and B ÷ A."""
    figures: dict[str, list[tuple[float, float, float]]] = {"A": [], "B": []}
    for index in range(runs + 1):
        for name, step in (("A", a), ("B", b)):
            result = step()
            if index:
                figures[name].append(result)
    line = [label]
    for what, column in (("wall", 0), ("cpu", 1), ("rss MiB", 2)):
        med = {n: statistics.median(r[column] for r in rows) for n, rows in figures.items()}
        line.append(f"{what} A {med['A']:.3f} B {med['B']:.3f} B/A {med['B'] / med['A']:.2f}")
    print(" | ".join(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--sizes", type=int, nargs="+", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    programs = {
        "A": args.other.resolve() / ".venv/bin/toolcanon",
        "B": REPO / ".venv/bin/toolcanon",
    }
    compile_generator()
    with tempfile.TemporaryDirectory(prefix="toolcanon-ab-") as scratch:
        for size in args.sizes:
            folders = {name: project(Path(scratch) / f"{name}-{size}", size) for name in programs}
            for command, is_cold, label in (
                ("generate", True, "generate cold"),
                ("check", False, "check, nothing changed"),
            ):
                steps = [
                    lambda p=programs[n], f=folders[n], c=command, k=is_cold: run(p, c, f, cold=k)
                    for n in programs
                ]
                alternate(f"{size} tools, {label}", args.runs, *steps)


if __name__ == "__main__":
    main()
