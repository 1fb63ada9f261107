"""The generated Python host kit, judged by its real consumers: mypy --strict on a host
module, each provider's SDK sending the tool call and then the result dispatch made of
it, and the MCP SDK's ClientSession talking to ``python -m <package> serve``.

The project is tests/host_project (four tools: text, structured, high-risk, one MCP
server's), generated once per module into a temporary folder.
"""

from __future__ import annotations

import functools
import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest
from google import genai
from google.genai import types as gtypes
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import REPO, Project, generate_in
from tests.generated_python import import_fresh
from tests.mcp_inspector import TOOL_IS_ERROR, inspector
from tests.recording_server import BEDROCK_REPLY, bedrock_client, chat_completion, recording
from tests.unit.ir.test_dispatch import accepted

PACKAGE = "toolcanon_tools"
CONTRACTS = REPO / "tests" / "host_project"
HANDLERS = """
from __future__ import annotations

from toolcanon_tools import ToolContext, ToolHost
from toolcanon_tools.models import CountLinesInput, NotesSearchInput, ReadFileInput
from toolcanon_tools.models import WriteFileInput
from toolcanon_tools.outputs import CountLinesOutput

app = ToolHost(mode="default", confirm=lambda ctx, args: False)


@app.handler("read_file")
def read_file(args: ReadFileInput, ctx: ToolContext) -> str:
    return f"read {args.path}"


@app.handler("count_lines")
async def count_lines(args: CountLinesInput, ctx: ToolContext) -> CountLinesOutput:
    return CountLinesOutput(lines=-1 if args.path == "bad" else 3)


@app.handler("write_file")
def write_file(args: WriteFileInput, ctx: ToolContext) -> str:
    raise OSError("disk full")


@app.handler("notes::search")
def search(args: NotesSearchInput, ctx: ToolContext) -> str:
    return f"found {args.query}"
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("host")
    shutil.copytree(CONTRACTS, root / "contracts")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)  # no config but the project's own (it has none)
        assert generate_in(root) == 0
    (root / "handlers.py").write_text(HANDLERS, "utf-8")
    return root


@pytest.fixture(scope="module")
def host(generated: Path) -> Iterator[Any]:
    """The consumer's module, imported with the generated package on the path."""
    import_fresh(generated / "generated" / "python", PACKAGE)
    sys.path.insert(0, str(generated))
    sys.modules.pop("handlers", None)
    try:
        yield import_fresh(generated, "handlers")
    finally:
        sys.path.remove(str(generated))
        for key in [k for k in sys.modules if k.startswith(PACKAGE) or k == "handlers"]:
            del sys.modules[key]


# --- mypy --strict: the handlers are held to their contracts --------------------------

WRONG = {
    "wrong_argument.py": (
        "@app.handler('read_file')\n"
        "def h(args: WriteFileInput, ctx: ToolContext) -> str:\n    return ''\n",
        'Argument 1 has incompatible type "Callable[[WriteFileInput, ToolContext], str]"',
    ),
    "wrong_result.py": (
        "@app.handler('count_lines')\n"
        "def h(args: CountLinesInput, ctx: ToolContext) -> str:\n    return ''\n",
        'Argument 1 has incompatible type "Callable[[CountLinesInput, ToolContext], str]"',
    ),
    "wrong_model.py": (
        "class Lines(BaseModel):\n    lines: int\n\n\n"
        "@app.handler('count_lines')\n"
        "def h(args: CountLinesInput, ctx: ToolContext) -> Lines:\n    return Lines(lines=1)\n",
        'Argument 1 has incompatible type "Callable[[CountLinesInput, ToolContext], Lines]";'
        ' expected "Callable[[CountLinesInput, ToolContext], CountLinesOutput | Mapping[str,'
        ' Any] | Awaitable[CountLinesOutput | Mapping[str, Any]]]"  [arg-type]',
    ),
    "unknown_name.py": (
        "@app.handler('read_fil')\n"
        "def h(args: ReadFileInput, ctx: ToolContext) -> str:\n    return ''\n",
        'No overload variant of "handler" of "ToolHost" matches argument type "str"',
    ),
}
PRELUDE = (
    "from pydantic import BaseModel\n"
    "from toolcanon_tools import ToolContext, ToolHost\n"
    "from toolcanon_tools.models import CountLinesInput, ReadFileInput, WriteFileInput\n"
    "app = ToolHost()\n"
)


