"""profiles/tool_fields.py: what each provider list receives of deferLoading and
allowedCallers, and the warnings, at the contract's line, where a list has no place."""

from __future__ import annotations

import json
from pathlib import Path

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.core.resources import CONTRACT_SCHEMA, shipped_schema
from generator.core.targets import BY_NAME
from generator.ir.model import freeze
from generator.profiles import tool_fields
from generator.profiles.stage import adapt
from tests.toolsets import toolset

FIELDS = """
version: 1
tools:
  - name: search
    description: S.
    riskLevel: low
    deferLoading: true
    allowedCallers: [direct, programmatic]
    inputSchema: {type: object}
"""


def warnings(tmp_path: Path, text: str, targets: list[str]) -> list[Diagnostic]:
    """The profile stage's diagnostics for one contract file over ``targets``."""
    _, found = adapt(toolset(tmp_path, text), [BY_NAME[name] for name in targets])
    return found


def test_each_list_without_the_field_warns_at_its_line_naming_list_and_target(
    tmp_path: Path,
) -> None:
    found = warnings(tmp_path, FIELDS, ["openai", "anthropic", "bedrock", "gemini", "mcp"])
    lines = [(d.position.line, d.position.column, d.code, d.message) for d in found]
    assert lines == [
        (
            6,
            5,
            "TC180",
            "OpenAI Chat Completions (target openai) has no field for deferLoading:"
            " the tool is in every request's context there",
        ),
        (
            7,
            5,
            "TC180",
            "OpenAI Chat Completions (target openai) has no field for allowedCallers:"
            " the tool is called by the model alone there",
        ),
        (
            7,
            30,
            "TC181",
            "Claude (target anthropic) takes no allowed caller 'programmatic':"
            " code the model runs there cannot call the tool",
        ),
        (
            6,
            5,
            "TC180",
            "Amazon Bedrock Converse (target bedrock) has no field for deferLoading:"
            " the tool is in every request's context there",
        ),
        (
            7,
            5,
            "TC180",
            "Amazon Bedrock Converse (target bedrock) has no field for allowedCallers:"
            " the tool is called by the model alone there",
        ),
        (
            6,
            5,
            "TC180",
            "Gemini (target gemini) has no field for deferLoading:"
            " the tool is in every request's context there",
        ),
        (
            7,
            5,
            "TC180",
            "Gemini (target gemini) has no field for allowedCallers:"
            " the tool is called by the model alone there",
        ),
    ]
    assert all(d.severity is Severity.WARNING and d.tool == "search" for d in found)


def test_the_hint_names_the_way_out_that_keeps_the_other_list(tmp_path: Path) -> None:
    chat, _, claude, bedrock, _ = warnings(tmp_path, FIELDS, ["openai", "anthropic", "bedrock"])
    assert chat.hint == "OpenAI Responses takes it: send that list, or accept TC180 for the tool"
    assert claude.hint == (
        "add one of the callers Claude takes: code_execution_20250825, code_execution_20260120,"
        " code_execution_20260521, direct"
    )
    assert bedrock.hint == (
        "leave deferLoading out, or leave the tool out: targets: {exclude: [bedrock]}"
    )
    assert bedrock.path == ("deferLoading",) and claude.path == ("allowedCallers", 1)


def test_a_value_every_provider_means_alike_is_quiet(tmp_path: Path) -> None:
    """deferLoading false and allowedCallers [direct] are what a list without the field
    does anyway; a programmatic caller for each provider loses nothing on either."""
    quiet = FIELDS.replace("deferLoading: true", "deferLoading: false").replace(
        "[direct, programmatic]", "[direct]"
    )
    assert warnings(tmp_path / "a", quiet, ["openai", "anthropic", "bedrock", "gemini"]) == []
    both = FIELDS.replace("programmatic]", "programmatic, code_execution_20260521]")
    assert warnings(tmp_path / "b", both, ["openai", "anthropic"])[2:] == []


def test_a_file_default_warns_at_the_defaults_line(tmp_path: Path) -> None:
    text = """
    version: 1
    defaults:
      deferLoading: true
    tools:
      - name: a
        description: A.
        riskLevel: low
        inputSchema: {type: object}
    """
    (found,) = warnings(tmp_path, text, ["gemini"])
    assert (found.position, found.code) == (Position("c.yaml", 3, 3), "TC180")


