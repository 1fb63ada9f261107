"""Cache-stable requests, judged by the official SDKs: ``tool_request`` (Python) and
``toolRequest`` (TypeScript) of a package generated from tests/unit/emit/python/
test_modes.py's contracts, spread into a real request that a local server records.

For OpenAI Chat, OpenAI Responses and Gemini, the requests of two modes carry the same
``tools`` bytes and each mode's own restriction, unchanged; tsc --strict takes
``toolRequest``'s fields as the SDKs' request types; Node gives what Python gives.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import openai
import pytest
from google import genai
from google.genai import types as genai_types

from tests.generated_python import import_fresh
from tests.recording_server import Recorder, recording
from tests.ts_package import HARNESS, declarations_as_sources, run_tsc
from tests.unit.emit.python.test_modes import PACKAGE, RESTRICTING, make_project

MODES = ("plan", "auto")
NODE_TIMEOUT = 120
SCRIPTS = Path(__file__).resolve().parents[1] / "ts_host"
CHAT_REPLY = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 0,
    "model": "gpt-test",
    "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}
    ],
}
RESPONSES_REPLY = {
    "id": "resp_1",
    "object": "response",
    "created_at": 0,
    "model": "gpt-test",
    "status": "completed",
    "output": [],
}
GEMINI_REPLY = {"candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]}}]}
REPLIES = {"openai-chat": CHAT_REPLY, "openai-responses": RESPONSES_REPLY, "gemini": GEMINI_REPLY}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_project(tmp_path_factory.mktemp("request-sdks"))


@pytest.fixture(scope="module")
def pkg(generated: Path) -> Iterator[Any]:
    yield import_fresh(generated / "python", PACKAGE)
    for key in [k for k in sys.modules if k.startswith(PACKAGE)]:
        del sys.modules[key]


def send_python(provider: str, fields: dict[str, Any], url: str) -> None:
    """One request of the provider's SDK with ``fields`` spread into it."""
    if provider == "gemini":
        client = genai.Client(api_key="fake", http_options=genai_types.HttpOptions(base_url=url))
        client.models.generate_content(model="gemini-test", contents="hi", config=fields)
        return
    chat = openai.OpenAI(api_key="fake", base_url=url, max_retries=0)
    if provider == "openai-chat":
        messages: Any = [{"role": "user", "content": "hi"}]
        chat.chat.completions.create(model="gpt-test", messages=messages, **fields)
    else:
        chat.responses.create(model="gpt-test", input="hi", **fields)


def as_sent(provider: str, fields: dict[str, Any]) -> tuple[Any, Any]:
    """(tools, restriction) as the SDK sends them: google-genai spells a declaration's
    ``parametersJsonSchema`` as ``parameters_json_schema`` (the API reads both)."""
    if provider != "gemini":
        return fields["tools"], fields["tool_choice"]
    declarations = [
        {("parameters_json_schema" if k == "parametersJsonSchema" else k): v for k, v in d.items()}
        for d in fields["tools"][0]["functionDeclarations"]
    ]
    return [{"functionDeclarations": declarations}], fields["toolConfig"]


def recorded(provider: str, body: Any) -> tuple[Any, Any]:
    return body["tools"], body["toolConfig" if provider == "gemini" else "tool_choice"]


@pytest.mark.parametrize("provider", RESTRICTING)
def test_the_python_sdk_sends_one_list_and_each_modes_restriction_unchanged(
    pkg: Any, provider: str
) -> None:
    bodies = {}
    for mode in MODES:
        fields = pkg.tool_request(provider, mode)
        with recording(REPLIES[provider]) as server:
            send_python(provider, fields, server.url)
        bodies[mode] = server.body
        assert recorded(provider, server.body) == as_sent(provider, fields)
    plan, auto = (recorded(provider, bodies[mode]) for mode in MODES)
    assert json.dumps(plan[0]) == json.dumps(auto[0])  # the same bytes on the wire
    assert plan[1] != auto[1]


# --- TypeScript: tsc with the SDKs' request types, and the SDKs in Node ---------------------

