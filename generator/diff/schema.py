"""Compare two JSON Schemas after resolving local ``$ref``s.

Input schemas are compared as a caller sees them: a change is breaking when some
arguments valid before are invalid now. Output schemas are compared as a reader of
results sees them: a lost property or a changed type is breaking.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.diff.rules import Change, change
from generator.jsonschema import pointer

LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")
MATCHERS = ("pattern", "format", "const", "contentMediaType", "contentEncoding")
DOC_KEYWORDS = ("title", "description", "default", "examples", "deprecated", "$comment")
# Handled structurally or not about validity: the rest is compared for equality.
_STRUCTURE = ("type", "enum", "multipleOf", "uniqueItems", "required", "properties", "items")
_NESTED = ("additionalProperties", "prefixItems", "anyOf", "oneOf", "allOf")
_IGNORED = ("$ref", "$defs", "definitions", "$id", "$anchor", "readOnly", "writeOnly")
_HANDLED = frozenset(
    (*LOWER_BOUNDS, *UPPER_BOUNDS, *MATCHERS, *DOC_KEYWORDS, *_STRUCTURE, *_NESTED, *_IGNORED)
)
MAX_DEPTH = 64


def show(value: Any) -> str:
    """A JSON value as it reads in a message."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def type_set(schema: Mapping[str, Any]) -> frozenset[str] | None:
    """The types a schema allows, or None when it does not say (any type)."""
    kind = schema.get("type")
    if kind is None:
        return None
    return frozenset([kind] if isinstance(kind, str) else kind)


def covers(wide: frozenset[str] | None, narrow: frozenset[str] | None) -> bool:
    """True when every value of the ``narrow`` types is one of the ``wide`` types."""
    if wide is None:
        return True
    if narrow is None:
        return False
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


@dataclass(frozen=True, slots=True)
class _Node:
    schema: Any
    source: JsonPath  # where it is in the contract (the $defs entry after a $ref)
    ref: str | None = None  # the $ref followed to get here, for the recursion guard


