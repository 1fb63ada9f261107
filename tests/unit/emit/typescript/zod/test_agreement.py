"""Generated Zod schemas accept exactly the instances jsonschema accepts.

Schemas: the keyword corpus (tests/zod_corpus.py), every example contract's
inputSchema (judged in the generated TypeScript package's zod.js) and a seeded
synthetic set (bench/synth.py).
Instances: hypothesis-jsonschema draws, the corpus's own, and the variants the
mutator makes of each (tests/zod_harness.py). The judge is jsonschema in the
schema's dialect with ECMA-262 regular expressions; every instance of a session
runs in one Node process.

Besides the verdict, every accepted instance must come back from ``parse``
unchanged, and every issue's path must lead to the field it is about.

Named exceptions, each shown by a test below; nothing else may disagree:

* ``unsafe integer``: an integer beyond ±(2^53 - 1) is rounded by ``JSON.parse``
  before any JavaScript validator sees it, so bounds and multipleOf can judge a
  neighbouring number. Not closable in the validator: the exact value is gone.
* ``jsonschema uniq``: jsonschema's uniqueItems misses duplicates among nested
  arrays that mix booleans and numbers (``[[1], [true], [1]]``); Zod is right.
* ``__proto__ not in output``: Zod builds its output object by assignment, so an
  own ``__proto__`` key is validated but not copied into ``parse()``'s result.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.synth import make_contracts
from generator.emit.typescript import package as typescript
from generator.ir.model import thaw
from generator.ir.options import EmitOptions
from generator.project.config import load_config
from generator.project.settings import Config
from generator.run.pipeline import load_toolset
from tests.ts_package import write_package
from tests.zod_corpus import CASES, Case
from tests.zod_harness import (
    ZodNode,
    draws,
    has_proto_key,
    jsonschema_uniq_differs,
    judge,
    plain_judge,
    unsafe_integer,
    variants,
)

REPO = Path(__file__).resolve().parents[5]
DRAWS = 12
MAX_INSTANCES = 1500
SYNTHETIC = 40


@functools.cache
def example_schemas() -> tuple[tuple[str, Any], ...]:
    toolset, diagnostics = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None, diagnostics
    return tuple((tool.name, thaw(tool.input_schema)) for tool in toolset)


@pytest.fixture(scope="module")
def tally(request: pytest.FixtureRequest) -> Iterator[Counter[str]]:
    """Counts over this module's tests, printed at the end (a report, asserted nowhere)."""
    counts: Counter[str] = Counter()
    yield counts
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is not None and counts:
        with capture.global_and_fixture_disabled():
            print(f"\nzod agreement: {dict(sorted(counts.items()))}")


def instances_for(schema: Any, own: tuple[Any, ...], seed: str) -> list[Any]:
    """The instances a schema is tried on: its own, draws, and their variants (no repeats)."""
    bases = [*own, *draws(schema, DRAWS)]
    pool: dict[str, Any] = {}
    for base in bases:
        for instance in (base, *variants(base, seed)):
            pool.setdefault(json.dumps(instance, sort_keys=True), instance)
    return list(pool.values())[:MAX_INSTANCES]


def exception_for(instance: Any) -> str | None:
    if unsafe_integer(instance):
        return "unsafe integer"
    if jsonschema_uniq_differs(instance):
        return "jsonschema uniq"
    return None


def leads_to_field(instance: Any, path: list[Any]) -> bool:
    """Whether all but the last step of an issue path exist in ``instance`` (the last step
    may name a missing key)."""
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
    zod_node: ZodNode,
    stem: str,
    schema: Any,
    own: tuple[Any, ...],
    tally: Counter[str],
    emitted: tuple[Path, str] | None = None,
) -> None:
    """Every instance judged by jsonschema and by the Zod schema: a module of its own, or
    ``emitted`` (a module of a generated package and the tool's name in it)."""
    pool = instances_for(schema, own, stem)
    module, name = emitted or (zod_node.module(stem, [("tool", schema)]), "tool")
    results = zod_node.run(module, name, pool)
    validator = judge(schema)
    failures = []
    for instance, result in zip(pool, results, strict=True):
        expected = validator.is_valid(instance)
        tally["valid" if expected else "invalid"] += 1
        if result["ok"] != expected:
            category = exception_for(instance)
            tally[category or "DISAGREED"] += 1
            if category is None:
                failures.append(f"jsonschema {'accepts' if expected else 'refuses'}: {instance!r}")
        elif result["ok"] and not result["same"]:
            tally["__proto__ not in output" if has_proto_key(instance) else "CHANGED"] += 1
            if not has_proto_key(instance):
                failures.append(f"parse() changed the value: {instance!r}")
        for issue in result["issues"]:
            if not leads_to_field(instance, issue["path"]):
                failures.append(f"issue path {issue['path']} is not in {instance!r}")
    assert not failures, f"{len(failures)} of {len(pool)}:\n" + "\n".join(failures[:12])


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_keyword_corpus(zod_node: ZodNode, case: Case, tally: Counter[str]) -> None:
    check_agreement(zod_node, f"corpus-{case.id}", case.schema, case.instances, tally)


