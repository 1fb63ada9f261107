"""bench/RESULTS.md from the measurements of bench/run.py: targets, tables, profiles of misses.

The last section (from ``HAND``) is written by hand after a run; rendering keeps it.
"""

from __future__ import annotations

import argparse
import io
import platform
from pathlib import Path
from typing import Any, NamedTuple

from bench.profiles import profile

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
    where: str = ""  # the set it is measured on
    peer: str = ""  # what it is compared with


Sets = dict[tuple[str, int | None], dict[str, Any]]
"""Each set's measurements by (shape, size)."""
SHAPES = ("synthetic", "real-shaped")


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _timing(result: dict[str, Any], name: str) -> float | None:
    found = result["timings"].get(name)
    return None if found is None else float(found["median"])


def _seconds(result: dict[str, Any], name: str) -> float:
    return float(result["timings"][name]["median"])


def _cpu(result: dict[str, Any], name: str) -> float:
    return _median(result["timings"][name]["cpu"])


def _where(shape: str, size: int) -> str:
    return f"{shape}, {size:,}"


def issue_targets(sets: Sets) -> list[Row | str]:
    """The targets of the current performance issue, in its order, on both sets (a string:
    not measured)."""
    rows: list[Row | str] = []
    for shape in SHAPES:
        rows += _against_dcg(sets, shape)
    for shape in SHAPES:
        big, where = sets.get((shape, 5000)), _where(shape, 5000)
        if big and "tokens" in big:
            counted = _median([wall for wall, _ in big["tokens"]])
            rows.append(Row("counting every tool and listing, wall", counted, 2, "s", None, where))
        if big:
            rss = max(big["timings"]["generate cold"]["rss_mib"])
            rows.append(Row("peak RSS of generate cold", rss, 350, "MiB", None, where))
    for shape in SHAPES:
        base = sets.get((shape, 216))
        rows += ts_load_rows(base.get("ts_load") if base else None, _where(shape, 216))
    for shape in SHAPES:
        base = sets.get((shape, 216))
        if base and "dispatch" in base:
            per_call = base["dispatch"]["median"] * 1e6
            name = "dispatch overhead per call, median"
            peer = "parse_arguments + handler"
            rows.append(Row(name, per_call, 10, "µs", None, _where(shape, 216), peer))
    return rows


def _against_dcg(sets: Sets, shape: str) -> list[Row | str]:
    """generate cold beside datamodel-code-generator alone, wall and CPU, at 216 and 1,000."""
    rows: list[Row | str] = []
    peer = "dcg alone"
    for size in (216, 1000):
        result, where = sets.get((shape, size)), _where(shape, size)
        dcg = _timing(result, DCG) if result else None
        if not result or not dcg:
            rows.append(f"generate cold ÷ dcg alone ({where}): not measured")
            continue
        wall = _seconds(result, "generate cold") / dcg
        cpu = _cpu(result, "generate cold") / _cpu(result, DCG)
        rows.append(Row("generate cold, wall", wall, 0.8, TIMES, "cold", where, peer))
        rows.append(Row("generate cold, CPU (children too)", cpu, 1.2, TIMES, None, where, peer))
    return rows


def earlier_targets(sets: Sets) -> list[Row]:
    """Targets of earlier rounds, still held (on the synthetic set, as they were set)."""
    base, mid, big = (sets.get(("synthetic", size)) for size in (216, 1000, 5000))
    rows: list[Row] = []
    where = _where("synthetic", 216)
    if base:
        dcg, check = _timing(base, DCG), _timing(base, "check, nothing changed")
        changed = _timing(base, "generate, one contract changed")
        if dcg and changed is not None:
            name = "one contract changed"
            rows.append(Row(name, changed / dcg, 0.5, TIMES, "changed", where, "dcg alone"))
        if dcg and check is not None:
            name = "check, nothing changed"
            rows.append(Row(name, check / dcg, 0.15, TIMES, None, where, "dcg alone"))
        rows += _package_rows(base, where)
    if mid and big:
        growth = _seconds(big, "generate cold") / _seconds(mid, "generate cold")
        rows.append(
            Row("generate cold, 5,000 ÷ 1,000 tools", growth, 5.5, TIMES, None, "synthetic")
        )
    unchanged = [_timing(mid, name) for name in UNCHANGED] if mid else []
    if unchanged and None not in unchanged:
        slower = max(t for t in unchanged if t is not None)
        name = "check / generate, nothing changed, the slower"
        rows.append(Row(name, slower, 0.3, "s", "check", _where("synthetic", 1000)))
    return rows


