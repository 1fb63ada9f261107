"""A TypeScript app that npm-installed generated/typescript next to the official SDKs.

Judges: tsc --strict (nodenext) with the real ``openai``, ``@anthropic-ai/sdk``,
``@modelcontextprotocol/sdk``, ``@aws-sdk/client-bedrock-runtime`` and ``@google/genai``
types (all seven provider lists); a real ``McpServer`` serving every builtin tool with
the generated Zod schemas over stdio, and the official MCP client calling it; plain Node,
from an ES module and from CommonJS. The app is tests/ts_consumer; the install is the
session's (tests/npm_consumer.py).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from generator.ir import policy
from generator.project.settings import Config
from tests.npm_consumer import HARNESS, PACKAGE, Consumer
from tests.ts_package import build_package, run_tsc

GENERATED = PACKAGE.parent


def generated_json(path: str) -> Any:
    return json.loads((GENERATED / path).read_text("utf-8"))


@pytest.fixture(scope="module")
def compiled(npm_consumer: Consumer) -> Consumer:
    """The app's TypeScript compiled by tsc --strict; errors fail every test that needs it."""
    result = run_tsc(npm_consumer.app)
    assert result.returncode == 0, result.stdout + result.stderr
    return npm_consumer


def test_every_list_is_an_sdk_type_without_a_cast_and_wrong_shapes_fail(
    compiled: Consumer,
) -> None:
    """tsc passed: the assignments compile, and each @ts-expect-error met its error
    (an unused one is an error of its own, TS2578)."""
    source = (compiled.app / "consumer.ts").read_text("utf-8")
    code = re.sub(r"^import [^;]*;", "", re.sub(r"//.*", "", source), flags=re.M)
    assert not re.search(r"\bas\b", code)  # no cast anywhere
    expected = re.findall(r"@ts-expect-error", source)
    assert len(expected) == 9
    assert (compiled.app / "out" / "server.js").is_file()


# --- a real MCP server with the generated validators, a real client --------------------


async def _session(app: Path) -> dict[str, Any]:
    params = StdioServerParameters(command="node", args=["out/server.js"], cwd=str(app))
    async with Client(params) as client:
        listed = await client.list_tools()
        good = await client.call_tool("read_file", {"path": "/tmp/a", "limit": 5})
        bad = {
            "wrong type": await client.call_tool("read_file", {"path": 42}),
            "missing": await client.call_tool("read_file", {"limit": 5}),
            "unknown key": await client.call_tool("read_file", {"path": "/a", "nope": 1}),
            "below minimum": await client.call_tool("read_file", {"path": "/a", "limit": 0}),
        }
    return {
        "tools": [tool.model_dump(by_alias=True, exclude_none=True) for tool in listed.tools],
        "good": good,
        "bad": bad,
    }


@pytest.fixture(scope="module")
def served(compiled: Consumer) -> dict[str, Any]:
    result: dict[str, Any] = anyio.run(_session, compiled.app)
    return result


def test_server_lists_every_builtin_tool_with_the_contracts_schema(
    served: dict[str, Any],
) -> None:
    builtin = generated_json("mcp/builtin.json")["tools"]
    assert [tool["name"] for tool in served["tools"]] == [tool["name"] for tool in builtin]
    for listed, contract in zip(served["tools"], builtin, strict=True):
        assert listed["inputSchema"] == contract["inputSchema"], contract["name"]


def test_server_runs_a_valid_call_with_the_arguments_as_sent(served: dict[str, Any]) -> None:
    good = served["good"]
    assert not good.is_error
    assert json.loads(good.content[0].text) == {
        "handled": "read_file",
        "args": {"path": "/tmp/a", "limit": 5},
    }


@pytest.mark.parametrize("case", ["wrong type", "missing", "unknown key", "below minimum"])
def test_server_refuses_arguments_that_violate_the_schema(
    served: dict[str, Any], case: str
) -> None:
    result = served["bad"][case]
    assert result.is_error
    text = result.content[0].text
    assert "Input validation error" in text
    assert "handled" not in text  # the handler never ran


