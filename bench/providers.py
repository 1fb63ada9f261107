"""What the provider targets cost: cold ``generate`` with and without them, and on main.

    .venv/bin/python bench/providers.py [--sizes 216 1000] [--runs 5] [--base REV]

For each synthetic set (bench/synth.py) it times a cold ``toolcanon generate --no-cache``
(no output folder) in three configurations, each a whole process, taking turns, medians
of ``--runs`` after one warm-up round:

* ``base``: REV (default: the merge base with main) exported with ``git archive``, all
  its targets (today's toolcanon, before the provider targets);
* ``without``: this tree, the targets ``base`` has (canonical, openai, anthropic, mcp,
  python, typescript, docs, schema);
* ``with``: this tree, every target, the opt-in gemini-openapi included (tools with a
  recursive schema are left out of it: its subset cannot hold recursion).

It prints wall and CPU seconds and the ratios with/without and with/base; the issue's
target is that the new targets add at most 10%. On a shared machine whole-process times
are noisy, so it also prints the main process's CPU for ``pipeline.build`` without and
with the new targets (no Python models: they run in worker processes and do not depend
on the provider targets), the fastest of ``--runs`` alternating runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.synth import make_contracts  # noqa: E402

BEFORE = ("canonical", "openai", "anthropic", "mcp", "python", "typescript", "docs", "schema")
NEW = ("bedrock", "gemini", "gemini-openapi")


def export(rev: str, into: Path) -> Path:
    """The generator package of ``rev``, for ``python -m generator`` via PYTHONPATH."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "generator", "templates"],
        check=True,
        capture_output=True,
    ).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def project(folder: Path, size: int, targets: tuple[str, ...] | None, left_out: bool) -> Path:
    folder.mkdir(parents=True)
    recursive = ("gemini-openapi",) if left_out else ()
    make_contracts(size, 1, folder / "contracts", recursive_left_out_of=recursive)
    config = "contracts: contracts\noutput: generated\n"
    if targets is not None:
        config += f"targets: [{', '.join(targets)}]\n"
    (folder / "toolcanon.yaml").write_text(config, encoding="utf-8")
    return folder


def cold_run(folder: Path, pythonpath: Path | None) -> tuple[float, float]:
    """Wall and CPU seconds (children included) of one cold generate."""
    env = dict(os.environ, PYTHONHASHSEED="random")
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    shutil.rmtree(folder / "generated", ignore_errors=True)
    log = folder / "stderr.log"  # a file, not a pipe: thousands of warnings would fill one
    start = time.perf_counter()
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "generator", "generate", "--no-cache"],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        err = log.read_text("utf-8", errors="replace")
        raise SystemExit(f"generate failed in {folder}:\n{err[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def cold_runs(
    configs: dict[str, tuple[Path, Path | None]], runs: int
) -> dict[str, tuple[list[float], list[float]]]:
    """Walls and CPUs per configuration, the configurations taking turns (one warm-up
    round first), so a machine that gets busier slows them all alike."""
    found: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in configs}
    for round_ in range(runs + 1):
        for name, (folder, code) in configs.items():
            wall, cpu = cold_run(folder, code)
            if round_:
                found[name][0].append(wall)
                found[name][1].append(cpu)
    return found


def in_process(folder: Path, runs: int) -> tuple[float, float]:
    """Fastest main-process CPU seconds of ``pipeline.build`` without and with NEW."""
    from dataclasses import replace

    from generator.project.config import load_config
    from generator.run import pipeline

    config = load_config(folder / "toolcanon.yaml")
    without = tuple(name for name in BEFORE if name != "python")
    configs = [
        replace(config, emit=replace(config.emit, targets=targets), cache=None)
        for targets in (without, without + NEW)
    ]
    pipeline.build(configs[1])  # imports
    times: list[list[float]] = [[], []]
    for _ in range(runs):
        for index, each in enumerate(configs):
            start = time.process_time()
            pipeline.build(each)
            times[index].append(time.process_time() - start)
    return min(times[0]), min(times[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--base", default=None, help="revision to compare with (merge base)")
    args = parser.parse_args()
    base = (
        args.base
        or subprocess.run(
            ["git", "-C", str(REPO), "merge-base", "HEAD", "main"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    with tempfile.TemporaryDirectory(prefix="toolcanon-bench-providers-") as tmp:
        root = Path(tmp)
        base_code = export(base, root / "base-code")
        for size in args.sizes:
            configs = {
                "base": (project(root / f"base-{size}", size, None, False), base_code),
                "without": (project(root / f"without-{size}", size, BEFORE, False), None),
                "with": (project(root / f"with-{size}", size, BEFORE + NEW, True), None),
            }
            medians: dict[str, tuple[float, float]] = {}
            for name, (walls, cpus) in cold_runs(configs, args.runs).items():
                medians[name] = (statistics.median(walls), statistics.median(cpus))
                shown = ", ".join(f"{wall:.2f}" for wall in walls)
                print(
                    f"{size:5} tools  {name:8} wall {medians[name][0]:7.3f} s  "
                    f"cpu {medians[name][1]:7.3f} s  (runs: {shown})",
                    flush=True,
                )
            without, with_new = in_process(configs["with"][0], args.runs)
            print(
                f"{size:5} tools  build() main-process CPU: without {without:.3f} s, "
                f"with {with_new:.3f} s, ratio {with_new / without:.3f}",
                flush=True,
            )
            for a, b in (("with", "without"), ("with", "base"), ("without", "base")):
                wall = medians[a][0] / medians[b][0]
                cpu = medians[a][1] / medians[b][1]
                print(f"{size:5} tools  {a}/{b}: wall {wall:.3f}  cpu {cpu:.3f}")


if __name__ == "__main__":
    main()
