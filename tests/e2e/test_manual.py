"""The manual — README.md and the pages of docs/ — as something a reader acts on: its
command blocks run as written, its tables render as tables, its links land on headings,
every README section is in the docs, and the modes table is the decision table.

Each section's command blocks run in order in one temporary folder (bash, stopping at
the first command that fails), after a setup that gives the section what the text
assumes (a project with the manual's own example contract, a git history, a source to
import). The getting-started page runs in tests/e2e/test_downstream_project.py, in a
fresh virtualenv and git repository; a block that needs the network or a live provider
is skipped with the reason the page gives.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from generator.cli import main
from generator.ir import policy
from tests.checkout import git
from tests.conftest import REPO
from tests.doc_blocks import (
    COMMANDS,
    DOCS,
    LANGUAGES,
    README,
    SKIP,
    Block,
    block_env,
    blocks,
    commands,
    failure,
    pages,
    run,
)

GETTING_STARTED = DOCS / "getting-started.md"  # run by tests/e2e/test_downstream_project.py
CONTRACTS = DOCS / "contracts.md"
README_LIMIT = 10 * 1024  # what a visitor reads in two minutes; the manual is docs/


def _page_ids(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def _example_contract() -> str:
    """The contract the contracts page's "Contract format" section shows."""
    found = blocks(CONTRACTS)
    return next(b for b in found if b.section == "Contract format" and b.language == "yaml").text


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


def _empty_project(root: Path) -> Path:
    """A new, empty repository: where the README's quick start begins."""
    project = root / "project"
    project.mkdir()
    git(project, "init", "-q", "-b", "main")
    return project


SCENARIOS: dict[tuple[str, str], Callable[[Path], Path]] = {
    ("README.md", "Quick start"): _empty_project,
    ("docs/index.md", "Quick start"): _empty_project,
    ("docs/ci.md", "Contract evolution: `toolcanon diff`"): _diff_history,
    ("docs/ci.md", "Token budget: `toolcanon tokens`"): _tokens_project,
    ("docs/import.md", "Importing existing tools"): _import_sources,
    ("docs/typescript.md", "TypeScript package (`generated/typescript/`)"): _typescript_host,
}
NEEDS = {("docs/typescript.md", "TypeScript package (`generated/typescript/`)"): ("npm", "node")}


def _command_blocks() -> list[Block]:
    return [b for path in pages() for b in blocks(path) if b.language == COMMANDS]


def _scenario(block: Block) -> tuple[str, str]:
    return (block.page, block.section)


def test_every_block_names_a_language_the_convention_knows() -> None:
    """``sh`` for commands; ``text`` for output and transcripts; never ``bash``,
    ``console``, ``shell`` or no language, where a command could hide from the tests."""
    unknown = [
        (b.where, b.language)
        for path in pages()
        for b in blocks(path)
        if b.language not in LANGUAGES
    ]
    assert not unknown


@pytest.mark.parametrize("path", pages(), ids=_page_ids)
def test_every_skip_marker_precedes_a_command_block_with_a_reason(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines()
    markers = [n for n, line in enumerate(lines, 1) if SKIP.match(line)]
    found = blocks(path)
    skipped = {b.line - 1 for b in found if b.language == COMMANDS and b.skip}
    assert set(markers) == skipped


def test_every_command_block_is_run_by_a_test_or_skipped_with_a_reason() -> None:
    orphans = [
        b.where
        for b in _command_blocks()
        if b.skip is None
        and _scenario(b) not in SCENARIOS
        and Path(b.page) != GETTING_STARTED.relative_to(REPO)
    ]
    assert not orphans, "add a scenario to SCENARIOS, or a skip marker with its reason"


@pytest.mark.parametrize("path", pages(), ids=_page_ids)
def test_every_table_has_a_header_row(path: Path) -> None:
    """A row without a header renders as a paragraph of pipes."""
    text = path.read_text("utf-8")
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    stray = [p[:80] for p in re.findall(r"<p>(\|.*?)</p>", html, flags=re.S)]
    assert not stray


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to ``-``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    outside_code = re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S)
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", outside_code, flags=re.M)}


