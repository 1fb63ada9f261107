"""The try-it page (docs/index.html) in a real headless Chromium, opened from file://.

A person fills a tool's form through its labels; the page must then show what the
Python package's ``parse_arguments`` accepts for every provider call it displays, every
problem at the field it belongs to, and ``decide``'s answer for every mode. Hostile
contract text must show as text and run nothing. A handful of cases on the example
contracts; breadth is in tests/unit/emit/page/test_html.py.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.emit.lists import collect
from generator.emit.page.data import TRANSFORMS, page_data
from generator.project.config import load_config
from generator.run.pipeline import load_toolset
from tests.browser import Watched, screenshot
from tests.conftest import REPO, copy_example_contracts
from tests.strict_arguments import as_strict, without_added_nulls
from tests.toolsets import inputs
from tests.unit.emit.page.test_html import HOSTILE, NASTY_KEY, PAGE_TARGETS, hostile_contract
from tests.zod_harness import judge

CONFIG = f"contracts: contracts\noutput: generated\ntargets: [{', '.join(PAGE_TARGETS)}]\n"
Step = tuple[str, str, str]  # (fill | check | select | click, label, value)


def build(root: Path, contracts: dict[str, str] | None) -> Path:
    """A project of the example contracts (or the given files) with the page enabled."""
    if contracts is None:
        copy_example_contracts(root / "contracts")
    else:
        (root / "contracts").mkdir(parents=True)
        for name, text in contracts.items():
            (root / "contracts" / name).write_text(text, "utf-8")
    (root / "toolcanon.yaml").write_text(CONFIG, "utf-8")
    code = main(["generate", "--config", str(root / "toolcanon.yaml"), "--no-cache"])
    assert code == 0
    return root / "generated" / "docs" / "index.html"


@pytest.fixture(scope="module")
def example_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("page"), None)


@pytest.fixture(scope="module")
def example_lists() -> dict[str, Any]:
    """Export name → (target, Call, {canonical tool: name it is called by}), from collect."""
    config = load_config(cwd=REPO)
    options = replace(config.emit, targets=PAGE_TARGETS)
    toolset, _ = load_toolset(config)
    assert toolset is not None
    found: dict[str, Any] = {}
    for item in collect(toolset, options, inputs(toolset, options)):
        _, _, names = found.setdefault(item.export, (item.target, item.call, {}))
        names.update(zip(item.tools, item.names, strict=True))
    return found


@pytest.fixture(scope="module")
def example_copies() -> dict[str, Any]:
    """Adapter → tool → the schema that adapter's provider receives where it differs."""
    config = load_config(cwd=REPO)
    options = replace(config.emit, targets=PAGE_TARGETS)
    toolset, _ = load_toolset(config)
    assert toolset is not None
    copies: dict[str, Any] = page_data(toolset, options, inputs(toolset, options))["schemas"]
    return copies


def act(seen: Watched, steps: list[Step]) -> None:
    detail = seen.page.locator("#detail")
    for kind, label, value in steps:
        if kind == "click":
            detail.get_by_role("button", name=label, exact=True).click()
            continue
        control = detail.get_by_label(label, exact=True)
        if kind == "fill":
            control.fill(value)
        elif kind == "check":
            control.check()
        else:
            control.select_option(label=value)


def problems_at(seen: Watched, label: str) -> list[str]:
    """The problems listed at the control a label names (its aria-describedby list)."""
    control = seen.page.locator("#detail").get_by_label(label, exact=True)
    listed = [
        i for i in str(control.get_attribute("aria-describedby")).split() if i.endswith("-problems")
    ]
    assert len(listed) == 1, f"{label!r} is not described by a problem list"
    return seen.page.locator(f"[id='{listed[0]}'] > li").all_text_contents()


def problems_of_field(seen: Watched, pointer: str) -> list[str]:
    """The problems listed at the field of a JSON pointer (objects, arrays, the root)."""
    return seen.page.locator(
        f"#detail [data-path='{pointer}'] > .problems > li"
    ).all_text_contents()