def ts_load_rows(figures: dict[str, float] | None, where: str) -> list[Row | str]:
    """Loading the TypeScript package in fresh Node processes (bench/ts_load.py)."""
    if not figures:
        return [f"TypeScript package load ({where}): not measured"]
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
            "import `<pkg>/descriptors`",
            figures[DESCRIPTORS] / figures[NODE_E_0],
            1.3,
            TIMES,
            None,
            where,
            "`node -e 0`",
        ),
        Row(
            "import the TypeScript package",
            figures[WHOLE] / figures[ZOD],
            1.2,
            TIMES,
            None,
            where,
            "import `zod` alone",
        ),
        Row(
            "first `parseArguments` in a process, Zod's own start included",
            figures[FIRST],
            2,
            "ms",
            None,
            where,
        ),
        Row(
            "first `parseArguments` of a tool, another's made before",
            figures[NEXT],
            2,
            "ms",
            None,
            where,
        ),
    ]


def _package_rows(base: dict[str, Any], where: str) -> list[Row]:
    rows: list[Row] = []
    if "typescript" in base:
        ts = base["typescript"]
        ratio = _median(ts[OURS_TS]) / _median(ts[JSTT])
        rows.append(Row("TypeScript emit", ratio, 0.3, TIMES, None, where, "json-schema-to-ts"))
    if "package" in base:
        package = base["package"]
        name = "package import, fresh interpreter"
        rows.append(Row(name, package["ratio"], 1.6, TIMES, None, where, "`python -c pass`"))
        rows.append(
            Row("lookup+copy per descriptor", package["lookup+copy"], 20, "µs", None, where)
        )
        rows.append(Row("decide per call", package["decide"], 2, "µs", None, where))
    return rows


def _verdict(row: Row) -> str:
    return "met" if row.value <= row.limit else f"**missed by {row.value / row.limit - 1:.0%}**"


def _target_table(write: Any, rows: list[Row] | list[Row | str]) -> None:
    write("| target | set | peer | measured | limit | |\n|---|---|---|---:|---:|---|\n")
    for row in rows:
        if isinstance(row, str):
            write(f"| {row} | | | | | |\n")
        else:
            measured, limit = f"{row.value:.3f} {row.unit}", f"{row.limit:g} {row.unit}"
            write(f"| {row.name} | {row.where} | {row.peer} | {measured} | {limit} |")
            write(f" {_verdict(row)} |\n")


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
    sets: Sets = {(r.get("shape", "synthetic"), r["size"]): r for r in results}
    rows = issue_targets(sets)
    _target_table(write, rows)
    earlier = earlier_targets(sets)
    if earlier:
        write("\nEarlier rounds' targets, still held:\n\n")
        _target_table(write, earlier)
    for result in results:
        _set_tables(write, result)
    missed = [
        r for r in [*rows, *earlier] if isinstance(r, Row) and r.value > r.limit and r.profile
    ]
    if missed and args.profile:
        write("\n## Profiles of missed targets (cProfile of the main process)\n")
        for row in missed:
            shape, size = row.where.split(", ")
            base = sets[(shape, int(size.replace(",", "")))]
            text = profile(Path(base["project"]), row.profile or "cold")
            write(f"\n### {row.name} ({row.where})\n\n```\n{text}```\n")
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
    if "tokens" in result:
        walls, cpus = [w for w, _ in result["tokens"]], [c for _, c in result["tokens"]]
        write("\nCounting every tool and listing (`measure`, each run a fresh process): ")
        write(f"{_median(walls):.2f} s wall, {_median(cpus):.2f} s CPU (median of {len(walls)}).\n")
    if "dispatch" in result:
        d = result["dispatch"]
        write(f"\nDispatch: {d['tools']} tools dispatched, overhead per call beyond ")
        write(f"`parse_arguments` and the handler {d['median'] * 1e6:.2f} µs median, ")
        write(f"{d['max'] * 1e6:.2f} µs the slowest.\n")
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
- *synthetic* sets (bench/synth.py) have heavy, varied schemas; *real-shaped* sets
  (bench/real.py) are the reference MCP servers' own tools (time, git, filesystem,
  memory), sampled and imported: many small schemas, long descriptions, output schemas.
- *datamodel-code-generator alone*: its CLI, one process, over one JSON Schema holding
  every tool's input schema (the schema the Python target feeds it), Pydantic v2
  output, its default formatting (black and isort).
- *package import ÷ `python -c pass`*: wall time of a fresh interpreter importing the
  generated package (descriptors and the gate; models load on first use) over that of
  one running `pass`, the two taking turns.
- *counting every tool and listing*: `measure` over every list the targets write, in a
  fresh process after the contracts are read and checked (what `toolcanon tokens` adds).
- *dispatch overhead*: `ToolHost.dispatch_sync` per call minus `parse_arguments` and the
  handler on the same input (bench/dispatch.py).
- TypeScript times are in-process (no interpreter or Node start-up on either side).
- Max RSS is that of the largest process of the run (`wait4`), worker processes
  included as separate processes.
- TypeScript package load (bench/ts_load.py, the 216-tool set's package): fresh `node`
  processes taking turns, wall time; the first `parseArguments` figures are measured
  inside a process that imported the package: the first call of the process (its
  validator built and Zod's own code compiled by Node) and then another tool's first call.
"""
