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

import json
import math
import re
import sys
import unicodedata
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final

__all__ = ["jsdoc", "schema_to_ts", "ts_property_key", "ts_string", "type_name"]

# Precedence of a rendered type: a member with lower precedence than its
# context must be parenthesised.
_UNION: Final = 0
_INTERSECTION: Final = 1
_PRIMARY: Final = 2

# Deeper schemas become unknown; the effective cap is lowered further when the
# remaining Python stack could not hold this many levels.
_MAX_DEPTH: Final = 500
_FRAMES_PER_LEVEL: Final = 4
_STACK_MARGIN: Final = 40
# Longer unions are laid out one member per line, longer objects one property
# per line, for readability of the generated files.
_MAX_INLINE_UNION: Final = 100
_MAX_INLINE_OBJECT: Final = 80
# Integers beyond 2**53 cannot be written as exact TS number literals.
_MAX_SAFE_INT: Final = 2**53

_IDENTIFIER_RE: Final = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
# JSON escapes control characters but leaves these raw: U+2028/U+2029 are line
# terminators for older JS tooling, U+FEFF is invisible, and lone surrogates
# cannot be encoded as UTF-8 at all.
_UNSAFE_CHAR_RE: Final = re.compile("[\u2028\u2029\ufeff\ud800-\udfff]")
_JS_NEWLINE_RE: Final = re.compile("\r\n|[\r\n\u2028\u2029]")
_SURROGATE_RE: Final = re.compile("[\ud800-\udfff]")
_WORD_SPLIT_RE: Final = re.compile(r"[^A-Za-z0-9]+")

_OBJECT_KEYWORDS: Final = ("properties", "required", "additionalProperties")
_ARRAY_KEYWORDS: Final = ("items", "prefixItems")
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


def ts_string(value: str) -> str:
    """Return a double-quoted TypeScript string literal that evaluates to ``value``.

    JSON string syntax is valid TS; the few characters JSON leaves raw but that
    are unsafe in source files are escaped as ``\\uXXXX``.
    """
    quoted = json.dumps(value, ensure_ascii=False)
    return _UNSAFE_CHAR_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def ts_property_key(name: str) -> str:
    """Return ``name`` usable as a property key in a TS object type.

    ASCII identifiers are emitted bare (reserved words are legal property names
    in TypeScript); everything else is quoted with :func:`ts_string`.
    """
    if _IDENTIFIER_RE.fullmatch(name):
        return name
    return ts_string(name)


def jsdoc(text: str, indent: str = "") -> str:
    """Return a ``/** ... */`` block for ``text`` (``""`` if ``text`` is blank).

    Every line is prefixed with ``indent``; there is no trailing newline.  A
    ``*/`` in the text is written as ``*\\/`` so the comment cannot end early,
    and lone surrogates become ``\\uXXXX`` so the output is valid UTF-8.
    """
    safe = _SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    safe = safe.replace("*/", "*\\/")
    lines = [line.rstrip() for line in _JS_NEWLINE_RE.split(safe)]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        return ""
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */"
    body = [f"{indent} * {line}" if line else f"{indent} *" for line in lines]
    return "\n".join([f"{indent}/**", *body, f"{indent} */"])


