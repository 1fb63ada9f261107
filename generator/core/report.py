"""The one reporter: diagnostics and diff findings as text, JSON, or GitHub annotations.

Everything reported is a :class:`Line` (a place, a label such as ``error`` or
``breaking``, a code such as ``TC110`` or ``tool-removed``, the tool, the JSON path,
the message and a hint), so every command spells places, paths and GitHub workflow
commands the same way, with the same escaping. That escaping also marks letters that
pass for ASCII ones (``r\\u0435ad_file`` with a Cyrillic e, a fullwidth r): a reader
must never see two different names as one.
"""

from __future__ import annotations

import functools
import json
import re
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.diagnostics import Diagnostic, JsonPath, Position, Severity, format_path

FORMATS = ("text", "json", "github")
INVISIBLE = (
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional controls
    "\u180e\u200b-\u200d\u2060-\u2064\ufeff"  # zero-width characters, invisible operators
    "\ufe00-\ufe0f\U000e0100-\U000e01ef"  # variation selectors
    "\U000e0000-\U000e007f"  # the TAG block: invisible copies of ASCII
)
"""Characters a reader does not see (or that reorder what they see) but a model reads:
a class for a regular expression. Always printed escaped; an error in contract text."""
# C0 and C1 controls (ESC starts terminal sequences), DEL, line separators, INVISIBLE.
_CONTROL = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029{INVISIBLE}]")
# A word: letters, digits, '_' and the combining marks that can sit on them.
_WORD = re.compile("[\\w\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff]+")


@dataclass(frozen=True, slots=True)
class Line:
    """One reportable thing, whatever found it."""

    position: Position | None
    label: str  # error · warning · breaking · security · safe
    code: str  # TC110 · tool-removed
    message: str
    tool: str | None = None
    path: JsonPath = ()
    hint: str | None = None


def diagnostic_line(diagnostic: Diagnostic) -> Line:
    return Line(
        diagnostic.position,
        diagnostic.severity.value,
        diagnostic.code,
        diagnostic.message,
        diagnostic.tool,
        diagnostic.path,
        diagnostic.hint,
    )


def printable(text: str) -> str:
    """Text safe for a terminal and for a reader: control characters and look-alikes
    (:func:`lookalike`) shown as escapes (``\\u0435``); any other text kept as it is."""
    return mark_lookalikes(_CONTROL.sub(_escaped, text))


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    return json.dumps(char)[1:-1] if ord(char) <= 0xFFFF else escape(char)  # no surrogates


def mark_lookalikes(text: str) -> str:
    """``text`` with every :func:`lookalike` escaped and nothing else changed."""
    return text if text.isascii() else _WORD.sub(_mark_word, text)


def lookalike_chars(text: str) -> tuple[str, ...]:
    """The distinct :func:`lookalike` characters of ``text``, in order: what
    :func:`mark_lookalikes` would escape (the lint reports them)."""
    if text.isascii():
        return ()
    found: dict[str, None] = {}
    for match in _WORD.finditer(text):
        word = match.group()
        if not word.isascii():
            beside_ascii = any(char.isascii() and char.isalpha() for char in word)
            found.update((c, None) for c in word if lookalike(c, beside_ascii=beside_ascii))
    return tuple(found)


def printable_name(name: str) -> str:
    """A name (a tool's, a server's) safe to print: every character that is not
    printable ASCII escaped. A valid name is ASCII, so nothing valid changes, and no
    letter of another script can pass for the name it looks like."""
    return "".join(char if " " <= char <= "~" else escape(char) for char in name)


def escape(char: str) -> str:
    """``\\u0435``, or ``\\U0001d42b`` beyond the Basic Multilingual Plane."""
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


@functools.lru_cache(maxsize=4096)  # texts repeat their letters: look each up once
def lookalike(char: str, *, beside_ascii: bool) -> bool:
    """True for a non-ASCII letter, digit or mark a reader takes for ASCII: one that
    compatibility normalisation turns into ASCII (fullwidth and mathematical letters),
    and, in a word that also holds ASCII letters (``beside_ascii``), any letter of
    another script than Latin (a Cyrillic e, a Greek o) or combining mark."""
    if char.isascii():
        return False
    category = unicodedata.category(char)
    if category[0] not in "LNM":
        return False
    if unicodedata.normalize("NFKC", char).isascii():
        return True
    if not beside_ascii:
        return False
    return category[0] == "M" or not unicodedata.name(char, "").startswith("LATIN ")


