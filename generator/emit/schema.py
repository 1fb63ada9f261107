"""The schema target: the contract JSON Schema (and, with hosts, the overlay schema),
beside the output it describes.

Contracts of a consuming repository point their ``# yaml-language-server: $schema=``
line here: the file is regenerated with every toolcanon upgrade, so the schema an
editor checks against is always the one this generator enforces.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from generator.core.resources import CONTRACT_SCHEMA, OVERLAY_SCHEMA, shipped_schema
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

SCHEMA_PATH = PurePosixPath("schema/contract.schema.json")
OVERLAY_SCHEMA_PATH = PurePosixPath("schema/overlay.schema.json")


def editor_reference(contract: Path, output: Path) -> str:
    """What a contract file at ``contract`` writes after ``$schema=`` to reach the
    schema this target writes into ``output``: a path relative to the file's own folder
    (``../generated/…`` at the top of the contracts folder, ``../../generated/…`` one
    folder down), as yaml-language-server resolves it. ``init`` and ``import`` use it."""
    target = output / SCHEMA_PATH
    try:
        return Path(os.path.relpath(target, contract.parent)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return Path(os.path.abspath(target)).as_uri()


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    rendered = {SCHEMA_PATH: shipped_schema(CONTRACT_SCHEMA)}
    if toolset.hosts:  # a project with host overlays: their schema for editors too
        rendered[OVERLAY_SCHEMA_PATH] = shipped_schema(OVERLAY_SCHEMA)
    return rendered
