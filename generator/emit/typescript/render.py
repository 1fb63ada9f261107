"""Rendered TypeScript types and how they combine: unions, intersections, literals, layout."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from generator.emit.typescript.schema import doc_text, matches_type
from generator.emit.typescript.text import jsdoc, ts_property_key, ts_string

# Precedence of a rendered type: a member with lower precedence than its
# context must be parenthesised.
UNION: Final = 0
INTERSECTION: Final = 1
PRIMARY: Final = 2

# Longer unions are laid out one member per line, longer objects one property
# per line, for readability of the generated files.
_MAX_INLINE_UNION: Final = 100
_MAX_INLINE_OBJECT: Final = 80
# Integers beyond 2**53 cannot be written as exact TS number literals.
_MAX_SAFE_INT: Final = 2**53


@dataclass(frozen=True)
class Ts:
    """A rendered type together with its syntactic precedence."""

    text: str
    prec: int = PRIMARY
    # For a union: its members' texts, so a top-level use can lay it out
    # one member per line.
    members: tuple[str, ...] = ()


UNKNOWN: Final = Ts("unknown")
NEVER: Final = Ts("never")


def commented(base: str, notes: Sequence[str]) -> Ts:
    """Return ``base`` followed by an inline comment (notes are fixed text)."""
    return Ts(f"{base} /* {'; '.join(notes)} */")


def wrap(item: Ts, min_prec: int) -> str:
    """Return the text of ``item``, parenthesised if it binds too loosely."""
    return item.text if item.prec >= min_prec else f"({item.text})"


def _unique(items: Sequence[Ts]) -> list[Ts]:
    """Drop duplicate types (by text), keeping first occurrences in order."""
    seen: dict[str, Ts] = {}
    for item in items:
        seen.setdefault(item.text, item)
    return list(seen.values())


def union(members: Sequence[Ts]) -> Ts:
    """Return the union of ``members`` (``never`` when empty), flattening unions."""
    if len(members) == 1 and not members[0].members:
        return members[0]  # the common case, without building lists
    flat: list[Ts] = []
    for member in members:
        if member.members:
            flat.extend(Ts(text, INTERSECTION) for text in member.members)
        else:
            flat.append(member)
    items = [m for m in _unique(flat) if m.text != "never"]
    if not items:
        return NEVER
    if any(m.text == "unknown" for m in items):
        return UNKNOWN
    if len(items) == 1:
        return items[0]
    texts = tuple(wrap(m, INTERSECTION) for m in items)
    return Ts(" | ".join(texts), UNION, texts)


def intersection(members: Sequence[Ts]) -> Ts:
    """Return the intersection of ``members`` (``unknown`` when empty)."""
    if len(members) == 1:
        return members[0]
    items = [m for m in _unique(members) if m.text != "unknown"]
    if any(m.text == "never" for m in items):
        return NEVER
    if not items:
        return UNKNOWN
    if len(items) == 1:
        return items[0]
    return Ts(" & ".join(wrap(m, PRIMARY) for m in items), INTERSECTION)


def literal_type(value: object) -> str | None:
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


def typed_line(head: str, value: Ts, indent: str) -> str:
    """Return ``head value;``, with a long union laid out one member per line."""
    members = value.members
    if not members or len(value.text) <= _MAX_INLINE_UNION or any("\n" in m for m in members):
        return f"{head} {value.text};"
    return head + "".join(f"\n{indent}  | {m}" for m in members) + ";"


def member_lines(key: str, sub: object, prop_type: Ts, optional: bool, inner: str) -> list[str]:
    """Return the JSDoc and declaration lines for one property."""
    doc = jsdoc(doc_text(sub), inner)
    head = f"{inner}{ts_property_key(key)}{'?' if optional else ''}:"
    line = typed_line(head, prop_type, inner)
    return [doc, line] if doc else [line]


def object_body(lines: Sequence[str], indent: str) -> str:
    """Return ``{ ... }``, on one line when short and free of comments/newlines."""
    members = [line.strip() for line in lines]
    inline = "{ " + " ".join(members)[:-1] + " }"
    if len(inline) <= _MAX_INLINE_OBJECT and not any("\n" in m or "/*" in m for m in members):
        return inline
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def literals(values: Sequence[object], types: list[str] | None) -> Ts:
    """Return the union of literal types for enum/const values."""
    literals: list[Ts] = []
    for value in values:
        if not matches_type(value, types):
            continue
        literal = literal_type(value)
        if literal is None:
            return commented("unknown", ["enum/const contains object or array values"])
        literals.append(Ts(literal))
    return union(literals)
