"""The generated package's exact validator agrees with jsonschema, keyword by keyword.

Breadth runs in process: the runtime modules are rendered once into a temporary package
(tests/python_runtime.py), and a seeded synthetic set of tools (bench/synth.py) is
compiled and tried on hypothesis draws and their variants (tests/zod_harness.py). The
keyword corpus and the example contracts go through the whole ``parse_arguments`` in
tests/unit/emit/python/test_arguments.py. The judge is jsonschema in the schema's dialect with
ECMA-262 regular expressions.

Besides the verdict: the collecting mode finds a problem exactly when the fast mode
fails, and every problem's path leads to the value it is about. Named exceptions, each
shown below; nothing else may disagree:

* ``jsonschema uniq``: jsonschema misses duplicates among nested arrays that mix
  booleans and numbers (``[[1], [true], [1]]``); the validator finds them.
* ``unpaired surrogate``: a string holding an unpaired surrogate (JSON allows the
  escape) cannot be matched by an ECMA-262 regular expression in Unicode mode: the
  validator refuses it where a ``pattern`` or ``patternProperties`` meets it; the
  judge cannot decide (regress raises).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bench.synth import make_contracts
from generator.ir.model import thaw
from generator.jsonschema.dialects import dialect_of
from generator.project.settings import Config
from generator.run.pipeline import load_toolset
from tests.python_runtime import load_runtime
from tests.zod_corpus import CASES, DRAFT7, Case
from tests.zod_harness import draws, jsonschema_uniq_differs, judge, variants

REPO = Path(__file__).resolve().parents[4]
DRAWS = 8
MAX_INSTANCES = 800
SYNTHETIC = 16


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load_runtime(tmp_path_factory.mktemp("runtime"))


def compiled(runtime: ModuleType, schema: Any) -> Any:
    return runtime._exact.compile_schema(schema, dialect_of(schema).name)


@pytest.fixture(scope="module")
def tally(request: pytest.FixtureRequest) -> Iterator[Counter[str]]:
    """Counts over this module's tests, printed at the end (a report, asserted nowhere)."""
    counts: Counter[str] = Counter()
    yield counts
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is not None and counts:
        with capture.global_and_fixture_disabled():
            print(f"\npython validator agreement: {dict(sorted(counts.items()))}")


def instances_for(schema: Any, own: tuple[Any, ...], seed: str) -> list[Any]:
    pool: dict[str, Any] = {}
    for base in [*own, *draws(schema, DRAWS)]:
        for instance in (base, *variants(base, seed)):
            pool.setdefault(json.dumps(instance, sort_keys=True), instance)
    return list(pool.values())[:MAX_INSTANCES]


def leads_to_value(instance: Any, path: tuple[Any, ...]) -> bool:
    """All but the last step exist in ``instance`` (the last may name a missing key)."""
    node = instance
    for step in path[:-1]:
        if (isinstance(node, dict) and isinstance(step, str) and step in node) or (
            isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        ):
            node = node[step]
        else:
            return False
    return True


def check_agreement(
    runtime: ModuleType, schema: Any, instances: list[Any], tally: Counter[str]
) -> None:
    check = compiled(runtime, schema)
    validator = judge(schema)
    failures = []
    for instance in instances:
        expected = validator.is_valid(instance)
        got = check(instance, None, None)
        problems = runtime._exact.problems(check, instance)
        tally["valid" if expected else "invalid"] += 1
        if got == bool(problems):
            failures.append(f"modes disagree on {instance!r}: {problems}")
        if got != expected:
            if jsonschema_uniq_differs(instance):
                tally["jsonschema uniq"] += 1
            else:
                tally["DISAGREED"] += 1
                failures.append(f"jsonschema {'accepts' if expected else 'refuses'}: {instance!r}")
        failures += [
            f"{p} is not in {instance!r}" for p in problems if not leads_to_value(instance, p.path)
        ]
    assert not failures, f"{len(failures)} of {len(instances)}:\n" + "\n".join(failures[:12])


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    contracts = tmp_path_factory.mktemp("synth") / "contracts"
    make_contracts(SYNTHETIC, 11, contracts)
    config = Config(root=contracts.parent, contracts=contracts, output=contracts.parent / "out")
    toolset, diagnostics = load_toolset(config)
    assert toolset is not None, diagnostics
    return [thaw(tool.input_schema) for tool in toolset]


