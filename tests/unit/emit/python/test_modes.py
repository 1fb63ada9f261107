"""``tool_request`` of the generated Python package (templates/python/modes.py.j2), on a
package generated from this file's contracts: the full list in every mode with the
provider's own restriction, the masked list where a provider has none, a host's list.

In Plan Mode ``read_page`` is allowed and the other two are denied; the ``kiosk`` host
leaves ``publish`` out and takes ``read_page`` out of Plan Mode, so there it denies all.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import black
import botocore.session
import pytest
from botocore.validate import ParamValidator
from google.genai import types as genai_types
from openai.types.chat import ChatCompletionAllowedToolChoiceParam
from openai.types.responses import ToolChoiceAllowedParam
from pydantic import TypeAdapter

from generator.core.targets import enabled
from generator.core.templating import render
from generator.emit.lists import tool_lists
from generator.emit.python.package import FILTERS
from tests.conftest import generate_in
from tests.generated_python import import_fresh

PACKAGE = "toolcanon_tools"
CONTRACTS = """\
version: 1
tools:
  - name: read_page
    description: Read a page.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema: {type: object, properties: {id: {type: string}}, required: [id]}
  - name: edit_page
    description: Change a page.
    riskLevel: high
    requiresPlanApproval: false
    inputSchema: {type: object, properties: {id: {type: string}, text: {type: string}}}
  - name: publish
    description: Publish the site.
    riskLevel: high
    requiresConfirmation: true
    requiresPlanApproval: false
    inputSchema: {type: object}
"""
KIOSK = """\
version: 1
host: kiosk
exclude: [publish]
tools:
  - match: read_page
    availableInPlanMode: false
"""
CONFIG = """\
targets: ["python", "typescript", "openai", "gemini", "anthropic", "bedrock", "mcp"]
hosts: hosts
"""
RESTRICTING = ("openai-chat", "openai-responses", "gemini")
FILES = {
    "openai-chat": "openai/chat-completions.json",
    "openai-responses": "openai/responses.json",
    "gemini": "gemini/function-declarations.json",
}


def make_project(root: Path) -> Path:
    """This file's project in ``root``, generated; the generated folder."""
    (root / "contracts").mkdir()
    (root / "contracts" / "pages.yaml").write_text(CONTRACTS, "utf-8")
    (root / "hosts").mkdir()
    (root / "hosts" / "kiosk.yaml").write_text(KIOSK, "utf-8")
    (root / "toolcanon.yaml").write_text(CONFIG, "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert generate_in(root, "--no-cache") == 0
    return root / "generated"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_project(tmp_path_factory.mktemp("requests"))


@pytest.fixture(scope="module")
def pkg(generated: Path) -> Iterator[Any]:
    yield import_fresh(generated / "python", PACKAGE)
    for key in [k for k in sys.modules if k.startswith(PACKAGE)]:
        del sys.modules[key]


def file_of(generated: Path, provider: str, host: str | None = None) -> Any:
    folder = generated if host is None else generated / "hosts" / host
    return json.loads((folder / FILES[provider]).read_text("utf-8"))


def listed(request: dict[str, Any], provider: str) -> Any:
    """The tool list a request carries (Gemini's inside its one ``Tool``)."""
    if provider == "gemini":
        assert len(request["tools"]) == 1
        return request["tools"][0]["functionDeclarations"]
    return request["tools"]


def allowed(provider: str, names: list[str]) -> Any:
    """The provider's restriction to ``names``, spelled out."""
    if provider == "openai-chat":
        tools = [{"type": "function", "function": {"name": name}} for name in names]
        return {"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": tools}}
    if provider == "openai-responses":
        tools = [{"type": "function", "name": name} for name in names]
        return {"type": "allowed_tools", "mode": "auto", "tools": tools}
    return {"functionCallingConfig": {"mode": "VALIDATED", "allowedFunctionNames": names}}


def restriction(request: dict[str, Any], provider: str) -> Any:
    return request["toolConfig"] if provider == "gemini" else request["tool_choice"]


