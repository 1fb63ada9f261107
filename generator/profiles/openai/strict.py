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

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from generator.core.jsondata import json_depth
from generator.ir.model import thaw
from generator.jsonschema.fold import (
    At,
    Entry,
    Fold,
    closed,
    drop,
    json_type,
    shown,
    union_key,
    with_note,
)
from generator.profiles.openai.subset import (
    EXPLICITLY_UNSUPPORTED,
    MAX_CONTAINER_DEPTH,
    OPEN_MAP_KEYWORDS,
    PASS_THROUGH,
    REF_ANNOTATIONS,
    SUPPORTED_FORMATS,
    Path,
    StrictProblem,
    check_limits,
    check_root,
    def_name,
    is_object,
    lookup_def,
)
from generator.profiles.openai.subset import STRICT_FALSE as _STRICT_FALSE

__all__ = ["StrictProblem", "StrictResult", "to_strict", "to_strict_owned"]

# A property carrying one of these cannot take "null" through its type alone.
_WRAP_WHEN_OPTIONAL: Final = frozenset({"enum", "const", "anyOf", "oneOf", "$ref"})
# What gives a strict node its type: its own, its alternatives', or its definition's.
_TYPED_BY: Final = frozenset({"type", "anyOf", "$ref"})


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
    # How a value the result takes from the input is copied: ``thaw`` (fresh data the
    # caller may own), or as it is when the input is the caller's own copy already.
    copy: Callable[[Any], Any] = thaw

    def report(self, path: Path, message: str, hint: str) -> None:
        self.problems.add(StrictProblem(path, message, hint))


def to_strict(schema: Mapping[str, Any]) -> StrictResult:
    """Transform a tool's root object schema for OpenAI strict mode.

    Returns the strict schema (fresh data; ``schema`` is not touched) when every part of it
    can be expressed, else ``schema=None`` and every problem found, sorted by path.
    """
    return _strict(schema, _Context(root=schema))


def to_strict_owned(schema: dict[str, Any]) -> StrictResult:
    """:func:`to_strict` of plain data the caller made for this call and gives away (a
    thawed copy of the IR's schema): the result shares its values instead of copying
    them a second time, so neither may be changed while the other is in use."""
    return _strict(schema, _Context(root=schema, copy=_same))


def _same(value: Any) -> Any:
    return value


def _strict(schema: Mapping[str, Any], ctx: _Context) -> StrictResult:
    depth = json_depth(schema)
    if depth > MAX_CONTAINER_DEPTH:
        # Far past the 10-level limit; stop before the recursive walk can exhaust the stack.
        message = f"schema nests {depth} JSON containers; too deep to convert safely"
        hint = f"flatten the schema, {_STRICT_FALSE}"
        return StrictResult(schema=None, problems=(StrictProblem((), message, hint),))
    candidate = _transform(schema, (), ctx)
    ctx.problems.update(check_root(schema))
    ctx.problems.update(check_limits(candidate))
    problems = tuple(sorted(ctx.problems, key=_problem_key))
    return StrictResult(schema=None if problems else candidate, problems=problems)


def _problem_key(problem: StrictProblem) -> tuple[tuple[tuple[int, int, str], ...], str]:
    # Mixed str/int paths do not compare directly: rank ints (array indexes) first.
    parts = tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in problem.path)
    return parts, problem.message


# --- the walk ---------------------------------------------------------------------------


def _transform(node: Any, path: Path, ctx: _Context) -> dict[str, Any]:
    """The strict form of one subschema; problems go to ``ctx``."""
    return _FOLD.node(node, At(path), ctx)


def _not_a_schema(node: Any, at: At, ctx: _Context) -> dict[str, Any]:
    ctx.report(
        at.path,
        f"schema {json.dumps(node)} is not supported in OpenAI strict mode: "
        "every subschema must be a JSON object",
        f"write an explicit schema {_STRICT_FALSE}",
    )
    return {}


