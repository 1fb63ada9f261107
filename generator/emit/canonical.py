"""The canonical target: every descriptor with every field, ``parameters`` mirrored."""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered, dump_json
from generator.ir.fields import descriptor_json
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

CANONICAL_FORMAT = 1


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    document = {
        "$comment": GENERATED_NOTE,
        "format": CANONICAL_FORMAT,
        "tools": [descriptor_json(tool) for tool in toolset],
    }
    return {PurePosixPath("canonical/tools.json"): dump_json(document)}
