"""Hypothesis strategies: schemas built only from one dialect's keywords, with values
that agree with them (every default, const, enum member and example is valid).

``consistent_schema(dialect)`` draws a root object schema. Each subschema is built
together with a strategy for its valid values, so values are drawn, never filtered.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from generator.jsonschema.dialects import (
    DRAFT_07_DIALECT,
    DRAFT_2019_09_DIALECT,
    DRAFT_2020_12_DIALECT,
    Dialect,
)

DIALECTS = (DRAFT_2020_12_DIALECT, DRAFT_2019_09_DIALECT, DRAFT_07_DIALECT)
NAMES = ("path", "limit", "mode", "tags", "owner", "x", "é t")
# (pattern, the alphabet whose texts it matches whatever their length)
PATTERNS = (("^[a-c]*$", "abc"), ("^[xyz.-]*$", "xyz.-"), ("^(?:ab)*$", None))
Built = tuple[dict[str, Any], st.SearchStrategy[Any]]


def _unique(values: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
    return st.lists(values, min_size=1, max_size=3, unique_by=lambda v: json.dumps(v))


@st.composite
def _string(draw: st.DrawFn, dialect: Dialect) -> Built:
    low = draw(st.integers(0, 3))
    high = draw(st.integers(low, low + 4))
    schema: dict[str, Any] = {"type": "string", "minLength": low, "maxLength": high}
    pattern, alphabet = draw(st.sampled_from(PATTERNS))
    if alphabet is None:  # "(ab)*": even lengths only
        schema.update(pattern=pattern, minLength=low * 2, maxLength=high * 2)
        values = st.integers(low, high).map(lambda n: "ab" * n)
    else:
        schema["pattern"] = pattern
        values = st.text(alphabet, min_size=low, max_size=high)
    if draw(st.booleans()):
        schema["format"] = draw(st.sampled_from(sorted(dialect.formats)))
    return schema, values


@st.composite
def _number(draw: st.DrawFn, dialect: Dialect) -> Built:
    kind = draw(st.sampled_from(["integer", "number"]))
    low = draw(st.integers(-5, 5))
    high = draw(st.integers(low, low + 10))
    if draw(st.booleans()):
        schema = {"type": kind, "minimum": low, "maximum": high}
    else:
        schema = {"type": kind, "exclusiveMinimum": low - 1, "exclusiveMaximum": high + 1}
    if kind == "integer":
        return schema, st.integers(low, high)
    return schema, st.floats(low, high, allow_nan=False, allow_infinity=False)


@st.composite
def _array(draw: st.DrawFn, dialect: Dialect, depth: int) -> Built:
    items, values = draw(_subschema(dialect, depth + 1))
    low = draw(st.integers(0, 2))
    high = draw(st.integers(low, low + 2))
    schema = {"type": "array", "items": items, "minItems": low, "maxItems": high}
    return schema, st.lists(values, min_size=low, max_size=high)


@st.composite
def _tuple(draw: st.DrawFn, dialect: Dialect, depth: int) -> Built:
    """``prefixItems`` (2020-12) or the array form of ``items`` (before)."""
    parts = [draw(_subschema(dialect, depth + 1)) for _ in range(draw(st.integers(1, 2)))]
    key = "items" if dialect.items_array else "prefixItems"
    schema = {"type": "array", key: [s for s, _ in parts], "minItems": len(parts)}
    return schema, st.tuples(*(v for _, v in parts)).map(list)


@st.composite
def _any_of(draw: st.DrawFn, dialect: Dialect, depth: int) -> Built:
    (first, one), (second, other) = draw(_subschema(dialect, depth + 1)), draw(
        _subschema(dialect, depth + 1)
    )
    return {"anyOf": [first, second]}, st.one_of(one, other)


@st.composite
def _object(draw: st.DrawFn, dialect: Dialect, depth: int) -> Built:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    built = {name: draw(_subschema(dialect, depth + 1)) for name in names}
    required = draw(st.lists(st.sampled_from(names), max_size=len(names), unique=True))
    schema: dict[str, Any] = {"type": "object", "properties": {n: s for n, (s, _) in built.items()}}
    if required:
        schema["required"] = required
    if draw(st.booleans()):
        schema["additionalProperties"] = False
    if depth < 2 and draw(st.booleans()):
        schema["patternProperties"] = {"^x_[a-z]+$": draw(_subschema(dialect, depth + 1))[0]}
    values = st.fixed_dictionaries(
        {n: built[n][1] for n in required},
        optional={n: v for n, (_, v) in built.items() if n not in required},
    )
    return schema, values


def _scalar(dialect: Dialect) -> st.SearchStrategy[Built]:
    fixed: list[Built] = [
        ({"type": "boolean"}, st.booleans()),
        ({"type": "null"}, st.none()),
    ]
    return st.one_of(_string(dialect), _number(dialect), st.sampled_from(fixed))


def _subschema(dialect: Dialect, depth: int) -> st.SearchStrategy[Built]:
    shapes = _scalar(dialect)
    if depth < 2:
        nested = (_array, _object, _tuple, _any_of)
        shapes = st.one_of(shapes, *(shape(dialect, depth) for shape in nested))
    return shapes.flatmap(lambda built: _decorated(built, dialect))


@st.composite
def _decorated(draw: st.DrawFn, built: Built, dialect: Dialect) -> Built:
    """Annotations, nullability and value keywords drawn from the subschema's values."""
    schema, values = dict(built[0]), built[1]
    if "type" in schema and schema["type"] != "null" and draw(st.booleans()):
        schema["type"] = [schema["type"], "null"]
        values = st.one_of(values, st.none())
    for keyword, text in (("title", "T"), ("description", "D"), ("$comment", "c"), ("x-ui", "u")):
        if (keyword in dialect.keywords or keyword.startswith("x-")) and draw(st.booleans()):
            schema[keyword] = text
    if "deprecated" in dialect.keywords and draw(st.booleans()):
        schema["deprecated"] = False
    choice = draw(st.sampled_from(["none", "default", "const", "enum", "examples"]))
    if choice == "default":
        schema["default"] = draw(values)
    elif choice == "const":
        schema["const"] = draw(values)
        schema.pop("type", None)  # a const's type is the const's own
        values = st.just(schema["const"])
    elif choice == "enum":
        members = draw(_unique(values))
        schema["enum"] = members
        if "type" in schema:
            schema["type"] = _types_of(members)
        values = st.sampled_from(members)
    elif choice == "examples":
        schema["examples"] = draw(st.lists(values, min_size=1, max_size=2))
    return schema, values


def _types_of(members: list[Any]) -> list[str] | str:
    """The types the enum members have: a type list no member leaves out."""
    found: list[str] = []
    for value in members:
        name = _json_type(value)
        if name not in found:
            found.append(name)
    if "integer" in found and "number" in found:
        found.remove("integer")
    return found[0] if len(found) == 1 else found


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


@st.composite
def consistent_schema(draw: st.DrawFn) -> dict[str, Any]:
    """A root object schema in one of the dialects, with a definition it refers to."""
    dialect = draw(st.sampled_from(DIALECTS))
    root, _ = draw(_object(dialect, 0))
    definition, values = draw(_subschema(dialect, 1))
    section = "$defs" if "$defs" in dialect.keywords else "definitions"
    root[section] = {"shared": definition}
    reference: dict[str, Any] = {"$ref": f"#/{section}/shared"}
    if draw(st.booleans()):
        reference["default"] = draw(values)  # judged against the definition, via the root
    root["properties"]["ref"] = reference
    if draw(st.booleans()) or dialect is not DRAFT_2020_12_DIALECT:
        root["$schema"] = dialect.uri
    return root
