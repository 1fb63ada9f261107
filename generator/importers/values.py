"""``import --normalize`` for values: a ``default``, ``const``, ``enum`` member or example
written as a string where the schema takes no string, and an ``enum`` put on an array.

Function-calling datasets write ``"default": "False"`` on a boolean, ``"0"`` on an
integer, ``"None"`` for "no default", and the allowed values of an array's items as the
array's own ``enum``. A string is read as a typed value only when one reading exists:
``true``/``false`` (any case) for a boolean, a JSON number for a number (an integer for
an integer), ``null``/``None`` for null; anything else (``"yes"``, ``"1,5"``, ``"[]"``)
is left for the lint to refuse, with a hint saying what to write.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.contracts.lint.finding import show
from generator.core.diagnostics import JsonPath
from generator.core.jsondata import integer
from generator.jsonschema.dialects import dialect_of
from generator.jsonschema.walk import subschemas

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]{0,308})")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,308})(?:\.[0-9]{1,400})?(?:[eE][+-]?[0-9]{1,4})?")
_NONE = frozenset({"none", "null"})
_READS = {
    "boolean": "'true'/'false'",
    "integer": "an integer such as '0'",
    "number": "a JSON number such as '0.5'",
    "null": "'null'/'None'",
}


@dataclass(frozen=True, slots=True)
class Change:
    """One normalization: where (inside the schema), and what was done."""

    path: JsonPath
    message: str
    review_at: JsonPath  # where the review comment goes (the key, or its schema)


def declared_types(node: Mapping[str, Any]) -> list[str] | None:
    """The node's ``type`` as a list of names, None when it has none (or a bad one)."""
    declared = node.get("type")
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return None
    return names


def read_typed(text: str, types: list[str]) -> tuple[bool, Any]:
    """(True, the value) when ``text`` spells exactly one value of ``types``."""
    lowered = text.lower()
    if "boolean" in types and lowered in ("true", "false"):
        return True, lowered == "true"
    if "null" in types and lowered in _NONE:
        return True, None
    if ("integer" in types or "number" in types) and _INTEGER.fullmatch(text):
        value = integer(text)
        return value is not None, value
    if "number" in types and _NUMBER.fullmatch(text):
        number = float(text)
        return (True, number) if math.isfinite(number) else (False, None)
    return False, None


def typed_values(schema: dict[str, Any]) -> list[Change]:
    """Move each array's enum to its items, then read strings as typed values
    (``schema`` is changed in place)."""
    changes = [c for node, path in _nodes(schema) for c in _array_enum(node, path)]
    for node, path in _nodes(schema):
        types = declared_types(node)
        if types is not None and "string" not in types:
            changes += _strings(node, path, types)
    return changes


def _nodes(schema: dict[str, Any]) -> list[tuple[dict[str, Any], JsonPath]]:
    found = subschemas(schema, (), dialect_of(schema))
    return [(node, path) for node, path in found if isinstance(node, dict)]


def _movable_enum(node: Mapping[str, Any]) -> bool:
    """An array's enum of non-arrays (nothing is valid) that its items can take."""
    enum, items = node.get("enum"), node.get("items", {})
    return (
        declared_types(node) == ["array"]
        and isinstance(enum, list)
        and bool(enum)
        and not any(isinstance(value, list) for value in enum)
        and isinstance(items, dict)
        and "enum" not in items
        and "const" not in items
    )


def _array_enum(node: dict[str, Any], path: JsonPath) -> Iterator[Change]:
    """The enum moved to the items, its strings read as the items' type: each change
    said where the value was in the source (the array's enum)."""
    if not _movable_enum(node):
        return
    items: dict[str, Any] = node.setdefault("items", {})
    items["enum"] = node.pop("enum")
    message = "enum of the array moved to its items: each item is one of the values"
    yield Change((*path, "enum"), message, (*path, "items"))
    types = declared_types(items)
    if types is None or "string" in types:
        return
    for index, value in enumerate(items["enum"]):
        read, typed = read_typed(value, types) if isinstance(value, str) else (False, None)
        if read:
            items["enum"][index] = typed
            message = f"enum value {show(value)} read as {show(typed)}"
            yield Change((*path, "enum", index), message, (*path, "items", "enum", index))


def _strings(node: dict[str, Any], path: JsonPath, types: list[str]) -> Iterator[Change]:
    default = node.get("default")
    if isinstance(default, str) and default.lower() in _NONE and "null" not in types:
        del node["default"]
        message = f"default {show(default)} removed: the property is optional without it"
        yield Change((*path, "default"), message, path)
    for inner, what, value in list(_valued(node)):
        read, typed = read_typed(value, types)
        if read:
            _put(node, inner, typed)
            message = f"{what} {show(value)} read as {show(typed)}"
            yield Change((*path, *inner), message, (*path, *inner))


def _valued(node: Mapping[str, Any]) -> Iterator[tuple[JsonPath, str, str]]:
    """(path inside ``node``, what it is, text) of every value written as a string."""
    for key in ("default", "const"):
        if isinstance(node.get(key), str):
            yield (key,), key, node[key]
    for key, what in (("enum", "enum value"), ("examples", "example")):
        values = node.get(key)
        if isinstance(values, list):
            for index, value in enumerate(values):
                if isinstance(value, str):
                    yield (key, index), what, value


def _put(node: dict[str, Any], inner: JsonPath, value: Any) -> None:
    if len(inner) == 1:
        node[str(inner[0])] = value
    else:
        node[str(inner[0])][int(inner[1])] = value


def value_hint(node: Mapping[str, Any], inner: JsonPath, *, normalized: bool) -> str | None:
    """What to do about the string at ``inner`` in ``node`` (a default, const, enum member
    or example) that does not fit its schema; None when it is not such a string."""
    types, value = declared_types(node), _at(node, inner)
    if not isinstance(value, str) or types is None or "string" in types:
        return None
    if inner[0] == "enum" and "array" in types:
        if _movable_enum(node) and not normalized:
            return "import --normalize would move the enum to the array's items"
        return "an array's enum lists whole arrays: put the allowed values in its items' enum"
    read, typed = read_typed(value, types)
    if inner == ("default",) and value.lower() in _NONE and "null" not in types:
        read, shown = True, "remove it: the property is optional without it"
    else:
        shown = f"read it as {show(typed)}"
    if read and not normalized:
        return f"import --normalize would {shown}"
    readings = [_READS[name] for name in types if name in _READS]
    if not readings:
        return "write the value itself in the source, not a string that spells it"
    reads = " or ".join(readings)
    return f"write the value itself in the source: --normalize reads a string only as {reads}"


def _at(node: Mapping[str, Any], inner: JsonPath) -> Any:
    value: Any = node.get(str(inner[0])) if inner else None
    if len(inner) == 2 and isinstance(value, list) and isinstance(inner[1], int):
        return value[inner[1]] if inner[1] < len(value) else None
    return value if len(inner) == 1 else None
