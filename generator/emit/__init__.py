"""Emitters: one pure function per target, ``emit(toolset, options) -> {path: text}``.

Targets are imported lazily so that a run which needs no heavy emitter (``check``
on an unchanged tree) never pays for black or datamodel-code-generator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import PurePosixPath

from generator.config import EmitOptions
from generator.emit.python_chunks import Memo
from generator.model import Toolset

Rendered = dict[PurePosixPath, str]
Emitter = Callable[[Toolset, EmitOptions], Rendered]

TARGET_MODULES: dict[str, str] = {
    "canonical": "generator.emit.canonical",
    "openai": "generator.emit.openai",
    "anthropic": "generator.emit.anthropic",
    "mcp": "generator.emit.mcp",
    "names": "generator.emit.names",
    "python": "generator.emit.python",
    "typescript": "generator.emit.typescript",
    "docs": "generator.emit.docs",
    "schema": "generator.emit.schema",
}
# Targets no one configures by name: written whenever one of the targets that needs them is.
IMPLIED_BY: dict[str, tuple[str, ...]] = {
    "names": ("openai", "anthropic"),
}


def emitter(target: str) -> Emitter:
    """The emit function of ``target``."""
    module = importlib.import_module(TARGET_MODULES[target])
    function: Emitter = module.emit
    return function


def enabled_targets(options: EmitOptions) -> tuple[str, ...]:
    """Configured targets that exist, in a fixed order."""
    wanted = set(options.targets)
    return tuple(
        t for t in TARGET_MODULES if t in wanted or not wanted.isdisjoint(IMPLIED_BY.get(t, ()))
    )


def emit_all(toolset: Toolset, options: EmitOptions, *, memo: Memo | None = None) -> Rendered:
    """Every enabled target's files; two targets claiming one path is a bug.

    ``memo`` keeps the Python target's formatted models between runs (it alone is slow);
    its models are started before, and collected after, every other target.
    """
    rendered: Rendered = {}
    targets = enabled_targets(options)
    if "python" in targets:  # started first, finished last: workers make models meanwhile
        from generator.emit import python

        pending = python.prepare(toolset, memo)
        targets = (*(t for t in targets if t != "python"), "python")
    for target in targets:
        if target == "python":
            files = python.emit(toolset, options, pending=pending)
        else:
            files = emitter(target)(toolset, options)
        for path, text in files.items():
            if path in rendered:
                raise RuntimeError(f"targets disagree about who writes {path}")
            rendered[path] = text
    return rendered
