"""What OpenAI strict mode accepts, and measuring a schema against it.

The keyword sets, formats and size limits of OpenAI's Structured Outputs guide, section
"Supported schemas" (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
plus the checks that need the whole schema: the root shape and the documented limits, measured
on the schema as it would be sent. ``strict.py`` does the transformation itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from generator.jsonschema import refs, walk
from generator.jsonschema.dialects import Dialect

Path = tuple[str | int, ...]

# Where a strict schema holds subschemas: everything else is outside the subset.
STRICT_WALK: Final = Dialect(
    "openai-strict",
    "",
    keywords=frozenset(),
    schema=frozenset({"items"}),
    schema_list=frozenset({"anyOf"}),
    schema_map=frozenset({"properties", "$defs"}),
    annotations=frozenset(),
    formats=frozenset(),
    items_array=False,
)


# Documented limits ("Objects have limitations on nesting depth and size", "Limitations on
# total string size", "Limitations on enum size").
MAX_OBJECT_PROPERTIES: Final = 5000
MAX_NESTING_DEPTH: Final = 10
MAX_ENUM_VALUES: Final = 1000
MAX_TOTAL_STRING_LENGTH: Final = 120_000
LARGE_ENUM_THRESHOLD: Final = 250
MAX_LARGE_ENUM_STRING_LENGTH: Final = 15_000
# Not OpenAI's: openai-agents' _MAX_SCHEMA_DEPTH, a guard for recursive processing.
MAX_CONTAINER_DEPTH: Final = 100

# Named verbatim by the guide: "Some type-specific keywords are not yet supported —
# Composition: allOf, not, dependentRequired, dependentSchemas, if, then, else".
EXPLICITLY_UNSUPPORTED: Final = frozenset(
    {"allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else"}
)
# Keywords that admit keys strict mode would have to guess: it only generates declared keys.
OPEN_MAP_KEYWORDS: Final = frozenset(
    {"patternProperties", "propertyNames", "unevaluatedProperties"}
)
# The guide's list under "Supported properties: string / format".
SUPPORTED_FORMATS: Final = (
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
)
# Copied as they are: the documented subset, plus minLength/maxLength (the guide lists them
# as unsupported only "for fine-tuned models") and pure annotations.
PASS_THROUGH: Final = frozenset(
    {
        "type",
        "enum",
        "const",
        "pattern",
        "minLength",
        "maxLength",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "minItems",
        "maxItems",
        "description",
        "title",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$comment",
    }
)
# openai-agents' _REF_NON_CONSTRAINING_SIBLINGS: the siblings it folds into an inlined $ref.
REF_ANNOTATIONS: Final = frozenset(
    {
        "$anchor",
        "$comment",
        "$defs",
        "$schema",
        "contentEncoding",
        "contentMediaType",
        "contentSchema",
        "default",
        "definitions",
        "deprecated",
        "description",
        "examples",
        "readOnly",
        "title",
        "writeOnly",
    }
)
# Every hint ends with the way out that always works.
STRICT_FALSE: Final = "or set strict: false for this tool"


@dataclass(frozen=True, slots=True)
class StrictProblem:
    """One thing OpenAI strict mode cannot express, with where it is and what to change."""

    path: tuple[str | int, ...]
    message: str
    hint: str


def is_object(schema: Mapping[str, Any]) -> bool:
    """True for a schema strict mode treats as an object (and so closes)."""
    kind = schema.get("type")
    return (
        kind == "object"
        or (isinstance(kind, list) and "object" in kind)
        or ("properties" in schema)
    )


def def_name(ref: str) -> str | None:
    """The definition name of '#/$defs/<name>' (JSON-pointer and URI escapes undone)."""
    return refs.def_name(ref)


def lookup_def(root: Mapping[str, Any], ref: str) -> Any:
    """The $defs entry a '#/$defs/<name>' reference points to, or None."""
    name = def_name(ref)
    defs = root.get("$defs")
    if name is None or not isinstance(defs, Mapping):
        return None
    return defs.get(name)


# --- whole-schema checks --------------------------------------------------------------------


def check_root(schema: Mapping[str, Any]) -> list[StrictProblem]:
    """The root must be a plain object: no type list, no alternatives."""
    problems = []
    if schema.get("type") != "object":
        problems.append(
            StrictProblem(
                ("type",),
                "the root of an OpenAI strict schema must be type: object "
                "(not a list, not nullable)",
                "write type: object at the root",
            )
        )
    for key in ("anyOf", "oneOf"):
        if key in schema:
            problems.append(
                StrictProblem(
                    (key,),
                    f"the root of an OpenAI strict schema must not use '{key}'",
                    "move the alternatives into a property",
                )
            )
    return problems


@dataclass(slots=True)
class _Totals:
    properties: int = 0
    enum_values: int = 0
    string_length: int = 0


def check_limits(schema: Mapping[str, Any]) -> list[StrictProblem]:
    """The documented size limits, measured on the schema as it would be sent."""
    totals, problems = _Totals(), []
    for node, path in walk.subschemas(schema, (), STRICT_WALK):
        problems += _count(node, path, totals)
    depth = max_depth(schema)
    hint = f"split the tool or simplify its arguments, {STRICT_FALSE}"
    for value, limit, what in (
        (totals.properties, MAX_OBJECT_PROPERTIES, "object properties"),
        (depth, MAX_NESTING_DEPTH, "levels of object nesting"),
        (totals.enum_values, MAX_ENUM_VALUES, "enum values across all enums"),
        (
            totals.string_length,
            MAX_TOTAL_STRING_LENGTH,
            "characters in property names, definition names, enum and const values",
        ),
    ):
        if value > limit:
            message = f"schema has {value} {what}; OpenAI strict mode allows at most {limit}"
            problems.append(StrictProblem((), message, hint))
    return problems


def _count(node: Mapping[str, Any], path: Path, totals: _Totals) -> list[StrictProblem]:
    properties, defs, enum = node.get("properties"), node.get("$defs"), node.get("enum")
    if isinstance(properties, Mapping):
        totals.properties += len(properties)
        totals.string_length += sum(len(name) for name in properties)
    if isinstance(defs, Mapping):
        totals.string_length += sum(len(name) for name in defs)
    if "const" in node:
        totals.string_length += _value_length(node["const"])
    if isinstance(enum, list):
        totals.enum_values += len(enum)
        totals.string_length += sum(_value_length(value) for value in enum)
        return _check_large_enum(enum, path)
    return []


def _check_large_enum(enum: list[Any], path: Path) -> list[StrictProblem]:
    length = sum(len(value) for value in enum if isinstance(value, str))
    if len(enum) <= LARGE_ENUM_THRESHOLD or length <= MAX_LARGE_ENUM_STRING_LENGTH:
        return []
    where = "/".join(str(part) for part in (*path, "enum"))
    message = (
        f"enum at /{where} has {len(enum)} values totalling {length} characters; "
        f"OpenAI strict mode allows at most {MAX_LARGE_ENUM_STRING_LENGTH} characters "
        f"in an enum of more than {LARGE_ENUM_THRESHOLD} values"
    )
    return [StrictProblem((), message, f"shorten the values or accept free text, {STRICT_FALSE}")]


def _value_length(value: Any) -> int:
    # Strings count by their length; other values (numbers, booleans) by their JSON text.
    return len(value) if isinstance(value, str) else len(json.dumps(value))


def _children(node: Mapping[str, Any]) -> Iterator[Any]:
    """The subschemas a strict schema can contain: properties, $defs, items, anyOf."""
    return (child for child, _ in walk.children(node, (), STRICT_WALK))


def max_depth(root: Mapping[str, Any]) -> int:
    """Deepest chain of nested object schemas (the root object is level 1), through $refs.

    A $ref back into a definition being measured is recursion, which the guide allows:
    it ends the chain instead of counting forever.
    """
    memo: dict[str, int] = {}
    defs = root.get("$defs")
    names = list(defs) if isinstance(defs, Mapping) else []
    depths = [_ref_depth("#", root, memo, set())]
    depths += [_ref_depth(refs.def_ref(name), root, memo, set()) for name in names]
    return max(depths)


def _object_depth(
    node: Any, root: Mapping[str, Any], memo: dict[str, int], active: set[str]
) -> int:
    if not isinstance(node, Mapping):
        return 0
    deepest = max(
        (_object_depth(child, root, memo, active) for child in _children(node)), default=0
    )
    ref = node.get("$ref")
    if isinstance(ref, str):
        deepest = max(deepest, _ref_depth(ref, root, memo, active))
    return deepest + (1 if is_object(node) else 0)


def _ref_depth(ref: str, root: Mapping[str, Any], memo: dict[str, int], active: set[str]) -> int:
    if ref in memo:
        return memo[ref]
    if ref in active:
        return 0
    target = root if ref == "#" else lookup_def(root, ref)
    active.add(ref)
    depth = _object_depth(target, root, memo, active)
    active.discard(ref)
    memo[ref] = depth
    return depth
