"""JavaScript expressions as a small tree, printed to fit a line width.

The Zod converter builds these instead of pasting strings, so that every schema
prints the same way: on one line when it fits, otherwise one argument, array
item, object entry or chained method per line, with trailing commas.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.emit.typescript.text import IDENTIFIER_RE, ts_scalar, ts_string

WIDTH: Final = 100
_INDENT: Final = "  "


@dataclass(frozen=True, slots=True)
class Js:
    """One expression: ``head`` + ``open`` + ``parts`` joined by commas + ``close``.

    A leaf has no ``open``. A method call on ``base`` has ``base`` set and ``head``
    ``".name"``. ``flat`` is the one-line spelling, computed once at construction.
    """

    flat: str
    head: str = ""
    open: str = ""
    close: str = ""
    parts: tuple[Js, ...] = ()
    base: Js | None = None


def raw(text: str) -> Js:
    """A leaf: identifiers, literals, arrow functions written out."""
    return Js(flat=text, head=text)


def _group(head: str, open_: str, close: str, parts: Sequence[Js], base: Js | None = None) -> Js:
    inner = ", ".join(part.flat for part in parts)
    prefix = base.flat if base is not None else ""
    if open_ == "{" and parts:
        inner = f" {inner} "
    flat = f"{prefix}{head}{open_}{inner}{close}"
    return Js(flat=flat, head=head, open=open_, close=close, parts=tuple(parts), base=base)


def call(callee: str, *args: Js) -> Js:
    """``callee(args)``."""
    return _group(callee, "(", ")", args)


def method(base: Js, name: str, *args: Js) -> Js:
    """``base.name(args)``; chains print one method per line when they do not fit."""
    return _group(f".{name}", "(", ")", args, base)


def array(items: Iterable[Js]) -> Js:
    """``[items]``."""
    return _group("", "[", "]", tuple(items))


def obj(entries: Iterable[tuple[str, Js]]) -> Js:
    """``{ key: value }``; keys are property names, quoted unless identifiers."""
    return _group("", "{", "}", tuple(pair(key, value) for key, value in entries))


def pair(key: str, value: Js) -> Js:
    """``key: value`` inside an object literal, creating an own property named ``key``."""
    spelled = _key(key)
    return Js(flat=f"{spelled}: {value.flat}", head=f"{spelled}: ", parts=(value,))


def _key(key: str) -> str:
    # In an object literal `__proto__: x` (quoted or not) sets the prototype; a
    # computed key makes it an own property, as JSON.parse does.
    if key == "__proto__":
        return f"[{ts_string(key)}]"
    return key if IDENTIFIER_RE.fullmatch(key) else ts_string(key)


def literal(value: Any) -> Js:
    """The JavaScript literal of a JSON value (arrays and objects included)."""
    if isinstance(value, list | tuple):
        return array(literal(item) for item in value)
    if isinstance(value, dict):
        return obj((str(k), literal(v)) for k, v in value.items())
    return raw(ts_scalar(value))


def render(node: Js, indent: str = "", used: int = 0) -> str:
    """Print ``node`` starting after ``used`` characters of a line indented by ``indent``."""
    if len(indent) + used + len(node.flat) <= WIDTH or not (node.parts or node.base):
        return node.flat
    if node.base is not None:
        return _render_chain(node, indent, used)
    if not node.open:  # a key: value pair
        return node.head + render(node.parts[0], indent, used + len(node.head))
    return _render_group(node, indent, used)


def _render_group(node: Js, indent: str, used: int) -> str:
    """``head(parts)``: one part per line, or a lone bracketed part hugged: ``f({ ... })``."""
    opening = f"{node.head}{node.open}"
    if len(node.parts) == 1 and _hugs(node.parts[0]):
        return opening + render(node.parts[0], indent, used + len(opening)) + node.close
    inner = indent + _INDENT
    lines = [f"{inner}{render(part, inner)}," for part in node.parts]
    return opening + "\n" + "\n".join(lines) + f"\n{indent}{node.close}"


def _hugs(part: Js) -> bool:
    return part.base is None and part.open in ("[", "{") and bool(part.parts)


def _render_chain(node: Js, indent: str, used: int) -> str:
    """``base`` then each ``.name(args)`` on a line of its own."""
    links: list[Js] = []
    current = node
    while current.base is not None:
        links.append(current)
        current = current.base
    inner = indent + _INDENT
    text = render(current, indent, used)
    for link in reversed(links):
        flat = link.flat[len(link.base.flat) :] if link.base is not None else link.flat
        if len(inner) + len(flat) <= WIDTH:
            text += f"\n{inner}{flat}"
        else:
            text += f"\n{inner}" + _render_group(link, inner, 0)
    return text
