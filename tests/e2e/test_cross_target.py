"""Every target at once, judged by its consumer: hostile text survives, decide agrees.

One project holds the example contracts plus a contract whose every text field is
hostile (quotes, triple quotes, backslashes, ``*/``, ``${``, backticks, ``</script>``,
jinja syntax, newlines, NUL and other control characters, U+2028, CJK, emoji). It is
generated once; then the JSON files are parsed, the Python package is imported in a
subprocess, the TypeScript package is compiled by tsc and run by Node, and the
Markdown catalogue is rendered by GitHub's renderer. Each must give back exactly
what the contract says.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, copy_example_contracts, generate_in
from tests.ts_package import declarations_as_sources, link_modules

TSC = REPO / "tests" / "ts_harness" / "node_modules" / ".bin" / "tsc"
NASTY = (
    'q"uo\'te """ \'\'\' back\\slash */ ${x} `tick` </script> {{ x }} {% include "/etc/passwd" %}'
)
NASTY += " line\nbreak\ttab \0nul \x07bel \x7fdel \u2028sep 读取文件 😀 |pipe| # hash"
NASTY_KEY = 'we"ird key\\ `${k}` */'


def _hostile_contract() -> dict[str, Any]:
    schema = {
        "type": "object",
        "description": NASTY,
        "properties": {
            NASTY_KEY: {"type": "string", "description": NASTY, "enum": [NASTY, "plain"]},
            "constant": {"const": NASTY},
            "with_default": {"type": "string", "default": NASTY, "title": NASTY},
        },
        "required": [NASTY_KEY],
    }
    tool = {
        "name": "hostile.tool",
        "title": NASTY,
        "description": NASTY,
        "category": NASTY,
        "approvalFlow": NASTY,
        "riskLevel": "medium",
        "permissions": {NASTY_KEY: [NASTY]},
        "telemetry": {"category": NASTY, "trackArgs": [NASTY_KEY]},
        "inputSchema": schema,
    }
    return {"version": 1, "server": "nasty-srv", "tools": [tool]}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cross")
    copy_example_contracts(root / "contracts")
    # JSON is YAML: the loader reads it with every escape intact. Characters YAML
    # will not take raw (DEL) or reads as line breaks (NEL, U+2028/9) travel escaped.
    text = json.dumps(_hostile_contract(), ensure_ascii=False, indent=1)
    for char in "\x7f\x85\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    (root / "contracts" / "hostile.yaml").write_text(text, encoding="utf-8")
    code = generate_in(root)
    assert code == 0
    return root


@pytest.fixture(scope="module")
def canonical(project: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((project / "generated/canonical/tools.json").read_text("utf-8"))
    return {tool["name"]: tool for tool in data["tools"]}


@pytest.fixture(scope="module")
def node_out(project: Path) -> dict[str, Any]:
    """The TypeScript package's declarations checked by tsc --strict, then its JavaScript
    run by Node as generated (zod, its peer, from the test harness)."""
    if not TSC.exists():
        pytest.skip("tsc not installed: run `npm ci` in tests/ts_harness")
    package = project / "generated" / "typescript"
    link_modules(project, {})
    declarations_as_sources(package, project / "declarations")
    config = {
        "compilerOptions": {
            "strict": True,
            "target": "es2022",
            "module": "nodenext",
            "moduleResolution": "nodenext",
            "noEmit": True,
            "skipLibCheck": True,
        },
        "include": [str(project / "declarations")],
    }
    (project / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    compiled = subprocess.run(
        [str(TSC), "-p", str(project / "tsconfig.json")], capture_output=True, text=True
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    script = _NODE_SCRIPT.replace("COMBOS", json.dumps(_combinations()))
    script = script.replace("HOSTILE", json.dumps([NASTY_KEY, NASTY]))
    ran = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=package,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(ran.stdout)
    return result


_NODE_SCRIPT = """
import { claudeTools, decide, inputSchemas, toolDescriptors } from "./index.js";
const combos = COMBOS;
const [key, text] = HOSTILE;
const decisions = combos.map(([fields, mode]) => decide(fields, mode));
const validator = inputSchemas["nasty-srv::hostile.tool"];
const accepts = [{ [key]: text }, { [key]: "plain", constant: text }, { [key]: "other" }].map(
  (value) => validator.safeParse(value).success,
);
const claude = claudeTools.find((tool) => tool.name === "nasty-srv__hostile_tool");
process.stdout.write(JSON.stringify({ descriptors: toolDescriptors, decisions, accepts, claude }));
"""

_PY_SCRIPT = """
import json, sys
import toolcanon_tools as t
from toolcanon_tools.permissions import decide
combos = json.loads(sys.stdin.read())
out = {"descriptors": {name: t.get(name) for name in t.NAMES},
       "decisions": [decide(fields, mode) for fields, mode in combos]}
sys.stdout.write(json.dumps(out, ensure_ascii=False))
"""


def _combinations() -> list[tuple[dict[str, Any], str]]:
    bools = (False, True)
    return [
        (
            {
                "isReadOnly": r,
                "riskLevel": risk,
                "availableInPlanMode": p,
                "requiresPlanApproval": a,
                "requiresConfirmation": c,
            },
            mode,
        )
        for r, risk, p, a, c, mode in itertools.product(
            bools, ("low", "medium", "high"), bools, bools, bools, ("plan", "default", "auto")
        )
    ]


@pytest.fixture(scope="module")
def python_out(project: Path) -> dict[str, Any]:
    """The Python package imported in a fresh interpreter that cannot see the generator."""
    ran = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(project / 'generated' / 'python')!r}); "
            + _PY_SCRIPT.replace("\n", "\n"),
        ],
        input=json.dumps(_combinations()),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(ran.stdout)
    return result


