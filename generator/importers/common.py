"""What every importer shares: names, schemas and permission fields.

Each function turns one foreign fact into contract fields and says, in a review
comment, what it had to guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.importers.draft import (
    BAD_NAME,
    BAD_SHAPE,
    DROPPED_FIELD,
    SCHEMA_FALLBACK,
    SCHEMA_REPAIRED,
    Field,
    Notes,
)
from generator.importers.normalize import standard_type
from generator.ir.names import TOOL_NAME_RULE, is_provider_name, is_tool_name

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
        f"name {name!r} is not a valid tool name ({TOOL_NAME_RULE})",
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
        return Field(key, dict(schema), source=at)
    notes.add(
        at,
        f"{key} has no root 'type'; imported with type: object",
        SCHEMA_REPAIRED,
        tool=tool,
        base=base,
        hint=(
            "tool arguments are always an object"
            if key == "inputSchema"
            else "MCP structuredContent is always an object"
        ),
    )
    review = "the source had no root 'type'; added"
    return Field(key, {"type": "object", **schema}, review, source=at)


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


OUTPUT_KEYS = ("outputSchema", "response", "returns", "output_schema")


def output_field(
    item: Mapping[str, Any], notes: Notes, *, tool: str, base: JsonPath
) -> Field | None:
    """The ``outputSchema`` field from the first of ``outputSchema``, ``response``,
    ``returns`` and ``output_schema`` (OpenAI Responses) the source entry has, or None.

    What a tool returns becomes MCP ``structuredContent``, which is an object: a result
    schema of another type (a string, a list) cannot be an outputSchema and is dropped
    with a warning, as is a value that is not a schema at all.
    """
    key = next((k for k in OUTPUT_KEYS if k in item), None)
    if key is None:
        return None
    schema = item[key]
    kind = schema.get("type", "object") if isinstance(schema, Mapping) else None
    named = standard_type(kind)[1] if isinstance(kind, str) else None
    if named != "object":
        what = "not a schema" if kind is None else f"a schema of type {kind!r}"
        notes.add(
            (key,),
            f"'{key}' is {what}; an outputSchema describes an object "
            "(MCP structuredContent): dropped",
            DROPPED_FIELD,
            tool=tool,
            base=base,
        )
        return None
    if key != "outputSchema":
        notes.add((key,), f"output schema read from '{key}'", SCHEMA_FALLBACK, tool=tool, base=base)
    found = schema_field("outputSchema", schema, notes, tool=tool, base=base, at=(key,))
    if found is None or key == "outputSchema":
        return found
    return Field(found.key, found.value, found.review or f"read from '{key}'", found.source)
