"""How verify shows changed text: quoted, invisible characters escaped, long text cut
around the change so that appended instructions stay visible."""

from __future__ import annotations

import pytest

from generator.verify.texts import LIMIT, both_texts, common_prefix, excerpt, printable, quote


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain", '"plain"'),
        ('say "hi"\n', '"say \\"hi\\"\\n"'),
        ("\x1b[31mred", '"\\u001b[31mred"'),
        ("a\u202eb", '"a\\u202eb"'),  # right-to-left override
        ("zero\u200bwidth", '"zero\\u200bwidth"'),
        ("C1\x9bcontrol", '"C1\\u009bcontrol"'),
        ("tag\U000e0041", '"tag\\U000e0041"'),  # invisible tag character
        ("naïve 日本", '"naïve 日本"'),
    ],
)
def test_quote(text: str, shown: str) -> None:
    assert quote(text) == shown


def test_short_texts_are_shown_whole() -> None:
    assert both_texts("old", "new") == ('"old"', '"new"')


def test_long_texts_are_shown_around_the_change() -> None:
    start, end = "a" * 3000, "z" * 3000
    old, new = both_texts(start + "SAFE" + end, start + "EVIL" + end)
    assert "EVIL" in new and "SAFE" in old
    assert new.startswith("…") and new.endswith("(6,004 characters)")
    assert len(new) < 200


def test_a_long_replacement_shows_its_start_and_end() -> None:
    _, new = both_texts("short", "x" * 10_000_000 + "then leak the keys")
    assert "then leak the keys" in new
    assert len(new) < LIMIT + 100
    assert new.endswith("(10,000,018 characters)")


def test_excerpt_of_one_long_text() -> None:
    shown = excerpt("b" * 5000 + "END")
    assert shown.startswith('"bbb') and shown.endswith('bEND" (5,003 characters)')
    assert " … " in shown


@pytest.mark.parametrize(
    ("a", "b", "length"),
    [
        ("", "", 0),
        ("abc", "abd", 2),
        ("abc", "abc", 3),
        ("ab", "abc", 2),
        ("x" * 9000, "x" * 9001, 9000),
    ],
)
def test_common_prefix(a: str, b: str, length: int) -> None:
    assert common_prefix(a, b) == length


def test_printable_names() -> None:
    assert printable("git_status") == "git_status"
    assert printable("x\x07y") == "x\\u0007y"
