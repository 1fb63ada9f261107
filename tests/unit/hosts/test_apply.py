"""hosts/: overlays are read, checked and applied — exact diagnostics at overlay lines.

Safety (what an overlay may not loosen) is exhausted in test_hosts_safety.py; here are
the selection, the host fields, the overlay's own checks, the config key and a run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from generator.core.diagnostics import Diagnostic
from generator.core.report import diagnostic_line, format_text
from generator.hosts.apply import apply_overlay
from generator.hosts.load import check_overlay, overlay_schema
from generator.ir.fields import descriptor_json
from generator.ir.model import HostView, Toolset
from tests.conftest import Project
from tests.toolsets import contract, dedent, resolved

CONTRACTS = """
    version: 1
    tools:
      - name: read_file
        description: Read.
        isReadOnly: true
        riskLevel: low
        availableInPlanMode: true
        telemetry: {category: fs, trackArgs: [path]}
        inputSchema: {type: object, properties: {path: {type: string}, limit: {type: integer}}}
      - name: write_file
        description: Write.
        riskLevel: medium
        permissions: {fs: write}
        inputSchema: {type: object, properties: {path: {type: string}}}
      - name: pdf
        kind: skill
        skill: {name: pdf, version: "1.2"}
        description: PDF.
        riskLevel: low
        inputSchema: {type: object}
"""
GITHUB = """
    version: 1
    server: github
    tools:
      - name: create_issue
        description: Create.
        riskLevel: medium
        inputSchema: {type: object}
