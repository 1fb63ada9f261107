"""JSON pointers (RFC 6901) and local ``$ref`` fragments.

A local reference is a URI fragment: ``#`` is the root, ``#/a/b`` a pointer. The
fragment is percent-decoded first (RFC 3986), then each token is unescaped (``~1`` is
``/``, ``~0`` is ``~``). ``#name`` (a plain-name fragment, i.e. an ``$anchor``) is not
a pointer. Every resolver in toolcanon goes through this module, so a reference means
the same thing to the checker, the strict transform, the models, TypeScript, the docs
and diff.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote, unquote

Pointer = tuple[str, ...]

# Characters a URI fragment may hold as they are (RFC 3986 pchar, plus "/" and "?").
_FRAGMENT_SAFE = "/?:@!$&'()*+,;=-._~"


def escape(token: str | int) -> str:
    """One pointer token as written in a pointer (``a/b`` → ``a~1b``)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """The name a pointer token stands for (``a~1b`` → ``a/b``)."""
    return token.replace("~1", "/").replace("~0", "~")


def parse_ref(ref: str) -> Pointer | None:
    """The pointer tokens of a local reference, or None when ``ref`` is not one.

    ``#`` → ``()``; ``#/$defs/a%20b`` → ``("$defs", "a b")``; ``other.json#/x``,
    ``#anchor`` and relative URIs → None (toolcanon never fetches or guesses).
    """
    if not ref.startswith("#"):
        return None
    fragment = unquote(ref[1:])
    if fragment == "":
        return ()
    if not fragment.startswith("/"):
        return None
    return tuple(unescape(token) for token in fragment[1:].split("/"))


def to_ref(tokens: Sequence[str | int]) -> str:
    """The local reference of a pointer: ``("$defs", "a b")`` → ``#/$defs/a%20b``."""
    return "#" + "".join("/" + quote(escape(token), safe=_FRAGMENT_SAFE) for token in tokens)


def resolve(root: Any, tokens: Sequence[str | int]) -> tuple[bool, Any]:
    """Follow ``tokens`` from ``root``: (found, value). Arrays take decimal indexes."""
    found = locate(root, tokens)
    return (False, None) if found is None else (True, found[0])


def locate(root: Any, tokens: Sequence[str | int]) -> tuple[Any, tuple[str | int, ...]] | None:
    """Like :func:`resolve`, with the JSON path walked (array indexes as ints), or None."""
    node, path = root, []
    for token in tokens:
        step: str | int
        if isinstance(node, Mapping):
            if token not in node:
                return None
            node, step = node[token], token
        elif isinstance(node, list | tuple):
            index = _index(token)
            if index is None or index >= len(node):
                return None
            node, step = node[index], index
        else:
            return None
        path.append(step)
    return node, tuple(path)


def lookup(root: Any, ref: str) -> tuple[bool, Any]:
    """The value a local reference points to: (found, value); not local → not found."""
    tokens = parse_ref(ref)
    if tokens is None:
        return False, None
    return resolve(root, tokens)


def _index(token: str | int) -> int | None:
    """An array index token: digits without a leading zero (RFC 6901)."""
    if isinstance(token, int):
        return token if token >= 0 else None
    if not token.isascii() or not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        return None
    return int(token)
