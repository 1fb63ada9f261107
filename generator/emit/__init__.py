"""Emitters: one pure function per target, ``emit(toolset, options, inputs) -> {path: text}``.

An emitter reads the Toolset, the EmitOptions and the results of earlier stages
(``Inputs``: the Python models); it never reads the disk, the clock or the
environment. Targets are imported lazily, so a run that needs no heavy emitter never
pays for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from generator.core.targets import Target, enabled
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

Emitter = Callable[[Toolset, EmitOptions, Inputs], Rendered]


def emitter(target: Target) -> Emitter:
    """The emit function of ``target``."""
    module = importlib.import_module(target.module)
    function: Emitter = module.emit
    return function


def enabled_targets(options: EmitOptions) -> tuple[Target, ...]:
    """The targets ``options`` turn on, in writing order."""
    return enabled(options.targets)


def emit_targets(
    toolset: Toolset,
    options: EmitOptions,
    targets: Iterable[Target],
    inputs: Inputs = NO_INPUTS,
) -> Rendered:
    """Every file of ``targets``; two targets claiming one path is a bug."""
    rendered: Rendered = {}
    for target in targets:
        for path, text in emitter(target)(toolset, options, inputs).items():
            if path in rendered:
                raise RuntimeError(f"targets disagree about who writes {path}")
            rendered[path] = text
    return rendered
