"""JSON data as Python source literals: the jinja filters of the Python target.

Every string goes through ``repr``, which escapes quotes, backslashes, control
characters, lone surrogates and line separators such as U+2028, so no text from
a contract can end a literal early or change the meaning of the code around it.
Non-ASCII text that prints stays as it is, so the generated source reads well.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

FROZEN_MAPPING = "_P"
"""The name generated modules bind to ``types.MappingProxyType``."""

INDENT = "    "


def py_str(value: str) -> str:
    """A Python string literal equal to ``value`` (``repr`` is exact for any ``str``)."""
    return repr(value)


def black_str(value: str) -> str:
    """``py_str`` quoted the way black leaves a literal, for modules that pass ``black --check``.

    black prefers double quotes unless they need more escapes than the quotes there are.
    """
    literal = repr(value)
    if literal[0] == '"':
        return literal  # repr picked double quotes: the text has ' and no "
    body = literal[1:-1]
    double = body.replace("\\'", "'").replace('"', '\\"')
    return literal if double.count("\\") > body.count("\\") else f'"{double}"'


def toml_str(value: str) -> str:
    """A TOML basic string equal to ``value`` (JSON escapes are TOML escapes, plus DEL)."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def py_literal(
    value: Any, *, frozen: bool = False, level: int = 0, mapping: str = FROZEN_MAPPING
) -> str:
    """Source for ``value``; ``frozen``: read-only mappings (``_P({...})``, or ``mapping``'s
    name) and tuples.

    Containers with content span one line per item, indented from ``level``, so a
    change to one field of one tool is a one-line diff.
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(int(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a JSON number")
        return repr(value)
    if isinstance(value, str):
        return py_str(value)
    if isinstance(value, Mapping):
        return _mapping(value, frozen=frozen, level=level, name=mapping)
    if isinstance(value, list | tuple):
        return _sequence(value, frozen=frozen, level=level, name=mapping)
    raise TypeError(f"not JSON data: {type(value).__name__}")


def _mapping(value: Mapping[str, Any], *, frozen: bool, level: int, name: str) -> str:
    for key in value:
        if not isinstance(key, str):
            raise TypeError(f"JSON object keys are strings, not {type(key).__name__}")
    items = [
        f"{py_str(key)}: {py_literal(item, frozen=frozen, level=level + 1, mapping=name)}"
        for key, item in value.items()
    ]
    body = _block(items, level) if items else ""
    return f"{name}({{{body}}})" if frozen else f"{{{body}}}"


def _sequence(value: list[Any] | tuple[Any, ...], *, frozen: bool, level: int, name: str) -> str:
    items = [py_literal(item, frozen=frozen, level=level + 1, mapping=name) for item in value]
    body = _block(items, level) if items else ""
    return f"({body})" if frozen else f"[{body}]"


def _block(items: list[str], level: int) -> str:
    inner = INDENT * (level + 1)
    lines = "".join(f"{inner}{item},\n" for item in items)
    return f"\n{lines}{INDENT * level}"
