"""The Gemini targets: function declarations judged by google-genai, sent unchanged.

``gemini`` (parametersJsonSchema) is generated for the example contracts in generated/;
the opt-in ``gemini-openapi`` is generated here from the same contracts. Both go through
the SDK's own types (``types.FunctionDeclaration``, ``types.Tool``), and a request the SDK
builds (recorded by a local server) carries them unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from google.genai import types

from generator.profiles import gemini
from tests.conftest import REPO, Project, copy_example_contracts
from tests.e2e.test_profile_requests import declaration_as_sent, send_to_gemini
from tests.unit.profiles.test_gemini import assert_gemini_accepts

GENERATED = REPO / "generated"
CASE = REPO / "tests/cases/gemini/expected/gemini"
CANONICAL: list[dict[str, Any]] = json.loads(
    (GENERATED / "canonical/tools.json").read_text("utf-8")
)["tools"]
JSON_FILE = "gemini/function-declarations.json"
OPENAPI_FILE = "gemini/function-declarations.openapi.json"


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


@pytest.fixture(scope="module")
def openapi_declarations(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The example contracts through the opt-in target (a project of its own)."""

    from generator.cli import main

    root = tmp_path_factory.mktemp("gemini-openapi")
    copy_example_contracts(root / "contracts")
    (root / "toolcanon.yaml").write_text("targets: [gemini-openapi]\ncache: false\n", "utf-8")
    code = main(["generate", "--config", str(root / "toolcanon.yaml")])
    assert code == 0
    declarations: list[dict[str, Any]] = load(root / "generated" / OPENAPI_FILE)
    return declarations


def test_the_sdk_types_take_every_json_schema_declaration() -> None:
    for path in (GENERATED / JSON_FILE, CASE / "function-declarations.json"):
        declarations = load(path)
        tool = types.Tool.model_validate({"functionDeclarations": declarations})
        assert tool.function_declarations is not None
        assert len(tool.function_declarations) == len(declarations)
        for declaration in declarations:
            parsed = types.FunctionDeclaration.model_validate(declaration)
            assert parsed.parameters_json_schema == declaration[gemini.JSON_KEY]


def test_the_sdk_types_take_every_openapi_declaration(
    openapi_declarations: list[dict[str, Any]],
) -> None:
    for declarations in (openapi_declarations, load(CASE / "function-declarations.openapi.json")):
        types.Tool.model_validate({"functionDeclarations": declarations})
        for declaration in declarations:
            assert_gemini_accepts(declaration[gemini.OPENAPI_KEY])


def test_every_tool_is_declared_by_its_provider_name(
    openapi_declarations: list[dict[str, Any]],
) -> None:
    names = [tool["providerName"] for tool in CANONICAL]
    assert [d["name"] for d in load(GENERATED / JSON_FILE)] == names
    left_out = {t["providerName"] for t in CANONICAL if "gemini-openapi" in t["targets"]["exclude"]}
    assert left_out  # find_symbol's root anyOf: its branches have no type
    assert [d["name"] for d in openapi_declarations] == [n for n in names if n not in left_out]
    for declaration, tool in zip(load(GENERATED / JSON_FILE), CANONICAL, strict=True):
        expected = {k: v for k, v in tool["inputSchema"].items() if k != "$schema"}
        assert declaration == {
            "name": tool["providerName"],
            "description": tool["description"],
            gemini.JSON_KEY: expected,
        }


def test_a_tool_left_out_of_the_openapi_file_stays_in_the_json_schema_one() -> None:
    assert [d["name"] for d in load(CASE / "function-declarations.json")] == [
        "search_issues",
        "set_level",
    ]
    assert [d["name"] for d in load(CASE / "function-declarations.openapi.json")] == [
        "search_issues"
    ]


def test_the_sdk_sends_both_files_unchanged(openapi_declarations: list[dict[str, Any]]) -> None:
    declarations = load(GENERATED / JSON_FILE)
    body = send_to_gemini(declarations)
    assert body["tools"] == [
        {"functionDeclarations": [declaration_as_sent(d) for d in declarations]}
    ]
    body = send_to_gemini(openapi_declarations)
    sent = body["tools"][0]["functionDeclarations"]
    assert sent == [declaration_as_sent(d) for d in openapi_declarations]


NUMERIC_START = """
version: 1
tools:
  - name: 3d_render
    description: Render a model.
    riskLevel: low
{targets}    inputSchema: {{type: object, properties: {{}}}}
"""


def test_a_name_gemini_refuses_is_an_error_for_gemini_only(project: Project) -> None:
    project.write("toolcanon.yaml", "targets: [openai, gemini]\n")
    project.write("contracts/t.yaml", NUMERIC_START.format(targets=""))
    result = project.run("validate")
    assert result.code == 2
    [line] = [d for d in result.diagnostics if "TC152" in d]
    assert line.startswith("contracts/t.yaml:3:")
    assert "Gemini refuses the tool name '3d_render'" in line
    assert "targets: {exclude: [gemini]}" in line
    project.write(
        "contracts/t.yaml", NUMERIC_START.format(targets="    targets: {exclude: [gemini]}\n")
    )
    assert project.run("generate").code == 0
    assert load(project.generated / JSON_FILE) == []
    assert [t["name"] for t in load(project.generated / "openai/responses.json")] == ["3d_render"]
