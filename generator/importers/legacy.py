"""Legacy descriptors → draft tools: the one place the schema fallback chain lives.

A legacy descriptor may carry its schema under any of four keys, sometimes two
that disagree. The first present of ``inputSchema → parameters →
function.parameters → input_schema`` wins (else an empty object schema); a warning
names the one used and every other one that differs from it. Canonical fields the
descriptor already has (category, risk, Plan Mode…) are kept as they are.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
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
    DROPPED_FIELD,
    NO_SCHEMA,
    SCHEMA_DISAGREE,
    SCHEMA_FALLBACK,
    DraftTool,
    Field,
    Notes,
)
from generator.importers.providers import EMPTY_SCHEMA

CHAIN: tuple[JsonPath, ...] = (
    ("inputSchema",),
    ("parameters",),
    ("function", "parameters"),
    ("input_schema",),
)
CARRIED = ("title", "category", "kind", "source", "permissions", "telemetry")
PERMISSIONS = ("isReadOnly", "riskLevel", "availableInPlanMode", "requiresPlanApproval")
AFTER = ("requiresConfirmation", "approvalFlow", "planModeWrites", "strict", "annotations")
READ = frozenset(
    {"name", "description", "function", "inputSchema", "parameters", "input_schema", "type"}
    | set(CARRIED)
    | set(PERMISSIONS)
    | set(AFTER)
    | set(OUTPUT_KEYS)
    | {"providerName"}
)


def legacy_tools(items: Sequence[Any], notes: Notes, base: JsonPath) -> tuple[DraftTool, ...]:
    """Draft tools for every descriptor in ``items``."""
    drafts = [legacy_tool(item, notes, where) for item, where in each_object(items, notes, base)]
    return tuple(draft for draft in drafts if draft is not None)


def _lookup(item: Mapping[str, Any], path: JsonPath) -> tuple[bool, Any]:
    node: Any = item
    for part in path:
        if not isinstance(node, Mapping) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _own(item: Mapping[str, Any], key: str) -> tuple[JsonPath, Any]:
    """``key`` of the descriptor, else of its ``function`` object (name, description)."""
    if key in item:
        return (key,), item[key]
    found, value = _lookup(item, ("function", key))
    return ("function", key), value if found else None


def legacy_tool(item: Mapping[str, Any], notes: Notes, base: JsonPath) -> DraftTool | None:
    """One descriptor in contract shape, or None when it has no usable name."""
    key, raw_name = _own(item, "name")
    names = name_fields(raw_name, notes, base, key=key, provider=False)
    if names is None:
        return None
    name = str(raw_name)
    fields = [replace(field, source=key) if field.key == "name" else field for field in names]
    if isinstance(item.get("providerName"), str):  # kept: TC141's hint asks for it
        fields.append(Field("providerName", item["providerName"]))
    where, description = _own(item, "description")
    if isinstance(description, str):
        fields.append(Field("description", description, source=where))
    fields += [Field(k, item[k]) for k in CARRIED if k in item]
    fields += _permissions(item)
    fields += [Field(k, item[k]) for k in AFTER if k in item]
    schema = _schema(item, notes, name, base)
    if schema is None:
        return None
    fields.append(schema)
    output = output_field(item, notes, tool=name, base=base)
    if output is not None:
        fields.append(output)
    for extra in item:
        if extra not in READ:
            notes.add(
                (extra,),
                f"'{extra}' is not part of a contract; dropped",
                DROPPED_FIELD,
                tool=name,
                base=base,
            )
    return DraftTool(name, tuple(fields), base)


def _permissions(item: Mapping[str, Any]) -> list[Field]:
    """The descriptor's own permission fields; the missing ones guessed (and marked)."""
    given = {k: item[k] for k in PERMISSIONS if k in item}
    read_only = given.get("isReadOnly")
    guesses = permission_fields(
        read_only=read_only if isinstance(read_only, bool) else None,
        destructive=None,
        unknown="the descriptor does not say",
    )
    fields = []
    for guess in guesses:
        if guess.key in given:
            fields.append(Field(guess.key, given[guess.key]))
        elif not (guess.key == "requiresPlanApproval" and "availableInPlanMode" in given):
            fields.append(guess)
    fields += [Field(k, v) for k, v in given.items() if k not in {g.key for g in guesses}]
    return fields


def _schema(item: Mapping[str, Any], notes: Notes, name: str, base: JsonPath) -> Field | None:
    present = [(path, value) for path in CHAIN for found, value in [_lookup(item, path)] if found]
    if not present:
        notes.add(
            (),
            "no schema under inputSchema, parameters, function.parameters or "
            "input_schema: it takes no arguments",
            NO_SCHEMA,
            tool=name,
            base=base,
        )
        return Field("inputSchema", dict(EMPTY_SCHEMA), "the descriptor had no schema")
    used_path, used = present[0]
    used_name = _dotted(used_path)
    notes.add(used_path, f"schema read from '{used_name}'", SCHEMA_FALLBACK, tool=name, base=base)
    for path, value in present[1:]:
        if _spelling(value) != _spelling(used):
            notes.add(
                path,
                f"'{_dotted(path)}' differs from '{used_name}', which was used",
                SCHEMA_DISAGREE,
                tool=name,
                base=base,
                hint=f"check that '{used_name}' is the schema the tool really takes",
            )
    review = None if used_path == ("inputSchema",) else f"read from '{used_name}'"
    found = schema_field("inputSchema", used, notes, tool=name, base=base, at=used_path)
    if found is None or review is None:
        return found
    return replace(found, review=found.review or review)


def _spelling(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _dotted(path: JsonPath) -> str:
    return ".".join(str(part) for part in path)
