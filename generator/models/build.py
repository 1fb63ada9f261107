"""The model stage: Pydantic v2 input models for every tool, before any emitter runs.

Tools are cut into chunks (``chunks.py``); each chunk is one datamodel-code-generator
run over a combined schema (``naming.py``) whose code black formats once. Chunks found
in the cache are reused; the others are made by forked worker processes while the
pipeline emits the targets that need no models. The stage reads the cache and returns
the entries it computed; the writer alone stores them.

The package validates arguments exactly before a model sees them, so models only type
what is valid (``loosen.py`` says what datamodel-code-generator reads): lax scalar types
(``1.0`` is a valid integer), a default never makes a field nullable, formats stay plain
strings (formats are annotations), extra keys are kept (where the schema refuses them the
validator already has), and every model derives from the package's ``_model.InputModel``
(which runs the exact validator on a tool's root model and dumps by JSON names).
See tests/test_python_arguments.py.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from importlib import metadata
from multiprocessing import get_context
from typing import Any

import jsonschema

from generator.cache import CacheView, Entry
from generator.jsonschema.dialects import dialect_of
from generator.model import ToolDescriptor, Toolset, thaw
from generator.models.chunks import (
    Chunk,
    assemble,
    chunk_bounds,
    duplicates,
    format_body,
    memo_key,
    split_module,
)
from generator.models.loosen import loosened
from generator.models.naming import class_names, tools_schema
from generator.models.workers import die_with_parent

NAMESPACE = "python-models"
BASE_MODULE = "toolcanon_input_base"
"""A stand-in for the package's ``._model`` (datamodel-code-generator takes absolute
paths only), replaced in the imports of the assembled module."""
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
    "formatters": [],  # black formats each chunk (chunks.py): formatting once is enough
    "disable_timestamp": True,
    "use_annotated": True,
    "field_constraints": True,
    "use_standard_collections": True,
    "use_union_operator": True,
    "use_double_quotes": True,
    "enum_field_as_literal": "all",
    "strict_nullable": True,  # a default does not make a field nullable
    "keep_field_defaults_off_branch_roots": True,  # else anyOf defaults break mypy
    "type_mappings": [f"string+{fmt}=string" for fmt in _STRING_FORMATS],
    "extra_fields": "allow",  # keys the schema allows are kept, and dumped
    "collapse_root_models": True,  # a $ref to a string is a str field, not a wrapper
    "base_class": f"{BASE_MODULE}.InputModel",
    "naming_strategy": "parent-prefixed",
    "skip_root_model": True,
    "strict_refs": True,
    "allow_remote_refs": False,
    "treat_dot_as_module": False,
    # What the map of tool name → model at the end of the module needs:
    "additional_imports": [
        "collections.abc.Mapping",
        "types.MappingProxyType",
        "typing.Final",
        "pydantic.BaseModel",
        f"{BASE_MODULE}.ROOTS",
    ],
}
"""datamodel-code-generator settings, spelled as its command line spells them."""


@dataclass(frozen=True, slots=True)
class ModelSource:
    """What the models module is made of: the class of each tool and the model code."""

    classes: tuple[tuple[str, str], ...]  # (canonical tool name, class name), by tool name
    code: str  # imports and every model, formatted as black formats them (no header)


@dataclass(frozen=True, slots=True)
class Models:
    """The stage's result: the model source, and the cache entries it computed."""

    source: ModelSource
    entries: tuple[Entry, ...]


def start(toolset: Toolset, cache: CacheView) -> PendingModels:
    """Start making the models: chunks not in the cache are made by worker processes
    while the caller goes on (emitting the targets that need no models, say)."""
    names = class_names(tuple(tool.name for tool in toolset))
    tools = tuple(toolset)
    texts = [
        _schema_text(tools_schema(tools[start:end], names, typing_schema))
        for start, end in chunk_bounds([tool.name for tool in tools])
    ]
    return PendingModels(names, tools, cache, texts)


def build(toolset: Toolset, cache: CacheView) -> Models:
    """The models of every tool, waiting for them."""
    return start(toolset, cache).result()


class PendingModels:
    """The models while their chunks are being made."""

    def __init__(
        self,
        names: dict[str, str],
        tools: tuple[ToolDescriptor, ...],
        cache: CacheView,
        texts: list[str],
    ) -> None:
        self.names, self.tools, self.cache, self.texts = names, tools, cache, texts
        self.keys = [_chunk_key(text) for text in texts]
        self.found = {i: _recall(key, cache) for i, key in enumerate(self.keys)}
        self.entries: list[Entry] = []
        self.pool: ProcessPoolExecutor | None = None
        self.futures: dict[int, Future[str]] = {}
        missing = [i for i, chunk in self.found.items() if chunk is None]
        workers = min(_cores(), len(missing))
        if workers >= 2:
            self.pool = ProcessPoolExecutor(
                workers,
                mp_context=get_context("fork"),
                initializer=die_with_parent,
                initargs=(os.getpid(),),
            )
            self.futures = {i: self.pool.submit(_formatted_chunk_json, texts[i]) for i in missing}

    def result(self) -> Models:
        """Wait for the chunks and join them into the module."""
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
            whole = _schema_text(tools_schema(self.tools, self.names, typing_schema))
            key = _chunk_key(whole)
            chunks = [_recall(key, self.cache) or self._keep(key, _formatted_chunk(whole))]
        chunks = [replace(chunk, imports=_relative_base(chunk.imports)) for chunk in chunks]
        source = ModelSource(tuple(sorted(self.names.items())), assemble(chunks))
        return Models(source, tuple(self.entries))

    def _keep(self, key: str, chunk: Chunk) -> Chunk:
        self.entries.append(Entry(NAMESPACE, key, chunk.to_json().encode("utf-8")))
        return chunk


def typing_schema(tool: ToolDescriptor) -> dict[str, Any]:
    """What datamodel-code-generator reads for ``tool``: the types of its input."""
    schema = thaw(tool.input_schema)
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    root = base(schema)

    def valid(sub: Any, value: Any) -> bool:
        try:
            return bool(root.evolve(schema=sub).is_valid(value))
        except RecursionError:  # a schema no validator can decide: no default from it
            return False

    return loosened(schema, dialect_of(schema), valid)


def _relative_base(imports: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(("._model" if module == BASE_MODULE else module, n) for module, n in imports)


def _schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, sort_keys=False)


def _chunk_key(schema_text: str) -> str:
    return memo_key({"schema": schema_text, "options": GENERATE_OPTIONS, **_versions()})


def _recall(key: str, cache: CacheView) -> Chunk | None:
    text = cache.text(NAMESPACE, key)
    if text is None:
        return None
    try:
        return Chunk.from_json(text)
    except (ValueError, TypeError):
        return None  # an entry we cannot read is an entry we do not have


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
