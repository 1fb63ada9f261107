"""Pydantic v2 input models for every tool, from one datamodel-code-generator run.

All tools go into one combined JSON Schema, each ``inputSchema`` under
``$defs/<ClassName>`` with its own ``$defs`` lifted beside it as
``<ClassName>_<def>`` and every local ``$ref`` rewritten to the new place. One
in-process call then writes every model (a process per tool would take minutes).

Choices, each for agreement with JSON Schema (see tests/test_python_models.py):
strict scalar types (``"1"`` is not an integer), a default never makes a field
nullable, formats stay plain strings (formats are annotations in 2020-12), and
nested classes are named after their tool (``AskUserInputOption``) so adding one
tool never renames another tool's classes.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.model import Toolset, thaw

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
    "formatters": ["builtin"],
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
    code: str


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


def combined_schema(toolset: Toolset) -> tuple[dict[str, str], dict[str, Any]]:
    """The class of each tool and one schema holding every tool's input under ``$defs``."""
    names = class_names(tuple(tool.name for tool in toolset))
    defs: dict[str, Any] = {}
    for tool in toolset:
        owner = names[tool.name]
        schema = relocate_refs(thaw(tool.input_schema), owner)
        schema.pop("$schema", None)
        schema.pop("$id", None)
        for section in ("$defs", "definitions"):
            for key, sub in schema.pop(section, {}).items():
                defs[f"{owner}_{key}"] = sub
        defs[owner] = schema
    return names, {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs}


EMPTY_MODELS = """{header}

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from pydantic import BaseModel
"""


def model_source(toolset: Toolset, header: str) -> ModelSource:
    """Class names and the models' source (unformatted beyond datamodel-code-generator's own)."""
    names, schema = combined_schema(toolset)
    if not names:  # datamodel-code-generator fails on a schema that defines nothing
        return ModelSource((), EMPTY_MODELS.format(header=header))
    code = _generate(json.dumps(schema, ensure_ascii=False, sort_keys=False), header)
    return ModelSource(tuple(sorted(names.items())), code)


@functools.lru_cache(maxsize=8)
def _generate(schema_text: str, header: str) -> str:
    """One datamodel-code-generator run; cached because it is pure and takes seconds."""
    import warnings

    from datamodel_code_generator import generate
    from datamodel_code_generator.config import GenerateConfig

    config = GenerateConfig.model_validate({**GENERATE_OPTIONS, "custom_file_header": header})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecation notes about its own future defaults
        code = generate(schema_text, config=config)
    if not isinstance(code, str):
        raise RuntimeError("datamodel-code-generator split the models into several modules")
    return code
