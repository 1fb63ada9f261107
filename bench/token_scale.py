"""How ``toolcanon tokens`` scales: with one long unbroken description, and with tools.

    .venv/bin/python bench/token_scale.py [--runs 3] [--seed 1] [--shape letters]

Times ``toolcanon tokens --no-cache`` as a whole process (bench/timing.py: wall and CPU
seconds, peak RSS; medians of ``--runs``, the two sizes of a pair alternated so a busy
machine hurts both alike) on:

- one tool whose description is 1 MiB without a space, against the same at 100 KiB:
  ``letters`` (random lowercase, a single pre-token), ``one-char`` (one letter repeated),
  ``chinese`` (random CJK, a single pre-token) or ``base64`` (many short pre-tokens);
- 5,000 synthetic tools (bench/synth.py), against 1,000.

Ten times the input should cost about ten times the work: a ratio well above 10 is
superlinear counting (before the linear merge, the 1 MiB case did not finish). Start-up
and reading the vocabulary weigh on the smaller size, so the description's ratio is also
shown beyond a one-tool project with a one-line description (``beyond start-up``).
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.synth import make_contracts  # noqa: E402
from bench.timing import Timing, timed  # noqa: E402

TOKENS = [str(Path(sys.executable).parent / "toolcanon"), "tokens", "--no-cache"]
KIB = 1024
CHINESE = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动"

CONTRACT = """version: 1
tools:
  - name: read_blob
    description: {description}
    riskLevel: low
    isReadOnly: true
    inputSchema:
      type: object
      properties:
        path: {{type: string}}
      required: [path]
"""


def description(shape: str, size: int, seed: int) -> str:
    """``size`` bytes of UTF-8 text without a space, of the given shape."""
    rng = random.Random(seed)
    if shape == "one-char":
        return "a" * size
    if shape == "base64":
        return base64.b64encode(rng.randbytes(size)).decode("ascii")[:size]
    if shape == "chinese":
        return "".join(rng.choice(CHINESE) for _ in range(size // 3))
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(size))


def one_tool(folder: Path, text: str) -> Path:
    (folder / "contracts").mkdir(parents=True)
    (folder / "contracts" / "blob.yaml").write_text(
        CONTRACT.format(description=text), encoding="utf-8"
    )
    return folder


def many_tools(folder: Path, count: int, seed: int) -> Path:
    make_contracts(count, seed, folder / "contracts")
    return folder


COUNTING = """
import sys, time
from pathlib import Path
from generator.project.config import load_config
from generator.run.pipeline import load_contracts
from generator.tokens.encoding import encoder
from generator.tokens.measure import measure
from generator.tokens.targets import targets_for

config = load_config(Path(sys.argv[1]) / "pyproject.toml")
loaded = load_contracts(config)
assert loaded.toolset is not None, loaded.diagnostics
tools, targets = list(loaded.toolset), targets_for(config.emit)
encoder()
started, cpu = time.perf_counter(), time.process_time()
measure(tools, config.emit, loaded.inputs, targets=targets)
print(time.perf_counter() - started, time.process_time() - cpu)
"""


def counting_seconds(project: Path, runs: int) -> list[tuple[float, float]]:
    """Seconds ``measure`` takes to count every tool and listing of ``project`` in every list
    its targets write: what ``toolcanon tokens`` spends beyond reading and checking the
    contracts: (wall, CPU) per run, each a fresh process (no piece remembered from an
    earlier count), the vocabulary read before the clock starts."""
    found = []
    for _ in range(runs):
        ran = subprocess.run(
            [sys.executable, "-c", COUNTING, str(project)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        wall, cpu = ran.stdout.split()[-2:]
        found.append((float(wall), float(cpu)))
    return found


def measure_pair(small: Path, large: Path, runs: int) -> tuple[Timing, Timing]:
    """Both projects timed ``runs`` times, alternating."""
    timings = (Timing(), Timing())
    for _ in range(runs):
        for timing, project in zip(timings, (small, large), strict=True):
            wall, cpu, rss = timed(TOKENS, project)
            timing.wall.append(wall)
            timing.cpu.append(cpu)
            timing.rss.append(rss)
    return timings


def show(label: str, small: Timing, large: Timing, baseline: str) -> None:
    cpu = statistics.median(large.cpu) / statistics.median(small.cpu)
    print(
        f"  {label:30} {large.median:6.2f} s wall {statistics.median(large.cpu):6.2f} s CPU"
        f" {max(large.rss):6.1f} MiB  / {baseline}: {cpu:5.2f}x CPU"
        f" ({statistics.median(small.cpu):.2f} s, {max(small.rss):.1f} MiB)"
    )


def beyond(start: Timing, small: Timing, large: Timing) -> None:
    base = statistics.median(start.cpu)
    extra = [statistics.median(t.cpu) - base for t in (small, large)]
    print(
        f"  {'beyond start-up':30} {extra[1]:6.2f} s CPU / {extra[0]:.2f} s: "
        f"{extra[1] / extra[0]:5.2f}x (start-up {base:.2f} s CPU)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shape", choices=("letters", "one-char", "chinese", "base64"))
    args = parser.parse_args()
    shape = args.shape or "letters"
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        small = one_tool(root / "d100k", description(shape, 100 * KIB, args.seed))
        large = one_tool(root / "d1m", description(shape, 1024 * KIB, args.seed))
        blob = measure_pair(small, large, args.runs)
        start = measure_pair(one_tool(root / "bare", "Read a file."), small, args.runs)[0]
        few = many_tools(root / "t1000", 1000, args.seed)
        many = many_tools(root / "t5000", 5000, args.seed)
        tools = measure_pair(few, many, args.runs)
    print(f"toolcanon tokens --no-cache, median of {args.runs} processes (CPU ratios)")
    show(f"1 MiB description ({shape})", *blob, "100 KiB")
    beyond(start, *blob)
    show("5,000 tools", *tools, "1,000 tools")


if __name__ == "__main__":
    main()