def test_a_tool_left_out_of_a_target_gets_no_warning_for_it(tmp_path: Path) -> None:
    text = FIELDS.replace("riskLevel: low", "riskLevel: low\n    targets: {exclude: [gemini]}")
    assert warnings(tmp_path, text, ["gemini"]) == []
    assert len(warnings(tmp_path / "b", FIELDS, ["gemini"])) == 2


def test_each_list_gets_the_callers_it_accepts_in_contract_order(tmp_path: Path) -> None:
    text = FIELDS.replace("[direct, programmatic]", "[code_execution_20260120, programmatic]")
    (tool,) = toolset(tmp_path, text).tools
    assert tool_fields.callers(tool, tool_fields.RESPONSES) == ["programmatic"]
    assert tool_fields.callers(tool, tool_fields.CLAUDE) == ["code_execution_20260120"]
    only_openai = FIELDS.replace("[direct, programmatic]", "[programmatic]")
    (alone,) = toolset(tmp_path / "b", only_openai).tools
    assert tool_fields.callers(alone, tool_fields.CLAUDE) is None  # left out: Claude's default


def test_silent_fields_are_none_in_the_ir_and_absent_in_every_list(tmp_path: Path) -> None:
    text = FIELDS.replace(
        "    deferLoading: true\n    allowedCallers: [direct, programmatic]\n", ""
    )
    (tool,) = toolset(tmp_path, text).tools
    assert (tool.defer_loading, tool.allowed_callers) == (None, None)
    assert tool_fields.callers(tool, tool_fields.RESPONSES) is None
    assert warnings(tmp_path / "b", text, ["openai", "anthropic", "bedrock", "gemini"]) == []


def test_the_output_schema_loses_only_its_dialect(tmp_path: Path) -> None:
    text = FIELDS + (
        "    outputSchema:\n      $schema: https://json-schema.org/draft/2020-12/schema\n"
        "      type: object\n      properties: {n: {type: integer}}\n"
    )
    (tool,) = toolset(tmp_path, text).tools
    assert tool_fields.output_schema(tool) == freeze(
        {"type": "object", "properties": {"n": {"type": "integer"}}}
    )


def test_the_contract_schema_names_exactly_the_callers_some_list_accepts() -> None:
    schema = json.loads(shipped_schema(CONTRACT_SCHEMA))
    named = schema["$defs"]["allowedCallers"]["items"]["enum"]
    accepted = set().union(*(receiver.callers for receiver in tool_fields.RECEIVERS))
    assert sorted(named) == sorted(accepted) and len(named) == len(set(named))


NAMESPACED = """
version: 1
defaults:
  namespace: {name: crm, description: Customer records.}
tools:
  - name: a
    description: A.
    riskLevel: low
    inputSchema: {type: object}
  - name: b
    description: B.
    riskLevel: low
    namespace: {name: crm, description: The CRM.}
    inputSchema: {type: object}
"""


def test_a_namespace_warns_on_every_list_but_responses(tmp_path: Path) -> None:
    text = NAMESPACED.replace("description: The CRM.", "description: Customer records.")
    found = warnings(tmp_path, text, ["openai", "anthropic", "gemini"])
    lists = ["OpenAI Chat Completions (target openai)", "Claude (target anthropic)"]
    lists.append("Gemini (target gemini)")
    assert [(d.position, d.code, d.path, d.message) for d in found] == [
        (
            Position("c.yaml", line, column),
            "TC180",
            ("namespace",),
            f"{title} has no field for namespace: the tool is listed outside any namespace there",
        )
        for line, column in ((3, 3), (12, 5))  # a's from the defaults, b's own
        for title in lists
    ]


def test_one_namespace_described_twice_is_an_error_at_the_second(tmp_path: Path) -> None:
    (error,) = [d for d in warnings(tmp_path, NAMESPACED, ["openai"]) if d.code == "TC182"]
    assert (error.position, error.severity, error.tool, error.path) == (
        Position("c.yaml", 12, 28),
        Severity.ERROR,
        "b",
        ("namespace", "description"),
    )
    assert error.message == (
        "namespace 'crm' is described otherwise by tool 'a' (c.yaml:3): its entry has one"
        " description"
    )
    assert error.hint == (
        "give every tool of the namespace the same description; a file's defaults: can hold"
        " it once"
    )
    # Without the Responses list nothing groups the tools: no error, only the warnings.
    assert {d.code for d in warnings(tmp_path / "b", NAMESPACED, ["anthropic"])} == {"TC180"}