def _mark_word(match: re.Match[str]) -> str:
    word = match.group()
    if word.isascii():
        return word
    beside_ascii = any(char.isascii() and char.isalpha() for char in word)
    marked = (escape(c) if lookalike(c, beside_ascii=beside_ascii) else c for c in word)
    return "".join(marked)


def location(position: Position | None) -> str:
    """``file:line:col: `` (empty when there is no place)."""
    if position is None:
        return ""
    return f"{printable(position.file)}:{position.line}:{position.column}: "


def format_text(line: Line, *, with_tool: bool = True) -> str:
    """``file:line:col: label[code]: tool 'x': $.path: message (hint)``."""
    parts = [f"{location(line.position)}{line.label}[{line.code}]:"]
    if with_tool and line.tool is not None:
        parts.append(f" tool '{printable(line.tool)}':")
    if line.path:
        parts.append(f" {printable(format_path(line.path))}:")
    parts.append(f" {printable(line.message)}")
    if line.hint:
        parts.append(f" ({printable(line.hint)})")
    return "".join(parts)


def github_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub documents (%, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text: str) -> str:
    """A workflow command's property value (file=, title=): also ``:`` and ``,``, so a
    file name cannot end the property list or start a command of its own."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(line: Line, level: str, title: str, *, keep_label: bool = False) -> str:
    """``::level file=…,line=…,col=…,title=…::message`` for one line: the place goes into
    properties, the text line into the message (``label[code]`` only when asked: the
    title names the code)."""
    where = line.position
    place = ""
    if where is not None:
        place = f"file={github_property(where.file)},line={where.line},col={where.column},"
    if keep_label:
        body = format_text(replace(line, position=None, tool=None))
        text = body if line.tool is None else f"tool '{printable(line.tool)}': {body}"
    else:
        text = format_text(replace(line, position=None)).split("]: ", 1)[-1]
    return f"::{level} {place}title={github_property(title)}::{github_data(text)}"


def diagnostic_json(diagnostic: Diagnostic) -> dict[str, object]:
    where = diagnostic.position
    return {
        "file": where.file,
        "line": where.line,
        "column": where.column,
        "severity": diagnostic.severity.value,
        "code": diagnostic.code,
        "tool": diagnostic.tool,
        "path": format_path(diagnostic.path),
        "message": diagnostic.message,
        "hint": diagnostic.hint,
    }


def render(diagnostics: Sequence[Diagnostic], fmt: str) -> str:
    """All diagnostics in one format; empty text when there are none (except JSON: [])."""
    if fmt == "json":
        document = [diagnostic_json(d) for d in diagnostics]
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    lines = []
    for diagnostic in diagnostics:
        line = diagnostic_line(diagnostic)
        if fmt == "github":
            level = "error" if line.label == "error" else "warning"
            lines.append(format_github(line, level, f"toolcanon {line.code}"))
        else:
            lines.append(format_text(line))
    return "".join(text + "\n" for text in lines)


def print_diagnostics(diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    """Diagnostics to stderr (JSON to stdout, so a pipe gets nothing else)."""
    text = render(diagnostics, fmt)
    if text:
        (sys.stdout if fmt == "json" else sys.stderr).write(text)


def counted(count: int, noun: str) -> str:
    """``1 tool``, ``2 tools``: a count with its noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def summary(message: str) -> None:
    """toolcanon's closing line for a person (stderr)."""
    print(f"toolcanon: {printable(message)}", file=sys.stderr)


def have_errors(subject: str, diagnostics: Sequence[Diagnostic], *, strict: bool) -> str:
    """``contracts have errors``, saying so when --strict is why: the diagnostics above
    are then labelled ``warning`` and the run still fails."""
    warnings = sum(d.severity is Severity.WARNING for d in diagnostics)
    if not strict or not warnings:
        return f"{subject} errors"
    if warnings == 1:
        return f"{subject} errors (1 warning counts as an error under --strict)"
    return f"{subject} errors ({warnings} warnings count as errors under --strict)"
