"""Compact JSON, as the OpenAI and Anthropic SDKs send it, cut into labelled parts.

Both SDKs serialize a request body with ``json.dumps(..., ensure_ascii=False,
separators=(",", ":"))``: no spaces, non-ASCII characters as they are. ``parts`` yields
that exact text member by member — each member of the entry and of the objects on the way
to the name, the description and the schema's ``properties``, with its leading ``{`` or
``,`` (and the closing ``}`` of an object after its last member) — so counts can be split
between what budgets name: the tool's name, its description and each top-level property
of its input schema. Everything else (envelope, ``required``, ``$defs``) is unlabelled.
Concatenated, the parts are byte for byte ``dumps(entry)``.
"""

from __future__ import annotations

import functools
import json
import json.encoder
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from generator.emit.lists import Layout

JsonPath = tuple[str, ...]
PartKind = Literal["name", "description", "property"]

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _refuse(value: Any) -> Any:
    raise TypeError(f"not JSON data: {type(value).__name__}")


def _c_dumps() -> Callable[[Any], str] | None:
    """``_ENCODER.encode`` without its per-call set-up, when CPython's C encoder is there."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    basestring = json.encoder.encode_basestring
    iterencode = make(None, _refuse, basestring, None, ":", ",", False, False, False)
    return lambda value: "".join(iterencode(value, 0))


dumps: Callable[[Any], str] = _c_dumps() or _ENCODER.encode
"""The compact JSON text of a value, as the SDKs serialize it."""


def _key(key: str) -> str:
    return json.encoder.encode_basestring(key) + ":"


@dataclass(frozen=True, slots=True)
class Part:
    """A stretch of the serialized entry; ``kind`` is None for unlabelled structure."""

    text: str
    kind: PartKind | None = None
    key: str | None = None  # the property's name when kind is "property"


def at(entry: Mapping[str, Any], path: JsonPath) -> Any:
    """The value at ``path`` inside ``entry``."""
    value: Any = entry
    for key in path:
        value = value[key]
    return value


def parts(entry: Mapping[str, Any], layout: Layout) -> list[Part]:
    """The compact JSON of ``entry`` in labelled parts (see the module docstring)."""
    texts: list[str] = []
    labels: list[tuple[PartKind, str | None] | None] = []
    _object(entry, _plan(layout), texts, labels)
    return [
        Part(text) if label is None else Part(text, *label)
        for text, label in zip(texts, labels, strict=True)
    ]


def chunks(entry: Mapping[str, Any], layout: Layout) -> list[str]:
    """The texts of ``parts``: what a memo counts apart, since a description, a property
    or a permission block recurs across targets and tools."""
    texts: list[str] = []
    _object(entry, _plan(layout), texts, None)
    return texts


class _Node:
    """An object on the way to the labelled members: which members to walk into, which
    to label; in the schema's ``properties`` object every member is labelled."""

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.labels: dict[str, PartKind] = {}
        self.properties = False

    def walk(self, path: JsonPath) -> _Node:
        node = self
        for key in path:
            node = node.children.setdefault(key, _Node())
        return node

    def label(self, key: str) -> tuple[PartKind, str | None] | None:
        if self.properties:
            return "property", key
        kind = self.labels.get(key)
        return None if kind is None else (kind, None)


@functools.cache
def _plan(layout: Layout) -> _Node:
    """The walk for ``layout``, made once: plans are never changed and layouts are few."""
    root = _Node()
    root.walk(layout.name[:-1]).labels[layout.name[-1]] = "name"
    root.walk(layout.description[:-1]).labels[layout.description[-1]] = "description"
    root.walk((*layout.schema, "properties")).properties = True
    return root


Labels = list[tuple[PartKind, str | None] | None]


def _object(value: Mapping[str, Any], node: _Node, texts: list[str], labels: Labels | None) -> None:
    if not value:
        texts.append("{}")
        if labels is not None:
            labels.append(None)
        return
    lead = "{"
    children = node.children
    for key, item in value.items():
        child = children.get(key)
        if child is not None and isinstance(item, Mapping) and item:
            texts.append(lead + _key(key))
            if labels is not None:
                labels.append(None)
            _object(item, child, texts, labels)
        else:
            texts.append(lead + _key(key) + dumps(item))
            if labels is not None:
                labels.append(node.label(key))
        lead = ","
    texts[-1] += "}"