@pytest.mark.parametrize("index", range(SYNTHETIC))
def test_synthetic_tools(
    runtime: ModuleType, synthetic: list[Any], index: int, tally: Counter[str]
) -> None:
    schema = synthetic[index]
    check_agreement(runtime, schema, instances_for(schema, (), f"synthetic-{index}"), tally)


# --- problems ----------------------------------------------------------------------------


def test_every_problem_is_listed_with_its_path_and_keyword(runtime: ModuleType) -> None:
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string", "minLength": 1},
            "todos": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": True},
        },
        "required": ["path", "mode"],
        "additionalProperties": False,
    }
    found = runtime._exact.problems(
        compiled(runtime, schema), {"path": "", "todos": ["a", "c", "a"], "x": 1}
    )
    assert [(p.path, p.keyword) for p in found] == [
        (("path",), "minLength"),
        (("todos", 1), "enum"),
        (("todos", 2), "uniqueItems"),
        (("mode",), "required"),
        (("x",), "additionalProperties"),
    ]
    assert str(found[1]) == '$.todos[1]: "c" is not one of ["a", "b"]'
    assert runtime._checks.json_path(("a b", 0, "名前", "ok")) == '$["a b"][0]["名前"].ok'


def test_valid_arguments_have_no_problems(runtime: ModuleType) -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert runtime._exact.problems(compiled(runtime, schema), {"n": 1.0}) == []


# --- dialects ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        ({"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}, 1.0),
        (
            {
                "$schema": "http://json-schema.org/draft-04/schema#",
                "maximum": 3,
                "exclusiveMaximum": True,
            },
            3,
        ),
        (
            {
                "$schema": "http://json-schema.org/draft-06/schema#",
                "if": {"const": 1},
                "then": False,
            },
            1,
        ),
        (
            {
                "$schema": DRAFT7,
                "$defs": {"s": {"type": "string"}},
                "$ref": "#/$defs/s",
                "minLength": 9,
            },
            "x",
        ),
        (
            {
                "$schema": "https://json-schema.org/draft/2019-09/schema",
                "items": [{"type": "string"}],
            },
            [1],
        ),
        ({"$schema": "https://json-schema.org/draft/2019-09/schema", "prefixItems": [False]}, [1]),
    ],
)
def test_each_dialect_reads_its_own_keywords(
    runtime: ModuleType, schema: Any, instance: Any
) -> None:
    assert compiled(runtime, schema)(instance, None, None) == judge(schema).is_valid(instance)


# --- the named exceptions ------------------------------------------------------------------


def test_jsonschema_misses_duplicates_among_nested_arrays(runtime: ModuleType) -> None:
    schema = {"type": "array", "uniqueItems": True}
    instance = [[1], [True], [1]]
    assert judge(schema).is_valid(instance)  # wrong: [1] is there twice
    [problem] = runtime._exact.problems(compiled(runtime, schema), instance)
    assert problem.path == (2,)


def test_a_string_with_an_unpaired_surrogate_cannot_meet_a_pattern(runtime: ModuleType) -> None:
    text = json.loads('"\\ud800"')
    for schema, instance in [
        ({"type": "string", "pattern": "^.$"}, text),
        (
            {"type": "object", "patternProperties": {"^x": {}}, "additionalProperties": False},
            {text: 1},
        ),
    ]:
        with pytest.raises(UnicodeEncodeError):
            judge(schema).is_valid(instance)
        found = runtime._exact.problems(compiled(runtime, schema), instance)
        assert found and all(problem.path[-1] == text for problem in found if problem.path)
        assert any("surrogate" in p.message or "cannot be matched" in p.message for p in found)
    assert compiled(runtime, {"type": "string", "maxLength": 1})(text, None, None)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_validator_agrees_on_the_corpus(
    runtime: ModuleType, case: Case, tally: Counter[str]
) -> None:
    """Every corpus schema, those the contract checker refuses included: the validator
    alone agrees with jsonschema on the case's own and drawn instances."""
    pool = instances_for(case.schema, tuple(case.instances), case.id)
    check_agreement(runtime, case.schema, pool, tally)
