"""Speed of the cache-stable requests: ``tool_request`` (Python) and ``toolRequest`` (TypeScript).

    .venv/bin/python bench/tool_request.py [--sizes 216 1000] [--seed 1]

Synthetic contracts (bench/synth.py) plus bench/tools_for.py's host overlay go into both
packages; for each (list, mode, host) of the lists that carry a restriction (OpenAI Chat,
Responses, Gemini) the request is built once (the first call), then many times: what a
host pays on every request. Printed as ratios, Python's per call over ``tools_for`` of the
same combination (a request copies the full list, the masked list fewer tools) and over
``json.dumps`` of the request, which the SDK pays on every request anyway; TypeScript's
per call over ``toolsFor``. Medians over every combination.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from synth import make_contracts  # noqa: E402
from tools_for import OVERLAY  # noqa: E402

from generator.ir.options import EmitOptions  # noqa: E402
from generator.project.settings import Config  # noqa: E402
from generator.write.plan import encode_text  # noqa: E402

TARGETS = ("canonical", "openai", "gemini", "python", "typescript")
LISTS = ("openai-chat", "openai-responses", "gemini")

PYTHON = """
import json, statistics, sys, time, timeit
sys.path.insert(0, sys.argv[1])
import toolcanon_tools as t
combos = [(k, m, h) for k in json.loads(sys.argv[2]) for m in t.MODES for h in (None, *t.HOSTS)]
start = time.perf_counter()
for k, m, h in combos:
    t.tool_request(k, m, host=h)
first = (time.perf_counter() - start) / len(combos)

def best(call):
    timer = timeit.Timer(call)
    number = max(1, timer.autorange()[0] // 10)
    return min(timer.repeat(number=number, repeat=5)) / number

per_call, of_list, of_dumps = [], [], []
for k, m, h in combos:
    cost = best(lambda: t.tool_request(k, m, host=h))
    per_call.append(cost)
    of_list.append(cost / best(lambda: t.tools_for(m, k, h)))
    found = t.tool_request(k, m, host=h)
    of_dumps.append(cost / best(lambda: json.dumps(found)))
print(json.dumps({"first": first, "median": statistics.median(per_call),
                  "of_list": statistics.median(of_list), "of_dumps": statistics.median(of_dumps)}))
"""

NODE = """
import { toolRequest, toolsFor, hostNames, permissionModes } from "./index.js";
const combos = [];
for (const k of JSON.parse(process.argv[1]))
  for (const m of permissionModes)
    for (const h of [undefined, ...hostNames]) combos.push([k, m, h]);
let start = performance.now();
for (const [k, m, h] of combos) toolRequest(k, m, h);
const first = (performance.now() - start) / 1000 / combos.length;
const best = (call) => {
  let found = Infinity;
  for (let r = 0; r < 5; r++) {
    start = performance.now();
    for (let i = 0; i < 20000; i++) call();
    found = Math.min(found, (performance.now() - start) / 1000 / 20000);
  }
  return found;
};
const perCall = [], ofList = [];
for (const [k, m, h] of combos) {
  const cost = best(() => toolRequest(k, m, h));
  perCall.push(cost);
  ofList.push(cost / best(() => toolsFor(m, k, h)));
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
process.stdout.write(JSON.stringify({ first, median: median(perCall), of_list: median(ofList) }));
"""


def generate(n_tools: int, seed: int, work: Path) -> Path:
    """Synthetic contracts and one overlay → the packages under ``work/out``."""
    from generator.core.cache import NO_CACHE
    from generator.emit import emit_targets, enabled_targets
    from generator.emit.common import Inputs
    from generator.models.build import build
    from generator.run.pipeline import load_contracts

    make_contracts(n_tools, seed, work / "contracts")
    (work / "hosts").mkdir()
    (work / "hosts" / "desktop.yaml").write_text(OVERLAY, encoding="utf-8")
    options = EmitOptions(targets=TARGETS)
    config = Config(
        root=work, contracts=work / "contracts", output=work / "out", emit=options,
        hosts=work / "hosts",
    )  # fmt: skip
    loaded = load_contracts(config)
    if loaded.toolset is None:
        raise SystemExit("\n".join(str(d) for d in loaded.diagnostics))
    models = build(loaded.toolset, NO_CACHE)
    inputs = Inputs(adapted=loaded.adapted, models=models.source, outputs=models.outputs)
    for path, text in emit_targets(
        loaded.toolset, options, enabled_targets(options), inputs
    ).items():
        target = work / "out" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encode_text(text))
    modules = REPO / "tests" / "ts_harness" / "node_modules"
    (work / "out" / "node_modules").symlink_to(modules, target_is_directory=True)
    return work / "out"


def measure(out: Path) -> dict[str, dict[str, float]]:
    lists = json.dumps(LISTS)
    python = subprocess.run(
        [sys.executable, "-c", PYTHON, str(out / "python"), lists],
        capture_output=True,
        text=True,
        check=True,
    )
    node = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, lists],
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
                    f"{size:>5} tools · {language:>10}: per call {found['median'] * 1e6:8.2f} µs"
                    f" · {found['of_list']:.2f} of the masked list's call · first call "
                    f"{found['first'] * 1e3:6.2f} ms"
                    + (f" · {found['of_dumps']:.2f} of json.dumps" if "of_dumps" in found else ""),
                    flush=True,
                )


if __name__ == "__main__":
    main()
