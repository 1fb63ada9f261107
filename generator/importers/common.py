"""What every importer shares: names, schemas and permission fields.

Each function turns one foreign fact into contract fields and says, in a review
comment, what it had to guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from generator.diagnostics import JsonPath
from generator.importers.draft import BAD_NAME, BAD_SHAPE, SCHEMA_REPAIRED, Field, Notes
from generator.names import is_provider_name, is_tool_name

DIALECT_2020 = "https://json-schema.org/draft/2020-12/schema"
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]")


def each_object(
    items: Sequence[Any], notes: Notes, base: JsonPath
) -> Iterator[tuple[Mapping[str, Any], JsonPath]]:
    """The entries of a tools list that are JSON objects, with their paths.

    Any other entry is reported as an error where it stands.
    """
    for index, item in enumerate(items):
        where = (*base, index)
        if isinstance(item, Mapping):
            yield item, where
        else:
            notes.add(where, "a tool must be a JSON object", BAD_SHAPE, error=True)


def sanitize_name(name: str) -> str:
    """A contract name close to ``name``: illegal characters become ``_``."""
    cleaned = _NOT_NAME.sub("_", name)
    if not cleaned or cleaned[0] in ".-":
        cleaned = "_" + cleaned
    return cleaned[:64]


def name_fields(
    name: Any, notes: Notes, base: JsonPath, *, key: JsonPath, provider: bool
) -> list[Field] | None:
    """``name`` (and ``providerName``) fields, or None when the name cannot be used.

    A provider's name that the contract pattern refuses (``-x``) is sanitised and
    kept exactly as ``providerName``, so the model still sees the same name. An MCP
    tool's name is what the server answers to, so changing it would break calls:
    there it is an error.
    """
    if not isinstance(name, str) or not name:
        notes.add(key, "tool has no name", BAD_SHAPE, base=base, error=True)
        return None
    if is_tool_name(name):
        return [Field("name", name)]
    if provider and is_provider_name(name):
        fixed = sanitize_name(name)
        notes.add(
            key,
            f"name {name!r} is not a valid contract name; imported as {fixed!r} "
            f"with providerName {name!r}",
            BAD_NAME,
            tool=name,
            base=base,
        )
        review = f"renamed from {name!r}, which contracts do not allow; providers still see it"
        return [Field("name", fixed, review), Field("providerName", name)]
    notes.add(
        key,
        f"name {name!r} is not a valid tool name (letters, digits, '_', '.', '-'; "
        "at most 64; not starting with '.' or '-')",
        BAD_NAME,
        tool=name,
        base=base,
        hint="rename the tool at its source; a different name here would not reach it",
        error=True,
    )
    return None


def schema_field(
    key: str, schema: Any, notes: Notes, *, tool: str, base: JsonPath, at: JsonPath
) -> Field | None:
    """An ``inputSchema``/``outputSchema`` field for ``schema``, repaired where that is safe.

    A root without ``type`` gets ``type: object`` (with a review comment); a schema
    that declares an older dialect is kept as it is, since the checker reads it in
    that dialect. Anything else the checker refuses is reported when the written
    contract is checked.
    """
    if not isinstance(schema, Mapping):
        notes.add(at, f"{key} must be a JSON object", BAD_SHAPE, tool=tool, base=base, error=True)
        return None
    dialect = schema.get("$schema")
    if isinstance(dialect, str) and dialect.rstrip("#") != DIALECT_2020:
        notes.tally(
            f"{key} declares the JSON Schema dialect {dialect!r}; kept as is",
            SCHEMA_REPAIRED,
            tool,
            hint="toolcanon checks it in that dialect; providers ignore $schema",
        )
    if "type" in schema:
        return Field(key, dict(schema))
    notes.add(
        at,
        f"{key} has no root 'type'; imported with type: object",
        SCHEMA_REPAIRED,
        tool=tool,
        base=base,
        hint="tool arguments are always an object",
    )
    return Field(key, {"type": "object", **schema}, "the source had no root 'type'; added")


def permission_fields(
    *,
    read_only: bool | None,
    destructive: bool | None,
    unknown: str,
) -> list[Field]:
    """isReadOnly, riskLevel and the Plan Mode fields, every guess marked.

    ``read_only``/``destructive`` are None when the source does not say; ``unknown``
    says why in the review comment. A tool that may write and is not known to be
    harmless is high risk, kept out of Plan Mode and needs plan approval.
    """
    if read_only:
        return [
            Field("isReadOnly", True),
            Field("riskLevel", "low", "guessed: read-only tools are low risk"),
            Field("availableInPlanMode", True, "guessed: read-only, so allowed in Plan Mode"),
        ]
    fields = [
        Field("isReadOnly", False, None if read_only is False else f"{unknown}: may write"),
    ]
    if destructive is False:
        fields.append(Field("riskLevel", "medium", "guessed: writes, but not destructively"))
    else:
        why = "marked destructive" if destructive else f"{unknown}: treated as destructive"
        fields.append(Field("riskLevel", "high", f"guessed: {why}"))
    fields += [
        Field("availableInPlanMode", False, "guessed: tools that write are kept out of Plan Mode"),
        Field("requiresPlanApproval", True),
    ]
    return fields
