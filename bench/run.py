"""`make bench`: toolcanon beside its peers, each measurement a whole process, medians and ratios.

    .venv/bin/python bench/run.py [--quick] [--sizes 216 1000 5000] [--runs 5] [--no-profile]

For the project's own contracts and seeded synthetic sets (bench/synth.py) it times, in
one run on one machine: ``toolcanon generate`` cold (no output, no cache), with nothing
changed, after one contract changed, and ``toolcanon check`` with nothing changed; the
peers on the same input schemas (datamodel-code-generator's CLI over one combined schema
with its default formatting; json-schema-to-typescript's compile() in one Node process);
the generated Python package (import, lookup+copy, decide); peak RSS of ``generate``.
Each measurement runs once to warm up, then ``--runs`` times; the median is kept.
Results go to bench/RESULTS.md (and stdout); targets missed get a cProfile summary.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import render_results  # noqa: E402
from bench.synth import make_contracts  # noqa: E402

BIN = Path(sys.executable).parent
TOOLCANON = [str(BIN / "toolcanon")]
PYPROJECT = '[tool.toolcanon]\ncontracts = "contracts"\noutput = "generated"\n'


@dataclass
class Timing:
    """Runs of one measurement: wall seconds, CPU seconds (with children), max RSS in MiB."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    def as_json(self) -> dict[str, object]:
        return {"wall": self.wall, "cpu": self.cpu, "rss_mib": self.rss, "median": self.median}


def timed(command: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall and CPU seconds and max RSS (MiB, largest process of the tree) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env()
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        err = process.stderr.read().decode() if process.stderr else ""
        raise SystemExit(f"{' '.join(command)} failed in {cwd}:\n{err[-3000:]}")
    if process.stderr:
        process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "random"
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


def repeat(
    runs: int, command: list[str], cwd: Path, before: Callable[[], None] = lambda: None
) -> Timing:
    """One warm-up run (none when ``runs`` is 1: the large sets), then ``runs`` measured runs,
    each after ``before()``."""
    timing = Timing()
    warm_up = 1 if runs > 1 else 0
    for index in range(runs + warm_up):
        before()
        wall, cpu, rss = timed(command, cwd)
        if index >= warm_up:
            timing.wall.append(wall)
            timing.cpu.append(cpu)
            timing.rss.append(rss)
    return timing


def make_project(folder: Path, size: int | None, seed: int) -> Path:
    """A project folder: the repository's contracts (size None) or a synthetic set."""
    folder.mkdir(parents=True)
    if size is None:
        shutil.copytree(
            REPO / "contracts", folder / "contracts", ignore=shutil.ignore_patterns("hosts")
        )  # overlays: not contracts
    else:
        make_contracts(size, seed, folder / "contracts")
    (folder / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    return folder


def cold(project: Path) -> Callable[[], None]:
    def reset() -> None:
        shutil.rmtree(project / "generated", ignore_errors=True)
        shutil.rmtree(project / ".toolcanon-cache", ignore_errors=True)

    return reset


def one_contract_changed(project: Path) -> Callable[[], None]:
    """Before each run, a property never seen before in one tool's input schema: the file is
    loaded and checked again, and that tool's chunk of models made again."""
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


def toolcanon_runs(project: Path, runs: int) -> dict[str, Timing]:
    generate, check = [*TOOLCANON, "generate"], [*TOOLCANON, "check"]
    results = {"generate cold": repeat(runs, generate, project, cold(project))}
    results["generate, nothing changed"] = repeat(runs, generate, project)
    results["check, nothing changed"] = repeat(runs, check, project)
    results["generate, one contract changed"] = repeat(
        runs, generate, project, one_contract_changed(project)
    )
    return results


def dcg_peer(project: Path, work: Path, runs: int) -> Timing:
    """datamodel-code-generator's CLI over every tool's input schema, default formatting."""
    from generator.config import load_config
    from generator.models.naming import class_names, tools_schema
    from generator.pipeline import load_toolset

    toolset, _ = load_toolset(load_config(project / "pyproject.toml"))
    assert toolset is not None
    names = class_names(tuple(tool.name for tool in toolset))
    schema = tools_schema(toolset, names)  # the same combined schema our models start from
    work.mkdir(parents=True, exist_ok=True)
    source = work / "combined.json"
    source.write_text(json.dumps(schema, ensure_ascii=False), encoding="utf-8")
    command = [str(BIN / "datamodel-codegen"), "--input", str(source)]
    command += ["--input-file-type", "jsonschema", "--output-model-type", "pydantic_v2.BaseModel"]
    command += ["--target-python-version", "3.11", "--output", str(work / "models.py")]
    return repeat(runs, command, work)


def typescript_runs(project: Path, work: Path, runs: int) -> dict[str, list[float]]:
    """In-process seconds: our TypeScript target; json-schema-to-typescript with and without
    its default (prettier) formatting, each in one Node process."""
    from bench.typescript_emit import compile_runs, emit_runs, package_inputs
    from generator.config import load_config

    toolset, inputs = package_inputs(load_config(project / "pyproject.toml"))
    return {
        "toolcanon typescript.emit": emit_runs(toolset, inputs, runs + 1)[1:],
        "json-schema-to-typescript (default, prettier)": compile_runs(
            toolset, work, runs, fmt=True
        ),
        "json-schema-to-typescript (format: false)": compile_runs(toolset, work, runs, fmt=False),
    }


def measure_set(label: str, size: int | None, args: argparse.Namespace, root: Path) -> dict:
    print(f"\n== {label}", flush=True)
    runs = args.runs if size is None or size <= 216 else args.runs_1000 if size <= 1000 else 1
    slug = label.replace(" ", "-")
    project = make_project(root / slug, size, args.seed)
    result: dict[str, object] = {"label": label, "size": size, "runs": runs}
    timings = toolcanon_runs(project, runs)
    timings["datamodel-code-generator alone"] = dcg_peer(project, root / f"{slug}-dcg", runs)
    for name, timing in timings.items():
        print(f"  {name:34} {timing.median:8.3f} s  (max RSS {max(timing.rss):6.1f} MiB)")
    result["timings"] = {name: timing.as_json() for name, timing in timings.items()}
    if label in args.typescript_sets:
        result["typescript"] = typescript_runs(project, root / f"{slug}-ts", args.runs)
    if label in args.package_sets:
        from bench.python_package import package_speed

        cold(project)()
        timed([*TOOLCANON, "generate"], project)
        result["package"] = package_speed(project / "generated" / "python", runs=args.runs * 3)
    if args.profile:
        result["project"] = str(project)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="216 tools and ours, one run each")
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000, 5000])
    parser.add_argument("--runs", type=int, default=5, help="measured runs after the warm-up")
    parser.add_argument("--runs-1000", type=int, default=2, help="runs for 1,000 tools")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-profile", dest="profile", action="store_false")
    parser.add_argument("--output", type=Path, default=REPO / "bench" / "RESULTS.md")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.runs = [216], 2
    args.typescript_sets = {"216 tools", "1000 tools"}
    args.package_sets = {"project contracts", "216 tools"}
    with tempfile.TemporaryDirectory(prefix="toolcanon-bench-") as tmp:
        sets = [("project contracts", None)] + [(f"{n} tools", n) for n in args.sizes]
        results = [measure_set(label, size, args, Path(tmp)) for label, size in sets]
        text = render_results(results, args)
    args.output.write_text(text, encoding="utf-8")
    print(f"\nwritten to {args.output}")


if __name__ == "__main__":
    main()
