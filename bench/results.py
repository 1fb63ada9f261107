"""bench/RESULTS.md from the measurements of bench/run.py: tables, targets, profiles of misses."""

from __future__ import annotations

import argparse
import io
import platform
import pstats
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

DCG = "datamodel-code-generator alone"
JSTT = "json-schema-to-typescript (default, prettier)"
JSTT_PLAIN = "json-schema-to-typescript (format: false)"
OURS_TS = "toolcanon typescript.emit"
TIMES = "\u00d7"  # the unit of a ratio


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _timing(result: dict[str, Any], name: str) -> float:
    return float(result["timings"][name]["median"])


def targets(results: list[dict[str, Any]]) -> list[tuple[str, float, float, str, str | None]]:
    """(target, measured, limit, unit, command to profile when missed) for every target."""
    by_size = {r["size"]: r for r in results}
    rows: list[tuple[str, float, float, str, str | None]] = []
    base = by_size.get(216)
    if base:
        dcg = _timing(base, DCG)
        rows += [
            (
                "check, nothing changed ÷ dcg (216)",
                _timing(base, "check, nothing changed") / dcg,
                0.15,
                TIMES,
                "check",
            ),
            ("generate cold ÷ dcg (216)", _timing(base, "generate cold") / dcg, 1.2, TIMES, "cold"),
            (
                "generate, one contract changed ÷ dcg (216)",
                _timing(base, "generate, one contract changed") / dcg,
                0.6,
                TIMES,
                "changed",
            ),
        ]
        if "typescript" in base:
            ts = base["typescript"]
            ratio = _median(ts[OURS_TS]) / _median(ts[JSTT])
            rows.append(
                ("TypeScript emit ÷ json-schema-to-typescript (216)", ratio, 0.3, TIMES, None)
            )
    if 1000 in by_size and 5000 in by_size:
        growth = _timing(by_size[5000], "generate cold") / _timing(by_size[1000], "generate cold")
        rows.append(("generate cold, 5,000 ÷ 1,000 tools", growth, 5.5, TIMES, None))
    if 5000 in by_size:
        rss = max(by_size[5000]["timings"]["generate cold"]["rss_mib"])
        rows.append(("peak RSS of generate, 5,000 tools", rss, 400, "MiB", None))
    package = base.get("package") if base else None
    if package:
        rows += [
            ("package import, fresh interpreter (216)", package["cold"], 30, "ms", None),
            ("lookup+copy per descriptor (216)", package["lookup+copy"], 20, "µs", None),
            ("decide per call (216)", package["decide"], 2, "µs", None),
        ]
    return rows


def render_results(results: list[dict[str, Any]], args: argparse.Namespace) -> str:
    out = io.StringIO()
    write = out.write
    write("# toolcanon benchmarks\n\nWritten by `make bench` (`bench/run.py`")
    write(f"{' --quick' if args.quick else ''}); do not edit by hand.\n\n")
    write(f"Machine: {platform.machine()}, {_cores()} cores, Python {platform.python_version()}, ")
    write(f"{platform.system()}. Each figure is a median of runs (how many: per set below), ")
    write("every run a whole process (start-up included), all in one session. ")
    write("The machine is shared: read the ratios, not the absolute times.\n\n")
    write("## Targets\n\n| target | measured | limit | |\n|---|---:|---:|---|\n")
    rows = targets(results)
    for name, value, limit, unit, _ in rows:
        verdict = "met" if value <= limit else f"**missed by {value / limit - 1:.0%}**"
        write(f"| {name} | {value:.3f} {unit} | {limit:g} {unit} | {verdict} |\n")
    for result in results:
        _set_tables(write, result)
    missed = [(n, cmd) for n, v, limit, _, cmd in rows if v > limit and cmd]
    base = next((r for r in results if r["size"] == 216), None)
    if missed and base and args.profile:
        write("\n## Profiles of missed targets (216 tools, cProfile of the main process)\n")
        for name, command in missed:
            write(f"\n### {name}\n\n```\n{profile(Path(base['project']), command)}```\n")
    write(NOTES)
    return out.getvalue()


def _set_tables(write: Any, result: dict[str, Any]) -> None:
    runs = result["runs"]
    write(f"\n## {result['label']}\n\n{runs} run{'s' if runs > 1 else ''}")
    write(" after one warm-up" if runs > 1 else ", no warm-up")
    write(".\n\n| measurement | median s | CPU s | max RSS MiB | ")
    write("÷ dcg |\n|---|---:|---:|---:|---:|\n")
    dcg = _timing(result, DCG)
    for name, timing in result["timings"].items():
        cpu, rss = _median(timing["cpu"]), max(timing["rss_mib"])
        write(f"| {name} | {timing['median']:.3f} | {cpu:.2f} | {rss:.0f} | ")
        write(f"{timing['median'] / dcg:.3f} |\n")
    if "typescript" in result:
        ts = result["typescript"]
        jstt = _median(ts[JSTT])
        write("\n| TypeScript, in process | median s | ÷ json-schema-to-typescript |\n")
        write("|---|---:|---:|\n")
        for name in (OURS_TS, JSTT, JSTT_PLAIN):
            write(f"| {name} | {_median(ts[name]):.3f} | {_median(ts[name]) / jstt:.3f} |\n")
    if "package" in result:
        p = result["package"]
        write(f"\nGenerated Python package: import {p['cold']:.1f} ms in a fresh interpreter ")
        write(f"({p['typing loaded']:.1f} ms with `typing` already loaded), lookup+copy ")
        write(f"{p['lookup+copy']:.2f} µs per descriptor, decide {p['decide']:.3f} µs per call.\n")


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def profile(project: Path, case: str) -> str:
    """cProfile of one run of the case, summarised: top functions by cumulative time."""
    command = "check" if case == "check" else "generate"
    if case == "cold":
        shutil.rmtree(project / "generated", ignore_errors=True)
        shutil.rmtree(project / ".toolcanon-cache", ignore_errors=True)
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


NOTES = """
## How to read this

- *generate cold*: no `generated/` and no `.toolcanon-cache/`; every target is written.
  Chunks of Python models missing from the cache are made by forked worker processes
  while the other targets are emitted, so the CPU column can exceed the wall column.
- *nothing changed*: `generate` and `check` take the hash-only fast path (manifest,
  contract hashes, file hashes; no YAML, no jsonschema, no emitter).
- *one contract changed*: before every run, one tool's input schema in one file gets a
  property never seen before, so that file's load+check and the tool's chunk of models
  are redone; every other file and chunk comes from `.toolcanon-cache/`.
- *datamodel-code-generator alone*: its CLI, one process, over one JSON Schema holding
  every tool's input schema (the schema the Python target feeds it), Pydantic v2
  output, its default formatting (black and isort).
- TypeScript times are in-process (no interpreter or Node start-up on either side).
- Max RSS is that of the largest process of the run (`wait4`), worker processes
  included as separate processes.
"""
