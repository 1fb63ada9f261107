"""parse_arguments and the input models agree with jsonschema, and give back what was sent.

Schemas: the keyword corpus, generated once as a package (tests/python_corpus.py), and
every example contract (the committed generated/python). Instances: hypothesis draws,
the corpus's own and the mutator's variants (tests/zod_harness.py), as JSON text. For
each one: ``parse_arguments`` accepts it exactly when the judge (jsonschema in the
schema's dialect, ECMA-262 patterns) does, so does the tool's model, and an accepted
value dumps back (``model_dump(mode="json", exclude_unset=True)``) to the same JSON. For
every strict tool, the same holds for the arguments as OpenAI strict mode sends them
(``null`` for each optional property left out), parsed with ``provider="openai"``.

Named exceptions (README, "parse_arguments"), each shown by a test; nothing else may
differ: ``jsonschema uniq`` and ``unpaired surrogate`` (tests/unit/emit/python/test_validator.py),
and ``null means absent``: with ``provider="openai"``, a null the contract refuses at an
optional property is read as "absent" (that is what strict mode makes a model send).
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.ir.model import thaw
from generator.profiles.openai import strict_inverse
from generator.project.config import load_config
from generator.run.pipeline import load_toolset
from tests.generated_python import REPO
from tests.python_corpus import PACKAGE, TYPING_CASES, Corpus
from tests.strict_arguments import as_strict, undeclared_keys, without_added_nulls
from tests.zod_corpus import CASES
from tests.zod_harness import draws, jsonschema_uniq_differs, judge, variants

DRAWS = 8
VARIANTS = 40
MAX_INSTANCES = 400


def normal(value: Any) -> Any:
    """A JSON value spelled one way: integral floats as ints, keys sorted."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [normal(v) for v in value]
    if isinstance(value, dict):
        return {k: normal(v) for k, v in sorted(value.items())}
    return value


def same_json(one: Any, two: Any) -> bool:
    return json.dumps(normal(one)) == json.dumps(normal(two))


def instances(schema: Any, own: tuple[Any, ...], seed: str) -> list[Any]:
    pool: dict[str, Any] = {}
    for base in [*own, *draws(schema, DRAWS)]:
        for instance in (base, *variants(base, seed, VARIANTS)):
            pool.setdefault(json.dumps(instance, sort_keys=True), instance)
    return list(pool.values())[:MAX_INSTANCES]


@pytest.fixture(scope="module")
def tally(request: pytest.FixtureRequest) -> Iterator[Counter[str]]:
    counts: Counter[str] = Counter()
    yield counts
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if capture is not None and counts:
        with capture.global_and_fixture_disabled():
            print(f"\nparse_arguments agreement: {dict(sorted(counts.items()))}")


def parsed(package: Any, name: str, raw: Any, provider: str | None) -> Any:
    """The parsed model, or the ArgumentsError when parse_arguments refuses."""
    try:
        return package.parse_arguments(name, raw, provider=provider)
    except package.ArgumentsError as error:
        return error


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


def model_accepts(package: Any, name: str, value: Any) -> bool:
    from pydantic import ValidationError

    try:
        package.MODELS[name].model_validate(value)
    except ValidationError:
        return False
    return True


def check_tool(package: Any, name: str, schema: Any, pool: list[Any], tally: Counter[str]) -> None:
    validator = judge(schema)
    failures = []
    for instance in pool:
        expected = validator.is_valid(instance)
        tally["valid" if expected else "invalid"] += 1
        model = parsed(package, name, json.dumps(instance), None)
        accepted = not isinstance(model, package.ArgumentsError)
        if accepted != expected or model_accepts(package, name, instance) != expected:
            if jsonschema_uniq_differs(instance):
                tally["jsonschema uniq"] += 1
                continue
            failures.append(f"jsonschema {'accepts' if expected else 'refuses'} {instance!r}")
        elif not accepted:
            lost = [p for p in model.problems if not leads_to_value(instance, p.path)]
            failures += [f"{p} is not in {instance!r}" for p in lost]
            if not model.problems:
                failures.append(f"refused without a problem: {instance!r}")
        elif not same_json(model.model_dump(mode="json", exclude_unset=True), instance):
            failures.append(
                f"dumped {model.model_dump(mode='json', exclude_unset=True)!r} for {instance!r}"
            )
    assert not failures, f"{len(failures)} of {len(pool)}:\n" + "\n".join(failures[:10])


