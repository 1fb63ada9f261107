"""names.json: provider name → canonical name, so a host routes a model's call back.

Written whenever a target that names tools by their provider name is (the ``names`` row's
``implied_by`` in ``targets.TARGETS``).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered, dump_json
from generator.ir.model import Toolset
from generator.ir.names import routes
from generator.ir.options import EmitOptions

NAMES = PurePosixPath("names.json")
NAMES_FORMAT = 1


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    document = {
        "$comment": GENERATED_NOTE,
        "format": NAMES_FORMAT,
        "names": routes((tool.provider_name, tool.name) for tool in toolset),
    }
    return {NAMES: dump_json(document)}
