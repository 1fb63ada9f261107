"""Bounded JSON: a text (``loads``) and data another reader parsed (``check_data``) are
held to the same rules, and a refusal names the offending value's path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.core.jsondata import MAX_DEPTH, JsonProblem, check_data, loads

# What a lenient reader (the MCP client's, or json.loads) makes of each text.
REFUSED = [
    ('{"a": {"maximum": NaN}}', ("a", "maximum"), "NaN is not JSON"),
    (
        '{"a": [1, -Infinity]}',
        ("a", 1),
        "-Infinity is not JSON (nor is a number beyond the range of a 64-bit float)",
    ),
    (
        '{"a": 1e400}',
        ("a",),
        "Infinity is not JSON (nor is a number beyond the range of a 64-bit float)",
    ),
    (
        '{"a": ' + "9" * 400 + "}",
        ("a",),
        "999999999999…9999 (400 digits) is beyond the range of a JSON number (a 64-bit float)",
    ),
]


@pytest.mark.parametrize(("text", "path", "message"), REFUSED)
def test_parsed_data_is_refused_where_the_text_is(
    text: str, path: tuple[str | int, ...], message: str
) -> None:
    with pytest.raises(JsonProblem):
        loads(text)
    with pytest.raises(JsonProblem) as caught:
        check_data(json.loads(text))
    assert (caught.value.path, caught.value.message) == (path, message)


def test_the_first_problem_in_document_order_is_named() -> None:
    with pytest.raises(JsonProblem) as caught:
        check_data({"a": [{"b": 1}, {"c": float("nan")}], "d": float("inf")})
    assert caught.value.path == ("a", 1, "c")


def _nested(levels: int) -> Any:
    data: Any = 1
    for _ in range(levels):
        data = [data]
    return data


def test_nesting_is_bounded_from_the_documents_root() -> None:
    check_data(_nested(MAX_DEPTH))
    loads(json.dumps(_nested(MAX_DEPTH)))
    with pytest.raises(JsonProblem) as caught:
        check_data(_nested(MAX_DEPTH - 1), ("tools", 0))
    assert caught.value.message == "the JSON nests deeper than 128 levels"
    assert caught.value.path == ("tools", 0, *[0] * (MAX_DEPTH - 2))
    with pytest.raises(JsonProblem):
        loads(json.dumps({"tools": [_nested(MAX_DEPTH - 1)]}))


def test_what_json_can_hold_passes() -> None:
    check_data({"big": 1.7976931348623157e308, "int": 2**1023, "flag": True, "none": None})
