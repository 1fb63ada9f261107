"""The one reporter: diagnostics as text (default), JSON, or GitHub annotations."""

from __future__ import annotations

import json
from collections.abc import Sequence

from generator.diagnostics import Diagnostic, format_path

FORMATS = ("text", "json", "github")


def format_text(diagnostic: Diagnostic) -> str:
    """``file:line:col: severity[code]: tool 'x': $.path: message (hint)``."""
    where = diagnostic.position
    parts = [
        f"{where.file}:{where.line}:{where.column}: "
        f"{diagnostic.severity.value}[{diagnostic.code}]:"
    ]
    if diagnostic.tool is not None:
        parts.append(f" tool '{_printable(diagnostic.tool)}':")
    if diagnostic.path:
        parts.append(f" {format_path(diagnostic.path)}:")
    parts.append(f" {diagnostic.message}")
    if diagnostic.hint:
        parts.append(f" ({diagnostic.hint})")
    return "".join(parts)


def _printable(text: str) -> str:
    """Control characters in a name would garble a terminal: show them escaped."""
    return text if text.isprintable() else json.dumps(text, ensure_ascii=False)[1:-1]


def as_json(diagnostic: Diagnostic) -> dict[str, object]:
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


def _github(diagnostic: Diagnostic) -> str:
    where = diagnostic.position
    level = "error" if diagnostic.severity.value == "error" else "warning"
    text = format_text(diagnostic).split(": ", 2)[-1]
    escaped = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return (
        f"::{level} file={where.file},line={where.line},col={where.column},"
        f"title=toolcanon {diagnostic.code}::{escaped}"
    )


def render(diagnostics: Sequence[Diagnostic], fmt: str) -> str:
    """All diagnostics in one format; empty text when there are none (except JSON: [])."""
    if fmt == "json":
        return json.dumps([as_json(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
    lines = [(_github if fmt == "github" else format_text)(d) for d in diagnostics]
    return "".join(line + "\n" for line in lines)
