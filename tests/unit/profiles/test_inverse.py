"""The arguments inverse of OpenAI strict mode: its data, its interpreter, and the law it keeps.

The law, for every strict tool: take arguments ``x`` (drawn from the contract schema, and
mutated), send them as strict mode would (``null`` for every optional property left
out: :func:`as_strict`), undo that with the shipped interpreter: the result is valid
against the contract exactly when ``x`` was, and a valid ``x`` comes back as it was
(plus the nulls the contract itself allows). Not covered, by design: an ``x`` that
already holds ``null`` where the contract refuses it and the inverse reads "absent".
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.core.targets import TARGETS
from generator.ir.model import thaw
from generator.profiles.inverse import provider_inverses
from generator.profiles.openai import strict_inverse, to_strict
from generator.profiles.stage import adapt
from generator.project.config import load_config
from generator.run.pipeline import load_toolset
from tests.python_runtime import load_runtime
from tests.strict_arguments import as_strict, undeclared_keys, without_added_nulls
from tests.zod_corpus import CASES
from tests.zod_harness import draws, judge, variants

REPO = Path(__file__).resolve().parents[3]
STRING = {"type": "string"}
INT = {"type": "integer"}


def obj(properties: dict[str, Any], required: tuple[str, ...] = (), **more: Any) -> Any:
    return {"type": "object", "properties": properties, "required": list(required), **more}


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load_runtime(tmp_path_factory.mktemp("runtime"))


def undo(runtime: ModuleType, schema: Any, value: Any) -> Any:
    nodes = strict_inverse(schema)
    return value if nodes is None else runtime._undo.undo(nodes, value)


# --- the data ---------------------------------------------------------------------------


def test_optional_property_that_refuses_null_is_dropped_and_nullable_one_kept() -> None:
    schema = obj(
        {"a": STRING, "b": {"type": ["string", "null"]}, "c": INT, "d": {"enum": ["x", None]}},
        ("c",),
    )
    assert strict_inverse(schema) == [{"drop": ["a"]}]


def test_a_transform_that_changes_no_argument_has_no_inverse() -> None:
    assert strict_inverse(obj({"a": STRING}, ("a",))) is None
    assert strict_inverse(obj({"a": {"type": ["string", "null"]}})) is None


def test_nested_objects_and_array_items_get_their_own_nodes() -> None:
    item = obj({"k": STRING, "v": INT}, ("k",))
    schema = obj({"list": {"type": "array", "items": item}, "one": item}, ("list", "one"))
    assert strict_inverse(schema) == [
        {"properties": {"list": 1, "one": 2}},
        {"items": 2},
        {"drop": ["v"]},
    ]


def test_refs_are_followed_and_recursion_is_a_cycle_of_nodes() -> None:
    node = obj({"name": STRING, "next": {"$ref": "#/$defs/node"}}, ("name",))
    schema = {"$defs": {"node": node}, **obj({"head": {"$ref": "#/$defs/node"}}, ("head",))}
    assert strict_inverse(schema) == [
        {"properties": {"head": 1}},
        {"drop": ["next"], "properties": {"next": 1}},
    ]


def test_null_is_judged_through_refs() -> None:
    schema = {
        "$defs": {"maybe": {"type": ["integer", "null"]}, "int": INT},
        **obj({"a": {"$ref": "#/$defs/maybe"}, "b": {"$ref": "#/$defs/int"}}),
    }
    assert strict_inverse(schema) == [{"drop": ["b"]}]


def test_branches_carry_the_key_sets_the_provider_can_send() -> None:
    cat = obj({"kind": {"const": "cat"}, "lives": INT}, ("kind",))
    dog = obj({"kind": {"const": "dog"}, "bark": STRING, "size": INT}, ("kind",))
    schema = obj({"pet": {"anyOf": [cat, dog, STRING]}}, ("pet",))
    assert strict_inverse(schema) == [
        {"properties": {"pet": 1}},
        {
            "anyOf": [
                {"node": 2, "objects": [["kind", "lives"]]},
                {"node": 3, "objects": [["bark", "kind", "size"]]},
                {},
            ]
        },
        {"drop": ["lives"]},
        {"drop": ["bark", "size"]},
    ]


def test_equal_undoing_is_one_node_so_branches_that_agree_are_not_ambiguous() -> None:
    a = obj({"x": STRING}, ())
    schema = obj({"u": {"anyOf": [a, copy.deepcopy(a)]}, "w": copy.deepcopy(a)}, ("u", "w"))
    nodes = strict_inverse(schema)
    assert nodes == [
        {"properties": {"u": 1, "w": 2}},
        {"anyOf": [{"node": 2, "objects": [["x"]]}, {"node": 2, "objects": [["x"]]}]},
        {"drop": ["x"]},
    ]


def test_branch_shapes_come_from_enum_const_refs_and_open_schemas() -> None:
    schema = {
        "$defs": {"o": obj({"q": STRING})},
        **obj(
            {
                "u": {
                    "anyOf": [
                        {"enum": [{"a": 1}, [1], "s"]},
                        {"$ref": "#/$defs/o"},
                        {"type": "array", "items": obj({"z": INT})},
                        {},
                    ]
                }
            },
            ("u",),
        ),
    }
    [_, union, *_] = strict_inverse(schema) or []
    shapes = [{k: v for k, v in b.items() if k != "node"} for b in union["anyOf"]]
    assert shapes == [
        {"objects": [["a"]], "arrays": True},
        {"objects": [["q"]]},
        {"arrays": True},
        {"objects": True, "arrays": True},
    ]


def test_a_union_that_reaches_itself_without_descending_is_not_followed() -> None:
    loop = {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/loop"}, obj({"x": INT})]}
    schema = {"$defs": {"loop": loop}, **obj({"l": {"$ref": "#/$defs/loop"}, "y": INT})}
    assert strict_inverse(schema) == [{"drop": ["y"]}]


def test_inverse_is_deterministic_and_plain_json() -> None:
    schema = obj({"a": {"anyOf": [obj({"b": STRING}), {"type": "null"}]}})
    first = strict_inverse(schema)
    assert first == strict_inverse(copy.deepcopy(schema))
    assert json.loads(json.dumps(first)) == first


def test_the_openai_profile_carries_the_inverse_of_strict_tools_only() -> None:
    toolset, diagnostics = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None, diagnostics
    providers = [t for t in TARGETS if t.provider]
    adapted, _ = adapt(toolset, providers)
    for tool in toolset:
        inverse = adapted["openai"][tool.name].inverse
        if not tool.strict:
            assert inverse is None
        else:
            assert thaw(inverse) == strict_inverse(thaw(tool.input_schema))
    table = provider_inverses((t.name for t in toolset), providers, adapted)
    assert list(table) == ["anthropic", "bedrock", "gemini", "gemini-openapi", "mcp", "openai"]
    assert all(table[name] == {} for name in list(table)[:-1])
    assert table["openai"]["read_file"] == [{"drop": ["offset", "limit", "lineFormat"]}]


# --- the interpreter --------------------------------------------------------------------


def test_undo_drops_only_null_at_dropped_keys_and_copies(runtime: ModuleType) -> None:
    nodes = [{"drop": ["a"], "properties": {"o": 1}}, {"drop": ["x"]}]
    sent = {"a": None, "b": None, "o": {"x": None, "y": None}, "c": 1}
    assert runtime._undo.undo(nodes, sent) == {"b": None, "o": {"y": None}, "c": 1}
    assert sent == {"a": None, "b": None, "o": {"x": None, "y": None}, "c": 1}
    assert runtime._undo.undo(nodes, {"a": 0}) == {"a": 0}
    assert runtime._undo.undo(nodes, "text") == "text"


def test_undo_picks_the_branch_by_exact_key_set(runtime: ModuleType) -> None:
    nodes = [
        {"anyOf": [{"node": 1, "objects": [["k", "a"]]}, {"node": 2, "objects": [["k", "b"]]}]},
        {"drop": ["a"]},
        {"drop": ["b"]},
    ]
    undo_ = runtime._undo.undo
    assert undo_(nodes, {"k": 1, "a": None}) == {"k": 1}
    assert undo_(nodes, {"k": 1, "b": None}) == {"k": 1}
    assert undo_(nodes, {"k": 1, "a": None, "b": None}) == {"k": 1, "a": None, "b": None}


def test_undo_keeps_a_value_when_candidates_disagree(runtime: ModuleType) -> None:
    nodes = [
        {"anyOf": [{"node": 1, "arrays": True}, {"arrays": True}, {"node": 1, "objects": True}]},
        {"items": 2, "drop": ["a"]},
        {"drop": ["a"]},
    ]
    assert runtime._undo.undo(nodes, [{"a": None}]) == [{"a": None}]  # two array branches
    assert runtime._undo.undo(nodes, {"a": None}) == {}  # one object branch


# --- the law, for every strict tool --------------------------------------------------------

STRICT_CORPUS: dict[str, Any] = {
    "optional-scalars": obj(
        {"s": STRING, "n": {"type": ["number", "null"]}, "e": {"enum": ["a", "b"]}, "r": INT},
        ("r",),
    ),
    "nested": obj(
        {"o": obj({"p": obj({"q": INT})}), "a": {"type": "array", "items": obj({"z": STRING})}}
    ),
    "union-of-objects": obj(
        {
            "shape": {
                "oneOf": [
                    obj({"kind": {"const": "circle"}, "r": {"type": "number"}}, ("kind",)),
                    obj({"kind": {"const": "square"}, "side": INT, "label": STRING}, ("kind",)),
                ]
            }
        },
        ("shape",),
    ),
    "union-same-keys": obj(
        {
            "u": {
                "anyOf": [
                    obj({"a": INT}),
                    obj({"a": STRING, "b": STRING}, ("a",)),
                    obj({"a": {"type": "boolean"}}),
                ]
            }
        }
    ),
    "defs-and-recursion": {
        "$defs": {
            "tree": obj(
                {"label": STRING, "kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                ("label",),
            ),
        },
        **obj(
            {"root": {"$ref": "#/$defs/tree"}, "note": {"$ref": "#/$defs/tree", "description": "x"}}
        ),
    },
    "nullable-ref": {
        "$defs": {"p": obj({"x": INT}, ("x",))},
        **obj(
            {"p": {"anyOf": [{"$ref": "#/$defs/p"}, {"type": "null"}]}, "q": {"$ref": "#/$defs/p"}}
        ),
    },
    "root-recursion": obj({"v": INT, "next": {"$ref": "#"}}, ("v",)),
}


# Contracts cannot say this (TC206: a required name outside properties), and strict mode's
# required list, which names every property, would not keep it.
CHECKER_REFUSES = {"required-outside-properties", "required-outside-properties-open"}


@functools.cache
def strict_schemas() -> tuple[tuple[str, Any], ...]:
    """Every example tool in strict mode, the strict corpus, and each keyword-corpus schema
    that strict mode can take (as an optional and as a required property)."""
    toolset, diagnostics = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None, diagnostics
    found = [(f"example-{t.name}", thaw(t.input_schema)) for t in toolset if t.strict]
    found += list(STRICT_CORPUS.items())
    for case in CASES:
        if case.id in CHECKER_REFUSES:
            continue
        for required in ((), ("v",)):
            wrapped = obj({"v": case.schema, "w": INT}, required)
            if not isinstance(case.schema, Mapping) or "$schema" in case.schema:
                continue
            if to_strict(wrapped).schema is not None:
                found.append(
                    (f"corpus-{case.id}-{'required' if required else 'optional'}", wrapped)
                )
    return tuple(found)


@pytest.mark.parametrize(
    "index", range(len(strict_schemas())), ids=lambda i: strict_schemas()[i][0]
)
def test_undoing_strict_arguments_keeps_the_verdict(runtime: ModuleType, index: int) -> None:
    name, schema = strict_schemas()[index]
    validator = judge(schema)
    nodes = strict_inverse(schema)
    failures = []
    for base in draws(schema, 8):
        for x in (base, *variants(base, name, 30)):
            if nodes is not None and runtime._undo.undo(nodes, x) != x:
                continue  # x holds null where the inverse reads "absent": by design
            if undeclared_keys(schema, schema, x):
                continue  # strict mode closes objects: no provider sends this
            sent = as_strict(schema, schema, x, validator)
            back = sent if nodes is None else runtime._undo.undo(nodes, sent)
            valid = validator.is_valid(x)
            if validator.is_valid(back) != valid:
                failures.append(f"{x!r} → {sent!r} → {back!r}")
            elif valid and without_added_nulls(back, x) != x:
                failures.append(f"changed: {x!r} → {back!r}")
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize(
    "index", range(len(strict_schemas())), ids=lambda i: strict_schemas()[i][0]
)
def test_whatever_strict_mode_accepts_comes_back_valid(runtime: ModuleType, index: int) -> None:
    """The provider's side: arguments valid against the strict schema, undone, are valid
    against the contract, unless they match two oneOf branches (strict mode has no oneOf)."""
    _, schema = strict_schemas()[index]
    sent_schema = to_strict(schema).schema
    nodes = strict_inverse(schema)
    strict_judge = judge(sent_schema)
    relaxed = judge(json.loads(json.dumps(schema).replace('"oneOf"', '"anyOf"')))
    failures = []
    for sent in draws(sent_schema, 15):
        back = sent if nodes is None else runtime._undo.undo(nodes, sent)
        if strict_judge.is_valid(sent) and not relaxed.is_valid(back):
            failures.append(f"{sent!r} → {back!r}")
    assert not failures, "\n".join(failures[:5])


def test_strict_mode_cannot_say_which_properties_must_be_present() -> None:
    """anyOf branches that only say which properties must be present have no type, and
    strict mode sends every property anyway ("a or b" would become "a and b, each maybe
    null", and null for both — the model's "neither" — is what the contract refuses): such a
    schema is refused at its branches, never sent loosened."""
    either = obj({"a": INT, "b": INT}, anyOf=[{"required": ["a"]}, {"required": ["b"]}])
    result = to_strict(obj({"v": either}, ("v",)))
    assert result.schema is None
    assert [p.path for p in result.problems] == [
        ("properties", "v", "anyOf", 0),
        ("properties", "v", "anyOf", 1),
    ]
