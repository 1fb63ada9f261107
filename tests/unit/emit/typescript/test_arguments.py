"""parseArguments in the TypeScript package: the inverse interpreter and the host's call.

* The JavaScript interpreter of the inverse data (``_undo.js``) gives what the Python
  one gives, on what strict mode makes a model send (and variants of it) for every
  strict schema of the inverse suite (tests/unit/profiles/test_inverse.py).
* A small project's package, run by Node: names (canonical, provider-facing, an MCP
  name two servers share), raw JSON text or values, the OpenAI strict inverse applied
  for OpenAI only, and every problem reported with its path.
* The law, for every strict example tool: arguments as strict mode sends them, read by
  ``parseArguments(…, "openai")``, are accepted exactly when jsonschema accepts the
  arguments the model meant.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path, PurePosixPath
from types import ModuleType
from typing import Any

import pytest

from generator.emit.typescript import package as typescript
from generator.ir.model import Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles.openai import strict_inverse
from generator.project.config import load_config
from generator.project.settings import Config
from tests.conftest import REPO
from tests.python_runtime import load_runtime
from tests.ts_package import HARNESS, build_package, link_modules
from tests.unit.profiles.test_inverse import as_strict, strict_schemas, undeclared_keys
from tests.zod_harness import draws, judge, unsafe_integer, variants

DRAWS = 8
INTERPRETER_DRAWS = 4  # per schema; variants multiply them, and the schemas are many


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load_runtime(tmp_path_factory.mktemp("runtime"))


def node_json(folder: Path, script: str, data: Any) -> Any:
    """Run ``script`` (an ES module reading JSON on stdin) in ``folder``; its JSON output."""
    (folder / "script.mjs").write_text(textwrap.dedent(script), encoding="utf-8")
    ran = subprocess.run(
        ["node", "script.mjs"],
        cwd=folder,
        input=json.dumps(data),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def _need_node() -> None:
    if not (HARNESS / "node_modules" / "zod").is_dir():
        pytest.skip("zod not installed: run `npm ci` in tests/ts_harness")


# --- the interpreter ------------------------------------------------------------------


def same(left: Any, right: Any) -> bool:
    """Equal JSON values, numbers as JavaScript reads them. (Key order is not compared:
    a JavaScript object lists integer-like keys such as "0" first, whatever JSON said.)"""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(same(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(same, left, right))
    if isinstance(left, bool) or isinstance(right, bool):
        return left is right
    if isinstance(left, int | float) and isinstance(right, int | float):
        return float(left) == float(right)
    return type(left) is type(right) and left == right


def sampled_strict_schemas() -> list[tuple[str, Any]]:
    """The inverse suite's strict schemas: its own and the examples', and every fourth of
    those it wraps from the keyword corpus (the Python interpreter meets them all)."""
    found = strict_schemas()
    corpus = [item for item in found if item[0].startswith("corpus-")]
    return [item for item in found if not item[0].startswith("corpus-")] + corpus[::4]


def test_javascript_undo_gives_what_python_undo_gives(tmp_path: Path, runtime: ModuleType) -> None:
    _need_node()
    cases = []
    for name, schema in sampled_strict_schemas():
        nodes = strict_inverse(schema)
        if nodes is None:
            continue
        validator = judge(schema)
        drawn = draws(schema, INTERPRETER_DRAWS)
        for sent in (as_strict(schema, schema, x, validator) for x in drawn):
            for value in (sent, *variants(sent, name, 10)):
                if not unsafe_integer(value):  # JSON.parse rounds those
                    cases.append((nodes, value))
    empty = typescript.emit(Toolset((), ()), EmitOptions(targets=("typescript",)))
    (tmp_path / "_undo.js").write_text(empty[PurePosixPath("typescript/_undo.js")])
    script = """\
        import { readFileSync } from "node:fs";
        import { undo } from "./_undo.js";
        const cases = JSON.parse(readFileSync(0, "utf-8"));
        console.log(JSON.stringify(cases.map(([nodes, value]) => undo(nodes, value))));
        """
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    results = node_json(tmp_path, script, cases)
    expected = [runtime._undo.undo(nodes, value) for nodes, value in cases]
    assert len(cases) > 200
    mismatched = [
        (case, got, want)
        for case, got, want in zip(cases, results, expected, strict=True)
        if not same(got, want)
    ]
    assert not mismatched, mismatched[:3]


# --- a host's calls --------------------------------------------------------------------

CONTRACTS = {
    "core.yaml": """\
        version: 1
        tools:
          - name: read.file
            description: Read a file.
            riskLevel: low
            strict: true
            inputSchema:
              type: object
              properties:
                path: {type: string}
                limit: {type: integer, minimum: 1}
                note: {type: [string, "null"]}
                range:
                  type: object
                  properties: {start: {type: integer}, end: {type: integer}}
                  required: [start]
                  additionalProperties: false
              required: [path]
              additionalProperties: false
        """,
    "one.yaml": """\
        version: 1
        server: one
        tools:
          - name: search
            description: Search one.
            riskLevel: low
            inputSchema: {type: object, properties: {q: {type: string}}, required: [q]}
          - name: only_one
            description: Only in one.
            riskLevel: low
            inputSchema: {type: object, properties: {}}
        """,
    "two.yaml": """\
        version: 1
        server: two
        tools:
          - name: search
            description: Search two.
            riskLevel: low
            inputSchema: {type: object, properties: {q: {type: integer}}, required: [q]}
        """,
}

NESTED: Any = json.loads("[" * 127 + "]" * 127)  # in the arguments object: 128 levels

CALLS: dict[str, tuple[str, Any, str]] = {
    "strict nulls undone": (
        "read_file",
        '{"path": "/a", "limit": null, "note": null, ' '"range": {"start": 1, "end": null}}',
        "openai",
    ),
    "canonical name": ("read.file", {"path": "/a", "limit": None, "range": None}, "openai"),
    "no undoing for claude": ("read_file", {"path": "/a", "limit": None}, "anthropic"),
    "mcp name": ("only_one", {}, "mcp"),
    "mcp shared name": ("search", {"q": "x"}, "mcp"),
    "mcp canonical": ("two::search", {"q": 1}, "mcp"),
    "openai server tool": ("one__search", '{"q": "x"}', "openai"),
    "every problem": ("read_file", {"path": 1, "limit": 0, "extra": 1, "range": {}}, "openai"),
    "not json": ("read_file", '{"path": ', "openai"),
    "unknown tool": ("nope", {}, "openai"),
    "unknown provider": ("read_file", {}, "gemini"),
    "an array": ("read_file", [{"path": "/a"}], "openai"),
    "null": ("read_file", None, "anthropic"),
    "a number": ("read.file", 3, "mcp"),
    "a boolean": ("read_file", True, "openai"),
    "a string": ("read_file", '"{}"', "openai"),
    "an array as text": ("read_file", "[]", "anthropic"),
    "128 levels": ("read_file", {"path": "/a", "limit": NESTED}, "openai"),
    "129 levels": ("read_file", {"path": "/a", "limit": [NESTED]}, "openai"),
    "deeper as text": ("read.file", json.dumps({"path": "/a", "limit": [[NESTED]] * 2}), "mcp"),
}

DRIVER = """\
    import { readFileSync } from "node:fs";
    import { ArgumentsError, parseArguments, providers } from "args-tools";
    const calls = JSON.parse(readFileSync(0, "utf-8"));
    const results = {};
    for (const [key, [name, raw, provider]] of Object.entries(calls)) {
      try {
        results[key] = { call: parseArguments(name, raw, provider) };
      } catch (error) {
        if (!(error instanceof ArgumentsError)) throw error;
        const { tool, problems } = error;
        results[key] = { error: { tool, problems, message: error.message } };
      }
    }
    console.log(JSON.stringify({ providers, results }));
    """


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    _need_node()
    root = tmp_path_factory.mktemp("args")
    for name, text in CONTRACTS.items():
        path = root / "contracts" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    config = Config(root=root, contracts=root / "contracts", output=root / "unused")
    build_package(config, root / "pkg", name="args-tools")
    link_modules(root, {"args-tools": root / "pkg"})
    (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    result: dict[str, Any] = node_json(root, DRIVER, CALLS)
    return result


def test_providers_are_the_provider_targets(host: dict[str, Any]) -> None:
    assert host["providers"] == ["anthropic", "mcp", "openai"]


def test_openai_strict_nulls_for_optional_properties_are_undone(host: dict[str, Any]) -> None:
    call = host["results"]["strict nulls undone"]["call"]
    # note allows null: the model may mean either, and both are valid; it stays
    assert call == {
        "name": "read.file",
        "input": {"path": "/a", "note": None, "range": {"start": 1}},
    }
    assert host["results"]["canonical name"]["call"] == {
        "name": "read.file",
        "input": {"path": "/a"},
    }


def test_a_provider_without_a_transform_gets_the_arguments_judged_as_sent(
    host: dict[str, Any],
) -> None:
    error = host["results"]["no undoing for claude"]["error"]
    assert error["tool"] == "read.file"
    assert [p["pointer"] for p in error["problems"]] == ["/limit"]


def test_names_resolve_per_provider(host: dict[str, Any]) -> None:
    results = host["results"]
    assert results["mcp name"]["call"]["name"] == "one::only_one"
    assert results["mcp canonical"]["call"] == {"name": "two::search", "input": {"q": 1}}
    assert results["openai server tool"]["call"] == {"name": "one::search", "input": {"q": "x"}}
    shared = results["mcp shared name"]["error"]
    assert shared["tool"] is None
    assert [p["code"] for p in shared["problems"]] == ["ambiguous_tool"]
    assert "one::search, two::search" in shared["message"]


def test_every_problem_is_listed_with_its_path(host: dict[str, Any]) -> None:
    error = host["results"]["every problem"]["error"]
    found = sorted((p["pointer"], p["code"]) for p in error["problems"])
    assert found == [
        ("/extra", "unrecognized_keys"),
        ("/limit", "too_small"),
        ("/path", "invalid_type"),
        ("/range/start", "invalid_type"),
    ]
    assert error["message"].startswith("4 problems in the arguments of read.file: ")
    for key, code in (
        ("not json", "invalid_json"),
        ("unknown tool", "unknown_tool"),
        ("unknown provider", "unknown_provider"),
    ):
        assert [p["code"] for p in host["results"][key]["error"]["problems"]] == [code]


@pytest.mark.parametrize(
    "key", ["an array", "null", "a number", "a boolean", "a string", "an array as text"]
)
def test_arguments_that_are_not_an_object_are_an_arguments_error(
    host: dict[str, Any], key: str
) -> None:
    kind = key.removesuffix(" as text")
    error = host["results"][key]["error"]
    message = f"the arguments must be a JSON object, not {kind}"
    assert error["tool"] == "read.file"
    assert error["problems"] == [
        {"path": [], "pointer": "", "code": "invalid_type", "message": message}
    ]
    assert error["message"] == f"1 problem in the arguments of read.file: (root): {message}"


def test_arguments_nested_too_deeply_are_an_arguments_error(host: dict[str, Any]) -> None:
    results = host["results"]
    # 128 levels reach the schema (limit is no array), 129 and more do not
    assert [p["pointer"] for p in results["128 levels"]["error"]["problems"]] == ["/limit"]
    message = "the arguments nest deeper than 128 levels"
    for key in ("129 levels", "deeper as text"):
        problem = {"path": [], "pointer": "", "code": "too_deep", "message": message}
        assert results[key]["error"]["problems"] == [problem], key


# --- the law on the example contracts ----------------------------------------------------


def test_strict_arguments_are_accepted_exactly_when_the_meant_ones_are_valid(
    tmp_path: Path, runtime: ModuleType
) -> None:
    _need_node()
    config = load_config(REPO / "pyproject.toml")
    toolset, _ = build_package(config, tmp_path / "pkg", name="example-tools")
    link_modules(tmp_path, {"example-tools": tmp_path / "pkg"})
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    calls, expected = [], []
    for tool in (t for t in toolset if t.strict):
        schema = thaw(tool.input_schema)
        validator, nodes = judge(schema), strict_inverse(schema)
        for base in draws(schema, DRAWS):
            for x in (base, *variants(base, tool.name, 40)):
                if nodes is not None and runtime._undo.undo(nodes, x) != x:
                    continue  # x holds null where the inverse reads "absent": by design
                if undeclared_keys(schema, schema, x):
                    continue  # strict mode closes objects: no provider sends this
                sent = as_strict(schema, schema, x, validator)
                calls.append([tool.provider_name, json.dumps(sent), "openai"])
                expected.append(validator.is_valid(x))
    script = """\
        import { readFileSync } from "node:fs";
        import { parseArguments } from "example-tools";
        const calls = JSON.parse(readFileSync(0, "utf-8"));
        const ok = (call) => {
          try {
            parseArguments(...call);
            return true;
          } catch {
            return false;
          }
        };
        console.log(JSON.stringify(calls.map(ok)));
        """
    accepted = node_json(tmp_path, script, calls)
    assert len(calls) > 100 and True in expected and False in expected
    wrong = [c for c, a, e in zip(calls, accepted, expected, strict=True) if a != e]
    assert not wrong, wrong[:5]
