"""The Claude profile: ``input_schema`` as sent, and its strict tool use form.

Without ``strict`` Claude takes the contract's schema as it is (without the root ``$schema``)
except at the root, which must be ``type: object`` and may not be ``anyOf``/``oneOf``/``allOf``
("input_schema does not support oneOf, allOf, or anyOf at the top level").

With ``strict: true`` (``to_claude_strict``) what changes is, and only is:

* every object gets ``additionalProperties: false`` (an object without ``properties``, or with
  ``additionalProperties`` other than false, or ``patternProperties``, cannot be expressed);
  ``properties`` without ``type`` gets ``type: object``; ``required`` stays as written —
  Claude, unlike OpenAI, allows optional properties;
* ``oneOf`` becomes ``anyOf`` (warning);
* constraints strict mode does not enforce (``minimum``, ``maxLength``, ``minItems`` above 1,
  an unknown ``format``, a ``pattern`` with lookaround or backreferences …) are removed and
  written into the description as `` (key: value; …)`` (warning: the model may break them);
  ``default`` goes into the description the same way (an annotation: no warning);
* annotation keywords are removed.

A node that says nothing of its type, a recursive ``$ref``, ``allOf`` over a ``$ref``, a
tuple ``items`` and an enum of objects cannot be expressed. The request-wide limits (20
strict tools, 24 optional and 16 union-typed parameters in all) are checked by
``anthropic_limits.request_limits`` over every strict tool of a request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from generator.core.diagnostics import JsonPath, Severity
from generator.ir.model import ToolDescriptor, thaw
from generator.jsonschema.fold import (
    At,
    Entry,
    Fold,
    KeywordRule,
    closed,
    is_object,
    shown,
    union_key,
    with_note,
)
from generator.jsonschema.refs import cyclic_refs, ref_target
from generator.profiles.anthropic_rules import (
    ANNOTATIONS,
    DESCRIBED,
    MIN_ITEMS_ALLOWED,
    NAME,
    SUPPORTED_FORMATS,
    TYPED_BY,
    UNSUPPORTED_REGEX,
)
from generator.profiles.base import (
    INEXPRESSIBLE,
    LOSSY,
    Finding,
    Transformed,
    explicit_schema,
    finish,
    without_dialect,
)

__all__ = ["NAME", "adapt", "to_claude", "to_claude_strict"]

_TARGET: Final = "Claude strict tool use"
_NOT_STRICT: Final = "or set strict: false for this tool"
_ROOT_FORBIDDEN: Final = ("anyOf", "oneOf", "allOf")
# Kept as they are (format, pattern and minItems once _supported has said yes).
_KEPT: Final = frozenset(
    {"type", "required", "description", "title", "format", "pattern", "minItems"}
)


def adapt(tool: ToolDescriptor) -> Transformed:
    """``input_schema`` for ``tool`` (the profile stage calls this): its strict tool use form
    when the contract is strict. (Claude's name rule is the provider name's own.)"""
    return to_claude_strict(tool.input_schema) if tool.strict else to_claude(tool.input_schema)


def to_claude(schema: Mapping[str, Any]) -> Transformed:
    """``input_schema`` without strict: the schema without ``$schema``, root rules checked."""
    return finish(without_dialect(schema), _root_findings(schema))


def _root_findings(schema: Mapping[str, Any]) -> list[Finding]:
    found = [
        _error(
            (key,),
            f"Claude refuses '{key}' at the root of input_schema",
            "move the alternatives into a property",
        )
        for key in _ROOT_FORBIDDEN
        if key in schema
    ]
    if schema.get("type") != "object":
        found.append(_error((), "Claude's input_schema must be type: object", "write type: object"))
    return found


@dataclass(slots=True)
class _Ctx:
    root: Mapping[str, Any]
    findings: list[Finding] = field(default_factory=list)


def to_claude_strict(schema: Mapping[str, Any]) -> Transformed:
    """``input_schema`` for a tool sent with ``strict: true`` (``schema`` is not touched)."""
    ctx = _Ctx(root=schema)
    ctx.findings.extend(_root_findings(schema))
    for path in cyclic_refs(schema):
        ctx.findings.append(
            _error(
                path, f"{_TARGET} refuses recursive schemas", f"unroll the recursion, {_NOT_STRICT}"
            )
        )
    out = _node(schema, (), ctx)
    return finish(out, ctx.findings)


def _node(node: Any, path: JsonPath, ctx: _Ctx) -> dict[str, Any]:
    """The strict form of one subschema; problems go to ``ctx``."""
    return _FOLD.node(node, At(path), ctx)


def _not_a_schema(node: Any, at: At, ctx: _Ctx) -> dict[str, Any]:
    ctx.findings.append(_error(at.path, f"{_TARGET} takes no boolean schema", _explicit()))
    return {}


def _finish(node: Mapping[str, Any], out: dict[str, Any], at: At, ctx: _Ctx) -> dict[str, Any]:
    """What strict tool use adds once the keywords are converted: type, closing, notes."""
    if "properties" in out and "type" not in out:
        out["type"] = "object"
    if is_object(out) and not closed(out):
        ctx.findings.append(
            _error(
                at.path,
                f"an object without properties is an open map, which " f"{_TARGET} cannot express",
                f"declare its properties, {_NOT_STRICT}",
            )
        )
    notes = {key: value for key, value in node.items() if _noted(node, key, value)}
    if notes:  # constraints strict mode cannot enforce, kept for the model
        text = "; ".join(f"{key}: {shown(thaw(v))}" for key, v in notes.items())
        with_note(out, f"({text})")
    if not any(key in out for key in TYPED_BY):
        ctx.findings.append(_error(at.path, f"{_TARGET} needs a type for every value", _explicit()))
    return out


def _noted(node: Mapping[str, Any], key: str, value: Any) -> bool:
    """Whether ``key`` goes into the description: a default (an annotation), or a
    constraint strict mode does not enforce (reported by :func:`_other`)."""
    if key == "default":
        return True
    return key not in ANNOTATIONS and key not in _RULES and not _supported(node, key, value)


_Fold = Fold[_Ctx, dict[str, Any]]


def _named(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    if not isinstance(node[key], Mapping):
        return _other(node, key, at, ctx, fold)
    return key, fold.rebuild(node, key, at, ctx)


def _items(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    if isinstance(node[key], Mapping):
        return key, fold.node(node[key], at.down(key), ctx)
    ctx.findings.append(_error(at.key(key), f"{_TARGET} takes no tuple 'items'", _explicit()))
    return None


def _additional(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    if node[key] is not False:
        ctx.findings.append(
            _error(
                at.key(key),
                f"{_TARGET} cannot express an open map " "(additionalProperties must be false)",
                _explicit(),
            )
        )
    return key, False


def _patterns(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    ctx.findings.append(
        _error(
            at.key(key),
            f"{_TARGET} cannot express patternProperties",
            f"declare the keys under properties, {_NOT_STRICT}",
        )
    )
    return None


def _other(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    """Annotations and defaults go (a default into the description); unenforced constraints
    go into the description with a warning; the supported subset stays."""
    value = node[key]
    if key == "default" or key in ANNOTATIONS:
        return None
    if not _supported(node, key, value):
        ctx.findings.append(_lossy(at.key(key), key, value))
        return None
    # Anything outside _KEPT is an unknown keyword: an annotation, removed (the lint
    # reports typos).
    return (key, thaw(value)) if key in _KEPT else None


def _supported(node: Mapping[str, Any], key: str, value: Any) -> bool:
    if key in DESCRIBED:
        return False
    if key == "format":
        return value in SUPPORTED_FORMATS
    if key == "pattern":
        return isinstance(value, str) and UNSUPPORTED_REGEX.search(value) is None
    if key == "minItems":
        return value in MIN_ITEMS_ALLOWED
    return True


def _alternatives(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    branches, where = node[key], at.key(key)
    renamed = union_key(node, key) if key == "oneOf" else key
    if renamed is None:
        ctx.findings.append(
            _error(
                where,
                "'oneOf' next to 'anyOf' cannot become one anyOf",
                "merge the alternatives into one anyOf",
            )
        )
        return None
    if key == "oneOf":
        ctx.findings.append(
            Finding(
                where,
                Severity.WARNING,
                LOSSY,
                f"'oneOf' becomes 'anyOf' for {_TARGET}: a value matching "
                "several branches is no longer refused",
                _NOT_STRICT,
            )
        )
    if key == "allOf" and any(isinstance(b, Mapping) and "$ref" in b for b in branches):
        ctx.findings.append(
            _error(
                where,
                f"{_TARGET} refuses allOf over a $ref",
                f"inline the referenced schema, {_NOT_STRICT}",
            )
        )
    return renamed, [fold.node(sub, at.down(key, i), ctx) for i, sub in enumerate(branches)]


def _literals(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    value = node[key]
    values = value if key == "enum" else [value]
    if not all(v is None or isinstance(v, str | int | float | bool) for v in values):
        ctx.findings.append(
            _error(
                at.key(key),
                f"{_TARGET} takes only strings, numbers, booleans " f"and null in {key}",
                _explicit(),
            )
        )
    return key, thaw(value)


def _ref(node: Mapping[str, Any], key: str, at: At, ctx: _Ctx, fold: _Fold) -> Entry:
    value = node[key]
    if ref_target(ctx.root, value) is None:
        ctx.findings.append(
            _error(
                at.key(key),
                f"$ref {json.dumps(value)} is not a local reference " "to an existing schema",
                "define it under $defs",
            )
        )
    return key, value


_RULES: Final[dict[str, KeywordRule[_Ctx]]] = {
    **dict.fromkeys(("properties", "$defs", "definitions"), _named),
    "items": _items,
    **dict.fromkeys(("anyOf", "allOf", "oneOf"), _alternatives),
    **dict.fromkeys(("enum", "const"), _literals),
    "$ref": _ref,
    "additionalProperties": _additional,
    "patternProperties": _patterns,
}
_FOLD: Final[_Fold] = Fold(leaf=_not_a_schema, finish=_finish, keywords=_RULES, other=_other)


def _lossy(where: JsonPath, key: str, value: Any) -> Finding:
    shown = json.dumps(thaw(value), ensure_ascii=False)
    return Finding(
        where,
        Severity.WARNING,
        LOSSY,
        f"'{key}: {shown}' is not enforced by {_TARGET}: it moves into the "
        "description and the model may break it",
        "validate the arguments when the call arrives (the generated Pydantic models do), "
        + _NOT_STRICT,
    )


def _error(path: JsonPath, message: str, hint: str) -> Finding:
    return Finding(path, Severity.ERROR, INEXPRESSIBLE, message, hint)


def _explicit() -> str:
    return explicit_schema(_NOT_STRICT)
