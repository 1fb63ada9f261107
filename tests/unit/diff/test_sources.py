"""``toolcanon diff`` against a git revision, a folder and a pinned tools.json; positions,
``$ref`` resolution and defaults."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MINIMAL, Project, disk_state

WIDER = MINIMAL.replace("required: [path]", "required: [path, mode]").replace(
    "path: {type: string}", "path: {type: string}\n        mode: {type: string}"
)


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def findings(project: Project, *argv: str) -> tuple[int, list[dict[str, Any]]]:
    result = project.run("diff", *argv, "--format", "json")
    return result.code, json.loads(result.out)["findings"]


@pytest.fixture
def repo(project: Project) -> Project:
    """A git repository with two commits: MINIMAL, then WIDER (also in the working tree)."""
    git(project.root, "init", "-q")
    project.write("contracts/a.yaml", MINIMAL)
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "one")
    project.write("contracts/a.yaml", WIDER)
    git(project.root, "commit", "-q", "-am", "two")
    return project


def test_git_revision(repo: Project) -> None:
    code, found = findings(repo, "--against", "HEAD~1")
    assert code == 1
    assert [(f["rule"], f["path"], f["file"], f["line"]) for f in found] == [
        ("required-property-added", "$.inputSchema.properties.mode", "contracts/a.yaml", 12)
    ]
    assert git(repo.root, "status", "--porcelain") == ""  # no checkout, nothing written


def test_git_revision_equal_to_working_tree(repo: Project) -> None:
    assert findings(repo, "--against", "HEAD") == (0, [])


def test_git_compares_the_working_tree_with_the_revision(repo: Project) -> None:
    repo.write("contracts/a.yaml", MINIMAL)  # uncommitted: back to the first version
    assert findings(repo, "--against", "HEAD~1") == (0, [])
    code, found = findings(repo, "--against", "HEAD")
    assert (code, [f["rule"] for f in found]) == (1, ["property-removed"])


def test_unknown_revision_is_bad_input(repo: Project) -> None:
    result = repo.run("diff", "--against", "no-such-branch")
    assert result.code == 2
    assert "unknown revision or path 'no-such-branch'" in result.err


def test_invalid_contracts_at_the_revision_are_reported(repo: Project) -> None:
    repo.write("contracts/a.yaml", "version: 1\ntools:\n  - name: x\n")
    git(repo.root, "commit", "-q", "-am", "broken")
    repo.write("contracts/a.yaml", WIDER)
    result = repo.run("diff", "--against", "HEAD")
    assert result.code == 2
    assert result.diagnostics == [
        "HEAD:contracts/a.yaml:3:5: error[TC102]: tool 'x': missing required key "
        "'inputSchema' (add an inputSchema (type: object))"
    ]
    assert "cannot compare against 'HEAD'" in result.err


def test_invalid_current_contracts_are_reported(project: Project) -> None:
    project.write("old/a.yaml", MINIMAL)
    project.write("contracts/a.yaml", "version: 1\ntools: {}\n")
    result = project.run("diff", "--against", "old")
    assert result.code == 2
    assert "contracts/a.yaml:2:1: error[TC103]: $.tools: expected a list" in result.err


def test_folder(project: Project) -> None:
    project.write("old/a.yaml", WIDER)
    project.write("contracts/a.yaml", MINIMAL)
    code, found = findings(project, "--against", "old")
    assert (code, [(f["rule"], f["path"]) for f in found]) == (
        1,
        [("property-removed", "$.inputSchema.properties.mode")],
    )


def test_pinned_tools_json(project: Project) -> None:
    project.write("contracts/a.yaml", WIDER)
    assert project.run("generate").code == 0
    pinned = project.root / "pinned.json"
    shutil.copy(project.generated / "canonical/tools.json", pinned)
    assert findings(project, "--against", "pinned.json") == (0, [])
    project.write("contracts/a.yaml", WIDER.replace("riskLevel: low", "riskLevel: medium"))
    code, found = findings(project, "--against", "pinned.json")
    assert (code, [(f["rule"], f["path"]) for f in found]) == (
        0,
        [("permission-tightened", "$.riskLevel")],
    )
    project.write("contracts/a.yaml", MINIMAL)
    code, found = findings(project, "--against", "pinned.json")
    assert (code, [f["rule"] for f in found]) == (1, ["property-removed"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "cannot read pinned tools"),
        ('{"format": 2, "tools": []}', "not a canonical tools.json"),
        ('{"format": 1, "tools": [{"title": "x"}]}', "tools[0] is not a descriptor with a name"),
        ('{"format": 1, "tools": ' + "[" * 50_000 + "]" * 50_000 + "}", "nests deeper than 128"),
        ('{"format": 1, "tools": [], "n": ' + "9" * 5000 + "}", "(5,000 digits) is beyond"),
    ],
    ids=["truncated", "format", "nameless", "deep", "digits"],
)
def test_bad_pinned_tools_json(project: Project, text: str, message: str) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("pinned.json", text)
    result = project.run("diff", "--against", "pinned.json")
    assert result.code == 2
    assert message in result.err


REFS = """
version: 1
tools:
  - name: draw
    description: Draw a line.
    riskLevel: low
    inputSchema:
      type: object
      $defs:
        point:
          type: object
          properties:
            x: {type: number, minimum: 0}
            y: {type: number, minimum: 0}
          required: [x, y]
        tree:
          type: object
          properties:
            label: {type: string}
            children: {type: array, items: {$ref: "#/$defs/tree"}}
      properties:
        from: {$ref: "#/$defs/point"}
        to: {$ref: "#/$defs/point"}
        tree: {$ref: "#/$defs/tree"}
      required: [from, to]
