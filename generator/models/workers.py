"""Worker processes for the model stage: forked as a run starts, ready when the work comes.

``generate`` and ``check`` start the workers before they read a contract
(:func:`start`): a worker is forked from the still-small main process and imports
datamodel-code-generator and black while the main process loads the contracts, so its
memory holds little besides them, and the imports cost the main process nothing. Once the
model stage knows what is missing from the cache it hands each worker its runs
(:meth:`Workers.give`) and goes on emitting the targets that need no models; it collects
the results when it needs them (:meth:`Workers.results`). Workers nobody needed are ended.

How many: none for a small project (its models are quickly made in the main process, and
forking would cost more than it saves), one beside the main process, two for a large one
(its models are most of a cold run). Only on Linux, where fork is the cheap, safe way;
elsewhere the main process makes the models itself.

Were toolcanon killed (SIGKILL, an out-of-memory kill, a closed CI job), a worker would go
on for nobody: each asks the kernel to end it with its parent (``prctl(PR_SET_PDEATHSIG)``),
and ends at once if the parent died before it asked.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import signal
import sys
import threading
import traceback
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from generator.models.make import Made, Run, run, warm_up

SMALL = 48_000
"""Bytes of contracts below which the main process makes the models itself (some 30 tools)."""
LARGE = 400_000
"""Bytes of contracts from which a second worker pays for itself (some 300 tools)."""
RARELY = (50_000, 20, 20)
"""A worker's collector thresholds: those of the main process during a run."""
_PR_SET_PDEATHSIG = 1


def cores() -> int:
    """Cores this process may use; 1 where fork is not the safe, cheap way to start workers."""
    if sys.platform != "linux":
        return 1
    return len(os.sched_getaffinity(0))


def wanted(contract_bytes: int) -> int:
    """How many workers a project of this size gets."""
    available = cores()
    if available < 2 or contract_bytes < SMALL:
        return 0
    return 1 if contract_bytes < LARGE else min(available, 2)


class Workers:
    """Forked worker processes, each given its runs once."""

    def __init__(self, count: int) -> None:
        context = get_context("fork")
        self.started: list[tuple[BaseProcess, Connection]] = []
        self.given: list[list[int]] = []  # per worker: indexes of the runs it was given
        for _ in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, os.getpid()), daemon=True)
            process.start()
            theirs.close()
            self.started.append((process, mine))

    def __len__(self) -> int:
        return len(self.started)

    def give(self, runs: list[Run]) -> None:
        """Share ``runs`` out (the largest first, each to the least loaded worker) and send
        each worker its share; a worker that gets none is ended."""
        loads = [0] * len(self.started)
        self.given = [[] for _ in self.started]
        for index in sorted(range(len(runs)), key=lambda i: -len(runs[i].schema)):
            least = loads.index(min(loads))
            loads[least] += len(runs[index].schema)
            self.given[least].append(index)
        for (process, connection), indexes in zip(self.started, self.given, strict=True):
            if indexes:
                connection.send([runs[i] for i in sorted(indexes)])
            else:
                _end(process, connection)

    def results(self, count: int) -> list[Made]:
        """The result of each run given, in the order given."""
        found: list[Made] = [None] * count
        for (process, connection), indexes in zip(self.started, self.given, strict=True):
            if not indexes:
                continue
            try:
                status, payload = connection.recv()
            except (EOFError, OSError):
                raise RuntimeError(f"model worker {process.pid} ended without its models") from None
            if status != "ok":
                raise RuntimeError(f"model worker {process.pid} failed:\n{payload}")
            for index, made in zip(sorted(indexes), payload, strict=True):
                found[index] = made
        return found

    def close(self) -> None:
        """End every worker (one still busy is terminated) and wait for it."""
        for process, connection in self.started:
            _end(process, connection)
        self.started = []


def start(contract_bytes: int) -> Workers | None:
    """The workers for a project whose contracts are this large, started now; None when
    the main process makes the models itself."""
    count = wanted(contract_bytes)
    return Workers(count) if count else None


def _end(process: BaseProcess, connection: Connection) -> None:
    connection.close()
    if process.is_alive():
        process.terminate()
    process.join()


def _serve(connection: Connection, parent: int) -> None:
    """A worker: warm up in the background while waiting for runs, make them, answer."""
    die_with_parent(parent)
    warming = threading.Thread(target=warm_up, daemon=True)
    warming.start()
    try:
        runs = connection.recv()
    except (EOFError, OSError):
        return
    warming.join()
    collect_rarely()
    try:
        answer: tuple[str, object] = ("ok", [run(job) for job in runs])
    except Exception:
        answer = ("error", traceback.format_exc())
    connection.send(answer)


def collect_rarely() -> None:
    """What the worker has loaded (datamodel-code-generator, pydantic, black, the runs)
    stays to its end: freeze it out of the collector's scans, and collect rarely, as the
    main process does during a run (run/memory.collecting_rarely; the worker is forked
    before that). datamodel-code-generator and black make millions of short-lived
    objects, and with the default thresholds each of the many collections they set off
    scanned every module loaded: black took twice as long in a worker as alone."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*RARELY)


def die_with_parent(parent: int) -> None:
    """End this worker when process ``parent`` ends."""
    if sys.platform == "linux":
        name = ctypes.util.find_library("c")
        if name:
            libc = ctypes.CDLL(name, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent is gone already: the signal will not come
        os._exit(1)
