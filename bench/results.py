"""bench/RESULTS.md from the measurements of bench/run.py: targets, tables, profiles of misses.

The last section (from ``HAND``) is written by hand after a run; rendering keeps it.
"""

from __future__ import annotations

import argparse
import io
import platform
import pstats
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

DCG = "datamodel-code-generator alone"
JSTT = "json-schema-to-typescript (default, prettier)"
JSTT_PLAIN = "json-schema-to-typescript (format: false)"
OURS_TS = "toolcanon typescript.emit"
TIMES = "\u00d7"  # the unit of a ratio
UNCHANGED = ("check, nothing changed", "generate, nothing changed")
HAND = "## Notes on this run (written by hand"


class Row(NamedTuple):
    name: str
    value: float
    limit: float
    unit: str
    profile: str | None = None  # the case to profile when missed


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _timing(result: dict[str, Any], name: str) -> float | None:
    found = result["timings"].get(name)
    return None if found is None else float(found["median"])


def _seconds(result: dict[str, Any], name: str) -> float:
    return float(result["timings"][name]["median"])


def issue_targets(by_size: dict[int | None, dict[str, Any]]) -> list[Row | str]:
    """The targets of the current performance issue, in its order (a string: not measured)."""
    base, mid, big = by_size.get(216), by_size.get(1000), by_size.get(5000)
    rows: list[Row | str] = []
    dcg = _timing(base, DCG) if base else None
    if base and dcg:
        cold = _seconds(base, "generate cold")
        changed = _timing(base, "generate, one contract changed")
        rows.append(
            Row("generate cold, all targets ÷ dcg alone (216)", cold / dcg, 1.0, TIMES, "cold")
        )
        if changed is not None:
            rows.append(
                Row("one contract changed ÷ dcg alone (216)", changed / dcg, 0.5, TIMES, "changed")
            )
    else:
        rows.append("generate cold and one contract changed ÷ dcg alone (216): not measured")
    if mid and big:
        growth = _seconds(big, "generate cold") / _seconds(mid, "generate cold")
        rows.append(Row("generate cold, 5,000 ÷ 1,000 tools", growth, 5.5, TIMES))
    if big:
        rss = max(big["timings"]["generate cold"]["rss_mib"])
        rows.append(Row("peak RSS of generate cold, 5,000 tools", rss, 350, "MiB"))
    package = base.get("package") if base else None
    if package:
        rows.append(
            Row(
                "package import ÷ `python -c pass`, fresh interpreter (216)",
                package["ratio"],
                1.6,
                TIMES,
            )
        )
    rows += ts_load_rows(base.get("ts_load") if base else None)
    unchanged = [_timing(mid, name) for name in UNCHANGED] if mid else []
    if unchanged and None not in unchanged:
        slower = max(t for t in unchanged if t is not None)
        rows.append(
            Row("check / generate, nothing changed (1,000), the slower", slower, 0.3, "s", "check")
        )
    return rows


def ts_load_rows(figures: dict[str, float] | None) -> list[Row | str]:
    """Loading the TypeScript package in fresh Node processes (bench/ts_load.py)."""
    if not figures:
        return ["TypeScript package load (216): not measured"]
    from bench.ts_load import (
        DESCRIPTORS,
        FIRST,
        NEXT,
        NODE_E_0,
        WHOLE,
        ZOD,
    )  # lazy: builds on generator

    return [
        Row(
            "import `<pkg>/descriptors` ÷ `node -e 0` (216)",
            figures[DESCRIPTORS] / figures[NODE_E_0],
            1.3,
            TIMES,
        ),
        Row(
            "import the TypeScript package ÷ import `zod` (216)",
            figures[WHOLE] / figures[ZOD],
            1.2,
            TIMES,
        ),
        Row(
            "first `parseArguments` in a process, Zod's own start included (216)",
            figures[FIRST],
            2,
            "ms",
        ),
        Row(
            "first `parseArguments` of a tool, another's made before (216)", figures[NEXT], 2, "ms"
        ),
    ]


def earlier_targets(by_size: dict[int | None, dict[str, Any]]) -> list[Row]:
    """Targets of earlier rounds, still held."""
    base = by_size.get(216)
    rows: list[Row] = []
    if not base:
        return rows
    dcg, check = _timing(base, DCG), _timing(base, "check, nothing changed")
    if dcg and check is not None:
        rows.append(Row("check, nothing changed ÷ dcg alone (216)", check / dcg, 0.15, TIMES))
    if "typescript" in base:
        ts = base["typescript"]
        rows.append(
            Row(
                "TypeScript emit ÷ json-schema-to-typescript (216)",
                _median(ts[OURS_TS]) / _median(ts[JSTT]),
                0.3,
                TIMES,
            )
        )
    if "package" in base:
        package = base["package"]
        rows.append(Row("lookup+copy per descriptor (216)", package["lookup+copy"], 20, "µs"))
        rows.append(Row("decide per call (216)", package["decide"], 2, "µs"))
    return rows


def _verdict(row: Row) -> str:
    return "met" if row.value <= row.limit else f"**missed by {row.value / row.limit - 1:.0%}**"


def _target_table(write: Any, rows: list[Row] | list[Row | str]) -> None:
    write("| target | measured | limit | |\n|---|---:|---:|---|\n")
    for row in rows:
        if isinstance(row, str):
            write(f"| {row} | | | |\n")
        else:
            measured, limit = f"{row.value:.3f} {row.unit}", f"{row.limit:g} {row.unit}"
            write(f"| {row.name} | {measured} | {limit} | {_verdict(row)} |\n")


