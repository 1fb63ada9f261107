"""The keyword rules of Gemini's OpenAPI subset: what each keyword of one schema object
becomes in ``parameters`` (``gemini_openapi`` decides a node's type, merges ``$ref`` and
``allOf`` and folds the schema with these rules).

A rule reports into :class:`Ctx`; an error means the node it is in cannot be expressed
(``Ctx.errors`` counts them, so the node rule sees it without a flag passed back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from generator.core.diagnostics import JsonPath, Severity
from generator.ir.model import thaw
from generator.jsonschema.fold import At, Entry, Fold, KeywordRule, drop, shown
from generator.profiles.base import INEXPRESSIBLE, LOSSY, NAME_RULE, Finding, explicit_schema
from generator.profiles.gemini_rules import (
    FORMATS,
    KEPT,
    PARAMETER_NAME,
    TYPE_KEYWORDS,
    TYPES,
    WIDENING,
)

__all__ = [
    "RULES",
    "SPLIT_RULES",
    "TARGET",
    "USE_JSON",
    "Ctx",
    "Subset",
    "declared",
    "explicit",
    "show",
    "type_names",
]

TARGET: Final = "Gemini 'parameters'"
USE_JSON: Final = "gemini/function-declarations.json (parametersJsonSchema) keeps it"
Subset = dict[str, Any] | None  # a subschema in the subset; None: it cannot be expressed


@dataclass(slots=True)
class Ctx:
    """One schema's conversion: its root (where $refs point), and what it reports."""

    root: Mapping[str, Any]
    findings: list[Finding] = field(default_factory=list)
    errors: int = 0  # a node during whose rebuild this grows cannot be expressed

    def error(self, path: JsonPath, message: str, hint: str) -> None:
        self.errors += 1
        self.findings.append(Finding(path, Severity.ERROR, INEXPRESSIBLE, message, hint))

    def warn(self, path: JsonPath, message: str, hint: str, code: str = LOSSY) -> None:
        self.findings.append(Finding(path, Severity.WARNING, code, message, hint))


SubsetFold = Fold[Ctx, Subset]


def type_names(node: Mapping[str, Any]) -> list[str]:
    """The type names a node lists (``type`` as a list)."""
    declared = node.get("type")
    return [declared] if isinstance(declared, str) else list(declared or ())


def declared(node: Mapping[str, Any]) -> tuple[str, ...]:
    """The types a node names that the subset has a type for (null is ``nullable``)."""
    return tuple(name for name in type_names(node) if name != "null" and name in TYPES)


