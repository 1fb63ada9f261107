"""The provider artifacts in generated/: accepted by the official SDK types, and mirrors
of the contracts (OpenAI strict: exactly to_strict of the inputSchema, nothing else)."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from typing import Any

import mcp.types
import pytest
from agents.strict_schema import ensure_strict_json_schema
from anthropic.types import ToolParam
from openai.types.chat import ChatCompletionFunctionToolParam
from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

from generator.emit.mcp import META_KEY
from generator.ir.names import is_mcp_tool_name, is_provider_name
from generator.profiles.anthropic import to_claude_strict
from generator.profiles.openai import to_strict
from tests.conftest import REPO

GENERATED = REPO / "generated"
BUILTIN_SERVER = "builtin"
# MCP spec, "_meta": an optional prefix of dot-separated labels and a slash, then a name.
META_KEY_FORMAT = re.compile(
    r"^(?:(?P<prefix>[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)/)?"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$"
)


def load(relative: str) -> Any:
    return json.loads((GENERATED / relative).read_text("utf-8"))


CANONICAL: list[dict[str, Any]] = load("canonical/tools.json")["tools"]
CHAT = load("openai/chat-completions.json")
RESPONSES = load("openai/responses.json")
CLAUDE = load("anthropic/tools.json")
MCP_FILES = sorted((GENERATED / "mcp").glob("*.json"))


def without_dialect(schema: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in schema.items() if key != "$schema"}


def expected_openai_parameters(tool: dict[str, Any]) -> dict[str, Any]:
    if not tool["strict"]:
        return without_dialect(tool["inputSchema"])
    result = to_strict(tool["inputSchema"])
    assert result.problems == (), tool["name"]
    assert result.schema is not None
    return result.schema


def sdk_round_trip(adapter: TypeAdapter[Any], entry: dict[str, Any]) -> None:
    """Valid under the SDK's TypedDict, and nothing dropped (TypedDicts ignore unknown keys)."""
    assert adapter.validate_python(entry, strict=True) == entry


# --- the official consumers accept every artifact ---------------------------------------


def test_chat_completions_entries_are_sdk_function_tool_params() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(ChatCompletionFunctionToolParam)
    for entry in CHAT:
        sdk_round_trip(adapter, entry)
        assert list(entry) == ["type", "function"]
        assert list(entry["function"]) == ["name", "description", "parameters", "strict"]


def test_responses_entries_are_sdk_function_tool_params() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(FunctionToolParam)
    for entry in RESPONSES:
        sdk_round_trip(adapter, entry)
        optional = [k for k in ("defer_loading", "allowed_callers", "output_schema") if k in entry]
        assert list(entry) == ["type", "name", "description", "parameters", "strict", *optional]
    assert any("output_schema" in entry for entry in RESPONSES)


def test_claude_entries_are_sdk_tool_params() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(ToolParam)
    for entry in CLAUDE:
        validated = adapter.validate_python(entry, strict=True)
        if "input_examples" in validated:  # an Iterable in the TypedDict: validated lazily
            validated["input_examples"] = list(validated["input_examples"])
        assert validated == entry  # strict and input_examples included, nothing dropped
        optional = [key for key in ("strict", "input_examples") if key in entry]
        assert list(entry) == ["name", "description", "input_schema", *optional]
    assert any(entry.get("strict") is True for entry in CLAUDE)
    assert any("input_examples" in entry for entry in CLAUDE)


@pytest.mark.parametrize("path", MCP_FILES, ids=[p.stem for p in MCP_FILES])
def test_mcp_files_are_list_tools_results(path: Any) -> None:
    data = json.loads(path.read_text("utf-8"))
    result = mcp.types.ListToolsResult.model_validate(data)
    assert result.model_dump(by_alias=True, exclude_unset=True, mode="json") == data
    assert all(is_mcp_tool_name(tool.name) for tool in result.tools)


def test_strict_schemas_are_already_strict_for_openai_agents() -> None:
    strict = [entry for entry in RESPONSES if entry["strict"]]
    assert len(strict) >= 5
    for entry in strict:
        working = copy.deepcopy(entry["parameters"])
        assert ensure_strict_json_schema(working) == entry["parameters"], entry["name"]