def type_name(name: str) -> str:
    """Return a PascalCase ASCII TypeScript identifier derived from ``name``.

    Words are split on anything that is not an ASCII letter or digit and each
    is capitalised (``"github::get_issue"`` -> ``"GithubGetIssue"``).  Accents
    are stripped; other non-ASCII characters become ``U<hex>`` words; a leading
    digit gets a ``T`` prefix and an empty result becomes ``"Unnamed"``.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    ascii_parts: list[str] = []
    for char in decomposed:
        if char.isascii():
            ascii_parts.append(char)
        elif not unicodedata.combining(char):
            ascii_parts.append(f" U{ord(char):X} ")
    words = _WORD_SPLIT_RE.split("".join(ascii_parts))
    result = "".join(word[0].upper() + word[1:] for word in words if word)
    if not result:
        return "Unnamed"
    return f"T{result}" if result[0].isdigit() else result


def schema_to_ts(schema: Mapping[str, Any] | bool, *, name: str) -> str:
    """Return TypeScript source declaring ``export type <name>`` for ``schema``.

    The root type comes first, followed by one ``export type <name><Def>`` per
    referenced definition in discovery order.  ``name`` must already be a
    valid identifier (see :func:`type_name`).
    """
    if not _IDENTIFIER_RE.fullmatch(name):
        raise ValueError(f"not a valid TypeScript type name: {name!r}")
    converter = _Converter(schema, name, broken={})
    source = converter.render_all()
    cyclic = _cyclic_edges(converter.edges)
    if cyclic:
        # Second pass with the circular alias references replaced by unknown.
        source = _Converter(schema, name, cyclic).render_all()
    return source


@dataclass(frozen=True)
class _Ts:
    """A rendered type together with its syntactic precedence."""

    text: str
    prec: int = _PRIMARY
    # For a union: its members' texts, so a top-level use can lay it out
    # one member per line.
    members: tuple[str, ...] = ()


_UNKNOWN: Final = _Ts("unknown")
_NEVER: Final = _Ts("never")


def _commented(base: str, notes: Sequence[str]) -> _Ts:
    """Return ``base`` followed by an inline comment (notes are fixed text)."""
    return _Ts(f"{base} /* {'; '.join(notes)} */")


def _wrap(item: _Ts, min_prec: int) -> str:
    """Return the text of ``item``, parenthesised if it binds too loosely."""
    return item.text if item.prec >= min_prec else f"({item.text})"


def _unique(items: Sequence[_Ts]) -> list[_Ts]:
    """Drop duplicate types (by text), keeping first occurrences in order."""
    seen: dict[str, _Ts] = {}
    for item in items:
        seen.setdefault(item.text, item)
    return list(seen.values())


def _union(members: Sequence[_Ts]) -> _Ts:
    """Return the union of ``members`` (``never`` when empty), flattening unions."""
    flat: list[_Ts] = []
    for member in members:
        if member.members:
            flat.extend(_Ts(text, _INTERSECTION) for text in member.members)
        else:
            flat.append(member)
    items = [m for m in _unique(flat) if m.text != "never"]
    if not items:
        return _NEVER
    if any(m.text == "unknown" for m in items):
        return _UNKNOWN
    if len(items) == 1:
        return items[0]
    texts = tuple(_wrap(m, _INTERSECTION) for m in items)
    return _Ts(" | ".join(texts), _UNION, texts)


def _intersection(members: Sequence[_Ts]) -> _Ts:
    """Return the intersection of ``members`` (``unknown`` when empty)."""
    items = [m for m in _unique(members) if m.text != "unknown"]
    if any(m.text == "never" for m in items):
        return _NEVER
    if not items:
        return _UNKNOWN
    if len(items) == 1:
        return items[0]
    return _Ts(" & ".join(_wrap(m, _PRIMARY) for m in items), _INTERSECTION)


def _literal(value: object) -> str | None:
    """Return the TS literal type for a JSON scalar, or None for objects/arrays.

    Numbers that no TS literal can represent exactly widen to ``number``.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= _MAX_SAFE_INT else "number"
    if isinstance(value, float):
        if not math.isfinite(value):
            return "number"
        if value.is_integer() and abs(value) <= _MAX_SAFE_INT:
            return str(int(value))
        return repr(value)
    if isinstance(value, str):
        return ts_string(value)
    return None


def _matches_type(value: object, types: Sequence[str] | None) -> bool:
    """Return whether a JSON value satisfies a ``type`` keyword (None = any)."""
    if types is None:
        return True
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    is_integer = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    checks = {
        "null": value is None,
        "boolean": isinstance(value, bool),
        "string": isinstance(value, str),
        "number": is_number,
        "integer": is_number and is_integer,
        "object": isinstance(value, Mapping),
        "array": isinstance(value, list),
    }
    return any(checks.get(t, False) for t in types)


def _type_list(schema: Mapping[str, Any]) -> list[str] | None:
    """Return the schema's ``type`` keyword as a list, or None if absent."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return [declared]
    if isinstance(declared, list):
        return [t for t in declared if isinstance(t, str)]
    return None


def _decode_pointer(ref: str) -> list[str] | None:
    """Return the JSON-pointer segments of a local ``$ref``, or None."""
    if not ref.startswith("#"):
        return None
    pointer = urllib.parse.unquote(ref[1:])
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        return None  # a plain-name fragment ($anchor) is not supported
    return [s.replace("~1", "/").replace("~0", "~") for s in pointer[1:].split("/")]


def _resolve(root: object, segments: Sequence[str]) -> tuple[bool, object]:
    """Walk ``segments`` from ``root``; return (found, target)."""
    node = root
    for segment in segments:
        if isinstance(node, Mapping) and segment in node:
            node = node[segment]
        elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
            node = node[int(segment)]
        else:
            return False, None
    return True, node


def _cyclic_edges(edges: Mapping[tuple[str, str], None]) -> dict[tuple[str, str], None]:
    """Return the edges that lie on a cycle of unguarded type references."""
    graph: dict[str, list[str]] = {}
    for source, target in edges:
        graph.setdefault(source, []).append(target)
    return {edge: None for edge in edges if _reaches(graph, edge[1], edge[0])}


def _reaches(graph: Mapping[str, Sequence[str]], start: str, goal: str) -> bool:
    """Return whether ``goal`` is reachable from ``start`` (iterative DFS)."""
    stack = [start]
    visited: dict[str, None] = {}
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        if node not in visited:
            visited[node] = None
            stack.extend(graph.get(node, ()))
    return False


def _doc_text(schema: object) -> str:
    """Return the JSDoc text for a schema's description / deprecated flag."""
    if not isinstance(schema, Mapping):
        return ""
    description = schema.get("description")
    text = description if isinstance(description, str) else ""
    if schema.get("deprecated") is True:
        text = f"{text}\n@deprecated" if text.strip() else "@deprecated"
    return text


