"""Load YAML contract files into plain JSON data plus a source position for every node.

PyYAML's own constructor is not used: it silently keeps the last of two duplicate
keys, follows aliases without bound and knows YAML 1.1's ``yes``/``no`` booleans.
We compose nodes (with the C parser where present), then build the data ourselves
under the YAML 1.2 core schema, which is what JSON users and editors expect.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from generator.diagnostics import ContractError, Diagnostic, JsonPath, Position

# The C parser is several times faster; pure Python reads the same language.
_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_NODES = 1_000_000
MAX_DEPTH = 128

_TAG = "tag:yaml.org,2002:"
_NULL, _BOOL, _INT, _FLOAT, _STR = (_TAG + t for t in ("null", "bool", "int", "float", "str"))
_SEQ, _MAP, _MERGE, _TIMESTAMP = (_TAG + t for t in ("seq", "map", "merge", "timestamp"))


class _Yaml12Loader(_BaseLoader):  # type: ignore[misc]
    """Resolves plain scalars by the YAML 1.2 core schema (``on`` stays a string)."""

    # Our own table, not a copy of YAML 1.1's.
    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}


def _add_resolver(tag: str, pattern: str, first: str) -> None:
    _Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


_add_resolver(_NULL, r"^(?:~|null|Null|NULL|)$", "~nN")
_Yaml12Loader.add_implicit_resolver(_NULL, re.compile(r"^$"), [""])
_add_resolver(_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_add_resolver(_INT, r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_add_resolver(
    _FLOAT,
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    "-+0123456789.",
)
_add_resolver(_MERGE, r"^<<$", "<")


def _fast_resolve(self: _Yaml12Loader, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
    """Plain scalars that cannot be anything but text skip PyYAML's resolver loop.

    The C parser calls back into Python for every scalar; most are names and
    descriptions whose first character rules out null, bool, number and merge.
    """
    if kind is yaml.ScalarNode and implicit[0] and value and value[0] not in _SPECIAL_FIRST:
        return _STR
    return str(yaml.resolver.BaseResolver.resolve(self, kind, value, implicit))


_SPECIAL_FIRST = frozenset("~nNtTfF-+0123456789.<")
_Yaml12Loader.resolve = _fast_resolve


@dataclass(frozen=True, slots=True)
class LoadedFile:
    """A contract file as plain data, with positions to point diagnostics at."""

    path: str
    data: Any
    positions: Mapping[JsonPath, tuple[int, int]]  # 1-based (line, column)
    sha256: str
    key: str  # path inside the contracts folder: what the manifest records

    def position(self, path: JsonPath) -> Position:
        """Position of ``path``, or of its closest ancestor that has one."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return Position(self.path, *found)
        return Position(self.path, 1, 1)


