"""Reading JSON that someone else wrote (an import source, a pinned tools.json): bounded.

Python's ``json`` raises RecursionError on deep nesting and ValueError on integers
past 4,300 digits, and what it does accept may still be too deep for the code that
walks it. Here every such input is a :class:`JsonProblem` with a message a person can
act on. The bounds match the contract loader's: 128 levels of nesting, and numbers a
64-bit float can hold (what JavaScript and most JSON consumers read; a larger integer
would reach them as Infinity).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from generator.jsonschema.walk import json_depth

MAX_DEPTH = 128
_MAX_FLOAT = sys.float_info.max
_MAX_DIGITS = len(str(int(_MAX_FLOAT)))  # 309: anything longer is out of range


class JsonProblem(ValueError):
    """Why a JSON text cannot be used, and where (1-based; 1:1 when unknown)."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def integer(text: str) -> int | None:
    """The integer ``text`` spells (decimal, or ``0x``/``0o`` as YAML writes them), or
    None when it lies beyond the range of a 64-bit float."""
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    base = {"0x": 16, "0o": 8}.get(digits[:2], 10)
    if base != 10:
        digits = digits[2:]
    if len(digits.lstrip("0")) > _MAX_DIGITS:  # (in base 8 or 16, also out of range)
        return None
    value = sign * int(digits, base)
    return value if abs(value) <= _MAX_FLOAT else None


def out_of_range(text: str) -> str:
    """The message for an integer :func:`integer` refuses (long ones shortened)."""
    shown = text if len(text) <= 24 else f"{text[:12]}…{text[-4:]} ({len(text):,} digits)"
    return f"{shown} is beyond the range of a JSON number (a 64-bit float)"


def _parse_int(text: str) -> int:
    value = integer(text)
    if value is None:
        raise ValueError(out_of_range(text))
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is beyond the range of a JSON number (a 64-bit float)")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


Pairs = Callable[[Sequence[tuple[str, Any]]], Any]


def unique_keys(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """An ``object_pairs_hook`` that refuses a key given twice in one object: ``json``
    keeps the last one and drops the first without a word."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"key {key!r} appears twice in one object")
        found[key] = value
    return found


def loads(text: str, *, object_pairs_hook: Pairs | None = None) -> Any:
    """The data of a JSON text; JsonProblem when it is not JSON, nests deeper than
    :data:`MAX_DEPTH` levels or holds a number out of range."""
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_no_constant,
            object_pairs_hook=object_pairs_hook,
        )
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except RecursionError:
        raise JsonProblem(f"the JSON nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise JsonProblem(f"not valid JSON: {exc}") from None
    if json_depth(data) > MAX_DEPTH:
        raise JsonProblem(f"the JSON nests deeper than {MAX_DEPTH} levels")
    return data