VALID: dict[str, tuple[list[Step], dict[str, Any]]] = {
    # OpenAI strict: absent optional properties go to OpenAI as null.
    "read_file": (
        [("fill", "path", "/etc/hosts"), ("fill", "limit", "5")],
        {"path": "/etc/hosts", "limit": 5},
    ),
    # strict, with an anyOf (string or array) chosen as an array of one item.
    "grep": (
        [
            ("fill", "pattern", "TODO"),
            ("check", "include path", ""),
            ("select", "path", "array of string"),
            ("click", "Add path: array of string item", ""),
            ("fill", "path: array of string item 1", "src"),
        ],
        {"pattern": "TODO", "path": ["src"]},
    ),
    # anyOf of objects, a $ref inside a branch, an array of enum values.
    "browser_click": (
        [
            ("select", "target", "By coordinates"),
            ("fill", "x", "3"),
            ("fill", "y", "4.5"),
            ("check", "include modifiers", ""),
            ("click", "Add modifiers item", ""),
            ("click", "Add modifiers item", ""),
            ("select", "modifiers item 2", "Shift"),
        ],
        {"target": {"point": {"x": 3, "y": 4.5}}, "modifiers": ["Alt", "Shift"]},
    ),
    # strict, required nullable values: a null and an array of objects.
    "ask_user": (
        [
            ("fill", "question", "Proceed?"),
            ("select", "header", "null"),
            ("select", "options", "array of object {label, description}"),
            ("click", "Add options: array of object {label, description} item", ""),
            ("fill", "label", "Yes"),
            ("fill", "description", "Go on"),
            ("check", "multiSelect", ""),
        ],
        {
            "question": "Proceed?",
            "header": None,
            "options": [{"label": "Yes", "description": "Go on"}],
            "multiSelect": True,
        },
    ),
    # an MCP server's tool: MCP calls it by its name inside the server.
    "github::create_issue": (
        [
            ("fill", "owner", "octo"),
            ("fill", "repo", "demo"),
            ("fill", "title", "It breaks"),
            ("click", "Add labels item", ""),
            ("fill", "labels item 1", "bug"),
        ],
        {"owner": "octo", "repo": "demo", "title": "It breaks", "labels": ["bug"]},
    ),
}


def sent_arguments(call: Any, shown: dict[str, Any]) -> tuple[str, Any]:
    """The name and the arguments in a call as a provider sends it (see emit/lists.Call)."""

    def at(path: tuple[str, ...]) -> Any:
        node: Any = shown
        for key in path:
            node = node[key]
        return node

    return at(call.name), at(call.arguments)


