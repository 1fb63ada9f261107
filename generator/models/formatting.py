"""black over the models' code: ``black.format_str``'s result, for less than its price.

``format_str`` formats the code, and when that changed anything formats the result a
second time: the first pass can add a trailing comma where it splits a bracket, or make
parentheses visible, and on the second pass such a comma is a "magic" one that may split
the line differently. That second pass is half of black's time on the models, and almost
always changes nothing. black decides each top-level statement's lines from its tokens
(trailing commas included) and not from where its lines were broken, so a statement
whose first pass changed only whitespace, line breaks and the quoting of strings gets the
same tokens in the second pass and comes out as it went in. Only the statements where the
first pass added or removed anything else (a comma, a parenthesis) get the second pass,
all of them in one call; if the statements do not line up, the whole code gets it, as
``format_str`` does. tests/unit/models/test_pieces.py compares the result with ``format_str``.

black's cost per statement also grows with the size of its input (its time for 800
tools is four times its time for 200, twice over), so the model stage formats each run of
at most a few hundred tools on its own.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

LINE_LENGTH = 100  # black's line length for the generated models

_LAYOUT = re.compile(r"[\s'\"\\]+")
"""What a first pass may change without changing a statement's tokens for the second:
whitespace and line breaks, and the quotes (and escapes) of strings."""

Formatter = Callable[[str], str]


def format_code(source: str) -> str:
    """What ``black.format_str`` makes of ``source`` (line length 100, Python 3.11)."""
    once = _single_pass()
    first = once(source)
    if first == source:
        return first
    before, after = _statements(source), _statements(first)
    if before is None or after is None or len(before) != len(after):
        return once(first)  # format_str's second pass, over everything
    redo = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if _changed(a, b)]
    if not redo:
        return first
    return _again(first, after, redo, once) or once(first)


def _single_pass() -> Formatter:
    """black's single pass with a fixed mode (output does not depend on any black
    configuration around); ``format_str`` itself where black has no single pass to call
    (then the second pass of this module is a no-op: ``format_str`` was stable)."""
    # lazy: black loads only when models are formatted
    import black
    from black.mode import Mode, TargetVersion

    mode = Mode(line_length=LINE_LENGTH, target_versions={TargetVersion.PY311})
    single = getattr(black, "_format_str_once", None) or black.format_str

    def once(text: str) -> str:
        return str(single(text, mode=mode))

    return once


Span = tuple[int, int, str]  # first line index, end line index (exclusive), text


def _statements(code: str) -> list[Span] | None:
    """Each top-level statement of ``code`` with its lines."""
    try:
        nodes = ast.parse(code).body
    except SyntaxError:
        return None
    lines = code.splitlines(keepends=True)
    spans = []
    for node in nodes:
        decorators = getattr(node, "decorator_list", [])
        start = min([node.lineno, *(d.lineno for d in decorators)]) - 1
        end = node.end_lineno or start + 1
        spans.append((start, end, "".join(lines[start:end])))
    return spans


def _changed(before: Span, after: Span) -> bool:
    """True when the first pass changed more of the statement than its layout."""
    return _LAYOUT.sub("", before[2]) != _LAYOUT.sub("", after[2])


def _again(code: str, spans: list[Span], redo: list[int], once: Formatter) -> str | None:
    """``code`` with the statements ``redo`` formatted once more (all in one call); None
    when the statements that come back do not line up with those sent."""
    sent = "\n\n\n".join(spans[i][2].rstrip("\n") for i in redo) + "\n"
    back = _statements(once(sent))
    if back is None or len(back) != len(redo):
        return None
    lines = code.splitlines(keepends=True)
    for index, (_, _, text) in sorted(zip(redo, back, strict=True), reverse=True):
        start, end, _ = spans[index]
        lines[start:end] = [text if text.endswith("\n") else text + "\n"]
    return "".join(lines)
