"""What Claude's strict tool use accepts, and its request-wide limits.

Source: Anthropic's structured-outputs guide, "JSON Schema limitations" and the strict tool
use page (platform.claude.com/docs/en/build-with-claude/structured-outputs), and the SDK's own
strict transformation, ``anthropic.lib._parse._transform.transform_schema``, whose choices
this follows (unsupported constraints go into the description, objects are closed, oneOf
becomes anyOf, optional properties stay optional).
"""

from __future__ import annotations

import re
from typing import Final

from generator.profiles.base import ANNOTATION_KEYWORDS, NameRule

NAME: Final = NameRule(
    "Claude",
    re.compile(r"[a-zA-Z0-9_-]{1,64}"),
    "1 to 64 letters, digits, '_' or '-'",
)

# "These limits apply to the combined total across all strict schemas in a single request."
MAX_STRICT_TOOLS: Final = 20
MAX_OPTIONAL_PARAMETERS: Final = 24  # every property not listed in `required` counts
MAX_UNION_PARAMETERS: Final = 16  # parameters using anyOf or a type array

SUPPORTED_FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
)
MIN_ITEMS_ALLOWED: Final = (0, 1)

# "pattern: simple regex — no backreferences, lookahead/lookbehind, word boundaries".
UNSUPPORTED_REGEX: Final = re.compile(r"\\[1-9bBk]|\(\?(?:=|!|<=|<!)")

# Constraints strict mode cannot enforce: removed, and written into the description so the
# model still reads them (as the SDK does) — the model may now break them: a warning.
DESCRIBED: Final = frozenset(
    {
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "maxItems",
        "minProperties",
        "maxProperties",
        "uniqueItems",
        "contains",
        "minContains",
        "maxContains",
        "prefixItems",
        "additionalItems",
        "unevaluatedItems",
        "unevaluatedProperties",
        "propertyNames",
        "dependentRequired",
        "dependentSchemas",
        "not",
        "if",
        "then",
        "else",
    }
)

# Keywords that only annotate; removed without a word.
ANNOTATIONS: Final = ANNOTATION_KEYWORDS

# A strict node must say what it is (the SDK refuses one without any of these).
TYPED_BY: Final = ("type", "anyOf", "allOf", "enum", "const", "$ref")