@pytest.mark.parametrize("tool", list(VALID))
def test_a_valid_call_shows_what_parse_arguments_accepts(
    tool: str,
    watched: Watched,
    example_page: Path,
    example_lists: dict[str, Any],
    example_copies: dict[str, Any],
    pkg: Any,
) -> None:
    steps, expected = VALID[tool]
    watched.open(example_page, tool)
    act(watched, steps)
    page = watched.page
    assert page.locator("#detail .form .status").text_content() == (
        "No problems: parseArguments accepts these arguments."
    )
    assert json.loads(page.get_by_label("Arguments as JSON").input_value()) == expected
    calls = page.locator("#detail .call")
    shown_lists = set()
    for index in range(calls.count()):
        view = calls.nth(index)
        export = str(view.get_attribute("data-list"))
        target, call, names = example_lists[export]
        shown = json.loads(str(view.locator("pre.sent").text_content()))
        name, raw = sent_arguments(call, shown)
        assert name == names[tool]
        # What the page says parse_arguments gives the host: the arguments, or (strict
        # mode) the arguments with a null kept where the contract lets a property be null.
        back = view.locator("pre.back")
        given = json.loads(str(back.text_content())) if back.count() else expected
        assert without_added_nulls(given, expected) == expected
        # MCP names a tool inside its server: the host knows which server it asked.
        called = tool if target == "mcp" else name
        model = pkg.parse_arguments(called, raw, provider=target)
        assert model.model_dump(mode="json", exclude_unset=True) == given
        # A provider whose copy of the schema differs says which transform it is.
        note = view.locator("p.note", has_text="its own copy of the schema")
        adapter = str(view.get_attribute("data-adapter"))
        assert note.count() == (1 if tool in example_copies.get(adapter, {}) else 0)
        if note.count():
            assert TRANSFORMS[adapter] in str(note.text_content())
        shown_lists.add(export)
    assert shown_lists == {
        export for export, (_, _, names) in example_lists.items() if tool in names
    }
    if pkg.BY_NAME[tool]["strict"]:  # strict mode sends what the contract leaves out as null
        schema = pkg.BY_NAME[tool]["inputSchema"]
        chat = json.loads(str(page.locator("[data-list=openaiChatTools] pre.sent").text_content()))
        strict = as_strict(schema, schema, expected, judge(schema))
        assert json.loads(chat["function"]["arguments"]) == strict
    assert watched.quiet(), (watched.console, watched.errors, watched.dialogs)


def test_each_kind_of_invalid_value_is_shown_at_its_field(
    watched: Watched, example_page: Path, pkg: Any
) -> None:
    line_formats = pkg.BY_NAME["read_file"]["inputSchema"]["properties"]["lineFormat"]["enum"]
    page = watched.page
    watched.open(example_page, "read_file")
    act(watched, [("fill", "path", ""), ("fill", "limit", "0"), ("fill", "offset", "1.5")])
    assert problems_at(watched, "path") == ["Too small: expected string to have >=1 characters"]
    assert problems_at(watched, "limit") == ["Too small: expected number to be >=1"]
    assert problems_at(watched, "offset") == ["Invalid input: expected integer, received number"]
    assert page.locator("#detail .form .status").text_content() == "3 problems: see the fields."

    raw = {"path": 5, "lineFormat": "bogus", "nope": True}
    page.get_by_label("Arguments as JSON").fill(json.dumps(raw))
    assert problems_at(watched, "path") == ["Invalid input: expected string, received number"]
    options = "|".join(json.dumps(value) for value in line_formats)
    assert problems_at(watched, "lineFormat") == [f"Invalid option: expected one of {options}"]
    assert problems_of_field(watched, "") == ['/nope: unknown key "nope"']

    watched.open(example_page, "github::get_issue")
    act(watched, [("fill", "owner", "-bad-"), ("fill", "repo", "ok")])
    assert problems_at(watched, "owner")[0].startswith("Invalid string: must match pattern")
    assert problems_at(watched, "issueNumber") == [
        "Invalid input: expected number, received undefined"
    ]

    watched.open(example_page, "browser_click")
    act(watched, [("click", "Add modifiers item", ""), ("click", "Add modifiers item", "")])
    assert problems_at(watched, "modifiers item 2") == ["Items must be unique: same as item 0"]

    watched.open(example_page, "grep")
    act(
        watched,
        [
            ("fill", "pattern", "x"),
            ("check", "include path", ""),
            ("select", "path", "array of string"),
        ],
    )
    assert problems_of_field(watched, "/path") == ["Too small: expected array to have >=1 items"]
    assert watched.quiet(), (watched.console, watched.errors)


