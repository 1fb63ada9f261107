"""The TypeScript host kit, judged by its real consumers.

tsc --strict checks a consumer's handlers against their contracts and every SDK's call and
result types against dispatch's (tests/ts_consumer/host.ts); Node runs dispatch on a
package built here from contracts of this file, answering every failure class for every
provider with the table's error shape and message (ir/dispatch.py); the official SDKs send
a request to a recording server that answers with a tool call, and their next request
carries dispatch's result unchanged; the official Python MCP client lists and calls tools
on a generated TypeScript server over stdio, and ``toolcanon verify`` finds no changes.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path, PurePosixPath
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from generator.ir import dispatch, policy
from generator.project.settings import Config
from tests.mcp_inspector import TOOL_IS_ERROR, inspector
from tests.mcp_wire import tools_list_result
from tests.npm_consumer import HARNESS, Consumer
from tests.recording_server import Recorder, chat_completion, recording
from tests.ts_package import build_package, link_modules, run_tsc

CONTRACTS = """\
version: 1
tools:
  - name: look
    description: Read a thing.
    isReadOnly: true
    riskLevel: low
    availableInPlanMode: true
    inputSchema:
      type: object
      properties:
        path: {type: string}
        limit: {type: integer, minimum: 1}
      required: [path]
      additionalProperties: false
    outputSchema:
      type: object
      properties: {text: {type: string}, lines: {type: integer}}
      required: [text, lines]
  - name: change
    description: Change a thing.
    riskLevel: medium
    requiresConfirmation: true
    inputSchema:
      type: object
      properties: {path: {type: string}}
      required: [path]
      additionalProperties: false
  - name: explode
    description: Always fails.
    riskLevel: low
    requiresPlanApproval: false
    inputSchema: {type: object, properties: {}, additionalProperties: false}
