"""One measurement of bench/run.py: a whole process timed, repeated, medians kept."""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path


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
    env = dict(os.environ, PYTHONHASHSEED="random")
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errors, env=env
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in (0, 1):
            errors.seek(0)
            text = errors.read().decode(errors="replace")
            raise SystemExit(f"{' '.join(command)} failed in {cwd}:\n{text[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