def test_the_decisions_shown_are_decide_s(watched: Watched, example_page: Path, pkg: Any) -> None:
    page = watched.page
    watched.open(example_page)
    rows = page.locator("#tool-list button")
    names = [str(rows.nth(i).get_attribute("data-tool")) for i in range(rows.count())]
    assert names == sorted(pkg.BY_NAME)
    for index, name in enumerate(names):
        rows.nth(index).click()
        table = page.locator(f"#detail article[data-tool='{name}'] .decisions tbody tr")
        shown = {
            str(row.get_attribute("data-mode")): row.locator("td").text_content()
            for row in table.all()
        }
        fields = {key: pkg.BY_NAME[name][key] for key in pkg.FIELDS_READ}
        assert shown == {mode: pkg.decide(fields, mode) for mode in pkg.MODES}, name
    page.get_by_label("Mode", exact=True).select_option("plan")
    page.get_by_label("Decision in that mode").select_option("deny")
    visible = page.locator("#tool-list li:not([hidden]) button")
    denied = {
        name
        for name in names
        if pkg.decide({key: pkg.BY_NAME[name][key] for key in pkg.FIELDS_READ}, "plan") == "deny"
    }
    assert {str(b.get_attribute("data-tool")) for b in visible.all()} == denied
    assert watched.quiet()


def test_hostile_contract_text_shows_as_text_and_runs_nothing(
    watched: Watched, tmp_path: Path
) -> None:
    html = build(tmp_path, {"hostile.yaml": hostile_contract()})
    page = watched.page
    watched.open(html, "nasty-srv::hostile.tool")
    detail = page.locator("#detail")
    assert detail.locator("h2").text_content() == HOSTILE
    assert detail.locator(".tool > .desc").text_content() == HOSTILE
    assert page.locator("#tool-list .row-title").text_content() == HOSTILE
    key = detail.get_by_label(NASTY_KEY, exact=True)
    assert key.locator("option").all_text_contents() == [HOSTILE, "plain"]
    assert detail.get_by_label("with_default", exact=True).input_value() == HOSTILE
    key.select_option(index=0)  # the validator holds the hostile text as a literal
    assert detail.locator(".form .status").text_content().startswith("No problems")
    shown = str(detail.locator("[data-list=claudeTools] pre.sent").text_content())
    assert json.loads(shown)["input"] == {NASTY_KEY: HOSTILE}
    assert page.locator("img, iframe, object, embed").count() == 0
    assert page.locator("script").count() == 2  # the data block and the page's own
    assert watched.quiet(), (watched.console, watched.errors, watched.dialogs)


def test_keyboard_labels_and_a_screenshot(
    watched: Watched,
    example_page: Path,
    example_lists: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    page = watched.page
    watched.open(example_page)
    page.get_by_label("Search").fill("issue")
    every = len(example_lists["mcpTools"][2])  # MCP lists every tool, as the page does
    assert page.locator("#tool-list li").count() == every
    matching = page.locator("#tool-list li:not([hidden])").count()
    assert 0 < matching < every
    assert page.locator("#filter-count").text_content() == f"{matching} of {every} tools"
    first = page.locator("#tool-list li:not([hidden]) button").first
    first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("End")
    focused = page.evaluate("document.activeElement.dataset.tool")
    assert focused == page.locator("#tool-list li:not([hidden]) button").last.get_attribute(
        "data-tool"
    )
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.tagName") == "H2"
    assert page.locator("#detail article").get_attribute("data-tool") == focused
    unlabelled = page.eval_on_selector_all(
        "#detail input, #detail select, #detail textarea",
        "all => all.filter(e => e.labels.length === 0 && !e.getAttribute('aria-label')).length",
    )
    assert unlabelled == 0
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.tool") == focused
    page.get_by_label("Search").fill("")
    folder = tmp_path_factory.mktemp("screenshots")
    page.locator("#tool-list button[data-tool='browser_click']").click()
    act(watched, [("select", "target", "By coordinates"), ("fill", "x", "3"), ("fill", "y", "-1")])
    assert screenshot(watched, folder, "try-it-problem-at-its-field").stat().st_size > 10_000
    page.locator("#tool-list button[data-tool='read_file']").click()
    act(watched, [("fill", "path", "/etc/hosts"), ("fill", "limit", "5")])
    assert screenshot(watched, folder, "try-it-provider-calls").stat().st_size > 10_000
    assert watched.quiet()
