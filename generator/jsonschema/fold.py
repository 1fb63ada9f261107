"""The one structural rebuild every schema transform uses.

A transform (OpenAI strict, Claude strict, Gemini's subset, the models' loosening) is a
:class:`Fold`: rules per keyword, or one rule per node, plus what happens to a node once
its keywords are rebuilt. The fold visits a schema top down, lets each rule decide which
subschema positions to enter (:meth:`Fold.rebuild` enters those the dialect's vocabulary
names, as :mod:`.walk` does), and builds a fresh node from what the rules return, in the
input's key order. It never mutates its input; the rules report into their own context.

The helpers below are the pieces transforms share: closing an object, ``oneOf`` read as
``anyOf``, a note in the description, the JSON type of a literal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from generator.jsonschema.dialects import ANY, Dialect
from generator.jsonschema.walk import JsonPath

C = TypeVar("C")  # the transform's context: what it reports into, what it remembers
T = TypeVar("T")  # what the transform makes of one schema


@dataclass(frozen=True, slots=True)
class At:
    """Where a subschema sits: its JSON path, how many subschemas down it is, and the
    trail — an immutable stack of what the rules above it pushed (the places of the
    ``$ref``s being inlined, say). The trail goes down with every step, so a rule reads
    what encloses its node without a mutable stack to push and pop in its context."""

    path: JsonPath = ()
    depth: int = 0
    trail: tuple[Any, ...] = ()

    def down(self, *tokens: str | int) -> At:
        """The position of a subschema under this one, ``tokens`` further."""
        return At((*self.path, *tokens), self.depth + 1, self.trail)

    def referred(self, path: JsonPath, mark: Any) -> At:
        """The position of a schema this one refers to (a ``$ref`` target, visited where
        it is defined): ``path``, one level down, with ``mark`` pushed on the trail."""
        return At(path, self.depth + 1, (*self.trail, mark))

    def key(self, key: str) -> JsonPath:
        """The path of one keyword of this schema (where a finding about it points)."""
        return (*self.path, key)


Entry = tuple[str, Any] | Mapping[str, Any] | None
"""What a keyword rule returns: (key, value) for the new node, None to drop it, or a
mapping of several keys in their order (a rule that inlines a subschema in its place)."""
KeywordRule = Callable[[Mapping[str, Any], str, At, C, "Fold[C, Any]"], Entry]
NodeRule = Callable[[Mapping[str, Any], At, C, "Fold[C, T]"], T]
Finish = Callable[[Mapping[str, Any], dict[str, Any], At, C], T]
Leaf = Callable[[Any, At, C], T]


def keep(node: Mapping[str, Any], key: str, at: At, ctx: Any, fold: Fold[Any, Any]) -> Entry:
    """The keyword as it is."""
    return key, node[key]


def drop(node: Mapping[str, Any], key: str, at: At, ctx: Any, fold: Fold[Any, Any]) -> Entry:
    """No keyword in the new node."""
    return None


@dataclass(frozen=True, slots=True)
class Fold(Generic[C, T]):
    """One transform's rules. ``node_rule``, when set, builds each schema object alone;
    otherwise each keyword goes through ``keywords`` (``other`` for the rest) and the
    new node through ``finish``. ``leaf`` makes what a boolean (or non-schema) becomes."""

    leaf: Leaf[C, T]
    finish: Finish[C, T] | None = None
    keywords: Mapping[str, KeywordRule[C]] = field(default_factory=dict)
    other: KeywordRule[C] = keep
    node_rule: NodeRule[C, T] | None = None
    dialect: Dialect = ANY

    def node(self, schema: Any, at: At, ctx: C) -> T:
        """The transform of one subschema at ``at``."""
        if not isinstance(schema, Mapping):
            return self.leaf(schema, at, ctx)
        if self.node_rule is not None:
            return self.node_rule(schema, at, ctx, self)
        assert self.finish is not None, "a keyword fold needs a finish rule"
        return self.finish(schema, self.keys(schema, at, ctx), at, ctx)

    def keys(self, schema: Mapping[str, Any], at: At, ctx: C) -> dict[str, Any]:
        """Every keyword of ``schema`` through its rule, in the input's key order."""
        out: dict[str, Any] = {}
        for key in schema:
            entry = self.keywords.get(key, self.other)(schema, key, at, ctx, self)
            if isinstance(entry, tuple):
                out[entry[0]] = entry[1]
            elif entry is not None:
                out.update(entry)  # a key already there keeps its place
        return out

    def rebuild(self, node: Mapping[str, Any], key: str, at: At, ctx: C) -> Any:
        """``node[key]`` with each subschema position the dialect puts there transformed:
        one schema, a list of schemas, or a name → schema map (a draft-07
        ``dependencies`` entry that lists names stays as it is)."""
        value, dialect = node[key], self.dialect
        if key in dialect.schema_map and isinstance(value, Mapping):
            return {
                name: self.node(item, at.down(key, name), ctx) if _schema_at(key, item) else item
                for name, item in value.items()
            }
        listed = key in dialect.schema_list or (key == "items" and dialect.items_array)
        if listed and isinstance(value, list | tuple):
            return [self.node(item, at.down(key, i), ctx) for i, item in enumerate(value)]
        if key in dialect.schema and not isinstance(value, list | tuple):
            return self.node(value, at.down(key), ctx)
        return value


def _schema_at(key: str, item: Any) -> bool:
    return key != "dependencies" or isinstance(item, Mapping | bool)


# --- what transforms share ----------------------------------------------------------------


def is_object(schema: Mapping[str, Any]) -> bool:
    """Whether ``schema`` says it is an object (``type`` names ``object``)."""
    kinds = schema.get("type")
    return kinds == "object" or (isinstance(kinds, list) and "object" in kinds)


def closed(out: dict[str, Any]) -> bool:
    """Close an object schema being built: ``additionalProperties: false`` appended when
    it lists its properties. False when it lists none: closing it would silently narrow
    "any object" to "only {}" (an ``additionalProperties`` already there is left alone)."""
    if "additionalProperties" in out:
        return True
    if out.get("properties") is None:
        return False
    out["additionalProperties"] = False
    return True


def union_key(node: Mapping[str, Any], key: str) -> str | None:
    """The key alternatives take where only ``anyOf`` is understood: ``anyOf`` for
    ``anyOf`` and ``oneOf`` (every value matching one branch matches anyOf), None for a
    ``oneOf`` next to an ``anyOf`` (two lists cannot become one)."""
    if key == "oneOf" and "anyOf" in node:
        return None
    return "anyOf"


def with_note(out: dict[str, Any], note: str) -> None:
    """Append ``note`` to the description of the schema being built (or make it one)."""
    description = out.get("description")
    out["description"] = f"{description} {note}" if isinstance(description, str) else note


def shown(value: Any) -> str:
    """A schema value as JSON text in a description or a message (non-ASCII kept)."""
    return json.dumps(value, ensure_ascii=False)


def json_type(value: Any) -> str | None:
    """The JSON Schema type of a literal value: ``integer`` for an int, ``number`` for a
    float; None for something that is not JSON."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    for kind, name in ((int, "integer"), (float, "number"), (str, "string")):
        if isinstance(value, kind):
            return name
    if isinstance(value, list | tuple):
        return "array"
    return "object" if isinstance(value, Mapping) else None
