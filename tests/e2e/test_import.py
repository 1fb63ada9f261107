"""``toolcanon import`` from files: one golden case per source format, and its rules.

A case is a folder in tests/import_cases/ with one source ``*.json``, the contract
import must write (expected.yaml, without its machine-specific first line) and the
exact diagnostics (expected.txt). Refresh with ``pytest --update-goldens`` and review.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.core.diagnostics import ContractError
from generator.importers.source import read_json
from tests.conftest import Project, disk_state, golden_written, tree_snapshot

CASES_DIR = Path(__file__).parents[1] / "import_cases"
CASES = sorted(p for p in CASES_DIR.iterdir() if p.is_dir())
CHAIN = ("inputSchema", "parameters", "input_schema")


def _source(case: Path) -> Path:
    (found,) = case.glob("*.json")
    return found


def _schema_of(item: dict[str, Any]) -> Any:
    """The schema a source tool means (the test's own reading of each format)."""
    for key in CHAIN:
        if key in item:
            return item[key]
    function = item.get("function", {})
    return function.get("parameters", {"type": "object", "properties": {}})


def _import(project: Project, case: Path, *extra: str) -> tuple[Any, Path]:
    source = shutil.copy(_source(case), project.root)
    result = project.run("import", Path(source).name, *extra)
    return result, project.contracts / (Path(source).stem + ".yaml")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_import_case_matches_golden(project: Project, case: Path, update_goldens: bool) -> None:
    result, written = _import(project, case)
    assert result.code == 0, result.err
    text = written.read_text("utf-8")
    first, rest = text.split("\n", 1)
    assert first == "# yaml-language-server: $schema=../generated/schema/contract.schema.json"
    if update_goldens:
        (case / "expected.yaml").write_text(rest, encoding="utf-8")
        (case / "expected.txt").write_text("".join(f"{d}\n" for d in result.diagnostics), "utf-8")
        golden_written(case)
    assert rest == (case / "expected.yaml").read_text("utf-8")
    assert result.diagnostics == (case / "expected.txt").read_text("utf-8").splitlines()
    assert f"(format {case.name})" in rest.splitlines()[1]  # detected, not told


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_imported_contract_validates_and_keeps_every_schema(project: Project, case: Path) -> None:
    _import(project, case, "--server", "svc")
    assert project.run("validate").code == 0
    assert project.run("generate").code == 0
    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    emitted = {t["toolName"]: t for t in canonical["tools"]}
    data = json.loads(_source(case).read_text("utf-8"))
    items = data if isinstance(data, list) else data["tools"]
    for item in items:
        if item.get("type") not in (None, "function", "custom"):
            continue  # a provider's built-in tool: skipped
        spec = item.get("function", item) if item.get("type") == "function" else item
        name = spec.get("name") or item["function"]["name"]
        tool = next(t for t in emitted.values() if name in (t["toolName"], t["providerName"]))
        assert tool["name"] == f"svc::{tool['toolName']}"
        assert tool["description"] == spec.get(
            "description", item.get("function", {}).get("description", "")
        )
        expected = _schema_of(spec)
        if "type" not in expected:
            expected = {"type": "object", **expected}
        assert tool["inputSchema"] == expected


def test_explicit_format_reads_only_that_shape(project: Project) -> None:
    case = CASES_DIR / "legacy"
    result, written = _import(project, case, "--format", "mcp")
    assert result.code == 2
    assert not written.exists()
    assert "tool has no inputSchema" in result.err
    assert "nothing was written" in result.err


def test_existing_contract_is_kept_unless_forced(project: Project) -> None:
    case = CASES_DIR / "mcp"
    assert _import(project, case)[0].code == 0
    written = project.contracts / "weather.yaml"
    written.write_text("# edited by hand\n" + written.read_text("utf-8"), "utf-8")
    before = tree_snapshot(project.contracts)
    result, _ = _import(project, case)
    assert result.code == 2
    assert "contracts/weather.yaml:1:1: error[TC409]: contract file already exists" in result.err
    assert tree_snapshot(project.contracts) == before
    assert _import(project, case, "--force")[0].code == 0
    assert not written.read_text("utf-8").count("edited by hand")


def test_name_clash_with_existing_contracts_writes_nothing(project: Project) -> None:
    project.write(
        "contracts/other.yaml",
        """
        version: 1
        server: weather
        tools:
          - name: forecast
            description: Someone else's.
            riskLevel: low
            inputSchema: {type: object}
        """,
    )
    before = tree_snapshot(project.contracts)
    result, _ = _import(project, CASES_DIR / "mcp")
    assert result.code == 2
    assert "tool name 'weather::forecast' is already used" in result.err
    assert tree_snapshot(project.contracts) == before


def test_unrepairable_schema_is_an_error(project: Project) -> None:
    project.write(
        "bad.json",
        '{"tools": [{"name": "t", "inputSchema": {"type": "array", "items": {}}}]}',
    )
    result = project.run("import", "bad.json")
    assert result.code == 2
    assert result.diagnostics[1:] == [
        "bad.json:1:42: error[TC204]: tool 't': $.inputSchema.type: the root of a tool "
        "schema must be type: object (write type: object and put the arguments under properties)"
    ]
    assert not (project.contracts / "bad.yaml").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "bad.json:1:2: error[TC400]: not valid JSON: Expecting property name enclosed in"),
        ('{"x": NaN}', "bad.json:1:1: error[TC400]: not valid JSON: NaN is not JSON"),
        ('{"x": 1}', "bad.json:1:1: error[TC400]: no tools found: expected a list of tools"),
        ("[]", "bad.json:1:1: error[TC400]: no function tools in the list: nothing to import"),
        ("[" * 100_000 + "]" * 100_000, "bad.json:1:1: error[TC400]: the JSON nests deeper"),
        ('{"x": ' + "9" * 5000 + "}", "bad.json:1:1: error[TC400]: not valid JSON: 999999999999…"),
        ('{"x": 1e999}', "bad.json:1:1: error[TC400]: not valid JSON: 1e999 is beyond the range"),
    ],
    ids=["truncated", "nan", "no-tools", "empty", "deep", "digits", "overflow"],
)
def test_unreadable_sources(project: Project, text: str, message: str) -> None:
    project.write("bad.json", text)
    result = project.run("import", "bad.json")
    assert result.code == 2
    assert result.diagnostics[0].startswith(message)
    assert not (project.contracts / "bad.yaml").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give either SOURCE or --mcp-stdio"),
        (["x.json", "--mcp-stdio", "true"], "give either SOURCE or --mcp-stdio"),
        (["--mcp-stdio", "true", "--format", "anthropic"], "--format applies to SOURCE files"),
        (["missing.json"], "source file 'missing.json' does not exist"),
        (["--mcp-stdio", "true", "--env", "NOEQUALS"], "--env 'NOEQUALS' is not KEY=VAL"),
        (["--mcp-stdio", "true", "--server", "a/b"], "--server 'a/b' is not a valid server name"),
    ],
)
def test_usage_errors(project: Project, argv: list[str], message: str) -> None:
    result = project.run("import", *argv)
    assert result.code == 2
    assert message in result.err


