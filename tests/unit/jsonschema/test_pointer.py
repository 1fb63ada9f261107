"""jsonschema/pointer.py: RFC 6901 pointers inside RFC 3986 fragments, resolved one way."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.ir.model import freeze
from generator.jsonschema.pointer import (
    escape,
    locate,
    lookup,
    parse_ref,
    resolve,
    to_ref,
    unescape,
)

DOCUMENT: dict[str, Any] = {
    "a/b": 1,
    "m~n": 2,
    "": 3,
    "a b": 4,
    "€": 5,
    "%25": 6,
    "list": [{"x": 7}, 8],
}


@pytest.mark.parametrize(
    ("ref", "tokens"),
    [
        ("#", ()),
        ("#/", ("",)),
        ("#//", ("", "")),
        ("#/a~1b", ("a/b",)),
        ("#/m~0n", ("m~n",)),
        ("#/a~01", ("a~1",)),  # ~01 is "~" then "1", never "/"
        ("#/a%20b", ("a b",)),
        ("#/%E2%82%AC", ("€",)),
        ("#/%7E1", ("/",)),  # percent-decoding comes first, then ~1
        ("#/a%2Fb", ("a", "b")),  # an encoded "/" still separates tokens
        ("#/%2525", ("%25",)),
        ("#/list/0/x", ("list", "0", "x")),
    ],
)
def test_local_references_parse_to_tokens(ref: str, tokens: tuple[str, ...]) -> None:
    assert parse_ref(ref) == tokens


@pytest.mark.parametrize(
    "ref",
    ["#anchor", "#a/b", "other.json#/a", "https://example.com/s#/a", "/a", "", "a"],
)
def test_anchors_remote_and_relative_references_are_not_pointers(ref: str) -> None:
    assert parse_ref(ref) is None
    assert lookup(DOCUMENT, ref) == (False, None)


@pytest.mark.parametrize(
    ("ref", "value"),
    [
        ("#/a~1b", 1),
        ("#/m~0n", 2),
        ("#/", 3),
        ("#/a%20b", 4),
        ("#/%E2%82%AC", 5),
        ("#/%2525", 6),
        ("#/list/0/x", 7),
        ("#/list/1", 8),
    ],
)
def test_lookup_follows_escapes_and_percent_encoding(ref: str, value: Any) -> None:
    assert lookup(DOCUMENT, ref) == (True, value)
    assert lookup(freeze(DOCUMENT), ref) == (True, value)  # frozen IR data too


@pytest.mark.parametrize("index", ["01", "00", "-", "2", "-1", "+1", " 1", "1 ", "\u0661", "x"])
def test_array_indexes_are_plain_ascii_decimals_in_range(index: str) -> None:
    assert resolve(DOCUMENT, ("list", index)) == (False, None)


def test_int_tokens_index_arrays_and_never_name_keys() -> None:
    assert resolve(DOCUMENT, ("list", 1)) == (True, 8)
    assert resolve(DOCUMENT, ("list", -1)) == (False, None)
    assert resolve({"0": "key"}, (0,)) == (False, None)


def test_a_pointer_through_a_scalar_finds_nothing() -> None:
    assert resolve(DOCUMENT, ("list", "1", "x")) == (False, None)
    assert resolve(None, ()) == (True, None)  # the empty pointer is the document itself


def test_locate_gives_the_walked_path_with_integer_indexes() -> None:
    assert locate(DOCUMENT, ("list", "0", "x")) == (7, ("list", 0, "x"))
    assert locate(DOCUMENT, ("nothing",)) is None


@pytest.mark.parametrize(
    ("tokens", "ref"),
    [
        ((), "#"),
        (("$defs", "a b"), "#/$defs/a%20b"),
        (("a/b", "c~d"), "#/a~1b/c~0d"),
        (("€", "%", "#", "?", ":@"), "#/%E2%82%AC/%25/%23/?/:@"),
        (("list", 0), "#/list/0"),
    ],
)
def test_to_ref_escapes_then_percent_encodes(tokens: tuple[str | int, ...], ref: str) -> None:
    assert to_ref(tokens) == ref


@given(st.lists(st.text(), max_size=4))
def test_to_ref_and_parse_ref_round_trip(tokens: list[str]) -> None:
    assert parse_ref(to_ref(tokens)) == tuple(tokens)


@given(st.text())
def test_escape_and_unescape_round_trip(token: str) -> None:
    assert unescape(escape(token)) == token
    assert "/" not in escape(token)