def test_mypy_strict_accepts_right_handlers_and_refuses_wrong_ones(generated: Path) -> None:
    for name, (body, _) in WRONG.items():
        (generated / name).write_text(PRELUDE + body, "utf-8")
    typed = [
        "import toolcanon_tools as t\n",
        "m = t.parse_arguments('read_file', '{}', provider='openai')\n",
        "reveal_type(m.path)\n",
        "from toolcanon_tools.outputs import CountLinesOutput\n",
        "app = t.ToolHost()\n",
        "@app.handler('count_lines')\n",
        "def json_result(args: t.models.CountLinesInput, ctx: t.ToolContext) -> t.JsonObject:\n",
        "    return {'lines': 1}\n",
        "reveal_type(CountLinesOutput(lines=1).lines)\n",
    ]
    (generated / "typed.py").write_text("".join(typed), "utf-8")
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "handlers.py",
            "typed.py",
            *WRONG,
        ],
        cwd=generated,
        env={"MYPYPATH": str(generated / "generated" / "python"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    ).stdout
    errors = [line for line in found.splitlines() if ": error:" in line]
    for name, (_, expected) in WRONG.items():
        assert any(line.startswith(name) and expected in line for line in errors), found
    assert {line.split(":")[0] for line in errors} == set(WRONG), found  # handlers.py is clean
    assert 'typed.py:3: note: Revealed type is "str"' in found  # the model's own field
    assert 'typed.py:9: note: Revealed type is "int"' in found  # the output model's


# --- every provider: the SDK's call in, the result the SDK sends next -----------------

CALL = {"path": "a.txt"}


@pytest.mark.parametrize(
    "provider", ["openai-chat", "openai-responses", "anthropic", "gemini", "bedrock"]
)
def test_the_sdk_sends_the_dispatched_result_unchanged(host: Any, provider: str) -> None:
    with recording({}) as server:
        call, send = SDKS[provider](server)
        result = host.app.dispatch_sync(provider, call)
        assert "read a.txt" in json.dumps(result)
        send(result)
        sent = server.requests[-1][1]
    assert result in WHERE_SENT[provider](sent), (result, sent)


def _chat(server: Any) -> tuple[Any, Any]:
    client = openai.OpenAI(api_key="fake", base_url=server.url, max_retries=0)
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "read_file", "arguments": json.dumps(CALL)},
    }
    server.reply = chat_completion(call)
    message = client.chat.completions.create(model="m", messages=[]).choices[0].message
    assert message.tool_calls is not None
    return message.tool_calls[0], lambda result: client.chat.completions.create(
        model="m", messages=[message, result]
    )


def _responses(server: Any) -> tuple[Any, Any]:
    client = openai.OpenAI(api_key="fake", base_url=server.url, max_retries=0)
    item = {
        "type": "function_call",
        "id": "fc1",
        "call_id": "c1",
        "name": "read_file",
        "arguments": json.dumps(CALL),
        "status": "completed",
    }
    server.reply = {
        "id": "r",
        "object": "response",
        "created_at": 0,
        "model": "m",
        "output": [item],
        "status": "completed",
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }
    response = client.responses.create(model="m", input="hi")
    return response.output[0], lambda result: client.responses.create(
        model="m", input=[item, result]
    )


