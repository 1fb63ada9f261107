"""Self-consistency: what a schema says about its own values must hold together.

Bounds that no value can meet, an empty ``enum``, a ``type`` no ``enum``/``const``
value has, and ``required`` naming a property twice are found here without a
validator; whether ``default``, ``const``, each ``enum`` member and each
``examples`` item are valid against the schema they sit in is asked of jsonschema
(see :mod:`.judge`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.contracts.lint.finding import Finding, article, json_types, show
from generator.core.diagnostics import JsonPath

# (lower, upper, what no value can then be, whether lower == upper is already empty)
BOUNDS = (
    ("minimum", "maximum", "number", False),
    ("exclusiveMinimum", "exclusiveMaximum", "number", True),
    ("minLength", "maxLength", "string", False),
    ("minItems", "maxItems", "array", False),
    ("minProperties", "maxProperties", "object", False),
    ("minContains", "maxContains", "array", False),
)


def _number(value: Any) -> float | None:
    """``value`` when it is a JSON number (booleans are not), else None."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return None


UPPER_BOUNDS = frozenset(upper for _, upper, _, _ in BOUNDS)
VALUED = frozenset({"default", "const", "enum", "examples"})


def bound_findings(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """Pairs of bounds no value can satisfy (``minLength: 5`` with ``maxLength: 2``)."""
    if UPPER_BOUNDS.isdisjoint(node):
        return
    for lower, upper, kind, strict in BOUNDS:
        low, high = _number(node.get(lower)), _number(node.get(upper))
        if low is None or high is None:
            continue
        if low > high or (strict and low == high):
            relation = "is not less than" if strict else "is greater than"
            yield Finding(
                (*path, lower),
                f"{lower} {show(low)} {relation} {upper} {show(high)}",
                f"no {kind} can satisfy both: fix one of them",
                "TC214",
            )


def enum_findings(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """An empty ``enum``, and ``type`` entries that no ``enum``/``const`` value has."""
    enum = node.get("enum")
    if isinstance(enum, list) and not enum:
        hint = "list the allowed values, or remove enum"
        yield Finding((*path, "enum"), "enum lists no values: nothing is valid", hint, "TC215")
        return
    if isinstance(enum, list):
        values, source = list(enum), "enum value"
    elif "const" in node:
        values, source = [node["const"]], "const"
    else:
        return
    yield from _dead_types(node.get("type"), values, source, path)


def _dead_types(declared: Any, values: list[Any], source: str, path: JsonPath) -> Iterator[Finding]:
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return
    held = frozenset().union(*(json_types(value) for value in values))
    if not held & set(names):
        return  # no value has any of the types: each value is reported on its own
    for index, name in enumerate(names):
        if name not in held:
            where = (*path, "type") if isinstance(declared, str) else (*path, "type", index)
            if source == "enum value":
                phrase = "no enum value is"
                hint = f"remove '{name}' from type, or add a value of type '{name}' to enum"
            else:
                phrase, hint = "const is not", f"remove '{name}' from type"
            yield Finding(
                where, f"type '{name}' is allowed, but {phrase} {article(name)}", hint, "TC216"
            )


def required_findings(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """A name listed twice in ``required``."""
    required = node.get("required")
    if not isinstance(required, list):
        return
    seen: set[str] = set()
    for index, name in enumerate(required):
        if isinstance(name, str) and name in seen:
            yield Finding(
                (*path, "required", index),
                f"required lists '{name}' twice",
                "list each name once",
                "TC217",
            )
        if isinstance(name, str):
            seen.add(name)


def valued(node: Mapping[str, Any]) -> Iterator[tuple[JsonPath, str, Any]]:
    """(path inside ``node``, what it is, value) of every value ``node`` claims is valid."""
    if "default" in node:
        yield ("default",), "default", node["default"]
    if "const" in node:
        yield ("const",), "const", node["const"]
    enum = node.get("enum")
    if isinstance(enum, list):
        yield from ((("enum", i), "enum value", value) for i, value in enumerate(enum))
    examples = node.get("examples")
    if isinstance(examples, list):
        yield from ((("examples", i), "example", value) for i, value in enumerate(examples))


# Keywords that decide nothing about validity, or only by the checks below.
_SIMPLE = frozenset({"type", "enum", "const", "default", "examples", "title", "description"})


def _kind(value: Any) -> str | None:
    """The JSON kind of a scalar (``1`` and ``1.0`` alike), None for anything else."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else None


def _same(one: Any, other: Any) -> bool:
    """JSON equality of two scalars: ``1 == 1.0``, but ``true != 1``."""
    kind = _kind(one)
    return kind is not None and kind == _kind(other) and one == other


def surely_valid(node: Mapping[str, Any], value: Any) -> bool:
    """True when a scalar ``value`` is certainly valid against ``node`` without asking a
    validator: the node holds only ``type``, ``enum`` and ``const`` (and annotations),
    and the value meets each. False means "ask jsonschema", not "invalid"."""
    if _kind(value) is None or not _SIMPLE.issuperset(node):
        return False
    declared = node.get("type")
    if declared is not None:
        names = [declared] if isinstance(declared, str) else declared
        if not isinstance(names, list) or json_types(value).isdisjoint(names):
            return False
    if "const" in node and not _same(node["const"], value):
        return False
    enum = node.get("enum")
    return enum is None or (isinstance(enum, list) and any(_same(i, value) for i in enum))