def check_strict(
    package: Any, name: str, schema: Any, pool: list[Any], tally: Counter[str]
) -> None:
    """Arguments as strict mode sends them, parsed for OpenAI: the contract's verdict on the
    arguments before strict mode, and the same value back."""
    validator = judge(schema)
    nodes = strict_inverse(schema)
    undo = package._undo.undo
    failures = []
    for instance in pool:
        if (nodes is not None and undo(nodes, instance) != instance) or undeclared_keys(
            schema, schema, instance
        ):
            continue  # null means absent; keys no provider sends (unit/profiles/test_inverse.py)
        sent = as_strict(schema, schema, instance, validator)
        expected = validator.is_valid(instance)
        tally["strict " + ("valid" if expected else "invalid")] += 1
        model = parsed(package, name, json.dumps(sent), "openai")
        if isinstance(model, package.ArgumentsError):
            model = None
        if (model is not None) != expected:
            if not jsonschema_uniq_differs(instance):
                verdict = "accepts" if expected else "refuses"
                failures.append(f"jsonschema {verdict} {instance!r} (sent {sent!r})")
        elif model is not None:
            back = model.model_dump(mode="json", exclude_unset=True)
            if not same_json(without_added_nulls(back, instance), instance):
                failures.append(f"dumped {back!r} for {instance!r}")
    assert not failures, f"{len(failures)} of {len(pool)}:\n" + "\n".join(failures[:10])


# --- the keyword corpus ------------------------------------------------------------------

CASE_INSTANCES = {case.id: case.instances for case in CASES}


@pytest.fixture(scope="module")
def corpus_names(corpus: Corpus) -> list[str]:
    return sorted(corpus.tools)


@pytest.mark.parametrize("case", (*CASES, *TYPING_CASES), ids=lambda case: case.id)
def test_keyword_corpus(corpus: Corpus, case: Any, tally: Counter[str]) -> None:
    tools = [t for t in corpus.tools.values() if t.case == case.id]
    if not tools:
        # The contract checker refuses this schema (the lint: an enum member its own type
        # refuses, say), so no package holds it; the exact validator's agreement on it is
        # tested directly in test_python_validator.test_validator_agrees_on_the_corpus.
        assert case.id in corpus.refused
        pytest.skip(f"the checker refuses this schema: {', '.join(corpus.refused[case.id])}")
    for tool in tools:
        own = tuple(tool.arguments(i) for i in case.instances)
        pool = instances(tool.schema, own, tool.name)
        if tool.strict:
            check_strict(corpus.package, tool.name, tool.schema, pool, tally)
        else:
            check_tool(corpus.package, tool.name, tool.schema, pool, tally)


# --- the example contracts ---------------------------------------------------------------


@functools.cache
def example_tools() -> tuple[tuple[str, Any, bool], ...]:
    toolset, diagnostics = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None, diagnostics
    return tuple((t.name, thaw(t.input_schema), t.strict) for t in toolset)


@pytest.mark.parametrize("index", range(len(example_tools())), ids=lambda i: example_tools()[i][0])
def test_example_contracts(pkg: Any, index: int, tally: Counter[str]) -> None:
    name, schema, strict = example_tools()[index]
    pool = instances(schema, (), name)
    check_tool(pkg, name, schema, pool, tally)
    if strict:
        check_strict(pkg, name, schema, pool, tally)


# --- what a host relies on -----------------------------------------------------------------


