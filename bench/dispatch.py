"""What ``ToolHost.dispatch`` costs beyond ``parse_arguments`` and the handler, per call.

    .venv/bin/python bench/dispatch.py [--sizes 216] [--seed 1] [--real] [--limit N] [--json]

Synthetic contracts (bench/synth.py) are generated into the Python package; every tool
gets a handler that returns at once (text, or a fixed object for a tool with an
``outputSchema`` whose schema it fits, else the tool is skipped), and one valid arguments
object drawn by hypothesis-jsonschema. For each tool, a Claude ``tool_use`` block is
dispatched (``dispatch_sync``, mode ``auto``, a ``confirm`` that says yes) and, apart,
``parse_arguments`` and the handler are called on the same input: the difference is what
dispatch adds (routing, the gate, the context, result validation and the result object).
Medians over the tools, the slowest beside it; the target is 10 µs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from tools_for import generate  # noqa: E402

PYTHON = """
import json, statistics, sys, timeit, warnings
sys.path.insert(0, sys.argv[1])
from hypothesis import HealthCheck, given, settings
from hypothesis_jsonschema import from_schema
import toolcanon_tools as t
from toolcanon_tools.host import _OUTPUT

warnings.simplefilter("ignore")


def one(schema):
    found = []

    @settings(max_examples=1, database=None, suppress_health_check=list(HealthCheck))
    @given(from_schema(schema))
    def draw(value):
        found.append(value)

    try:
        draw()
    except Exception:
        return None
    return found[0] if found else None


app = t.ToolHost("auto", confirm=lambda ctx, args: True, allow_missing=True)
calls = []
for name in t.NAMES:
    if name in _OUTPUT:
        continue  # a handler cannot answer an arbitrary outputSchema with a fixed object
    args = one(t.plain(t.BY_NAME[name]["inputSchema"]))
    if args is None:
        continue
    try:
        t.parse_arguments(name, args, provider="anthropic")
    except t.ArgumentsError:
        continue
    app.handler(name)(lambda a, ctx: "ok")
    provider_name = t.BY_NAME[name]["providerName"]
    calls.append((name, args, {"type": "tool_use", "id": "c1", "name": provider_name,
                               "input": args}))


def best(function):
    timer = timeit.Timer(function)
    number = max(1, timer.autorange()[0] // 10)
    return min(timer.repeat(number=number, repeat=5)) / number


limit = int(sys.argv[2]) if len(sys.argv) > 2 else len(calls)
overhead = []
for name, args, call in calls[:limit]:
    assert app.dispatch_sync("anthropic", call)["is_error"] is False
    whole = best(lambda: app.dispatch_sync("anthropic", call))
    parse = best(lambda: t.parse_arguments(name, args, provider="anthropic"))
    handler = best(lambda: (lambda a, ctx: "ok")(None, None))
    overhead.append(whole - parse - handler)
print(json.dumps({"tools": min(limit, len(calls)), "median": statistics.median(overhead),
                  "max": max(overhead)}))
"""


def overhead(
    size: int,
    seed: int,
    work: Path,
    make: Callable[[int, int, Path], object] | None = None,
    *,
    limit: int | None = None,
) -> dict[str, float]:
    """Dispatch's overhead per call on ``size`` tools (``make``: bench/tools_for's default
    synthetic set, or another maker): ``tools`` dispatched, ``median`` and ``max`` seconds.
    ``limit``: time only the first that many dispatchable tools (by name; each costs about a
    second of timing), as ``make bench`` does to stay within its minutes."""
    out = generate(size, seed, work, **({"make": make} if make else {}))
    extra = [] if limit is None else [str(limit)]
    ran = subprocess.run(
        [sys.executable, "-c", PYTHON, str(out / "python"), *extra], capture_output=True, text=True
    )
    if ran.returncode != 0:
        raise SystemExit(ran.stderr)
    return dict(json.loads(ran.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[216])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real", action="store_true", help="the real-shaped set (bench/real.py)")
    parser.add_argument("--limit", type=int, help="time only the first N dispatchable tools")
    parser.add_argument("--json", action="store_true", help="one JSON object per size")
    args = parser.parse_args()
    make = None
    if args.real:
        from real import make_real_contracts

        make = make_real_contracts
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            found = overhead(size, args.seed, Path(tmp) / f"set-{size}", make, limit=args.limit)
            if args.json:
                print(json.dumps(found), flush=True)
                continue
            print(
                f"{size:>5} tools ({found['tools']} dispatched): overhead per call "
                f"{found['median'] * 1e6:5.2f} µs median, {found['max'] * 1e6:5.2f} µs slowest "
                "(target ≤ 10 µs)",
                flush=True,
            )


if __name__ == "__main__":
    main()
