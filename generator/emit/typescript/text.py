"""Text of TypeScript source: string literals, property keys, JSDoc, type names, values.

Every piece of user text that reaches a generated ``.ts`` file passes through one
of these functions, so quotes, backticks, ``${``, ``*/``, line separators and
lone surrogates can never change the meaning of the code around them.
"""

from __future__ import annotations

import functools
import json
import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Any, Final

__all__ = [
    "IDENTIFIER_RE",
    "camel_name",
    "jsdoc",
    "line_comment",
    "ts_property_key",
    "ts_string",
    "ts_value",
    "type_name",
]

IDENTIFIER_RE: Final = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
# JSON escapes control characters but leaves these raw: U+2028/U+2029 are line
# terminators for older JS tooling, U+FEFF is invisible, and lone surrogates
# cannot be encoded as UTF-8 at all.
_UNSAFE_CHAR_RE: Final = re.compile("[\u2028\u2029\ufeff\ud800-\udfff]")
_JS_NEWLINE_RE: Final = re.compile("\r\n|[\r\n\u2028\u2029]")
_SURROGATE_RE: Final = re.compile("[\ud800-\udfff]")
_WORD_SPLIT_RE: Final = re.compile(r"[^A-Za-z0-9]+")
# In an object literal, `__proto__: x` (quoted or not) sets the prototype instead
# of creating a property; only a computed key makes it an own property.
_PROTO_KEY: Final = "__proto__"
# Arrays of scalars up to this width stay on one line (enums, type lists).
_MAX_INLINE_ARRAY: Final = 80


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
    if IDENTIFIER_RE.fullmatch(name):
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


def camel_name(name: str) -> str:
    """Return ``name`` (a PascalCase identifier from :func:`type_name`) in camelCase."""
    return name[:1].lower() + name[1:]


def line_comment(text: str) -> str:
    """Return ``// text`` on one line; line breaks in ``text`` become spaces."""
    flat = " ".join(_JS_NEWLINE_RE.split(_SURROGATE_RE.sub("\ufffd", text)))
    return f"// {flat}".rstrip()


def ts_value(value: Any, indent: str = "") -> str:
    """Return a TypeScript expression that evaluates to the JSON value ``value``.

    Objects keep their key order and are laid out one property per line (nested
    lines start with ``indent`` plus two spaces per level); keys are bare when
    they are identifiers.  The expression evaluates, in JavaScript, to exactly
    what ``JSON.parse`` gives for the same data.
    """
    if isinstance(value, str):
        return _string_literal(value)
    if isinstance(value, dict | Mapping):
        if not value:
            return "{}"
        inner = indent + "  "
        items = [f"{inner}{_value_key(str(k))}: {ts_value(v, inner)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        inline = _inline_array(value)
        if inline is not None:
            return inline
        inner = indent + "  "
        items = [f"{inner}{ts_value(item, inner)}," for item in value]
        return "[\n" + "\n".join(items) + f"\n{indent}]"
    return ts_scalar(value)


def _inline_array(values: list[Any] | tuple[Any, ...]) -> str | None:
    """``[a, b]`` on one line when every item is a scalar and the line stays short."""
    if any(isinstance(v, dict | list | tuple | Mapping) for v in values):
        return None
    inline = "[" + ", ".join(ts_scalar(v) for v in values) + "]"
    return inline if len(inline) <= _MAX_INLINE_ARRAY else None


@functools.lru_cache(maxsize=4096)
def _value_key(key: str) -> str:
    """Return an object-literal key that creates an own property named ``key``."""
    return f"[{ts_string(key)}]" if key == _PROTO_KEY else ts_property_key(key)


def value_key(key: str) -> str:
    """An object-literal key that creates an own property named ``key`` (``__proto__``
    written plainly would set the object's prototype instead)."""
    return _value_key(key)


@functools.lru_cache(maxsize=16384)
def _string_literal(value: str) -> str:
    """:func:`ts_string`, remembered: schemas repeat the same few strings many times."""
    return ts_string(value)


def ts_scalar(value: object) -> str:
    """Return the literal of a JSON scalar (non-finite floats are not JSON)."""
    if isinstance(value, str):
        return _string_literal(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    raise ValueError(f"not a JSON value: {value!r}")
