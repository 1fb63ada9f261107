"""One Zod branch per JSON type, with the keywords that constrain that type.

Called by :mod:`generator.emit.typescript.zod.convert` for each type a schema allows. Zod's
own primitives are used where their meaning is JSON Schema's (number bounds,
array lengths, strict and loose objects); the rest are checks from the runtime
helper module (``js.…``), which never accept less than the schema does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from generator.emit.typescript.text import ts_string
from generator.emit.typescript.zod.js import Js, array, call, literal, method, obj, raw

# Object.prototype's members: Zod reads shape keys through the prototype chain
# (an absent "constructor" looks present), so such properties are checked by
# js.ownProperties, which looks at own properties only.
PROTOTYPE_NAMES: Final = frozenset(
    [
        "__defineGetter__",
        "__defineSetter__",
        "__lookupGetter__",
        "__lookupSetter__",
        "__proto__",
        "constructor",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
    ]
)
Z_JSON: Final = call("z.json")
Z_NEVER: Final = call("z.never")


class Subschemas(Protocol):
    """What a branch needs from the conversion of one tool's schema."""

    draft7: bool

    def sub(
        self,
        node: Any,
        path: tuple[str | int, ...],
        within: list[str] | None = None,
        *,
        side: bool = False,
    ) -> Js:
        """The Zod expression of the subschema ``node`` found at ``path``."""


def checks(base: Js, *helpers: Js) -> Js:
    """``base.check(helpers…)``, or ``base`` alone when there are none."""
    return method(base, "check", *helpers) if helpers else base


def on_input(base: Js, *helpers: Js) -> Js:
    """``base`` and checks that look inside objects or arrays, run on the input itself.

    A check on ``base`` would see Zod's output, rebuilt by assignment, where an own
    ``__proto__`` key is gone; ``z.unknown()`` hands the check the input unchanged.
    """
    if not helpers:
        return base
    return method(base, "and", method(call("z.unknown"), "check", *helpers))


def helper(name: str, *args: Js) -> Js:
    """A call of the runtime module's ``name``."""
    return call(f"js.{name}", *args)


def regex(pattern: str) -> Js:
    """An ECMA-262 regular expression in Unicode mode, unanchored as JSON Schema has it."""
    return raw(f'new RegExp({ts_string(pattern)}, "u")')


def number_branch(node: Mapping[str, Any], *, integer: bool) -> Js:
    """``z.number()`` with bounds; integers and multipleOf as exact checks."""
    expression = call("z.number")
    for keyword, zod_name in (
        ("minimum", "gte"),
        ("exclusiveMinimum", "gt"),
        ("maximum", "lte"),
        ("exclusiveMaximum", "lt"),
    ):
        bound = node.get(keyword)
        if _is_number(bound):
            expression = method(expression, zod_name, literal(bound))
    extra = [helper("integer")] if integer else []
    divisor = node.get("multipleOf")
    if _is_number(divisor):
        # A divisor written as a float divides (the keyword's definition); an
        # integer one takes the exact remainder.
        extra.append(helper("multipleOf", literal(divisor), literal(isinstance(divisor, float))))
    return checks(expression, *extra)


def string_branch(node: Mapping[str, Any]) -> Js:
    """``z.string()``; lengths in code points, the pattern unanchored in Unicode mode."""
    expression = call("z.string")
    pattern = node.get("pattern")
    if isinstance(pattern, str):
        expression = method(expression, "regex", regex(pattern))
    extra = [
        helper(keyword, literal(node[keyword]))
        for keyword in ("minLength", "maxLength")
        if _is_number(node.get(keyword))
    ]
    return checks(expression, *extra)


def array_branch(ctx: Subschemas, node: Mapping[str, Any], path: tuple[str | int, ...]) -> Js:
    """``z.array`` or, with positional items, ``z.tuple`` with optional slots."""
    prefix, rest_key = _positional(ctx, node)
    rest = node.get(rest_key) if rest_key else None
    rest_js = Z_JSON if rest is None else ctx.sub(rest, (*path, rest_key or ""))
    limits = [(k, node[k]) for k in ("minItems", "maxItems") if _is_number(node.get(k))]
    if prefix:
        key = "items" if ctx.draft7 else "prefixItems"
        slots = array(
            method(ctx.sub(item, (*path, key, i)), "exactOptional") for i, item in enumerate(prefix)
        )
        tail = () if rest is False else (rest_js,)
        expression = call("z.tuple", slots, *tail)
        names = {"minItems": "z.minLength", "maxItems": "z.maxLength"}
        expression = checks(expression, *(call(names[k], literal(v)) for k, v in limits))
    else:
        expression = call("z.array", rest_js)
        for keyword, value in limits:
            expression = method(
                expression, "min" if keyword == "minItems" else "max", literal(value)
            )
    extra = [helper("uniqueItems")] if node.get("uniqueItems") is True else []
    if "contains" in node:
        extra.append(_contains(ctx, node, path))
    return on_input(expression, *extra)


