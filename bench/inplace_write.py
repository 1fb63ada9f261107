"""What the two-phase in-place write costs beside the whole-folder swap.

    .venv/bin/python bench/inplace_write.py [--files 73] [--size 4096] [--runs 5]

Writes a plan of ``--files`` files of ``--size`` bytes over an older tree of the same
paths, in a temporary folder (``--dir``: on the disk to measure): once into a folder toolcanon
owns (swapped whole) and once into one holding someone's file (written aside with
fsync, then renamed). Prints the medians of ``--runs`` and the ratio in place / swap:
the price of a folder that is never left half-written on a full disk.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator.write.output import write  # noqa: E402
from generator.write.plan import Plan  # noqa: E402


def plan(files: int, size: int, fill: bytes) -> Plan:
    return Plan({PurePosixPath(f"d{i % 8}/f{i}.json"): fill * size for i in range(files)})


def once(root: Path, files: int, size: int, foreign: bool) -> float:
    out = root / "out"
    shutil.rmtree(out, ignore_errors=True)
    if foreign:
        out.mkdir()
        (out / "someone.txt").write_text("kept\n")
    old = plan(files, size, b"o")
    write(old, out)
    recorded = {rel: hashlib.sha256(data).hexdigest() for rel, data in old.files.items()}
    start = time.perf_counter()
    write(plan(files, size, b"n"), out, recorded=recorded)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=73)
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", help="a folder on the disk to measure (default: the temp dir)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        root = Path(folder)
        swap = statistics.median(once(root, args.files, args.size, False) for _ in range(args.runs))
        inplace = statistics.median(
            once(root, args.files, args.size, True) for _ in range(args.runs)
        )
    print(f"{args.files} files of {args.size} bytes, median of {args.runs}")
    print(f"swap (owned folder):      {swap * 1000:8.1f} ms")
    print(f"in place (two phases):    {inplace * 1000:8.1f} ms")
    print(f"ratio in place / swap:    {inplace / swap:8.2f}")


if __name__ == "__main__":
    main()
