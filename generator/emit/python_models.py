"""Pydantic v2 input models for every tool, from datamodel-code-generator runs.

Tools go into combined JSON Schemas, each ``inputSchema`` under
``$defs/<ClassName>`` with its own ``$defs`` lifted beside it as
``<ClassName>_<def>`` and every local ``$ref`` rewritten to the new place. One
in-process call per chunk of tools then writes their models (a process per tool
would take minutes); python_chunks.py explains the chunks and how they are joined.

Choices, each for agreement with JSON Schema (see tests/test_python_models.py):
strict scalar types (``"1"`` is not an integer), a default never makes a field
nullable, formats stay plain strings (formats are annotations in 2020-12), and
nested classes are named after their tool (``AskUserInputOption``) so adding one
tool never renames another tool's classes.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from multiprocessing import get_context
from typing import Any

from generator.emit.python_chunks import (
    Chunk,
    Memo,
    assemble,
    chunk_bounds,
    duplicates,
    format_body,
    memo_key,
    split_module,
)
from generator.model import ToolDescriptor, Toolset, thaw

SUFFIX = "Input"
_WORD = re.compile(r"[A-Za-z0-9]+")
_STRING_FORMATS: tuple[str, ...] = ("uri", "uri-reference", "iri", "iri-reference", "uri-template")
_STRING_FORMATS += (
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uuid",
)
_STRING_FORMATS += ("json-pointer", "relative-json-pointer", "regex", "byte", "binary")
_STRING_FORMATS += ("password", "path")

GENERATE_OPTIONS: dict[str, Any] = {
    "input_file_type": "jsonschema",
    "output_model_type": "pydantic_v2.BaseModel",
    "target_python_version": "3.11",
    "formatters": [],  # black formats each chunk (python_chunks.py): formatting once is enough
    "disable_timestamp": True,
    "use_annotated": True,
    "field_constraints": True,
    "use_standard_collections": True,
    "use_union_operator": True,
    "use_double_quotes": True,
    "enum_field_as_literal": "all",
    "strict_nullable": True,  # a default does not make a field nullable
    "keep_field_defaults_off_branch_roots": True,  # else anyOf defaults break mypy
    "strict_types": ["str", "int", "float", "bool"],  # "1" is not an integer
    "type_mappings": [f"string+{fmt}=string" for fmt in _STRING_FORMATS],
    "naming_strategy": "parent-prefixed",
    "skip_root_model": True,
    "strict_refs": True,
    "allow_remote_refs": False,
    "treat_dot_as_module": False,
    # What the map of tool name → model at the end of the module needs:
    "additional_imports": ["collections.abc.Mapping", "types.MappingProxyType", "typing.Final"],
}
"""datamodel-code-generator settings, spelled as its command line spells them."""


@dataclass(frozen=True, slots=True)
class ModelSource:
    """What the models module is made of: the class of each tool and the model code."""

    classes: tuple[tuple[str, str], ...]  # (canonical tool name, class name), by tool name
    code: str  # the models module down to the last model, formatted as black formats it


def class_name(tool_name: str) -> str:
    """``github::create_issue`` → ``GithubCreateIssueInput`` (letters and digits only)."""
    words = _WORD.findall(tool_name)
    stem = "".join(word[:1].upper() + word[1:] for word in words) or "Tool"
    if stem[0].isdigit():
        stem = "Tool" + stem
    return stem + SUFFIX


def class_names(tool_names: tuple[str, ...]) -> dict[str, str]:
    """A unique class per tool; a clash is numbered in canonical-name order (``…Input2``)."""
    taken: set[str] = set()
    result: dict[str, str] = {}
    for name in sorted(tool_names):
        base = candidate = class_name(name)
        number = 1
        while candidate in taken:
            number += 1
            candidate = f"{base}{number}"
        taken.add(candidate)
        result[name] = candidate
    return result


def relocate_refs(node: Any, owner: str) -> Any:
    """Point every local ``$ref`` of a tool schema at its place in the combined schema."""
    if isinstance(node, Mapping):
        return {
            key: _relocated(item, owner) if key == "$ref" else relocate_refs(item, owner)
            for key, item in node.items()
        }
    if isinstance(node, list | tuple):
        return [relocate_refs(item, owner) for item in node]
    return node


def _relocated(ref: Any, owner: str) -> Any:
    if not isinstance(ref, str) or not ref.startswith("#"):
        return ref
    pointer = ref[1:]
    for section in ("/$defs/", "/definitions/"):
        if pointer.startswith(section):
            return f"#/$defs/{owner}_{pointer[len(section):]}"
    return f"#/$defs/{owner}{pointer}"


def tools_schema(tools: Iterable[ToolDescriptor], names: Mapping[str, str]) -> dict[str, Any]:
    """One schema holding the given tools' inputs under ``$defs``, named by ``names``."""
    defs: dict[str, Any] = {}
    for tool in tools:
        owner = names[tool.name]
        schema = relocate_refs(thaw(tool.input_schema), owner)
        schema.pop("$schema", None)
        schema.pop("$id", None)
        for section in ("$defs", "definitions"):
            for key, sub in schema.pop(section, {}).items():
                defs[f"{owner}_{key}"] = sub
        defs[owner] = schema
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs}


