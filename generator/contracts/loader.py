"""Load YAML contract files into plain JSON data plus a source position for every node.

PyYAML's own constructor is not used: it silently keeps the last of two duplicate
keys, follows aliases without bound and knows YAML 1.1's ``yes``/``no`` booleans.
We compose nodes (with the C parser where present), then build the data ourselves
under the YAML 1.2 core schema, which is what JSON users and editors expect.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.contracts.yaml_source import (
    BOOL_TAG,
    DEEP_HINT,
    FLOAT_TAG,
    INT_TAG,
    MAP_TAG,
    MERGE_TAG,
    NULL_TAG,
    SEQ_TAG,
    STR_TAG,
    TAG_PREFIX,
    TIMESTAMP_TAG,
    at,
    compose,
    decode,
)
from generator.core.diagnostics import ContractError, Diagnostic, JsonPath, Position
from generator.core.jsondata import integer, out_of_range

MAX_NODES = 1_000_000
MAX_DEPTH = 128


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
            if isinstance(node, yaml.SequenceNode) and node.tag == SEQ_TAG:
                return self.sequence(node, path)
            if isinstance(node, yaml.MappingNode) and node.tag == MAP_TAG:
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
            if key_node.tag == MERGE_TAG:
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
        if isinstance(node, yaml.ScalarNode) and node.tag != TAG_PREFIX + "binary":
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
        if node.tag == NULL_TAG:
            return None
        if node.tag == BOOL_TAG:
            return value.lower() == "true"
        if node.tag == INT_TAG:
            whole = integer(value)
            if whole is None:
                hint = "JSON consumers read numbers as 64-bit floats: use a smaller bound"
                self.error(node, path, out_of_range(value), hint, "TC008")
            return whole
        if node.tag == FLOAT_TAG:
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
        if node.tag in (STR_TAG, TIMESTAMP_TAG):  # a date stays the text it was written as
            return self.checked_text(node, path, value)
        return self.bad_tag(node, path)


def _mark(node: yaml.Node) -> tuple[int, int]:
    mark = node.start_mark
    return mark.line + 1, mark.column + 1


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
    hint = DEEP_HINT


class _Recursive(_Abort):
    message = "an alias refers to a node that contains it (recursive alias)"
    hint = "JSON data cannot be recursive: use $ref for recursive schemas"


def load_file(
    path: Path, display: str, *, key: str | None = None, allow_empty: bool = False
) -> LoadedFile:
    """Read and parse one contract file. Raises ContractError with every problem found."""
    return load_bytes(path.read_bytes(), display, key=key, allow_empty=allow_empty)


def load_bytes(
    raw: bytes, display: str, *, key: str | None = None, allow_empty: bool = False
) -> LoadedFile:
    """Parse one contract file's bytes (``display`` names it in diagnostics). Raises
    ContractError with every problem found. ``allow_empty``: a file of comments only
    (a config that keeps every default) is data None instead of an error."""
    digest = hashlib.sha256(raw).hexdigest()
    text = decode(raw, display)
    builder = _Builder(display)
    root = compose(text, display, allow_empty=allow_empty)
    if root is None:
        return LoadedFile(display, None, {}, digest, display if key is None else key)
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
        raise ContractError([at(display, 1, 1, _TooDeep.message, _TooDeep.hint, "TC009")]) from None
    if builder.diagnostics:
        raise ContractError(builder.diagnostics)
    builder.positions[()] = _mark(root)
    return LoadedFile(display, data, builder.positions, digest, display if key is None else key)