def test_provider_names_are_valid_and_route_back() -> None:
    routes = load("names.json")["names"]
    assert routes == {tool["providerName"]: tool["name"] for tool in CANONICAL}
    assert list(routes) == sorted(routes)
    assert all(is_provider_name(name) for name in routes)
    assert routes["github__list_issues"] == "github::list_issues"


def test_meta_key_follows_the_mcp_naming_rules() -> None:
    match = META_KEY_FORMAT.fullmatch(META_KEY)
    assert match is not None and match["prefix"] == "dev.toolcanon"
    assert match["prefix"].split(".")[1] not in ("mcp", "modelcontextprotocol")


# --- the mirror: every schema is the contract's ------------------------------------------


def test_example_contracts_exercise_every_case() -> None:
    assert any("$schema" in t["inputSchema"] and t["strict"] for t in CANONICAL)
    assert any("$schema" in t["inputSchema"] and not t["strict"] for t in CANONICAL)
    assert any(t["outputSchema"] for t in CANONICAL if "outputSchema" in t)


def sent_to(target: str) -> list[dict[str, Any]]:
    return [tool for tool in CANONICAL if target not in tool["targets"]["exclude"]]


def test_openai_parameters_are_the_contract_schema_or_exactly_its_strict_form() -> None:
    by_name = {tool["name"]: tool for tool in CANONICAL}
    assert [e["function"]["name"] for e in CHAT] == [t["providerName"] for t in sent_to("openai")]
    assert [e["name"] for e in RESPONSES] == [t["providerName"] for t in sent_to("openai")]
    routes = load("names.json")["names"]
    for chat, flat in zip(CHAT, RESPONSES, strict=True):
        tool = by_name[routes[flat["name"]]]
        expected = {
            "name": tool["providerName"],
            "description": tool["description"],
            "parameters": expected_openai_parameters(tool),
            "strict": tool["strict"],
        }
        assert chat == {"type": "function", "function": expected}
        output = tool.get("outputSchema")  # Responses alone takes it, without $schema
        if output is not None:
            expected["output_schema"] = {k: v for k, v in output.items() if k != "$schema"}
        assert flat == {"type": "function", **expected}


def expected_claude_entry(tool: dict[str, Any]) -> dict[str, Any]:
    """The contract's schema without dialect, or exactly its Claude strict form."""
    entry: dict[str, Any] = {"name": tool["providerName"], "description": tool["description"]}
    if tool["strict"]:
        result = to_claude_strict(tool["inputSchema"])
        assert result.errors == (), tool["name"]
        entry |= {"input_schema": result.schema, "strict": True}
    else:
        entry["input_schema"] = without_dialect(tool["inputSchema"])
    if tool["examples"]:
        entry["input_examples"] = tool["examples"]
    return entry


def test_claude_input_schema_is_the_contract_schema_or_its_strict_form() -> None:
    assert [expected_claude_entry(tool) for tool in sent_to("anthropic")] == CLAUDE


def expected_mcp_entry(tool: dict[str, Any]) -> dict[str, Any]:
    entry = {
        "name": tool["toolName"],
        "title": tool["title"],
        "description": tool["description"],
        "inputSchema": tool["inputSchema"],
    }
    if "outputSchema" in tool:
        entry["outputSchema"] = tool["outputSchema"]
    entry["annotations"] = {"title": tool["title"], **tool["annotations"]}
    fields = [
        "riskLevel",
        "availableInPlanMode",
        "requiresPlanApproval",
        "requiresConfirmation",
        "approvalFlow",
        "category",
        "kind",
    ]
    entry["_meta"] = {META_KEY: {key: tool[key] for key in fields}}
    # the entry's digest: sha256 of its JSON (sorted keys, no spaces, UTF-8) without it
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    entry["_meta"]["dev.toolcanon/digest"] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    return entry


def test_mcp_listings_carry_every_tool_of_their_server_verbatim() -> None:
    expected: dict[str, list[dict[str, Any]]] = {}
    for tool in CANONICAL:
        server = tool["server"] or BUILTIN_SERVER
        expected.setdefault(server, []).append(expected_mcp_entry(tool))
    listed = {path.stem: json.loads(path.read_text("utf-8")) for path in MCP_FILES}
    cache = {"ttlMs": 0, "cacheScope": "private", "resultType": "complete"}  # no mcp-servers
    assert listed == {server: {"tools": tools, **cache} for server, tools in expected.items()}