def _type(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    return key, None  # holds the place: the node rule writes the node's one type here


def _branches(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    """A type list: each type a branch with the keywords that apply to it."""
    branches = []
    for kind in declared(node):
        own = {k: value for k, value in node.items() if k in TYPE_KEYWORDS[kind]}
        branches.append(fold.node({"type": kind, **own}, at, ctx))
    return "anyOf", branches


def _properties(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    if not isinstance(node[key], Mapping):
        return None
    converted = fold.rebuild(node, key, at, ctx)
    _checknames(node[key], at.key(key), ctx)
    return key, converted


def _items(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    if not isinstance(node[key], Mapping):
        ctx.error(at.key(key), f"tuple 'items' cannot be expressed in {TARGET}", explicit())
        return None
    return key, fold.node(node[key], at.down(key), ctx)


def _enum(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    return key, [item for item in node[key] if item is not None]


def _const(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    return None if node[key] is None else ("enum", [node[key]])


def _kept(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    value = node[key]  # a null default/example reads as "unset": the SDK drops it
    return None if value is None else (key, thaw(value))


def _format(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    """A format the node's type takes in the subset; any other is dropped (warning)."""
    value = node[key]
    # The node's type as _kinds decides it: an enum's is string; an inferred object or
    # array, like no type at all, takes no format.
    kind = "string" if "enum" in node or "const" in node else next(iter(declared(node)), "")
    if value in FORMATS.get(kind, ()):
        return key, value
    known = ", ".join(FORMATS.get(kind, ())) or "none"
    ctx.warn(
        at.key(key),
        f"format {show(value)} is dropped for {TARGET} (it knows: {known}); "
        "the model may send any string",
        f"say it in the description; {USE_JSON}",
    )
    return None


def _additional(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    value = node[key]
    if value is True or value == {}:
        return None  # the default: dropping it changes nothing
    return _widening(node, key, at, ctx, fold)


def _widening(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    ctx.warn(at.key(key), f"'{key}' is dropped for {TARGET}: {WIDENING[key]}", USE_JSON)
    return None


def _checknames(properties: Mapping[str, Any], where: JsonPath, ctx: Ctx) -> None:
    for name in properties:
        if not PARAMETER_NAME.fullmatch(name):
            ctx.warn(
                (*where, name),
                f"parameter name {name!r}: Vertex documents parameter names as a letter or '_' "
                "then letters, digits and '_', at most 64",
                f"rename the parameter; {USE_JSON}",
                NAME_RULE,
            )


def _alternatives(node: Mapping[str, Any], key: str, at: At, ctx: Ctx, fold: SubsetFold) -> Entry:
    """anyOf (oneOf, with a warning): null branches become nullable; one branch is inlined."""
    where = at.key(key)
    branches = node[key]
    if key == "oneOf":
        if "anyOf" in node:
            ctx.error(where, f"'oneOf' next to 'anyOf' cannot be expressed in {TARGET}", explicit())
            return None
        ctx.warn(
            where,
            f"'oneOf' becomes 'anyOf' for {TARGET}: a value matching several "
            "branches is no longer refused",
            USE_JSON,
        )
    kept = [(i, sub) for i, sub in enumerate(branches) if not _is_null(sub)]
    if not kept:
        ctx.error(where, f"a schema that is only null cannot be expressed in {TARGET}", explicit())
        return None
    results = [fold.node(sub, at.down(key, i), ctx) for i, sub in kept]
    converted = [result for result in results if result is not None]
    if len(converted) < len(results):
        return None
    if len(kept) == len(branches):
        return "anyOf", converted
    if len(converted) == 1 and not set(converted[0]) & _written_before(node, key):
        return {**converted[0], "nullable": True}  # "X or null": X, nullable
    return {"anyOf": converted, "nullable": True}


def _written_before(node: Mapping[str, Any], key: str) -> set[str]:
    """Every key the node has, and what the keys before ``key`` became (a const became
    enum): what an inlined branch may not overwrite."""
    keys = list(node)
    before = keys[: keys.index(key)]
    renamed = {"enum"} if "const" in before and node["const"] is not None else set()
    return set(keys) | renamed


def _is_null(branch: Any) -> bool:
    return isinstance(branch, Mapping) and dict(branch) == {"type": "null"}


# Keywords without a rule are removed without a word: they only annotate ($defs are
# inlined where they are used), or are unknown (the contract lint reports typos).
RULES: Final[dict[str, KeywordRule[Ctx]]] = {
    "type": _type,
    "anyOf": _alternatives,
    "oneOf": _alternatives,
    "properties": _properties,
    "items": _items,
    "enum": _enum,
    "const": _const,
    "format": _format,
    **dict.fromkeys(KEPT, _kept),
    **dict.fromkeys(WIDENING, _widening),
    "additionalProperties": _additional,
}
# A type list's node: the branches take ``type``'s place, and the keywords they take along.
SPLIT_RULES: Final[dict[str, KeywordRule[Ctx]]] = {
    **RULES,
    "type": _branches,
    **dict.fromkeys(sorted(set().union(*TYPE_KEYWORDS.values())), drop),
}


def explicit() -> str:
    """The hint for a schema the subset cannot hold as it is written."""
    return explicit_schema(f"or {USE_JSON}", fits="the subset can hold")


def show(value: Any) -> str:
    """A schema value (frozen or not) as JSON text in a message."""
    return shown(thaw(value))
