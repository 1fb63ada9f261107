"""Exact token counts of concatenated texts from the counts of their pieces.

A BPE encoding first splits text into pre-tokens with a regular expression, then encodes
each pre-token alone. Compact JSON is mostly runs of ASCII punctuation (``"},{"``) between
words. In both o200k_base and cl100k_base, a run of ASCII punctuation that follows an ASCII
letter or digit and is followed by one is a pre-token of its own, as long as it is two or
more characters long (a single one joins the word after it: ``"type``). So when text A
ends with such a run after a letter or digit (its tail) and text B starts with a run of two
or more before one (its head), the pre-tokens of A + glue + B are those of A and of B with
the tail and the head replaced by tail + glue + head, and

    tokens(A + glue + B) = tokens(A) + tokens(B) - tokens(tail A) - tokens(head B)
                           + tokens(tail A + glue + head B)

for any glue of ASCII punctuation (the ``,`` between two entries of a list). Where an
edge is not of that shape (a description ending in "。" before its closing quote), the
texts are joined and counted whole, so the result is always the exact count of the joined
text; tests compare it with a direct count. Counts are memoised per text for one ``Tally``,
so a property schema or a description that recurs across tools and targets is encoded once.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.tokens.encoding import encoder

_PUNCT = string.punctuation
_ALNUM = frozenset(string.ascii_letters + string.digits)
# A space between two ASCII letters always starts a pre-token (" word"), whatever came before.
_WORD_BREAK = re.compile(r"(?<=[A-Za-z]) (?=[A-Za-z])")


@dataclass(frozen=True, slots=True)
class Counted:
    """A text's token count and its joinable edges (None where an edge is not joinable),
    with the tokens of each edge."""

    tokens: int
    head: str | None
    tail: str | None
    head_tokens: int = 0
    tail_tokens: int = 0


def head_run(text: str) -> str | None:
    """The leading ASCII punctuation run when joinable: two or more, then a letter or digit."""
    end = len(text) - len(text.lstrip(_PUNCT))
    return text[:end] if end >= 2 and end < len(text) and text[end] in _ALNUM else None


def tail_run(text: str) -> str | None:
    """The trailing ASCII punctuation run when joinable: after a letter or digit."""
    start = len(text.rstrip(_PUNCT))
    return text[start:] if 0 < start < len(text) and text[start - 1] in _ALNUM else None


def _is_glue(text: str) -> bool:
    return not text.strip(_PUNCT)


class Tally:
    """Counts texts in one encoding, remembering every text it has counted."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self._encode = encoder(encoding).encode_ordinary
        self._memo: dict[str, Counted] = {}
        self._runs: dict[str, int] = {}
        self._breaks: dict[str, int] = {}

    def text(self, text: str) -> Counted:
        """The count of ``text`` and its edges."""
        found = self._memo.get(text)
        if found is None:
            head, tail = head_run(text), tail_run(text)
            found = Counted(
                len(self._encode(text)),
                head,
                tail,
                self._run(head) if head else 0,
                self._run(tail) if tail else 0,
            )
            self._memo[text] = found
        return found

    def prefixed(self, prefix: str, text: str) -> int:
        """The exact count of ``prefix + text``, with ``text`` from its first word break on
        counted (and remembered) apart: a description recurs, its tool's name does not."""
        cut = self._breaks.get(text)
        if cut is None:
            found = _WORD_BREAK.search(text)
            cut = self._breaks[text] = -1 if found is None else found.start()
        if cut < 0:
            return self.text(prefix + text).tokens
        return self.text(prefix + text[:cut]).tokens + self.text(text[cut:]).tokens

    def joined(self, texts: Sequence[str]) -> Counted:
        """The exact count of ``"".join(texts)``; neighbours whose edge cannot join are merged."""
        if not texts:
            return self.text("")
        count, known = self.text, self._memo.get
        total = 0
        first: Counted | None = None  # the first group, once closed
        last: Counted | None = None  # the last group closed
        pending_text, pending = texts[0], count(texts[0])
        for text in texts[1:]:
            counted = known(text) or count(text)
            if pending.tail is None or counted.head is None:
                pending_text += text
                pending = count(pending_text)
                continue
            total += pending.tokens + (self._junction(last, pending) if last else 0)
            first, last = first or pending, pending
            pending_text, pending = text, counted
        total += pending.tokens + (self._junction(last, pending) if last else 0)
        first = first or pending
        return Counted(total, first.head, pending.tail, first.head_tokens, pending.tail_tokens)

    def _junction(self, left: Counted, right: Counted) -> int:
        """What joining two counted texts adds: their edge runs become one pre-token."""
        assert left.tail is not None and right.head is not None
        return self._run(left.tail + right.head) - left.tail_tokens - right.head_tokens

    def concat(
        self, items: Sequence[Counted], glue: Sequence[str], text_of: Callable[[int], str]
    ) -> Counted:
        """The count of ``glue[0] + items[0] + glue[1] + … + items[-1] + glue[-1]``.

        ``text_of(i)`` is the text of ``items[i]``: where an edge cannot be joined, the
        items on both sides are counted as one text instead.
        """
        beyond_punctuation = not (_is_glue(glue[0]) and _is_glue(glue[-1]))
        if items and len(glue) == len(items) + 1 and beyond_punctuation:
            return self._outer_as_items(items, glue, text_of)
        groups: list[Counted] = []
        outer = [glue[0]]
        start = 0
        current = items[0]
        for index in range(1, len(items)):
            if current.tail is not None and items[index].head is not None:
                groups.append(current)
                outer.append(glue[index])
                start, current = index, items[index]
            else:
                current = self.text(_spliced(start, index, glue, text_of))
        groups.append(current)
        outer.append(glue[-1])
        combined = self.combine(groups, outer)
        if combined is None:  # an outer edge: count everything as one text
            return self.text(glue[0] + _spliced(0, len(items) - 1, glue, text_of) + glue[-1])
        return combined

    def _outer_as_items(
        self, items: Sequence[Counted], glue: Sequence[str], text_of: Callable[[int], str]
    ) -> Counted:
        """:meth:`concat` where the text before or after the items is more than punctuation
        (an MCP result's ``],"ttlMs":0,…}`` after its list): that text becomes an item of
        its own, joined with empty glue, so a long listing is still counted from its
        entries' counts instead of being encoded whole."""
        lead = [] if _is_glue(glue[0]) else [self.text(glue[0])]
        trail = [] if _is_glue(glue[-1]) else [self.text(glue[-1])]
        before = ["", ""] if lead else [glue[0]]
        after = ["", ""] if trail else [glue[-1]]
        offset, last = len(lead), len(lead) + len(items)

        def text(index: int) -> str:
            if index < offset:
                return glue[0]
            return glue[-1] if index == last else text_of(index - offset)

        joined = [*lead, *items, *trail]
        return self.concat(joined, [*before, *glue[1:-1], *after], text)

    def combine(self, items: Sequence[Counted], glue: Sequence[str]) -> Counted | None:
        """Join counted items with punctuation ``glue`` (one more than items); None if unsafe."""
        if not items or len(glue) != len(items) + 1 or not all(map(_is_glue, glue)):
            return None
        total = sum(item.tokens for item in items)
        for left, sep, right in zip(items[:-1], glue[1:-1], items[1:], strict=True):
            if left.tail is None or right.head is None:
                return None
            total += self._run(left.tail + sep + right.head) - left.tail_tokens - right.head_tokens
        first, last = items[0], items[-1]
        head, tail = first.head, last.tail
        if glue[0]:
            if head is None:
                return None
            head = glue[0] + head
            total += self._run(head) - first.head_tokens
        if glue[-1]:
            if tail is None:
                return None
            tail = tail + glue[-1]
            total += self._run(tail) - last.tail_tokens
        return Counted(
            total,
            head,
            tail,
            self._run(head) if head else 0,
            self._run(tail) if tail else 0,
        )

    def _run(self, run: str) -> int:
        """Tokens of one punctuation run, which is always one pre-token."""
        found = self._runs.get(run)
        if found is None:
            found = self._runs[run] = len(self._encode(run))
        return found


def _spliced(first: int, last: int, glue: Sequence[str], text_of: Callable[[int], str]) -> str:
    """Items ``first..last`` with the glue between them."""
    pieces = [text_of(first)]
    for index in range(first + 1, last + 1):
        pieces += [glue[index], text_of(index)]
    return "".join(pieces)
