"""OpenAI strict mode: turn a tool's JSON Schema into the subset Structured Outputs accepts.

The rules follow OpenAI's Structured Outputs guide, section "Supported schemas"
(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas), and stay
compatible with ``agents.strict_schema.ensure_strict_json_schema`` from openai-agents: a schema
returned here is already strict, so that function returns it unchanged.

What changes (nothing else does):

* ``$schema`` is dropped at the root;
* every object schema gets ``additionalProperties: false`` and lists every property in
  ``required`` (property order); a schema with ``properties`` but no ``type`` gets
  ``type: "object"``;
* a property that was optional becomes nullable: a plain ``type`` gains ``"null"``, anything
  with ``enum``, ``const``, ``anyOf``, ``oneOf`` or ``$ref`` (or no ``type``) is wrapped as
  ``anyOf: [<schema>, {"type": "null"}]``;
* ``oneOf`` becomes ``anyOf``;
* ``default`` is removed and written into the description as `` (default: <JSON>)``;
* a ``$ref`` with annotation siblings (``description``, ``title``, ...) is replaced by its
  strict target merged with those siblings, as openai-agents does.

Keys keep their input order; keys that did not exist are appended in the fixed order
``type``, ``description``, ``required``, ``additionalProperties``. Whatever strict mode cannot
express is reported as a :class:`StrictProblem`; nothing is raised and the input is never
mutated.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, unquote

Path = tuple[str | int, ...]

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
# A property carrying one of these cannot take "null" through its type alone.
_WRAP_WHEN_OPTIONAL: Final = frozenset({"enum", "const", "anyOf", "oneOf", "$ref"})
_STRICT_FALSE: Final = "or set strict: false for this tool"


@dataclass(frozen=True, slots=True)
class StrictProblem:
    """One thing OpenAI strict mode cannot express, with where it is and what to change."""

    path: tuple[str | int, ...]
    message: str
    hint: str


@dataclass(frozen=True, slots=True)
class StrictResult:
    """The strict schema, or the reasons there is none."""

    schema: dict[str, Any] | None
    problems: tuple[StrictProblem, ...]


@dataclass(slots=True)
class _Context:
    root: Mapping[str, Any]
    problems: set[StrictProblem] = field(default_factory=set)
    inlining: list[str] = field(default_factory=list)
    inlined: dict[str, dict[str, Any]] = field(default_factory=dict)

    def report(self, path: Path, message: str, hint: str) -> None:
        self.problems.add(StrictProblem(path, message, hint))


def to_strict(schema: Mapping[str, Any]) -> StrictResult:
    """Transform a tool's root object schema for OpenAI strict mode.

    Returns the strict schema (fresh data; ``schema`` is not touched) when every part of it
    can be expressed, else ``schema=None`` and every problem found, sorted by path.
    """
    depth = _container_depth(schema)
    if depth > MAX_CONTAINER_DEPTH:
        # Far past the 10-level limit; stop before the recursive walk can exhaust the stack.
        message = f"schema nests {depth} JSON containers; too deep to convert safely"
        hint = f"flatten the schema, {_STRICT_FALSE}"
        return StrictResult(schema=None, problems=(StrictProblem((), message, hint),))
    ctx = _Context(root=schema)
    candidate = _transform(schema, (), ctx)
    _check_root(schema, ctx)
    _check_limits(candidate, ctx)
    problems = tuple(sorted(ctx.problems, key=_problem_key))
    return StrictResult(schema=None if problems else candidate, problems=problems)


def _container_depth(schema: Any) -> int:
    """How deeply dicts and lists nest, counted without recursion."""
    deepest, stack = 0, [(schema, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        children = value.values() if isinstance(value, Mapping) else value
        stack.extend((child, depth + 1) for child in children if isinstance(child, Mapping | list))
    return deepest


def _problem_key(problem: StrictProblem) -> tuple[tuple[tuple[int, int, str], ...], str]:
    # Mixed str/int paths do not compare directly: rank ints (array indexes) first.
    parts = tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in problem.path)
    return parts, problem.message


# --- the walk ---------------------------------------------------------------------------

Handler = Callable[[Mapping[str, Any], str, Path, _Context], tuple[str, Any] | None]


def _transform(node: Any, path: Path, ctx: _Context) -> dict[str, Any]:
    """The strict form of one subschema; problems go to ``ctx``."""
    if not isinstance(node, Mapping):
        ctx.report(
            path,
            f"schema {json.dumps(node)} is not supported in OpenAI strict mode: "
            "every subschema must be a JSON object",
            f"write an explicit schema {_STRICT_FALSE}",
        )
        return {}
    out: dict[str, Any] = {}
    for key in node:
        entry = _HANDLERS.get(key, _other_keyword)(node, key, path, ctx)
        if entry is not None:
            out[entry[0]] = entry[1]
    if "properties" in node and "type" not in node:
        out["type"] = "object"  # openai-agents adds it too; strict objects always carry a type
    _move_default_to_description(node, out)
    if _is_object(out):
        _close_object(out, path, ctx)
    if "$ref" in out and len(out) > 1:
        return _inline_ref(out, path, ctx)
    return out


def _is_object(schema: Mapping[str, Any]) -> bool:
    kind = schema.get("type")
    return (
        kind == "object"
        or (isinstance(kind, list) and "object" in kind)
        or ("properties" in schema)
    )


def _close_object(out: dict[str, Any], path: Path, ctx: _Context) -> None:
    """additionalProperties: false and every property required (in property order)."""
    properties = out.get("properties")
    if isinstance(properties, dict):
        out["required"] = list(properties)
    if "additionalProperties" in out:
        return  # either false already, or reported by its handler
    if properties is None:
        # Closing it would silently narrow "any object" to "only {}".
        ctx.report(
            path,
            "object schema without 'properties' is an open map, which OpenAI "
            "strict mode cannot express",
            "declare its properties, write additionalProperties: false if only {} is "
            f"meant, {_STRICT_FALSE}",
        )
        return
    out["additionalProperties"] = False


def _move_default_to_description(node: Mapping[str, Any], out: dict[str, Any]) -> None:
    """Strict mode has no 'default': keep the information for the model in the description."""
    if "default" not in node:
        return
    note = f"(default: {json.dumps(node['default'], ensure_ascii=False)})"
    description = out.get("description")
    out["description"] = f"{description} {note}" if isinstance(description, str) else note


def _make_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of an optional property, which strict mode sends as required-but-null."""
    kind = schema.get("type")
    if kind is None or not _WRAP_WHEN_OPTIONAL.isdisjoint(schema):
        return {"anyOf": [schema, {"type": "null"}]}
    kinds = kind if isinstance(kind, list) else [kind]
    if "null" not in kinds:
        schema["type"] = [*kinds, "null"]  # same key, so the key order is kept
    return schema


