"""Provider tool lists → draft tools: OpenAI Chat Completions, OpenAI Responses, Claude.

Provider lists say nothing about what a tool does to the world, so every
permission field is a guess on the safe side, marked for review.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.importers.common import (
    OUTPUT_KEYS,
    each_object,
    name_fields,
    output_field,
    permission_fields,
    schema_field,
)
from generator.importers.draft import (
    BAD_SHAPE,
    DROPPED_FIELD,
    NO_SCHEMA,
    SKIPPED_TOOL,
    DraftTool,
    Field,
    Notes,
)

UNKNOWN_EFFECTS = "the source does not say what the tool changes"
_OWN = {"defer_loading": "deferLoading", "allowed_callers": "allowedCallers"}
"""What OpenAI Responses and Claude tools carry that a contract says too (its key)."""
EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}


def openai_chat_tools(items: Sequence[Any], notes: Notes, base: JsonPath) -> tuple[DraftTool, ...]:
    """``[{type: function, function: {name, description, parameters, strict}}]``."""
    drafts = []
    for index, item in enumerate(items):
        where = (*base, index)
        if not _is_function(item, notes, where):
            continue
        spec = item.get("function")
        if not isinstance(spec, Mapping):
            notes.add(where, "a function tool needs a 'function' object", BAD_SHAPE, error=True)
            continue
        _drop(item, {"type", "function"}, notes, where)
        draft = provider_tool(spec, notes, (*where, "function"), "parameters", optional=True)
        drafts.append(draft)
    return tuple(d for d in drafts if d is not None)


def openai_responses_tools(
    items: Sequence[Any], notes: Notes, base: JsonPath
) -> tuple[DraftTool, ...]:
    """``[{type: function, name, description, parameters, strict}]`` (flat), and each
    ``{type: namespace, name, description, tools}``'s functions with that ``namespace``."""
    drafts: list[DraftTool | None] = []
    for index, item in enumerate(items):
        where = (*base, index)
        if isinstance(item, Mapping) and item.get("type") == "namespace":
            drafts += _namespace_tools(item, notes, where)
        elif _is_function(item, notes, where):
            drafts.append(provider_tool(item, notes, where, "parameters", optional=True))
    return tuple(d for d in drafts if d is not None)


def _namespace_tools(
    item: Mapping[str, Any], notes: Notes, where: JsonPath
) -> list[DraftTool | None]:
    """The functions of one namespace entry, each with ``namespace: {name, description}``."""
    name, text, tools = item.get("name"), item.get("description"), item.get("tools")
    if not (isinstance(name, str) and isinstance(text, str) and isinstance(tools, list)):
        notes.add(where, "a namespace needs a name, a description and tools", BAD_SHAPE)
        return []
    _drop(item, {"type", "name", "description", "tools"}, notes, where)
    space = Field("namespace", {"name": name, "description": text}, source=())
    drafts: list[DraftTool | None] = []
    for index, inner in enumerate(tools):
        at = (*where, "tools", index)
        draft = _is_function(inner, notes, at) and provider_tool(
            inner, notes, at, "parameters", optional=True
        )
        drafts.append(DraftTool(draft.name, (*draft.fields, space), at) if draft else None)
    return drafts


def anthropic_tools(items: Sequence[Any], notes: Notes, base: JsonPath) -> tuple[DraftTool, ...]:
    """``[{name, description, input_schema}]``; server tools (bash, computer…) are skipped."""
    drafts = []
    for item, where in each_object(items, notes, base):
        if item.get("type", "custom") != "custom":
            _skip(item, notes, where, "a Claude server tool")
        else:
            drafts.append(provider_tool(item, notes, where, "input_schema", optional=False))
    return tuple(d for d in drafts if d is not None)


def _is_function(item: Any, notes: Notes, where: JsonPath) -> bool:
    if not isinstance(item, Mapping):
        notes.add(where, "a tool must be a JSON object", BAD_SHAPE, error=True)
        return False
    if item.get("type") != "function":
        _skip(item, notes, where, "not a function tool")
        return False
    return True


def _skip(item: Mapping[str, Any], notes: Notes, where: JsonPath, why: str) -> None:
    label = item.get("name") or item.get("type")
    notes.add(where, f"skipped {label!r}: {why}", SKIPPED_TOOL)


def _drop(item: Mapping[str, Any], known: set[str], notes: Notes, where: JsonPath) -> None:
    for key in item:
        if key not in known:
            notes.add((*where, key), f"'{key}' is not part of a contract; dropped", DROPPED_FIELD)


def provider_tool(
    spec: Mapping[str, Any], notes: Notes, base: JsonPath, schema_key: str, *, optional: bool
) -> DraftTool | None:
    """One provider function in contract shape; its schema is read from ``schema_key`` only."""
    names = name_fields(spec.get("name"), notes, base, key=("name",), provider=True)
    if names is None:
        return None
    name = str(spec["name"])
    known = {"type", "name", "description", "strict", schema_key, *OUTPUT_KEYS[1:], *_OWN}
    _drop(spec, known, notes, base)
    fields = list(names)
    if isinstance(spec.get("description"), str):
        fields.append(Field("description", spec["description"]))
    fields += permission_fields(read_only=None, destructive=None, unknown=UNKNOWN_EFFECTS)
    if isinstance(spec.get("strict"), bool):
        fields.append(Field("strict", spec["strict"]))
    fields += _own_fields(spec, notes, base)
    output = output_field(spec, notes, tool=name, base=base)
    after = () if output is None else (output,)
    if schema_key in spec and spec[schema_key] is not None:
        schema = schema_field(
            "inputSchema", spec[schema_key], notes, tool=name, base=base, at=(schema_key,)
        )
        return None if schema is None else DraftTool(name, (*fields, schema, *after), base)
    if not optional:
        notes.add((), f"tool has no {schema_key}", BAD_SHAPE, tool=name, base=base, error=True)
        return None
    notes.add(
        (), f"tool has no {schema_key}: it takes no arguments", NO_SCHEMA, tool=name, base=base
    )
    empty = Field("inputSchema", dict(EMPTY_SCHEMA), f"the source had no {schema_key}")
    return DraftTool(name, (*fields, empty, *after), base)


def _own_fields(spec: Mapping[str, Any], notes: Notes, base: JsonPath) -> list[Field]:
    """``defer_loading`` and ``allowed_callers`` as the contract's fields (null: the
    provider's default, so nothing); a value of another shape is dropped with a note.
    The callers are kept as written: the contract check names one it does not know."""
    fields = []
    for key, field in _OWN.items():
        value = spec.get(key)
        if value is None:
            continue
        if key == "defer_loading" and isinstance(value, bool):
            fields.append(Field(field, value, source=(key,)))
        elif key == "allowed_callers" and _strings(value):
            fields.append(Field(field, list(value), source=(key,)))
        else:
            notes.add((*base, key), f"'{key}' is not {_SHAPES[key]}; dropped", DROPPED_FIELD)
    return fields


_SHAPES = {"defer_loading": "true or false", "allowed_callers": "a non-empty list of names"}


def _strings(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)
