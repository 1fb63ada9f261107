"""``toolcanon import`` of real-world dialects and at scale: --normalize, --skip-invalid,
output schemas, legacy provider names, diagnostics at the user's source, the lint on
foreign definitions, and earlier contracts read from the cache instead of checked again.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.contracts import cached
from generator.importers.normalize import STANDARD, TYPES
from tests.conftest import Project, tree_snapshot

# Every non-standard type and idiom of function-calling datasets, written for this test.
DATASET: list[dict[str, Any]] = [
    {
        "name": "geometry.area",
        "description": "Area of a shape.",
        "parameters": {
            "type": "dict",
            "properties": {
                "base": {"type": "float"},
                "height": {"type": "double", "default": None},
                "sides": {"type": "int"},
                "count": {"type": "long"},
                "unit": {"type": "str", "enum": ["cm", "m"]},
                "label": {"type": "String"},
                "initial": {"type": "char"},
                "exact": {"type": "bool", "default": None},
                "rounded": {"type": "Boolean"},
                "points": {"type": "tuple", "items": {"type": "float"}},
                "tags": {"type": "list", "items": {"type": "str"}},
                "sizes": {"type": "Array", "items": {"type": "int"}},
                "names": {"type": "ArrayList", "items": {"type": "String"}},
                "options": {"type": "HashMap"},
                "anything": {"type": "any"},
                "unknown": {"type": ""},
            },
            "required": ["base"],
        },
        "response": {"type": "dict", "properties": {"area": {"type": "double"}}},
    },
    {
        "name": "geometry.perimeter",
        "description": "Perimeter of a shape.",
        "parameters": {
            "type": "dict",
            "properties": {"sides": {"type": "list", "items": {"type": "float"}}},
            "required": ["sides"],
        },
        "returns": {"type": "float"},
    },
]


def _changes(value: Any) -> int:
    """How many changes --normalize must make: each non-standard type, each null default."""
    if isinstance(value, list):
        return sum(map(_changes, value))
    if not isinstance(value, dict):
        return 0
    own = int(isinstance(value.get("type"), str) and value["type"] not in STANDARD)
    own += int("default" in value and value["default"] is None)
    return own + sum(_changes(v) for k, v in value.items() if k != "default")


def _write(project: Project, name: str, data: Any) -> str:
    project.write(name, json.dumps(data, indent=2))
    return name


def test_the_dataset_uses_every_type_of_the_table() -> None:
    used = {node["type"] for node in _nodes(DATASET) if isinstance(node.get("type"), str)}
    assert set(TYPES) - {"map"} <= {name.lower() for name in used}
    assert {"String", "Boolean", "Array", "ArrayList", "HashMap"} <= used  # as the issue saw


def _nodes(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, list):
        return [n for item in value for n in _nodes(item)]
    if not isinstance(value, dict):
        return []
    return [value, *(n for item in value.values() for n in _nodes(item))]


def test_normalize_generates_for_every_target_one_warning_per_change(project: Project) -> None:
    source = _write(project, "dataset.json", DATASET)
    result = project.run("import", source, "--normalize")
    assert result.code == 0, result.err
    normalized = [line for line in result.diagnostics if "warning[TC411]" in line]
    expected = _changes([tool["parameters"] for tool in DATASET]) + _changes(DATASET[0]["response"])
    assert len(normalized) == expected
    assert all(line.startswith("dataset.json:") for line in result.diagnostics)
    text = (project.contracts / "dataset.yaml").read_text("utf-8")
    assert sum(" normalized to " in line or " removed" in line for line in text.splitlines()) == (
        expected
    )
    assert project.run("generate").code == 0
    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    area = next(t for t in canonical["tools"] if t["toolName"] == "geometry.area")
    properties = area["inputSchema"]["properties"]
    assert area["inputSchema"]["type"] == "object"
    assert properties["height"] == {"type": "number"}  # the null default is gone
    assert properties["points"] == {"type": "array", "items": {"type": "number"}}
    assert properties["anything"] == {} and properties["unknown"] == {}
    assert area["outputSchema"] == {"type": "object", "properties": {"area": {"type": "number"}}}
    perimeter = next(t for t in canonical["tools"] if t["toolName"] == "geometry.perimeter")
    assert "outputSchema" not in perimeter  # 'returns' a number: not an object


def test_without_normalize_refusal_names_the_flag_at_the_source(project: Project) -> None:
    source = _write(project, "dataset.json", DATASET)
    before = tree_snapshot(project.contracts)
    result = project.run("import", source)
    assert result.code == 2
    errors = [line for line in result.diagnostics if "error[" in line]
    assert errors[0] == (
        "dataset.json:6:7: error[TC201]: tool 'geometry.area': $.parameters.type: "
        "'dict' is not a JSON Schema type (import --normalize would import it as 'object')"
    )
    assert all(line.startswith("dataset.json:") for line in result.diagnostics)
    assert all("import --normalize would" in line for line in errors)
    assert "nothing was written (--normalize maps the non-standard types and values" in result.err
    assert tree_snapshot(project.contracts) == before


def test_outputs_from_response_and_returns(project: Project) -> None:
    tools = [
        {"name": "a", "parameters": {"type": "object"}, "returns": {"properties": {"x": {}}}},
        {"name": "b", "parameters": {"type": "object"}, "response": "the weather"},
    ]
    result = project.run("import", _write(project, "defs.json", tools), "--server", "s")
    assert result.code == 0, result.err
    assert [line for line in result.diagnostics if "$.re" in line] == [
        "defs.json:7:5: warning[TC402]: tool 'a': $.returns: output schema read from 'returns'",
        "defs.json:7:5: warning[TC405]: tool 'a': $.returns: outputSchema has no root 'type'; "
        "imported with type: object (MCP structuredContent is always an object)",
        "defs.json:18:5: warning[TC408]: tool 'b': $.response: 'response' is not a schema; an "
        "outputSchema describes an object (MCP structuredContent): dropped",
    ]
    text = (project.contracts / "s.yaml").read_text("utf-8")
    assert "    # review: the source had no root 'type'; added\n    outputSchema:\n" in text
    assert project.run("validate").code == 0


def test_legacy_provider_name_is_kept_and_resolves_a_clash(project: Project) -> None:
    tools = [
        {"name": "math.factorial", "inputSchema": {"type": "object"}},
        {
            "name": "math_factorial",
            "providerName": "math_factorial_2",
            "inputSchema": {"type": "object"},
        },
    ]
    result = project.run("import", _write(project, "legacy.json", tools), "--format", "legacy")
    assert result.code == 0, result.err
    assert "providerName: math_factorial_2" in (project.contracts / "legacy.yaml").read_text()


OLD = """
version: 1
tools:
  - name: math_factorial
    description: Already here.
    riskLevel: low
    inputSchema: {type: object}
