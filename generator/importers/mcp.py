"""MCP ``tools/list`` results (a file, or what a live server answered) → draft tools.

Annotations map back to canonical fields: ``readOnlyHint`` is ``isReadOnly``; the
other hints are kept under ``annotations:``; risk and Plan Mode are guessed from
them (and marked for review).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.importers.common import each_object, name_fields, permission_fields, schema_field
from generator.importers.draft import (
    ANNOTATION_CONFLICT,
    BAD_SHAPE,
    DROPPED_FIELD,
    DraftTool,
    Field,
    Notes,
)

KNOWN_KEYS = frozenset(
    {"name", "title", "description", "inputSchema", "outputSchema", "annotations"}
)
HINTS = ("destructiveHint", "idempotentHint", "openWorldHint")
KNOWN_ANNOTATIONS = frozenset({"title", "readOnlyHint", *HINTS})


def mcp_tools(items: Sequence[Any], notes: Notes, base: JsonPath) -> tuple[DraftTool, ...]:
    """Draft tools for the entries of a ``tools`` list found at ``base``."""
    drafts = []
    for item, where in each_object(items, notes, base):
        draft = mcp_tool(item, notes, where)
        for key in _unknown(item):
            notes.tally(
                f"'{key}' is not part of a contract; dropped", DROPPED_FIELD, str(item.get("name"))
            )
        if draft is not None:
            drafts.append(draft)
    return tuple(drafts)


def _unknown(item: Mapping[str, Any]) -> list[str]:
    keys = [k for k in item if k not in KNOWN_KEYS]
    annotations = item.get("annotations")
    if isinstance(annotations, Mapping):
        keys += [f"annotations.{k}" for k in annotations if k not in KNOWN_ANNOTATIONS]
    return keys


def mcp_tool(item: Mapping[str, Any], notes: Notes, base: JsonPath) -> DraftTool | None:
    """One MCP tool in contract shape, or None when it cannot be imported."""
    names = name_fields(item.get("name"), notes, base, key=("name",), provider=False)
    if names is None:
        return None
    name = str(item["name"])
    hints = _annotations(item.get("annotations"), notes, name, base)
    fields = [*names, *_text_fields(item, hints)]
    fields += permission_fields(
        read_only=_flag(hints, "readOnlyHint"),
        destructive=_flag(hints, "destructiveHint"),
        unknown="no annotations" if not hints else "no readOnlyHint",
    )
    kept = {key: hints[key] for key in HINTS if isinstance(hints.get(key), bool)}
    if kept:
        fields.append(Field("annotations", kept))
    if "inputSchema" not in item:
        notes.add((), "tool has no inputSchema", BAD_SHAPE, tool=name, base=base, error=True)
        return None
    for key in ("inputSchema", "outputSchema"):
        if key in item:
            found = schema_field(key, item[key], notes, tool=name, base=base, at=(key,))
            if found is None:
                return None
            fields.append(found)
    return DraftTool(name, tuple(fields), base)


def _text_fields(item: Mapping[str, Any], hints: Mapping[str, Any]) -> list[Field]:
    fields = []
    title = item.get("title") or hints.get("title")
    if isinstance(title, str) and title:
        fields.append(Field("title", title))
    if isinstance(item.get("description"), str):
        fields.append(Field("description", item["description"]))
    return fields


def _flag(hints: Mapping[str, Any], key: str) -> bool | None:
    value = hints.get(key)
    return value if isinstance(value, bool) else None


def _annotations(raw: Any, notes: Notes, name: str, base: JsonPath) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        notes.add(
            ("annotations",),
            "annotations must be an object; ignored",
            BAD_SHAPE,
            tool=name,
            base=base,
        )
        return {}
    hints = dict(raw)
    if hints.get("readOnlyHint") is True and hints.get("destructiveHint") is True:
        notes.add(
            ("annotations", "destructiveHint"),
            "readOnlyHint and destructiveHint are both true; destructiveHint dropped",
            ANNOTATION_CONFLICT,
            tool=name,
            base=base,
            hint="MCP ignores destructiveHint on read-only tools",
        )
        del hints["destructiveHint"]
    return hints