def _finish(node: Mapping[str, Any], out: dict[str, Any], at: At, ctx: _Context) -> dict[str, Any]:
    """What strict mode adds once the keywords are converted: type, closing, inlining."""
    path = at.path
    if "properties" in node and "type" not in node:
        out["type"] = "object"  # openai-agents adds it too; strict objects always carry a type
    if "default" in node:  # strict mode has no 'default': keep it for the model
        with_note(out, f"(default: {shown(node['default'])})")
    if is_object(out):
        _close_object(out, path, ctx)
    if "$ref" in out and len(out) > 1:
        out = _inline_ref(out, path, ctx)
    if not _TYPED_BY.intersection(out):
        literal_type = _literal_type(out)
        if literal_type is None:
            _untyped(node, path, ctx)
        else:  # the values say it: the same schema, spelled with the key strict mode needs
            out = {"type": literal_type, **out}
    return out


_LITERAL_TYPES: Final = ("string", "integer", "number", "boolean", "null")


def _literal_type(out: Mapping[str, Any]) -> str | list[str] | None:
    """The type an ``enum`` or ``const`` of scalars already implies (``[1, 2.5]``:
    number; ``["a", null]``: string or null), or None when a value is an object or array
    (whose strict form would need more than a type) or there is no literal."""
    values = out["enum"] if isinstance(out.get("enum"), list) else None
    if values is None and "const" in out:
        values = [out["const"]]
    if not values:
        return None
    found = {json_type(value) for value in values}
    if not found <= set(_LITERAL_TYPES):
        return None
    if "number" in found:
        found.discard("integer")  # every integer is a number
    names: list[str] = [name for name in _LITERAL_TYPES if name in found]
    return names[0] if len(names) == 1 else names


def _untyped(node: Mapping[str, Any], path: Path, ctx: _Context) -> None:
    """Strict mode needs a type on every node ("schema must have a 'type' key"). An enum or
    const of scalars gets the type its values imply; one with an object or array value,
    and a node that says nothing of its type (any value), cannot be expressed."""
    literal = next((key for key in ("enum", "const") if key in node), None)
    what = (
        f"'{literal}' with an object or array value and no 'type'"
        if literal
        else "a schema with no 'type' (any value)"
    )
    ctx.report(
        path,
        f"{what} cannot be expressed in OpenAI strict mode: every schema needs a 'type'",
        f"write the type it takes (e.g. type: string), {_STRICT_FALSE}",
    )


def _close_object(out: dict[str, Any], path: Path, ctx: _Context) -> None:
    """additionalProperties: false and every property required (in property order)."""
    properties = out.get("properties")
    if isinstance(properties, dict):
        out["required"] = list(properties)
    if not closed(out):
        # Closing it would silently narrow "any object" to "only {}".
        ctx.report(
            path,
            "object schema without 'properties' is an open map, which OpenAI "
            "strict mode cannot express",
            "declare its properties, write additionalProperties: false if only {} is "
            f"meant, {_STRICT_FALSE}",
        )


