"""Speed of the mode-masked lists: ``tools_for`` (Python) and ``toolsFor`` (TypeScript).

    .venv/bin/python bench/tools_for.py [--sizes 216 1000] [--seed 1]

Synthetic contracts (bench/synth.py) plus one host overlay are generated into both
packages; each (mode, list, host) is called once (what the first call costs: the lists'
data loaded and masked), then many times: the per-call figure is what a host pays on
every request (Python: a fresh copy of the cached list; TypeScript: a new array of the
frozen entries). Beside it, Python's per-call cost as a ratio of ``json.dumps`` of the
same list, which the SDK pays on every request anyway. Medians over every (mode, list,
host), the slowest combination beside it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from synth import make_contracts  # noqa: E402

from generator.ir.options import EmitOptions  # noqa: E402
from generator.project.settings import Config  # noqa: E402
from generator.write.plan import encode_text  # noqa: E402

OVERLAY = """\
version: 1
host: desktop
exclude: ["*delete*"]
tools:
  - match: "*"
    skill: {name: bench}
  - match: "*write*"
    requiresConfirmation: true
    availableInPlanMode: false
"""
TARGETS = ("canonical", "openai", "anthropic", "mcp", "python", "typescript")

PYTHON = """
import json, statistics, sys, time, timeit
sys.path.insert(0, sys.argv[1])
import toolcanon_tools as t
combos = [(m, k, h) for m in t.MODES for k in t.LIST_NAMES for h in (None, *t.HOSTS)]
start = time.perf_counter()
for combo in combos:
    t.tools_for(*combo)
first = (time.perf_counter() - start) / len(combos)
per_call, sent = [], []
for combo in combos:
    call = timeit.Timer(lambda: t.tools_for(*combo))
    number = max(1, call.autorange()[0] // 10)  # about 20 ms a run, whatever a call costs
    per_call.append(min(call.repeat(number=number, repeat=5)) / number)
    found = t.tools_for(*combo)
    dump = timeit.Timer(lambda: json.dumps(found))
    number = max(1, dump.autorange()[0] // 10)
    sent.append(min(dump.repeat(number=number, repeat=5)) / number)
median = statistics.median(per_call)
ratio = statistics.median(c / d for c, d in zip(per_call, sent))
print(json.dumps({"first": first, "median": median, "max": max(per_call), "of_dumps": ratio}))
"""

NODE = """
import { toolsFor, listNames, hostNames, permissionModes } from "./index.js";
const combos = [];
for (const m of permissionModes)
  for (const k of listNames) for (const h of [undefined, ...hostNames]) combos.push([m, k, h]);
let start = performance.now();
for (const c of combos) toolsFor(...c);
const first = (performance.now() - start) / 1000 / combos.length;
const perCall = [];
for (const c of combos) {
  const number = 20000;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    start = performance.now();
    for (let i = 0; i < number; i++) toolsFor(...c);
    best = Math.min(best, (performance.now() - start) / 1000 / number);
  }
  perCall.push(best);
}
perCall.sort((a, b) => a - b);
const median = perCall[Math.floor(perCall.length / 2)];
process.stdout.write(JSON.stringify({ first, median, max: perCall[perCall.length - 1] }));
"""


def generate(
    n_tools: int,
    seed: int,
    work: Path,
    *,
    make: Callable[[int, int, Path], object] = make_contracts,
    targets: tuple[str, ...] = TARGETS,
) -> Path:
    """Contracts (``make``: synthetic by default, or bench/real.py's) and one overlay → the
    ``targets`` under ``work/out``."""
    from generator.core.cache import NO_CACHE
    from generator.emit import emit_targets, enabled_targets
    from generator.emit.common import Inputs
    from generator.models.build import build
    from generator.run.pipeline import load_contracts

    make(n_tools, seed, work / "contracts")
    (work / "hosts").mkdir()
    (work / "hosts" / "desktop.yaml").write_text(OVERLAY, encoding="utf-8")
    options = EmitOptions(targets=targets)
    config = Config(
        root=work, contracts=work / "contracts", output=work / "out", emit=options,
        hosts=work / "hosts",
    )  # fmt: skip
    loaded = load_contracts(config)
    if loaded.toolset is None:
        raise SystemExit("\n".join(str(d) for d in loaded.diagnostics))
    models = build(loaded.toolset, NO_CACHE)
    inputs = Inputs(adapted=loaded.adapted, models=models.source, outputs=models.outputs)
    started = time.perf_counter()
    files = emit_targets(loaded.toolset, options, enabled_targets(options), inputs)
    print(f"  emitted {n_tools} tools in {time.perf_counter() - started:.1f} s", flush=True)
    for path, text in files.items():
        target = work / "out" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encode_text(text))
    modules = REPO / "tests" / "ts_harness" / "node_modules"
    (work / "out" / "node_modules").symlink_to(modules, target_is_directory=True)
    return work / "out"


def measure(
    out: Path, python_code: str = PYTHON, node_code: str = NODE, *args: str
) -> dict[str, dict[str, float]]:
    """What each timing script (Python, then Node; ``args`` after each) prints, as JSON."""
    python = subprocess.run(
        [sys.executable, "-c", python_code, str(out / "python"), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    node = subprocess.run(
        ["node", "--input-type=module", "-e", node_code, *args],
        cwd=out / "typescript",
        capture_output=True,
        text=True,
        check=True,
    )
    return {"python": json.loads(python.stdout), "typescript": json.loads(node.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            out = generate(size, args.seed, Path(tmp) / f"synth-{size}")
            for language, found in measure(out).items():
                print(
                    f"{size:>5} tools · {language:>10}: per call {found['median'] * 1e6:6.2f} µs "
                    f"(slowest list {found['max'] * 1e6:6.2f} µs) · first call "
                    f"{found['first'] * 1e3:6.2f} ms"
                    + (f" · {found['of_dumps']:.2f} of json.dumps" if "of_dumps" in found else ""),
                    flush=True,
                )


if __name__ == "__main__":
    main()
