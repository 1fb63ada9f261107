"""Gemini's ``parameters``: a tool's JSON Schema in the OpenAPI 3.0 subset Gemini accepts.

The subset is the field list of ``Schema`` in the Gemini API (google.ai.generativelanguage
v1beta) — every other key is refused with "Unknown name … Cannot find field"; Vertex takes
the same fields and a few more. What changes (nothing else does):

* ``type`` is one name: ``[T, "null"]`` becomes ``type: T, nullable: true``; several names
  become ``anyOf`` with one branch per type, each with the keywords that apply to it;
* an ``enum``/``const`` of strings becomes ``type: string`` with ``enum``; a ``null`` among
  the values becomes ``nullable: true``; any other value cannot be expressed;
* ``anyOf`` loses its ``{"type": "null"}`` branches to ``nullable: true`` and, left with one
  branch, becomes that branch; ``oneOf`` becomes ``anyOf`` (warning);
* local ``$ref`` and one-branch ``allOf`` are inlined (a recursive one cannot be expressed);
* ``properties`` without ``type`` gets ``type: object``, ``items`` gets ``type: array``;
* a ``default`` or ``example`` of ``null`` is removed (the SDK reads null as unset);
* keywords outside the subset are removed: silently when they only annotate, with a warning
  when the model may now send what the contract forbids (``additionalProperties: false``,
  ``uniqueItems``, ``multipleOf``, a ``format`` Gemini does not know …).

A node with no type at all, an array without ``items`` and a boolean schema cannot be
expressed. Keys keep their input order; added keys come last.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from generator.core.diagnostics import JsonPath, Severity
from generator.ir.model import thaw
from generator.jsonschema.refs import ref_target
from generator.profiles.base import INEXPRESSIBLE, LOSSY, NAME_RULE, Finding, Transformed, finish
from generator.profiles.gemini_rules import (
    ANNOTATIONS,
    FORMATS,
    KEPT,
    PARAMETER_NAME,
    TYPE_KEYWORDS,
    TYPES,
    WIDENING,
)

__all__ = ["to_openapi"]

_TARGET: Final = "Gemini 'parameters'"
_USE_JSON: Final = "gemini/function-declarations.json (parametersJsonSchema) keeps it"
# Annotations a $ref's siblings may override without changing what is valid.
_OVERRIDABLE: Final = frozenset({"title", "description", "default", "example"})
Chain = tuple[JsonPath, ...]


@dataclass(slots=True)
class _Ctx:
    root: Mapping[str, Any]
    findings: list[Finding] = field(default_factory=list)

    def error(self, path: JsonPath, message: str, hint: str) -> None:
        self.findings.append(Finding(path, Severity.ERROR, INEXPRESSIBLE, message, hint))

    def warn(self, path: JsonPath, message: str, hint: str, code: str = LOSSY) -> None:
        self.findings.append(Finding(path, Severity.WARNING, code, message, hint))


def to_openapi(schema: Mapping[str, Any]) -> Transformed:
    """Gemini ``parameters`` for a tool's root object schema (``schema`` is not touched)."""
    ctx = _Ctx(root=schema)
    out = _schema(schema, (), ctx, ())
    if out is not None and out.get("type") != "object":
        ctx.error((), f"{_TARGET} must describe an object", "write type: object at the root")
    return finish(out or {}, ctx.findings)


def _schema(
    node: Any, path: JsonPath, ctx: _Ctx, chain: Chain, *, part: bool = False
) -> dict[str, Any] | None:
    """The subset form of one subschema, or None when it cannot be expressed.

    ``chain`` holds the places of the $refs being inlined; ``part`` marks the siblings of a
    $ref or allOf, which need no type of their own.
    """
    if not isinstance(node, Mapping):
        ctx.error(path, f"a boolean schema cannot be expressed in {_TARGET}", _explicit())
        return None
    if "$ref" in node:
        return _merge(node, "$ref", path, ctx, chain)
    if "allOf" in node:
        return _merge(node, "allOf", path, ctx, chain)
    kinds = _kinds(node, path, ctx, part=part)
    if kinds is None:
        return None
    if len(kinds[0]) > 1:
        return _split(node, path, ctx, chain, kinds)
    return _single(node, path, ctx, chain, kinds)


def _kinds(
    node: Mapping[str, Any], path: JsonPath, ctx: _Ctx, *, part: bool
) -> tuple[tuple[str, ...], bool] | None:
    """(the one or more non-null types, nullable) of a node; None when there is none."""
    declared = node.get("type")
    names = [declared] if isinstance(declared, str) else list(declared or ())
    nullable = "null" in names
    kinds = tuple(name for name in names if name != "null" and name in TYPES)
    if "enum" in node or "const" in node:
        return _literal_kind(node, path, ctx, names)
    if kinds or part or "anyOf" in node or "oneOf" in node:
        return kinds, nullable
    inferred = "object" if "properties" in node else "array" if "items" in node else None
    if inferred is not None:
        return (inferred,), nullable
    what = "only null" if names else "no type"
    ctx.error(path, f"a schema with {what} cannot be expressed in {_TARGET}", _explicit())
    return None


