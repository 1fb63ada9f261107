"""Finding and reading the config file, with a line for every key.

TOML parsers give no positions, so the line of a key is found in the text of the
``[tool.toolcanon]`` table; YAML positions come from the contract loader.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.diagnostics import ContractError, Diagnostic, JsonPath, Position

PYPROJECT = "pyproject.toml"
YAML_CONFIG = "toolcanon.yaml"
CODE = "TC050"

_TABLE = re.compile(
    r"""^\s*\[\s*tool\s*\.\s*(?:toolcanon|"toolcanon"|'toolcanon')\s*\]\s*(?:#.*)?$"""
)
_HEADER = re.compile(r"^\s*\[")
_BOUNDARIES = (".git", ".hg")


@dataclass(frozen=True, slots=True)
class ConfigText:
    """A config file's toolcanon table, and where each key of it is written."""

    path: Path
    display: str
    table: Mapping[str, Any]
    positions: Mapping[JsonPath, Position] = field(default_factory=dict)

    def position(self, key: str) -> Position:
        """Where ``key`` is written; the start of the table when it is not written."""
        return self.positions.get((key,)) or self.positions.get(()) or Position(self.display, 1, 1)

    def nested_position(self, path: JsonPath) -> Position:
        """Where the deepest key of ``path`` the reader placed is written (YAML places
        nested keys, TOML only the top ones), else where ``path[0]`` is."""
        for end in range(len(path), 1, -1):
            found = self.positions.get(path[:end])
            if found is not None:
                return found
        return self.position(str(path[0]))


def find_config(start: Path) -> Path | None:
    """The nearest pyproject.toml with ``[tool.toolcanon]`` or toolcanon.yaml.

    Looks in ``start`` and its parents, and stops at the top of a repository.
    """
    for folder in (start, *start.parents):
        pyproject = folder / PYPROJECT
        if pyproject.is_file() and _mentions_toolcanon(pyproject):
            return pyproject
        if (folder / YAML_CONFIG).is_file():
            return folder / YAML_CONFIG
        if any((folder / marker).exists() for marker in _BOUNDARIES):
            return None
    return None


def _mentions_toolcanon(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return True  # read_config reports why it cannot be read
    try:
        return "toolcanon" in tomllib.loads(text).get("tool", {})
    except tomllib.TOMLDecodeError:
        return "toolcanon" in text  # ours, broken: report the syntax error


def display_path(path: Path, base: Path) -> str:
    """``path`` as diagnostics show it: relative to the working folder when inside it."""
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return os.path.relpath(path, base) if path.anchor == base.anchor else path.as_posix()


def read_config(path: Path, base: Path) -> ConfigText:
    """Read the toolcanon settings of ``path`` (TOML or YAML). Raises ContractError."""
    display = display_path(path, base)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContractError([_error(display, 1, f"cannot read config: {exc}")]) from None
    if path.suffix in (".yaml", ".yml"):
        return _yaml_config(path, display)
    return _toml_config(path, display, text)


def _yaml_config(path: Path, display: str) -> ConfigText:
    # lazy: the loader imports yaml, which a pyproject.toml config (check's fast path) never needs
    from generator.contracts.loader import load_file

    loaded = load_file(path, display, allow_empty=True)  # comments only: every default
    positions = {key: loaded.position(key) for key in loaded.positions}
    if loaded.data is None:
        return ConfigText(path, display, {}, positions)
    if not isinstance(loaded.data, Mapping):
        raise ContractError([_error(display, 1, f"{path.name} must hold a mapping of settings")])
    return ConfigText(path, display, loaded.data, positions)


def _toml_config(path: Path, display: str, text: str) -> ConfigText:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", 1)
        raise ContractError([_error(display, line, f"invalid TOML: {exc}")]) from None
    table = data.get("tool", {}).get("toolcanon", {})
    if not isinstance(table, Mapping):
        raise ContractError([_error(display, 1, "[tool.toolcanon] must be a table")])
    return ConfigText(path, display, table, toml_positions(text, display, list(table)))


def toml_positions(text: str, display: str, keys: list[str]) -> dict[JsonPath, Position]:
    """Positions of ``keys`` inside the ``[tool.toolcanon]`` table of TOML ``text``.

    ``()`` is the table header. A key written another way (a dotted key under
    ``[tool]``, an inline table) is placed at the first line that mentions it.
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _TABLE.match(line)), None)
    end = len(lines)
    if start is not None:
        end = next((i for i in range(start + 1, len(lines)) if _HEADER.match(lines[i])), end)
    found: dict[JsonPath, Position] = {}
    if start is not None:
        found[()] = Position(display, start + 1, 1)
    for key in keys:
        spelled = re.compile(
            rf"""^(\s*)(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*="""
        )
        window = range(start + 1, end) if start is not None else range(len(lines))
        hit = next(((i, m) for i in window if (m := spelled.match(lines[i]))), None)
        if hit is not None:
            found[(key,)] = Position(display, hit[0] + 1, len(hit[1].group(1)) + 1)
            continue
        mention = next((i for i, line in enumerate(lines) if key in line), None)
        if mention is not None:
            found[(key,)] = Position(display, mention + 1, lines[mention].find(key) + 1)
    return found


def _error(display: str, line: int, message: str) -> Diagnostic:
    return Diagnostic(Position(display, line, 1), message, CODE)
