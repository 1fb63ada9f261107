"""The schema target: the contract JSON Schema, beside the output it describes.

Contracts of a consuming repository point their ``# yaml-language-server: $schema=``
line here: the file is regenerated with every toolcanon upgrade, so the schema an
editor checks against is always the one this generator enforces.
"""

from __future__ import annotations

from importlib import resources
from pathlib import PurePosixPath

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.model import Toolset

SCHEMA_PATH = PurePosixPath("schema/contract.schema.json")


def contract_schema_text() -> str:
    """The contract schema shipped in the package, as written there."""
    package = resources.files("generator.contracts")
    return package.joinpath("contract.schema.json").read_text("utf-8")


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return {SCHEMA_PATH: contract_schema_text()}