def _literal_kind(
    node: Mapping[str, Any], path: JsonPath, ctx: _Ctx, names: list[str]
) -> tuple[tuple[str, ...], bool] | None:
    key = "enum" if "enum" in node else "const"
    values = list(node[key]) if key == "enum" else [node[key]]
    strings = [value for value in values if value is not None]
    if not strings or not all(isinstance(value, str) for value in strings):
        ctx.error(
            (*path, key),
            f"{key} {_show(values)}: {_TARGET} takes only string enums",
            f"use string values, or {_USE_JSON}",
        )
        return None
    nullable = None in values and (not names or "null" in names)
    return ("string",), nullable


def _single(
    node: Mapping[str, Any],
    path: JsonPath,
    ctx: _Ctx,
    chain: Chain,
    kinds: tuple[tuple[str, ...], bool],
) -> dict[str, Any] | None:
    kind = kinds[0][0] if kinds[0] else None
    out: dict[str, Any] = {}
    nullable = kinds[1]
    ok = True
    for key, value in node.items():
        if key == "type":
            out["type"] = kind
        elif key in ("anyOf", "oneOf"):
            ok = _alternatives(node, key, path, ctx, chain, out) and ok
        else:
            ok = _keyword(key, value, kind, path, ctx, chain, out) and ok
    if nullable:
        out["nullable"] = True  # an existing key keeps its place
    if kind is not None and out.get("type") is None:
        out["type"] = kind
    if kind == "array" and "items" not in out and ok:
        ctx.error(path, f"an array without 'items' cannot be expressed in {_TARGET}", _explicit())
        ok = False
    return out if ok else None


def _keyword(
    key: str,
    value: Any,
    kind: str | None,
    path: JsonPath,
    ctx: _Ctx,
    chain: Chain,
    out: dict[str, Any],
) -> bool:
    """Copy, convert or drop one keyword into ``out``; False when it cannot be expressed."""
    where = (*path, key)
    if key == "properties" and isinstance(value, Mapping):
        converted = {name: _schema(sub, (*where, name), ctx, chain) for name, sub in value.items()}
        _check_names(value, where, ctx)
        out[key] = converted
        return None not in converted.values()
    if key == "items":
        if not isinstance(value, Mapping):
            ctx.error(where, f"tuple 'items' cannot be expressed in {_TARGET}", _explicit())
            return False
        out[key] = _schema(value, where, ctx, chain)
        return out[key] is not None
    if key == "enum":
        out[key] = [item for item in value if item is not None]
    elif key == "const":
        if value is not None:
            out["enum"] = [value]
    elif key == "format":
        _format(value, kind, where, ctx, out)
    elif key in KEPT:
        if value is not None:  # a null default/example reads as "unset": the SDK drops it
            out[key] = thaw(value)
    elif key == "additionalProperties" and (value is True or value == {}):
        pass  # the default: dropping it changes nothing
    elif key in WIDENING:
        ctx.warn(where, f"'{key}' is dropped for {_TARGET}: {WIDENING[key]}", _USE_JSON)
    elif key in ANNOTATIONS:
        pass  # $defs are inlined where they are used; the rest only annotates
    # An unknown keyword is an annotation too (the contract lint reports typos).
    return True


def _format(value: Any, kind: str | None, where: JsonPath, ctx: _Ctx, out: dict[str, Any]) -> None:
    if value in FORMATS.get(kind or "", ()):
        out["format"] = value
        return
    known = ", ".join(FORMATS.get(kind or "", ())) or "none"
    ctx.warn(
        where,
        f"format {_show(value)} is dropped for {_TARGET} (it knows: {known}); "
        "the model may send any string",
        f"say it in the description; {_USE_JSON}",
    )


def _check_names(properties: Mapping[str, Any], where: JsonPath, ctx: _Ctx) -> None:
    for name in properties:
        if not PARAMETER_NAME.fullmatch(name):
            ctx.warn(
                (*where, name),
                f"parameter name {name!r}: Vertex documents parameter names as a letter or '_' "
                "then letters, digits and '_', at most 64",
                f"rename the parameter; {_USE_JSON}",
                NAME_RULE,
            )


