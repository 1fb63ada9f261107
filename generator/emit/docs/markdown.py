"""Markdown escaping for the catalogue: text from contracts must never change its structure.

Three contexts, three filters:

* ``md_cell``: literal text in a table cell (or a heading). Every character Markdown
  could read as syntax is backslash-escaped, ``|`` cannot end the cell, a newline
  becomes ``<br>``, ``<``/``>``/``&`` cannot start HTML or an entity, ``{``/``}``
  cannot form a ``{{ }}`` template expression for a site generator.
* ``md_code``: an inline code span that is safe inside a table row.
* ``md_text``: a description block, kept as Markdown (lists, emphasis, code) but
  unable to open HTML, add a heading, or leave a code fence open for the rest of
  the page.
"""

from __future__ import annotations

import re

_CELL_SPECIAL = frozenset("\\`*_[]<>|{}~&#$!")
_NEWLINE = re.compile(r"\r\n|\r|\n")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^( {0,3})(#)")
_SETEXT = re.compile(r"^( {0,3})([=-])(\2|\s)*$")


def md_cell(text: object) -> str:
    """``text`` as literal content of one table cell: it renders exactly as written."""
    value = "" if text is None else str(text)
    lines = _NEWLINE.split(value)
    escaped = ("".join("\\" + c if c in _CELL_SPECIAL else c for c in line) for line in lines)
    return "<br>".join(escaped)


def md_code(text: object) -> str:
    """``text`` as an inline code span that cannot end a table cell."""
    value = _NEWLINE.sub(" ", "" if text is None else str(text))
    if not value:
        return ""
    if re.search(r"\\\|", value):
        return md_cell(value)  # a backslash before '|' would pair with our escape
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if value.startswith(("`", " ")) or value.endswith(("`", " ")) else ""
    return f"{fence}{pad}{value.replace('|', chr(92) + '|')}{pad}{fence}"


def md_text(text: object) -> str:
    """A description as a Markdown block that stays inside its own section."""
    value = "" if text is None else str(text)
    out: list[str] = []
    fence: str | None = None
    for line in _NEWLINE.split(value.strip("\n")):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and _closes(fence, opened.group(1), line[opened.end() :]):
                fence = None
            out.append(line)
        elif opened:
            fence = opened.group(1)
            out.append(line)
        else:
            out.append(_block_line(line))
    if fence is not None:
        out.append(fence)
    return "\n".join(out)


def _closes(fence: str, marker: str, rest: str) -> bool:
    return marker[0] == fence[0] and len(marker) >= len(fence) and not rest.strip()


def _block_line(line: str) -> str:
    line = _HEADING.sub(r"\1\\\2", line)
    if _SETEXT.match(line):
        indent = len(line) - len(line.lstrip(" "))
        line = line[:indent] + "\\" + line[indent:]
    return _outside_code(line)


def _outside_code(line: str) -> str:
    """Escape ``<`` and ``{``/``}`` everywhere but inside inline code spans."""
    out: list[str] = []
    i = 0
    while i < len(line):
        if line[i] == "`":
            run = re.match(r"`+", line[i:])
            assert run is not None
            ticks = run.group(0)
            close = re.compile(rf"(?<!`){ticks}(?!`)").search(line, i + len(ticks))
            if close is not None:
                out.append(line[i : close.end()])
                i = close.end()
                continue
            out.append(ticks)
            i += len(ticks)
            continue
        char = line[i]
        out.append({"<": "&lt;", "{": "\\{", "}": "\\}"}.get(char, char))
        i += 1
    return "".join(out)