# --- keyword handlers -------------------------------------------------------------------


def _properties(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    value = node[key]
    if not isinstance(value, Mapping):
        return _other_keyword(node, key, path, ctx)
    required = node.get("required")
    required_names = set(required) if isinstance(required, list) else set()
    strict: dict[str, Any] = {}
    for name, subschema in value.items():
        converted = _transform(subschema, (*path, key, name), ctx)
        strict[name] = converted if name in required_names else _make_nullable(converted)
    return key, strict


def _defs(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    value = node[key]
    if not isinstance(value, Mapping):
        return _other_keyword(node, key, path, ctx)
    return key, {name: _transform(sub, (*path, key, name), ctx) for name, sub in value.items()}


def _items(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    return key, _transform(node[key], (*path, key), ctx)


def _any_of(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any] | None:
    """anyOf as is, oneOf renamed: every instance matching one branch matches anyOf."""
    value = node[key]
    if key == "oneOf" and "anyOf" in node:
        ctx.report(
            (*path, key),
            "'oneOf' next to 'anyOf' cannot become a single 'anyOf'",
            f"merge the alternatives into one 'anyOf' {_STRICT_FALSE}",
        )
        return None
    if not isinstance(value, list):
        return _other_keyword(node, key, path, ctx)
    return "anyOf", [_transform(sub, (*path, key, i), ctx) for i, sub in enumerate(value)]


def _additional_properties(
    node: Mapping[str, Any], key: str, path: Path, ctx: _Context
) -> tuple[str, Any]:
    value = node[key]
    if value is not False:
        ctx.report(
            (*path, key),
            "'additionalProperties' must be false in OpenAI strict mode: "
            "it cannot express open maps",
            "declare every key under properties (or use an array of {key, value} "
            f"objects) {_STRICT_FALSE}",
        )
    return key, copy.deepcopy(value)


def _format(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    value = node[key]
    if value not in SUPPORTED_FORMATS:
        ctx.report(
            (*path, key),
            f"format {json.dumps(value)} is not supported in OpenAI strict "
            f"mode (supported: {', '.join(SUPPORTED_FORMATS)})",
            f"remove 'format' (say it in the description, or use 'pattern') {_STRICT_FALSE}",
        )
    return key, copy.deepcopy(value)


def _ref(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    value = node[key]
    if not isinstance(value, str) or (_def_name(value) is None and value != "#"):
        ctx.report(
            (*path, key),
            f"$ref {json.dumps(value)} is not supported: toolcanon sends "
            "only '#' and '#/$defs/<name>' references to OpenAI",
            "move the referenced schema into $defs and refer to '#/$defs/<name>'",
        )
    elif value != "#" and _lookup_def(ctx.root, value) is None:
        ctx.report(
            (*path, key), f"$ref {json.dumps(value)} points to nothing", "define it under $defs"
        )
    return key, value


def _root_schema_keyword(
    node: Mapping[str, Any], key: str, path: Path, ctx: _Context
) -> tuple[str, Any] | None:
    """$schema is dropped at the root: provider schemas never carry it."""
    return None if path == () else _other_keyword(node, key, path, ctx)


def _drop(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> None:
    return None  # handled after the walk (default → description)


def _pass_through(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    return key, copy.deepcopy(node[key])


def _other_keyword(node: Mapping[str, Any], key: str, path: Path, ctx: _Context) -> tuple[str, Any]:
    """Everything outside the documented subset: reported, copied only to finish the walk."""
    if key in EXPLICITLY_UNSUPPORTED:
        message = f"keyword '{key}' is not supported in OpenAI strict mode"
    elif key in OPEN_MAP_KEYWORDS:
        message = f"keyword '{key}' describes an open map, which OpenAI strict mode cannot express"
    else:
        message = f"keyword '{key}' is not in OpenAI's documented strict-mode subset"
    ctx.report((*path, key), message, f"remove '{key}' {_STRICT_FALSE}")
    return key, copy.deepcopy(node[key])


_HANDLERS: Final[dict[str, Handler]] = {
    "properties": _properties,
    "$defs": _defs,
    "items": _items,
    "anyOf": _any_of,
    "oneOf": _any_of,
    "additionalProperties": _additional_properties,
    "format": _format,
    "$ref": _ref,
    "$schema": _root_schema_keyword,
    "default": _drop,
    "required": _pass_through,
    **dict.fromkeys(PASS_THROUGH, _pass_through),
}


# --- $ref -------------------------------------------------------------------------------


def _def_name(ref: str) -> str | None:
    """The definition name of '#/$defs/<name>' (JSON-pointer and URI escapes undone)."""
    prefix = "#/$defs/"
    if not ref.startswith(prefix) or "/" in ref[len(prefix) :]:
        return None
    return unquote(ref[len(prefix) :]).replace("~1", "/").replace("~0", "~")


def _lookup_def(root: Mapping[str, Any], ref: str) -> Any:
    name = _def_name(ref)
    defs = root.get("$defs")
    if name is None or not isinstance(defs, Mapping):
        return None
    return defs.get(name)


def _inline_ref(out: dict[str, Any], path: Path, ctx: _Context) -> dict[str, Any]:
    """Replace a $ref that has siblings by its strict target plus the siblings.

    OpenAI allows nothing next to $ref, and ensure_strict_json_schema inlines such refs; doing
    it here keeps its result identical to ours. Constraining siblings cannot be merged safely.
    """
    ref = out["$ref"]
    siblings = {key: value for key, value in out.items() if key != "$ref"}
    constraining = [key for key in siblings if key not in REF_ANNOTATIONS]
    for key in constraining:
        ctx.report(
            (*path, key),
            f"keyword '{key}' next to '$ref' is not supported in OpenAI strict mode",
            "move it into the referenced definition",
        )
    target = None if constraining else _strict_target(ref, path, ctx)
    if target is None:
        return out
    merged = {**target, **siblings}
    if "$ref" in merged and len(merged) > 1:  # the target was a bare $ref: follow the chain
        ctx.inlining.append(ref)
        try:
            return _inline_ref(merged, path, ctx)
        finally:
            ctx.inlining.pop()
    return merged


def _strict_target(ref: Any, path: Path, ctx: _Context) -> dict[str, Any] | None:
    """The strict form of a $defs entry, or None when it cannot be inlined."""
    if ref == "#" or ref in ctx.inlining:
        ctx.report(
            (*path, "$ref"),
            f"$ref {json.dumps(ref)} is recursive and has sibling "
            "keywords, so it cannot be inlined",
            "remove the siblings (move the description into the definition)",
        )
        return None
    target = _lookup_def(ctx.root, ref) if isinstance(ref, str) else None
    if target is None:
        return None  # already reported by the $ref handler
    if ref not in ctx.inlined:
        ctx.inlining.append(ref)
        try:
            ctx.inlined[ref] = _transform(target, ("$defs", _def_name(ref) or ""), ctx)
        finally:
            ctx.inlining.pop()
    return copy.deepcopy(ctx.inlined[ref])


# --- root and limits --------------------------------------------------------------------


def _check_root(schema: Mapping[str, Any], ctx: _Context) -> None:
    if schema.get("type") != "object":
        ctx.report(
            ("type",),
            "the root of an OpenAI strict schema must be type: object (not a list, not nullable)",
            "write type: object at the root",
        )
    for key in ("anyOf", "oneOf"):
        if key in schema:
            ctx.report(
                (key,),
                f"the root of an OpenAI strict schema must not use '{key}'",
                "move the alternatives into a property",
            )


@dataclass(slots=True)
class _Totals:
    properties: int = 0
    enum_values: int = 0
    string_length: int = 0


def _check_limits(schema: dict[str, Any], ctx: _Context) -> None:
    """The documented size limits, measured on the schema as it would be sent."""
    totals = _Totals()
    for node, path in _subschemas(schema, ()):
        _count(node, path, totals, ctx)
    depth = _max_depth(schema)
    hint = f"split the tool or simplify its arguments, {_STRICT_FALSE}"
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
            ctx.report(
                (), f"schema has {value} {what}; OpenAI strict mode allows at most {limit}", hint
            )


def _count(node: Mapping[str, Any], path: Path, totals: _Totals, ctx: _Context) -> None:
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
        _check_large_enum(enum, path, ctx)


def _check_large_enum(enum: list[Any], path: Path, ctx: _Context) -> None:
    length = sum(len(value) for value in enum if isinstance(value, str))
    if len(enum) > LARGE_ENUM_THRESHOLD and length > MAX_LARGE_ENUM_STRING_LENGTH:
        where = "/".join(str(part) for part in (*path, "enum"))
        ctx.report(
            (),
            f"enum at /{where} has {len(enum)} values totalling {length} characters; "
            f"OpenAI strict mode allows at most {MAX_LARGE_ENUM_STRING_LENGTH} characters "
            f"in an enum of more than {LARGE_ENUM_THRESHOLD} values",
            f"shorten the values or accept free text, {_STRICT_FALSE}",
        )


def _value_length(value: Any) -> int:
    # Strings count by their length; other values (numbers, booleans) by their JSON text.
    return len(value) if isinstance(value, str) else len(json.dumps(value))


def _children(node: Mapping[str, Any], path: Path) -> Iterator[tuple[Any, Path]]:
    """The subschemas a strict schema can contain."""
    for key in ("properties", "$defs"):
        value = node.get(key)
        if isinstance(value, Mapping):
            yield from ((sub, (*path, key, name)) for name, sub in value.items())
    if "items" in node:
        yield node["items"], (*path, "items")
    branches = node.get("anyOf")
    if isinstance(branches, list):
        yield from ((sub, (*path, "anyOf", i)) for i, sub in enumerate(branches))


def _subschemas(node: Any, path: Path) -> Iterator[tuple[Mapping[str, Any], Path]]:
    if not isinstance(node, Mapping):
        return
    yield node, path
    for child, child_path in _children(node, path):
        yield from _subschemas(child, child_path)


def _max_depth(root: Mapping[str, Any]) -> int:
    """Deepest chain of nested object schemas (the root object is level 1), through $refs.

    A $ref back into a definition being measured is recursion, which the guide allows:
    it ends the chain instead of counting forever.
    """
    memo: dict[str, int] = {}
    defs = root.get("$defs")
    names = list(defs) if isinstance(defs, Mapping) else []
    depths = [_ref_depth("#", root, memo, set())]
    depths += [_ref_depth(_ref_to(name), root, memo, set()) for name in names]
    return max(depths)


def _object_depth(
    node: Any, root: Mapping[str, Any], memo: dict[str, int], active: set[str]
) -> int:
    if not isinstance(node, Mapping):
        return 0
    deepest = max(
        (_object_depth(child, root, memo, active) for child, _ in _children(node, ())), default=0
    )
    ref = node.get("$ref")
    if isinstance(ref, str):
        deepest = max(deepest, _ref_depth(ref, root, memo, active))
    return deepest + (1 if _is_object(node) else 0)


def _ref_depth(ref: str, root: Mapping[str, Any], memo: dict[str, int], active: set[str]) -> int:
    if ref in memo:
        return memo[ref]
    if ref in active:
        return 0
    target = root if ref == "#" else _lookup_def(root, ref)
    active.add(ref)
    depth = _object_depth(target, root, memo, active)
    active.discard(ref)
    memo[ref] = depth
    return depth


def _ref_to(name: str) -> str:
    """'#/$defs/<name>' with the escapes _def_name undoes."""
    return "#/$defs/" + quote(name.replace("~", "~0").replace("/", "~1"), safe="~")