def _mapping(value: object) -> Mapping[str, Any]:
    """Return ``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[Any]:
    """Return ``value`` if it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def _typed_line(head: str, value: _Ts, indent: str) -> str:
    """Return ``head value;``, with a long union laid out one member per line."""
    members = value.members
    if not members or len(value.text) <= _MAX_INLINE_UNION or any("\n" in m for m in members):
        return f"{head} {value.text};"
    return head + "".join(f"\n{indent}  | {m}" for m in members) + ";"


def _member(key: str, sub: object, prop_type: _Ts, optional: bool, inner: str) -> list[str]:
    """Return the JSDoc and declaration lines for one property."""
    doc = jsdoc(_doc_text(sub), inner)
    head = f"{inner}{ts_property_key(key)}{'?' if optional else ''}:"
    line = _typed_line(head, prop_type, inner)
    return [doc, line] if doc else [line]


def _object_body(lines: Sequence[str], indent: str) -> str:
    """Return ``{ ... }``, on one line when short and free of comments/newlines."""
    members = [line.strip() for line in lines]
    inline = "{ " + " ".join(members)[:-1] + " }"
    if len(inline) <= _MAX_INLINE_OBJECT and not any("\n" in m or "/*" in m for m in members):
        return inline
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def _literals(values: Sequence[object], types: list[str] | None) -> _Ts:
    """Return the union of literal types for enum/const values."""
    literals: list[_Ts] = []
    for value in values:
        if not _matches_type(value, types):
            continue
        literal = _literal(value)
        if literal is None:
            return _commented("unknown", ["enum/const contains object or array values"])
        literals.append(_Ts(literal))
    return _union(literals)


def _inferred_types(schema: Mapping[str, Any]) -> list[str]:
    """Infer object/array from structural keywords when ``type`` is absent."""
    inferred: list[str] = []
    if any(k in schema for k in _OBJECT_KEYWORDS):
        inferred.append("object")
    if any(k in schema for k in _ARRAY_KEYWORDS):
        inferred.append("array")
    return inferred


