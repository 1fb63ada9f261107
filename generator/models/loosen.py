"""The schema the models are made from: the types of a tool's input, and nothing that refuses.

The package validates arguments exactly before a model sees them (``_exact.py``), so a
model only has to type what is valid, never refuse it. Pydantic's own reading of a
constraint (a Rust ``pattern``, float ``multipleOf``, ``set`` for ``uniqueItems``, a
tuple for ``prefixItems``) could refuse valid arguments or change them, so the schema
given to datamodel-code-generator keeps only what makes types:

* ``type`` (``number`` also names ``integer``, so ``69`` stays an int), ``properties``
  and the ``required`` names among them, ``items`` when it is one schema,
  ``additionalProperties`` when it is a schema, ``anyOf``/``oneOf`` (as ``anyOf``),
  ``allOf`` of object schemas, ``enum``/``const`` of scalars (a ``Literal``), ``$ref``,
  ``title``/``description``, and a ``default`` that is valid and a scalar or a list of
  scalars (a default that the schema refuses, like ``null`` on a string, is dropped);
* a ``$ref`` whose target would not survive this (into ``prefixItems``, say) is replaced
  by its target, loosened (a reference back into itself is typed as any value);
* a schema with object or array keywords but no ``type`` can be any value (JSON Schema
  applies those keywords to objects and arrays only), so it becomes a union of the
  typed schema and every other type;
* every other keyword goes: the exact validator has it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from generator.jsonschema import pointer
from generator.jsonschema.dialects import TYPE_NAMES, Dialect
from generator.jsonschema.fold import At, Fold, json_type
from generator.jsonschema.refs import DEFS_SECTIONS

KEPT: Final = frozenset({"title", "description"})
SCALARS: Final = (str, int, float, bool, type(None))
LITERALS: Final = (str, int, bool, type(None))  # what a typing.Literal can hold
ALL_TYPES: Final = TYPE_NAMES
MAX_DEPTH: Final = 200  # past this, a subschema is typed Any (it stays validated exactly)
REF_ALONE: Final = frozenset({"draft-04", "draft-06", "draft-07"})  # $ref's siblings ignored
DEFS: Final = DEFS_SECTIONS

Valid = Callable[[Any, Any], bool]
"""(subschema, value) → whether ``value`` is valid against it (refs from the tool's root)."""


def loosened(schema: Mapping[str, Any], dialect: Dialect, valid: Valid) -> dict[str, Any]:
    """The schema datamodel-code-generator reads for a tool (``$defs`` loosened too)."""
    ctx = _Loosening(schema, dialect, valid)
    out = _FOLD.node(schema, At(), ctx)
    for section in DEFS:
        found = schema.get(section)
        if isinstance(found, Mapping):
            out[section] = {
                name: _FOLD.node(sub, At().down(section, name), ctx) for name, sub in found.items()
            }
    return out


@dataclass(frozen=True, slots=True)
class _Loosening:
    """One tool's loosening: its root, dialect and judge, and the $refs being inlined."""

    schema: Mapping[str, Any]
    dialect: Dialect
    valid: Valid
    inlining: list[tuple[str, ...]] = field(default_factory=list)


_Fold = Fold[_Loosening, dict[str, Any]]


def _node(schema: Mapping[str, Any], at: At, ctx: _Loosening, fold: _Fold) -> dict[str, Any]:
    """What makes types in one schema object, in a fixed key order."""
    if at.depth > MAX_DEPTH:
        return {}
    if "$ref" in schema and ctx.dialect.name in REF_ALONE:
        # Up to draft-07 the siblings of $ref are ignored: only annotations stay.
        schema = {k: v for k, v in schema.items() if k == "$ref" or k in KEPT}
    out: dict[str, Any] = {k: schema[k] for k in schema if k in KEPT}
    if "$ref" in schema:
        _reference(schema["$ref"], at, ctx, out)
    _types(schema, out)
    _values(schema, out)
    _object(schema, at, ctx, out)
    if isinstance(schema.get("items"), Mapping) and "prefixItems" not in schema:
        out["items"] = fold.node(schema["items"], at.down("items"), ctx)
    _combinations(schema, at, ctx, out)
    _default(schema, ctx, out)
    return _untyped(out)


def _reference(ref: Any, at: At, ctx: _Loosening, out: dict[str, Any]) -> None:
    """Keep a reference to a schema that stays; else put its target in its place."""
    tokens = pointer.parse_ref(ref) if isinstance(ref, str) else None
    if tokens is None or _stays(ctx.schema, tokens):
        out["$ref"] = ref
        return
    found, target = pointer.resolve(ctx.schema, tokens)
    if not found or tokens in ctx.inlining:
        return  # nothing there, or a cycle through inlined schemas: any value
    ctx.inlining.append(tokens)
    try:
        inlined = _FOLD.node(target, At(tokens, at.depth + 1), ctx)
        out.update({k: v for k, v in inlined.items() if k not in out})
    finally:
        ctx.inlining.pop()


def _stays(root: Mapping[str, Any], tokens: tuple[str, ...]) -> bool:
    """Whether the schema at ``tokens`` is still there after loosening (the root, a
    definition, and schemas reached from them through properties and items)."""
    node: Any = root
    rest = list(tokens)
    if rest[:1] and rest[0] in DEFS and len(rest) >= 2:
        node = (node.get(rest[0]) or {}).get(rest[1])
        rest = rest[2:]
    while rest and isinstance(node, Mapping):
        if _reshaped(node):
            return False
        step = rest.pop(0)
        if step == "properties" and rest and isinstance(node.get("properties"), Mapping):
            node = node["properties"].get(rest.pop(0))
        elif step == "items" and isinstance(node.get("items"), Mapping):
            node = None if "prefixItems" in node else node["items"]
        else:
            return False
    return not rest and isinstance(node, Mapping)


def _object(schema: Mapping[str, Any], at: At, ctx: _Loosening, out: dict[str, Any]) -> None:
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        out["properties"] = _FOLD.rebuild(schema, "properties", at, ctx)
        required = schema.get("required")
        if isinstance(required, list):
            out["required"] = [name for name in required if name in properties]
    extra = schema.get("additionalProperties")
    if isinstance(extra, Mapping) and "patternProperties" not in schema:
        out["additionalProperties"] = _FOLD.node(extra, at.down("additionalProperties"), ctx)


def _combinations(schema: Mapping[str, Any], at: At, ctx: _Loosening, out: dict[str, Any]) -> None:
    branches = [(key, b) for key in ("anyOf", "oneOf") for b in schema.get(key) or ()]
    typed = [_FOLD.node(b, at.down(key), ctx) for key, b in branches]
    # Both keywords, or a branch of any type: the alternatives say nothing of the type.
    if typed and all(typed) and not ("anyOf" in schema and "oneOf" in schema):
        out["anyOf"] = typed
    members = schema.get("allOf")
    if isinstance(members, list) and members and all(_objectish(m) for m in members):
        out["allOf"] = _FOLD.rebuild(schema, "allOf", at, ctx)


def _default(schema: Mapping[str, Any], ctx: _Loosening, out: dict[str, Any]) -> None:
    """A default the model can hold: valid against its schema, a scalar or list of them."""
    if "default" not in schema:
        return
    value = schema["default"]
    kind = out.get("type")
    floats = isinstance(kind, list) and "number" in kind
    if ctx.valid(schema, value):
        if isinstance(value, float) and value.is_integer() and not floats:
            value = int(value)  # the same number, as an int field holds it
        if _plain(value, floats=floats):
            out["default"] = value


_FOLD: Final[_Fold] = Fold(leaf=lambda schema, at, ctx: {}, node_rule=_node)


def _types(schema: Mapping[str, Any], out: dict[str, Any]) -> None:
    kind = schema.get("type")
    names = [kind] if isinstance(kind, str) else list(kind) if isinstance(kind, list) else None
    if names is None:
        return
    if "number" in names and "integer" not in names:
        names.insert(names.index("number"), "integer")
    out["type"] = names[0] if len(names) == 1 else names


def _values(schema: Mapping[str, Any], out: dict[str, Any]) -> None:
    """enum/const of strings, integers, booleans and null become a Literal; other values
    (floats, arrays, objects) leave the types of all the values instead."""
    for key in ("enum", "const"):
        if key not in schema:
            continue
        values = schema[key] if key == "enum" else [schema[key]]
        if not isinstance(values, list):
            continue
        if all(isinstance(v, LITERALS) and not isinstance(v, float) for v in values):
            out[key] = schema[key]
        elif "type" not in out:
            kinds = {"number" if t == "integer" else t for t in map(json_type, values)}
            names = [k for k in ALL_TYPES if k in kinds or (k == "integer" and "number" in kinds)]
            out["type"] = names[0] if len(names) == 1 else names


def _objectish(schema: Any) -> bool:
    return isinstance(schema, Mapping) and (
        schema.get("type") == "object" or ("properties" in schema and "type" not in schema)
    )


def _plain(value: Any, *, floats: bool) -> bool:
    """A scalar or list of scalars (a float only where the type is a number: an integral
    float would be an ``int`` field's default otherwise)."""
    if isinstance(value, list):
        return all(_plain(item, floats=False) for item in value)
    return isinstance(value, SCALARS) and (floats or not isinstance(value, float))


def _reshaped(schema: Mapping[str, Any]) -> bool:
    """Whether :func:`_untyped` may turn ``schema`` into a union (so paths into it move)."""
    typed = not {"type", "$ref", "enum", "const"}.isdisjoint(schema)
    return not typed and not {"properties", "additionalProperties", "items"}.isdisjoint(schema)


def _untyped(out: dict[str, Any]) -> dict[str, Any]:
    """Object or array keywords without ``type`` also accept every other kind of value."""
    typed = "type" in out or "$ref" in out or "enum" in out or "const" in out
    objects = "properties" in out or "additionalProperties" in out
    arrays = "items" in out
    if typed or not (objects or arrays) or "anyOf" in out or "allOf" in out:
        return out
    kept = {k: out.pop(k) for k in list(out) if k in KEPT or k == "default"}
    shapes = []
    if objects:
        shapes.append({"type": "object", **{k: v for k, v in out.items() if k != "items"}})
    if arrays:
        shapes.append({"type": "array", "items": out["items"]})
    shaped = {"object"} if objects else set()
    shaped |= {"array"} if arrays else set()
    others = [kind for kind in ALL_TYPES if kind not in shaped]
    return {**kept, "anyOf": [*shapes, {"type": others}]}
