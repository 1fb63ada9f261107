"""JSON values in the TypeScript package: written once, referred to by name, typed exactly.

The package holds the same schemas several times over: a descriptor's ``inputSchema``
and ``parameters`` (one object), and the provider lists, most of whose schemas equal
the contract's. :func:`share` picks the objects to define once in ``_schemas.js``;
:func:`js_value` writes a value with those objects as references; :func:`literal_type`
writes the readonly literal type a declaration file gives a value (what ``as const``
would infer from it).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.emit.lists import ProviderList
from generator.emit.typescript.text import ts_property_key, ts_string, ts_value

SHARED_MODULE: Final = "$"
"""The name modules import ``_schemas.js`` under: ``$.readFileInputSchema``."""
MAX_DEPTH: Final = 3
"""How deep inside a provider entry a schema may sit (Bedrock: ``toolSpec.inputSchema.json``)."""
_MAX_INLINE: Final = 80


def json_text(value: Any) -> str:
    """One spelling per JSON value, key order included (the object literals keep it)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def is_schema(value: Any) -> bool:
    """A tool's input or output schema: an object whose root is ``type: "object"``."""
    return isinstance(value, dict) and value.get("type") == "object"


@dataclass(frozen=True, slots=True)
class Shared:
    """The objects ``_schemas.js`` defines: ``consts`` in declaration order, and the
    name of each by its :func:`json_text`. ``texts`` remembers the text of each object
    :func:`share` looked at, by identity: the same objects are written next (one emit
    holds them all), and spelling a schema costs more than the rest of writing it."""

    consts: tuple[tuple[str, Any], ...]
    names: Mapping[str, str]
    texts: Mapping[int, str]

    def ref(self, value: Any) -> str | None:
        """``$.name`` when ``value`` is one of the shared objects."""
        text = self.texts.get(id(value))
        name = self.names.get(json_text(value) if text is None else text)
        return None if name is None else f"{SHARED_MODULE}.{name}"


def share(
    named: Sequence[tuple[str, Any]],
    lists: Sequence[ProviderList],
    prefixes: Mapping[str, str],
) -> Shared:
    """``named`` (each tool's schemas, under their names) plus every schema that appears
    more than once in the provider lists, named after its first tool's ``prefixes``."""
    names: dict[str, str] = {}
    consts: list[tuple[str, Any]] = []
    texts: dict[int, str] = {}
    for name, value in named:
        text = texts[id(value)] = json_text(value)
        if names.setdefault(text, name) == name:
            consts.append((name, value))
    counts: Counter[str] = Counter()
    first: dict[str, tuple[str, Any]] = {}
    for found in lists:
        for tool, entry in zip(found.tools, found.entries, strict=True):
            for node in schemas_in(entry, 0):
                text = texts[id(node)] = json_text(node)
                counts[text] += 1
                first.setdefault(text, (tool, node))
    taken = {name for name, _ in consts}
    for text, count in counts.items():
        if count > 1 and text not in names:
            tool, node = first[text]
            name = _free(f"{prefixes[tool]}Sent", taken)
            names[text] = name
            consts.append((name, node))
    return Shared(tuple(consts), names, texts)


def schemas_in(value: Any, depth: int) -> Iterator[Any]:
    """The schemas inside a provider entry, down to ``MAX_DEPTH`` (not inside each other)."""
    if depth > MAX_DEPTH:
        return
    if is_schema(value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from schemas_in(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from schemas_in(item, depth + 1)


def _free(base: str, taken: set[str]) -> str:
    candidate, counter = base, 1
    while candidate in taken:
        counter += 1
        candidate = f"{base}{counter}"
    taken.add(candidate)
    return candidate


def js_value(value: Any, shared: Shared, indent: str = "", depth: int = 0) -> str:
    """The JavaScript expression of plain JSON ``value``, a shared schema as its reference."""
    if depth > MAX_DEPTH or not isinstance(value, dict | list) or not value:
        return ts_value(value, indent)
    if is_schema(value):
        return shared.ref(value) or ts_value(value, indent)
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{object_key(str(key))}: {js_value(item, shared, inner, depth + 1)},"
            for key, item in value.items()
        ]
        return "{\n" + "\n".join(items) + f"\n{indent}}}"
    if not any(isinstance(item, dict | list) for item in value):
        return ts_value(value, indent)
    items = [f"{inner}{js_value(item, shared, inner, depth + 1)}," for item in value]
    return "[\n" + "\n".join(items) + f"\n{indent}]"


def object_key(key: str) -> str:
    """An object-literal key that creates an own property named ``key``: ``__proto__``
    written bare or quoted would set the prototype instead."""
    return f"[{ts_string(key)}]" if key == "__proto__" else ts_property_key(key)


def literal_type(value: Any, indent: str = "") -> str:
    """The readonly literal type of a JSON value: ``{ readonly a: readonly [1, "x"] }``.
    ``value`` is plain JSON data (dicts and lists, as ``thaw`` gives)."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + "  "
        lines = [
            f"{inner}readonly {ts_property_key(str(key))}: {literal_type(item, inner)};"
            for key, item in value.items()
        ]
        return "{\n" + "\n".join(lines) + f"\n{indent}}}"
    if isinstance(value, list):
        items = [literal_type(item, indent + "  ") for item in value]
        inline = "readonly [" + ", ".join(items) + "]"
        if len(inline) <= _MAX_INLINE and "\n" not in inline:
            return inline
        lines = [f"{indent}  {item}," for item in items]
        return "readonly [\n" + "\n".join(lines) + f"\n{indent}]"
    return ts_value(value, indent)
