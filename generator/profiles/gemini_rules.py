"""What Gemini's function declarations accept: names, the OpenAPI subset, formats.

Sources: ``message Schema`` and ``message FunctionDeclaration`` in googleapis
google/ai/generativelanguage/v1beta/content.proto (Gemini API) and
google/cloud/aiplatform/v1/openapi.proto, tool.proto (Vertex); the error messages both
APIs return for names and string formats.
"""

from __future__ import annotations

import re
from typing import Final

from generator.jsonschema.dialects import FOR_TYPE, TYPE_NAMES
from generator.profiles.base import NameRule

# "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores,
# dots, colons, or dashes, with a maximum length of 64." Vertex allows no colon; provider
# names never hold one, so one rule serves both.
FUNCTION_NAME: Final = NameRule(
    "Gemini",
    re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,63}"),
    "a name starts with a letter or '_', then letters, digits, '_', '.', ':' or '-', "
    "at most 64 in all",
)
# Vertex's FunctionDeclaration.parameters: "Parameter names must start with a letter or an
# underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length
# of 64."
PARAMETER_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")

# Every type but null, which the subset spells ``nullable: true``.
TYPES: Final = frozenset(TYPE_NAMES) - {"null"}

# Subset keywords copied as they are (the ones needing work have their own handling).
KEPT: Final = frozenset(
    {
        "title",
        "description",
        "nullable",
        "default",
        "example",
        "pattern",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "required",
        "propertyOrdering",
    }
)

# Formats the Gemini API takes, per type ("only 'enum' and 'date-time' are supported for
# STRING type"; the proto: float/double for NUMBER, int32/int64 for INTEGER).
FORMATS: Final[dict[str, tuple[str, ...]]] = {
    "string": ("enum", "date-time"),
    "number": ("float", "double"),
    "integer": ("int32", "int64"),
}

# Keywords outside the subset whose removal lets the model send what the contract forbids,
# with what that means for the reader of the warning.
WIDENING: Final[dict[str, str]] = {
    "additionalProperties": "the model may send keys the contract does not allow",
    "patternProperties": "keys matching the pattern are no longer checked",
    "propertyNames": "any key name may be sent",
    "unevaluatedProperties": "the model may send keys the contract does not allow",
    "dependentRequired": "properties the contract requires together may come alone",
    "dependentSchemas": "the conditional constraints are not sent",
    "not": "values the contract excludes may be sent",
    "if": "the conditional constraints are not sent",
    "then": "the conditional constraints are not sent",
    "else": "the conditional constraints are not sent",
    "uniqueItems": "the array may hold duplicates",
    "contains": "the array need not contain the required item",
    "minContains": "the array need not contain the required items",
    "maxContains": "the array may contain more matching items",
    "prefixItems": "the leading items are no longer typed one by one",
    "additionalItems": "items after the typed ones are no longer checked",
    "unevaluatedItems": "items the contract does not allow may be sent",
    "multipleOf": "the number need not be a multiple",
    "exclusiveMinimum": "the bound is no longer sent",
    "exclusiveMaximum": "the bound is no longer sent",
}

# Keywords that apply to one type only, the vocabulary's and the subset's own: a type
# list's anyOf branches take them along.
_SUBSET_OWN: Final[dict[str, frozenset[str]]] = {
    "string": frozenset({"format"}),
    "number": frozenset({"format"}),
    "integer": frozenset({"format"}),
    "object": frozenset({"propertyOrdering"}),
}
TYPE_KEYWORDS: Final[dict[str, frozenset[str]]] = {
    kind: FOR_TYPE[kind] | _SUBSET_OWN.get(kind, frozenset()) for kind in sorted(TYPES)
}
