"""A Python package generated once per session from the keyword corpus (a pytest plugin).

Every corpus schema (tests/zod_corpus.py) becomes tools of one project: ``<id>`` holds
the schema as the property ``v`` (definitions lifted to the root, references moved
with it), ``<id>.root`` is the schema itself where it can be a tool's root, and
``<id>.strict`` the wrapped one in OpenAI strict mode where strict mode takes it. A
schema the contract checker refuses is left out (the checker's own tests cover it).
Generating runs datamodel-code-generator and black, the slow part of the suite, once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from generator.ir.options import EmitOptions
from generator.jsonschema import pointer
from generator.profiles.openai import to_strict
from generator.project.settings import Config
from generator.run.pipeline import build, load_contracts
from generator.write.output import write
from tests.generated_python import import_fresh
from tests.zod_corpus import CASES, Case, obj

STRING = {"type": "string"}
# What typing the models has to get right besides the keywords (mypy --strict judges them).
TYPING_CASES = (
    Case(
        "default-null-on-string",
        obj(
            {
                "s": {"type": "string", "default": None},
                "t": {"type": ["string", "null"], "default": None},
            }
        ),
        ({}, {"s": None}, {"s": "x", "t": None}),
    ),
    Case(
        "const-values",
        obj(
            {
                "c": {"const": "x"},
                "n": {"const": 3},
                "f": {"const": 1.5},
                "o": {"const": {"a": [1]}},
            }
        ),
        ({"c": "x", "n": 3.0, "f": 1.5, "o": {"a": [1.0]}}, {"n": True}),
    ),
    Case(
        "enum-of-every-type",
        obj({"e": {"enum": ["a", 1, None, True, 1.5, [1], {"k": 1}], "default": "a"}}),
        ({"e": 1.0}, {"e": True}, {"e": [1]}, {"e": {"k": 1}}, {"e": False}),
    ),
    Case(
        "ref-with-sibling-keywords",
        {
            "$defs": {"s": STRING, "o": obj({"k": {"type": "integer"}}, required=["k"])},
            **obj(
                {
                    "a": {"$ref": "#/$defs/s", "default": "x", "description": "a string"},
                    "b": {"$ref": "#/$defs/o", "default": {"k": 1}},
                    "c": {"$ref": "#/$defs/s", "maxLength": 2, "type": "string"},
                    "d": {"$ref": "#/$defs/o", "properties": {"k": {"minimum": 0}, "z": STRING}},
                }
            ),
        },
        (
            {"a": "y", "b": {"k": 2}, "c": "ab", "d": {"k": 0, "z": "s"}},
            {"c": "abc"},
            {"d": {"k": -1}},
        ),
    ),
    Case(
        "defaults-outside-their-schema",
        obj(
            {
                "e": {"enum": ["a", "b"], "default": "z"},
                "i": {"type": "integer", "default": 1.0},
                "n": {"type": "number", "default": 2},
                "l": {"type": "array", "items": STRING, "default": ["x"]},
            }
        ),
        ({}, {"e": "a", "i": 3, "n": 0.5}),
    ),
    Case(
        "names-that-are-not-identifiers",
        obj(
            {
                "Content-Type": STRING,
                "_from": STRING,
                "class": {"type": "integer"},
                "model_config": STRING,
                "schema": STRING,
                "json": STRING,
            }
        ),
        ({"Content-Type": "a", "_from": "b", "class": 1, "model_config": "c", "schema": "d"},),
    ),
    Case(
        "unevaluated-properties",
        {
            "type": "object",
            "allOf": [{"properties": {"a": {"type": "integer"}}}],
            "properties": {"b": STRING},
            "unevaluatedProperties": False,
        },
        ({"a": 1, "b": "x"}, {"a": 1, "c": 2}, {"a": "x"}),
    ),
    Case(
        "dynamic-ref",
        {
            "$defs": {
                "node": {
                    "$dynamicAnchor": "node",
                    **obj(
                        {
                            "name": STRING,
                            "kids": {"type": "array", "items": {"$dynamicRef": "#node"}},
                        }
                    ),
                }
            },
            **obj({"tree": {"$ref": "#/$defs/node"}}),
        },
        ({"tree": {"name": "a", "kids": [{"name": "b"}]}}, {"tree": {"kids": [{"name": 1}]}}),
    ),
    Case(
        "kept-as-sent",
        obj(
            {
                "url": {"type": "string", "format": "uri"},
                "n": {"type": "number"},
                "tags": {"type": "array", "items": STRING, "uniqueItems": True},
            }
        ),
        ({"url": "https://x.com", "n": 69, "tags": ["a", "b"], "extra": {"kept": True}},),
    ),
)

PACKAGE = "corpus_tools"
# OpenAI strict is the transform with an inverse; Claude's strict mode keeps arguments as
# sent, and its request-wide limits (20 strict tools) would refuse a corpus this size.
TARGETS = ("canonical", "openai", "mcp", "python")


@dataclass(frozen=True)
class CorpusTool:
    name: str
    schema: Any  # the tool's inputSchema
    case: str  # the corpus case it comes from
    wrapped: bool  # the case's instances go under "v"
    strict: bool

    def arguments(self, instance: Any) -> Any:
        return {"v": instance} if self.wrapped else instance


def wrap(schema: Any) -> dict[str, Any]:
    """``schema`` as the property ``v`` of an object: its dialect and definitions at the
    root, every local reference pointing where its target now is."""
    root: dict[str, Any] = {"type": "object"}
    inner = dict(schema) if isinstance(schema, Mapping) else schema
    if isinstance(inner, dict):
        for key in ("$schema", "$defs", "definitions"):
            if key in inner:
                root[key] = inner.pop(key)
    root["properties"] = {"v": _moved(inner)}
    root["required"] = ["v"]
    for key in ("$defs", "definitions"):
        if key in root:
            root[key] = _moved(root[key])
    return root


def _moved(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _ref(v) if k == "$ref" else _moved(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_moved(item) for item in node]
    return node


def _ref(ref: Any) -> Any:
    tokens = pointer.parse_ref(ref) if isinstance(ref, str) else None
    if tokens is None or tokens[:1] in (("$defs",), ("definitions",)):
        return ref
    return pointer.to_ref(("properties", "v", *tokens))


def corpus_tools() -> list[CorpusTool]:
    tools = []
    for case in (*CASES, *TYPING_CASES):
        wrapped = wrap(case.schema)
        tools.append(CorpusTool(case.id, wrapped, case.id, True, False))
        if isinstance(case.schema, Mapping) and case.schema.get("type") == "object":
            tools.append(CorpusTool(f"{case.id}.root", case.schema, case.id, False, False))
        if "$schema" not in wrapped and to_strict(wrapped).schema is not None:
            tools.append(CorpusTool(f"{case.id}.strict", wrapped, case.id, True, True))
    return tools


def _contract(tool: CorpusTool) -> dict[str, Any]:
    return {
        "name": tool.name,
        "description": f"keyword corpus: {tool.case}",
        "riskLevel": "low",
        "strict": tool.strict,
        "inputSchema": tool.schema,
    }


@dataclass
class Corpus:
    package: ModuleType
    tools: dict[str, CorpusTool]
    folder: Path  # generated/python, holding the package
    refused: dict[str, tuple[str, ...]]  # case → the codes the checker refused it with


# Keywords some cases use outside their dialect on purpose (a draft-07 schema must ignore
# 2020-12's prefixItems): declared as extensions, so the schema lint lets them through.
EXTENSIONS = frozenset(
    {"prefixItems", "minContains", "maxContains", "dependentRequired", "additionalItems"}
)


def _config(root: Path) -> Config:
    emit = EmitOptions(python_package=PACKAGE, targets=TARGETS)
    return Config(
        root=root,
        contracts=root / "contracts",
        output=root / "generated",
        emit=emit,
        schema_extensions=EXTENSIONS,
    )


def _accepted(
    config: Config, tools: list[CorpusTool]
) -> tuple[list[CorpusTool], dict[str, tuple[str, ...]]]:
    """The tools the checker takes, and the codes it refused each other case with (a
    schema the lint calls inconsistent, a root the providers refuse…). Checked until no
    error is left: each stage reports only once the stages before it pass."""
    contracts = config.contracts / "corpus.yaml"
    kept = list(tools)
    refused: dict[str, tuple[str, ...]] = {}
    while True:
        document = {"version": 1, "tools": [_contract(t) for t in kept]}
        contracts.write_text(_yaml(document), encoding="utf-8")
        errors = [d for d in load_contracts(config).diagnostics if d.severity.name == "ERROR"]
        if not errors:
            return kept, refused
        for tool in kept:
            codes = {d.code for d in errors if d.tool == tool.name}
            if codes:
                refused[tool.case] = tuple(sorted({*refused.get(tool.case, ()), *codes}))
        failing = {d.tool for d in errors}
        kept = [t for t in kept if t.name not in failing]


def _yaml(document: Any) -> str:
    return str(yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=10_000))


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Corpus]:
    root = tmp_path_factory.mktemp("corpus")
    (root / "contracts").mkdir()
    config = _config(root)
    tools, refused = _accepted(config, corpus_tools())
    result = build(config)
    assert result.plan is not None, [str(d) for d in result.diagnostics][:5]
    write(result.plan, config.output)
    folder = config.output / "python"
    yield Corpus(import_fresh(folder, PACKAGE), {t.name: t for t in tools}, folder, refused)