@pytest.fixture(scope="module")
def example_package(zod_node: ZodNode) -> Path:
    """The example contracts' TypeScript package as generated; its zod.js is judged."""
    toolset, diagnostics = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None, diagnostics
    files = typescript.emit(toolset, EmitOptions(targets=("typescript",)))
    folder = zod_node.folder / "example-package"
    write_package(folder, files)
    return folder / typescript.ZOD_MODULE


@pytest.mark.parametrize(
    "index", range(len(example_schemas())), ids=lambda i: example_schemas()[i][0]
)
def test_example_contracts(
    zod_node: ZodNode, example_package: Path, index: int, tally: Counter[str]
) -> None:
    name, schema = example_schemas()[index]
    check_agreement(zod_node, f"example-{index}", schema, (), tally, (example_package, name))


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    contracts = tmp_path_factory.mktemp("synth") / "contracts"
    make_contracts(SYNTHETIC, 7, contracts)
    config = Config(root=contracts.parent, contracts=contracts, output=contracts.parent / "out")
    toolset, diagnostics = load_toolset(config)
    assert toolset is not None, diagnostics
    return [thaw(tool.input_schema) for tool in toolset]


@pytest.mark.parametrize("index", range(SYNTHETIC))
def test_synthetic_tools(
    zod_node: ZodNode, synthetic: list[Any], index: int, tally: Counter[str]
) -> None:
    check_agreement(zod_node, f"synthetic-{index}", synthetic[index], (), tally)


# --- the named exceptions ---------------------------------------------------------------


def test_unsafe_integers_reach_javascript_rounded(zod_node: ZodNode) -> None:
    schema = {"type": "integer", "maximum": 2**53}
    module = zod_node.module("exception-unsafe-integer", [("tool", schema)])
    instance = 2**53 + 1
    [result] = zod_node.run(module, "tool", [instance])
    assert not judge(schema).is_valid(instance)
    assert result["ok"]  # JavaScript read 2^53 + 1 as 2^53, which is within the bound
    assert unsafe_integer(instance) and not unsafe_integer(2**53 - 1)


def test_jsonschema_misses_duplicates_among_nested_arrays(zod_node: ZodNode) -> None:
    schema = {"type": "array", "uniqueItems": True}
    module = zod_node.module("exception-uniq", [("tool", schema)])
    instance = [[1], [True], [1]]
    [result] = zod_node.run(module, "tool", [instance])
    assert judge(schema).is_valid(instance)  # wrong: [1] is there twice
    assert not result["ok"]
    assert result["issues"][0]["path"] == [2]
    assert jsonschema_uniq_differs(instance) and not jsonschema_uniq_differs([[1], [True]])


def test_proto_key_is_validated_but_not_in_output(zod_node: ZodNode) -> None:
    schema = {"type": "object", "properties": {"__proto__": {"type": "integer"}}}
    module = zod_node.module("exception-proto", [("tool", schema)])
    good, bad = zod_node.run(module, "tool", [{"__proto__": 1}, {"__proto__": "x"}])
    assert good["ok"] and not good["same"]
    assert not bad["ok"] and bad["issues"][0]["path"] == ["__proto__"]


def test_judge_reads_patterns_as_ecma_262_not_python() -> None:
    """Why the judge is patched: jsonschema's own `pattern` uses Python's re."""
    cases = [("^[a-z]+$", "abc\n"), ("^\\d+$", "١٢٣")]
    for pattern, text in cases:
        schema = {"type": "string", "pattern": pattern}
        assert plain_judge(schema).is_valid(text)
        assert not judge(schema).is_valid(text)
