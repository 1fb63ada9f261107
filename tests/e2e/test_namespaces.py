"""OpenAI Responses namespaces: tools whose contracts name one are grouped into its entry.

A small project (generated once, with the CLI) has two namespaces and a tool outside
them. ``openai/responses.json`` puts each namespace's entry at the place of its first
tool, the openai SDK's ``ToolParam`` takes every entry and a recorded request carries
the file unchanged; the Python ``tools_for`` and the TypeScript ``toolsFor`` group each
mode's list by the same rule (a namespace whose every tool a mode denies disappears);
Chat Completions and Claude list the tools flat.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import openai
import pytest
from openai.types.responses import ToolParam
from pydantic import TypeAdapter

from tests.conftest import REPO
from tests.e2e.test_tool_fields import RESPONSES_REPLY
from tests.generated_python import import_fresh
from tests.recording_server import recording

CRM = """
version: 1
defaults:
  namespace: {name: crm, description: Customer records.}
tools:
  - name: a_list
    description: List customers.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema: {type: object, properties: {q: {type: string}}}
  - name: c_update
    description: Update a customer.
    riskLevel: high
    requiresPlanApproval: false
    inputSchema: {type: object, properties: {id: {type: string}}, required: [id]}
"""
OTHER = """
version: 1
tools:
  - name: b_plain
    description: Say hello.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema: {type: object}
  - name: d_note
    description: Write a note.
    riskLevel: medium
    requiresPlanApproval: false
    namespace: {name: notes, description: Notes.}
    inputSchema: {type: object}