def test_strict_turns_import_warnings_into_errors(project: Project) -> None:
    result, written = _import(project, CASES_DIR / "openai-chat", "--strict")
    assert result.code == 2
    assert not written.exists()


def test_yaml_quotes_what_yaml_11_or_12_would_misread(project: Project) -> None:
    tricky = [
        "yes",
        "on",
        "0o17",
        "1_000",
        "null",
        "~",
        "-.5",
        ".inf",
        "12:30",
        " x",
        "x\n",
        "a: b",
        "#x",
        "tab\tin",
        "trail \nline",
        "é\n中文\n",
        "",
        "'",
        '"',
    ]
    tool = {
        "name": "t",
        "description": "\n".join(tricky),
        "inputSchema": {
            "type": "object",
            "properties": {s or "empty": {"enum": tricky} for s in tricky[:6]},
        },
    }
    project.write("odd.json", json.dumps({"tools": [tool]}))
    result = project.run("import", "odd.json")
    assert result.code == 0, result.err
    written = (project.contracts / "odd.yaml").read_text("utf-8")
    data = yaml.safe_load(written)  # a YAML 1.1 reader sees the same data too
    assert data["tools"][0]["inputSchema"] == tool["inputSchema"]
    assert data["tools"][0]["description"] == tool["description"]


def test_report_counts_and_strict_mode_failures(project: Project) -> None:
    result, _ = _import(project, CASES_DIR / "mcp")
    assert result.out.splitlines() == [
        "imported 5 tools from weather.json (format mcp) into contracts/weather.yaml",
        "  0 read-only · 5 may write (5 high risk) · 19 guesses marked '# review:' · 4 warnings",
        "  5 tools to review: a suggested: block holds what the source claims; until you write "
        "the fields on the tool, it keeps the safe defaults and validate --strict fails (TC303)",
        "  OpenAI strict mode: 2 of 5 tools would fail:",
        "    station_info: $.properties.id.not: "
        "keyword 'not' is not supported in OpenAI strict mode",
        "    cache_stats: $: object schema without 'properties' is an open map, "
        "which OpenAI strict mode cannot express",
    ]