def render_results(results: list[dict[str, Any]], args: argparse.Namespace, notes: str) -> str:
    out = io.StringIO()
    write = out.write
    command = "make bench-quick" if args.quick else "make bench"
    write(f"# toolcanon benchmarks\n\nWritten by `{command}` (`bench/run.py")
    write(
        f"{' --quick' if args.quick else ''}`) in {args.elapsed:.0f} s; only the last section is "
    )
    write("written by hand.\n\n")
    write(f"Machine: {platform.machine()}, {_cores()} cores, Python {platform.python_version()}, ")
    write(f"{platform.system()}; datamodel-code-generator {_version('datamodel-code-generator')}, ")
    write(f"black {_version('black')}. Each figure is a median of runs (how many: per set below), ")
    write("every run a whole process (start-up included), all in one session. The machine is ")
    write("shared: read the ratios, not the absolute times. Load average (1 min) before → after ")
    write(
        "each set: "
        + ", ".join(f"{r['label']} {r['load'][0]:.2f} → {r['load'][1]:.2f}" for r in results)
    )
    write(".\n\n## Targets\n\n")
    by_size = {r["size"]: r for r in results}
    rows = issue_targets(by_size)
    _target_table(write, rows)
    earlier = earlier_targets(by_size)
    if earlier:
        write("\nEarlier rounds' targets, still held:\n\n")
        _target_table(write, earlier)
    for result in results:
        _set_tables(write, result)
    missed = [
        r for r in [*rows, *earlier] if isinstance(r, Row) and r.value > r.limit and r.profile
    ]
    base = by_size.get(216)
    if missed and base and args.profile:
        write("\n## Profiles of missed targets (216 tools, cProfile of the main process)\n")
        for row in missed:
            text = profile(Path(base["project"]), row.profile or "cold")
            write(f"\n### {row.name}\n\n```\n{text}```\n")
    write(HOW_TO_READ)
    write(notes)
    return out.getvalue()


def hand_notes(results_file: Path) -> str:
    """The hand-written last section of an earlier RESULTS.md, kept as it is."""
    try:
        text = results_file.read_text(encoding="utf-8")
    except OSError:
        return ""
    at = text.find(HAND)
    return "\n" + text[at:] if at >= 0 else ""


def _set_tables(write: Any, result: dict[str, Any]) -> None:
    runs = result["runs"]
    write(f"\n## {result['label']}\n\n{runs} run{'s' if runs > 1 else ''}")
    write(" after one warm-up" if runs > 1 else ", no warm-up")
    dcg = _timing(result, DCG)
    write(
        ".\n\n| measurement | median s | CPU s | max RSS MiB | ÷ dcg |\n|---|---:|---:|---:|---:|\n"
    )
    for name, timing in result["timings"].items():
        cpu, rss = _median(timing["cpu"]), max(timing["rss_mib"])
        ratio = f"{timing['median'] / dcg:.3f}" if dcg else ""
        write(f"| {name} | {timing['median']:.3f} | {cpu:.2f} | {rss:.0f} | {ratio} |\n")
    if "typescript" in result:
        ts = result["typescript"]
        jstt = _median(ts[JSTT])
        write("\n| TypeScript, in process | median s | ÷ json-schema-to-typescript |\n")
        write("|---|---:|---:|\n")
        for name in (OURS_TS, JSTT, JSTT_PLAIN):
            write(f"| {name} | {_median(ts[name]):.3f} | {_median(ts[name]) / jstt:.3f} |\n")
    if "package" in result:
        p = result["package"]
        write("\nGenerated Python package: a fresh interpreter importing it takes ")
        write(f"{p['process ms']:.1f} ms, one running `pass` {p['pass ms']:.1f} ms ")
        write(f"({p['ratio']:.2f} {TIMES}); the import itself {p['cold']:.1f} ms ")
        write(f"({p['typing loaded']:.1f} ms with `typing` already loaded); lookup+copy ")
        write(f"{p['lookup+copy']:.2f} µs per descriptor, decide {p['decide']:.3f} µs per call.\n")


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _version(name: str) -> str:
    from importlib import metadata

    return metadata.version(name)


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


HOW_TO_READ = """
## How to read this

- *generate cold*: no `generated/` and an empty cache (the run's own `XDG_CACHE_HOME`);
  every target is written. Python models missing from the cache are made by a forked
  worker process while the other targets are emitted, so the CPU column can exceed the
  wall column.
- *nothing changed*: `generate` and `check` take the fast path (this machine's signed
  record: settings, contract hashes, output file hashes; no YAML, no emitter).
- *one contract changed*: before every run, one tool's input schema in one file gets a
  property never seen before, so that file's load+check and that tool's models are made
  again; everything else comes from the cache.
- *datamodel-code-generator alone*: its CLI, one process, over one JSON Schema holding
  every tool's input schema (the schema the Python target feeds it), Pydantic v2
  output, its default formatting (black and isort).
- *package import ÷ `python -c pass`*: wall time of a fresh interpreter importing the
  generated package (descriptors and the gate; models load on first use) over that of
  one running `pass`, the two taking turns.
- TypeScript times are in-process (no interpreter or Node start-up on either side).
- Max RSS is that of the largest process of the run (`wait4`), worker processes
  included as separate processes.
- TypeScript package load (bench/ts_load.py, the 216-tool set's package): fresh `node`
  processes taking turns, wall time; the first `parseArguments` figures are measured
  inside a process that imported the package: the first call of the process (its
  validator built and Zod's own code compiled by Node) and then another tool's first call.
"""
