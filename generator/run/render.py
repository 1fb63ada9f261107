"""The models and emit stages (:func:`render`), into a plan's files: each target here, or
in a process forked beside this one.

Each target's texts are encoded as soon as it is done: a text with one emoji in it holds
four bytes a character, its UTF-8 mostly one (and large files are kept deflated:
``planfiles.py``).

Emitters are pure, so any of them may run in another process and give the same bytes.
The pipeline hands one to a forked child (:class:`Apart`) when a second core would
otherwise wait: the docs target, whose token counts are a third of what a run with one
changed contract costs, is emitted there while this process emits the others. The
child is forked after the contracts are loaded (it shares the toolset, nothing is
copied) and sends back its files; it is used for projects of moderate size only, where
the model stage leaves a core free and the fork's shared pages are few.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Sequence
from dataclasses import replace
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING

from generator.core.cache import CacheView, Entry
from generator.core.targets import Target
from generator.emit import emit_targets, enabled_targets
from generator.emit.common import Inputs
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.models.build import start
from generator.models.workers import die_with_parent
from generator.profiles.stage import Adaptations
from generator.tokens.cells import token_cells
from generator.write.plan import encode_text
from generator.write.planfiles import PlanFiles

if TYPE_CHECKING:
    from generator.models.workers import Workers

APART = ("docs",)
"""Targets worth emitting beside the others: much CPU, nothing the others wait for."""


def emitted(
    toolset: Toolset, options: EmitOptions, targets: Sequence[Target], inputs: Inputs
) -> PlanFiles:
    """The files of ``targets``, each target's encoded as soon as it is done."""
    files = PlanFiles()
    for target in targets:
        given = inputs
        if target.needs_tokens:
            given = replace(inputs, tokens=token_cells(toolset, options, inputs))
        for path, text in emit_targets(toolset, options, [target], given).items():
            files.add(path, encode_text(text))
    return files


class Apart:
    """Targets being emitted by a forked child."""

    def __init__(
        self, toolset: Toolset, options: EmitOptions, targets: Sequence[Target], inputs: Inputs
    ) -> None:
        context = get_context("fork")
        self.connection, theirs = context.Pipe(duplex=False)
        args = (theirs, os.getpid(), toolset, options, tuple(targets), inputs)
        self.process: BaseProcess = context.Process(target=_serve, args=args, daemon=True)
        self.process.start()
        theirs.close()

    def files(self) -> PlanFiles:
        """Wait for the targets' files (RuntimeError, with the child's traceback, when it
        failed)."""
        pid = self.process.pid
        try:
            status, payload = self.connection.recv()
        except (EOFError, OSError):
            raise RuntimeError(f"emitter process {pid} ended without its files") from None
        finally:
            self.cancel()
        if status != "ok" or not isinstance(payload, PlanFiles):
            raise RuntimeError(f"emitter process {pid} failed:\n{payload}")
        return payload

    def cancel(self) -> None:
        """End the child (done or not) and wait for it."""
        self.connection.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()


def _serve(
    connection: Connection,
    parent: int,
    toolset: Toolset,
    options: EmitOptions,
    targets: tuple[Target, ...],
    inputs: Inputs,
) -> None:
    die_with_parent(parent)
    try:
        answer: tuple[str, object] = ("ok", emitted(toolset, options, targets, inputs))
    except Exception:
        answer = ("error", traceback.format_exc())
    connection.send(answer)
    connection.close()


def render(
    toolset: Toolset,
    options: EmitOptions,
    cache: CacheView,
    adapted: Adaptations,
    workers: Workers | None = None,
) -> tuple[PlanFiles, tuple[Entry, ...]]:
    """models → emit for every enabled target, as the bytes of each file, with the cache
    entries computed.

    The model stage runs in worker processes while the targets that need no models are
    emitted; the targets that need them are emitted once it is done. When one model
    worker (a project of moderate size) has little to make, the docs are emitted by a
    forked child meanwhile (``emitting.py``); when it has much, the second core is its.
    """
    targets = enabled_targets(options)
    later = [t for t in targets if t.needs_models]
    pending = None
    if later:
        pending = start(toolset, cache, workers)
    first = Inputs(adapted=adapted)
    now = [t for t in targets if not t.needs_models]
    idle = workers is not None and len(workers) == 1 and not (pending and pending.busy)
    beside = [t for t in now if t.name in APART] if idle else []
    waiting = Apart(toolset, options, beside, first) if beside else None
    try:
        files = emitted(toolset, options, [t for t in now if t not in beside], first)
        entries: tuple[Entry, ...] = ()
        if pending is not None:
            models = pending.result()
            inputs = Inputs(adapted=adapted, models=models.source, outputs=models.outputs)
            files.update_from(emitted(toolset, options, later, inputs))
            entries = models.entries
        if waiting is not None:
            files.update_from(waiting.files())
    finally:
        if waiting is not None:
            waiting.cancel()
    return files, entries
