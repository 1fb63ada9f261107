"""The Claude target: anthropic/tools.json judged by the anthropic SDK, and strict's limits.

``ToolParam`` (strict and input_examples included) takes every entry; a Messages request
the SDK builds (recorded by a local server) carries the file unchanged; Claude strict tool
use's request-wide limits are errors at the tool that passes them.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

import anthropic
from anthropic.types import ToolParam
from pydantic import TypeAdapter

from generator.emit import anthropic as anthropic_target
from generator.emit.common import dump_json
from generator.ir.model import Toolset
from tests.conftest import REPO, Project
from tests.e2e.test_profile_requests import CLAUDE_REPLY
from tests.recording_server import recording
from tests.toolsets import MERGE_INPUT, OPTIONS, READ_INPUT, inputs, sample, toolset

FILES = (
    REPO / "generated/anthropic/tools.json",
    REPO / "tests/cases/anthropic/expected/anthropic/tools.json",
)


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def test_every_entry_is_a_tool_param_with_strict_and_examples() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(ToolParam)
    for path in FILES:
        for entry in load(path):
            validated = adapter.validate_python(entry, strict=True)
            if "input_examples" in validated:
                validated["input_examples"] = list(validated["input_examples"])
            assert validated == entry, entry["name"]
    golden = {entry["name"]: entry for entry in load(FILES[1])}
    assert golden["search_issues"]["strict"] is True
    assert golden["search_issues"]["input_examples"][0] == {"query": "crash on start"}
    assert "strict" not in golden["ping"] and "input_examples" not in golden["ping"]


def test_a_messages_request_carries_the_file_unchanged() -> None:
    for path in FILES:
        tools = load(path)
        with recording(CLAUDE_REPLY) as server:
            client = anthropic.Anthropic(api_key="fake-key", base_url=server.url, max_retries=0)
            client.messages.create(
                model="claude-test",
                max_tokens=16,
                messages=[{"role": "user", "content": "hi"}],
                tools=tools,
            )
            assert server.body["tools"] == tools


def strict_tool(index: int, optional: int = 0) -> str:
    """A strict tool of 8 lines plus one per optional property."""
    properties = "".join(f"        p{n}: {{type: string}}\n" for n in range(optional))
    return (
        f"  - name: t{index:02d}\n    description: Tool {index}.\n    riskLevel: low\n"
        "    strict: true\n    inputSchema:\n      type: object\n"
        + ("      properties:\n" + properties if optional else "      properties: {}\n")
        + "      additionalProperties: false\n"
    )


def project_with(project: Project, tools: list[str], targets: str) -> None:
    project.write("toolcanon.yaml", f"targets: [{targets}]\n")
    project.write("contracts/t.yaml", "version: 1\ntools:\n" + "".join(tools))


def limit_errors(project: Project) -> list[str]:
    result = project.run("validate")
    return [line for line in result.diagnostics if "TC153" in line]


def test_more_than_20_strict_tools_is_an_error_at_the_21st(project: Project) -> None:
    project_with(project, [strict_tool(i) for i in range(21)], "anthropic, bedrock")
    [error] = limit_errors(project)
    line = 3 + 20 * 8 + 3  # the 21st tool's 'strict: true'
    assert error.startswith(f"contracts/t.yaml:{line}:"), error
    assert "at most 20 strict tools per request; these strict tools have 21" in error
    assert "past the limit from 't20' on" in error
    assert "targets: {exclude: [anthropic, bedrock]}" in error  # one diagnostic, both files
    project_with(project, [strict_tool(i) for i in range(21)], "openai")
    assert limit_errors(project) == []


def test_optional_parameters_count_across_the_strict_tools_of_a_file(project: Project) -> None:
    project_with(project, [strict_tool(i, optional=9) for i in range(3)], "anthropic")
    [error] = limit_errors(project)
    assert "at most 24 optional parameters per request; these strict tools have 27" in error
    assert "past the limit from 't02' on" in error
    left_out = strict_tool(2, optional=9).replace(
        "    strict: true\n", "    strict: true\n    targets: {exclude: [anthropic]}\n"
    )
    project_with(project, [strict_tool(0, optional=9), strict_tool(1, optional=9), left_out],
                 "anthropic")  # fmt: skip
    assert limit_errors(project) == []
    assert project.run("generate").code == 0
    sent = load(project.generated / "anthropic/tools.json")
    assert [tool["name"] for tool in sent] == ["t00", "t01"]


# --- the emitter as a pure function --------------------------------------------------


def test_the_whole_file_exactly(tmp_path: Path) -> None:
    found = sample(tmp_path)
    rendered = anthropic_target.emit(found, OPTIONS, inputs(found))
    merge = {
        "name": "gh__merge",
        "description": "Merge a pull request.",
        # strict: Claude's strict form closes the object; 'method' stays optional
        "input_schema": {**MERGE_INPUT, "additionalProperties": False},
        "strict": True,
    }
    read = {
        "name": "read_file",
        "description": "Read a file — UTF-8.",
        "input_schema": READ_INPUT,  # without the root $schema
    }
    assert rendered == {PurePosixPath("anthropic/tools.json"): dump_json([merge, read])}


def test_no_tools_is_an_empty_list() -> None:
    empty = Toolset((), ())
    assert anthropic_target.emit(empty, OPTIONS, inputs(empty)) == {
        PurePosixPath("anthropic/tools.json"): "[]\n"
    }


FIELDS = """
version: 1
tools:
  - name: search
    description: S.
    riskLevel: low
    deferLoading: false
    allowedCallers: [programmatic, code_execution_20260521, direct]
    inputSchema: {type: object}
    outputSchema: {type: object}
  - name: plain
    description: P.
    riskLevel: low
    allowedCallers: [programmatic]
    inputSchema: {type: object}
"""


def test_claude_gets_defer_loading_and_its_own_callers_and_tool_param_takes_them(
    tmp_path: Path,
) -> None:
    found = toolset(tmp_path, FIELDS)
    rendered = anthropic_target.emit(found, OPTIONS, inputs(found))
    plain, search = json.loads(rendered[PurePosixPath("anthropic/tools.json")])
    assert search == {
        "name": "search",
        "description": "S.",
        "input_schema": {"type": "object"},
        "defer_loading": False,  # as the contract set it
        "allowed_callers": ["code_execution_20260521", "direct"],  # no output_schema field
    }
    assert plain == {"name": "plain", "description": "P.", "input_schema": {"type": "object"}}
    adapter: TypeAdapter[Any] = TypeAdapter(ToolParam)
    assert adapter.validate_python(search, strict=True) == search
