"""JSON Schema (2020-12, or draft-07 when ``$schema`` says so) → a Zod v4 expression tree.

A schema becomes the intersection of its parts: the branches of the types it
allows (:mod:`generator.emit.typescript.zod.branches`), its ``enum``/``const``, its ``$ref``,
its ``allOf`` members, ``anyOf`` as ``z.union`` and ``oneOf`` as ``z.xor``;
``not`` and ``if``/``then``/``else`` are checks on the whole. Nothing is dropped:
a keyword the converter cannot express exactly is reported as a problem and its
schema becomes ``z.never()``, which accepts nothing rather than too much.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from generator.emit.typescript.schema import matches_type, type_list
from generator.emit.typescript.zod.branches import (
    Z_JSON,
    Z_NEVER,
    array_branch,
    checks,
    helper,
    number_branch,
    object_branch,
    on_input,
    string_branch,
)
from generator.emit.typescript.zod.js import Js, array, call, literal, method, raw
from generator.jsonschema import pointer

Path = tuple[str | int, ...]
Maker = Callable[..., Js]
"""Builds one part of a schema once it is known whether the part is an intersection side."""

DRAFT_2020_12: Final = "https://json-schema.org/draft/2020-12/schema"
DRAFT_07: Final = "http://json-schema.org/draft-07/schema"
# The keywords that constrain one JSON type only, per dialect.
_TYPED_2020_12: Final = {
    **dict.fromkeys(("minLength", "maxLength", "pattern"), "string"),
    **dict.fromkeys(
        ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"), "number"
    ),
    **dict.fromkeys(
        ("items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems"), "array"
    ),
    **dict.fromkeys(
        (
            "properties", "required", "additionalProperties", "patternProperties",
            "propertyNames", "minProperties", "maxProperties", "dependentRequired",
            "dependentSchemas",
        ),
        "object",
    ),
}  # fmt: skip
_2020_ONLY: Final = ("prefixItems", "dependentRequired", "dependentSchemas")
_TYPED_DRAFT_07: Final = {
    **{k: t for k, t in _TYPED_2020_12.items() if k not in _2020_ONLY},
    "additionalItems": "array",
    "dependencies": "object",
}
# Keywords whose exact meaning needs annotations Zod does not produce, or a
# base URI other than the root's.
_REFUSED: Final = {
    "unevaluatedProperties": "unevaluatedProperties needs the keys other keywords evaluated",
    "unevaluatedItems": "unevaluatedItems needs the items other keywords evaluated",
    "$dynamicRef": "$dynamicRef is not supported (only local JSON-pointer $ref)",
}  # 2020-12 keywords; draft-07 does not know them
# Their value is a number in both dialects (draft-04's boolean exclusiveMinimum is not read).
_NUMERIC: Final = frozenset(
    [
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "minContains",
        "maxContains",
    ]
)
_ALL_TYPES: Final = ("object", "array", "string", "number", "boolean", "null")


@dataclass(frozen=True, slots=True)
class Problem:
    """A keyword the converter refused, at its JSON path inside the schema."""

    path: Path
    message: str


@dataclass
class Conversion:
    """The state of converting one tool's schema: ref targets met so far, problems.

    ``side`` marks a schema Zod will intersect with another (``A.and(B)``): Zod's
    intersection forgives a key one side's ``z.strictObject`` refuses when the other
    side allows it, so closed objects there are closed by a check instead.
    """

    root: Any
    prefix: str
    draft7: bool
    names: dict[tuple[str, ...], str] = field(default_factory=dict)
    targets: dict[tuple[str, ...], Any] = field(default_factory=dict)
    side_refs: set[tuple[str, ...]] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)

    def run(self) -> tuple[Js, list[tuple[str, Js]]]:
        """The root's expression and the ``(name, expression)`` of every ``$ref`` target.

        A target is converted again when a later use turns out to be an intersection
        side, until nothing changes (a target only ever moves from alone to side).
        """
        root = self.sub(self.root, ())
        done: dict[tuple[str, ...], tuple[bool, Js]] = {}
        while pending := [
            k for k in self.names if done.get(k, (None,))[0] != (k in self.side_refs)
        ]:
            for key in pending:
                side = key in self.side_refs
                found = (
                    root if key == () and not side else self.sub(self.targets[key], key, side=side)
                )
                done[key] = (side, found)
        return root, [(self.names[key], done[key][1]) for key in self.names]

    def sub(
        self, node: Any, path: Path, within: list[str] | None = None, *, side: bool = False
    ) -> Js:
        """The Zod expression of the subschema ``node`` at ``path``.

        ``within``: the types an enclosing schema already requires of the same value
        (for members of allOf, anyOf, oneOf, not, if/then/else). The result is
        intersected with that schema, so branches for other types can be left out.
        """
        if node is True:
            return Z_JSON
        if node is False:
            return Z_NEVER
        if not isinstance(node, Mapping):
            return self.refuse(path, "a schema must be an object or a boolean")
        for keyword, reason in () if self.draft7 else _REFUSED.items():
            if keyword in node and node[keyword] not in (True, {}):
                return self.refuse((*path, keyword), reason)
        for keyword in _NUMERIC.intersection(node):
            value = node[keyword]
            if isinstance(value, bool) or not isinstance(value, int | float):
                return self.refuse((*path, keyword), f"{keyword} must be a number")
        if "$id" in node and path:
            return self.refuse((*path, "$id"), "$id inside a schema changes what '#' refers to")
        if self.draft7 and "$ref" in node:  # draft-07 ignores $ref's siblings
            return self.ref(node["$ref"], (*path, "$ref"), side=side)
        return self.combine(node, path, within, side)

    def refuse(self, path: Path, message: str) -> Js:
        self.problems.append(Problem(path, message))
        return Z_NEVER

    def ref(self, ref: object, path: Path, *, side: bool) -> Js:
        """``z.lazy(() => name)`` of a local ``$ref`` target; targets are declared once."""
        segments = pointer.parse_ref(ref) if isinstance(ref, str) else None
        if segments is None:
            return self.refuse(
                path, f"$ref {ref!r}: only local JSON pointers (#/...) are supported"
            )
        found, target = pointer.resolve(self.root, segments)
        if not found:
            return self.refuse(path, f"$ref {ref!r} points at nothing in this schema")
        key = segments
        if key not in self.names:
            self.names[key] = self.prefix if key == () else f"{self.prefix}${len(self.names) + 1}"
            self.targets[key] = target
        if side:
            self.side_refs.add(key)
        return raw(f"z.lazy(() => {self.names[key]})")

    def combine(
        self, node: Mapping[str, Any], path: Path, within: list[str] | None, side: bool
    ) -> Js:
        inner = type_list(node) or within
        makers = self.typed_and_values(node, path, within)
        if "$ref" in node:
            makers.append(partial(self.ref, node["$ref"], (*path, "$ref")))
        for index, member in enumerate(_list(node.get("allOf"))):
            makers.append(partial(self.member, member, (*path, "allOf", index), inner))
        for keyword in ("anyOf", "oneOf"):
            if node.get(keyword):
                makers.append(partial(self.union, keyword, node[keyword], path, inner))
        applied = self.applicator_checks(node, path, inner)
        shared = side or len(makers) > 1 or bool(applied)
        parts = [make(side=shared) for make in makers]
        expression = parts[0] if parts else Z_JSON
        for part in parts[1:]:
            expression = method(expression, "and", part)
        return on_input(expression, *applied)

    def member(self, node: Any, path: Path, within: list[str] | None, *, side: bool) -> Js:
        """An allOf member: a side of the intersection whenever there is more than one part."""
        return self.sub(node, path, within, side=side)

    def union(
        self, keyword: str, members: list[Any], path: Path, within: list[str] | None, *, side: bool
    ) -> Js:
        """anyOf as ``z.union``, oneOf as ``z.xor`` (exactly one); one member stands alone."""
        found = [self.sub(m, (*path, keyword, i), within) for i, m in enumerate(members)]
        if len(found) == 1:
            return self.sub(members[0], (*path, keyword, 0), within, side=side)
        return call("z.union" if keyword == "anyOf" else "z.xor", array(found))

    def applicator_checks(
        self, node: Mapping[str, Any], path: Path, inner: list[str] | None
    ) -> list[Js]:
        found = []
        if "not" in node:
            found.append(helper("not", self.sub(node["not"], (*path, "not"), inner)))
        if "if" in node and ("then" in node or "else" in node):
            condition = self.sub(node["if"], (*path, "if"), inner)
            then, otherwise = (
                self.sub(node[k], (*path, k), inner) if k in node else literal(None)
                for k in ("then", "else")
            )
            found.append(helper("ifThenElse", condition, then, otherwise))
        return found

    def typed_and_values(
        self, node: Mapping[str, Any], path: Path, within: list[str] | None
    ) -> list[Maker]:
        """The type branches and the enum/const part (one part when the values say it all)."""
        declared = type_list(node)
        typed = _TYPED_DRAFT_07 if self.draft7 else _TYPED_2020_12
        constrained = any(key in typed for key in node)
        values = [[node["const"]]] if "const" in node else []
        values += [node["enum"]] if isinstance(node.get("enum"), list) else []
        if values and not constrained:  # the values decide; drop those of other types
            allowed = declared if declared is not None else within
            return [
                partial(_values_part, [v for v in vs if matches_type(v, allowed)]) for vs in values
            ]
        if declared is None and constrained:
            declared = within  # None: every type
        makers: list[Maker] = []
        if declared is not None or constrained:
            makers.append(partial(self.branches, node, path, declared))
        return makers + [partial(_values_part, vs) for vs in values]

    def branches(
        self, node: Mapping[str, Any], path: Path, declared: list[str] | None, *, side: bool
    ) -> Js:
        """The union of one branch per allowed type; ``T | null`` as ``T.nullable()``."""
        types = list(dict.fromkeys(_ALL_TYPES if declared is None else declared))
        if "integer" in types and "number" in types:
            types.remove("integer")
        found = [self.branch(node, path, t, side) for t in types]
        if not found:
            return Z_NEVER
        if len(found) == 2 and "null" in types:
            return method(found[1 - types.index("null")], "nullable")
        return found[0] if len(found) == 1 else call("z.union", array(found))

    def branch(self, node: Mapping[str, Any], path: Path, json_type: str, side: bool) -> Js:
        if json_type in ("number", "integer"):
            return number_branch(node, integer=json_type == "integer")
        if json_type == "string":
            return string_branch(node)
        if json_type == "array":
            return array_branch(self, node, path)
        if json_type == "object":
            return object_branch(self, node, path, side=side)
        if json_type in ("boolean", "null"):
            return call(f"z.{json_type}")
        return self.refuse((*path, "type"), f"unknown type {json_type!r}")


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _values_part(values: list[Any], *, side: bool = False) -> Js:
    """``z.literal`` of scalars; arrays and objects need deep equality (js.oneOfValues)."""
    if not values:
        return Z_NEVER
    if any(isinstance(v, list | dict) for v in values):
        return checks(call("z.unknown"), helper("oneOfValues", literal(values)))
    return call("z.literal", literal(values[0]) if len(values) == 1 else literal(values))
