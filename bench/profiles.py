"""cProfile summaries for bench/RESULTS.md: the case behind a missed target, run once."""

from __future__ import annotations

import io
import pstats
import subprocess
import sys
from pathlib import Path


def profile(project: Path, case: str) -> str:
    """cProfile of one run of the case, summarised: top functions by cumulative time."""
    command = "check" if case == "check" else "generate"
    if case == "cold":
        from bench.run import cold

        cold(project)()
    if case == "changed":
        from bench.run import one_contract_changed

        one_contract_changed(project)()
    stats_file = project.parent / f"{case}.prof"
    subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(stats_file), "-m", "generator", command],
        cwd=project,
        capture_output=True,
        check=True,
    )
    text = io.StringIO()
    stats = pstats.Stats(str(stats_file), stream=text)
    stats.sort_stats("cumulative").print_stats(
        r"generator|datamodel_code_generator/__init__|black", 25
    )
    lines = [line for line in text.getvalue().splitlines() if line.strip()]
    return "\n".join(line[:160] for line in lines[-27:]) + "\n"
