"""Convert JSON Schema (2020-12, local ``$ref`` only) into TypeScript type source.

Every generated type is an *over-approximation*: any JSON value the schema
accepts is assignable to the TypeScript type.  Where TypeScript cannot express
a constraint the type is widened (to ``unknown`` if nothing typable is left)
and a ``/* comment */`` says why; value-only constraints (``minimum``,
``pattern``, ``format``, ``minLength``...) are ignored silently because the
base type stays exact.

Design choices:

* Objects.  ``additionalProperties: false`` gives a closed object literal type
  (``{ a: string; b?: number }``; an empty closed object becomes
  ``{ [key: string]: never }`` because ``{}`` means "any non-nullish value" in
  TypeScript).  Absent / ``true`` / ``{}`` adds ``[key: string]: unknown``.  A
  schema ``S`` (and any ``patternProperties`` schemas) adds
  ``[key: string]: S | <each declared property type> [| undefined]``.  TS
  demands that every named property be assignable to the index signature, so
  the declared types (and ``undefined`` when a property is optional) are joined
  into the union.  This is the only form that compiles under ``--strict``,
  still rejects a missing required property or a wrongly typed declared
  property, and never rejects valid data; its cost is that an *extra* key may
  also hold a declared property's type.  The intersection form
  ``{ a: string } & { [key: string]: S }`` was rejected because it wrongly
  forces declared properties to match ``S`` too.
* A schema without ``type`` but with ``properties`` / ``required`` /
  ``additionalProperties`` is treated as an object (and ``items`` /
  ``prefixItems`` as an array), the same convention other generators use;
  ``patternProperties`` alone is not enough and yields ``unknown``.
* ``prefixItems`` become tuples; elements at or beyond ``minItems`` are
  optional (``[A, B?, ...unknown[]]``) because JSON Schema does not require
  them to be present; ``items: false`` closes the tuple.
* ``$ref`` targets become named types ``<name><DefName>`` emitted after the
  root in discovery order; only referenced definitions are emitted.  A cycle of
  references that does not pass through an object, array or tuple (which TS
  rejects as a circular type alias) is broken with ``unknown``.
* Nesting deeper than the remaining Python stack allows (at most
  ``_MAX_DEPTH`` levels; about 230 from a shallow caller under the default
  recursion limit) becomes ``unknown`` so the converter never raises
  ``RecursionError``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final

from generator.emit.typescript.render import (
    NEVER,
    PRIMARY,
    UNKNOWN,
    Ts,
    commented,
    intersection,
    literals,
    member_lines,
    object_body,
    typed_line,
    union,
    wrap,
)
from generator.emit.typescript.schema import (
    as_list,
    as_mapping,
    cyclic_edges,
    doc_text,
    inferred_types,
    type_list,
)
from generator.emit.typescript.text import (
    IDENTIFIER_RE,
    jsdoc,
    ts_property_key,
    ts_string,
    type_name,
)
from generator.jsonschema import pointer

__all__ = ["jsdoc", "schema_to_ts", "ts_property_key", "ts_string", "type_name"]

# Deeper schemas become unknown; the effective cap is lowered further when the
# remaining Python stack could not hold this many levels.
_MAX_DEPTH: Final = 500
_FRAMES_PER_LEVEL: Final = 4
_STACK_MARGIN: Final = 40


_PRIMITIVES: Final = {
    "string": "string",
    "number": "number",
    "integer": "number",
    "boolean": "boolean",
    "null": "null",
}
# Keywords that narrow the type in ways TypeScript cannot express; the rest of
# the schema is still typed and the result is only wider, never wrong.
_UNTYPABLE: Final = {
    "not": "'not' cannot be expressed in TypeScript",
    "if": "'if'/'then'/'else' cannot be expressed in TypeScript",
    "then": "'if'/'then'/'else' cannot be expressed in TypeScript",
    "else": "'if'/'then'/'else' cannot be expressed in TypeScript",
    "dependentSchemas": "'dependentSchemas' cannot be expressed in TypeScript",
    "unevaluatedProperties": "'unevaluatedProperties' cannot be expressed in TypeScript",
    "unevaluatedItems": "'unevaluatedItems' cannot be expressed in TypeScript",
    "contains": "'contains' cannot be expressed in TypeScript",
    "$dynamicRef": "'$dynamicRef' is not supported",
    "$recursiveRef": "'$recursiveRef' is not supported",
}


def schema_to_ts(schema: Mapping[str, Any] | bool, *, name: str) -> str:
    """Return TypeScript source declaring ``export type <name>`` for ``schema``.

    The root type comes first, followed by one ``export type <name><Def>`` per
    referenced definition in discovery order.  ``name`` must already be a
    valid identifier (see :func:`type_name`).
    """
    if not IDENTIFIER_RE.fullmatch(name):
        raise ValueError(f"not a valid TypeScript type name: {name!r}")
    converter = _Converter(schema, name, broken={})
    source = converter.render_all()
    cyclic = cyclic_edges(converter.edges)
    if cyclic:
        # Second pass with the circular alias references replaced by unknown.
        source = _Converter(schema, name, cyclic).render_all()
    return source


def _annotated(result: Ts, schema: Mapping[str, Any]) -> Ts:
    """Append a comment naming the keywords TypeScript could not express."""
    notes = list(dict.fromkeys(_UNTYPABLE[k] for k in schema if k in _UNTYPABLE))
    if "patternProperties" in schema and "type" not in schema and not inferred_types(schema):
        notes.append("'patternProperties' without 'type: object' cannot be expressed")
    if not notes or result.text == "never":
        return result
    return Ts(commented(result.text, notes).text, result.prec)


def _stack_depth() -> int:
    """Return the number of Python frames currently on the stack."""
    depth = 0
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


@dataclass
class _Converter:
    """State for converting one root schema and the definitions it references."""

    root: object
    root_name: str
    broken: Mapping[tuple[str, str], None]
    # pointer key ("/"-joined raw segments, as a tuple for exactness) -> name
    names: dict[tuple[str, ...], str] = field(default_factory=dict)
    taken: dict[str, None] = field(default_factory=dict)
    pending: list[tuple[str, ...]] = field(default_factory=list)
    # (from type, to type) references not guarded by an object/array/tuple
    edges: dict[tuple[str, str], None] = field(default_factory=dict)
    current: str = ""
    depth: int = 0
    max_depth: int = _MAX_DEPTH

    def __post_init__(self) -> None:
        # Cap nesting by the stack actually left, so deep schemas degrade to
        # unknown instead of raising RecursionError, whatever the caller's depth.
        headroom = sys.getrecursionlimit() - _stack_depth() - _STACK_MARGIN
        self.max_depth = max(0, min(_MAX_DEPTH, headroom // _FRAMES_PER_LEVEL))
        self.names[()] = self.root_name
        self.taken[self.root_name] = None
        # Definitions get names up front, in declaration order, so collision
        # suffixes do not depend on which definitions happen to be used.
        if isinstance(self.root, Mapping):
            for container in ("$defs", "definitions"):
                defs = self.root.get(container)
                if isinstance(defs, Mapping):
                    for key in defs:
                        self._assign((container, str(key)), str(key))

    def _assign(self, key: tuple[str, ...], raw_name: str) -> str:
        """Give pointer ``key`` a unique type name derived from ``raw_name``."""
        base = self.root_name + type_name(raw_name)
        candidate, counter = base, 2
        while candidate in self.taken:
            candidate, counter = f"{base}{counter}", counter + 1
        self.taken[candidate] = None
        self.names[key] = candidate
        return candidate

    def render_all(self) -> str:
        """Render the root and every definition reachable from it."""
        self.pending = [()]
        emitted: dict[tuple[str, ...], None] = {}
        blocks: list[str] = []
        while self.pending:
            key = self.pending.pop(0)
            if key in emitted:
                continue
            emitted[key] = None
            blocks.append(self._declaration(key))
        return "\n\n".join(blocks) + "\n"

    def _declaration(self, key: tuple[str, ...]) -> str:
        """Return the ``export type`` declaration for one pointer."""
        _, schema = pointer.resolve(self.root, key)
        self.current = self.names[key]
        body = self._convert(schema, "", guarded=False)
        declaration = typed_line(f"export type {self.current} =", body, "")
        doc = jsdoc(doc_text(schema))
        return f"{doc}\n{declaration}" if doc else declaration

    def _convert(self, schema: object, indent: str, *, guarded: bool) -> Ts:
        """Convert any schema (boolean or object) to a TS type.

        Kept flat on purpose: each nesting level costs at most
        ``_FRAMES_PER_LEVEL`` Python frames, which the depth cap relies on.
        """
        if schema is False:
            return NEVER
        if schema is True or (isinstance(schema, Mapping) and not schema):
            return UNKNOWN
        if not isinstance(schema, Mapping):
            return commented("unknown", ["invalid schema"])
        if self.depth >= self.max_depth:
            return commented("unknown", ["schema nested too deeply"])
        self.depth += 1
        ref = schema.get("$ref")
        parts = [self._ref(ref, guarded)] if isinstance(ref, str) else []
        base = self._base(schema, indent)
        if base is not None:
            parts.append(base)
        parts.extend(self._combinators(schema, indent, guarded))
        self.depth -= 1
        return _annotated(intersection(parts), schema)

    def _combinators(self, schema: Mapping[str, Any], indent: str, guarded: bool) -> list[Ts]:
        """Return the allOf intersection members and anyOf/oneOf unions."""
        parts: list[Ts] = []
        for keyword in ("allOf", "anyOf", "oneOf"):
            if keyword not in schema:
                continue
            converted: list[Ts] = []
            for sub in as_list(schema.get(keyword)):
                converted.append(self._convert(sub, indent, guarded=guarded))
            if keyword == "allOf":
                parts.extend(converted)
            else:
                parts.append(union(converted))
        return parts

    def _base(self, schema: Mapping[str, Any], indent: str) -> Ts | None:
        """Return the type from const/enum/type keywords, or None if unconstrained."""
        types = type_list(schema)
        if "const" in schema:
            return literals([schema["const"]], types)
        if isinstance(schema.get("enum"), list):
            return literals(schema["enum"], types)
        if types is None:
            types = inferred_types(schema)
            if not types:
                return None
        members: list[Ts] = []
        for json_type in types:
            if json_type in _PRIMITIVES:
                members.append(Ts(_PRIMITIVES[json_type]))
            elif json_type == "object":
                members.append(self._object(schema, indent))
            elif json_type == "array":
                members.append(self._array(schema, indent))
            else:
                members.append(commented("unknown", ["unknown JSON type"]))
        return union(members)

    def _ref(self, ref: str, guarded: bool) -> Ts:
        """Return the named type a local ``$ref`` points to."""
        segments = pointer.parse_ref(ref)
        if segments is None:
            return commented("unknown", ["unsupported $ref"])
        found, _ = pointer.resolve(self.root, segments)
        if not found:
            return commented("unknown", ["unresolvable $ref"])
        key = segments
        target = self.names.get(key) or self._assign(key, "_".join(segments))
        if not guarded:
            edge = (self.current, target)
            if edge in self.broken:
                return commented("unknown", ["circular $ref"])
            self.edges[edge] = None
        self.pending.append(key)
        return Ts(target)

    def _object(self, schema: Mapping[str, Any], indent: str) -> Ts:
        """Return an object literal type for the object keywords of ``schema``."""
        inner = indent + "  "
        props = as_mapping(schema.get("properties"))
        required = dict.fromkeys(r for r in as_list(schema.get("required")) if isinstance(r, str))
        lines: list[str] = []
        declared: list[Ts] = []
        for key, sub in props.items():
            prop_type = self._convert(sub, inner, guarded=True)
            declared.append(prop_type)
            lines.extend(member_lines(str(key), sub, prop_type, key not in required, inner))
        if any(key not in required for key in props):
            declared.append(Ts("undefined"))
        for key in required:
            if key not in props:
                lines.append(f"{inner}{ts_property_key(key)}: unknown;")
                declared.append(UNKNOWN)
        index = self._index_signature(schema, declared, inner, has_members=bool(lines))
        if index is not None:
            lines.append(typed_line(f"{inner}[key: string]:", index, inner))
        return Ts(object_body(lines, indent))

    def _index_signature(
        self, schema: Mapping[str, Any], declared: list[Ts], inner: str, *, has_members: bool
    ) -> Ts | None:
        """Return the index signature value type, or None for a closed object."""
        extra: list[Ts] = []
        additional = schema.get("additionalProperties", True)
        if additional is not False:
            extra.append(self._convert(additional, inner, guarded=True))
        patterns = schema.get("patternProperties")
        for pattern_schema in as_mapping(patterns).values():
            extra.append(self._convert(pattern_schema, inner, guarded=True))
        if not extra:
            return None if has_members else NEVER
        # Named properties must be assignable to the index signature in TS.
        return union([*extra, *declared])

    def _array(self, schema: Mapping[str, Any], indent: str) -> Ts:
        """Return an array or tuple type for the array keywords of ``schema``."""
        prefix = schema.get("prefixItems")
        rest = schema.get("items", True)
        if isinstance(rest, list):
            # Draft-07 tuple form: items is the prefix, additionalItems the rest.
            prefix, rest = rest, schema.get("additionalItems", True)
        if isinstance(prefix, list) and prefix:
            return self._tuple(prefix, rest, schema.get("minItems"), indent)
        if rest is False:
            return Ts("[]")
        element = self._convert(rest, indent, guarded=True)
        return Ts(wrap(element, PRIMARY) + "[]")

    def _tuple(self, prefix: list[Any], rest: object, min_items: object, indent: str) -> Ts:
        """Return a tuple type; elements at or beyond minItems are optional."""
        minimum = min_items if isinstance(min_items, int) and not isinstance(min_items, bool) else 0
        elements: list[str] = []
        for position, sub in enumerate(prefix):
            element = self._convert(sub, indent, guarded=True)
            if position < minimum:
                elements.append(element.text)
            else:
                elements.append(wrap(element, PRIMARY) + "?")
        if rest is not False:
            rest_type = self._convert(rest, indent, guarded=True)
            elements.append("..." + wrap(rest_type, PRIMARY) + "[]")
        return Ts("[" + ", ".join(elements) + "]")
