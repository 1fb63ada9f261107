"""The literal writer: any JSON value comes back exactly, as plain or read-only data."""

from __future__ import annotations

import ast
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit.python.literal import FROZEN_MAPPING, py_literal, py_str, toml_str
from generator.ir.model import freeze

NASTY = [
    "",
    "plain",
    'double " quote',
    "single ' quote",
    "'''triple single'''",
    '"""triple double"""',
    "\\",
    "ends with backslash \\",
    "\\n is not a newline",
    "line\nbreak\r\ncarriage",
    "nul \x00 and bell \x07 and del \x7f",
    "line separator \u2028 paragraph \u2029",
    "读取工作区中的文本文件。",
    "emoji 🚀 and combining é",
    "lone surrogate \ud800",
    "{{ jinja }} {% tag %}",
    "# not a comment",
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def evaluate(source: str) -> Any:
    return eval(source, {FROZEN_MAPPING: MappingProxyType})


def same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (True is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, MappingProxyType | dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return repr(a) == repr(b)
    return bool(a == b)


@pytest.mark.parametrize("text", NASTY)
def test_strings_round_trip_as_valid_python(text: str) -> None:
    source = py_str(text)
    ast.parse(source)  # valid source on its own
    assert ast.literal_eval(source) == text
    assert "\n" not in source and "\u2028" not in source


@pytest.mark.parametrize("text", [t for t in NASTY if "\ud800" not in t])
def test_toml_strings_round_trip(text: str) -> None:
    import tomllib

    assert tomllib.loads(f"key = {toml_str(text)}")["key"] == text


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_plain_literal_round_trips_any_json_value(value: Any) -> None:
    assert same(evaluate(py_literal(value)), value)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_frozen_literal_is_the_frozen_value(value: Any) -> None:
    assert same(evaluate(py_literal(value, frozen=True)), freeze(value))


def test_one_item_sequences_stay_tuples_and_layout_is_one_item_per_line() -> None:
    assert evaluate(py_literal(["a"], frozen=True)) == ("a",)
    assert py_literal({"a": [1]}, frozen=True, level=1) == (
        "_P({\n        'a': (\n            1,\n        ),\n    })"
    )


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), {1: "x"}, {"a": {1, 2}}])
def test_non_json_values_are_refused(bad: Any) -> None:
    with pytest.raises((TypeError, ValueError)):
        py_literal(bad)
