"""``import --normalize`` of values written as strings (``"False"``, ``"0"``, ``"None"``)
and of an array's ``enum``, and the invariant behind it: every contract import writes
validates and generates.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.importers.values import read_typed
from tests.conftest import Project, tree_snapshot

# Function-calling benchmark idioms (BFCL-style), written for this test.
BENCHMARK: list[dict[str, Any]] = [
    {
        "name": "stats.mean",
        "description": "Mean of some numbers.",
        "parameters": {
            "type": "dict",
            "properties": {
                "exact": {"type": "boolean", "default": "False"},
                "verbose": {"type": "boolean", "default": "true"},
                "count": {"type": "integer", "default": "0"},
                "ratio": {"type": "float", "default": "0.5"},
                "limit": {"type": "integer", "default": "None"},
                "units": {"type": "array", "items": {"type": "string"}, "enum": ["cm", "m"]},
                "sizes": {"type": "array", "items": {"type": "integer"}, "enum": ["1", "2"]},
                "label": {"type": "string", "default": "None"},
            },
            "required": [],
        },
    }
]


def _write(project: Project, name: str, data: Any) -> str:
    project.write(name, json.dumps(data, indent=2))
    return name


def test_normalize_reads_each_unambiguous_value_at_its_source_position(project: Project) -> None:
    result = project.run("import", _write(project, "bench.json", BENCHMARK), "--normalize")
    assert result.code == 0, result.err
    assert [line for line in result.diagnostics if "TC411" in line and ".type:" not in line] == [
        "bench.json:10:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.exact."
        'default: default "False" read as false',
        "bench.json:14:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.verbose."
        'default: default "true" read as true',
        "bench.json:18:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.count."
        'default: default "0" read as 0',
        "bench.json:22:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.ratio."
        'default: default "0.5" read as 0.5',
        "bench.json:26:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.limit."
        'default: default "None" removed: the property is optional without it',
        "bench.json:33:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.units."
        "enum: enum of the array moved to its items: each item is one of the values",
        "bench.json:43:11: warning[TC411]: tool 'stats.mean': $.parameters.properties.sizes."
        "enum: enum of the array moved to its items: each item is one of the values",
        "bench.json:44:13: warning[TC411]: tool 'stats.mean': $.parameters.properties.sizes."
        'enum[0]: enum value "1" read as 1',
        "bench.json:45:13: warning[TC411]: tool 'stats.mean': $.parameters.properties.sizes."
        'enum[1]: enum value "2" read as 2',
    ]
    written = (project.contracts / "bench.yaml").read_text("utf-8")
    assert '          # review: default "False" read as false\n          default: false\n' in (
        written
    )
    assert project.run("generate").code == 0
    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    properties = canonical["tools"][0]["inputSchema"]["properties"]
    assert [properties[key].get("default") for key in ("exact", "verbose", "count", "ratio")] == [
        False,
        True,
        0,
        0.5,
    ]
    assert properties["limit"] == {"type": "integer"}
    assert properties["units"] == {
        "type": "array",
        "items": {"type": "string", "enum": ["cm", "m"]},
    }
    assert properties["sizes"] == {"type": "array", "items": {"type": "integer", "enum": [1, 2]}}
    assert properties["label"] == {"type": "string", "default": "None"}  # a string: kept


def test_without_normalize_each_value_error_says_what_normalize_would_do(
    project: Project,
) -> None:
    tools = [
        {
            "name": "t",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "exact": {"type": "boolean", "default": "False"},
                    "units": {"type": "array", "enum": ["cm"]},
                    "limit": {"type": "integer", "default": "None"},
                },
            },
        }
    ]
    source = _write(project, "plain.json", tools)
    before = tree_snapshot(project.contracts)
    result = project.run("import", source)
    assert result.code == 2
    assert [line for line in result.diagnostics if "error[" in line] == [
        "plain.json:9:11: error[TC213]: tool 't': $.inputSchema.properties.exact.default: "
        'default "False" is not valid against its own schema: "False" is not a boolean '
        "(import --normalize would read it as false)",
        "plain.json:14:13: error[TC213]: tool 't': $.inputSchema.properties.units.enum[0]: "
        'enum value "cm" is not valid against its own schema: "cm" is not an array '
        "(import --normalize would move the enum to the array's items)",
        "plain.json:19:11: error[TC213]: tool 't': $.inputSchema.properties.limit.default: "
        'default "None" is not valid against its own schema: "None" is not an integer '
        "(import --normalize would remove it: the property is optional without it)",
    ]
    assert "nothing was written (--normalize maps the non-standard types and values" in result.err
    assert tree_snapshot(project.contracts) == before


BOOLEAN, INTEGER = "'true'/'false'", "an integer such as '0'"
NOT_READ = "write the value itself in the source: --normalize reads a string only as "


@pytest.mark.parametrize(
    ("schema", "where", "message"),
    [
        (
            {"type": "boolean", "default": "yes"},
            "90: error[TC213]: tool 't': $.inputSchema.properties.p.default",
            f'default "yes" is not valid against its own schema: "yes" is not a boolean '
            f"({NOT_READ}{BOOLEAN})",
        ),
        (
            {"type": "integer", "default": "1.5"},
            "90: error[TC213]: tool 't': $.inputSchema.properties.p.default",
            f'default "1.5" is not valid against its own schema: "1.5" is not an integer '
            f"({NOT_READ}{INTEGER})",
        ),
        (
            {"type": "integer", "maximum": 3, "default": "5"},
            "104: error[TC213]: tool 't': $.inputSchema.properties.p.default",
            "default 5 is not valid against its own schema: 5 is greater than the maximum 3 "
            "(make the value fit the schema, or the schema allow the value)",
        ),
        (
            {"type": "object", "default": "{}"},
            "89: error[TC213]: tool 't': $.inputSchema.properties.p.default",
            'default "{}" is not valid against its own schema: "{}" is not an object '
            "(write the value itself in the source, not a string that spells it)",
        ),
        (
            {"type": "array", "items": {"enum": ["a"]}, "enum": ["b"]},
            "123: error[TC213]: tool 't': $.inputSchema.properties.p.enum[0]",
            'enum value "b" is not valid against its own schema: "b" is not an array (an '
            "array's enum lists whole arrays: put the allowed values in its items' enum)",
        ),
    ],
    ids=["boolean-yes", "integer-fraction", "read-but-too-big", "object-text", "items-enum"],
)
def test_what_normalize_cannot_read_refuses_at_the_source_with_a_hint(
    project: Project, schema: dict[str, Any], where: str, message: str
) -> None:
    tools = [{"name": "t", "inputSchema": {"type": "object", "properties": {"p": schema}}}]
    project.write("odd.json", json.dumps(tools))
    before = tree_snapshot(project.contracts)
    result = project.run("import", "odd.json", "--normalize")
    assert result.code == 2
    errors = [line for line in result.diagnostics if "error[" in line]
    assert errors == [f"odd.json:1:{where}: {message}"]
    assert tree_snapshot(project.contracts) == before


@pytest.mark.parametrize(
    ("text", "types", "expected"),
    [
        ("False", ["boolean"], (True, False)),
        ("TRUE", ["boolean", "null"], (True, True)),
        ("0", ["integer"], (True, 0)),
        ("-12", ["number"], (True, -12)),
        ("0.5", ["number"], (True, 0.5)),
        ("1e3", ["number"], (True, 1000.0)),
        ("None", ["integer", "null"], (True, None)),
        ("1.5", ["integer"], (False, None)),
        ("007", ["integer"], (False, None)),
        (" 1", ["integer"], (False, None)),
        ("1e999", ["number"], (False, None)),
        ("9" * 400, ["integer"], (False, None)),
        ("yes", ["boolean"], (False, None)),
        ("0", ["boolean"], (False, None)),
        ("NaN", ["number"], (False, None)),
        ("[]", ["array"], (False, None)),
    ],
)
def test_a_string_is_read_only_when_it_has_exactly_one_reading(
    text: str, types: list[str], expected: tuple[bool, Any]
) -> None:
    read, value = read_typed(text, types)
    assert (read, value) == expected
    assert type(value) is type(expected[1])  # 0 is not False, 1000.0 is a float


STANDARD = ["boolean", "integer", "number", "string", "array", "object", "null"]
TYPES = st.sampled_from(
    [*STANDARD, "dict", "float", "int", "bool", "str", "list", "tuple", "String", "Integer", "any"]
)
VALUES = st.one_of(
    st.sampled_from(["False", "true", "TRUE", "0", "-3", "0.5", "1e3", "None", "null"]),
    st.sampled_from(["yes", "1.5", "007", "[]", "{}", "", " 1", "1e999", "cm"]),
    st.booleans(),
    st.integers(-5, 5),
    st.sampled_from([0.5, -1.25, 2.0]),
    st.none(),
    st.lists(st.sampled_from(["cm", "1", 1]), max_size=2),
)


@st.composite
def _property(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    """A property as function-calling benchmarks and MCP servers write them."""
    schema: dict[str, Any] = {"type": draw(TYPES)}
    if draw(st.booleans()):
        schema["default"] = draw(VALUES)
    if draw(st.booleans()):
        schema["enum"] = draw(st.lists(VALUES, min_size=1, max_size=3, unique_by=json.dumps))
    if draw(st.integers(0, 3)) == 0:
        schema["maximum"] = draw(st.integers(-2, 4))
    if schema["type"] in ("array", "list", "tuple") and depth == 0 and draw(st.booleans()):
        schema["items"] = draw(_property(depth=1))
    return schema


@st.composite
def _tool(draw: st.DrawFn, index: int) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=3, unique=True))
    schema = {
        "type": draw(st.sampled_from(["object", "dict"])),
        "properties": {name: draw(_property()) for name in names},
        "required": draw(st.lists(st.sampled_from(names), unique=True)) if names else [],
    }
    key = draw(st.sampled_from(["parameters", "inputSchema"]))
    return {"name": f"tool_{index}", "description": f"Tool {index}.", key: schema}


@st.composite
def _source(draw: st.DrawFn) -> list[dict[str, Any]]:
    return [draw(_tool(index)) for index in range(draw(st.integers(1, 3)))]


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tools=_source(), flags=st.sets(st.sampled_from(["--normalize", "--skip-invalid"])))
def test_every_contract_import_writes_validates(
    project: Project, tools: list[dict[str, Any]], flags: set[str]
) -> None:
    """The invariant: import exits 0 only when what it wrote passes validate; else it
    exits 2 and writes nothing."""
    (project.contracts / "defs.yaml").unlink(missing_ok=True)
    project.write("defs.json", json.dumps(tools, indent=2))
    before = tree_snapshot(project.contracts)
    result = project.run("import", "defs.json", *sorted(flags))
    event(f"import exit {result.code}")
    if result.code == 0:
        assert project.run("validate").code == 0, result.err
    else:
        assert result.code == 2, result.err
        assert tree_snapshot(project.contracts) == before