TYPED = """\
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import type { GenerateContentConfig } from "@google/genai";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { toolRequest } from "./decl/index.js";

export const chat: ChatCompletionCreateParamsNonStreaming = {
  model: "m",
  messages: [],
  ...toolRequest("openai-chat", "plan"),
};
export const responses: ResponseCreateParamsNonStreaming = {
  model: "m",
  input: "hi",
  ...toolRequest("openai-responses", "plan", "kiosk"),
};
// @google/genai types the mode as its own string enum, which no literal is assignable to
export const gemini = toolRequest("gemini", "plan") as GenerateContentConfig;
export const claude: MessageCreateParamsNonStreaming = {
  model: "m",
  max_tokens: 1,
  messages: [],
  ...toolRequest("anthropic", "plan"),
};
export const bedrock: ConverseCommandInput = { modelId: "m", ...toolRequest("bedrock", "plan") };
export const mcp: ListToolsResult | undefined = toolRequest("mcp", "plan")["builtin"];
// @ts-expect-error Gemini's fields have no tool_choice
export const wrong = toolRequest("gemini", "plan").tool_choice;
"""
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "target": "ES2022",
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "exactOptionalPropertyTypes": True,
        "noUncheckedIndexedAccess": True,
        "skipLibCheck": True,
        "noEmit": True,
    },
    "files": ["typed.ts"],
}


@pytest.fixture(scope="module")
def node_project(generated: Path) -> Path:
    """The generated project with the harness's SDKs and the package's declarations as
    sources (so tsc checks them strictly, not as a library)."""
    if shutil.which("node") is None or not (HARNESS / "node_modules" / "openai").is_dir():
        pytest.skip("node and the harness are needed: run `npm ci` in tests/ts_harness")
    root = generated.parent
    modules = root / "node_modules"
    modules.mkdir(exist_ok=True)
    for name in ("openai", "@google", "@anthropic-ai", "@aws-sdk", "@modelcontextprotocol", "zod"):
        (modules / name).symlink_to(HARNESS / "node_modules" / name, target_is_directory=True)
    (root / "package.json").write_text('{"type": "module"}\n', "utf-8")
    declarations_as_sources(generated / "typescript", root / "decl")
    (root / "typed.ts").write_text(TYPED, "utf-8")
    (root / "tsconfig.json").write_text(json.dumps(TSCONFIG), "utf-8")
    shutil.copy(SCRIPTS / "requests.mjs", root / "requests.mjs")
    return root


def test_tsc_takes_the_fields_as_the_sdks_request_types(node_project: Path) -> None:
    compiled = run_tsc(node_project)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr


@pytest.fixture(scope="module")
def node_run(node_project: Path) -> tuple[dict[str, Any], dict[str, Recorder]]:
    with ExitStack() as stack:
        servers = {
            f"{provider} {mode}": stack.enter_context(recording(REPLIES[provider]))
            for provider in RESTRICTING
            for mode in MODES
        }
        ran = subprocess.run(
            ["node", "requests.mjs", json.dumps({key: s.url for key, s in servers.items()})],
            cwd=node_project,
            capture_output=True,
            text=True,
            timeout=NODE_TIMEOUT,
            check=False,
        )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout), servers


def test_node_gives_what_python_gives_and_hands_out_copies(
    pkg: Any, node_run: tuple[dict[str, Any], dict[str, Recorder]]
) -> None:
    found, _ = node_run
    for provider in (*RESTRICTING, "anthropic", "bedrock", "mcp"):
        for mode in pkg.MODES:
            for host in (None, "kiosk"):
                want = pkg.tool_request(provider, mode, host=host)
                assert found[f"{provider} {mode} {host or ''}"] == want, (provider, mode, host)
    assert found["again"] == pkg.tool_request("openai-chat", "plan")
    assert found["frozen"]  # the package's entries, in containers of the caller's own
    assert found["errors"] == [
        "unknown permission mode: later",
        "unknown list: cohere",
        "unknown host: laptop",
    ]


@pytest.mark.parametrize("provider", RESTRICTING)
def test_the_typescript_sdk_sends_one_list_and_each_modes_restriction_unchanged(
    pkg: Any, provider: str, node_run: tuple[dict[str, Any], dict[str, Recorder]]
) -> None:
    _, servers = node_run
    sent = {}
    for mode in MODES:
        body = servers[f"{provider} {mode}"].body
        sent[mode] = recorded(provider, body)
        fields = pkg.tool_request(provider, mode)
        assert sent[mode] == recorded(provider, fields)  # @google/genai: the REST spelling
    assert json.dumps(sent["plan"][0]) == json.dumps(sent["auto"][0])
    assert sent["plan"][1] != sent["auto"][1]
