"""`make bench`: toolcanon beside its peers, each measurement a whole process, medians and ratios.

    .venv/bin/python bench/run.py [--quick] [--sizes 216 1000 5000] [--runs 5] [--no-profile]

For the project's own contracts and, at each size, two seeded sets — synthetic
(bench/synth.py: heavy, varied schemas) and real-shaped (bench/real.py: the reference
MCP servers' own tools, sampled: many small schemas) — it times, in one run on one
machine: ``toolcanon generate`` cold (no output, an empty cache), with nothing changed,
after one contract changed, and ``toolcanon check`` with nothing changed; the peers on
the same input schemas (datamodel-code-generator's CLI over one combined schema with its
default formatting; json-schema-to-typescript's compile() in one Node process); the
generated Python package (import in a fresh interpreter beside ``python -c pass``,
lookup+copy, decide); peak RSS of ``generate``; counting every listing of the 5,000-tool
sets (``measure``, bench/token_scale.py) and dispatch's overhead per call at 216 tools
(bench/dispatch.py). Each measurement runs once to warm up, then ``--runs`` times; the
median is kept. The machine's load average is recorded per set. Results go to
bench/RESULTS.md (and stdout); the hand-written last section of that file is kept;
targets missed get a cProfile summary (full run only).

``--quick`` (``make bench-quick``) measures only what the target table needs, on both
sets: 216 tools beside both peers, 1,000 tools cold, with nothing changed and beside
datamodel-code-generator, 5,000 tools cold once and their token counts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.real import make_real_contracts  # noqa: E402
from bench.results import hand_notes, render_results  # noqa: E402
from bench.synth import make_contracts  # noqa: E402
from bench.timing import Timing, timed  # noqa: E402

BIN = Path(sys.executable).parent
TOOLCANON = [str(BIN / "toolcanon")]
PYPROJECT = '[tool.toolcanon]\ncontracts = "contracts"\noutput = "generated"\n'
COLD = "generate cold"
UNCHANGED = ("generate, nothing changed", "check, nothing changed")
CHANGED = "generate, one contract changed"
DCG = "datamodel-code-generator alone"
SHAPES = {"synthetic": make_contracts, "real-shaped": make_real_contracts}
"""How each set is made: bench/synth.py's heavy schemas, bench/real.py's sampled real tools."""
DISPATCHED = 48
"""Tools whose dispatch is timed per set (the first by name): each takes about a second."""


def compile_generator() -> None:
    """Bytecode for toolcanon's modules, as pip writes it when it installs a package: an
    editable install with PYTHONDONTWRITEBYTECODE set would compile every module on
    every run, a cost no installed toolcanon (and no peer) pays."""
    import compileall

    compileall.compile_dir(REPO / "generator", quiet=1)


def isolate_cache(root: Path) -> Path:
    """toolcanon's cache and signing key in folders of this run (never the user's own):
    cold means an empty cache, and nothing of the run stays behind."""
    cache = root / "xdg-cache"
    os.environ["XDG_CACHE_HOME"] = str(cache)
    os.environ["XDG_STATE_HOME"] = str(root / "xdg-state")
    os.environ.pop("PYTHONPROFILEIMPORTTIME", None)
    return cache / "toolcanon"


def make_project(folder: Path, size: int | None, seed: int, shape: str = "synthetic") -> Path:
    """A project folder: the repository's contracts (size None) or a set of ``shape``."""
    folder.mkdir(parents=True)
    if size is None:
        shutil.copytree(
            REPO / "contracts", folder / "contracts", ignore=shutil.ignore_patterns("hosts")
        )  # overlays: not contracts
    else:
        SHAPES[shape](size, seed, folder / "contracts")
    (folder / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    return folder


def cold(project: Path) -> Callable[[], None]:
    def reset() -> None:
        shutil.rmtree(project / "generated", ignore_errors=True)
        shutil.rmtree(Path(os.environ["XDG_CACHE_HOME"]) / "toolcanon", ignore_errors=True)

    return reset


def one_contract_changed(project: Path) -> Callable[[], None]:
    """Before each run, a property never seen before in one tool's input schema: the file is
    loaded and checked again, and that tool's models made again."""
    target = sorted((project / "contracts").rglob("*.yaml"))[0]
    lines = target.read_text("utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.rstrip().endswith("properties:"))
    indent = lines[at + 1][: len(lines[at + 1]) - len(lines[at + 1].lstrip())]
    counter = iter(range(1_000_000))

    def change() -> None:
        n = next(counter)
        added = f"{indent}changed_{n}: {{type: string, description: Changed {n}}}\n"
        target.write_text("".join([*lines[: at + 1], added, *lines[at + 1 :]]), "utf-8")

    return change


Step = tuple[list[str], Path, Callable[[], None]]  # command, folder, what to do before


def steps(project: Path, wanted: tuple[str, ...], work: Path) -> dict[str, Step]:
    """The measurements of a set, each a command run in a folder after some preparation."""
    generate, check = [*TOOLCANON, "generate"], [*TOOLCANON, "check"]
    found: dict[str, Step] = {COLD: (generate, project, cold(project))}
    if UNCHANGED[0] in wanted:
        found[UNCHANGED[0]] = (generate, project, lambda: None)
        found[UNCHANGED[1]] = (check, project, lambda: None)
    if CHANGED in wanted:
        found[CHANGED] = (generate, project, one_contract_changed(project))
    if DCG in wanted:
        found[DCG] = (dcg_command(project, work), work, lambda: None)
    return found


def in_turns(runs: int, measured: dict[str, Step]) -> dict[str, Timing]:
    """Every measurement once a round, ``runs`` rounds after one warm-up round (none when
    ``runs`` is 1: the large sets): a machine that gets busier or quieter during a set
    slows or speeds toolcanon and its peer alike."""
    timings = {name: Timing() for name in measured}
    for index in range(runs + (1 if runs > 1 else 0)):
        for name, (command, folder, before) in measured.items():
            before()
            wall, cpu, rss = timed(command, folder)
            if index or runs == 1:
                timings[name].wall.append(wall)
                timings[name].cpu.append(cpu)
                timings[name].rss.append(rss)
    return timings


def dcg_command(project: Path, work: Path) -> list[str]:
    """datamodel-code-generator's CLI over every tool's input schema, default formatting."""
    from generator.models.naming import class_names, tools_schema
    from generator.project.config import load_config
    from generator.run.pipeline import load_toolset

    toolset, _ = load_toolset(load_config(project / "pyproject.toml"))
    assert toolset is not None
    names = class_names(tuple(tool.name for tool in toolset))
    schema = tools_schema(toolset, names)  # the same combined schema our models start from
    work.mkdir(parents=True, exist_ok=True)
    source = work / "combined.json"
    source.write_text(json.dumps(schema, ensure_ascii=False), encoding="utf-8")
    command = [str(BIN / "datamodel-codegen"), "--input", str(source)]
    command += ["--input-file-type", "jsonschema", "--output-model-type", "pydantic_v2.BaseModel"]
    return [*command, "--target-python-version", "3.11", "--output", str(work / "models.py")]


def dispatch_overhead(size: int, seed: int, shape: str) -> dict[str, float]:
    """bench/dispatch.py's figure, in a process of its own: what it builds in memory (the
    models, datamodel-code-generator) would otherwise stay in this one, and a process
    forked from a large one reports at least that one's size as its peak RSS."""
    command = [sys.executable, str(REPO / "bench" / "dispatch.py"), "--json"]
    command += ["--sizes", str(size), "--seed", str(seed), "--limit", str(DISPATCHED)]
    command += ["--real"] if shape == "real-shaped" else []
    ran = subprocess.run(command, capture_output=True, text=True, check=True)
    return dict(json.loads(ran.stdout.splitlines()[-1]))


def typescript_runs(project: Path, work: Path, runs: int) -> dict[str, list[float]]:
    """In-process seconds: our TypeScript target; json-schema-to-typescript with and without
    its default (prettier) formatting, each in one Node process."""
    from bench.typescript_emit import compile_runs, emit_runs, package_inputs
    from generator.project.config import load_config

    toolset, inputs = package_inputs(load_config(project / "pyproject.toml"))
    return {
        "toolcanon typescript.emit": emit_runs(toolset, inputs, runs + 1)[1:],
        "json-schema-to-typescript (default, prettier)": compile_runs(
            toolset, work, runs, fmt=True
        ),
        "json-schema-to-typescript (format: false)": compile_runs(toolset, work, runs, fmt=False),
    }


def plan(size: int | None, args: argparse.Namespace) -> tuple[int, tuple[str, ...]]:
    """How many runs a set gets and what is measured on it."""
    everything = (COLD, *UNCHANGED, CHANGED, DCG, "typescript", "package", "dispatch")
    if size is None or size <= 216:
        return args.runs, everything if size else everything[:-1]
    if not args.quick:
        return (
            (args.runs_1000, everything[:5]) if size <= 1000 else (1, (*everything[:5], "tokens"))
        )
    return (args.runs_1000, (COLD, *UNCHANGED, DCG)) if size <= 1000 else (1, (COLD, "tokens"))


def measure_set(
    label: str, size: int | None, args: argparse.Namespace, root: Path, shape: str = "synthetic"
) -> dict:
    print(f"\n== {label}", flush=True)
    runs, wanted = plan(size, args)
    slug = label.replace(" ", "-")
    project = make_project(root / slug, size, args.seed, shape)
    result: dict[str, object] = {"label": label, "size": size, "runs": runs, "shape": shape}
    load = [os.getloadavg()[0]]
    timings = in_turns(runs, steps(project, wanted, root / f"{slug}-dcg"))
    for name, timing in timings.items():
        print(f"  {name:34} {timing.median:8.3f} s  (max RSS {max(timing.rss):6.1f} MiB)")
    result["timings"] = {name: timing.as_json() for name, timing in timings.items()}
    if "typescript" in wanted and size is not None:
        result["typescript"] = typescript_runs(project, root / f"{slug}-ts", args.runs)
        from bench.ts_load import measure as ts_load

        result["ts_load"] = ts_load(project / "contracts")
    if "package" in wanted:
        from bench.python_package import package_speed

        cold(project)()
        timed([*TOOLCANON, "generate"], project)
        result["package"] = package_speed(project / "generated" / "python", runs=args.runs * 3)
    if "tokens" in wanted:
        from bench.token_scale import counting_seconds

        result["tokens"] = counting_seconds(project, runs=3)
    if "dispatch" in wanted and size is not None:
        result["dispatch"] = dispatch_overhead(size, args.seed, shape)
    result["load"] = [*load, os.getloadavg()[0]]
    if args.profile:
        result["project"] = str(project)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the target table only (< 5 min)")
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000, 5000])
    parser.add_argument("--runs", type=int, default=5, help="measured runs after the warm-up")
    parser.add_argument("--runs-1000", type=int, default=2, help="runs for 1,000 tools")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-profile", dest="profile", action="store_false")
    parser.add_argument("--output", type=Path, default=REPO / "bench" / "RESULTS.md")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.profile = 5, False  # 216 tools: 5 rounds, the ratios swing with load
    started = time.perf_counter()
    notes = hand_notes(args.output)
    compile_generator()
    with tempfile.TemporaryDirectory(prefix="toolcanon-bench-") as tmp:
        isolate_cache(Path(tmp))
        sets = [] if args.quick else [("project contracts", None, "synthetic")]
        sets += [(f"{n} {shape} tools", n, shape) for n in args.sizes for shape in SHAPES]
        results = [measure_set(label, size, args, Path(tmp), shape) for label, size, shape in sets]
        args.elapsed = time.perf_counter() - started
        text = render_results(results, args, notes)
    args.output.write_text(text, encoding="utf-8")
    print(text.split("\n## ", 2)[1] if "\n## " in text else text)
    print(f"written to {args.output} ({args.elapsed:.0f} s)")


if __name__ == "__main__":
    main()
