"""Arguments as OpenAI strict mode makes a model send them, for tests of the inverse.

Built independently of the inverse's data: the contract's schema is walked along the
arguments, with jsonschema choosing among alternatives.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from generator.jsonschema import pointer
from tests.zod_harness import judge


@functools.lru_cache(maxsize=256)
def _cached_judge(text: str) -> Any:
    return judge(json.loads(text))


def _judge(root: Any) -> Any:
    return _cached_judge(json.dumps(root, sort_keys=True))


def as_strict(root: Any, schema: Any, value: Any, validator: Any) -> Any:
    """What strict mode makes the model send for contract arguments ``value``: null for
    every optional property left out, wherever the contract's schema for it is known
    (the first alternative ``value`` matches, for anyOf/oneOf)."""
    schema = _deref(root, schema)
    if not isinstance(schema, Mapping):
        return value
    sent = value
    properties = schema.get("properties")
    if isinstance(value, dict) and isinstance(properties, Mapping):
        required = set(schema.get("required", ()))
        sent = {
            k: as_strict(root, properties[k], v, validator) if k in properties else v
            for k, v in value.items()
        }
        sent.update({k: None for k in properties if k not in value and k not in required})
    items = schema.get("items")
    if isinstance(value, list) and isinstance(items, Mapping):
        sent = [as_strict(root, items, v, validator) for v in value]
    for key in ("anyOf", "oneOf"):
        matching = [b for b in schema.get(key, ()) if validator.evolve(schema=b).is_valid(value)]
        if matching:
            sent = as_strict(root, matching[0], sent, validator)
    return sent


def undeclared_keys(root: Any, schema: Any, value: Any) -> bool:
    """Whether ``value`` has a key strict mode's closed objects could not hold (where its
    schema is known, as :func:`as_strict` walks it)."""
    schema = _deref(root, schema)
    if not isinstance(schema, Mapping):
        return False
    properties = schema.get("properties")
    if isinstance(value, dict) and isinstance(properties, Mapping):
        if not set(value) <= set(properties):
            return True
        if any(undeclared_keys(root, properties[k], v) for k, v in value.items()):
            return True
    items = schema.get("items")
    if isinstance(value, list) and isinstance(items, Mapping):
        return any(undeclared_keys(root, items, v) for v in value)
    return any(
        undeclared_keys(root, branch, value)
        for key in ("anyOf", "oneOf")
        for branch in schema.get(key, ())
        if _judge(root).evolve(schema=branch).is_valid(value)
    )


def _deref(root: Any, schema: Any) -> Any:
    while isinstance(schema, Mapping) and isinstance(schema.get("$ref"), str):
        found, schema = pointer.lookup(root, schema["$ref"])
        assert found
    return schema


def without_added_nulls(value: Any, original: Any) -> Any:
    """``value`` without the null-valued keys ``original`` did not have."""
    if isinstance(value, dict) and isinstance(original, dict):
        return {
            k: without_added_nulls(v, original[k]) if k in original else v
            for k, v in value.items()
            if k in original or v is not None
        }
    if isinstance(value, list) and isinstance(original, list) and len(value) == len(original):
        return [without_added_nulls(v, o) for v, o in zip(value, original, strict=True)]
    return value
