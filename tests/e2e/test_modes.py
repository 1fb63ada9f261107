"""Mode-masked lists and host views in the generated packages (the committed generated/).

For every mode, list and host (the shared tools included), Python's ``tools_for`` and
TypeScript's ``toolsFor`` give the same list, and it is the list's JSON file filtered
by ``decide(...) != "deny"`` for the host's descriptors, in the file's order. The
entries go to the provider SDKs as they are, and no caller can change them for the next.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import botocore.session
import httpx2 as httpx
import mcp.types
import pytest
from anthropic.types import ToolParam
from botocore.validate import ParamValidator
from google.genai import types as genai_types
from openai.types.chat import ChatCompletionFunctionToolParam
from pydantic import TypeAdapter

from generator.core.targets import enabled
from generator.emit.lists import tool_lists
from generator.ir.policy import MODES, decide
from tests.conftest import REPO

GENERATED = REPO / "generated"
LISTS = {tl.key: tl for tl in tool_lists(enabled(("openai", "anthropic", "mcp")))}


def _json(path: str) -> Any:
    return json.loads((GENERATED / path).read_text("utf-8"))


def _hosts() -> list[str | None]:
    return [None, *sorted(p.name for p in (GENERATED / "hosts").iterdir())]


def _descriptors(host: str | None) -> dict[str, dict[str, Any]]:
    path = "canonical/tools.json" if host is None else f"hosts/{host}/tools.json"
    return {tool["name"]: tool for tool in _json(path)["tools"]}


def _files(key: str, host: str | None) -> dict[str | None, list[dict[str, Any]]]:
    """The list's JSON files as they are: per server for MCP."""
    tool_list = LISTS[key]
    folder = GENERATED if host is None else GENERATED / "hosts" / host
    if not tool_list.per_server:
        return {None: json.loads((folder / str(tool_list.file)).read_text("utf-8"))}
    return {
        path.stem: json.loads(path.read_text("utf-8"))["tools"]
        for path in sorted((folder / "mcp").glob("*.json"))
    }


def expected(mode: str, key: str, host: str | None) -> Any:
    """The file filtered by decide for the host's descriptors, order kept."""
    tools = _descriptors(host)
    by_called: dict[tuple[str | None, str], str] = {}
    for tool in tools.values():
        server = tool["server"] or "builtin"
        called = tool["toolName"] if LISTS[key].per_server else tool["providerName"]
        by_called[(server if LISTS[key].per_server else None, called)] = tool["name"]
    layout = LISTS[key].layout.name
    kept: dict[str | None, list[dict[str, Any]]] = {}
    for server, entries in _files(key, host).items():
        kept[server] = []
        for entry in entries:
            called = entry
            for part in layout:
                called = called[part]
            name = by_called[(server, called)]
            if decide(tools[name], mode) != "deny":  # type: ignore[arg-type]
                kept[server].append(entry)
    return kept[None] if not LISTS[key].per_server else kept


COMBOS = [(mode, key, host) for mode in MODES for key in LISTS for host in _hosts()]


@pytest.fixture(scope="module")
def node_lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """toolsFor for every combination, from Node running the generated package."""
    modules = REPO / "tests/ts_harness/node_modules"
    if not (modules / "zod").exists():
        pytest.skip("zod not installed: run `npm ci` in tests/ts_harness")
    folder = tmp_path_factory.mktemp("ts") / "typescript"
    folder.parent.joinpath("node_modules").symlink_to(modules, target_is_directory=True)
    import shutil

    shutil.copytree(GENERATED / "typescript", folder)
    combos = json.dumps([[m, k, h] for m, k, h in COMBOS])
    script = f"""
import {{ toolsFor, toolDescriptorsFor, hostNames }} from "./index.js";
const out = {{}};
for (const [mode, key, host] of {combos}) {{
  out[`${{mode}} ${{key}} ${{host}}`] = toolsFor(mode, key, host ?? undefined);
}}
const first = toolsFor("plan", "anthropic");
first.length = 0;
const again = toolsFor("plan", "anthropic");
let frozen = false;
try {{ again[0].name = "x"; }} catch {{ frozen = true; }}
const deep = (value) => typeof value !== "object" || value === null ||
  (Object.isFrozen(value) && Object.values(value).every(deep));
const everyFrozen = Object.values(out).every((found) =>
  (Array.isArray(found) ? found : Object.values(found).flat()).every(deep));
const errors = [];
const wrong = [["later", "anthropic"], ["plan", "cohere"], ["plan", "anthropic", "__proto__"]];
for (const args of wrong) {{
  try {{ toolsFor(...args); }} catch (e) {{ errors.push(e.message); }}
}}
out.checks = {{ again: again.length, frozen, everyFrozen, errors, hosts: hostNames,
  descriptors: Object.fromEntries(hostNames.map((h) => [h, toolDescriptorsFor(h)])) }};
process.stdout.write(JSON.stringify(out));
"""
    ran = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(ran.stdout)
    return result