"""


def test_change_inside_defs_is_found_where_it_is_used(project: Project) -> None:
    project.write("old/a.yaml", REFS)
    project.write(
        "contracts/a.yaml",
        REFS.replace("x: {type: number, minimum: 0}", "x: {type: number, minimum: 1}"),
    )
    code, found = findings(project, "--against", "old")
    assert code == 1
    assert [(f["rule"], f["path"], f["line"]) for f in found] == [
        ("constraint-tightened", "$.inputSchema.properties.from.properties.x.minimum", 12),
        ("constraint-tightened", "$.inputSchema.properties.to.properties.x.minimum", 12),
    ]


def test_recursive_schema_is_compared_without_looping(project: Project) -> None:
    project.write("old/a.yaml", REFS)
    project.write(
        "contracts/a.yaml", REFS.replace("label: {type: string}", "label: {type: integer}")
    )
    code, found = findings(project, "--against", "old")
    assert (code, [(f["rule"], f["path"]) for f in found]) == (
        1,
        [("type-changed", "$.inputSchema.properties.tree.properties.label.type")],
    )


def test_inlined_definition_is_the_same_schema(project: Project) -> None:
    inlined = REFS.replace(
        'from: {$ref: "#/$defs/point"}',
        "from: {type: object, properties: {x: {type: number, minimum: 0}, "
        "y: {type: number, minimum: 0}}, required: [x, y]}",
    )
    project.write("old/a.yaml", REFS)
    project.write("contracts/a.yaml", inlined)
    assert findings(project, "--against", "old") == (0, [])


DEFAULTS = """
version: 1
defaults:
  riskLevel: high
tools:
  - name: run
    description: Run.
    inputSchema: {type: object}
