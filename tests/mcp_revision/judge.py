"""The two judges of an MCP listing: the revision's published JSON Schema (kept here,
its source in README.md) and the installed SDK's ``ListToolsResult``."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema
import mcp.types

REVISION = "2026-07-28"
SCHEMA = Path(__file__).with_name(f"{REVISION}.schema.json")


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    document = json.loads(SCHEMA.read_text("utf-8"))
    root = {**document, "$ref": "#/$defs/ListToolsResult"}
    return jsonschema.Draft202012Validator(root, format_checker=jsonschema.FormatChecker())


def schema_errors(listing: Any) -> list[str]:
    """What the published schema says is wrong with ``listing`` (nothing: valid)."""
    return [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(listing)]


def sdk_round_trip(listing: Any) -> Any:
    """The SDK's parse of ``listing``, dumped back: equal to the input when nothing was
    lost or defaulted."""
    parsed = mcp.types.ListToolsResult.model_validate(listing)
    return parsed.model_dump(by_alias=True, exclude_unset=True, mode="json")
