"""Files shipped inside the package, read as resources (never through a path on disk,
so a wheel, a zip or an editable install read the same bytes)."""

from __future__ import annotations

import functools
from importlib import resources

SCHEMAS = "generator.contracts.schemas"
CONTRACT_SCHEMA = "contract.schema.json"
OVERLAY_SCHEMA = "overlay.schema.json"


@functools.cache
def shipped_schema(name: str) -> str:
    """The text of the shipped JSON Schema ``name`` (CONTRACT_SCHEMA, OVERLAY_SCHEMA)."""
    return resources.files(SCHEMAS).joinpath(name).read_text("utf-8")