def test_openai_strict_nulls_are_read_as_absent(pkg: Any) -> None:
    sent = '{"path": "/a", "offset": null, "limit": null, "lineFormat": null, "pages": null}'
    args = pkg.parse_arguments("read_file", sent, provider="openai")
    assert args.model_dump(mode="json", exclude_unset=True) == {"path": "/a", "pages": None}
    assert (args.offset, args.limit, args.lineFormat) == (1, 2000, "numbered")  # defaults
    with pytest.raises(pkg.ArgumentsError) as refused:
        pkg.parse_arguments("read_file", sent, provider=None)  # null is not an integer
    assert {p.path for p in refused.value.problems} == {("offset",), ("limit",), ("lineFormat",)}


def test_with_defaults_adds_the_contracts_defaults(pkg: Any) -> None:
    args = pkg.parse_arguments("read_file", {"path": "/a"}, provider=None, with_defaults=True)
    assert args.model_dump(mode="json", exclude_unset=True) == {
        "path": "/a",
        "offset": 1,
        "limit": 2000,
        "lineFormat": "numbered",
        "pages": None,
    }


def test_provider_facing_and_canonical_names_both_find_the_tool(pkg: Any) -> None:
    sent = {"owner": "o", "repo": "r"}
    by_provider = pkg.parse_arguments("github__list_issues", sent, provider="openai")
    by_canonical = pkg.parse_arguments("github::list_issues", sent, provider="mcp")
    assert type(by_provider) is type(by_canonical) is pkg.MODELS["github::list_issues"]


def test_one_error_lists_every_problem_with_its_path(pkg: Any) -> None:
    sent = {"path": "", "offset": True, "limit": "8", "x": 1}
    with pytest.raises(pkg.ArgumentsError) as refused:
        pkg.parse_arguments("read_file", sent, provider="openai")
    error = refused.value
    assert error.tool == "read_file"
    assert [(p.path, p.keyword) for p in error.problems] == [
        (("path",), "minLength"),
        (("offset",), "type"),
        (("limit",), "type"),
        (("x",), "additionalProperties"),
    ]
    assert "$.offset: expected integer" in str(error)


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        ("nope", "{}", "no tool is called 'nope'"),
        ("read_file", '{"path": ', "not JSON"),
        ("read_file", '{"path": "a", "offset": NaN}', "NaN is not a JSON number"),
        ("read_file", '{"path": "a", "offset": 1e999}', "beyond what a float holds"),
        ("read_file", b'{"path": "\xff"}', "not JSON"),
    ],
)
def test_what_cannot_be_read_is_an_arguments_error(
    pkg: Any, name: str, raw: Any, message: str
) -> None:
    with pytest.raises(pkg.ArgumentsError) as refused:
        pkg.parse_arguments(name, raw, provider=None)
    [problem] = refused.value.problems
    assert problem.path == () and message in problem.message