"""


@pytest.fixture
def toolset(tmp_path: Path) -> Toolset:
    found, _ = resolved(tmp_path / "c", {"core.yaml": CONTRACTS, "github.yaml": GITHUB})
    return found


def overlay(folder: Path, toolset: Toolset, text: str) -> tuple[HostView, list[str]]:
    """The view an overlay gives, and its diagnostics as the reporter prints them."""
    loaded = contract(folder, text, "desktop.yaml")
    problems = check_overlay(loaded, "desktop")
    assert problems == [], _lines(problems)
    view, found = apply_overlay(toolset, loaded)
    return view, _lines(found)


def checked(folder: Path, text: str, stem: str = "desktop") -> list[str]:
    return _lines(check_overlay(contract(folder, text, f"{stem}.yaml"), stem))


def _lines(found: list[Diagnostic]) -> list[str]:
    ordered = sorted(found, key=Diagnostic.sort_key)
    return [
        format_text(diagnostic_line(d), with_tool=True).removeprefix(f"{d.position.file}:")
        for d in ordered
    ]


def by_name(view: HostView) -> dict[str, Mapping[str, Any]]:
    return {tool.name: descriptor_json(tool) for tool in view.tools}


def test_without_include_every_tool_is_selected_and_exclude_takes_globs(
    toolset: Toolset, tmp_path: Path
) -> None:
    view, found = overlay(tmp_path, toolset, "version: 1\nhost: desktop\nexclude: ['github::*']\n")
    assert found == []
    assert [tool.name for tool in view.tools] == ["pdf", "read_file", "write_file"]
    only, _ = overlay(tmp_path, toolset, "version: 1\nhost: desktop\ninclude: ['*_file']\n")
    assert [tool.name for tool in only.tools] == ["read_file", "write_file"]


def test_a_view_keeps_the_shared_schema_object(toolset: Toolset, tmp_path: Path) -> None:
    text = "version: 1\nhost: desktop\ntools:\n  - {match: '*', requiresConfirmation: true}\n"
    view, _ = overlay(tmp_path, toolset, text)
    shared = {tool.name: tool for tool in toolset}
    for tool in view.tools:
        assert tool.input_schema is shared[tool.name].input_schema
        assert tool.requires_confirmation


def test_a_tool_the_overlay_leaves_alone_is_the_shared_descriptor(
    toolset: Toolset, tmp_path: Path
) -> None:
    """One descriptor, so its canonical JSON is built once for the host and everyone."""
    text = "version: 1\nhost: desktop\ntools:\n  - {match: write_file, approvalFlow: desk}\n"
    view, _ = overlay(tmp_path, toolset, text)
    shared = {tool.name: tool for tool in toolset}
    same = [tool.name for tool in view.tools if tool is shared[tool.name]]
    assert same == ["github::create_issue", "pdf", "read_file"]
    assert descriptor_json(view.tools[-1])["approvalFlow"] == "desk"
    assert descriptor_json(shared["write_file"])["approvalFlow"] == "standard"


def test_host_fields_are_added_and_later_entries_win(toolset: Toolset, tmp_path: Path) -> None:
    text = """
        version: 1
        host: desktop
        tools:
          - match: "*_file"
            skill: {name: files}
            approvalFlow: desktop-dialog
            permissions: {sandbox: workspace}
          - match: read_file
            skill: {name: reader, path: skills/reader}
            permissions: {sandbox: none, network: false}
            telemetry: {trackArgs: [limit, path]}
          - match: write_file
            telemetry: {category: fs-write, trackArgs: [path]}
    """
    view, found = overlay(tmp_path, toolset, text)
    assert found == []
    tools = by_name(view)
    assert tools["read_file"]["skill"] == {"name": "reader", "path": "skills/reader"}
    assert tools["write_file"]["skill"] == {"name": "files"}
    assert tools["pdf"]["skill"] == {"name": "pdf", "version": "1.2"}  # the contract's
    assert tools["read_file"]["approvalFlow"] == "desktop-dialog"
    assert tools["read_file"]["permissions"] == {"sandbox": "none", "network": False}
    assert tools["write_file"]["permissions"] == {"fs": "write", "sandbox": "workspace"}
    assert tools["read_file"]["telemetry"] == {"category": "fs", "trackArgs": ["path", "limit"]}
    assert tools["write_file"]["telemetry"] == {"category": "fs-write", "trackArgs": ["path"]}
    set_at = view.set_at["read_file"]
    assert (set_at["skill"].line, set_at["permissions"].line) == (9, 10)


def test_what_an_overlay_may_not_change_is_named_at_its_line(
    toolset: Toolset, tmp_path: Path
) -> None:
    text = """
        version: 1
        host: desktop
        exclude: [github::create_isue]
        tools:
          - match: write_file
            permissions: {fs: read, extra: 1}
          - match: read_file
            telemetry: {category: other, trackArgs: [pth]}
          - match: pdf
            skill: null
          - match: "nothing*"
            riskLevel: high
    """
    _, found = overlay(tmp_path, toolset, text)
    assert found == [
        "3:11: warning[TC174]: $.exclude[0]: 'github::create_isue' matches no tool (did you "
        "mean 'github::create_issue'?)",
        "6:19: error[TC175]: tool 'write_file': $.permissions.fs: permissions.fs is \"write\" "
        "in the contract (an overlay adds permission keys; it never changes the contract's)",
        "8:17: error[TC175]: tool 'read_file': $.telemetry.category: telemetry.category is "
        '"fs" in the contract (an overlay adds telemetry; it never changes the contract\'s '
        "category)",
        "8:46: error[TC121]: tool 'read_file': $.telemetry.trackArgs[0]: trackArgs names "
        "'pth', which is not a property of the tool's inputSchema (did you mean 'path'?)",
        "10:5: error[TC175]: tool 'pdf': $.skill: a tool of kind 'skill' keeps a skill on "
        "every host (link another skill ({name: …}), or leave the contract's)",
        "11:5: warning[TC174]: $.tools[3].match: 'nothing*' matches no tool (match canonical "
        "names (server::tool))",
    ]


def test_loosening_names_the_contract_value_and_what_may_be_written(
    toolset: Toolset, tmp_path: Path
) -> None:
    text = """
        version: 1
        host: desktop
        tools:
          - match: write_file
            riskLevel: low
          - match: read_file
            isReadOnly: false
    """
    _, found = overlay(tmp_path, toolset, text)
    assert found == [
        "5:5: error[TC172]: tool 'write_file': $.riskLevel: \"low\" is looser than the "
        'contract\'s "medium" (an overlay may only tighten safety: write "medium" or '
        '"high", or change the contract)',
        "7:5: error[TC120]: tool 'read_file': a tool that is not read-only is allowed in Plan "
        "Mode (a tool the host marks as writing leaves Plan Mode: add availableInPlanMode: "
        "false)",
    ]


def test_a_looser_decision_is_refused_where_no_single_field_loosens(
    toolset: Toolset, tmp_path: Path
) -> None:
    """write_file is denied in Plan Mode (no approval); asking for approval would let it run."""
    text = "version: 1\nhost: desktop\ntools:\n  - {match: pdf, requiresPlanApproval: true}\n"
    _, found = overlay(tmp_path, toolset, text)
    assert found == []  # pdf asks already (its default), nothing changes
    toolset_text = CONTRACTS.replace(
        "permissions: {fs: write}", "permissions: {fs: write}\n        requiresPlanApproval: false"
    )
    denied, _ = resolved(tmp_path / "d", toolset_text)
    text = (
        "version: 1\nhost: desktop\ntools:\n  - {match: write_file, requiresPlanApproval: true}\n"
    )
    _, found = overlay(tmp_path, denied, text)
    assert found == [
        "4:25: error[TC172]: tool 'write_file': the overlay makes the decision looser (plan: "
        "deny → ask) (an overlay may only tighten safety: leave these fields as the contract "
        "says)"
    ]


OVERLAY_CASES = {
    "TC171 schema keys": (
        "version: 1\nhost: desktop\ntools:\n  - match: read_file\n    inputSchema: {}\n"
        "    parameters: {}\n    outputSchema: {}\n",
        [
            "5:5: error[TC171]: $.tools[0].inputSchema: an overlay never sets 'inputSchema': "
            "every host sends the shared schema (change the schema in the contract; overlays "
            "add host fields only)",
            "6:5: error[TC171]: $.tools[0].parameters: an overlay never sets 'parameters': "
            "every host sends the shared schema (change the schema in the contract; overlays "
            "add host fields only)",
            "7:5: error[TC171]: $.tools[0].outputSchema: an overlay never sets 'outputSchema': "
            "every host sends the shared schema (change the schema in the contract; overlays "
            "add host fields only)",
        ],
    ),
    "TC110 did you mean": (
        "version: 1\nhost: desktop\ntools:\n  - match: x\n    riskLevle: high\n",
        [
            "5:5: error[TC110]: $.tools[0].riskLevle: unknown key 'riskLevle' (did you mean "
            "'riskLevel'?)"
        ],
    ),
    "TC110 a field no host sets": (
        "version: 1\nhost: desktop\ntools:\n  - match: x\n    description: Other.\n",
        [
            "5:5: error[TC110]: $.tools[0].description: unknown key 'description' (allowed "
            "keys: match, isReadOnly, riskLevel, availableInPlanMode, requiresPlanApproval, "
            "requiresConfirmation, approvalFlow, permissions, telemetry, skill, annotations)"
        ],
    ),
    "TC102 match": (
        "version: 1\nhost: desktop\ntools:\n  - riskLevel: high\n",
        ["4:5: error[TC102]: $.tools[0]: missing required key 'match'"],
    ),
    "TC104 risk": (
        "version: 1\nhost: desktop\ntools:\n  - {match: x, riskLevel: severe}\n",
        [
            '4:16: error[TC104]: $.tools[0].riskLevel: "severe" is not allowed here (use one '
            'of "low", "medium", "high")'
        ],
    ),
    "TC173 host and file": (
        "version: 1\nhost: laptop\n",
        [
            "2:1: error[TC173]: $.host: host 'laptop' is written in desktop.yaml (name the "
            "file laptop.yaml, or write host: desktop)"
        ],
    ),
    "TC105 version": (
        "version: 2\nhost: desktop\n",
        ["1:1: error[TC105]: $.version: unsupported contract version 2 (write 'version: 1')"],
    ),
}


@pytest.mark.parametrize("case", OVERLAY_CASES, ids=list(OVERLAY_CASES))
def test_overlay_file_checks(case: str, tmp_path: Path) -> None:
    text, expected = OVERLAY_CASES[case]
    assert checked(tmp_path, text) == expected


def test_a_windows_device_name_is_no_host(tmp_path: Path) -> None:
    assert checked(tmp_path, "version: 1\nhost: con\n", stem="con") == [
        "2:1: error[TC106]: $.host: host name 'con' is a reserved device name on Windows "
        "(choose another name; hosts/<host>/ would break there)"
    ]


def test_overlay_fields_are_defined_as_the_contract_defines_them() -> None:
    """One meaning per field: the overlay schema's host fields are the contract's."""
    from generator.contracts.check import contract_schema

    defs = _undocumented(contract_schema()["$defs"])
    entry = _undocumented(overlay_schema()["$defs"]["entry"]["properties"])
    for key in ("isReadOnly", "riskLevel", "availableInPlanMode", "requiresPlanApproval"):
        assert entry[key] == defs[key]
    assert entry["telemetry"]["properties"] == defs["telemetry"]["properties"]
    assert entry["annotations"]["properties"] == defs["annotations"]["properties"]
    skill = {**defs["skill"], "properties": {**defs["skill"]["properties"], "name": defs["name"]}}
    assert entry["skill"] == skill


def _undocumented(schema: Any) -> Any:
    """A schema without its descriptions (each file explains a field its own way)."""
    if isinstance(schema, dict):
        return {k: _undocumented(v) for k, v in schema.items() if k != "description"}
    return schema


# ---- the config key and a run ------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch) -> Project:
    found = Project(tmp_path, capsys, mp)
    found.write("contracts/core.yaml", dedent(CONTRACTS))
    found.write("toolcanon.yaml", "contracts: contracts\noutput: generated\nhosts: hosts\n")
    found.write("hosts/desktop.yaml", "version: 1\nhost: desktop\n")
    return found


@pytest.fixture
def mp(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    return monkeypatch


def test_validate_reports_an_overlay_problem_and_exits_2(project: Project) -> None:
    project.write("hosts/desktop.yaml", "version: 1\nhost: desktop\ntools:\n  - {match: pdf}\n")
    assert project.run("validate").code == 0
    project.write(
        "hosts/desktop.yaml",
        "version: 1\nhost: desktop\ntools:\n  - {match: write_file, riskLevel: low}\n",
    )
    result = project.run("validate", "--format", "json")
    assert result.code == 2
    found = json.loads(result.out)
    assert [(d["file"], d["line"], d["code"]) for d in found] == [
        ("hosts/desktop.yaml", 4, "TC172")
    ]


def test_the_hosts_folder_must_exist_and_not_be_the_contracts(project: Project) -> None:
    project.write("toolcanon.yaml", "hosts: missing\n")
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:1:1: error[TC050]: hosts directory 'missing' does not exist (create it "
        "(one hosts/<host>.yaml per host), or remove 'hosts')"
    ]
    project.write("toolcanon.yaml", "hosts: contracts\n")
    result = project.run("validate")
    assert result.code == 2
    assert "hosts directory 'contracts' is the contracts folder" in result.err


def test_overlays_inside_the_contracts_folder_are_not_read_as_contracts(
    project: Project,
) -> None:
    project.write("toolcanon.yaml", "hosts: contracts/hosts\ntargets: [canonical]\n")
    project.write("contracts/hosts/desktop.yaml", "version: 1\nhost: desktop\n")
    assert project.run("validate").code == 0
    assert project.run("generate").code == 0
    assert (project.generated / "hosts" / "desktop" / "tools.json").is_file()
    written = json.loads((project.generated / "manifest.json").read_text("utf-8"))
    overlay = (project.contracts / "hosts" / "desktop.yaml").read_bytes()
    assert written["hosts"] == {"contracts/hosts/desktop.yaml": hashlib.sha256(overlay).hexdigest()}
    assert "hosts/desktop.yaml" not in written["contracts"]
    project.write("toolcanon.yaml", "targets: [canonical]\n")  # no hosts: a contract
    result = project.run("validate")
    assert result.code == 2 and "contracts/hosts/desktop.yaml" in result.err


def test_an_edited_overlay_makes_check_stale(project: Project) -> None:
    """The fast path (this machine's record) covers the overlays too."""
    assert project.run("generate").code == 0
    assert project.run("check").code == 0
    project.write(
        "hosts/desktop.yaml",
        "version: 1\nhost: desktop\ntools:\n  - {match: pdf, requiresConfirmation: true}\n",
    )
    assert project.run("check").code == 1


def test_list_filters_by_kind_and_shows_a_hosts_view(project: Project) -> None:
    project.write(
        "hosts/desktop.yaml",
        "version: 1\nhost: desktop\nexclude: [write_file]\ntools:\n"
        "  - {match: read_file, skill: {name: reader}}\n",
    )
    skills = project.run("list", "--kind", "skill")
    assert skills.code == 0
    assert [line.split()[0] for line in skills.out.splitlines()] == ["name", "pdf"]
    assert skills.out.splitlines()[1].split()[-1] == "pdf"  # the skill column
    desktop = project.run("list", "--host", "desktop")
    rows = {line.split()[0]: line.split()[-1] for line in desktop.out.splitlines()[1:]}
    assert rows == {"pdf": "pdf", "read_file": "reader"}
    shared = project.run("list")
    assert "write_file" in shared.out and "reader" not in shared.out
    unknown = project.run("list", "--host", "laptop")
    assert unknown.code == 2
    assert unknown.diagnostics == [
        "<command line>:1:1: error[TC000]: unknown host 'laptop' (hosts: desktop)"
    ]


def test_the_catalogue_shows_skills_and_what_each_host_changes(
    toolset: Toolset, tmp_path: Path
) -> None:
    from dataclasses import replace

    from generator.emit.docs.catalogue import host_notes, skill_text

    text = (
        "version: 1\nhost: desktop\nexclude: [github::create_issue]\n"
        "tools:\n  - {match: read_file, requiresConfirmation: true}\n"
    )
    view, _ = overlay(tmp_path, toolset, text)
    notes = host_notes(replace(toolset, hosts=(view,)))
    assert notes == {
        "github::create_issue": (("desktop", "not offered"),),
        "read_file": (("desktop", "`requiresConfirmation` `true`"),),
    }
    pdf = next(tool for tool in toolset if tool.name == "pdf")
    assert skill_text(pdf.skill) == "`pdf` · version 1.2"
    assert skill_text(None) == ""
