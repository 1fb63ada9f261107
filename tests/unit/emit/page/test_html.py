"""emit/page.py as a function: docs/index.html, the try-it page, without a browser.

tests/e2e/test_page_browser.py runs the page in Chromium; here its parts are checked where
they are made: the data block cannot end early and gives back every text exactly, the
CSP names exactly the page's own script and style, the modules are the TypeScript
package's code, the call shapes are what the providers' SDKs read, and the target is
off unless configured.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator.core.targets import ADAPTERS, CONFIGURABLE, DEFAULT, enabled
from generator.emit.lists import Call, collect
from generator.emit.page import html as page
from generator.emit.page.data import TRANSFORMS, page_data
from generator.emit.page.modules import page_modules, zod_version
from generator.emit.typescript import package as typescript
from generator.ir.model import thaw
from generator.ir.options import EmitOptions
from generator.profiles.base import without_dialect
from tests.conftest import REPO
from tests.e2e.test_cross_target import NASTY, NASTY_KEY
from tests.toolsets import SAMPLE, inputs, toolset

PAGE_TARGETS = ("canonical", "openai", "anthropic", "bedrock", "gemini", "mcp", "page")
OPTIONS = EmitOptions(targets=PAGE_TARGETS)
# No bidirectional override: the lint refuses it in contract text (TC221) before any emit.
HTML_ATTACKS = '<img src=x onerror="alert(1)"><script>alert(2)</script>gnp.exe <!-- -->'
HOSTILE = NASTY + "\u2029" + HTML_ATTACKS


def hostile_contract() -> str:
    """A contract whose texts (title, description, category, property names, enum
    values, defaults, patterns' descriptions) are all hostile, as JSON (valid YAML)."""
    schema = {
        "type": "object",
        "description": HOSTILE,
        "properties": {
            NASTY_KEY: {"type": "string", "description": HOSTILE, "enum": [HOSTILE, "plain"]},
            "with_default": {"type": "string", "default": HOSTILE, "title": HOSTILE},
        },
        "required": [NASTY_KEY],
    }
    tool = {
        "name": "hostile.tool",
        "title": HOSTILE,
        "description": HOSTILE,
        "category": HOSTILE,
        "riskLevel": "medium",
        "inputSchema": schema,
    }
    text = json.dumps({"version": 1, "server": "nasty-srv", "tools": [tool]}, ensure_ascii=False)
    for char in "\x7f\x85\u2028\u2029":  # YAML reads these raw as line breaks or refuses them
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


class Parts(HTMLParser):
    """The elements of a page and the text inside each <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[tuple[str, dict[str, str | None], str]] = []
        self._open: tuple[str, dict[str, str | None]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._open = (tag, dict(attrs))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self.texts.append((*self._open, data))
            self._open = None


def parts(html: str) -> Parts:
    found = Parts()
    found.feed(html)
    return found


def page_of(tmp_path: Path, texts: dict[str, str] | str) -> str:
    found = toolset(tmp_path, texts)
    return page.emit(found, OPTIONS, inputs(found, OPTIONS))[page.PAGE_PATH]


def data_of(html: str) -> Any:
    [text] = [
        text for _, attrs, text in parts(html).texts if attrs.get("type") == "application/json"
    ]
    return json.loads(text)


def test_the_embedded_json_escapes_what_html_and_javascript_read_specially() -> None:
    text = page.embed_json({"a": HOSTILE, HOSTILE: [HOSTILE]})
    assert not set(text) & set("<>&\u2028\u2029")
    assert json.loads(text) == {"a": HOSTILE, HOSTILE: [HOSTILE]}


def test_hostile_contract_text_lives_only_in_the_data_block(tmp_path: Path) -> None:
    html = page_of(tmp_path, hostile_contract())
    found = parts(html)
    # The parser sees exactly the skeleton's elements: no contract text became markup.
    assert [tag for tag, _ in found.tags].count("script") == 2
    assert "img" not in [tag for tag, _ in found.tags]
    data = data_of(html)
    [tool] = data["tools"]
    descriptor = tool["descriptor"]
    assert (descriptor["title"], descriptor["description"], descriptor["category"]) == (
        HOSTILE,
    ) * 3
    assert descriptor["inputSchema"]["properties"][NASTY_KEY]["enum"] == [HOSTILE, "plain"]
    [block] = [text for _, attrs, text in found.texts if attrs.get("type") == "application/json"]
    outside = html.replace(block, "")
    assert "onerror" not in outside and "alert(" not in outside and NASTY_KEY not in outside


def test_the_csp_names_the_page_script_and_style_by_hash_and_nothing_else(tmp_path: Path) -> None:
    html = page_of(tmp_path, SAMPLE)
    found = parts(html)
    [csp] = [
        a["content"] for tag, a in found.tags if a.get("http-equiv") == "Content-Security-Policy"
    ]
    [script] = [text for tag, attrs, text in found.texts if tag == "script" and "type" not in attrs]
    [style] = [text for tag, _, text in found.texts if tag == "style"]
    directives = dict(part.strip().split(" ", 1) for part in str(csp).split(";"))

    def digest(text: str) -> str:
        return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    assert directives == {
        "default-src": "'none'",
        "script-src": f"'sha256-{digest(script)}' blob:",
        "style-src": f"'sha256-{digest(style)}'",
        "base-uri": "'none'",
        "form-action": "'none'",
    }


def test_the_page_runs_the_typescript_package_code(tmp_path: Path) -> None:
    """decide and undo are the package's files; the validators are its zod.js but for
    the two specifiers the page links to its own copies of Zod and the helpers."""
    found = toolset(tmp_path, SAMPLE)
    package = typescript.emit(found, OPTIONS, inputs(found, OPTIONS))
    modules = page_modules(found)
    note = package[typescript.PACKAGE_DIR / "zod.js"].split("\n", 1)[0] + "\n"
    assert note + modules["jsonschema"] == package[typescript.PACKAGE_DIR / "_jsonschema.js"]
    assert modules["decide"] == package[typescript.PACKAGE_DIR / "decide.js"]
    assert modules["undo"] == package[typescript.PACKAGE_DIR / "_undo.js"]
    linked = (
        modules["validators"]
        .replace('from "toolcanon:zod"', 'from "zod"')
        .replace("toolcanon:jsonschema", "./_jsonschema.js")  # the import, and the header naming it
    )
    assert note + linked == package[typescript.PACKAGE_DIR / "zod.js"]


def test_the_vendored_zod_is_the_release_the_suite_tests_validators_with() -> None:
    harness = json.loads((REPO / "tests/ts_harness/package.json").read_text("utf-8"))
    vendored = json.loads((REPO / "templates/page/vendor/recipe/package.json").read_text("utf-8"))
    assert zod_version() == harness["devDependencies"]["zod"] == vendored["devDependencies"]["zod"]


def test_the_page_lists_what_collect_lists_with_the_names_providers_call(tmp_path: Path) -> None:
    found = toolset(tmp_path, SAMPLE)
    data = page_data(found, OPTIONS, inputs(found, OPTIONS))
    expected = {
        (item.export, tool, name)
        for item in collect(found, OPTIONS, inputs(found, OPTIONS))
        for tool, name in zip(item.tools, item.names, strict=True)
    }
    shown = {
        (data["lists"][index]["id"], entry["descriptor"]["name"], name)
        for entry in data["tools"]
        for index, name in entry["calls"]
    }
    assert shown == expected
    assert data["inverses"]["openai"]["gh::merge"] == [{"drop": ["method"]}]
    # The page walks the schema a provider receives only where it is not the contract's.
    adapted = inputs(found, OPTIONS).adapted
    differ = {
        adapter: {
            tool.name: thaw(by_tool[tool.name].schema)
            for tool in found
            if by_tool[tool.name].schema is not None
            and thaw(by_tool[tool.name].schema) != without_dialect(tool.input_schema)
        }
        for adapter, by_tool in adapted.items()
    }
    assert data["schemas"] == differ
    assert "gh::merge" in data["schemas"]["openai"]  # strict mode: every property required
    assert data["transforms"] == {adapter: TRANSFORMS[adapter] for adapter in data["schemas"]}
    assert [entry["server"] for entry in data["tools"]] == ["gh", "builtin"]


def test_every_adapter_says_what_its_copy_of_a_schema_means() -> None:
    assert set(TRANSFORMS) == set(ADAPTERS)
    assert "strict mode" in TRANSFORMS["openai"] and "OpenAI" not in TRANSFORMS["anthropic"]


def test_without_provider_targets_the_page_has_no_calls(tmp_path: Path) -> None:
    found = toolset(tmp_path, SAMPLE)
    alone = replace(OPTIONS, targets=("page",))
    data = page_data(found, alone, inputs(found, alone))
    assert data["lists"] == [] and all(entry["calls"] == [] for entry in data["tools"])


def call_of(call: Call, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """What calls.js builds from a Call (the browser test checks the page shows this)."""
    message: dict[str, Any] = {}
    sent: Any = json.dumps(arguments) if call.encoded else arguments
    for path, value in (*call.constants, (call.name, name), (call.arguments, sent)):
        node = message
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
    return message


def test_each_call_shape_is_what_the_provider_sdk_reads(tmp_path: Path) -> None:
    from anthropic.types import ToolUseBlock
    from google.genai.types import Part
    from mcp.types import CallToolRequestParams
    from openai.types.chat import ChatCompletionMessageFunctionToolCall
    from openai.types.responses import ResponseFunctionToolCall

    found = toolset(tmp_path, SAMPLE)
    readers: dict[str, Any] = {
        "openaiChatTools": lambda m: ChatCompletionMessageFunctionToolCall(id="call_1", **m),
        "openaiResponsesTools": lambda m: ResponseFunctionToolCall(call_id="call_1", **m),
        "claudeTools": lambda m: ToolUseBlock(id="toolu_1", **m),
        "bedrockTools": bedrock_tool_use,
        "geminiFunctionDeclarations": lambda m: Part.model_validate(m).function_call,
        "mcpTools": lambda m: CallToolRequestParams(**m),
    }
    arguments = {"number": 7}
    seen = set()
    for item in collect(found, OPTIONS, inputs(found, OPTIONS)):
        assert item.call is not None, item.export
        if "gh::merge" not in item.tools:
            continue  # the builtin server's listing
        name = item.names[item.tools.index("gh::merge")]
        read = readers[item.export](call_of(item.call, name, arguments))
        dumped = read if isinstance(read, dict) else read.model_dump(mode="json", by_alias=True)
        assert dumped.get("function", dumped)["name"] == name
        sent = dumped.get("function", dumped)
        sent = sent.get("arguments", sent.get("input", sent.get("args")))
        assert (json.loads(sent) if isinstance(sent, str) else sent) == arguments
        seen.add(item.export)
    assert seen == set(readers)


def bedrock_tool_use(block: dict[str, Any]) -> dict[str, Any]:
    """The ``toolUse`` of a Converse content block, after botocore's own validation of
    it (as an assistant turn of a Converse request, where the same shape goes back)."""
    import botocore.session
    from botocore.validate import ParamValidator

    session = botocore.session.get_session()
    model = session.get_service_model("bedrock-runtime").operation_model("Converse")
    tool_use = {"toolUseId": "tooluse_1", **block["toolUse"]}
    message = {"role": "assistant", "content": [{"toolUse": tool_use}]}
    report = ParamValidator().validate({"modelId": "m", "messages": [message]}, model.input_shape)
    assert not report.has_errors(), report.generate_report()
    return dict(block["toolUse"])


def test_the_page_is_off_unless_configured() -> None:
    assert "page" in CONFIGURABLE and "page" not in DEFAULT
    assert "page" not in [target.name for target in enabled(EmitOptions().targets)]


def test_same_contracts_same_page(tmp_path: Path) -> None:
    first = page_of(tmp_path / "a", SAMPLE)
    assert page_of(tmp_path / "b", SAMPLE) == first
    assert str(tmp_path) not in first


@pytest.mark.parametrize("closing", ["</script", "</SCRIPT", "<!--"])
def test_page_code_that_would_close_its_element_is_refused(closing: str) -> None:
    with pytest.raises(RuntimeError, match="break the page"):
        page._inert(f"const x = '{closing}';", "</script")


def test_the_page_script_is_one_strict_function() -> None:
    script = page.page_script()
    assert script.startswith('(() => {\n"use strict";\n') and script.endswith("})();\n")
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(", script)