@pytest.mark.parametrize("provider", RESTRICTING)
def test_two_modes_send_the_same_list_bytes_and_restrict_it_differently(
    pkg: Any, generated: Path, provider: str
) -> None:
    plan = pkg.tool_request(provider, "plan")
    auto = pkg.tool_request(provider, "auto")
    file_bytes = json.dumps(file_of(generated, provider))
    assert json.dumps(listed(plan, provider)) == json.dumps(listed(auto, provider)) == file_bytes
    assert restriction(plan, provider) == allowed(provider, ["read_page"])
    # nothing denied: the restriction is still there, naming every tool in list order
    assert restriction(auto, provider) == allowed(provider, ["edit_page", "publish", "read_page"])
    assert (
        sorted(plan)
        == sorted(auto)
        == (["toolConfig", "tools"] if provider == "gemini" else ["tool_choice", "tools"])
    )


@pytest.mark.parametrize("provider", RESTRICTING)
def test_a_host_gets_its_own_list_and_no_tool_when_the_mode_denies_all(
    pkg: Any, generated: Path, provider: str
) -> None:
    plan = pkg.tool_request(provider, "plan", host="kiosk")
    auto = pkg.tool_request(provider, "auto", host="kiosk")
    kiosk = file_of(generated, provider, "kiosk")
    assert listed(plan, provider) == listed(auto, provider) == kiosk
    assert len(kiosk) == 2  # publish is not the kiosk's
    none = {"functionCallingConfig": {"mode": "NONE"}} if provider == "gemini" else "none"
    assert restriction(plan, provider) == none
    assert restriction(auto, provider) == allowed(provider, ["edit_page", "read_page"])


def test_providers_without_a_restricting_field_get_the_masked_list(pkg: Any) -> None:
    for host in (None, "kiosk"):
        for mode in ("plan", "auto"):
            masked = pkg.tools_for(mode, "anthropic", host)
            assert pkg.tool_request("anthropic", mode, host=host) == {"tools": masked}
            servers = pkg.tools_for(mode, "mcp", host)
            want = {server: {"tools": tools} for server, tools in servers.items()}
            assert pkg.tool_request("mcp", mode, host=host) == want
    assert [t["name"] for t in pkg.tool_request("anthropic", "plan")["tools"]] == ["read_page"]
    bedrock = pkg.tool_request("bedrock", "plan")
    assert bedrock == {"toolConfig": {"tools": pkg.tools_for("plan", "bedrock")}}
    assert len(bedrock["toolConfig"]["tools"]) == 1
    # Converse refuses an empty toolConfig.tools: no toolConfig when the mode denies all
    assert pkg.tool_request("bedrock", "plan", host="kiosk") == {}
    assert pkg.tool_request("anthropic", "plan", host="kiosk") == {"tools": []}


def test_each_call_returns_its_own_copy_of_plain_data(pkg: Any, generated: Path) -> None:
    first = pkg.tool_request("openai-chat", "plan")
    first["tools"][0]["function"]["parameters"]["properties"].clear()
    first["tools"].pop()
    first["tool_choice"]["allowed_tools"]["tools"].clear()
    again = pkg.tool_request("openai-chat", "plan")
    assert again["tools"] == file_of(generated, "openai-chat")
    assert again["tool_choice"] == allowed("openai-chat", ["read_page"])
    seen: set[int] = set()
    stack: list[Any] = [pkg.tool_request("gemini", "default", host="kiosk")]
    while stack:
        value = stack.pop()
        assert type(value) in (dict, list, str, bool)
        if isinstance(value, dict | list):
            assert id(value) not in seen  # nothing held twice: a change stays where it is made
            seen.add(id(value))
            stack.extend(value.values() if isinstance(value, dict) else value)


def test_an_unknown_mode_list_or_host_is_refused(pkg: Any) -> None:
    with pytest.raises(ValueError, match=r"^unknown mode 'later': expected one of \("):
        pkg.tool_request("openai-chat", "later")
    with pytest.raises(ValueError, match=r"^unknown list 'cohere': this package holds \("):
        pkg.tool_request("cohere", "plan")
    with pytest.raises(
        ValueError, match=r"^unknown host 'laptop'; this package knows \('kiosk',\)"
    ):
        pkg.tool_request("gemini", "plan", host="laptop")


def round_trip(adapter: TypeAdapter[Any], value: Any) -> Any:
    """``value`` as the SDK type validates it (its iterables read out)."""
    return json.loads(adapter.dump_json(adapter.validate_python(value)))