def _positional(ctx: Subschemas, node: Mapping[str, Any]) -> tuple[Sequence[Any], str | None]:
    """Positional item schemas and the keyword holding the schema of the others."""
    if ctx.draft7:
        items = node.get("items")
        if isinstance(items, list):
            return items, "additionalItems" if "additionalItems" in node else None
        return (), "items" if "items" in node else None
    prefix = node.get("prefixItems")
    return (prefix if isinstance(prefix, list) else ()), "items" if "items" in node else None


def _contains(ctx: Subschemas, node: Mapping[str, Any], path: tuple[str | int, ...]) -> Js:
    schema = ctx.sub(node["contains"], (*path, "contains"))
    low, high = 1, None
    if not ctx.draft7:
        low = node.get("minContains", 1)
        high = node.get("maxContains")
    return helper("contains", schema, literal(low), literal(high))


def object_branch(
    ctx: Subschemas, node: Mapping[str, Any], path: tuple[str | int, ...], *, side: bool
) -> Js:
    """A Zod object whose shape holds ``properties``; what Zod cannot hold becomes checks.

    ``z.strictObject`` closes an object only where it stands alone: as a ``side`` of an
    intersection, or next to checks (which join it through one), Zod would forgive
    the keys it refuses, so there ``additionalProperties`` is a check.
    """
    properties: Mapping[str, Any] = node.get("properties") or {}
    required = list(dict.fromkeys(node.get("required") or ()))
    patterns: Mapping[str, Any] = node.get("patternProperties") or {}
    additional = node.get("additionalProperties", True)
    own = [name for name in properties if name in PROTOTYPE_NAMES]

    def prop(name: str) -> Js:
        return ctx.sub(properties[name], (*path, "properties", name))

    shape = obj(
        (name, prop(name) if name in required else method(prop(name), "exactOptional"))
        for name in properties
        if name not in own
    )
    extra: list[Js] = []
    if own:
        extra.append(helper("ownProperties", array(array([literal(n), prop(n)]) for n in own)))
    if patterns:
        pairs = (
            array([regex(p), ctx.sub(s, (*path, "patternProperties", p))])
            for p, s in patterns.items()
        )
        extra.append(helper("patternProperties", array(pairs)))
    missing = [name for name in required if name not in properties or name in own]
    if missing:
        extra.append(helper("required", literal(missing)))
    extra.extend(_object_keywords(ctx, node, path))
    if additional is False and not side and not extra:
        return call("z.strictObject", shape)
    if additional is not True:
        rest = (
            literal(False)
            if additional is False
            else ctx.sub(additional, (*path, "additionalProperties"))
        )
        extra.append(
            helper(
                "additionalProperties", literal(list(properties)), array(map(regex, patterns)), rest
            )
        )
    # Closed by a check, z.object() gives the exact type; open, z.looseObject keeps extra keys.
    return on_input(call("z.object" if additional is False else "z.looseObject", shape), *extra)


def _object_keywords(
    ctx: Subschemas, node: Mapping[str, Any], path: tuple[str | int, ...]
) -> list[Js]:
    """propertyNames, property counts and dependencies, in the dialect's spelling."""
    extra: list[Js] = []
    if "propertyNames" in node:
        extra.append(
            helper("propertyNames", ctx.sub(node["propertyNames"], (*path, "propertyNames")))
        )
    for keyword in ("minProperties", "maxProperties"):
        if _is_number(node.get(keyword)):
            extra.append(helper(keyword, literal(node[keyword])))
    names: dict[str, Any] = {}
    schemas: dict[str, Js] = {}
    sources = ("dependencies",) if ctx.draft7 else ("dependentRequired", "dependentSchemas")
    for keyword in sources:
        for name, value in (node.get(keyword) or {}).items():
            if isinstance(value, list):
                names[name] = value
            else:
                schemas[name] = ctx.sub(value, (*path, keyword, name))
    if names:
        extra.append(helper("dependentRequired", literal([[k, v] for k, v in names.items()])))
    if schemas:
        extra.append(
            helper("dependentSchemas", array(array([literal(k), v]) for k, v in schemas.items()))
        )
    return extra


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_schema(value: object) -> bool:
    return isinstance(value, Mapping | bool)
