"""The OpenAI cookbook's estimate of what function definitions add to a prompt.

"How to count tokens with tiktoken", ``num_tokens_for_tools``: per function ``func_init``
plus the tokens of ``name:description`` (one final "." dropped); when it has properties
``prop_init``, and per top-level property ``prop_key`` plus the tokens of
``key:type:description`` (one final "." dropped), and for an enum ``enum_init`` plus per
value ``enum_item`` and its tokens; per list ``func_end``. The cookbook reads only
top-level properties whose ``type`` and ``description`` are strings; here a missing one
is "" and any other value is its compact JSON (``["string","null"]``), nested schemas
add nothing — which is why this is an estimate, next to the exact count of the JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.emit.lists import Layout
from generator.tokens.joined import Tally
from generator.tokens.providers import FunctionFormula
from generator.tokens.serialize import at, dumps


def tool_estimate(
    entry: Mapping[str, Any],
    layout: Layout,
    formula: FunctionFormula,
    tally: Tally,
) -> int:
    """The formula's tokens for one function (``func_end`` is the listing's)."""
    name = _text(at(entry, layout.name))
    tokens = formula.func_init + tally.prefixed(
        name + ":", _undotted(at(entry, layout.description))
    )
    schema = at(entry, layout.schema)
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    if not isinstance(properties, Mapping) or not properties:
        return tokens
    tokens += formula.prop_init
    for key, prop in properties.items():
        fields = prop if isinstance(prop, Mapping) else {}
        tokens += formula.prop_key + _enum(fields, formula, tally)
        kind = _text(fields.get("type", ""))
        tokens += tally.prefixed(f"{key}:{kind}:", _undotted(fields.get("description", "")))
    return tokens


def listing_estimate(tool_tokens: list[int], formula: FunctionFormula) -> int:
    """The formula's tokens for a list: its functions, plus ``func_end`` when not empty."""
    return sum(tool_tokens) + (formula.func_end if tool_tokens else 0)


def _enum(fields: Mapping[str, Any], formula: FunctionFormula, tally: Tally) -> int:
    values = fields.get("enum")
    if not isinstance(values, list | tuple):
        return 0
    return formula.enum_init + sum(
        formula.enum_item + tally.text(_text(item)).tokens for item in values
    )


def _text(value: Any) -> str:
    return value if isinstance(value, str) else dumps(value)


def _undotted(value: Any) -> str:
    text = _text(value)
    return text[:-1] if text.endswith(".") else text