@dataclass(slots=True)
class SchemaDiff:
    """Walks an old and a new schema side by side, collecting Changes."""

    old_root: Any
    new_root: Any
    base: JsonPath  # "inputSchema" or "outputSchema": prefix of every path
    output: bool = False
    changes: list[Change] = field(default_factory=list)
    active: set[tuple[str | None, str | None]] = field(default_factory=set)

    def run(self) -> list[Change]:
        self.compare(_Node(self.old_root, self.base), _Node(self.new_root, self.base), self.base)
        return self.changes

    def add(self, rule: str, path: JsonPath, message: str, source: JsonPath) -> None:
        self.changes.append(change(rule, path, message, source))

    def deref(self, node: _Node, root: Any) -> _Node:
        """Follow local ``$ref``s (siblings of ``$ref`` apply too, as in 2020-12)."""
        schema, source, ref = node.schema, node.source, node.ref
        for _ in range(MAX_DEPTH):
            target = schema.get("$ref") if isinstance(schema, Mapping) else None
            parts = pointer.parse_ref(target) if isinstance(target, str) else None
            resolved = _follow(root, parts) if parts is not None else None
            if resolved is None:
                break
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            schema, source, ref = {**resolved[0], **rest}, (*self.base, *resolved[1]), target
        return _Node(schema, source, ref)

    def compare(self, old: _Node, new: _Node, path: JsonPath) -> None:
        old, new = self.deref(old, self.old_root), self.deref(new, self.new_root)
        guard = (old.ref, new.ref)
        if len(path) > MAX_DEPTH or (guard != (None, None) and guard in self.active):
            return  # a recursive schema: this pair is being compared further up
        self.active.add(guard)
        try:
            self.compare_node(old.schema, new.schema, path, new.source)
        finally:
            self.active.discard(guard)

    def compare_node(self, old: Any, new: Any, path: JsonPath, src: JsonPath) -> None:
        if not isinstance(old, Mapping) or not isinstance(new, Mapping):
            self.compare_booleans(old, new, path, src)
            return
        self.compare_docs(old, new, path, src)
        self.compare_types(old, new, path, src)
        self.compare_properties(old, new, path, src)
        self.compare_children(old, new, path, src)
        if not self.output:
            self.compare_constraints(old, new, path, src)

    def compare_booleans(self, old: Any, new: Any, path: JsonPath, src: JsonPath) -> None:
        """``true``/``false`` schemas (and a schema replaced by one)."""
        if old == new:
            return
        if self.output:
            self.add("output-type-changed", path, f"changed from {show(old)} to {show(new)}", src)
        elif new is True or new == {}:
            self.add("constraint-relaxed", path, "now accepts any value", src)
        else:
            self.add("schema-changed", path, f"changed from {show(old)} to {show(new)}", src)

    def compare_docs(
        self, old: Mapping[str, Any], new: Mapping[str, Any], path: JsonPath, src: JsonPath
    ) -> None:
        for key in DOC_KEYWORDS:
            if key in old or key in new:
                if _same(old.get(key), new.get(key)):
                    continue
                where = (*path, key)
                self.add("schema-doc-changed", where, f"{key} changed", (*src, key))

    def compare_types(
        self, old: Mapping[str, Any], new: Mapping[str, Any], path: JsonPath, src: JsonPath
    ) -> None:
        before, after = type_set(old), type_set(new)
        if before == after:
            return
        message = f"type changed from {_types(before)} to {_types(after)}"
        where, src = (*path, "type"), (*src, "type")
        if self.output:
            self.add("output-type-changed", where, message, src)
        elif covers(after, before):
            self.add("type-widened", where, message, src)
        else:
            self.add("type-changed", where, message, src)

    def compare_properties(
        self, old: Mapping[str, Any], new: Mapping[str, Any], path: JsonPath, src: JsonPath
    ) -> None:
        before, after = _mapping(old.get("properties")), _mapping(new.get("properties"))
        was, now = set(_names(old.get("required"))), set(_names(new.get("required")))
        for name in before:
            where = (*path, "properties", name)
            if name not in after:
                rule = "output-property-removed" if self.output else "property-removed"
                self.add(rule, where, f"property '{name}' was removed", (*src, "properties"))
                continue
            self.compare(
                _Node(before[name], where), _Node(after[name], (*src, "properties", name)), where
            )
            if not self.output and (name in now) != (name in was):
                rule = "property-became-required" if name in now else "property-became-optional"
                state = "required" if name in now else "optional"
                self.add(rule, where, f"property '{name}' became {state}", (*src, "required"))
        for name in after:
            if name not in before:
                self.report_added(name, name in now, (*path, "properties", name), src)

    def report_added(self, name: str, required: bool, where: JsonPath, src: JsonPath) -> None:
        source = (*src, "properties", name)
        if self.output:
            self.add("output-property-added", where, f"property '{name}' was added", source)
        elif required:
            self.add("required-property-added", where, f"required property '{name}'", source)
        else:
            self.add("optional-property-added", where, f"optional property '{name}'", source)

    def compare_children(
        self, old: Mapping[str, Any], new: Mapping[str, Any], path: JsonPath, src: JsonPath
    ) -> None:
        """Schemas nested under ``items``, ``additionalProperties``, ``anyOf``…"""
        if "items" in old or "items" in new:
            self.compare_child(old.get("items", {}), new.get("items", {}), path, src, ("items",))
        if self.output:
            return
        extra = (old.get("additionalProperties"), new.get("additionalProperties"))
        if all(isinstance(schema, Mapping) for schema in extra):
            self.compare_child(*extra, path, src, ("additionalProperties",))
        for key in ("prefixItems", "anyOf", "oneOf", "allOf"):
            for index, (before, after) in enumerate(_pairs(old.get(key), new.get(key))):
                if before is not None and after is not None:
                    self.compare_child(before, after, path, src, (key, index))
                else:
                    self.report_branch(key, before is None, (*path, key, index), (*src, key))

    def compare_child(
        self, old: Any, new: Any, path: JsonPath, src: JsonPath, step: JsonPath
    ) -> None:
        self.compare(_Node(old, (*src, *step)), _Node(new, (*src, *step)), (*path, *step))

    def report_branch(self, key: str, added: bool, where: JsonPath, src: JsonPath) -> None:
        """A branch added to ``anyOf`` accepts more; one added to ``allOf`` accepts less."""
        relaxes = added if key in ("anyOf", "oneOf") else not added
        rule = "constraint-relaxed" if relaxes else "constraint-tightened"
        self.add(rule, where, f"{key} branch {'added' if added else 'removed'}", src)

    def compare_constraints(
        self, old: Mapping[str, Any], new: Mapping[str, Any], path: JsonPath, src: JsonPath
    ) -> None:
        for rule, key, message in _constraint_changes(old, new):
            self.add(rule, (*path, key), message, (*src, key))


