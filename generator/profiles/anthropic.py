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
    if not isinstance(node, Mapping):
        ctx.findings.append(_error(path, f"{_TARGET} takes no boolean schema", _explicit()))
        return {}
    out: dict[str, Any] = {}
    notes: dict[str, Any] = {}
    for key, value in node.items():
        _keyword(node, key, value, (*path, key), ctx, out, notes)
    if "properties" in out and "type" not in out:
        out["type"] = "object"
    _close(out, path, ctx)
    _describe(out, notes)
    if not any(key in out for key in TYPED_BY):
        ctx.findings.append(_error(path, f"{_TARGET} needs a type for every value", _explicit()))
    return out


def _keyword(
    node: Mapping[str, Any],
    key: str,
    value: Any,
    where: JsonPath,
    ctx: _Ctx,
    out: dict[str, Any],
    notes: dict[str, Any],
) -> None:
    if key in ("properties", "$defs", "definitions") and isinstance(value, Mapping):
        out[key] = {name: _node(sub, (*where, name), ctx) for name, sub in value.items()}
    elif key == "items":
        if isinstance(value, Mapping):
            out[key] = _node(value, where, ctx)
        else:
            ctx.findings.append(_error(where, f"{_TARGET} takes no tuple 'items'", _explicit()))
    elif key in ("anyOf", "allOf", "oneOf"):
        _alternatives(node, key, where, ctx, out)
    elif key in ("enum", "const"):
        _literals(key, value, where, ctx, out)
    elif key == "$ref":
        _ref(value, where, ctx, out)
    elif key == "additionalProperties":
        if value is not False:
            ctx.findings.append(
                _error(
                    where,
                    f"{_TARGET} cannot express an open map " "(additionalProperties must be false)",
                    _explicit(),
                )
            )
        out[key] = False
    elif key == "patternProperties":
        ctx.findings.append(
            _error(
                where,
                f"{_TARGET} cannot express patternProperties",
                f"declare the keys under properties, {_NOT_STRICT}",
            )
        )
    elif key == "default":
        notes[key] = value  # an annotation: kept for the model, no warning
    elif key in ANNOTATIONS:
        pass
    elif not _supported(node, key, value):
        notes[key] = value
        ctx.findings.append(_lossy(where, key, value))
    elif key in _KEPT:
        out[key] = thaw(value)
    # Anything else is an unknown keyword: an annotation, removed (the lint reports typos).


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


def _alternatives(
    node: Mapping[str, Any], key: str, where: JsonPath, ctx: _Ctx, out: dict[str, Any]
) -> None:
    branches = node[key]
    if key == "oneOf":
        if "anyOf" in node:
            ctx.findings.append(
                _error(
                    where,
                    "'oneOf' next to 'anyOf' cannot become one anyOf",
                    "merge the alternatives into one anyOf",
                )
            )
            return
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
    converted = [_node(sub, (*where, i), ctx) for i, sub in enumerate(branches)]
    out["anyOf" if key == "oneOf" else key] = converted


def _literals(key: str, value: Any, where: JsonPath, ctx: _Ctx, out: dict[str, Any]) -> None:
    values = value if key == "enum" else [value]
    if not all(v is None or isinstance(v, str | int | float | bool) for v in values):
        ctx.findings.append(
            _error(
                where,
                f"{_TARGET} takes only strings, numbers, booleans " f"and null in {key}",
                _explicit(),
            )
        )
    out[key] = thaw(value)


def _ref(value: Any, where: JsonPath, ctx: _Ctx, out: dict[str, Any]) -> None:
    if ref_target(ctx.root, value) is None:
        ctx.findings.append(
            _error(
                where,
                f"$ref {json.dumps(value)} is not a local reference " "to an existing schema",
                "define it under $defs",
            )
        )
    out["$ref"] = value


def _close(out: dict[str, Any], path: JsonPath, ctx: _Ctx) -> None:
    """additionalProperties: false on every object; an open one cannot be closed silently."""
    kinds = out.get("type")
    is_object = kinds == "object" or (isinstance(kinds, list) and "object" in kinds)
    if not is_object or "additionalProperties" in out:
        return
    if "properties" not in out:
        ctx.findings.append(
            _error(
                path,
                f"an object without properties is an open map, which " f"{_TARGET} cannot express",
                f"declare its properties, {_NOT_STRICT}",
            )
        )
        return
    out["additionalProperties"] = False


def _describe(out: dict[str, Any], notes: dict[str, Any]) -> None:
    """Constraints strict mode cannot enforce, kept for the model in the description."""
    if not notes:
        return
    text = "; ".join(
        f"{key}: {json.dumps(thaw(v), ensure_ascii=False)}" for key, v in notes.items()
    )
    description = out.get("description")
    out["description"] = f"{description} ({text})" if isinstance(description, str) else f"({text})"


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
    return f"write an explicit schema, {_NOT_STRICT}"