ROOT_WITH_CHECKS = """\
version: 1
tools:
  - name: tagged
    description: A root that needs a check besides its object (a schema for other keys).
    riskLevel: low
    inputSchema:
      type: object
      properties: {id: {type: string}}
      required: [id]
      additionalProperties: {type: integer}
"""

IN_MEMORY = """\
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { inputSchemas } from "./pkg/index.js";

const server = new McpServer({ name: "checks", version: "0.0.0" });
server.registerTool("tagged", { inputSchema: inputSchemas.tagged }, async (args) => ({
  content: [{ type: "text", text: JSON.stringify(args) }],
}));
const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "test", version: "0.0.0" });
await client.connect(clientSide);
const { tools } = await client.listTools();
const good = await client.callTool({ name: "tagged", arguments: { id: "a", n: 1 } });
const bad = await client.callTool({ name: "tagged", arguments: { id: "a", n: "x" } });
console.log(JSON.stringify({ listed: tools[0].inputSchema, good, bad }));
await client.close();
"""


def test_mcp_server_validates_a_root_with_checks_but_lists_it_without_properties(
    tmp_path: Path,
) -> None:
    """The SDK's McpServer (1.x) lists what Zod's toJSONSchema makes of a schema only for
    a ZodObject; a root that needs a check besides its object is an intersection, so the
    SDK lists ``{"type": "object", "properties": {}}`` for it — and still validates calls
    with it. README: serve ``mcpTools`` to list the contract's own schemas."""
    if not (HARNESS / "node_modules" / "@modelcontextprotocol" / "sdk").is_dir():
        pytest.skip("@modelcontextprotocol/sdk not installed: run `npm ci` in tests/ts_harness")
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tools.yaml").write_text(ROOT_WITH_CHECKS, encoding="utf-8")
    config = Config(root=tmp_path, contracts=tmp_path / "contracts", output=tmp_path / "out")
    build_package(config, tmp_path / "pkg", name="checks-tools", targets=("typescript",))
    (tmp_path / "node_modules").symlink_to(HARNESS / "node_modules", target_is_directory=True)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (tmp_path / "in_memory.mjs").write_text(IN_MEMORY, encoding="utf-8")
    ran = subprocess.run(
        ["node", "in_memory.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    assert out["listed"] == {"type": "object", "properties": {}}
    assert json.loads(out["good"]["content"][0]["text"]) == {"id": "a", "n": 1}
    assert out["bad"]["isError"] is True
    assert "Input validation error" in out["bad"]["content"][0]["text"]


# --- plain Node, no build step -----------------------------------------------------------


def test_plain_node_runs_the_installed_package(npm_consumer: Consumer) -> None:
    ran = npm_consumer.node("plain.mjs")
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    canonical = {tool["name"]: tool for tool in generated_json("canonical/tools.json")["tools"]}
    assert out["names"] == list(canonical)
    read_file = {key: canonical["read_file"][key] for key in policy.FIELDS_READ}
    assert out["decision"] == policy.decide(read_file, "plan")
    assert out["call"] == {"name": "read_file", "input": {"path": "/tmp/a"}}
    assert out["valid"] is True
    # limit: not an integer (a check: Zod's z.int() stops at 2^53); extra: a closed object
    assert sorted(out["issues"]) == [["custom", ["limit"]], ["unrecognized_keys", []]]
    chat = generated_json("openai/chat-completions.json")
    assert out["chat"] == [tool["function"]["name"] for tool in chat]
    assert out["servers"] == sorted(p.stem for p in (GENERATED / "mcp").glob("*.json"))
    assert out["frozen"] is True


def require_of_esm_works(version: str) -> bool:
    """Node loads an ES module with require() without a flag from 20.19 and 22.12 on."""
    major, minor = (int(part) for part in version.split(".")[:2])
    if major in (20, 22):
        return minor >= (19 if major == 20 else 12)
    return major >= 23


def test_commonjs_consumer_loads_the_package_as_the_readme_says(npm_consumer: Consumer) -> None:
    ran = npm_consumer.node("require.cjs")
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    assert out["imported"] == "function"
    expected = "function" if require_of_esm_works(out["node"]) else "ERR_REQUIRE_ESM"
    assert out["required"] == expected