def test_json_diagnostics_keep_stdout_pure_and_out_is_honoured(project: Project) -> None:
    source = shutil.copy(_source(CASES_DIR / "anthropic"), project.root)
    out = project.root / "elsewhere"
    result = project.run(
        "import", Path(source).name, "--out", str(out), "--diagnostics-format", "json"
    )
    assert result.code == 0
    codes = [d["code"] for d in json.loads(result.out)]
    # cache_control dropped, the bash server tool skipped, then save_note's allowed_callers
    # that Chat Completions, Bedrock and Gemini lack, and Responses' missing caller
    assert codes == ["TC408", "TC407", "TC180", "TC180", "TC180", "TC181"]
    assert "imported 2 tools" in result.err
    assert (out / "claude_tools.yaml").is_file()
    assert not (project.contracts / "claude_tools.yaml").exists()


def test_import_checks_with_the_projects_config(project: Project) -> None:
    """A server named like the configured builtin server is refused at import (TC142),
    as validate would refuse it afterwards; nothing is written."""
    source = shutil.copy(_source(CASES_DIR / "mcp"), project.root)
    result = project.run("import", Path(source).name, "--server", "builtin")
    assert result.code == 2, result.err
    assert any("error[TC142]" in line for line in result.diagnostics), result.err
    assert not (project.contracts / "builtin.yaml").exists()
    project.write("pyproject.toml", '[tool.toolcanon]\nbuiltin-server = "core"\n')
    assert project.run("import", Path(source).name, "--server", "builtin").code == 0
    assert project.run("validate").code == 0


