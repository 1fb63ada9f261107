"""``import --normalize``: the JSON Schema dialects of function-calling datasets and older
tool registries, mapped to standard JSON Schema.

Those sources write programming-language types (``dict``, ``float``, ``String``,
``ArrayList``…), ``default: null`` on a property that is not nullable, meaning
"optional", and values as strings (``"False"`` for a boolean: :mod:`.values`). Every
change is a warning at its place in the source and a ``# review:`` comment in the
written contract. A type the table does not know is left alone (the
checker reports it), so nothing is guessed beyond the table.

``default: null`` on a non-nullable property is removed, not made nullable: the
property is already optional when ``required`` does not list it, and making it
nullable would let a model send ``null`` where the tool expects a value.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from generator.core.diagnostics import Diagnostic, JsonPath, Severity
from generator.importers.draft import NORMALIZED, Draft
from generator.importers.values import Change, typed_values
from generator.jsonschema.dialects import dialect_of
from generator.jsonschema.walk import subschemas

SCHEMA_FIELDS = ("inputSchema", "outputSchema")
STANDARD = ("array", "boolean", "integer", "null", "number", "object", "string")
ANY = None  # no type constraint: the ``type`` keyword is removed
# Lowercase spellings: ``String``, ``Boolean``, ``Array``, ``HashMap`` are read as these.
TYPES: dict[str, str | None] = {
    "dict": "object",
    "hashmap": "object",
    "map": "object",
    "float": "number",
    "double": "number",
    "int": "integer",
    "long": "integer",
    "str": "string",
    "char": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "arraylist": "array",
    "any": ANY,
    "": ANY,
}


def standard_type(name: str) -> tuple[bool, str | None]:
    """(known, the standard type) for a type name outside JSON Schema, read without case
    (``String``, ``Boolean``, ``HashMap``); a standard type of None means any value."""
    key = name.lower()
    if key in STANDARD:
        return True, key
    if key in TYPES:
        return True, TYPES[key]
    return False, None


def normalize(schema: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[Change, ...]]:
    """A standard copy of ``schema`` and every change made to it (``schema`` is unchanged)."""
    result: dict[str, Any] = copy.deepcopy(dict(schema))
    changes = list(_types(result))
    changes += _null_defaults(result)
    changes += typed_values(result)
    return result, tuple(changes)


def _types(schema: dict[str, Any]) -> Iterator[Change]:
    for node, path in list(subschemas(schema, (), dialect_of(schema))):
        declared = node.get("type")
        names = [declared] if isinstance(declared, str) else declared
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            continue
        mapped = [(name, *standard_type(name)) for name in names if name not in STANDARD]
        known = [(name, standard) for name, ok, standard in mapped if ok]
        if not known:
            continue
        assert isinstance(node, dict)
        yield from _retype(node, path, names, dict(known))


def _retype(
    node: dict[str, Any], path: JsonPath, names: list[str], known: dict[str, str | None]
) -> Iterator[Change]:
    where = (*path, "type")
    if any(known[name] is ANY for name in names if name in known):
        del node["type"]
        shown = ", ".join(repr(name) for name in names if name in known)
        yield Change(where, f"type {shown} removed: any value is allowed", path)
        return
    standard = [known.get(name, name) for name in names]
    unique = list(dict.fromkeys(s for s in standard if s is not None))
    node["type"] = unique[0] if isinstance(node["type"], str) else unique
    for name, new in known.items():
        yield Change(where, f"type {name!r} normalized to {new!r}", where)


def _null_defaults(schema: dict[str, Any]) -> Iterator[Change]:
    for node, path in list(subschemas(schema, (), dialect_of(schema))):
        if "default" not in node or node["default"] is not None:
            continue
        declared = node.get("type")
        names = [declared] if isinstance(declared, str) else declared
        if not isinstance(names, list) or "null" in names:
            continue  # no type, or nullable: null is a valid default
        assert isinstance(node, dict)
        del node["default"]
        message = "default null removed: the property is optional without it"
        yield Change((*path, "default"), message, path)


def normalize_draft(draft: Draft) -> Draft:
    """``draft`` with every schema normalized: each change a warning at its place in the
    source and a ``# review:`` comment at its place in the contract."""
    tools, found = [], list(draft.diagnostics)
    for tool in draft.tools:
        fields = []
        for field in tool.fields:
            if field.key not in SCHEMA_FIELDS or not isinstance(field.value, Mapping):
                fields.append(field)
                continue
            value, changes = normalize(field.value)
            inner = tuple((change.review_at, change.message) for change in changes)
            fields.append(replace(field, value=value, inner=(*field.inner, *inner)))
            for change in changes:
                path = (*field.source_path, *change.path)
                where = draft.locate((*tool.origin, *path))
                found.append(
                    Diagnostic(where, change.message, NORMALIZED, Severity.WARNING, tool.name, path)
                )
        tools.append(replace(tool, fields=tuple(fields)))
    return replace(draft, tools=tuple(tools), diagnostics=tuple(found))