def test_the_examples_have_a_second_host_and_plan_mode_masks_something() -> None:
    assert _hosts() == [None, "desktop"]
    full = _json("anthropic/tools.json")
    shared = [entry["name"] for entry in expected("plan", "anthropic", None)]
    desktop = [entry["name"] for entry in expected("plan", "anthropic", "desktop")]
    assert 0 < len(shared) < len(full)
    assert "spawn_agent" in shared and "spawn_agent" not in desktop  # the overlay's doing


@pytest.mark.parametrize(("mode", "key", "host"), COMBOS)
def test_python_and_typescript_give_the_file_filtered_by_decide(
    mode: str, key: str, host: str | None, pkg: Any, node_lists: dict[str, Any]
) -> None:
    want = expected(mode, key, host)
    assert json.loads(json.dumps(pkg.tools_for(mode, key, host))) == want
    assert node_lists[f"{mode} {key} {host if host else 'null'}"] == want


def test_each_call_hands_out_a_new_list_of_entries_no_one_can_change(
    pkg: Any, node_lists: dict[str, Any]
) -> None:
    want = expected("plan", "openai-chat", None)
    first = pkg.tools_for("plan", "openai-chat")
    dict.update(first[0], {"type": "other"})  # the base class's own methods, too
    dict.__setitem__(first[0]["function"], "name", "other")
    first[0]["function"]["parameters"]["properties"].clear()
    first.pop()
    again = pkg.tools_for("plan", "openai-chat")
    assert again == want and again is not first
    servers = pkg.tools_for("default", "mcp", "desktop")
    list.clear(servers["builtin"][0]["inputSchema"].setdefault("required", []))
    servers["builtin"].pop()
    assert pkg.tools_for("default", "mcp", "desktop") == expected("default", "mcp", "desktop")
    checks = node_lists["checks"]
    assert checks["again"] > 0 and checks["frozen"] and checks["everyFrozen"]


def test_the_entries_are_plain_json_and_share_nothing(pkg: Any) -> None:
    """Plain dicts and lists (what boto3's validation and every SDK take), and no two
    places of one call hold the same object: a change stays where it was made."""
    for key in pkg.LIST_NAMES:
        found = pkg.tools_for("auto", key, "desktop")
        seen: set[int] = set()
        stack: list[Any] = [found]
        while stack:
            value = stack.pop()
            assert type(value) in (dict, list, str, int, float, bool, type(None)), key
            if isinstance(value, dict | list):
                assert id(value) not in seen, key
                seen.add(id(value))
                stack.extend(value.values() if isinstance(value, dict) else value)


def test_the_package_data_behind_the_lists_refuses_every_change(pkg: Any) -> None:
    lists = importlib.import_module(f"{pkg.__name__}._lists")
    _, _, entry = lists.LISTS["openai-chat"][0]
    with pytest.raises(TypeError):
        dict.update(entry, {"type": "other"})
    with pytest.raises(TypeError):
        dict.__setitem__(entry, "type", "other")
    with pytest.raises(TypeError):
        entry["function"]["name"] = "other"  # type: ignore[index]
    assert isinstance(entry["function"]["parameters"]["required"], tuple)


def test_unknown_mode_list_or_host_is_refused(pkg: Any, node_lists: dict[str, Any]) -> None:
    for args, word in ((("later", "anthropic"), "mode"), (("plan", "cohere"), "list")):
        with pytest.raises(ValueError, match=f"unknown {word}"):
            pkg.tools_for(*args)
    with pytest.raises(ValueError, match="unknown host"):
        pkg.tools_for("plan", "anthropic", "__proto__")
    assert node_lists["checks"]["errors"] == [
        "unknown permission mode: later",
        "unknown list: cohere",
        "unknown host: __proto__",
    ]


