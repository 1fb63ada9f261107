"""Diagnostics as values: every stage returns them, one reporter prints them."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

JsonPath = tuple[str | int, ...]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Position:
    """A place in a source file, 1-based like every editor."""

    file: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding about the input, with where it is and what to change.

    ``path`` is a JSON path relative to the tool when ``tool`` is set,
    else relative to the file.
    """

    position: Position
    message: str
    code: str
    severity: Severity = Severity.ERROR
    tool: str | None = None
    path: JsonPath = ()
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (
            self.position.file,
            self.position.line,
            self.position.column,
            self.code,
            self.message,
        )


def format_path(path: Sequence[str | int]) -> str:
    """Render a JSON path as ``$.a.b[0]['odd key']``."""
    out = ["$"]
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part.isidentifier():
            out.append(f".{part}")
        else:
            escaped = part.replace("\\", "\\\\").replace("'", "\\'")
            out.append(f"['{escaped}']")
    return "".join(out)


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in file, line, column order, duplicates dropped."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def has_errors(diagnostics: Iterable[Diagnostic], *, strict: bool = False) -> bool:
    """True when any diagnostic blocks generation (warnings too under --strict)."""
    return any(d.severity is Severity.ERROR or strict for d in diagnostics)


class ContractError(Exception):
    """Raised by a stage that cannot go on; carries every diagnostic found so far."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        count = len(diagnostics)
        super().__init__(f"{count} diagnostic{'' if count == 1 else 's'}")
        self.diagnostics = tuple(diagnostics)


COMMAND_LINE = "<command line>"


def usage(message: str, hint: str | None = None) -> Diagnostic:
    """A problem with the command line itself (exit 2 like any bad input)."""
    return Diagnostic(Position(COMMAND_LINE, 1, 1), message, "TC000", hint=hint)