"""
CONFIG = "targets: [canonical, openai, anthropic, python, typescript]\n"
CRM_ENTRY = {"type": "namespace", "name": "crm", "description": "Customer records."}
NOTES_ENTRY = {"type": "namespace", "name": "notes", "description": "Notes."}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("namespaces")
    (root / "contracts").mkdir()
    (root / "contracts/crm.yaml").write_text(CRM.lstrip(), "utf-8")
    (root / "contracts/other.yaml").write_text(OTHER.lstrip(), "utf-8")
    (root / "toolcanon.yaml").write_text(CONFIG, "utf-8")
    command = [sys.executable, "-m", "generator", "generate", "--no-cache"]
    subprocess.run(command, cwd=root, check=True, capture_output=True, env=_env())
    return root / "generated"


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": str(REPO)}


def load(generated: Path, relative: str) -> Any:
    return json.loads((generated / relative).read_text("utf-8"))


def shape(entries: list[dict[str, Any]]) -> list[Any]:
    """Each entry's kind and name, with a namespace's tools by name."""
    return [(e["type"], e["name"], [t["name"] for t in e.get("tools", [])]) for e in entries]


def test_each_namespace_entry_sits_where_its_first_tool_would(generated: Path) -> None:
    entries = load(generated, "openai/responses.json")
    assert shape(entries) == [
        ("namespace", "crm", ["a_list", "c_update"]),
        ("function", "b_plain", []),
        ("namespace", "notes", ["d_note"]),
    ]
    assert {k: v for k, v in entries[0].items() if k != "tools"} == CRM_ENTRY
    assert {k: v for k, v in entries[2].items() if k != "tools"} == NOTES_ENTRY
    flat = {e["function"]["name"]: e for e in load(generated, "openai/chat-completions.json")}
    inner = entries[0]["tools"][1]  # a namespace's tool is the function entry it would be
    assert inner == {"type": "function", **flat["c_update"]["function"]}
    assert [e["name"] for e in load(generated, "anthropic/tools.json")] == [
        "a_list",
        "b_plain",
        "c_update",
        "d_note",
    ]


def test_the_sdk_takes_every_entry_and_a_request_carries_the_file(generated: Path) -> None:
    entries = load(generated, "openai/responses.json")
    adapter: TypeAdapter[Any] = TypeAdapter(ToolParam)
    for entry in entries:
        validated = adapter.validate_python(entry, strict=True)
        if "tools" in validated:  # an Iterable in the TypedDict: validated lazily
            validated["tools"] = list(validated["tools"])
        assert validated == entry
    with recording(RESPONSES_REPLY) as server:
        client = openai.OpenAI(api_key="fake-key", base_url=server.url, max_retries=0)
        client.responses.create(model="gpt-test", input="hi", tools=entries)
        assert server.body["tools"] == entries


PLAN = [("namespace", "crm", ["a_list"]), ("function", "b_plain", [])]
EVERY = [
    ("namespace", "crm", ["a_list", "c_update"]),
    ("function", "b_plain", []),
    ("namespace", "notes", ["d_note"]),
]


def test_python_tools_for_groups_each_modes_list(generated: Path) -> None:
    pkg = import_fresh(generated / "python", "toolcanon_tools")
    assert shape(pkg.tools_for("plan", "openai-responses")) == PLAN
    assert shape(pkg.tools_for("default", "openai-responses")) == EVERY
    assert pkg.tools_for("auto", "openai-responses") == load(generated, "openai/responses.json")
    assert [e["name"] for e in pkg.tools_for("plan", "anthropic")] == ["a_list", "b_plain"]


def node(generated: Path, script: str) -> Any:
    """What ``script`` (an ES module run in the generated TypeScript package) prints, as JSON."""
    modules = REPO / "tests/ts_harness/node_modules"
    if not (modules / "zod").exists():
        pytest.skip("zod not installed: run `npm ci` in tests/ts_harness")
    link = generated / "node_modules"
    if not link.exists():
        link.symlink_to(modules, target_is_directory=True)
    ran = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=generated / "typescript",
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(ran.stdout)


def test_typescript_tools_for_groups_alike(generated: Path) -> None:
    script = (
        'import { toolsFor, openaiResponsesTools } from "./index.js";'
        "const out = {};"
        'for (const m of ["plan", "default", "auto"]) out[m] = toolsFor(m, "openai-responses");'
        "out.all = openaiResponsesTools;"
        "process.stdout.write(JSON.stringify(out));"
    )
    found = node(generated, script)
    assert shape(found["plan"]) == PLAN and shape(found["default"]) == EVERY
    assert found["auto"] == found["all"] == load(generated, "openai/responses.json")


def _allowed(request: dict[str, Any]) -> list[dict[str, str]]:
    allowed: list[dict[str, str]] = request["tool_choice"]["tools"]
    return allowed


PLAN_ALLOWED = [
    {"type": "function", "name": "a_list", "namespace": "crm"},
    {"type": "function", "name": "b_plain"},
]


def test_tool_request_sends_the_grouped_file_and_names_namespaced_functions(
    generated: Path,
) -> None:
    # The full list keeps the file's grouping (the bytes a prompt cache keys on); a
    # function inside a namespace is allowed with its namespace, as tool_choice and the
    # function_call items of the Responses API spell it.
    pkg = import_fresh(generated / "python", "toolcanon_tools")
    plan = pkg.tool_request("openai-responses", "plan")
    default = pkg.tool_request("openai-responses", "default")
    file = load(generated, "openai/responses.json")
    assert plan["tools"] == default["tools"] == file
    assert _allowed(plan) == PLAN_ALLOWED
    assert [t.get("namespace") for t in _allowed(default)] == ["crm", None, "crm", "notes"]
    with recording(RESPONSES_REPLY) as server:
        client = openai.OpenAI(api_key="fake-key", base_url=server.url, max_retries=0)
        client.responses.create(model="gpt-test", input="hi", **plan)
        assert server.body["tools"] == file and server.body["tool_choice"] == plan["tool_choice"]
    script = (
        'import { toolRequest } from "./descriptors.js";'
        'const out = { plan: toolRequest("openai-responses", "plan"),'
        ' default: toolRequest("openai-responses", "default") };'
        "process.stdout.write(JSON.stringify(out));"
    )
    assert node(generated, script) == {"plan": plan, "default": default}


CONSUMER = """
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool, Tool } from "openai/resources/responses/responses";
import { openaiResponsesTools, toolsFor } from "./typescript/index.js";
export const all: Tool[] = openaiResponsesTools;
export const plan: Tool[] = toolsFor("plan", "openai-responses");
// @ts-expect-error a namespace entry is not a function tool
export const functions: FunctionTool[] = openaiResponsesTools;
// @ts-expect-error not a Chat Completions list
export const chat: ChatCompletionFunctionTool[] = openaiResponsesTools;
"""
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "target": "es2022",
        "noEmit": True,
        "types": [],
    },
    "files": ["consumer.ts"],
}


def test_tsc_strict_takes_the_lists_as_the_sdks_union(generated: Path) -> None:
    modules = REPO / "tests/ts_harness/node_modules"
    if not (modules / "typescript").exists():
        pytest.skip("typescript not installed: run `npm ci` in tests/ts_harness")
    link = generated / "node_modules"
    if not link.exists():
        link.symlink_to(modules, target_is_directory=True)
    (generated / "consumer.ts").write_text(CONSUMER.lstrip(), "utf-8")
    (generated / "tsconfig.json").write_text(json.dumps(TSCONFIG), "utf-8")
    tsc = [str(modules / "typescript/bin/tsc"), "-p", "tsconfig.json"]
    ran = subprocess.run(["node", *tsc], cwd=generated, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_a_call_inside_a_namespace_is_dispatched_by_its_name(generated: Path) -> None:
    """The SDK's ResponseFunctionToolCall carries ``namespace`` beside ``name``; provider
    names are unique, so the host routes it by the name and answers by the call id."""
    from openai.types.responses import ResponseFunctionToolCall

    pkg = import_fresh(generated / "python", "toolcanon_tools")
    host = pkg.ToolHost(mode="default", allow_missing=True)
    host.handler("a_list")(lambda args, ctx: f"found {args.q}")
    call = ResponseFunctionToolCall(
        type="function_call",
        call_id="c1",
        name="a_list",
        namespace="crm",
        arguments='{"q": "ada"}',
    )
    answer = host.dispatch_sync("openai-responses", call)
    assert answer == {"type": "function_call_output", "call_id": "c1", "output": "found ada"}