def nested(levels: int) -> Any:
    """``levels`` arrays inside each other (``[]`` is 1)."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ([], "an array"),
        ([{"path": "a"}], "an array"),
        (None, "null"),
        (3, "a number"),
        (2.5, "a number"),
        (True, "a boolean"),
        ("[]", "an array"),
        ('"{}"', "a string"),
        (b"null", "null"),
        ({"path"}, "a set, which is not JSON"),
    ],
)
@pytest.mark.parametrize("provider", [None, "openai", "anthropic"])
def test_arguments_that_are_not_an_object_are_an_arguments_error(
    pkg: Any, raw: Any, kind: str, provider: str | None
) -> None:
    with pytest.raises(pkg.ArgumentsError) as refused:
        pkg.parse_arguments("read_file", raw, provider=provider)
    [problem] = refused.value.problems
    message = f"the arguments must be a JSON object, not {kind}"
    assert (problem.path, problem.keyword, problem.message) == ((), "type", message)


@pytest.mark.parametrize("as_text", [True, False], ids=["text", "decoded"])
def test_arguments_nested_too_deeply_are_an_arguments_error(pkg: Any, as_text: bool) -> None:
    assert pkg.arguments.MAX_DEPTH == 128
    for levels, keyword in ((127, "additionalProperties"), (128, "depth"), (5000, "depth")):
        sent = {"path": "/a", "x": nested(levels)}  # the object itself is one level
        raw = "".join(('{"path": "/a", "x": ', "[" * levels, "]" * levels, "}"))
        with pytest.raises(pkg.ArgumentsError) as refused:
            pkg.parse_arguments("read_file", raw if as_text else sent, provider="openai")
        [problem] = refused.value.problems
        assert problem.keyword == keyword, levels
    assert str(refused.value).endswith("$: the arguments nest deeper than 128 levels")
    assert problem.path == ()


def test_an_unknown_provider_is_a_programming_error(pkg: Any) -> None:
    assert pkg.PROVIDERS == ("anthropic", "bedrock", "gemini", "mcp", "openai")
    with pytest.raises(ValueError, match="unknown provider 'opneai'"):
        pkg.parse_arguments("read_file", "{}", provider="opneai")


def test_model_validate_is_as_exact_as_parse_arguments(pkg: Any) -> None:
    from pydantic import ValidationError

    model = pkg.MODELS["read_file"]
    assert model.model_validate({"path": "/a", "offset": 2.0}).offset == 2
    for bad in ({"path": "/a", "offset": True}, {"path": "/a", "offset": "8"}, {"path": 1}):
        with pytest.raises(ValidationError):
            model.model_validate(bad)
    with pytest.raises(ValidationError) as refused:
        model.model_validate({"offset": 0, "x": None})
    assert [e["loc"] for e in refused.value.errors()] == [("offset",), ("path",), ("x",)]


def test_values_come_back_as_sent(corpus: Corpus) -> None:
    sent = {"url": "https://x.com", "n": 69, "tags": ["a", "b"], "extra": {"kept": True}}
    args = corpus.package.parse_arguments("kept-as-sent.root", json.dumps(sent), provider=None)
    assert args.model_dump(mode="json", exclude_unset=True) == sent
    assert type(args.n) is int and args.url == "https://x.com"
    with pytest.raises(corpus.package.ArgumentsError):
        corpus.package.parse_arguments("kept-as-sent.root", {"tags": ["a", "a"]}, provider=None)


def test_fields_dump_under_their_json_names(corpus: Corpus) -> None:
    sent = {"Content-Type": "a", "_from": "b", "class": 1, "model_config": "c", "json": "j"}
    args = corpus.package.parse_arguments(
        "names-that-are-not-identifiers.root", sent, provider=None
    )
    assert args.model_dump(mode="json", exclude_unset=True) == sent
    assert args.Content_Type == "a" and args.class_ == 1


def test_a_default_the_schema_refuses_never_reaches_a_package(corpus: Corpus) -> None:
    """A default outside its own schema (also "default: null" on a string, the idiom of
    some tool registries) is refused by the contract checker's lint, so no package, model
    or parse_arguments ever holds one ("import --normalize" removes the null idiom)."""
    for case in ("defaults-outside-their-schema", "default-null-on-string"):
        assert case in corpus.refused, case
        assert not [t for t in corpus.tools.values() if t.case == case]


def test_schemas_the_validator_does_not_compile_are_judged_by_jsonschema(corpus: Corpus) -> None:
    validation = corpus.package._data.VALIDATION
    assert validation["unevaluated-properties"] == "jsonschema"
    assert "dynamic-ref" in corpus.refused  # $dynamicRef: the checker refuses it (TC207)
    assert validation["draft7-items-tuple"] == "draft-07"
    assert "kept-as-sent.root" not in validation  # 2020-12, the default
    pyproject = (corpus.folder / "pyproject.toml").read_text("utf-8")
    assert '"jsonschema>=4.18"' in pyproject and '"regress>=2024.8"' in pyproject
    with pytest.raises(corpus.package.ArgumentsError) as refused:
        corpus.package.parse_arguments(
            "unevaluated-properties", {"v": {"a": 1, "c": 2}}, provider=None
        )
    assert [(p.path, p.keyword) for p in refused.value.problems] == [
        (("v",), "unevaluatedProperties")
    ]


def test_models_pass_mypy_strict(corpus: Corpus, tmp_path: Path) -> None:
    """Schemas with default: null, const, enums of every type, $ref with siblings, names
    that are not identifiers, and every keyword of the corpus."""
    mypy = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            tmp_path,
            PACKAGE,
        ],
        cwd=corpus.folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