def _alternatives(
    node: Mapping[str, Any],
    key: str,
    path: JsonPath,
    ctx: _Ctx,
    chain: Chain,
    out: dict[str, Any],
) -> bool:
    """anyOf (oneOf, with a warning): null branches become nullable; one branch is inlined."""
    where = (*path, key)
    branches = node[key]
    if key == "oneOf":
        if "anyOf" in node:
            ctx.error(
                where, f"'oneOf' next to 'anyOf' cannot be expressed in {_TARGET}", _explicit()
            )
            return False
        ctx.warn(
            where,
            f"'oneOf' becomes 'anyOf' for {_TARGET}: a value matching several "
            "branches is no longer refused",
            _USE_JSON,
        )
    kept = [(i, sub) for i, sub in enumerate(branches) if not _is_null(sub)]
    if not kept:
        ctx.error(
            where, f"a schema that is only null cannot be expressed in {_TARGET}", _explicit()
        )
        return False
    results = [_schema(sub, (*where, i), ctx, chain) for i, sub in kept]
    converted = [result for result in results if result is not None]
    if len(converted) < len(results):
        return False
    dropped_null = len(kept) < len(branches)
    if dropped_null and len(converted) == 1 and not set(converted[0]) & (set(node) | set(out)):
        out.update(converted[0])  # "X or null": X, nullable
    else:
        out["anyOf"] = converted
    if dropped_null:
        out["nullable"] = True
    return True


def _split(
    node: Mapping[str, Any],
    path: JsonPath,
    ctx: _Ctx,
    chain: Chain,
    kinds: tuple[tuple[str, ...], bool],
) -> dict[str, Any] | None:
    """Several types: one anyOf branch per type, each with the keywords that apply to it."""
    if "anyOf" in node or "oneOf" in node:
        ctx.error(
            (*path, "type"),
            f"a type list next to anyOf cannot be expressed in {_TARGET}",
            _explicit(),
        )
        return None
    specific = set().union(*TYPE_KEYWORDS.values())
    out: dict[str, Any] = {}
    ok = True
    for key, value in node.items():
        if key == "type":
            branches = [_branch(node, kind, path, ctx, chain) for kind in kinds[0]]
            ok = None not in branches and ok
            out["anyOf"] = branches
        elif key not in specific:
            ok = _keyword(key, value, None, path, ctx, chain, out) and ok
    if kinds[1]:
        out["nullable"] = True
    return out if ok else None


def _branch(
    node: Mapping[str, Any], kind: str, path: JsonPath, ctx: _Ctx, chain: Chain
) -> dict[str, Any] | None:
    own = {key: value for key, value in node.items() if key in TYPE_KEYWORDS[kind]}
    return _schema({"type": kind, **own}, path, ctx, chain)


def _merge(
    node: Mapping[str, Any], key: str, path: JsonPath, ctx: _Ctx, chain: Chain
) -> dict[str, Any] | None:
    """Inline a local $ref (or a one-branch allOf) and merge the keywords next to it."""
    target = _target(node, key, path, ctx, chain)
    if target is None:
        return None
    target_path, target_node = target
    inlined = _schema(target_node, target_path, ctx, (*chain, path))
    siblings = {k: v for k, v in node.items() if k != key}
    extra = _schema(siblings, path, ctx, chain, part=True) if siblings else {}
    if inlined is None or extra is None:
        return None
    clash = [k for k in extra if k in inlined and inlined[k] != extra[k] and k not in _OVERRIDABLE]
    for k in clash:
        ctx.error(
            (*path, k),
            f"'{k}' next to '{key}' differs from the one it refers to and "
            f"cannot be merged for {_TARGET}",
            "move it into the referenced schema",
        )
    return None if clash else {**inlined, **extra}


def _target(
    node: Mapping[str, Any], key: str, path: JsonPath, ctx: _Ctx, chain: Chain
) -> tuple[JsonPath, Any] | None:
    if key == "allOf":
        branches = node[key]
        if len(branches) != 1:
            ctx.error(
                (*path, key),
                f"allOf with {len(branches)} branches cannot be expressed " f"in {_TARGET}",
                "merge the branches into one schema",
            )
            return None
        return (*path, key, 0), branches[0]
    hit = ref_target(ctx.root, node[key])
    if hit is None:
        ctx.error((*path, key), f"$ref {_show(node[key])} points to nothing", "define it in $defs")
        return None
    if any(place[: len(hit[0])] == hit[0] for place in (*chain, path)):
        ctx.error(
            (*path, key),
            f"recursive $ref {_show(node[key])} cannot be inlined for " f"{_TARGET}",
            _USE_JSON.replace("keeps it", "takes $ref"),
        )
        return None
    return hit


def _is_null(branch: Any) -> bool:
    return isinstance(branch, Mapping) and dict(branch) == {"type": "null"}


def _explicit() -> str:
    return f"write an explicit schema the subset can hold, or {_USE_JSON}"


def _show(value: Any) -> str:
    return json.dumps(thaw(value), ensure_ascii=False)
