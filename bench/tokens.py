"""Counting tokens for every listing of every target, for many synthetic tools.

    .venv/bin/python bench/tokens.py [--count 5000] [--seed 1] [--runs 3]

Makes ``--count`` tools with bench/synth.py, then times, each run in a fresh process
(so no counting cache survives between runs), medians of ``--runs``:

- ``load``: reading the o200k_base vocabulary (once per process);
- ``before``: the plain way, every entry and every whole listing serialized and encoded
  on its own (what counting costs without reusing anything);
- ``after``: ``generator.tokens.measure``, which reuses counts of repeated members and
  derives each listing from its tools (joined.py);

wall and CPU seconds each, and checks both give the same numbers. The target is
``after`` ≤ 2 s for 5,000 tools.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.synth import make_contracts  # noqa: E402
from generator.core.targets import enabled as enabled_targets  # noqa: E402
from generator.ir.model import Toolset  # noqa: E402
from generator.ir.options import EmitOptions  # noqa: E402
from generator.project.settings import Config  # noqa: E402
from generator.run.pipeline import load_toolset  # noqa: E402
from generator.tokens.encoding import encoder  # noqa: E402
from generator.tokens.measure import measure  # noqa: E402
from generator.tokens.serialize import dumps  # noqa: E402
from generator.tokens.targets import TARGETS, inputs_for  # noqa: E402

TARGET_SECONDS = 2.0


def _toolset(folder: Path) -> Toolset:
    config = Config(root=folder, contracts=folder / "contracts", output=folder / "out")
    toolset, diagnostics = load_toolset(config)
    if toolset is None:
        raise SystemExit(f"synthetic contracts did not load: {diagnostics[:3]}")
    return toolset


def plain_counts(toolset: Toolset, options: EmitOptions) -> dict[str, int]:
    """Listing file → tokens, each listing and entry encoded on its own."""
    encode = encoder().encode_ordinary
    found: dict[str, int] = {}
    enabled = {target.name for target in enabled_targets(options.targets)}
    lists = [target for target in TARGETS if target.target in enabled]  # opt-in ones off
    inputs = inputs_for(toolset, lists)
    for target in lists:
        groups: dict[str, list[str]] = {}
        for tool in target.members(toolset, inputs):
            text = dumps(target.entry(tool, inputs))
            encode(text)  # the tool's own count
            groups.setdefault(str(target.file_of(tool, options)), []).append(text)
        for file, texts in sorted(groups.items()):
            body = "[" + ",".join(texts) + "]"
            if target.wrap is not None:
                body = "{" + dumps(target.wrap) + ":" + body + "}"
            found[f"{target.key} {file}"] = len(encode(body))
    return found


def run_once(variant: str, folder: Path) -> dict[str, object]:
    """One timed run in this process: load the vocabulary, then count."""
    toolset = _toolset(folder)
    options = EmitOptions()
    start = time.perf_counter()
    encoder()
    load = time.perf_counter() - start
    wall, cpu = time.perf_counter(), time.process_time()
    if variant == "before":
        listings = plain_counts(toolset, options)
    else:
        report = measure(toolset, options)
        listings = {f"{row.target} {row.file}": row.primary.tokens for row in report.listings}
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"load": load, "wall": wall, "cpu": cpu, "tools": len(toolset), "listings": listings}


def _child(variant: str, folder: Path) -> dict[str, object]:
    command = [sys.executable, __file__, "--run", variant, str(folder)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--run", nargs=2, metavar=("VARIANT", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        print(json.dumps(run_once(args.run[0], Path(args.run[1]))))
        return
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        make_contracts(args.count, args.seed, folder / "contracts")
        results = {v: [_child(v, folder) for _ in range(args.runs)] for v in ("before", "after")}
    print(f"{args.count} tools, {len(TARGETS)} targets, median of {args.runs} fresh processes")
    for variant, runs in results.items():
        row = {
            key: statistics.median(float(str(r[key])) for r in runs)
            for key in ("load", "wall", "cpu")
        }
        print(
            f"  {variant:6}  count {row['wall']:.2f} s wall, {row['cpu']:.2f} s CPU"
            f"   (vocabulary load {row['load']:.2f} s)"
        )
    before, after = (results[v][0]["listings"] for v in ("before", "after"))
    print(f"  listings agree: {before == after} ({len(after)} listings)")  # type: ignore[arg-type]
    best = min(float(str(r["wall"])) for r in results["after"])
    verdict = "met" if best <= TARGET_SECONDS else "missed"
    print(f"  target ≤ {TARGET_SECONDS} s for the count: {verdict} (best run {best:.2f} s wall)")


if __name__ == "__main__":
    main()
