"""Targets emitted into a plan's files: here, or in a process forked beside this one.

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
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from generator.config import EmitOptions
from generator.emit.common import Inputs
from generator.model import Toolset
from generator.planfiles import PlanFiles
from generator.targets import Target
from generator.writer import encode_text

APART = ("docs",)
"""Targets worth emitting beside the others: much CPU, nothing the others wait for."""


def emitted(
    toolset: Toolset, options: EmitOptions, targets: Sequence[Target], inputs: Inputs
) -> PlanFiles:
    """The files of ``targets``, each target's encoded as soon as it is done."""
    from generator.emit import emit_targets

    files = PlanFiles()
    for target in targets:
        for path, text in emit_targets(toolset, options, [target], inputs).items():
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
    from generator.models.workers import die_with_parent

    die_with_parent(parent)
    try:
        answer: tuple[str, object] = ("ok", emitted(toolset, options, targets, inputs))
    except Exception:
        answer = ("error", traceback.format_exc())
    connection.send(answer)
    connection.close()
