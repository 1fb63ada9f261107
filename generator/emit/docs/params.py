"""Parameter tables from a JSON Schema: one row per property, nested ones as dotted names.

``a.b`` is property ``b`` of object ``a``; ``a[].b`` a property of the objects in
array ``a``. A ``$ref`` shows the name of its definition as the type and is expanded
in place, except inside itself (a recursive definition is named, not unrolled).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.jsonschema import pointer

MAX_DEPTH = 8


@dataclass(frozen=True, slots=True)
class ParamRow:
    """One documented parameter; ``default`` and ``enum`` values are JSON text."""

    name: str
    type: str
    required: bool
    default: str | None
    description: str
    enum: tuple[str, ...]
    constraints: tuple[Constraint, ...] = ()


Constraint = tuple[str, tuple[str, ...]]
"""What a value must meet, as a person reads it: a label (``≥``, ``length ≤``, ``pattern``)
and the values it names as JSON text (each shown as code), or none (``unique items``)."""

_BOUNDS: tuple[tuple[str, str], ...] = (
    ("minimum", "≥"),
    ("exclusiveMinimum", ">"),
    ("maximum", "≤"),
    ("exclusiveMaximum", "<"),
    ("multipleOf", "multiple of"),
    ("minLength", "length ≥"),
    ("maxLength", "length ≤"),
    ("pattern", "pattern"),
    ("format", "format"),
    ("minItems", "items ≥"),
    ("maxItems", "items ≤"),
    ("minProperties", "properties ≥"),
    ("maxProperties", "properties ≤"),
)


def parameter_rows(schema: Mapping[str, Any]) -> list[ParamRow]:
    """Every property of ``schema`` (the root object), depth first, in contract order."""
    rows: list[ParamRow] = []
    _properties(schema, schema, "", rows, (), 0)
    return rows


def _properties(
    root: Mapping[str, Any],
    schema: Mapping[str, Any],
    prefix: str,
    rows: list[ParamRow],
    refs: tuple[str, ...],
    depth: int,
) -> None:
    schema, refs = _deref(root, schema, refs)
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or depth > MAX_DEPTH:
        return
    required = schema.get("required")
    required_names = set(required) if isinstance(required, list | tuple) else set()
    for name, sub in properties.items():
        if not isinstance(sub, Mapping):
            continue
        full = f"{prefix}{name}"
        rows.append(_row(root, full, sub, name in required_names))
        _nested(root, sub, full, rows, refs, depth + 1)


def _nested(
    root: Mapping[str, Any],
    sub: Mapping[str, Any],
    name: str,
    rows: list[ParamRow],
    refs: tuple[str, ...],
    depth: int,
) -> None:
    target, inner = _deref(root, sub, refs)
    if isinstance(target.get("properties"), Mapping):
        _properties(root, target, f"{name}.", rows, inner, depth)
    items = target.get("items")
    if isinstance(items, Mapping):
        _properties(root, items, f"{name}[].", rows, inner, depth)


def _deref(
    root: Mapping[str, Any], schema: Mapping[str, Any], refs: tuple[str, ...]
) -> tuple[Mapping[str, Any], tuple[str, ...]]:
    """The schema a local ``$ref`` points at, and the refs being expanded around it."""
    ref = schema.get("$ref")
    if not isinstance(ref, str) or ref in refs:
        return schema, refs
    target = resolve_pointer(root, ref)
    return (target, (*refs, ref)) if target is not None else (schema, refs)


def resolve_pointer(root: Mapping[str, Any], ref: str) -> Mapping[str, Any] | None:
    """The schema at local reference ``ref`` (``#/...``), or None."""
    found, node = pointer.lookup(root, ref)
    return node if found and isinstance(node, Mapping) else None


def _row(root: Mapping[str, Any], name: str, schema: Mapping[str, Any], required: bool) -> ParamRow:
    target, _ = _deref(root, schema, ())
    enum = target.get("enum")
    description = schema.get("description", target.get("description", target.get("title", "")))
    default = schema.get("default", target.get("default", _MISSING))
    return ParamRow(
        name=name,
        type=type_label(root, schema),
        required=required,
        default=None if default is _MISSING else to_json(default),
        description=description if isinstance(description, str) else "",
        enum=tuple(to_json(v) for v in enum) if isinstance(enum, list | tuple) else (),
        constraints=constraints(root, {**target, **schema}),
    )


def constraints(root: Mapping[str, Any], schema: Mapping[str, Any]) -> tuple[Constraint, ...]:
    """What a value of ``schema`` must meet besides its type, in a fixed order (the enum
    is the row's own); for an array of plain values, what each item must meet too."""
    found: list[Constraint] = []
    for keyword, label in _BOUNDS:
        value = schema.get(keyword)
        if value is not None and not isinstance(value, bool | Mapping | list | tuple):
            found.append((label, (value if keyword in _TEXT else to_json(value),)))
    if schema.get("uniqueItems") is True:
        found.append(("unique items", ()))
    if "const" in schema:
        found.append(("equals", (to_json(schema["const"]),)))
    items = schema.get("items")
    if isinstance(items, Mapping):
        target, _ = _deref(root, items, ())
        if "properties" not in target:  # object items have rows of their own
            inner = {**target, **items}
            each = constraints(root, inner)
            if isinstance(inner.get("enum"), list | tuple):
                each = (("one of", tuple(to_json(v) for v in inner["enum"])), *each)
            found += [(f"each {label}", values) for label, values in each]
    return tuple(found)


_TEXT = ("pattern", "format")  # shown as written, not as JSON strings


_MISSING = object()


def to_json(value: Any) -> str:
    """Compact JSON text of a value from a schema."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def type_label(root: Mapping[str, Any], schema: Mapping[str, Any]) -> str:
    """A short type for a reader: ``string``, ``integer | null``, ``array of Node``, …"""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return ref.rstrip("/").rsplit("/", 1)[-1] or "schema"
    declared = schema.get("type")
    types = [declared] if isinstance(declared, str) else list(declared or [])
    labels = [_array_label(root, schema) if t == "array" else str(t) for t in types]
    for keyword in ("anyOf", "oneOf"):
        options = schema.get(keyword)
        if isinstance(options, list | tuple) and not labels:
            labels = [type_label(root, o) for o in options if isinstance(o, Mapping)]
    if not labels and "const" in schema:
        labels = [f"const {to_json(schema['const'])}"]
    if not labels and "enum" in schema:
        labels = ["enum"]
    if not labels and "properties" in schema:
        labels = ["object"]
    return " | ".join(dict.fromkeys(labels)) or "any"


def _array_label(root: Mapping[str, Any], schema: Mapping[str, Any]) -> str:
    items = schema.get("items")
    if isinstance(items, Mapping) and items:
        inner = type_label(root, items)
        return f"array of {inner}" if " " not in inner else f"array of ({inner})"
    return "array"