"""


def test_a_changed_file_default_counts_and_points_at_defaults(project: Project) -> None:
    project.write("old/a.yaml", DEFAULTS)
    project.write("contracts/a.yaml", DEFAULTS.replace("riskLevel: high", "riskLevel: low"))
    code, found = findings(project, "--against", "old")
    # the default destructiveHint follows the risk: it is dropped too (at the tool's name)
    assert (code, [(f["rule"], f["line"]) for f in found]) == (
        1,
        [("destructive-hint-dropped", 5), ("risk-level-lowered", 3)],
    )


def test_a_dropped_field_falls_back_to_the_policy_default(project: Project) -> None:
    """No riskLevel at all means high: removing 'riskLevel: low' raises the risk."""
    project.write("old/a.yaml", MINIMAL)
    project.write("contracts/a.yaml", MINIMAL.replace("    riskLevel: low\n", ""))
    code, found = findings(project, "--against", "old")
    assert (code, [f["rule"] for f in found]) == (0, ["permission-tightened"])


def test_revision_before_the_contracts_existed_adds_every_tool(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("README.md", "empty\n")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "start")
    project.write("contracts/a.yaml", MINIMAL)
    code, found = findings(project, "--against", "HEAD")
    assert (code, [(f["rule"], f["tool"]) for f in found]) == (0, [("tool-added", "read_file")])
    assert project.run("diff", "--against", "HEAD").out.splitlines()[-1] == (
        "suggested version bump: minor"
    )


def test_against_upstream_finds_the_branch_or_skips(project: Project) -> None:
    def git(*args: str) -> None:
        subprocess.run(
            ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args],
            cwd=project.root,
            check=True,
            capture_output=True,
        )

    project.write("contracts/a.yaml", MINIMAL)
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-qm", "base")
    alone = project.run("diff", "--against-upstream")
    assert alone.code == 0
    assert "no upstream branch and no origin/HEAD" in alone.err
    git("remote", "add", "origin", str(project.root))
    git("fetch", "-q", "origin")
    git("branch", "--set-upstream-to", "origin/main")
    project.write("contracts/a.yaml", MINIMAL.replace("riskLevel: low", "riskLevel: high"))
    assert project.run("diff", "--against-upstream").code == 0  # safe: risk raised
    project.write("contracts/a.yaml", MINIMAL.replace("required: [path]", "required: []"))
    found = project.run("diff", "--against-upstream")
    assert found.code == 0, found.out
    project.write("contracts/a.yaml", MINIMAL.replace("name: read_file", "name: read_it"))
    removed = project.run("diff", "--against-upstream")
    assert removed.code == 1
    assert "toolcanon diff against origin/main" in removed.out


def test_an_old_side_written_before_the_lint_is_still_compared(project: Project) -> None:
    """The old revision's schema mistakes are today's lint errors: diff reads them as
    warnings on that side, and still refuses them on the new side."""
    typo = MINIMAL.replace("required: [path]", "requried: [path]")
    project.write("old/a.yaml", typo)
    project.write("contracts/a.yaml", MINIMAL)
    fixed = project.run("diff", "--against", "old")
    assert fixed.code == 1, fixed.err  # property-became-required is breaking
    assert "property-became-required" in fixed.out
    project.write("contracts/a.yaml", typo)
    assert project.run("diff", "--against", "old").code == 2


# --- no contract at a revision is skipped silently -------------------------------------

OTHER = MINIMAL.replace("name: read_file", "name: other")
LINK_HINT = "copy the file or folder into the contracts folder instead of linking it"


def refused_link(shown: str) -> str:
    message = f"{shown} is a symbolic link; toolcanon never reads contracts through links"
    return f"{shown}:1:1: error[TC053]: {message} ({LINK_HINT})"


@pytest.fixture
def linked(project: Project, tmp_path: Path) -> Project:
    """A commit whose contracts folder holds links of every kind and a submodule entry;
    the working tree has the links removed, and is valid."""
    git(project.root, "init", "-q")
    project.write("contracts/a.yaml", MINIMAL)
    project.write("shared/b.yaml", OTHER)
    project.write("README.md", "readme\n")
    project.write("contracts/deep/keep.yaml", MINIMAL.replace("read_file", "keep"))
    links = {
        "contracts/b.yaml": "../shared/b.yaml",  # named as a contract
        "contracts/more": "../shared",  # a folder of the revision
        "contracts/deep/up": "../../shared",  # the same, one level down
        "contracts/away": "../../elsewhere",  # out of the repository: it may be a folder
        "contracts/notes.md": "../README.md",  # a file that is no contract: kept, as on disk
        "contracts/gone": "../nothing",  # dangling: kept, as on disk
    }
    for name, target in links.items():
        (project.root / name).symlink_to(target)
    sub = tmp_path / "sub"
    sub.mkdir()
    git(sub, "init", "-q")
    git(sub, "commit", "-q", "--allow-empty", "-m", "sub")
    commit = git(sub, "rev-parse", "HEAD").strip()
    git(project.root, "add", "-A")
    git(project.root, "update-index", "--add", "--cacheinfo", f"160000,{commit},contracts/vendor")
    git(project.root, "commit", "-q", "-m", "links")
    for name in links:
        (project.root / name).unlink()
    return project


def test_links_and_submodules_at_a_revision_are_refused(linked: Project) -> None:
    before = disk_state(linked.root)
    result = linked.run("diff", "--against", "HEAD")
    assert result.code == 2
    assert result.diagnostics == [
        refused_link("HEAD:contracts/away"),
        refused_link("HEAD:contracts/b.yaml"),
        refused_link("HEAD:contracts/deep/up"),
        refused_link("HEAD:contracts/more"),
        "HEAD:contracts/vendor:1:1: error[TC011]: HEAD:contracts/vendor is a git submodule; "
        "the contracts in it are not part of HEAD (copy its contracts into the contracts "
        "folder, or diff its own repository)",
    ]
    assert "cannot compare against 'HEAD'" in result.err
    assert disk_state(linked.root) == before


def test_the_working_tree_refuses_the_same_links(linked: Project) -> None:
    git(linked.root, "checkout", "-q", "--", "contracts")  # the links back on disk
    # (contracts/away leads nowhere on this disk: no folder, so not refused here)
    result = linked.run("validate")
    assert result.code == 2
    assert sorted(result.diagnostics) == [
        refused_link("contracts/b.yaml"),
        refused_link("contracts/deep/up"),
        refused_link("contracts/more"),
    ]


def test_a_link_to_a_plain_file_at_a_revision_is_not_a_contract(linked: Project) -> None:
    for name in ("b.yaml", "more", "deep/up", "away"):
        git(linked.root, "rm", "-q", "--cached", f"contracts/{name}")
    git(linked.root, "rm", "-q", "--cached", "contracts/vendor")
    git(linked.root, "commit", "-q", "-m", "only harmless links")
    assert findings(linked, "--against", "HEAD") == (0, [])


def test_a_key_given_twice_in_a_pinned_tools_json_is_refused(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    tools = (project.generated / "canonical/tools.json").read_text("utf-8")
    project.write("pinned.json", tools.replace('"tools": [', '"tools": [], "tools": [', 1))
    result = project.run("diff", "--against", "pinned.json")
    assert result.code == 2
    assert result.diagnostics == [
        "pinned.json:1:1: error[TC060]: cannot read pinned tools: not valid JSON: "
        "key 'tools' appears twice in one object"
    ]