@dataclass(slots=True)
class _Builder:
    """Turns a composed node tree into JSON data, collecting diagnostics."""

    file: str
    positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    nodes: int = 0
    active: set[int] = field(default_factory=set)

    def pos(self, node: yaml.Node) -> Position:
        return Position(self.file, *_mark(node))

    def error(self, node: yaml.Node, path: JsonPath, message: str, hint: str, code: str) -> None:
        self.diagnostics.append(Diagnostic(self.pos(node), message, code, path=path, hint=hint))

    def build(self, node: yaml.Node, path: JsonPath) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooLarge(node)
        if len(path) > MAX_DEPTH:
            raise _TooDeep(node)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if id(node) in self.active:
            raise _Recursive(node)
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode) and node.tag == _SEQ:
                return self.sequence(node, path)
            if isinstance(node, yaml.MappingNode) and node.tag == _MAP:
                return self.mapping(node, path)
        finally:
            self.active.discard(id(node))
        return self.bad_tag(node, path)

    def bad_tag(self, node: yaml.Node, path: JsonPath) -> None:
        """Refuse a tag: contracts are JSON data, so no tag may construct anything."""
        self.error(
            node,
            path,
            f"YAML tag '{node.tag}' is not allowed",
            "contracts hold plain JSON data: remove the tag",
            "TC003",
        )

    def sequence(self, node: yaml.SequenceNode, path: JsonPath) -> list[Any]:
        items = []
        for index, child in enumerate(node.value):
            child_path = (*path, index)
            self.positions.setdefault(child_path, _mark(child))
            items.append(self.build(child, child_path))
        return items

    def mapping(self, node: yaml.MappingNode, path: JsonPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        seen: dict[str, yaml.Node] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.update(self.merge_source(value_node, path))
                continue
            key = self.key(key_node, path)
            if key is None:
                continue
            if key in seen:
                first = seen[key].start_mark.line + 1
                self.error(
                    key_node,
                    (*path, key),
                    f"duplicate key '{key}' (first defined on line {first})",
                    "YAML keeps only one of them: remove or rename one",
                    "TC004",
                )
                continue
            seen[key] = key_node
            child_path = (*path, key)
            self.positions.setdefault(child_path, _mark(key_node))
            result[key] = self.build(value_node, child_path)
        for key, value in merged.items():
            result.setdefault(key, value)
        return result

    def merge_source(self, node: yaml.Node, path: JsonPath) -> dict[str, Any]:
        sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
        merged: dict[str, Any] = {}
        for source in reversed(sources):
            value = self.build(source, path)
            if isinstance(value, dict):
                merged.update(value)
            else:
                self.error(
                    source,
                    path,
                    "a merge key '<<' must refer to a mapping",
                    "merge only mappings (anchors of objects)",
                    "TC005",
                )
        return merged

    def key(self, node: yaml.Node, path: JsonPath) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag != _TAG + "binary":
            # JSON keys are strings: ``1:`` or ``true:`` mean the property "1" or "true".
            return self.checked_text(node, (*path, node.value), node.value)
        self.error(
            node, path, "a mapping key must be a plain string", "write the key as a string", "TC006"
        )
        return None

    def checked_text(self, node: yaml.Node, path: JsonPath, text: str) -> str:
        if text.isascii():
            return text
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            self.error(
                node,
                path,
                "text holds a lone surrogate escape (not valid Unicode)",
                "write the character itself or a valid \\U escape",
                "TC007",
            )
            return text.encode("utf-8", "replace").decode("utf-8")
        return text

    def scalar(self, node: yaml.ScalarNode, path: JsonPath) -> Any:
        value: str = node.value
        if node.tag == _NULL:
            return None
        if node.tag == _BOOL:
            return value.lower() == "true"
        if node.tag == _INT:
            return _to_int(value)
        if node.tag == _FLOAT:
            number = math.inf if "inf" in value.lower() or "nan" in value.lower() else float(value)
            if math.isfinite(number):
                return number
            self.error(
                node,
                path,
                f"'{value}' is not a JSON number",
                "JSON has no infinity or NaN: use a finite number",
                "TC008",
            )
            return None
        if node.tag in (_STR, _TIMESTAMP):  # a date stays the text it was written as
            return self.checked_text(node, path, value)
        return self.bad_tag(node, path)


def _mark(node: yaml.Node) -> tuple[int, int]:
    mark = node.start_mark
    return mark.line + 1, mark.column + 1


def _to_int(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


class _Abort(Exception):
    message = ""
    hint = ""

    def __init__(self, node: yaml.Node) -> None:
        super().__init__()
        self.node = node


class _TooLarge(_Abort):
    message = f"the document expands to more than {MAX_NODES:,} values (alias bomb?)"
    hint = "do not reuse anchors to build huge documents"


class _TooDeep(_Abort):
    message = f"the document nests deeper than {MAX_DEPTH} levels"
    hint = "flatten the structure, or use $defs and $ref for reused parts"


class _Recursive(_Abort):
    message = "an alias refers to a node that contains it (recursive alias)"
    hint = "JSON data cannot be recursive: use $ref for recursive schemas"


def load_file(path: Path, display: str, *, key: str | None = None) -> LoadedFile:
    """Read and parse one contract file. Raises ContractError with every problem found."""
    raw = path.read_bytes()
    digest = hashlib.sha256(raw).hexdigest()
    text = _decode(raw, display)
    builder = _Builder(display)
    root = _compose(text, display)
    try:
        data = builder.build(root, ())
    except _Abort as abort:
        raise ContractError(
            [
                Diagnostic(
                    builder.pos(abort.node), type(abort).message, "TC009", hint=type(abort).hint
                )
            ]
        ) from None
    except RecursionError:
        raise ContractError(
            [_at(display, 1, 1, _TooDeep.message, _TooDeep.hint, "TC009")]
        ) from None
    if builder.diagnostics:
        raise ContractError(builder.diagnostics)
    builder.positions[()] = _mark(root)
    return LoadedFile(display, data, builder.positions, digest, display if key is None else key)


def _at(file: str, line: int, column: int, message: str, hint: str, code: str) -> Diagnostic:
    return Diagnostic(Position(file, line, column), message, code, hint=hint)


def _decode(raw: bytes, display: str) -> str:
    if len(raw) > MAX_FILE_BYTES:
        size = len(raw) / (1024 * 1024)
        raise ContractError(
            [
                _at(
                    display,
                    1,
                    1,
                    f"file is {size:.1f} MiB; contracts are limited to "
                    f"{MAX_FILE_BYTES // (1024 * 1024)} MiB",
                    "split the tools over several files",
                    "TC001",
                )
            ]
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ContractError(
            [_at(display, 1, 1, "file is UTF-16 encoded", "save the file as UTF-8", "TC001")]
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ContractError(
            [
                _at(
                    display,
                    line,
                    column,
                    f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                    "save the file as UTF-8",
                    "TC001",
                )
            ]
        ) from None
    return text.removeprefix("\ufeff")


def _compose(text: str, display: str) -> yaml.Node:
    try:
        documents = list(yaml.compose_all(text, Loader=_Yaml12Loader))
    except yaml.MarkedYAMLError as exc:
        raise ContractError([_yaml_error(exc, text, display)]) from None
    except yaml.reader.ReaderError as exc:
        raise ContractError([_reader_error(exc, text, display)]) from None
    except yaml.YAMLError as exc:
        raise ContractError(
            [_at(display, 1, 1, f"invalid YAML: {exc}", "fix the YAML syntax", "TC002")]
        ) from None
    if not documents:
        raise ContractError(
            [_at(display, 1, 1, "file is empty", "write 'version: 1' and a 'tools:' list", "TC010")]
        )
    if len(documents) > 1:
        mark = documents[1].start_mark
        raise ContractError(
            [
                _at(
                    display,
                    mark.line + 1,
                    mark.column + 1,
                    "file holds more than one YAML document",
                    "put one contract per file (remove the '---' separator)",
                    "TC010",
                )
            ]
        )
    return documents[0]


def _reader_error(exc: yaml.reader.ReaderError, text: str, display: str) -> Diagnostic:
    """A character YAML does not allow in a file (control characters, mostly)."""
    offset = exc.position
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    code = exc.character if isinstance(exc.character, int) else ord(exc.character)
    return _at(
        display,
        line,
        column,
        f"invalid YAML: character U+{code:04X} is not allowed",
        f'write it as an escape in a double-quoted string, e.g. "\\u{code:04x}"',
        "TC002",
    )


def _yaml_error(exc: yaml.MarkedYAMLError, text: str, display: str) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    message = f"invalid YAML: {exc.problem or exc.context or 'syntax error'}"
    context = exc.context_mark
    if exc.context and context is not None and exc.problem:
        message += (
            f" {exc.context} (started at line {context.line + 1}, column {context.column + 1})"
        )
    lines = text.splitlines()
    at_tab = 0 < line <= len(lines) and "\t" in lines[line - 1][:column]
    return _at(display, line, column, message, _yaml_hint(message, at_tab=at_tab), "TC002")


def _yaml_hint(message: str, *, at_tab: bool) -> str:
    if at_tab or "\\t" in message:
        return "indent with spaces, not tabs"
    if "nesting depth" in message:
        return _TooDeep.hint
    if "escape" in message:
        return "use a valid escape; \\uD800-\\uDFFF are not characters"
    if "quoted" in message:
        return "close the quoted string"
    return "check the indentation and punctuation on this line"
