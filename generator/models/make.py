"""One datamodel-code-generator run and black over its code: the work a model worker does.

A run gets a combined schema (``naming.tools_schema``) and the class names of its tools in
the order they went in. When those names are separable (``pieces.separable``) the
formatted code is cut into one piece per tool, so that the run may hold the missing tools
of many chunks at once (one import, one start-up and one black call for all of them);
otherwise it is one chunk, kept whole. A run makes input models or output models
(``Kind``): the two differ only in their base class and in what their module imports.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Literal

from generator.models.chunks import Chunk, format_body, split_module
from generator.models.pieces import Piece, cut

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
    "formatters": [],  # black formats the code once (format_body): formatting once is enough
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

Kind = Literal["input", "output"]
"""Which models a run makes: a tool's input (``inputSchema``) or its result
(``outputSchema``)."""
OPTIONS: dict[Kind, dict[str, Any]] = {
    "input": GENERATE_OPTIONS,
    "output": {
        **GENERATE_OPTIONS,
        # A result a handler builds: typed, never validated here (dispatch validates the
        # JSON it sends against the outputSchema exactly).
        "base_class": f"{BASE_MODULE}.OutputModel",
        "additional_imports": [
            name for name in GENERATE_OPTIONS["additional_imports"] if not name.endswith(".ROOTS")
        ],
    },
}
"""The settings of each kind of run."""

_WARM_UP = '{"$defs": {"WarmUpInput": {"type": "object", "properties": {"a": {"type": "string"}}}}}'


@dataclass(frozen=True, slots=True)
class Run:
    """One datamodel-code-generator run: its schema and its tools' class names, in order;
    ``cut``: return one piece per tool (the names are separable); ``kind``: the models it
    makes."""

    schema: str
    roots: tuple[str, ...]
    cut: bool
    kind: Kind = "input"


Made = list[Piece] | Chunk | None
"""A run's result: one piece per tool, the chunk whole, or None when a run meant to be
cut could not be (its tools are then made again chunk by chunk)."""


def run(job: Run) -> Made:
    """What a worker (or the main process, without workers) does with one run."""
    chunk = formatted(job.schema, job.kind)
    if not job.cut:
        return chunk
    return cut(chunk, job.roots)


def formatted(schema_text: str, kind: Kind = "input") -> Chunk:
    """One run over ``schema_text``: its imports, its code formatted by black, its names."""
    raw = split_module(generate(schema_text, kind))
    return Chunk(raw.imports, format_body(raw.body) if raw.body else "", raw.defined)


def generate(schema_text: str, kind: Kind = "input") -> str:
    """One datamodel-code-generator run, unformatted."""
    # lazy: datamodel-code-generator loads only in the model stage's workers
    from datamodel_code_generator import generate as dcg_generate
    from datamodel_code_generator.config import GenerateConfig

    config = GenerateConfig.model_validate({**OPTIONS[kind], "custom_file_header": "#"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecation notes about its own future defaults
        code = dcg_generate(schema_text, config=config)
    if not isinstance(code, str):
        raise RuntimeError("datamodel-code-generator split the models into several modules")
    return code


def warm_up() -> None:
    """Import datamodel-code-generator (its parser and templates load on a first run) and
    black, so that a worker started early has them ready when its work arrives."""
    formatted(_WARM_UP)