"""
TARGETS = ("canonical", "openai", "anthropic", "gemini", "bedrock", "mcp", "typescript")
NODE_TIMEOUT = 120
SCRIPTS = Path(__file__).resolve().parents[1] / "ts_host"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with this file's contracts and its package in ``pkg``, next to the SDKs."""
    if shutil.which("node") is None or not (HARNESS / "node_modules" / "openai").is_dir():
        pytest.skip("node and the harness are needed: run `npm ci` in tests/ts_harness")
    root = tmp_path_factory.mktemp("host-kit")
    (root / "contracts").mkdir()
    (root / "contracts" / "tools.yaml").write_text(CONTRACTS, encoding="utf-8")
    config = Config(root=root, contracts=root / "contracts", output=root / "generated")
    _, rendered = build_package(config, root / "pkg", name="host-tools", targets=TARGETS)
    (root / "builtin.json").write_text(rendered[PurePosixPath("mcp/builtin.json")], "utf-8")
    link_modules(root, {})
    # the recording server speaks HTTP/1.1: Bedrock's client takes @smithy's HTTP/1 handler
    for name in ("openai", "@anthropic-ai", "@google", "@aws-sdk", "@smithy"):
        (root / "node_modules" / name).symlink_to(HARNESS / "node_modules" / name)
    (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    for script in SCRIPTS.glob("*.mjs"):
        shutil.copy(script, root / script.name)
    return root


def node(root: Path, script: str, *args: str) -> Any:
    """Run tests/ts_host/<script> in the project; its stdout is JSON."""
    ran = subprocess.run(
        ["node", script, *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


# --- tsc: handlers and SDK types -----------------------------------------------------------


def _tsc(app: Path) -> subprocess.CompletedProcess[str]:
    return run_tsc(app)


def test_typed_handlers_compile_and_each_wrong_one_fails_where_expected(
    npm_consumer: Consumer,
) -> None:
    """With the @ts-expect-error lines the consumer compiles (an unused one would be
    TS2578); without them, tsc reports exactly the three wrong handlers."""
    app = npm_consumer.app
    compiled = _tsc(app)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    source = (app / "host.ts").read_text("utf-8")
    (app / "host.ts").write_text(source.replace("// @ts-expect-error", "//"), encoding="utf-8")
    try:
        failed = _tsc(app)
    finally:
        (app / "host.ts").write_text(source, encoding="utf-8")
    errors = re.findall(r"^host\.ts\((\d+),\d+\): error (TS\d+): (.*)$", failed.stdout, re.M)
    lines = source.splitlines()
    expected_at = [n + 2 for n, line in enumerate(lines) if "@ts-expect-error" in line]
    assert [int(line) for line, _, _ in errors] == expected_at
    assert [code for _, code, _ in errors] == ["TS2322", "TS2322", "TS2561"]
    assert "Property 'file_path' is missing in type 'ReadFileInput'" in failed.stdout
    assert "missing the following properties from type 'ReadFileOutput'" in failed.stdout
    assert "'reed_file' does not exist in type 'ToolHandlers'" in errors[2][2]


# --- Node: every failure class, every provider ---------------------------------------------


@pytest.fixture(scope="module")
def failures(project: Path) -> dict[str, Any]:
    result: dict[str, Any] = node(project, "failures.mjs")
    return result


def message(kind: str, **details: str) -> str:
    """A failure's message as the table writes it ({name} JSON-quoted)."""
    template = next(f.message for f in dispatch.FAILURES if f.kind == kind)
    return template.format_map({"near": "", "problems": "", "error": "", **details})


def expected_error(provider: str, name: str, text: str) -> Any:
    return dispatch.fill(row_of(provider).error, {"call_id": "c1", "name": name, "text": text})


def row_of(provider: str) -> dispatch.ProviderShapes:
    return next(row for row in dispatch.PROVIDERS if row.provider == provider)


@pytest.mark.parametrize("provider", dispatch.PROVIDER_NAMES)
def test_each_failure_is_the_providers_error_result_with_the_tables_message(
    failures: dict[str, Any], provider: str
) -> None:
    got = failures["out"][provider]
    plan = next(r.meaning for r in policy.DECISION_RULES if r.mode == "plan")
    texts = {
        "unknown_tool": message("unknown_tool", name='"lok"', near=' Did you mean "look"?'),
        "denied": message("denied", name='"explode"', mode="plan", meaning=plan),
        "declined": message("declined", name='"change"'),
        "declined_by_confirm": message("declined", name='"change"'),
        "handler_error": message(
            "handler_error", name='"explode"', error="RangeError: out of range"
        ),
    }
    for case, text in texts.items():
        name = {"unknown_tool": "lok"}.get(case, text.split('"')[1])
        assert got[case] == expected_error(provider, name, text), case


@pytest.mark.parametrize("provider", dispatch.PROVIDER_NAMES)
def test_invalid_arguments_list_every_problem_with_its_json_path(
    failures: dict[str, Any], provider: str
) -> None:
    got = failures["out"][provider]["invalid_arguments"]
    problems = (
        '- $.path: Invalid input: expected string, received number\n- $.nope: unknown key "nope"'
    )
    text = message("invalid_arguments", name='"look"', problems=problems)
    assert got == expected_error(provider, "look", text)


@pytest.mark.parametrize("provider", dispatch.PROVIDER_NAMES)
def test_a_valid_result_is_the_providers_success_and_an_invalid_one_is_never_sent(
    failures: dict[str, Any], provider: str
) -> None:
    got = failures["out"][provider]
    row = row_of(provider)
    structured = {"text": "a", "lines": 1}
    values = {
        "call_id": "c1",
        "name": "look",
        "text": json.dumps(structured, separators=(",", ":")),
    }
    assert got["ok"] == dispatch.fill(
        row.success, {**values, "structured": structured, "value": structured}
    )
    confirmed = {"call_id": "c1", "name": "change", "text": "changed", "value": "changed"}
    assert got["confirmed"] == dispatch.fill(row.success, confirmed)
    assert got["invalid_result"] == {
        "error": True,
        "message": message(
            "invalid_result",
            name='"look"',
            problems="- $.text: Invalid input: expected string, received number\n"
            "- $.lines: Invalid input: expected number, received undefined",
        ),
    }


def test_parallel_calls_are_answered_in_order_and_missing_handlers_named(
    failures: dict[str, Any],
) -> None:
    assert [block["tool_use_id"] for block in failures["order"]] == ["a", "b", "c"]
    assert [json.loads(block["content"])["text"] for block in failures["order"]] == ["a", "b", "c"]
    assert failures["unhandled"] == (
        "2 tools have no handler though mode default offers them: change, explode. "
        "Add their handlers, or pass allowUnhandled: true to answer their calls with an error."
    )


# --- the real SDKs: a tool call in, dispatch's result in the next request ------------------

ARGS = {"path": "notes.txt"}
REPLIES: dict[str, dict[str, Any]] = {
    "openai-chat": chat_completion(
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "look", "arguments": json.dumps(ARGS)},
        }
    ),
    "openai-responses": {
        "id": "resp_1",
        "object": "response",
        "created_at": 0,
        "model": "gpt-test",
        "status": "completed",
        "output": [
            {
                "type": "function_call",
                "id": "fc_1",
                "call_id": "call_1",
                "name": "look",
                "arguments": json.dumps(ARGS),
                "status": "completed",
            }
        ],
    },
    "anthropic": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "stop_reason": "tool_use",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "look", "input": ARGS}],
        "usage": {"input_tokens": 1, "output_tokens": 1},
    },
    "gemini": {
        "candidates": [
            {
                "content": {
                    "role": "model",
                    "parts": [{"functionCall": {"id": "fc_1", "name": "look", "args": ARGS}}],
                }
            }
        ]
    },
    "bedrock": {
        "output": {
            "message": {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": "tu_1", "name": "look", "input": ARGS}}],
            }
        },
        "stopReason": "tool_use",
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    },
}