def start_models(toolset: Toolset, header: str, memo: Memo | None = None) -> PendingModels:
    """Start making the models: chunks not found in this process or the memo are made by
    worker processes while the caller goes on (emitting the other targets, say).
    """
    names = class_names(tuple(tool.name for tool in toolset))
    tools = tuple(toolset)
    texts = [
        _schema_text(tools_schema(tools[start:end], names))
        for start, end in chunk_bounds([tool.name for tool in tools])
    ]
    pending = PendingModels(header, names, tools, memo)
    pending.start(texts)
    return pending


class PendingModels:
    """The models module while its chunks are being made."""

    def __init__(
        self,
        header: str,
        names: dict[str, str],
        tools: tuple[ToolDescriptor, ...],
        memo: Memo | None,
    ) -> None:
        self.header, self.names, self.tools, self.memo = header, names, tools, memo
        self.keys: list[str] = []
        self.found: dict[int, Chunk | None] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.futures: dict[int, Future[str]] = {}

    def start(self, texts: list[str]) -> None:
        self.texts = texts
        self.keys = [_chunk_key(text) for text in texts]
        self.found = {i: _recall(key, self.memo) for i, key in enumerate(self.keys)}
        missing = [i for i, chunk in self.found.items() if chunk is None]
        workers = min(_cores(), len(missing))
        if workers >= 2:
            self.pool = ProcessPoolExecutor(workers, mp_context=get_context("fork"))
            self.futures = {i: self.pool.submit(_formatted_chunk_json, texts[i]) for i in missing}

    def result(self) -> ModelSource:
        """Wait for the chunks, keep them, and join them into the module."""
        try:
            for i, chunk in self.found.items():
                if chunk is None:
                    future = self.futures.get(i)
                    made = (
                        Chunk.from_json(future.result())
                        if future
                        else _formatted_chunk(self.texts[i])
                    )
                    self.found[i] = self._keep(self.keys[i], made)
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)
        chunks = [chunk for _, chunk in sorted(self.found.items()) if chunk is not None]
        if duplicates(chunks):  # nested classes of two tools clash: one run numbers them
            whole = _schema_text(tools_schema(self.tools, self.names))
            key = _chunk_key(whole)
            chunks = [_recall(key, self.memo) or self._keep(key, _formatted_chunk(whole))]
        return ModelSource(tuple(sorted(self.names.items())), assemble(self.header, chunks))

    def _keep(self, key: str, chunk: Chunk) -> Chunk:
        if len(_SEEN) > _SEEN_MAX:
            _SEEN.clear()
        _SEEN[key] = chunk
        if self.memo is not None:
            self.memo.put(key, chunk.to_json())
        return chunk


def _schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, sort_keys=False)


def _chunk_key(schema_text: str) -> str:
    return memo_key({"schema": schema_text, "options": GENERATE_OPTIONS, **_versions()})


_SEEN: dict[str, Chunk] = {}  # this process's chunks: check after generate, tests
_SEEN_MAX = 4096


def _recall(key: str, memo: Memo | None) -> Chunk | None:
    if key in _SEEN or memo is None:
        return _SEEN.get(key)
    text = memo.get(key)
    if text is None:
        return None
    try:
        chunk = _SEEN[key] = Chunk.from_json(text)
    except (ValueError, TypeError):
        return None  # an entry we cannot read is an entry we do not have
    return chunk


@functools.cache
def _versions() -> dict[str, str]:
    """Versions of the tools whose output a chunk holds: a new one must not reuse old entries."""
    return {tool: metadata.version(tool) for tool in ("datamodel-code-generator", "black")}


def _cores() -> int:
    """Cores this process may use; 1 where fork is not the safe, cheap way to start workers.

    Workers are forked before any thread starts (the pool starts all of them at its first
    submit when it forks), and each imports datamodel-code-generator and black itself.
    """
    if sys.platform != "linux":
        return 1
    return len(os.sched_getaffinity(0))


def _formatted_chunk_json(schema_text: str) -> str:
    return _formatted_chunk(schema_text).to_json()


def _formatted_chunk(schema_text: str) -> Chunk:
    raw = split_module(_generate(schema_text))
    return Chunk(raw.imports, format_body(raw.body) if raw.body else "", raw.defined)


def _generate(schema_text: str) -> str:
    """One datamodel-code-generator run, unformatted."""
    import warnings

    from datamodel_code_generator import generate
    from datamodel_code_generator.config import GenerateConfig

    config = GenerateConfig.model_validate({**GENERATE_OPTIONS, "custom_file_header": "#"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecation notes about its own future defaults
        code = generate(schema_text, config=config)
    if not isinstance(code, str):
        raise RuntimeError("datamodel-code-generator split the models into several modules")
    return code
