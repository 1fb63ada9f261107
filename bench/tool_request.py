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
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import tools_for  # noqa: E402

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


def measure(out: Path) -> dict[str, dict[str, float]]:
    return tools_for.measure(out, PYTHON, NODE, json.dumps(LISTS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216, 1000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            out = tools_for.generate(size, args.seed, Path(tmp) / f"synth-{size}", targets=TARGETS)
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