"""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "math.factorial",
            "contracts/old.yaml:3:5: error[TC141]: tool 'math_factorial': $.name: provider name "
            "'math_factorial' is also the name of 'math.factorial' (new.json:3) "
            "(set providerName on one of them)",
        ),
        (
            "math_factorial",
            "new.json:3:5: error[TC130]: tool 'math_factorial': $.name: tool name "
            "'math_factorial' is already used (first defined at contracts/old.yaml:3:5; "
            "rename one)",
        ),
    ],
    ids=["TC141", "TC130"],
)
def test_clashes_name_real_files_on_both_sides(project: Project, name: str, expected: str) -> None:
    """Never a line of the contract import would have written: the existing file's line,
    and the source's."""
    project.write("contracts/old.yaml", OLD)
    tools = [{"name": name, "parameters": {"type": "object"}}]
    result = project.run("import", _write(project, "new.json", tools), "--format", "legacy")
    assert result.code == 2
    assert [line for line in result.diagnostics if "error[" in line] == [expected]


def test_skip_invalid_writes_the_tools_that_pass(project: Project) -> None:
    tools = [
        {"name": "good", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}},
        {"name": "bad", "parameters": {"type": "array"}},
        {"name": "-bad-name", "parameters": {"type": "object"}},
        {"name": "also_good", "parameters": {"type": "object"}},
    ]
    source = _write(project, "mixed.json", tools)
    result = project.run("import", source, "--format", "legacy")
    assert result.code == 2
    assert "nothing was written (--skip-invalid writes the 2 tools that pass)" in result.err
    result = project.run("import", source, "--format", "legacy", "--skip-invalid")
    assert result.code == 0, result.err
    assert [line for line in result.diagnostics if "TC301" not in line and "TC402" not in line] == [
        "mixed.json:13:3: warning[TC412]: tool 'bad': tool 'bad' skipped: it has errors "
        "(--skip-invalid) (fix them in the source and import again, with --force)",
        "mixed.json:16:7: error[TC204]: tool 'bad': $.parameters.type: the root of a tool schema "
        "must be type: object (write type: object and put the arguments under properties)",
        "mixed.json:20:5: error[TC406]: tool '-bad-name': $.name: name '-bad-name' is not a "
        "valid tool name (letters, digits, '_', '.', '-'; at most 64; not starting with '.' or "
        "'-') (rename the tool at its source; a different name here would not reach it)",
    ]
    assert "  skipped 1 with errors (--skip-invalid): bad; 1 entry could not be read" in (
        result.out.splitlines()
    )
    assert project.run("validate").code == 0
    written = (project.contracts / "mixed.yaml").read_text("utf-8")
    assert "- name: good" in written and "- name: also_good" in written
    assert "name: bad" not in written


