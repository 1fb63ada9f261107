"""A fast, sound pre-check of a schema against the JSON Schema 2020-12 metaschema.

jsonschema validates a schema against the 2020-12 metaschema by following its
``$dynamicRef`` vocabularies: ~10 ms for a typical tool schema, minutes for a
large tool set. Almost every schema is valid, so we first ask a cheaper question:
is it *surely* valid? This walker answers True only when every keyword it meets
is one whose metaschema rule it checks exactly; anything else (an odd value, a
keyword it does not model, another dialect) answers False and the caller falls back
to jsonschema, which then produces the real error messages. A property test holds
the "True ⇒ jsonschema finds no error" direction.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

DIALECT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
SIMPLE_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})

Check = Callable[[Any], bool]


def _schema(value: Any) -> bool:
    return isinstance(value, bool) or (isinstance(value, Mapping) and _object_schema(value))


def _schema_map(value: Any) -> bool:
    return isinstance(value, Mapping) and all(_schema(v) for v in value.values())


def _schema_list(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) > 0 and all(_schema(v) for v in value)


def _string(value: Any) -> bool:
    return isinstance(value, str)


def _boolean(value: Any) -> bool:
    return isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _positive(value: Any) -> bool:
    return _number(value) and value > 0


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _anything(value: Any) -> bool:
    return True


def _array(value: Any) -> bool:
    return isinstance(value, list | tuple)


def _unique_strings(value: Any) -> bool:
    return _array(value) and all(map(_string, value)) and len(set(value)) == len(value)


def _type(value: Any) -> bool:
    if isinstance(value, str):
        return value in SIMPLE_TYPES
    return _unique_strings(value) and len(value) > 0 and all(v in SIMPLE_TYPES for v in value)


def _regex(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        re.compile(value)
    except (re.error, RecursionError, OverflowError):
        return False
    return True


def _pattern_map(value: Any) -> bool:
    return _schema_map(value) and all(_regex(k) for k in value)


def _dependent_required(value: Any) -> bool:
    return isinstance(value, Mapping) and all(_unique_strings(v) for v in value.values())


def _local_ref(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("#")


KEYWORDS: dict[str, Check] = {
    "$ref": _local_ref,
    "$comment": _string,
    "$defs": _schema_map,
    "definitions": _schema_map,
    "prefixItems": _schema_list,
    "items": _schema,
    "contains": _schema,
    "additionalProperties": _schema,
    "properties": _schema_map,
    "patternProperties": _pattern_map,
    "dependentSchemas": _schema_map,
    "propertyNames": _schema,
    "if": _schema,
    "then": _schema,
    "else": _schema,
    "allOf": _schema_list,
    "anyOf": _schema_list,
    "oneOf": _schema_list,
    "not": _schema,
    "unevaluatedItems": _schema,
    "unevaluatedProperties": _schema,
    "type": _type,
    "const": _anything,
    "enum": _array,
    "multipleOf": _positive,
    "maximum": _number,
    "exclusiveMaximum": _number,
    "minimum": _number,
    "exclusiveMinimum": _number,
    "maxLength": _count,
    "minLength": _count,
    "pattern": _regex,
    "maxItems": _count,
    "minItems": _count,
    "uniqueItems": _boolean,
    "maxContains": _count,
    "minContains": _count,
    "maxProperties": _count,
    "minProperties": _count,
    "required": _unique_strings,
    "dependentRequired": _dependent_required,
    "title": _string,
    "description": _string,
    "default": _anything,
    "deprecated": _boolean,
    "readOnly": _boolean,
    "writeOnly": _boolean,
    "examples": _array,
    "format": _string,
    "contentEncoding": _string,
    "contentMediaType": _string,
    "contentSchema": _schema,
}


def _object_schema(schema: Mapping[str, Any]) -> bool:
    for key, value in schema.items():
        check = KEYWORDS.get(key)
        if check is None:
            if key.startswith("$") or key == "dependencies":
                return False  # core keywords we do not model: let jsonschema judge
            continue  # unknown keywords are annotations: the metaschema allows anything
        if not check(value):
            return False
    return True


def surely_valid(schema: Mapping[str, Any]) -> bool:
    """True only if ``schema`` is certainly valid under the 2020-12 metaschema."""
    dialect = schema.get("$schema", DIALECT_2020_12)
    if dialect not in (DIALECT_2020_12, DIALECT_2020_12 + "#"):
        return False
    body = {k: v for k, v in schema.items() if k != "$schema"}
    try:
        return _object_schema(body)
    except RecursionError:
        return False