def test_host_views_are_the_hosts_tools_json(pkg: Any, node_lists: dict[str, Any]) -> None:
    assert pkg.HOSTS == ("desktop",) and node_lists["checks"]["hosts"] == ["desktop"]
    for host in pkg.HOSTS:
        want = _json(f"hosts/{host}/tools.json")["tools"]
        assert [pkg.plain(d) for d in pkg.descriptors_for(host)] == want
        assert list(node_lists["checks"]["descriptors"][host].values()) == want
    assert pkg.descriptors_for() is pkg.DESCRIPTORS
    with pytest.raises(ValueError, match="unknown host"):
        pkg.descriptors_for("laptop")


def test_the_entries_are_what_the_sdks_take(pkg: Any) -> None:
    TypeAdapter(list[ChatCompletionFunctionToolParam]).validate_python(
        pkg.tools_for("default", "openai-chat", "desktop")
    )
    TypeAdapter(list[ToolParam]).validate_python(pkg.tools_for("plan", "anthropic"))
    for entries in pkg.tools_for("auto", "mcp", "desktop").values():
        for entry in entries:
            mcp.types.Tool.model_validate(entry)


def test_google_genai_takes_the_gemini_entries_as_they_are(pkg: Any) -> None:
    """The SDK's models forbid unknown fields; what it would send is the entries' data."""
    for host in (None, *pkg.HOSTS):
        declarations = pkg.tools_for("default", "gemini", host)
        tool = genai_types.Tool.model_validate({"functionDeclarations": declarations})
        dumped = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
        assert declarations and dumped["functionDeclarations"] == declarations


def test_botocore_takes_the_bedrock_entries_as_they_are(pkg: Any) -> None:
    """botocore's own validation refuses a tuple where its model says list."""
    converse = botocore.session.get_session().get_service_model("bedrock-runtime")
    shape = converse.operation_model("Converse").input_shape
    messages = [{"role": "user", "content": [{"text": "hi"}]}]
    for host in (None, *pkg.HOSTS):
        tools = pkg.tools_for("default", "bedrock", host)
        request = {"modelId": "m", "messages": messages, "toolConfig": {"tools": tools}}
        report = ParamValidator().validate(request, shape)
        assert not report.has_errors(), report.generate_report()


def test_the_openai_and_anthropic_clients_send_the_entries_as_the_files_hold_them(
    pkg: Any,
) -> None:
    """Each SDK builds its request from read-only entries: the body's tools are the file's
    entries, masked (the request is captured and never leaves the machine)."""
    import anthropic
    import openai

    sent: list[Any] = []

    def capture(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content)["tools"])
        return httpx.Response(418)

    client = httpx.Client(transport=httpx.MockTransport(capture))
    chat = openai.OpenAI(api_key="k", http_client=client, max_retries=0)
    with pytest.raises(openai.APIStatusError):
        chat.chat.completions.create(
            model="m",
            messages=[{"role": "user", "content": "hi"}],
            tools=pkg.tools_for("plan", "openai-chat", "desktop"),
        )
    claude = anthropic.Anthropic(api_key="k", http_client=client, max_retries=0)
    with pytest.raises(anthropic.APIStatusError):
        claude.messages.create(
            model="m",
            max_tokens=1,
            messages=[{"role": "user", "content": "hi"}],
            tools=pkg.tools_for("plan", "anthropic", "desktop"),
        )
    assert sent == [
        expected("plan", "openai-chat", "desktop"),
        expected("plan", "anthropic", "desktop"),
    ]


def test_a_package_without_hosts_or_lists_still_answers(tmp_path: Path) -> None:
    """No hosts folder, no provider target: HOSTS is empty, descriptors_for(None) works."""
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts/a.yaml").write_text(
        "version: 1\ntools:\n  - {name: a, description: A., riskLevel: low,"
        " inputSchema: {type: object}}\n",
        encoding="utf-8",
    )
    (tmp_path / "toolcanon.yaml").write_text('targets: ["python"]\n', encoding="utf-8")
    from generator.cli import main

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        assert main(["generate", "--no-cache"]) == 0
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import toolcanon_tools as t; "
        "print(t.HOSTS, t.LIST_NAMES, [d['name'] for d in t.descriptors_for()])"
    )
    ran = subprocess.run(
        [sys.executable, "-I", "-c", script, str(tmp_path / "generated/python")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert ran.stdout == "() () ['a']\n"