def test_skip_invalid_with_nothing_valid_writes_nothing(project: Project) -> None:
    tools = [{"name": "bad", "parameters": {"type": "array"}}]
    result = project.run("import", _write(project, "x.json", tools), "--skip-invalid")
    assert result.code == 2
    assert not (project.contracts / "x.yaml").exists()


def test_lint_findings_refuse_the_import_as_they_refuse_validate(project: Project) -> None:
    """A file import writes always validates: a lint error is an error here too, at the
    source, and nothing is written."""
    tools = [
        {
            "name": "find",
            "inputSchema": {
                "type": "object",
                "properties": {"q": {"type": "string", "minLenght": 1}},
            },
        }
    ]
    source = _write(project, "lint.json", tools)
    before = tree_snapshot(project.contracts)
    result = project.run("import", source)
    assert result.code == 2
    line = next(line for line in result.diagnostics if "TC210" in line)
    assert line == (
        "lint.json:9:11: error[TC210]: tool 'find': $.inputSchema.properties.q.minLenght: "
        "unknown keyword 'minLenght' (did you mean 'minLength'?)"
    )
    assert "import found errors; nothing was written" in result.err
    assert tree_snapshot(project.contracts) == before


@pytest.fixture
def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files whose own rules run (not read from the cache), in order."""
    seen: list[str] = []
    real = cached.check_file

    def counting(loaded: Any, extensions: frozenset[str] = frozenset()) -> Any:
        seen.append(loaded.path)
        return real(loaded, extensions)

    monkeypatch.setattr(cached, "check_file", counting)  # the name the cached loader calls
    return seen


def test_earlier_contracts_are_read_from_the_cache(
    project: Project, counted_checks: list[str]
) -> None:
    """Import at scale: each import checks its own file only; validate then reads every
    file from the cache import filled. A clash with an earlier file is still found."""
    for index in range(3):
        tools = [{"name": f"t{index}_{n}", "parameters": {"type": "object"}} for n in range(3)]
        assert project.run("import", _write(project, f"b{index}.json", tools)).code == 0
    assert counted_checks == ["contracts/b0.yaml", "contracts/b1.yaml", "contracts/b2.yaml"]
    assert project.run("validate").code == 0
    assert len(counted_checks) == 3
    clash = [{"name": "t0_1", "parameters": {"type": "object"}}]
    result = project.run("import", _write(project, "b3.json", clash))
    assert result.code == 2
    assert "(first defined at contracts/b0.yaml:" in result.err


def test_positions_follow_the_schema_key_of_each_format(project: Project) -> None:
    """OpenAI Chat nests the schema at function.parameters: that is where it points (paths
    are relative to the function object, as the reader's own warnings are)."""
    tools = [
        {
            "type": "function",
            "function": {"name": "f", "parameters": {"type": "object", "propertes": {}}},
        }
    ]
    source = _write(project, "chat.json", tools)
    result = project.run("import", source)
    assert result.code == 2
    assert [line for line in result.diagnostics if "TC210" in line] == [
        "chat.json:8:9: error[TC210]: tool 'f': $.parameters.propertes: unknown "
        "keyword 'propertes' (did you mean 'properties'?)"
    ]


TAKEN = """
version: 1
tools:
  - name: math_factorial
    description: Already here.
    riskLevel: low
    inputSchema: {type: object}
  - name: taken
    description: Already here too.
    riskLevel: low
    inputSchema: {type: object}
"""


def test_a_schema_error_does_not_hide_a_provider_name_clash(project: Project) -> None:
    """Both are reported at once, each at its place; nothing is written."""
    project.write("contracts/old.yaml", TAKEN)
    tools = [
        {"name": "math.factorial", "parameters": {"type": "object", "propertes": {}}},
    ]
    before = tree_snapshot(project.contracts)
    result = project.run("import", _write(project, "new.json", tools), "--format", "legacy")
    assert result.code == 2
    assert [line for line in result.diagnostics if "error[" in line] == [
        "contracts/old.yaml:3:5: error[TC141]: tool 'math_factorial': $.name: provider name "
        "'math_factorial' is also the name of 'math.factorial' (new.json:3) "
        "(set providerName on one of them)",
        "new.json:6:7: error[TC210]: tool 'math.factorial': $.parameters.propertes: unknown "
        "keyword 'propertes' (did you mean 'properties'?)",
    ]
    assert tree_snapshot(project.contracts) == before


def test_skip_invalid_checks_again_until_no_tool_left_has_errors(project: Project) -> None:
    """A name used twice stops the first check before resolve; only once that tool is out
    does the provider-name clash show: that tool is left out too, the rest written."""
    project.write("contracts/old.yaml", TAKEN)
    tools = [
        {"name": "taken", "parameters": {"type": "object"}},
        {"name": "math.factorial", "parameters": {"type": "object"}},
        {"name": "fine", "parameters": {"type": "object"}},
    ]
    source = _write(project, "three.json", tools)
    refused = project.run("import", source, "--format", "legacy")
    assert refused.code == 2
    assert "nothing was written (--skip-invalid writes the tool that passes)" in refused.err
    result = project.run("import", source, "--format", "legacy", "--skip-invalid")
    assert result.code == 0, result.err
    assert [line for line in result.diagnostics if "TC412" in line or "error[" in line] == [
        "contracts/old.yaml:3:5: error[TC141]: tool 'math_factorial': $.name: provider name "
        "'math_factorial' is also the name of 'math.factorial' (three.json:9) "
        "(set providerName on one of them)",
        "three.json:2:3: warning[TC412]: tool 'taken': tool 'taken' skipped: it has errors "
        "(--skip-invalid) (fix them in the source and import again, with --force)",
        "three.json:3:5: error[TC130]: tool 'taken': $.name: tool name 'taken' is already used "
        "(first defined at contracts/old.yaml:7:5; rename one)",
        "three.json:8:3: warning[TC412]: tool 'math.factorial': tool 'math.factorial' skipped: "
        "it has errors (--skip-invalid) (fix them in the source and import again, with --force)",
    ]
    assert "  skipped 2 with errors (--skip-invalid): taken, math.factorial" in result.out
    written = (project.contracts / "three.yaml").read_text("utf-8")
    assert [line for line in written.splitlines() if "- name:" in line] == ["  - name: fine"]
    assert project.run("validate").code == 0