def test_hostile_text_is_exact_in_canonical_json(canonical: dict[str, dict[str, Any]]) -> None:
    tool = canonical["nasty-srv::hostile.tool"]
    expected = _hostile_contract()["tools"][0]
    for key in ("title", "description", "category", "approvalFlow", "permissions", "inputSchema"):
        assert tool[key] == expected[key], key
    assert tool["parameters"] == tool["inputSchema"]


def test_python_package_gives_back_canonical_json(
    python_out: dict[str, Any], canonical: dict[str, dict[str, Any]]
) -> None:
    assert python_out["descriptors"] == canonical


def test_typescript_package_gives_back_canonical_json(
    node_out: dict[str, Any], canonical: dict[str, dict[str, Any]]
) -> None:
    assert node_out["descriptors"] == canonical


def test_typescript_validator_and_lists_keep_hostile_text(node_out: dict[str, Any]) -> None:
    assert node_out["accepts"] == [True, True, False]
    assert node_out["claude"]["description"] == NASTY
    assert node_out["claude"]["input_schema"] == _hostile_contract()["tools"][0]["inputSchema"]


def test_python_and_typescript_decide_alike(
    python_out: dict[str, Any], node_out: dict[str, Any]
) -> None:
    assert len(python_out["decisions"]) == 144
    assert python_out["decisions"] == node_out["decisions"]


def test_provider_files_carry_the_exact_text(project: Path) -> None:
    generated = project / "generated"
    chat = json.loads((generated / "openai/chat-completions.json").read_text("utf-8"))
    claude = json.loads((generated / "anthropic/tools.json").read_text("utf-8"))
    mcp = json.loads((generated / "mcp/nasty-srv.json").read_text("utf-8"))
    schema = _hostile_contract()["tools"][0]["inputSchema"]
    (openai_tool,) = [
        t["function"] for t in chat if t["function"]["name"] == "nasty-srv__hostile_tool"
    ]
    (claude_tool,) = [t for t in claude if t["name"] == "nasty-srv__hostile_tool"]
    (mcp_tool,) = mcp["tools"]
    for entry, key in (
        (openai_tool, "parameters"),
        (claude_tool, "input_schema"),
        (mcp_tool, "inputSchema"),
    ):
        assert entry["description"] == NASTY
        assert entry[key] == schema


def _cells(row: str) -> int:
    """Cells in a Markdown table row: pipes not escaped by a backslash, minus one."""
    count, escaped = 0, False
    for char in row:
        count += char == "|" and not escaped
        escaped = char == "\\" and not escaped
    return count - 1


def test_catalogue_keeps_its_tables_and_injects_nothing(project: Path) -> None:
    cmarkgfm = pytest.importorskip("cmarkgfm")
    text = (project / "generated/docs/TOOLS.md").read_text("utf-8")
    html = cmarkgfm.github_flavored_markdown_to_html(text)
    assert "<script" not in html
    assert "&lt;/script&gt;" in html  # the text is there, shown, not executed
    lines = text.split("\n")  # CommonMark ends lines at \n only, not at U+2028
    tables = [
        list(rows)
        for is_row, rows in itertools.groupby(lines, lambda x: x.startswith("|"))
        if is_row
    ]
    assert len(tables) > 1
    for table in tables:
        assert len({_cells(row) for row in table}) == 1, table


def test_template_syntax_in_contracts_is_only_text(project: Path) -> None:
    """Contract text never reaches a template as template code (no include, no expression)."""
    for path in (project / "generated").rglob("*"):
        if path.is_file():
            assert "root:x:0:0" not in path.read_text("utf-8", "replace"), path
    python = (project / "generated/python/toolcanon_tools/_data.py").read_text("utf-8")
    assert "{% include" in python  # kept as the string it is
