"""emit/docs.py as a function: the catalogue and README from a Toolset and the options.

tests/e2e/test_docs.py renders hostile contracts end to end through cmark-gfm; here the
pages are compared exactly, and what each part depends on is varied one at a time.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path, PurePosixPath

from generator.emit.common import GENERATED_NOTE, NO_INPUTS
from generator.emit.docs import catalogue as docs
from generator.ir import policy
from tests.toolsets import CORE, GITHUB, OPTIONS, inputs, sample, toolset

TOOLS = PurePosixPath("docs/TOOLS.md")
README = PurePosixPath("README.md")
DOCS_ONLY = replace(OPTIONS, targets=("docs",))
READ_FILE_PAGE = f"""\
<!-- {GENERATED_NOTE} -->
# Tools

1 tool. **Plan Mode**: *allowed* runs without asking, *approval* asks for plan approval \
first, *denied* is refused. **Approval** is the approval flow, plus *confirmation* when \
every call asks the user.

| Name | Title | Server | Kind | Category | Risk | Read-only | Plan Mode | Approval |
|---|---|---|---|---|---|---|---|---|
| [`read_file`](#tool-read_file) | Read file | `builtin` | builtin | general | low | yes | allowed \
| standard |

## Modes

A host runs in one permission mode at a time. For a call of a tool, `decide(tool, mode)` in \
the generated packages answers *allow* (run it), *ask* (ask the user first) or *deny* (refuse \
it), from the tool's fields alone; in each mode the first rule that matches wins. Each tool \
below shows its answer per mode.

| Mode | What it means | What `decide` answers |
|---|---|---|
{{MODE_ROWS}}

<a id="tool-read_file"></a>

## `read_file`: Read file

Read a file — UTF-8.

- **Kind** builtin · **source** contract · **category** general · **provider name** `read_file`
- **Risk** low · **read-only** yes · **Plan Mode** allowed · **approval** standard
- **Decision by mode**: plan → allow · default → allow · auto → allow
- **Annotations** destructive no · idempotent no · open world yes

### Parameters

| Name | Type | Required | Default | Constraints | Description |
|---|---|---|---|---|---|
| `path` | string | yes |  |  |  |
"""


def test_the_catalogue_of_one_tool_exactly(tmp_path: Path) -> None:
    """The modes table is the decision table's: each mode's meaning and rules."""
    modes = "\n".join(
        f"| `{rules.mode}` | {rules.meaning} | {policy.rule_text(rules)} |"
        for rules in policy.DECISION_RULES
    )
    expected = READ_FILE_PAGE.replace("{MODE_ROWS}", modes)
    assert docs.emit(toolset(tmp_path, CORE), DOCS_ONLY, NO_INPUTS)[TOOLS] == expected


def test_a_page_says_what_each_mode_decides_and_how_approval_goes(tmp_path: Path) -> None:
    merge = sample(tmp_path).tools[0]
    page = docs.tool_page(merge)
    assert (page.anchor, page.plan_mode, page.approval) == (
        "tool-gh__merge",
        "approval",
        "standard, confirmation",
    )
    assert page.decisions == (("plan", "ask"), ("default", "ask"), ("auto", "ask"))
    assert [row.name for row in page.outputs] == ["sha"]
    assert [(row.name, row.required) for row in page.parameters] == [
        ("number", True),
        ("method", False),
    ]


def test_context_cost_lists_the_enabled_provider_lists(tmp_path: Path) -> None:
    found = sample(tmp_path)
    page = docs.emit(found, OPTIONS, inputs(found))[TOOLS]
    lines = [line for line in page.splitlines() if line.startswith("- **Context cost**")]
    assert len(lines) == 2
    for line in lines:
        costs = line.split(": ", 1)[1]
        assert re.fullmatch(
            r"openai-chat \d+ · openai-responses \d+ · anthropic ~\d+ · bedrock ~\d+"
            r" · gemini ~\d+ · mcp \d+",
            costs,
        ), costs
    no_providers = replace(OPTIONS, targets=("docs", "canonical"))
    assert "Context cost" not in docs.emit(found, no_providers, inputs(found, no_providers))[TOOLS]


def test_readme_rows_follow_the_targets_and_the_servers(tmp_path: Path) -> None:
    found = sample(tmp_path)
    readme = docs.emit(found, replace(OPTIONS, targets=("docs", "mcp")), NO_INPUTS)[README]
    rows = [line.split(" | ")[0] for line in readme.splitlines() if line.startswith("| `")]
    assert rows == [
        "| `manifest.json`",
        "| `mcp/builtin.json`",
        "| `mcp/gh.json`",
        "| `docs/TOOLS.md`",
        "| `README.md`",
    ]
    assert "(2 tools)" in readme and "pip install" not in readme
    only_gh = toolset(tmp_path, {"gh.yaml": GITHUB})
    assert docs.mcp_servers(only_gh, OPTIONS) == ("gh",)
    assert docs.mcp_servers(found, replace(OPTIONS, builtin_server="host")) == ("host", "gh")


def test_readme_names_the_route_map_with_the_targets_that_write_it(tmp_path: Path) -> None:
    found = sample(tmp_path)
    with_openai = docs.emit(found, replace(OPTIONS, targets=("docs", "openai")), inputs(found))
    assert "| `names.json` |" in with_openai[README]
    only_mcp = docs.emit(found, replace(OPTIONS, targets=("docs", "mcp")), NO_INPUTS)
    assert "names.json" not in only_mcp[README]


def test_catalogue_names_each_tools_server_and_annotations(tmp_path: Path) -> None:
    found = sample(tmp_path)
    page = docs.emit(found, replace(DOCS_ONLY, builtin_server="host"), NO_INPUTS)[TOOLS]
    servers = {
        line.split(" | ")[0]: line.split(" | ")[2]
        for line in page.splitlines()
        if line.startswith("| [`")
    }
    assert sorted(servers.values()) == ["`gh`", "`host`"]
    assert page.count("- **Annotations** destructive ") == len(found.tools)