def _annotated(result: _Ts, schema: Mapping[str, Any]) -> _Ts:
    """Append a comment naming the keywords TypeScript could not express."""
    notes = list(dict.fromkeys(_UNTYPABLE[k] for k in schema if k in _UNTYPABLE))
    if "patternProperties" in schema and "type" not in schema and not _inferred_types(schema):
        notes.append("'patternProperties' without 'type: object' cannot be expressed")
    if not notes or result.text == "never":
        return result
    return _Ts(_commented(result.text, notes).text, result.prec)


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
        _, schema = _resolve(self.root, key)
        self.current = self.names[key]
        body = self._convert(schema, "", guarded=False)
        declaration = _typed_line(f"export type {self.current} =", body, "")
        doc = jsdoc(_doc_text(schema))
        return f"{doc}\n{declaration}" if doc else declaration

    def _convert(self, schema: object, indent: str, *, guarded: bool) -> _Ts:
        """Convert any schema (boolean or object) to a TS type.

        Kept flat on purpose: each nesting level costs at most
        ``_FRAMES_PER_LEVEL`` Python frames, which the depth cap relies on.
        """
        if schema is False:
            return _NEVER
        if schema is True or (isinstance(schema, Mapping) and not schema):
            return _UNKNOWN
        if not isinstance(schema, Mapping):
            return _commented("unknown", ["invalid schema"])
        if self.depth >= self.max_depth:
            return _commented("unknown", ["schema nested too deeply"])
        self.depth += 1
        ref = schema.get("$ref")
        parts = [self._ref(ref, guarded)] if isinstance(ref, str) else []
        base = self._base(schema, indent)
        if base is not None:
            parts.append(base)
        parts.extend(self._combinators(schema, indent, guarded))
        self.depth -= 1
        return _annotated(_intersection(parts), schema)

    def _combinators(self, schema: Mapping[str, Any], indent: str, guarded: bool) -> list[_Ts]:
        """Return the allOf intersection members and anyOf/oneOf unions."""
        parts: list[_Ts] = []
        for keyword in ("allOf", "anyOf", "oneOf"):
            converted: list[_Ts] = []
            for sub in _list(schema.get(keyword)):
                converted.append(self._convert(sub, indent, guarded=guarded))
            if keyword == "allOf":
                parts.extend(converted)
            elif keyword in schema:
                parts.append(_union(converted))
        return parts

    def _base(self, schema: Mapping[str, Any], indent: str) -> _Ts | None:
        """Return the type from const/enum/type keywords, or None if unconstrained."""
        types = _type_list(schema)
        if "const" in schema:
            return _literals([schema["const"]], types)
        if isinstance(schema.get("enum"), list):
            return _literals(schema["enum"], types)
        if types is None:
            types = _inferred_types(schema)
            if not types:
                return None
        members: list[_Ts] = []
        for json_type in types:
            if json_type in _PRIMITIVES:
                members.append(_Ts(_PRIMITIVES[json_type]))
            elif json_type == "object":
                members.append(self._object(schema, indent))
            elif json_type == "array":
                members.append(self._array(schema, indent))
            else:
                members.append(_commented("unknown", ["unknown JSON type"]))
        return _union(members)

    def _ref(self, ref: str, guarded: bool) -> _Ts:
        """Return the named type a local ``$ref`` points to."""
        segments = _decode_pointer(ref)
        if segments is None:
            return _commented("unknown", ["unsupported $ref"])
        found, _ = _resolve(self.root, segments)
        if not found:
            return _commented("unknown", ["unresolvable $ref"])
        key = tuple(segments)
        target = self.names.get(key) or self._assign(key, "_".join(segments))
        if not guarded:
            edge = (self.current, target)
            if edge in self.broken:
                return _commented("unknown", ["circular $ref"])
            self.edges[edge] = None
        self.pending.append(key)
        return _Ts(target)

    def _object(self, schema: Mapping[str, Any], indent: str) -> _Ts:
        """Return an object literal type for the object keywords of ``schema``."""
        inner = indent + "  "
        props = _mapping(schema.get("properties"))
        required = dict.fromkeys(r for r in _list(schema.get("required")) if isinstance(r, str))
        lines: list[str] = []
        declared: list[_Ts] = []
        for key, sub in props.items():
            prop_type = self._convert(sub, inner, guarded=True)
            declared.append(prop_type)
            lines.extend(_member(str(key), sub, prop_type, key not in required, inner))
        if any(key not in required for key in props):
            declared.append(_Ts("undefined"))
        for key in required:
            if key not in props:
                lines.append(f"{inner}{ts_property_key(key)}: unknown;")
                declared.append(_UNKNOWN)
        index = self._index_signature(schema, declared, inner, has_members=bool(lines))
        if index is not None:
            lines.append(_typed_line(f"{inner}[key: string]:", index, inner))
        return _Ts(_object_body(lines, indent))

    def _index_signature(
        self, schema: Mapping[str, Any], declared: list[_Ts], inner: str, *, has_members: bool
    ) -> _Ts | None:
        """Return the index signature value type, or None for a closed object."""
        extra: list[_Ts] = []
        additional = schema.get("additionalProperties", True)
        if additional is not False:
            extra.append(self._convert(additional, inner, guarded=True))
        patterns = schema.get("patternProperties")
        for pattern_schema in _mapping(patterns).values():
            extra.append(self._convert(pattern_schema, inner, guarded=True))
        if not extra:
            return None if has_members else _NEVER
        # Named properties must be assignable to the index signature in TS.
        return _union([*extra, *declared])

    def _array(self, schema: Mapping[str, Any], indent: str) -> _Ts:
        """Return an array or tuple type for the array keywords of ``schema``."""
        prefix = schema.get("prefixItems")
        rest = schema.get("items", True)
        if isinstance(rest, list):
            # Draft-07 tuple form: items is the prefix, additionalItems the rest.
            prefix, rest = rest, schema.get("additionalItems", True)
        if isinstance(prefix, list) and prefix:
            return self._tuple(prefix, rest, schema.get("minItems"), indent)
        if rest is False:
            return _Ts("[]")
        element = self._convert(rest, indent, guarded=True)
        return _Ts(_wrap(element, _PRIMARY) + "[]")

    def _tuple(self, prefix: list[Any], rest: object, min_items: object, indent: str) -> _Ts:
        """Return a tuple type; elements at or beyond minItems are optional."""
        minimum = min_items if isinstance(min_items, int) and not isinstance(min_items, bool) else 0
        elements: list[str] = []
        for position, sub in enumerate(prefix):
            element = self._convert(sub, indent, guarded=True)
            if position < minimum:
                elements.append(element.text)
            else:
                elements.append(_wrap(element, _PRIMARY) + "?")
        if rest is not False:
            rest_type = self._convert(rest, indent, guarded=True)
            elements.append("..." + _wrap(rest_type, _PRIMARY) + "[]")
        return _Ts("[" + ", ".join(elements) + "]")