def _constraint_changes(
    old: Mapping[str, Any], new: Mapping[str, Any]
) -> Iterator[tuple[str, str, str]]:
    """(rule, keyword, message) for every validation keyword that changed."""
    yield from _enum_changes(old.get("enum"), new.get("enum"))
    for key in LOWER_BOUNDS + UPPER_BOUNDS:
        if not _same(old.get(key), new.get(key)):
            upper = key in UPPER_BOUNDS
            tighter = _tighter(old.get(key), new.get(key), upper=upper)
            yield _bound_rule(tighter), key, f"{key} {_from_to(old.get(key), new.get(key))}"
    for key in (*MATCHERS, "multipleOf", "uniqueItems"):
        before, after = old.get(key), new.get(key)
        if not _same(before, after):
            tighter = after is not None and after is not False and not _divides(before, after, key)
            yield _bound_rule(tighter), key, f"{key} {_from_to(before, after)}"
    extra = old.get("additionalProperties", True), new.get("additionalProperties", True)
    if not _same(*extra) and not all(isinstance(schema, Mapping) for schema in extra):
        yield _additional(*extra)
    for key in sorted((set(old) | set(new)) - _HANDLED):
        if not _same(old.get(key), new.get(key)):
            yield "schema-changed", key, f"{key} {_from_to(old.get(key), new.get(key))}"


def _enum_changes(old: Any, new: Any) -> Iterator[tuple[str, str, str]]:
    if old is None and new is None:
        return
    if old is None or new is None:
        rule = "constraint-tightened" if old is None else "constraint-relaxed"
        yield rule, "enum", "enum was added" if old is None else "enum was removed"
        return
    before, after = {_canon(v) for v in old}, {_canon(v) for v in new}
    for value in old:
        if _canon(value) not in after:
            yield "enum-value-removed", "enum", f"enum value {show(value)} was removed"
    for value in new:
        if _canon(value) not in before:
            yield "enum-value-added", "enum", f"enum value {show(value)} was added"


def _additional(old: Any, new: Any) -> tuple[str, str, str]:
    message = f"additionalProperties {_from_to(old, new)}"
    if new is False:
        return "additional-properties-closed", "additionalProperties", message
    if old is False or new is True:
        return "constraint-relaxed", "additionalProperties", message
    return "constraint-tightened", "additionalProperties", message


def _tighter(old: Any, new: Any, *, upper: bool) -> bool:
    if new is None or new is False:
        return False  # the bound was dropped
    if old is None or old is False or isinstance(new, bool):
        return True  # a bound was added (or draft-04 exclusive flag turned on)
    if not isinstance(old, int | float) or not isinstance(new, int | float):
        return True
    return bool(new < old) if upper else bool(new > old)


def _divides(old: Any, new: Any, key: str) -> bool:
    """For ``multipleOf``: True when every multiple of ``old`` is a multiple of ``new``."""
    if key != "multipleOf" or not isinstance(old, int | float) or not isinstance(new, int | float):
        return False
    ratio = old / new
    return new != 0 and ratio == int(ratio)


def _bound_rule(tighter: bool) -> str:
    return "constraint-tightened" if tighter else "constraint-relaxed"


def _from_to(old: Any, new: Any) -> str:
    if old is None:
        return f"added: {show(new)}"
    if new is None:
        return f"removed (was {show(old)})"
    return f"changed from {show(old)} to {show(new)}"


def _follow(root: Any, parts: tuple[str, ...]) -> tuple[Mapping[str, Any], JsonPath] | None:
    """The schema a pointer names, and its path with list indexes as ints."""
    found = pointer.locate(root, parts)
    return found if found is not None and isinstance(found[0], Mapping) else None


def _pairs(old: Any, new: Any) -> list[tuple[Any, Any]]:
    before = list(old) if isinstance(old, list | tuple) else []
    after = list(new) if isinstance(new, list | tuple) else []
    size = max(len(before), len(after))
    return [
        (before[i] if i < len(before) else None, after[i] if i < len(after) else None)
        for i in range(size)
    ]


def _same(old: Any, new: Any) -> bool:
    """JSON equality (``1`` is not ``true``, ``1`` is ``1.0``)."""
    if old is new:  # most often: a keyword neither side has (spelling them is the cost)
        return True
    return _canon(old) == _canon(new)


def _canon(value: Any) -> str:
    """A spelling equal for equal JSON values: integral numbers written as integers."""
    return show(_integral(value))


def _integral(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_integral(item) for item in value]
    return value


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _names(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list | tuple) else []


def _types(types: frozenset[str] | None) -> str:
    return "any" if types is None else "|".join(sorted(types))


def compare_schemas(old: Any, new: Any, base: str, *, output: bool = False) -> list[Change]:
    """Every change between two schemas of one tool, paths starting at ``base``."""
    return SchemaDiff(old, new, (base,), output=output).run()
