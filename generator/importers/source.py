"""Reading a JSON source file and telling which format it is in."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.contracts.loader import load_file
from generator.contracts.yaml_source import MAX_FILE_BYTES
from generator.core.diagnostics import ContractError, Diagnostic, JsonPath, Position
from generator.core.jsondata import JsonProblem, KeysGivenTwice, loads
from generator.importers.draft import SOURCE_UNREADABLE, Locator, at_start

SCHEMA_KEYS = ("inputSchema", "parameters", "input_schema")


DUPLICATE_KEY = "TC004"  # the contract loader's code for a key given twice
HINT = "JSON readers differ in which one they keep: remove or rename one"


def read_json(path: Path, display: str) -> tuple[Any, Locator]:
    """The data of a JSON file and a locator for its nodes; ContractError when unreadable,
    larger than a contract may be, too deep, or not JSON."""
    try:
        raw = _read_regular(path, display)
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContractError([_unreadable(display, f"cannot read the file: {exc}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        limit = MAX_FILE_BYTES // (1024 * 1024)
        message = f"the source is larger than {limit} MiB, the most a contract may hold"
        raise ContractError([_unreadable(display, message)])
    keys = KeysGivenTwice()
    try:
        data = loads(text, object_pairs_hook=keys)
    except JsonProblem as problem:
        where = Position(display, problem.line, problem.column)
        raise ContractError([Diagnostic(where, problem.message, SOURCE_UNREADABLE)]) from None
    if keys.twice is not None:  # json says which key, not where: the loader does
        raise ContractError(_duplicates(path, display, keys.twice))
    return data, _locator(path, display)


def _read_regular(path: Path, display: str) -> bytes:
    """The first bytes of a regular file (a FIFO put in its place is never waited on)."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(handle, "rb") as stream:
        kind = _kind(os.fstat(handle).st_mode)
        if kind is not None:
            raise ContractError([_unreadable(display, f"the source is {kind}, not a file")])
        return stream.read(MAX_FILE_BYTES + 1)


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file (None when it is)."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def source_problem(path: Path) -> str | None:
    """Why ``path`` cannot be an import source (None when it is a regular file, or a
    link to one)."""
    try:
        kind = _kind(path.stat().st_mode)
    except FileNotFoundError:
        if path.is_symlink():
            return f"source file '{path}' is a symbolic link to a missing file"
        return f"source file '{path}' does not exist"
    except OSError as exc:
        return f"source file '{path}' cannot be read: {exc.strerror}"
    if kind is None:
        return None
    return f"source '{path}' is {kind}, not a file: name the JSON file that lists the tools"


def _duplicates(path: Path, display: str, message: str) -> list[Diagnostic]:
    """Every key given twice in one object, at its second place (the contract loader
    reads JSON as YAML 1.2 and reports each); 1:1 when it cannot follow the file."""
    try:
        load_file(path, display)
    except ContractError as error:
        found = [
            Diagnostic(d.position, f"not valid JSON: {d.message}", SOURCE_UNREADABLE, hint=HINT)
            for d in error.diagnostics
            if d.code == DUPLICATE_KEY
        ]
        if found:
            return found
    except RecursionError:
        pass
    return [_unreadable(display, f"not valid JSON: {message}")]


def _unreadable(display: str, message: str) -> Diagnostic:
    return Diagnostic(Position(display, 1, 1), message, SOURCE_UNREADABLE)


def _locator(path: Path, display: str) -> Locator:
    """Positions of JSON nodes, read with the contract loader (JSON is YAML 1.2).

    Only for pointing at lines: the data comes from ``json``. A file the YAML
    reader cannot follow gets 1:1 everywhere.
    """
    try:
        loaded = load_file(path, display)
    except (ContractError, RecursionError):
        return at_start(display)
    return loaded.position


def tool_list(data: Any) -> tuple[list[Any], JsonPath] | None:
    """The list of tools in ``data`` and where it sits: a bare list, ``{tools}``, or a
    JSON-RPC response ``{result: {tools}}``."""
    if isinstance(data, list):
        return data, ()
    if isinstance(data, Mapping):
        if isinstance(data.get("tools"), list):
            return data["tools"], ("tools",)
        result = data.get("result")
        if isinstance(result, Mapping) and isinstance(result.get("tools"), list):
            return result["tools"], ("result", "tools")
    return None


def classify(item: Any) -> str | None:
    """The format one tool entry looks like; ``legacy`` when it is not clearly one.

    None for a provider's built-in tool (``{type: web_search_preview}``,
    ``{type: bash_20250124, name: bash}``): it fits any provider format.
    """
    if not isinstance(item, Mapping):
        return "legacy"
    schemas = [key for key in SCHEMA_KEYS if key in item]
    if item.get("type") == "function":
        if isinstance(item.get("function"), Mapping) and not schemas:
            return "openai-chat"
        if "function" not in item and schemas in ([], ["parameters"]):
            return "openai-responses"
    elif "function" not in item and len(schemas) == 1:
        return {"inputSchema": "mcp", "input_schema": "anthropic"}.get(schemas[0], "legacy")
    elif "function" not in item and not schemas and isinstance(item.get("type"), str):
        return None
    return "legacy"


def detect(data: Any) -> str | None:
    """The format of a whole source: the one its entries agree on, else ``legacy``."""
    found = tool_list(data)
    if found is None or not found[0]:
        return None
    kinds = {classify(item) for item in found[0]} - {None}
    if not kinds:
        return None
    kind = kinds.pop() if len(kinds) == 1 else "legacy"
    return kind
