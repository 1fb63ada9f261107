"""``clients``: the client profiles whose limits a project is checked against.

``clients = ["cursor", "claude-code"]`` (a list in toolcanon.yaml too). Each entry is
a name of ``core/clients.CLIENTS``; an unknown one, or one named twice, is a config
error (TC050) at the entry itself, with did-you-mean. TOML readers give no positions,
so an entry's column is found in the text of the list.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from generator.core.clients import CLIENTS
from generator.core.diagnostics import Diagnostic, Position
from generator.project.config_file import ConfigText
from generator.project.keys import config_problem
from generator.project.settings import Client

KEY = "clients"
_STRING = re.compile(r"""#[^\n]*|"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|\]""")


def parse_clients(
    text: ConfigText | None, names: Sequence[str] | None
) -> tuple[tuple[Client, ...], list[Diagnostic]]:
    """The checked entries in the order written, and every problem (none without the
    key: a project without ``clients`` is checked against no client)."""
    if text is None or names is None:
        return (), []
    places = _places(text, text.path.read_text("utf-8"), len(names))
    found: list[Client] = []
    problems: list[Diagnostic] = []
    for index, name in enumerate(names):
        where = text.positions.get((KEY, index)) or places[index]
        if name not in CLIENTS:
            problems.append(config_problem(where, f"unknown client '{name}'", _hint(name)))
        elif any(client.name == name for client in found):
            problems.append(config_problem(where, f"client '{name}' is named twice", None))
        else:
            found.append(Client(name, where))
    return tuple(found), problems


def _hint(name: str) -> str:
    known = f"clients are: {', '.join(CLIENTS)}"
    match = difflib.get_close_matches(name, list(CLIENTS), n=1)
    return f"did you mean '{match[0]}'? {known}" if match else known


def _places(text: ConfigText, source: str, count: int) -> list[Position]:
    """Where each of the first ``count`` strings of the list is written, reading on
    from the key (comments skipped); the key's own place for any not found."""
    key = text.position(KEY)
    found = [key] * count
    lines = source.splitlines(keepends=True)
    if text.positions.get((KEY,)) is None or key.line > len(lines):
        return found
    start = sum(len(line) for line in lines[: key.line - 1]) + key.column - 1
    equals = source.find("=", start)
    if equals < 0:
        return found
    index = 0
    for match in _STRING.finditer(source, equals + 1):
        if match.group(0) == "]" or index == count:
            break
        if match.group(0).startswith("#"):
            continue
        found[index] = _position(text.display, source, match.start())
        index += 1
    return found


def _position(display: str, source: str, offset: int) -> Position:
    line = source.count("\n", 0, offset) + 1
    column = offset - (source.rfind("\n", 0, offset) + 1) + 1
    return Position(display, line, column)
