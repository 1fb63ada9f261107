"""The README as something a reader acts on: its command blocks run, its tables render as
tables, its links to sections land, and the modes table is the decision table.

Each section's command blocks run in order in one temporary folder (bash, stopping at
the first command that fails), after a setup that gives the section what the text
assumes (a project with the README's own example contract, a git history, a source to
import). "Use it in your project" runs in tests/e2e/test_downstream_project.py, in a fresh
virtualenv and git repository; a block that needs the network or a live provider is
skipped with the reason the README gives.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from generator.cli import main
from generator.ir import policy
from tests.checkout import git
from tests.conftest import REPO
from tests.readme_blocks import (
    COMMANDS,
    LANGUAGES,
    README,
    SKIP,
    Block,
    block_env,
    blocks,
    commands,
    failure,
    run,
)

DOWNSTREAM = "Use it in your project"  # run by tests/e2e/test_downstream_project.py


def _example_contract() -> str:
    """The contract the README's "Contract format" section shows."""
    return next(b for b in blocks() if b.section == "Contract format" and b.language == "yaml").text


def _project(root: Path) -> Path:
    """A project with the README's example contract, and nothing else."""
    project = root / "project"
    (project / "contracts").mkdir(parents=True)
    (project / "contracts" / "fs.yaml").write_text(_example_contract(), "utf-8")
    (project / "toolcanon.yaml").write_text("contracts: contracts\n", "utf-8")
    return project


def _generate(project: Path) -> None:
    assert main(["generate", "--config", str(project / "toolcanon.yaml")]) == 0


def _diff_history(root: Path) -> Path:
    """``origin/main`` with these contracts, an older folder of them, and a pinned
    canonical tools.json: the three kinds of REF the section compares with."""
    project = _project(root)
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "contracts")
    git(project, "update-ref", "refs/remotes/origin/main", "HEAD")
    shutil.copytree(project / "contracts", root / "v1" / "contracts")
    _generate(project)
    (project / "vendor").mkdir()
    shutil.copy(project / "generated/canonical/tools.json", project / "vendor/tools.json")
    return project


def _tokens_project(root: Path) -> Path:
    return _project(root)


def _import_sources(root: Path) -> Path:
    """Chat Completions tools to import (those of the import golden case whose names
    every provider takes)."""
    project = _project(root)
    source = REPO / "tests/import_cases/openai-chat/chat_tools.json"
    tools = [t for t in json.loads(source.read_text("utf-8")) if t["function"]["name"][0] != "-"]
    (project / "tools.json").write_text(json.dumps(tools), "utf-8")
    return project


def _typescript_host(root: Path) -> Path:
    """A host application next to the repository whose generated/ it installs."""
    shutil.copytree(REPO / "generated/typescript", root / "agent-host/generated/typescript")
    (root / "app").mkdir()
    return root / "app"


SCENARIOS: dict[str, Callable[[Path], Path]] = {
    "Contract evolution: `toolcanon diff`": _diff_history,
    "Token budget: `toolcanon tokens`": _tokens_project,
    "Importing existing tools": _import_sources,
    "TypeScript package (`generated/typescript/`)": _typescript_host,
}
NEEDS = {"TypeScript package (`generated/typescript/`)": ("npm", "node")}


def _command_blocks() -> list[Block]:
    return [b for b in blocks() if b.language == COMMANDS]


def test_every_block_names_a_language_the_convention_knows() -> None:
    """``sh`` for commands; ``text`` for output and transcripts; never ``bash``,
    ``console``, ``shell`` or no language, where a command could hide from the tests."""
    unknown = [(b.where, b.language) for b in blocks() if b.language not in LANGUAGES]
    assert not unknown


def test_every_skip_marker_precedes_a_command_block_with_a_reason() -> None:
    lines = README.read_text("utf-8").splitlines()
    markers = [n for n, line in enumerate(lines, 1) if SKIP.match(line)]
    skipped = {b.line - 1 for b in _command_blocks() if b.skip}
    assert set(markers) == skipped


def test_every_command_block_is_run_by_a_test_or_skipped_with_a_reason() -> None:
    orphans = [
        b.where
        for b in _command_blocks()
        if b.skip is None and b.section not in SCENARIOS and b.section != DOWNSTREAM
    ]
    assert not orphans, "add a scenario to SCENARIOS, or a skip marker with its reason"


def test_every_table_has_a_header_row() -> None:
    """A row without a header renders as a paragraph of pipes on GitHub."""
    text = README.read_text("utf-8")
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    stray = [p[:80] for p in re.findall(r"<p>(\|.*?)</p>", html, flags=re.S)]
    assert not stray


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to ``-``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def test_links_to_sections_land_on_a_heading() -> None:
    text = README.read_text("utf-8")
    outside_code = re.sub(r"```.*?```", "", text, flags=re.S)
    headings = re.findall(r"^#{1,6} (.+)$", outside_code, flags=re.M)
    anchors = {_slug(h) for h in headings}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert not sorted(links - anchors)


def test_permission_modes_table_is_the_decision_table() -> None:
    """What the README says each mode means and answers is what ``decide`` does."""
    text = README.read_text("utf-8")
    section = text.split("### Permission modes\n", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert rows == [
        f"| `{rules.mode}` | {rules.meaning} | {policy.rule_text(rules)} |"
        for rules in policy.DECISION_RULES
    ]


@pytest.mark.parametrize("section", sorted(SCENARIOS))
def test_a_sections_command_blocks_run_in_order(section: str, tmp_path: Path) -> None:
    missing = [tool for tool in NEEDS.get(section, ()) if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed")
    cwd = SCENARIOS[section](tmp_path)
    env = block_env()
    ran = 0
    for block in commands(section):
        if block.skip is not None:
            continue
        done = run(block, cwd, env)
        assert done.returncode == 0, failure(block, done)
        ran += 1
    assert ran, f"{section}: every command block is skipped; drop the scenario"


@pytest.mark.parametrize(
    "block",
    [b for b in _command_blocks() if b.skip],
    ids=lambda b: f"line-{b.line}",
)
def test_skipped_blocks_say_why(block: Block) -> None:
    pytest.skip(f"{block.where}: {block.skip}")


def test_the_example_contract_is_valid(tmp_path: Path) -> None:
    """The contract the README shows first passes ``validate`` without a warning."""
    project = _project(tmp_path)
    (project / "toolcanon.yaml").write_text("strict: true\n", "utf-8")
    assert main(["validate", "--config", str(project / "toolcanon.yaml")]) == 0
