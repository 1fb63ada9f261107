"""What an ``anyOf`` branch can match as a provider sends it: the key sets of its objects.

The inverse (``inverse.py``) chooses a branch by the value the provider sent. A provider
that closes objects and requires every property (OpenAI strict mode) sends, for a branch
with ``properties``, exactly those keys; so the exact key set of an object tells the
branches apart. A shape is an over-approximation: it may say a branch can match more than
it can (which only makes the choice ambiguous, and the value is then kept), never less.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from generator.jsonschema import pointer

Tokens = tuple[str | int, ...]
ANY_KEYS: Final = None  # a branch may match objects with any key set
JSON_TYPES: Final = frozenset({"null", "boolean", "object", "array", "number", "string"})
MAX_REF_CHAIN: Final = 64


@dataclass(frozen=True, slots=True)
class Shape:
    """What a branch can match as the provider sends it: exact key sets of its objects
    (None: any) and whether it can be an array. An over-approximation, never less."""

    objects: frozenset[frozenset[str]] | None
    arrays: bool

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.objects is None:
            data["objects"] = True
        elif self.objects:
            data["objects"] = sorted(sorted(keys) for keys in self.objects)
        if self.arrays:
            data["arrays"] = True
        return data


def follow(root: Mapping[str, Any], schema: Any, tokens: Tokens) -> tuple[Any, Tokens]:
    """Where a chain of local ``$ref`` ends (siblings of ``$ref`` are annotations here)."""
    for _ in range(MAX_REF_CHAIN):
        ref = schema.get("$ref") if isinstance(schema, Mapping) else None
        parts = pointer.parse_ref(ref) if isinstance(ref, str) else None
        found = None if parts is None else pointer.locate(root, parts)
        if found is None:
            break
        schema, tokens = found
    return schema, tokens


def shape(root: Mapping[str, Any], schema: Any, seen: frozenset[Tokens] = frozenset()) -> Shape:
    """The objects and arrays a subschema can match once the provider closed its objects
    (every property required, no other key): more than it can, never fewer."""
    if not isinstance(schema, Mapping):
        return Shape(ANY_KEYS, True) if schema is not False else Shape(frozenset(), False)
    if "$ref" in schema:
        target, tokens = follow(root, schema, ())
        if tokens in seen or (isinstance(target, Mapping) and "$ref" in target):
            return Shape(ANY_KEYS, True)  # recursion, or a reference that leads nowhere
        return shape(root, target, seen | {tokens})
    kinds = _types(schema)
    may_object = kinds is None or "object" in kinds
    may_array = kinds is None or "array" in kinds
    values = _values(schema)
    if values is not None:
        keys = frozenset(frozenset(v) for v in values if isinstance(v, Mapping))
        arrays = any(isinstance(v, list | tuple) for v in values)
        return Shape(keys if may_object else frozenset(), arrays and may_array)
    own = _own_objects(schema) if may_object else frozenset()
    branches = [shape(root, sub, seen) for sub in _branches(schema)]
    if not branches:
        return Shape(own, may_array)
    union = _union(branches)
    objects = own if "properties" in schema or own == frozenset() else union.objects
    return Shape(objects, may_array and union.arrays)


def _types(schema: Mapping[str, Any]) -> frozenset[str] | None:
    kind = schema.get("type")
    if isinstance(kind, str):
        kind = [kind]
    if not isinstance(kind, list | tuple):
        return None
    named = (k for k in kind if k in JSON_TYPES or k == "integer")
    return frozenset("number" if k == "integer" else k for k in named)


def _values(schema: Mapping[str, Any]) -> list[Any] | None:
    """The values ``const``/``enum`` allow (None when neither is there)."""
    if "const" in schema:
        return [schema["const"]]
    enum = schema.get("enum")
    return list(enum) if isinstance(enum, list | tuple) else None


def _own_objects(schema: Mapping[str, Any]) -> frozenset[frozenset[str]] | None:
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        return frozenset({frozenset(properties)})
    if schema.get("additionalProperties") is False:
        return frozenset({frozenset()})
    return ANY_KEYS


def _branches(schema: Mapping[str, Any]) -> list[Any]:
    return [sub for key in ("anyOf", "oneOf") for sub in schema.get(key) or ()]


def _union(shapes: list[Shape]) -> Shape:
    arrays = any(s.arrays for s in shapes)
    if any(s.objects is None for s in shapes):
        return Shape(ANY_KEYS, arrays)
    return Shape(frozenset().union(*(s.objects or () for s in shapes)), arrays)
