"""The Bedrock target: generated/bedrock/tool-config.json, judged by botocore.

botocore's bedrock-runtime service model checks a Converse request carrying the file as
``toolConfig`` (offline, its own ParamValidator), and a Converse call made by botocore
against a local recording server carries the file unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import botocore.session
from botocore.validate import ParamValidator

from generator.ir.names import is_provider_name
from generator.profiles import bedrock
from tests.conftest import REPO, Project
from tests.recording_server import bedrock_converse

GENERATED = REPO / "generated"
CASE = REPO / "tests/cases/bedrock/expected/bedrock/tool-config.json"
CANONICAL: list[dict[str, Any]] = json.loads(
    (GENERATED / "canonical/tools.json").read_text("utf-8")
)["tools"]
SESSION = botocore.session.get_session()
CONVERSE = SESSION.get_service_model("bedrock-runtime").operation_model("Converse")
MESSAGES = [{"role": "user", "content": [{"text": "hi"}]}]


def load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def validation_report(tool_config: Any) -> str:
    request = {"modelId": "anthropic.claude-test", "messages": MESSAGES, "toolConfig": tool_config}
    report = ParamValidator().validate(request, CONVERSE.input_shape)
    return str(report.generate_report()) if report.has_errors() else ""


def test_botocore_accepts_the_generated_tool_config() -> None:
    for path in (GENERATED / "bedrock/tool-config.json", CASE):
        assert validation_report(load(path)) == "", path


def test_every_tool_is_sent_once_by_its_provider_name_with_its_strictness() -> None:
    specs = [tool["toolSpec"] for tool in load(GENERATED / "bedrock/tool-config.json")["tools"]]
    sent = [tool for tool in CANONICAL if "bedrock" not in tool["targets"]["exclude"]]
    assert [spec["name"] for spec in specs] == [tool["providerName"] for tool in sent]
    assert len(sent) < len(CANONICAL)  # an example contract is left out on purpose
    for spec, tool in zip(specs, sent, strict=True):
        assert spec.get("strict", False) is tool["strict"]
        assert spec.get("description", "") == tool["description"]
        if not tool["strict"]:  # sent as written, without the dialect
            expected = {k: v for k, v in tool["inputSchema"].items() if k != "$schema"}
            assert spec["inputSchema"] == {"json": expected}


def test_a_botocore_converse_request_carries_the_file_unchanged() -> None:
    tool_config = load(GENERATED / "bedrock/tool-config.json")
    server = bedrock_converse(tool_config)
    assert server.requests[0][0] == "/model/anthropic.claude-test/converse"
    assert server.body["toolConfig"] == tool_config


RECURSIVE = """
version: 1
tools:
  - name: tree
    description: A tree.
    riskLevel: low
    strict: true
    inputSchema:
      type: object
      properties:
        root: {$ref: "#/$defs/node"}
      required: [root]
      additionalProperties: false
      $defs:
        node:
          type: object
          properties:
            children: {type: array, items: {$ref: "#/$defs/node"}}
          required: [children]
          additionalProperties: false
"""


def test_what_bedrock_cannot_take_is_an_error_at_the_contract_line_for_bedrock_only(
    project: Project,
) -> None:
    project.write("contracts/tree.yaml", RECURSIVE)
    project.write("toolcanon.yaml", "targets: [bedrock]\n")
    result = project.run("validate")
    assert result.code == 2
    assert any(
        line.startswith("contracts/tree.yaml:17:")
        and "error[TC150]" in line
        and "refuses recursive schemas" in line
        for line in result.diagnostics
    ), result.err
    project.write("toolcanon.yaml", "targets: [openai]\n")  # OpenAI strict takes recursion
    assert project.run("validate").code == 0


def test_every_provider_name_keeps_bedrocks_name_rule() -> None:
    # Why the Bedrock profile checks no names: TC140 and the contract schema already keep
    # every provider name inside the service model's rule.
    spec = CONVERSE.input_shape.members["toolConfig"].members["tools"].member.members["toolSpec"]
    assert spec.members["name"].metadata == {"min": 1, "max": 64, "pattern": "[a-zA-Z0-9_-]+"}
    for name, ok in [("a-b_c", True), ("x" * 64, True), ("x" * 65, False), ("a.b", False)]:
        assert is_provider_name(name) is ok
        assert (bedrock.NAME.check(name) is None) is ok
