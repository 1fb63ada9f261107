"""Reading JSON that someone else wrote (an import source, a pin, a live server): bounded.

Python's ``json`` raises RecursionError on deep nesting and ValueError on integers
past 4,300 digits, and what it does accept may still be too deep for the code that
walks it. Here every such input is a :class:`JsonProblem` with a message a person can
act on. The bounds match the contract loader's: 128 levels of nesting, and numbers a
64-bit float can hold (what JavaScript and most JSON consumers read; a larger integer
would reach them as Infinity). :func:`check_data` holds data another reader parsed
(the MCP client's, which takes ``NaN`` and ``Infinity``) to the same rules.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import JsonPath

MAX_DEPTH = 128
_MAX_FLOAT = sys.float_info.max
_MAX_DIGITS = len(str(int(_MAX_FLOAT)))  # 309: anything longer is out of range


class JsonProblem(ValueError):
    """Why a JSON text cannot be used, and where (1-based; 1:1 when unknown; ``path``
    when the data was parsed by another reader)."""

    def __init__(self, message: str, line: int = 1, column: int = 1, path: JsonPath = ()) -> None:
        super().__init__(message)
        self.message, self.line, self.column, self.path = message, line, column, path


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


@dataclass(slots=True)
class KeysGivenTwice:
    """An ``object_pairs_hook`` that notes the first key given twice in one object:
    ``json`` alone keeps the last value and drops the first without a word. The caller
    decides what the note means (import reports it where the key stands, a pin refuses
    the file)."""

    twice: str | None = None

    def __call__(self, pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen and self.twice is None:
                self.twice = f"key {key!r} appears twice in one object"
            seen[key] = value
        return seen


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


def json_depth(value: Any) -> int:
    """How deeply JSON containers nest in ``value`` (a scalar is 0, ``{}`` is 1)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, Mapping | list | tuple):
            continue
        deepest = max(deepest, depth)
        inner = item.values() if isinstance(item, Mapping) else item
        stack.extend((child, depth + 1) for child in inner)
    return deepest


def check_data(data: Any, base: JsonPath = ()) -> None:
    """JsonProblem, with the path of the first offending value (in document order), when
    parsed data holds what :func:`loads` refuses in a text: NaN, an infinity (or a
    number that overflowed into one), an integer beyond a 64-bit float, nesting deeper
    than :data:`MAX_DEPTH` levels. ``base`` is where ``data`` sits in its document:
    depth counts from the document's root, as it does in a file."""
    stack: list[tuple[JsonPath, Any]] = [(base, data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping | list):
            if len(path) >= MAX_DEPTH:
                raise JsonProblem(f"the JSON nests deeper than {MAX_DEPTH} levels", path=path)
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            stack.extend(((*path, key), child) for key, child in reversed(list(items)))
            continue
        problem = _number_problem(value)
        if problem is not None:
            raise JsonProblem(problem, path=path)


def _number_problem(value: Any) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        if math.isnan(value):
            return "NaN is not JSON"
        sign = "-" if value < 0 else ""
        return f"{sign}Infinity is not JSON (nor is a number beyond the range of a 64-bit float)"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _MAX_FLOAT:
        return out_of_range(str(value))
    return None
