"""``toolcanon diff`` and host overlays: an overlay change is classified per host.

A git repository holds the contracts and one overlay; each test commits, changes the
working tree and reads the JSON report. A tool the overlay leaves out is breaking for
that host; fields the overlay sets are classified like contract fields, at the
overlay's line; what the contracts change is said once, not once per host; a
loosening overlay is refused (exit 2), so it is never classified at all.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import Project
from tests.unit.diff.test_sources import git

CONTRACTS = """
version: 1
tools:
  - name: read_file
    description: Read a file.
    isReadOnly: true
    riskLevel: low
    availableInPlanMode: true
    inputSchema: {type: object, properties: {path: {type: string}}}
  - name: write_file
    description: Write a file.
    riskLevel: low
    inputSchema: {type: object, properties: {path: {type: string}}}
"""
OVERLAY = """
version: 1
host: desktop
tools:
  - match: write_file
    riskLevel: high
"""


@pytest.fixture
def repo(project: Project) -> Project:
    project.write("toolcanon.yaml", "hosts: hosts\ntargets: [canonical]\n")
    project.write("contracts/a.yaml", CONTRACTS)
    project.write("hosts/desktop.yaml", OVERLAY)
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "one")
    return project


def diff(project: Project) -> tuple[int, list[tuple[str, str, str, int | None]]]:
    if project.run("diff", "--against", "HEAD").code == 2:
        result = project.run("diff", "--against", "HEAD")
        return 2, [(line, "", "", None) for line in result.diagnostics]
    result = project.run("diff", "--against", "HEAD", "--format", "json")
    found = json.loads(result.out)["findings"]
    return result.code, [(f["rule"], f["tool"], f["message"], f["line"]) for f in found]


def test_a_tool_the_overlay_leaves_out_is_breaking_for_that_host(repo: Project) -> None:
    repo.write("hosts/desktop.yaml", OVERLAY + "exclude: [read_file]\n")
    code, found = diff(repo)
    assert code == 1
    assert found == [
        (
            "tool-removed",
            "host:desktop:read_file",
            "tool 'read_file' was removed from host " "'desktop'",
            6,
        ),
    ]


def test_overlay_fields_are_classified_like_contract_fields_at_the_overlay_line(
    repo: Project,
) -> None:
    repo.write(
        "hosts/desktop.yaml",
        OVERLAY + "  - match: read_file\n    requiresConfirmation: true\n    skill: {name: files}\n"
        "    permissions: {sandbox: documents}\n",
    )
    code, found = diff(repo)
    assert code == 1  # a permission granted is a security finding, for this host only
    assert found == [
        (
            "permissions-widened",
            "host:desktop:read_file",
            "'sandbox' was granted (host " "'desktop')",
            9,
        ),
        (
            "metadata-changed",
            "host:desktop:read_file",
            'skill null → {"name": "files"} (host ' "'desktop')",
            8,
        ),
        ("permission-tightened", "host:desktop:read_file", "false → true (host 'desktop')", 7),
    ]


def test_an_overlay_may_give_back_what_it_tightened_and_that_is_reported(
    repo: Project,
) -> None:
    """Down to the contract's level, never below: riskLevel high → medium on this host
    is a security finding, like a contract lowering it."""
    repo.write("hosts/desktop.yaml", OVERLAY.replace("riskLevel: high", "riskLevel: medium"))
    code, found = diff(repo)
    assert code == 1
    assert found == [
        (
            "risk-level-lowered",
            "host:desktop:write_file",
            'riskLevel "high" → "medium" (host ' "'desktop')",
            5,
        ),
    ]


def test_a_loosening_overlay_is_refused_not_classified(repo: Project) -> None:
    repo.write("hosts/desktop.yaml", OVERLAY.replace("riskLevel: high", "isReadOnly: true"))
    code, found = diff(repo)
    assert code == 2
    assert [line for line, *_ in found] == [
        "hosts/desktop.yaml:5:5: error[TC172]: tool 'write_file': $.isReadOnly: true is looser "
        "than the contract's false (an overlay may only tighten safety: write false, or "
        "change the contract)"
    ]


def test_a_contract_change_is_said_once_not_once_per_host(repo: Project) -> None:
    repo.write("contracts/a.yaml", CONTRACTS.replace("Read a file.", "Read one file."))
    repo.write(
        "contracts/a.yaml",
        CONTRACTS.replace("Read a file.", "Read one file.").replace(
            "    riskLevel: low\n    inputSchema", "    riskLevel: medium\n    inputSchema"
        ),
    )
    code, found = diff(repo)
    assert code == 0
    assert [(rule, tool) for rule, tool, *_ in found] == [
        ("description-changed", "read_file"),
        ("permission-tightened", "write_file"),  # low → medium; the host says high still
    ]


def test_a_removed_host_and_a_new_one(repo: Project) -> None:
    (repo.root / "hosts/desktop.yaml").unlink()
    repo.write("hosts/web.yaml", "version: 1\nhost: web\n")
    code, found = diff(repo)
    assert code == 1
    assert found == [
        ("host-removed", "host:desktop", "host 'desktop' was removed (its overlay is gone)", None),
        ("host-added", "host:web", "host 'web' was added", 2),
    ]


def test_overlays_kept_inside_the_contracts_folder_are_compared_too(project: Project) -> None:
    """The repository's own layout: contracts/hosts/, skipped when contracts are read,
    at the old revision as in the working tree."""
    project.write("toolcanon.yaml", "hosts: contracts/hosts\ntargets: [canonical]\n")
    project.write("contracts/a.yaml", CONTRACTS)
    project.write("contracts/hosts/desktop.yaml", OVERLAY)
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-q", "-m", "one")
    assert diff(project) == (0, [])
    project.write("contracts/hosts/desktop.yaml", OVERLAY + "exclude: [read_file]\n")
    code, found = diff(project)
    assert code == 1
    assert [(rule, tool) for rule, tool, _, _ in found] == [
        ("tool-removed", "host:desktop:read_file")
    ]


def test_an_old_revisions_bad_overlay_is_named_as_git_names_it(repo: Project) -> None:
    repo.write("hosts/desktop.yaml", OVERLAY.replace("riskLevel: high", "riskLevel: 7"))
    git(repo.root, "commit", "-q", "-am", "a broken overlay")
    repo.write("hosts/desktop.yaml", OVERLAY)
    code, found = diff(repo)
    assert code == 2
    assert [line.split(": error")[0] for line, *_ in found] == ["HEAD:hosts/desktop.yaml:5:5"]