def _anthropic(server: Any) -> tuple[Any, Any]:
    client = anthropic.Anthropic(api_key="fake", base_url=server.url, max_retries=0)
    block = {"type": "tool_use", "id": "c1", "name": "read_file", "input": CALL}
    server.reply = {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "model": "c",
        "content": [block],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
    message = client.messages.create(model="c", max_tokens=8, messages=[])
    return message.content[0], lambda result: client.messages.create(
        model="c",
        max_tokens=8,
        messages=[{"role": "assistant", "content": [block]}, {"role": "user", "content": [result]}],
    )


def _gemini(server: Any) -> tuple[Any, Any]:
    client = genai.Client(api_key="fake", http_options=gtypes.HttpOptions(base_url=server.url))
    part = {"functionCall": {"id": "c1", "name": "read_file", "args": CALL}}
    server.reply = {"candidates": [{"content": {"role": "model", "parts": [part]}}]}
    response = client.models.generate_content(model="g", contents="hi")
    assert response.candidates and response.candidates[0].content
    parts = response.candidates[0].content.parts
    assert parts
    return parts[0], lambda result: client.models.generate_content(
        model="g",
        contents=[gtypes.Content(role="user", parts=[gtypes.Part.model_validate(result)])],
    )


def _bedrock(server: Any) -> tuple[Any, Any]:
    client = bedrock_client(server.url)
    block = {"toolUse": {"toolUseId": "c1", "name": "read_file", "input": CALL}}
    server.reply = {
        **BEDROCK_REPLY,
        "output": {"message": {"role": "assistant", "content": [block]}},
    }
    answer = client.converse(modelId="m", messages=[{"role": "user", "content": [{"text": "hi"}]}])
    call = answer["output"]["message"]["content"][0]
    return call, lambda result: client.converse(
        modelId="m",
        messages=[{"role": "assistant", "content": [block]}, {"role": "user", "content": [result]}],
    )


SDKS = {
    "openai-chat": _chat,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
}
WHERE_SENT = {
    "openai-chat": lambda body: body["messages"],
    "openai-responses": lambda body: body["input"],
    "anthropic": lambda body: body["messages"][-1]["content"],
    "gemini": lambda body: body["contents"][-1]["parts"],
    "bedrock": lambda body: body["messages"][-1]["content"],
}


# --- every failure class, every provider: that provider's error result ----------------

FAILING = {
    "unknown_tool": (
        "read_fil",
        CALL,
        'There is no tool called "read_fil". Did you mean "read_file" or "write_file"?'
        " Call one of the tools you were given.",
    ),
    "invalid_arguments": (
        "read_file",
        {"path": "", "x": 1},
        'The arguments for "read_file" are not valid:\n- $.path: expected',
    ),
    "declined": (
        "write_file",
        {"path": "a", "content": "b"},
        'The user declined to run "write_file".',
    ),
}
SHAPES = {
    "openai-chat": lambda name, args: {
        "id": "c1",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    },
    "openai-responses": lambda name, args: {
        "type": "function_call",
        "call_id": "c1",
        "name": name,
        "arguments": json.dumps(args),
    },
    "anthropic": lambda name, args: {"type": "tool_use", "id": "c1", "name": name, "input": args},
    "gemini": lambda name, args: {"functionCall": {"id": "c1", "name": name, "args": args}},
    "bedrock": lambda name, args: {"toolUse": {"toolUseId": "c1", "name": name, "input": args}},
    "mcp": lambda name, args: {"name": name, "arguments": args},
}
TEXT = {
    "openai-chat": lambda r: r["content"],
    "openai-responses": lambda r: r["output"],
    "anthropic": lambda r: r["content"] if r["is_error"] else None,
    "gemini": lambda r: r["functionResponse"]["response"].get("error"),
    "bedrock": lambda r: (
        r["toolResult"]["content"][0]["text"] if r["toolResult"]["status"] == "error" else None
    ),
    "mcp": lambda r: r["content"][0]["text"] if r.get("isError") else None,
}


@pytest.mark.parametrize("provider", list(SHAPES))
@pytest.mark.parametrize("failure", list(FAILING))
def test_each_failure_is_the_providers_error_result(host: Any, provider: str, failure: str) -> None:
    name, args, message = FAILING[failure]
    result = host.app.dispatch_sync(provider, SHAPES[provider](name, args), server="builtin")
    accepted(provider, result)
    assert TEXT[provider](result).startswith(message), result


@pytest.mark.parametrize("provider", list(SHAPES))
def test_denied_and_handler_error_are_error_results(host: Any, provider: str) -> None:
    pkg = sys.modules[PACKAGE]
    plan = pkg.ToolHost("plan", allow_missing=True)
    plan.handler("write_file")(host.write_file)
    write = SHAPES[provider]("write_file", {"path": "a", "content": "b"})
    denied = plan.dispatch_sync(provider, write, server="builtin")
    accepted(provider, denied)
    assert TEXT[provider](denied) == (
        '"write_file" is not allowed in plan mode. Plan Mode: the agent investigates and'
        " proposes a plan; nothing outside the agent changes until the user approves the"
        " plan. Do not call it again in this mode."
    )
    auto = pkg.ToolHost("auto", allow_missing=True)
    auto.handler("write_file")(host.write_file)
    failed = auto.dispatch_sync(provider, write, server="builtin")
    accepted(provider, failed)
    assert TEXT[provider](failed) == '"write_file" failed: OSError: disk full'


def test_an_invalid_result_raises_and_is_never_sent(host: Any) -> None:
    pkg = sys.modules[PACKAGE]
    with pytest.raises(pkg.ResultError) as raised:
        host.app.dispatch_sync(
            "mcp", {"name": "count_lines", "arguments": {"path": "bad"}}, server="builtin"
        )
    assert str(raised.value) == (
        'The handler for "count_lines" returned a result its outputSchema refuses:\n'
        "- $.lines: -1 is less than the minimum 0"
    )


def test_parallel_calls_are_answered_in_order(host: Any) -> None:
    import asyncio

    calls = [SHAPES["anthropic"](n, {"path": "p"}) for n in ("count_lines", "read_file")]
    answers = asyncio.run(host.app.dispatch_all("anthropic", calls))
    assert [a["content"] for a in answers] == ['{"lines":3}', "read p"]


def test_decide_and_a_missing_handler_say_what_to_fix(host: Any) -> None:
    pkg = sys.modules[PACKAGE]
    with pytest.raises(KeyError) as unknown:
        pkg.decide("read_fil", "plan")
    assert str(unknown.value) == (
        "no tool is called 'read_fil'; did you mean 'read_file' or 'write_file'?"
    )
    bare = pkg.ToolHost("default")
    with pytest.raises(pkg.MissingHandlersError) as missing:
        bare.dispatch_sync("anthropic", SHAPES["anthropic"]("read_file", CALL))
    assert str(missing.value) == (
        "no handler for 4 tool(s) the mode offers: count_lines, notes::search, read_file,"
        " write_file"
    )


# --- MCP: ClientSession over stdio against `python -m toolcanon_tools serve` ----------


def test_client_session_lists_and_calls_and_verify_is_clean(
    generated: Path, project: Project
) -> None:
    import anyio

    command = [sys.executable, "-m", PACKAGE, "serve", "builtin", "--handlers", "handlers"]
    env = {"PYTHONPATH": str(generated / "generated" / "python"), "PATH": "/usr/bin:/bin"}
    listing = json.loads((generated / "generated/mcp/builtin.json").read_text("utf-8"))

    async def session() -> tuple[Any, Any, Any, Any]:
        params = StdioServerParameters(
            command=command[0], args=command[1:], env=env, cwd=str(generated)
        )
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            tools = await client.list_tools()
            good = await client.call_tool("count_lines", {"path": "a"})
            bad_args = await client.call_tool("read_file", {"path": ""})
            try:
                bad_result: Any = await client.call_tool("count_lines", {"path": "bad"})
            except Exception as error:  # the SDK's error for a JSON-RPC error answer
                bad_result = error
            return tools, good, bad_args, bad_result

    tools, good, bad_args, bad_result = anyio.run(session)
    assert [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools.tools] == [
        {k: v for k, v in t.items()} for t in listing["tools"]
    ]
    assert good.structured_content == {"lines": 3} and not good.is_error
    assert bad_args.is_error and "- $.path: expected at least 1 character" in (
        bad_args.content[0].text
    )
    # A result against the outputSchema is the host's bug: an error answer, no result.
    assert isinstance(bad_result, Exception), bad_result
    assert str(bad_result).startswith('The handler for "count_lines" returned a result its')
    shutil.copytree(generated / "contracts", project.contracts, dirs_exist_ok=True)
    (project.root / "handlers.py").write_text(HANDLERS, "utf-8")
    verified = project.run(
        "verify",
        "--server",
        "builtin",
        "--mcp-stdio",
        shlex.join(command),
        *[a for k, v in env.items() for a in ("--env", f"{k}={v}")],
    )
    assert verified.code == 0, verified.out + verified.err
    assert verified.out == (
        "toolcanon verify against contracts/ (MCP server 'builtin' over stdio): no changes\n"
    )


# --- MCP: the MCP Inspector's CLI against `python -m toolcanon_tools serve` -----------


def test_the_mcp_inspector_lists_and_calls_tools_on_the_python_server(
    generated: Path, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", PACKAGE, "serve", "builtin", "--handlers", "handlers"]
    env = {"PYTHONPATH": str(generated / "generated" / "python")}
    ask = functools.partial(inspector, command, cwd=generated, env=env, home=tmp_path)
    listing = json.loads((generated / "generated/mcp/builtin.json").read_text("utf-8"))
    listed = ask("--method", "tools/list")
    assert (listed.code, listed.result) == (0, {"tools": listing["tools"]}), listed.stderr
    good = ask("--method", "tools/call", "--tool-name", "count_lines", "--tool-arg", "path=a")
    assert (good.code, good.result) == (
        0,
        {
            "content": [{"type": "text", "text": '{"lines":3}'}],
            "structuredContent": {"lines": 3},
            "isError": False,
        },
    ), good.stderr
    bad = ask("--method", "tools/call", "--tool-name", "read_file", "--tool-arg", "limit=0")
    assert (bad.code, bad.result) == (
        TOOL_IS_ERROR,
        {
            "content": [
                {
                    "type": "text",
                    "text": 'The arguments for "read_file" are not valid:\n'
                    "- $.limit: 0 is less than the minimum 1\n- $.path: is required\n"
                    'Fix them and call "read_file" again.',
                }
            ],
            "isError": True,
        },
    ), bad.stderr