def _headings(path: Path, level: str) -> list[str]:
    outside_code = re.sub(r"```.*?```", "", path.read_text("utf-8"), flags=re.S)
    return re.findall(rf"^{level} (.+)$", outside_code, flags=re.M)


@pytest.mark.parametrize("path", pages(), ids=_page_ids)
def test_links_to_sections_land_on_a_heading(path: Path) -> None:
    """``(#x)`` lands on this page's heading, ``(page.md#x)`` on that page's; the README
    links into the docs the same way (``docs/page.md#x``)."""
    text = path.read_text("utf-8")
    missing = []
    for target, anchor in re.findall(r"\]\(((?:docs/)?[a-z0-9-]*\.md)?#([^)]+)\)", text):
        page = path if not target else path.parent / target
        if not page.is_file() or anchor not in _anchors(page):
            missing.append(f"{target}#{anchor}")
    assert not sorted(missing)


def test_the_readme_holds_no_section_the_docs_lack() -> None:
    in_docs = {h for page in sorted(DOCS.glob("*.md")) for h in _headings(page, "#{1,6}")}
    assert not [h for h in _headings(README, "##") if h not in in_docs]


PINNED = re.compile(r"(?:toolcanon@|rev: )([^\s\"]+)")


def test_every_pin_names_one_release_commit_of_this_repository() -> None:
    """The install lines and the pre-commit rev name one commit — a full sha, no tag
    (tags do not travel with what is published) — that this repository has, with the
    hook definitions pre-commit reads (``make release-rev`` writes it)."""
    pins = {pin for path in pages() for pin in PINNED.findall(path.read_text("utf-8"))}
    assert len(pins) == 1 and re.fullmatch(r"[0-9a-f]{40}", next(iter(pins))), pins
    (rev,) = pins
    found = subprocess.run(
        ["git", "cat-file", "-e", f"{rev}:.pre-commit-hooks.yaml"], cwd=REPO, capture_output=True
    )
    shallow = git(REPO, "rev-parse", "--is-shallow-repository").strip() == "true"
    if found.returncode and shallow:
        pytest.skip(f"this checkout is a shallow clone without the release commit {rev}")
    assert found.returncode == 0, found.stderr


def test_the_readme_is_the_two_minute_version() -> None:
    assert len(README.read_bytes()) <= README_LIMIT


def test_permission_modes_table_is_the_decision_table() -> None:
    """What the manual says each mode means and answers is what ``decide`` does."""
    text = GETTING_STARTED.read_text("utf-8")
    section = text.split("### Permission modes\n", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert rows == [
        f"| `{rules.mode}` | {rules.meaning} | {policy.rule_text(rules)} |"
        for rules in policy.DECISION_RULES
    ]


@pytest.mark.parametrize("scenario", sorted(SCENARIOS), ids=lambda s: f"{s[0]}:{s[1]}")
def test_a_sections_command_blocks_run_in_order(scenario: tuple[str, str], tmp_path: Path) -> None:
    missing = [tool for tool in NEEDS.get(scenario, ()) if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed")
    cwd = SCENARIOS[scenario](tmp_path)
    env = block_env()
    ran = 0
    page, section = scenario
    for block in commands(section, REPO / page):
        if block.skip is not None:
            continue
        done = run(block, cwd, env)
        assert done.returncode == 0, failure(block, done)
        ran += 1
    assert ran, f"{page} {section}: every command block is skipped; drop the scenario"


@pytest.mark.parametrize(
    "block",
    [b for b in _command_blocks() if b.skip],
    ids=lambda b: f"line-{b.line}",
)
def test_skipped_blocks_say_why(block: Block) -> None:
    pytest.skip(f"{block.where}: {block.skip}")


def test_the_example_contract_is_valid(tmp_path: Path) -> None:
    """The contract the manual shows first passes ``validate`` without a warning."""
    project = _project(tmp_path)
    (project / "toolcanon.yaml").write_text("strict: true\n", "utf-8")
    assert main(["validate", "--config", str(project / "toolcanon.yaml")]) == 0