def test_the_sdks_own_request_types_take_every_restriction(pkg: Any) -> None:
    """openai's TypedDicts (what they validate is all there is: they drop unknown keys),
    google-genai's models (which forbid unknown fields) and botocore's Converse check."""
    chat = TypeAdapter(ChatCompletionAllowedToolChoiceParam)
    responses = TypeAdapter(ToolChoiceAllowedParam)
    converse = botocore.session.get_session().get_service_model("bedrock-runtime")
    shape = converse.operation_model("Converse").input_shape
    messages = [{"role": "user", "content": [{"text": "hi"}]}]
    for mode, host in (("plan", None), ("default", "kiosk")):
        choice = pkg.tool_request("openai-chat", mode, host=host)["tool_choice"]
        assert round_trip(chat, choice) == choice
        choice = pkg.tool_request("openai-responses", mode, host=host)["tool_choice"]
        assert round_trip(responses, choice) == choice
        config = genai_types.GenerateContentConfig.model_validate(
            pkg.tool_request("gemini", mode, host=host)
        )
        assert config.tool_config and config.tool_config.function_calling_config
        calling = config.tool_config.function_calling_config
        assert calling.mode == genai_types.FunctionCallingConfigMode.VALIDATED
        assert calling.allowed_function_names
    for host in (None, "kiosk"):
        fields = pkg.tool_request("bedrock", "plan", host=host)
        request = {"modelId": "m", "messages": messages, **fields}
        report = ParamValidator().validate(request, shape)
        assert not report.has_errors(), report.generate_report()
    none = genai_types.GenerateContentConfig.model_validate(
        pkg.tool_request("gemini", "plan", host="kiosk")
    )
    assert none.tool_config and none.tool_config.function_calling_config
    assert (
        none.tool_config.function_calling_config.mode == genai_types.FunctionCallingConfigMode.NONE
    )


CONSUMER = """\
from toolcanon_tools import tool_request
from toolcanon_tools.modes import GeminiRequest

gemini: GeminiRequest = tool_request("gemini", "auto")

chat = tool_request("openai-chat", "plan", host="kiosk")
choice = chat["tool_choice"]
if choice != "none":
    names: list[str] = [t["function"]["name"] for t in choice["allowed_tools"]["tools"]]
calling = tool_request("gemini", "plan")["toolConfig"]["functionCallingConfig"]
mode: str = calling["mode"]
servers: dict[str, list[dict[str, object]]] = {
    server: listing["tools"] for server, listing in tool_request("mcp", "auto").items()
}
config = tool_request("bedrock", "plan").get("toolConfig")
"""
WRONG = 'tool_request("gemini", "plan")["tool_choice"]\n'


def test_mypy_strict_knows_each_providers_fields(generated: Path, tmp_path: Path) -> None:
    (tmp_path / "consumer.py").write_text(CONSUMER, "utf-8")
    (tmp_path / "wrong.py").write_text(CONSUMER + WRONG, "utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "consumer.py", "wrong.py"],
        cwd=tmp_path,
        env={"MYPYPATH": str(generated / "python"), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    line = len(CONSUMER.splitlines()) + 1
    message = 'TypedDict "GeminiRequest" has no key "tool_choice"  [typeddict-item]'
    assert errors == [f"wrong.py:{line}: error: {message}"], checked.stdout


SUBSETS = [
    (),
    ("anthropic",),
    ("openai",),
    ("gemini-openapi", "mcp"),
    ("openai", "anthropic", "bedrock", "gemini", "gemini-openapi", "mcp"),
]


@pytest.mark.parametrize("targets", SUBSETS)
@pytest.mark.parametrize("module", ["modes.py", "_requests.py"])
def test_the_modules_are_laid_out_as_black_lays_them_out_for_any_set_of_lists(
    targets: tuple[str, ...], module: str
) -> None:
    """The templates are not formatted: one request list (no overloads), two (a union on
    one line), many (the union split), none (``NoReturn``) each pass ``black --check``."""
    lists = tool_lists(enabled(("python", *targets)))
    code = render(
        f"python/{module}.j2",
        FILTERS,
        header="# header",
        list_keys=[tl.key for tl in lists],
        per_server=[tl.key for tl in lists if tl.per_server],
        flat=[tl.key for tl in lists if not tl.per_server],
        namespaced=[tl.key for tl in lists if tl.namespaced],
        request_lists=[tl for tl in lists if tl.request is not None],
    )
    assert black.format_str(code, mode=black.Mode(line_length=100)) == code
    compile(code, module, "exec")
    if module == "modes.py":
        assert ("-> NoReturn:" in code) == (not targets)