def _sent(provider: str, body: Any) -> Any:
    """Where the second request carries the results: the message list's tail, or the input."""
    if provider == "openai-chat":
        return body["messages"][2:]
    if provider == "openai-responses":
        return body["input"]
    if provider == "gemini":
        return body["contents"][-1]["parts"]
    return body["messages"][-1]["content"]


@pytest.fixture(scope="module")
def round_trips(project: Path) -> tuple[dict[str, Any], dict[str, Recorder]]:
    with ExitStack() as stack:
        servers = {p: stack.enter_context(recording(reply)) for p, reply in REPLIES.items()}
        results = node(project, "loop.mjs", json.dumps({p: s.url for p, s in servers.items()}))
    return results, servers


@pytest.mark.parametrize("provider", list(REPLIES))
def test_the_sdk_sends_dispatchs_result_in_its_next_request_unchanged(
    round_trips: tuple[dict[str, Any], dict[str, Recorder]], provider: str
) -> None:
    results, servers = round_trips
    requests = servers[provider].requests
    assert len(requests) == 2
    sent = results[provider]
    assert _sent(provider, requests[1][1]) == sent
    call_id = {"openai-chat": "call_1", "openai-responses": "call_1", "anthropic": "toolu_1"}
    structured = {"text": "notes.txt", "lines": 2}
    text = json.dumps(structured, separators=(",", ":"))
    values = {
        "call_id": call_id.get(provider, {"gemini": "fc_1", "bedrock": "tu_1"}.get(provider)),
        "name": "look",
        "text": text,
        "structured": structured,
        "value": structured,
    }
    assert sent == [dispatch.fill(row_of(provider).success, values)]


# --- MCP: the official Python client on a generated TypeScript server ----------------------


