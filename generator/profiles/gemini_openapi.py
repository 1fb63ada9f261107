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

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from generator.core.diagnostics import JsonPath
from generator.jsonschema.fold import At, Fold, drop
from generator.jsonschema.refs import ref_target
from generator.profiles.base import Transformed, finish
from generator.profiles.gemini_keywords import (
    RULES,
    SPLIT_RULES,
    TARGET,
    USE_JSON,
    Ctx,
    Subset,
    declared,
    explicit,
    show,
    type_names,
)

__all__ = ["to_openapi"]

# Annotations a $ref's siblings may override without changing what is valid.
_OVERRIDABLE: Final = frozenset({"title", "description", "default", "example"})
Kinds = tuple[tuple[str, ...], bool]  # a node's non-null types, and whether null is one


def to_openapi(schema: Mapping[str, Any]) -> Transformed:
    """Gemini ``parameters`` for a tool's root object schema (``schema`` is not touched)."""
    ctx = Ctx(root=schema)
    out = _FOLD.node(schema, At(), ctx)
    if out is not None and out.get("type") != "object":
        ctx.error((), f"{TARGET} must describe an object", "write type: object at the root")
    return finish(out or {}, ctx.findings)


_Fold = Fold[Ctx, Subset]


def _not_a_schema(node: Any, at: At, ctx: Ctx) -> Subset:
    ctx.error(at.path, f"a boolean schema cannot be expressed in {TARGET}", explicit())
    return None


def _node(node: Mapping[str, Any], at: At, ctx: Ctx, fold: _Fold) -> Subset:
    return _subset(node, at, ctx)


def _subset(node: Mapping[str, Any], at: At, ctx: Ctx, *, part: bool = False) -> Subset:
    """The subset form of one schema object, or None when it cannot be expressed.

    ``at.trail`` holds the places of the $refs being inlined; ``part`` marks the siblings
    of a $ref or allOf, which need no type of their own. A $ref or allOf is merged before
    any keyword; a type list becomes one anyOf branch per type.
    """
    if "$ref" in node:
        return _merge(node, "$ref", at, ctx)
    if "allOf" in node:
        return _merge(node, "allOf", at, ctx)
    kinds = _kinds(node, at.path, ctx, part=part)
    if kinds is None:
        return None
    errors = ctx.errors
    out = _split(node, kinds, at, ctx) if len(kinds[0]) > 1 else _single(node, kinds, at, ctx)
    return out if out is not None and ctx.errors == errors else None


def _kinds(node: Mapping[str, Any], path: JsonPath, ctx: Ctx, *, part: bool) -> Kinds | None:
    """(the one or more non-null types, nullable) of a node; None when there is none."""
    names = type_names(node)
    nullable = "null" in names
    kinds = declared(node)
    if "enum" in node or "const" in node:
        return _literal_kind(node, path, ctx, names)
    if kinds or part or "anyOf" in node or "oneOf" in node:
        return kinds, nullable
    inferred = "object" if "properties" in node else "array" if "items" in node else None
    if inferred is not None:
        return (inferred,), nullable
    what = "only null" if names else "no type"
    ctx.error(path, f"a schema with {what} cannot be expressed in {TARGET}", explicit())
    return None


def _literal_kind(
    node: Mapping[str, Any], path: JsonPath, ctx: Ctx, names: list[str]
) -> Kinds | None:
    key = "enum" if "enum" in node else "const"
    values = list(node[key]) if key == "enum" else [node[key]]
    strings = [value for value in values if value is not None]
    if not strings or not all(isinstance(value, str) for value in strings):
        ctx.error(
            (*path, key),
            f"{key} {show(values)}: {TARGET} takes only string enums",
            f"use string values, or {USE_JSON}",
        )
        return None
    nullable = None in values and (not names or "null" in names)
    return ("string",), nullable


def _single(node: Mapping[str, Any], kinds: Kinds, at: At, ctx: Ctx) -> dict[str, Any]:
    """A node of one type (or none, for a $ref's siblings): the type takes the place of
    ``type``, or comes last."""
    errors = ctx.errors
    kind = kinds[0][0] if kinds[0] else None
    out = _FOLD.keys(node, at, ctx)
    if "type" in node:
        out["type"] = kind  # where the type rule held its place
    if kinds[1]:
        out["nullable"] = True  # an existing key keeps its place
    if kind is not None and out.get("type") is None:
        out["type"] = kind
    if kind == "array" and "items" not in out and ctx.errors == errors:
        ctx.error(at.path, f"an array without 'items' cannot be expressed in {TARGET}", explicit())
    return out


def _split(node: Mapping[str, Any], kinds: Kinds, at: At, ctx: Ctx) -> dict[str, Any] | None:
    """Several types: one anyOf branch per type (:func:`_branches`), in place of ``type``."""
    if "anyOf" in node or "oneOf" in node:
        ctx.error(
            at.key("type"),
            f"a type list next to anyOf cannot be expressed in {TARGET}",
            explicit(),
        )
        return None
    out = _SPLIT.keys(node, at, ctx)
    if kinds[1]:
        out["nullable"] = True
    return out


_FOLD: Final[_Fold] = Fold(leaf=_not_a_schema, node_rule=_node, keywords=RULES, other=drop)
_SPLIT: Final[_Fold] = replace(_FOLD, keywords=SPLIT_RULES)


# --- $ref and allOf ---------------------------------------------------------------------


def _merge(node: Mapping[str, Any], key: str, at: At, ctx: Ctx) -> Subset:
    """Inline a local $ref (or a one-branch allOf) and merge the keywords next to it."""
    target = _target(node, key, at, ctx)
    if target is None:
        return None
    target_path, target_node = target
    inlined = _FOLD.node(target_node, at.referred(target_path, at.path), ctx)
    siblings = {k: v for k, v in node.items() if k != key}
    extra = _subset(siblings, at, ctx, part=True) if siblings else {}
    if inlined is None or extra is None:
        return None
    clash = [k for k in extra if k in inlined and inlined[k] != extra[k] and k not in _OVERRIDABLE]
    for k in clash:
        ctx.error(
            at.key(k),
            f"'{k}' next to '{key}' differs from the one it refers to and "
            f"cannot be merged for {TARGET}",
            "move it into the referenced schema",
        )
    return None if clash else {**inlined, **extra}


def _target(node: Mapping[str, Any], key: str, at: At, ctx: Ctx) -> tuple[JsonPath, Any] | None:
    """Where the merged schema is: allOf's one branch, or the $ref's target (not one
    whose place encloses a $ref on the trail: inlining it would never end)."""
    if key == "allOf":
        branches = node[key]
        if len(branches) != 1:
            ctx.error(
                at.key(key),
                f"allOf with {len(branches)} branches cannot be expressed " f"in {TARGET}",
                "merge the branches into one schema",
            )
            return None
        return (*at.key(key), 0), branches[0]
    hit = ref_target(ctx.root, node[key])
    if hit is None:
        ctx.error(at.key(key), f"$ref {show(node[key])} points to nothing", "define it in $defs")
        return None
    if any(place[: len(hit[0])] == hit[0] for place in (*at.trail, at.path)):
        ctx.error(
            at.key(key),
            f"recursive $ref {show(node[key])} cannot be inlined for " f"{TARGET}",
            USE_JSON.replace("keeps it", "takes $ref"),
        )
        return None
    return hit