def _make_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of an optional property, which strict mode sends as required-but-null."""
    kind = schema.get("type")
    if kind is None or not _WRAP_WHEN_OPTIONAL.isdisjoint(schema):
        return {"anyOf": [schema, {"type": "null"}]}
    kinds = kind if isinstance(kind, list) else [kind]
    if "null" not in kinds:
        schema["type"] = [*kinds, "null"]  # same key, so the key order is kept
    return schema


# --- keyword rules ----------------------------------------------------------------------

_Fold = Fold[_Context, dict[str, Any]]


def _properties(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    if not isinstance(node[key], Mapping):
        return _other_keyword(node, key, at, ctx, fold)
    required = node.get("required")
    required_names = set(required) if isinstance(required, list) else set()
    converted: dict[str, Any] = fold.rebuild(node, key, at, ctx)
    return key, {
        name: sub if name in required_names else _make_nullable(sub)
        for name, sub in converted.items()
    }


def _defs(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    if not isinstance(node[key], Mapping):
        return _other_keyword(node, key, at, ctx, fold)
    return key, fold.rebuild(node, key, at, ctx)


def _items(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    return key, fold.node(node[key], at.down(key), ctx)  # a tuple form is reported there


def _any_of(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    """anyOf as is, oneOf renamed: every instance matching one branch matches anyOf."""
    renamed = union_key(node, key)
    if renamed is None:
        ctx.report(
            at.key(key),
            "'oneOf' next to 'anyOf' cannot become a single 'anyOf'",
            f"merge the alternatives into one 'anyOf' {_STRICT_FALSE}",
        )
        return None
    if not isinstance(node[key], list):
        return _other_keyword(node, key, at, ctx, fold)
    return renamed, fold.rebuild(node, key, at, ctx)


def _additional_properties(
    node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold
) -> Entry:
    value = node[key]
    if value is not False:
        ctx.report(
            at.key(key),
            "'additionalProperties' must be false in OpenAI strict mode: "
            "it cannot express open maps",
            "declare every key under properties (or use an array of {key, value} "
            f"objects) {_STRICT_FALSE}",
        )
    return key, ctx.copy(value)


def _format(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    value = node[key]
    if value not in SUPPORTED_FORMATS:
        ctx.report(
            at.key(key),
            f"format {json.dumps(value)} is not supported in OpenAI strict "
            f"mode (supported: {', '.join(SUPPORTED_FORMATS)})",
            f"remove 'format' (say it in the description, or use 'pattern') {_STRICT_FALSE}",
        )
    return key, ctx.copy(value)


def _ref(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    value = node[key]
    if not isinstance(value, str) or (def_name(value) is None and value != "#"):
        ctx.report(
            at.key(key),
            f"$ref {json.dumps(value)} is not supported: toolcanon sends "
            "only '#' and '#/$defs/<name>' references to OpenAI",
            "move the referenced schema into $defs and refer to '#/$defs/<name>'",
        )
    elif value != "#" and lookup_def(ctx.root, value) is None:
        ctx.report(
            at.key(key), f"$ref {json.dumps(value)} points to nothing", "define it under $defs"
        )
    return key, value


def _root_schema_keyword(
    node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold
) -> Entry:
    """$schema is dropped at the root: provider schemas never carry it."""
    return None if at.path == () else _other_keyword(node, key, at, ctx, fold)


def _pass_through(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    return key, ctx.copy(node[key])


def _other_keyword(node: Mapping[str, Any], key: str, at: At, ctx: _Context, fold: _Fold) -> Entry:
    """Everything outside the documented subset: reported, copied only to finish the walk."""
    if key in EXPLICITLY_UNSUPPORTED:
        message = f"keyword '{key}' is not supported in OpenAI strict mode"
    elif key in OPEN_MAP_KEYWORDS:
        message = f"keyword '{key}' describes an open map, which OpenAI strict mode cannot express"
    else:
        message = f"keyword '{key}' is not in OpenAI's documented strict-mode subset"
    ctx.report(at.key(key), message, f"remove '{key}' {_STRICT_FALSE}")
    return key, ctx.copy(node[key])


_FOLD: Final[_Fold] = Fold(
    leaf=_not_a_schema,
    finish=_finish,
    keywords={
        "properties": _properties,
        "$defs": _defs,
        "items": _items,
        "anyOf": _any_of,
        "oneOf": _any_of,
        "additionalProperties": _additional_properties,
        "format": _format,
        "$ref": _ref,
        "$schema": _root_schema_keyword,
        "default": drop,  # into the description, by _finish
        "required": _pass_through,
        **dict.fromkeys(PASS_THROUGH, _pass_through),
    },
    other=_other_keyword,
)


# --- $ref -------------------------------------------------------------------------------


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
    target = lookup_def(ctx.root, ref) if isinstance(ref, str) else None
    if target is None:
        return None  # already reported by the $ref handler
    if ref not in ctx.inlined:
        ctx.inlining.append(ref)
        try:
            ctx.inlined[ref] = _transform(target, ("$defs", def_name(ref) or ""), ctx)
        finally:
            ctx.inlining.pop()
    fresh: dict[str, Any] = thaw(ctx.inlined[ref])  # a copy for each place it goes
    return fresh