async def _mcp_session(root: Path) -> dict[str, Any]:
    params = StdioServerParameters(command="node", args=["server.mjs"], cwd=str(root))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        calls = {
            "good": await session.call_tool("look", {"path": "a"}),
            "invalid": await session.call_tool("look", {"path": 3}),
        }
        try:
            await session.call_tool("look", {"path": "bad"})
            refused = ""
        except MCPError as error:  # the ResultError reaches the client as a JSON-RPC error
            refused = str(error)
    dumped = {
        key: result.model_dump(by_alias=True, exclude_none=True) for key, result in calls.items()
    }
    return {
        "listed": listed.model_dump(by_alias=True, exclude_unset=True, mode="json"),
        "refused": refused,
        **dumped,
    }


@pytest.fixture(scope="module")
def mcp_session(project: Path) -> dict[str, Any]:
    result: dict[str, Any] = anyio.run(_mcp_session, project)
    return result


def test_mcp_server_lists_the_generated_listing_unchanged(
    project: Path, mcp_session: dict[str, Any]
) -> None:
    pkg = node(project, "listing.mjs")
    assert mcp_session["listed"]["tools"] == pkg["builtin"]


def test_mcp_server_sends_the_whole_result_with_its_cache_fields(project: Path) -> None:
    # The Python client of 2025-11-25 (the newest revision this TypeScript SDK speaks)
    # drops ttlMs and cacheScope as that revision has none, and its model defaults them,
    # so the result is read off the wire: what a 2026-07-28 client would receive.
    result = tools_list_result(["node", "server.mjs"], project)
    assert result == json.loads((project / "builtin.json").read_text("utf-8"))


def test_mcp_server_answers_calls_through_dispatch(mcp_session: dict[str, Any]) -> None:
    good = mcp_session["good"]
    assert good["structuredContent"] == {"text": "a", "lines": 1}
    assert good.get("isError", False) is False
    invalid = mcp_session["invalid"]
    assert invalid["isError"] is True
    assert "structuredContent" not in invalid
    assert (
        "- $.path: Invalid input: expected string, received number" in invalid["content"][0]["text"]
    )
    assert mcp_session["refused"].startswith(
        'The handler for "look" returned a result its outputSchema refuses:\n- $.text:'
    )


def test_verify_finds_no_changes_on_the_generated_server(project: Path) -> None:
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "verify",
            "--server",
            "builtin",
            "--contracts",
            "contracts",
            "--mcp-stdio",
            "node server.mjs",
        ],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.endswith(": no changes\n"), ran.stdout


def test_the_mcp_inspector_lists_and_calls_tools_on_the_typescript_server(
    project: Path, tmp_path: Path
) -> None:
    ask = functools.partial(inspector, ["node", "server.mjs"], cwd=project, env={}, home=tmp_path)
    listing = json.loads((project / "builtin.json").read_text("utf-8"))
    listed = ask("--method", "tools/list")
    assert (listed.code, listed.result) == (0, {"tools": listing["tools"]}), listed.stderr
    good = ask("--method", "tools/call", "--tool-name", "look", "--tool-arg", "path=a")
    assert (good.code, good.result) == (
        0,
        {
            "content": [{"type": "text", "text": '{"text":"a","lines":1}'}],
            "structuredContent": {"text": "a", "lines": 1},
        },
    ), good.stderr
    # The Inspector reads ``3`` and ``0`` as numbers: a wrong type and a bound, both listed.
    bad = ask("--method", "tools/call", "--tool-name", "look", "--tool-arg", "path=3", "limit=0")
    assert (bad.code, bad.result) == (
        TOOL_IS_ERROR,
        {
            "content": [
                {
                    "type": "text",
                    "text": 'The arguments for "look" are not valid:\n'
                    "- $.path: Invalid input: expected string, received number\n"
                    "- $.limit: Too small: expected number to be >=1\n"
                    'Fix them and call "look" again.',
                }
            ],
            "isError": True,
        },
    ), bad.stderr