def test_schema_line_resolves_from_a_contract_in_a_subfolder(project: Project) -> None:
    """import writes the same ``$schema`` line init writes, relative to the file's own
    folder: a contract one folder down needs ``../../``, and the path reaches the schema
    that generate writes."""
    source = shutil.copy(_source(CASES_DIR / "anthropic"), project.root)
    result = project.run("import", Path(source).name, "--out", "contracts/team")
    assert result.code == 0, result.err
    written = project.contracts / "team" / "claude_tools.yaml"
    first = written.read_text("utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../generated/schema/contract.schema.json"
    assert project.run("generate").code == 0
    assert (written.parent / first.split("$schema=")[1]).resolve().is_file()


def test_duplicate_key_is_reported_at_its_second_place(project: Project) -> None:
    project.write(
        "dup.json",
        """
        [
          {"name": "first",
           "description": "One.",
           "name": "second",
           "inputSchema": {"type": "object"}}
        ]
        """,
    )
    before = tree_snapshot(project.root)
    result = project.run("import", "dup.json")
    assert result.code == 2
    assert result.diagnostics == [
        "dup.json:4:4: error[TC400]: not valid JSON: duplicate key 'name' (first defined on "
        "line 2) (JSON readers differ in which one they keep: remove or rename one)"
    ]
    assert tree_snapshot(project.root) == before


def _fifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.parametrize(
    ("make", "kind"),
    [(Path.mkdir, "a folder"), (_fifo, "a FIFO (named pipe)")],
    ids=["folder", "fifo"],
)
def test_a_source_that_is_not_a_file_is_named_as_what_it_is(
    project: Project, make: Callable[[Path], None], kind: str
) -> None:
    make(project.root / "tools.json")
    before = tree_snapshot(project.contracts)
    result = project.run("import", "tools.json")
    assert result.code == 2
    assert result.diagnostics == [
        f"<command line>:1:1: error[TC000]: source 'tools.json' is {kind}, not a file: "
        "name the JSON file that lists the tools"
    ]
    assert tree_snapshot(project.contracts) == before


def test_a_device_source_is_named_as_a_device(project: Project) -> None:
    result = project.run("import", os.devnull)
    assert result.code == 2
    assert result.diagnostics == [
        f"<command line>:1:1: error[TC000]: source '{os.devnull}' is a character device, "
        "not a file: name the JSON file that lists the tools"
    ]


def test_a_fifo_swapped_in_after_the_check_is_refused_not_waited_on(tmp_path: Path) -> None:
    """The reader itself refuses what is not a regular file: opening a FIFO that no one
    writes to would otherwise wait forever."""
    _fifo(tmp_path / "pipe.json")
    with pytest.raises(ContractError) as raised:
        read_json(tmp_path / "pipe.json", "pipe.json")
    ((where, message, code),) = [(d.position, d.message, d.code) for d in raised.value.diagnostics]
    assert (where.line, where.column, code) == (1, 1, "TC400")
    assert message == "the source is a FIFO (named pipe), not a file"


def test_description_ending_in_a_blank_line_is_written_and_validates(project: Project) -> None:
    tools = [
        {
            "name": "a",
            "description": "Ends in a blank line.\n\n",
            "inputSchema": {"type": "object"},
        },
        {"name": "b", "description": "Next.\n", "inputSchema": {"type": "object"}},
    ]
    project.write("blank.json", json.dumps({"tools": tools}, indent=2))
    result = project.run("import", "blank.json", "--server", "s")
    assert result.code == 0, result.err
    assert project.run("validate").code == 0
    canonical = yaml.safe_load((project.contracts / "s.yaml").read_text("utf-8"))
    assert [t["description"] for t in canonical["tools"]] == [t["description"] for t in tools]


# --- --normalize in a project made by `toolcanon init` (strict) ---------------------------

DATASET = (
    '[{"type": "function", "function": {"name": "get_forecast", "description": "Forecast.",'
    ' "parameters": {"type": "object", "properties": {"city": {"type": "str"},'
    ' "days": {"type": "int", "default": null}}, "required": ["city"]}}}]\n'
)


def _init_project(project: Project) -> None:
    assert project.run("init").code == 0
    assert "strict: true" in (project.root / "toolcanon.yaml").read_text("utf-8")


def test_normalize_in_an_init_project_writes_a_contract_strict_validates(
    project: Project,
) -> None:
    """The changes --normalize makes are warnings about the source, carried into the
    contract as `# review:` comments: they do not block under strict. What strict still
    asks for is the safety review of an imported tool (TC303); once a person writes the
    tool's safety fields and deletes its suggested: block, validate and generate pass
    under the same strict config."""
    _init_project(project)
    project.write("tools.json", DATASET)
    result = project.run("import", "tools.json", "--normalize")
    assert result.code == 0, result.err
    assert result.diagnostics == [
        "tools.json:1:145: warning[TC411]: tool 'get_forecast': $.parameters.properties.city"
        ".type: type 'str' normalized to 'string'",
        "tools.json:1:170: warning[TC411]: tool 'get_forecast': $.parameters.properties.days"
        ".type: type 'int' normalized to 'integer'",
        "tools.json:1:185: warning[TC411]: tool 'get_forecast': $.parameters.properties.days"
        ".default: default null removed: the property is optional without it",
    ]
    written = (project.contracts / "tools.yaml").read_text("utf-8")
    assert "# review: type 'str' normalized to 'string'\n          type: string\n" in written
    assert "# review: default null removed: the property is optional without it\n" in written
    unreviewed = project.run("validate")
    assert unreviewed.code == 2
    assert [line.split(": ")[1] for line in unreviewed.diagnostics] == ["warning[TC303]"]
    reviewed = re.sub(r"\n    suggested:\n(?:      .*\n)+", "\n    riskLevel: low\n", written)
    assert reviewed != written
    (project.contracts / "tools.yaml").write_text(reviewed, "utf-8")
    assert project.run("validate").code == 0, project.run("validate").err
    assert project.run("generate").code == 0


def test_a_warning_strict_refuses_says_how_to_proceed(project: Project) -> None:
    """A warning --normalize did not resolve (no root type) still blocks under strict; the
    closing line says what to do, and nothing on disk changes."""
    _init_project(project)
    source = DATASET.replace('"parameters": {"type": "object", ', '"parameters": {')
    project.write("tools.json", source)
    before = disk_state(project.root)
    result = project.run("import", "tools.json", "--normalize")
    assert result.code == 2
    assert result.diagnostics[0] == (
        "tools.json:1:88: warning[TC405]: tool 'get_forecast': $.parameters: inputSchema has"
        " no root 'type'; imported with type: object (tool arguments are always an object)"
    )
    assert result.err.splitlines()[-1] == (
        "toolcanon: import found errors (1 warning counts as an error under --strict);"
        " nothing was written (the project is strict: fix each warning in the source, or run"
        " import with --no-strict and review what it writes before 'toolcanon generate')"
    )
    assert disk_state(project.root) == before
