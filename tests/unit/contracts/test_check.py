"""contracts/check.py: every rule's exact message, code, place, tool and path.

Each case is one small contract and the exact diagnostics ``check_file`` gives it, one
line each as the reporter prints them (``line:column: label[code]: tool: path: message
(hint)``), so the case reads like what a person sees.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.contracts.check import check_file, check_files, windows_device_name
from generator.core.diagnostics import Diagnostic, Severity
from generator.core.report import diagnostic_line, format_text
from tests.toolsets import contract

TOOL = """\
version: 1
tools:
  - name: x
    description: X.
    riskLevel: low
    inputSchema: {type: object, properties: {path: {}}}
"""
NAME_HINT = "use letters, digits, '_', '.' and '-' (at most 64, not starting with '.' or '-')"
DEVICE_HINT = "choose another name; it would break file paths there"
TOOL_KEYS = (
    "name, providerName, title, description, kind, source, category, inputSchema, "
    "outputSchema, isReadOnly, riskLevel, permissions, telemetry, availableInPlanMode, "
    "requiresPlanApproval, requiresConfirmation, approvalFlow, planModeWrites, skill, strict, "
    "targets, examples, icons, deferLoading, allowedCallers, namespace, annotations, "
    "submission, suggested"
)
NO_PLAN_APPROVAL = "a tool allowed in Plan Mode needs no plan approval: drop one of them"
PLAN_WRITES = "set isReadOnly: true, or acknowledge with planModeWrites: true"
WARNINGS = {"TC301", "TC302", "TC303"}


def lines(diagnostics: list[Diagnostic]) -> list[str]:
    """The diagnostics of ``c.yaml`` as text lines, without the file name."""
    for d in diagnostics:
        assert (d.severity is Severity.WARNING) == (d.code in WARNINGS), d
    text = [format_text(diagnostic_line(d)) for d in diagnostics]
    return [line.removeprefix("c.yaml:") for line in text]


def checked(folder: Path, text: str) -> list[str]:
    return lines(check_file(contract(folder, text)))


CASES: dict[str, tuple[str, list[str]]] = {
    "valid": (
        TOOL,
        [],
    ),
    "TC100 not a mapping": (
        "- a\n",
        [
            "1:1: error[TC100]: a contract file must be a mapping, not a list (start the file"
            " with 'version: 1' and a 'tools:' list)",
        ],
    ),
    "TC101 parameters written": (
        TOOL + "    parameters: {type: object}\n",
        [
            "7:5: error[TC101]: tool 'x': $.parameters: 'parameters' is generated from "
            "inputSchema and must not be written (move the schema to inputSchema and delete "
            "parameters)",
        ],
    ),
    "TC102 tool without inputSchema": (
        "version: 1\ntools:\n  - name: x\n",
        [
            "3:5: error[TC102]: tool 'x': missing required key 'inputSchema' (add an "
            "inputSchema (type: object))",
        ],
    ),
    "TC102 file without version": (
        "tools: []\n",
        [
            "1:1: error[TC102]: missing required key 'version' (write 'version: 1' at the top)",
        ],
    ),
    "TC102 and TC103 tools without a name are named by place": (
        "version: 1\ntools:\n  - description: X.\n    inputSchema: {type: object}\n  - 5\n",
        [
            "3:5: error[TC102]: tool '#1': missing required key 'name' (give the tool a name)",
            "5:5: error[TC103]: tool '#2': expected an object, got an integer",
        ],
    ),
    "TC103 YAML 1.2 'yes' is a string": (
        TOOL + "    isReadOnly: yes\n",
        [
            "7:5: error[TC103]: tool 'x': $.isReadOnly: expected a boolean (true or false), "
            "got a string",
        ],
    ),
    "TC103 tools not a list": (
        "version: 1\ntools: {}\n",
        [
            "2:1: error[TC103]: $.tools: expected a list, got an object",
        ],
    ),
    "TC104 value outside the enum": (
        TOOL.replace("riskLevel: low", "riskLevel: extreme"),
        [
            "5:5: error[TC104]: tool 'x': $.riskLevel: \"extreme\" is not allowed here (use one"
            ' of "low", "medium", "high")',
        ],
    ),
    "TC105 version": (
        "version: 2\ntools: []\n",
        [
            "1:1: error[TC105]: $.version: unsupported contract version 2 (write 'version: 1')",
        ],
    ),
    "TC106 tool name": (
        TOOL.replace("name: x", "name: ../x"),
        [
            "3:5: error[TC106]: tool '../x': $.name: tool name \"../x\" is not a valid MCP name"
            " (use letters, digits, '_', '.' and '-' (at most 64, not starting with '.' or "
            "'-'))",
        ],
    ),
    "TC106 server name": (
        "version: 1\nserver: 'a b'\ntools: []\n",
        [
            '2:1: error[TC106]: $.server: server name "a b" is not a valid MCP name (use '
            "letters, digits, '_', '.' and '-' (at most 64, not starting with '.' or '-'))",
        ],
    ),
    "TC106 providerName": (
        TOOL + "    providerName: a.b\n",
        [
            "7:5: error[TC106]: tool 'x': $.providerName: providerName \"a.b\" is not valid for"
            " OpenAI and Claude (use 1 to 64 of: letters, digits, '_' and '-')",
        ],
    ),
    "TC106 kind": (
        TOOL + "    kind: Builtin\n",
        [
            "7:5: error[TC106]: tool 'x': $.kind: \"Builtin\" does not match "
            "^[a-z][a-z0-9-]{0,31}$ (use lowercase letters, digits and '-', e.g. builtin, "
            "mcp, computer-use)",
        ],
    ),
    "TC106 Windows device tool name": (
        TOOL.replace("name: x", "name: nul.txt"),
        [
            "3:5: error[TC106]: tool 'nul.txt': $.name: name 'nul.txt' is a reserved device "
            "name on Windows (choose another name; it would break file paths there)",
        ],
    ),
    "TC106 Windows device server name": (
        "version: 1\nserver: COM1\ntools: []\n",
        [
            "2:1: error[TC106]: $.server: name 'COM1' is a reserved device name on Windows "
            "(choose another name; it would break file paths there)",
        ],
    ),
    "TC107 empty title": (
        TOOL + "    title: ''\n",
        [
            "7:5: error[TC107]: tool 'x': $.title: must not be empty",
        ],
    ),
    "TC108 trackArgs twice": (
        TOOL + "    telemetry: {trackArgs: [path, path]}\n",
        [
            "7:17: error[TC108]: tool 'x': $.telemetry.trackArgs: lists the same name twice "
            "(list each name once)",
        ],
    ),
    "TC110 unknown key with a suggestion": (
        TOOL + "    riskLevle: low\n",
        [
            "7:5: error[TC110]: tool 'x': $.riskLevle: unknown key 'riskLevle' (did you mean "
            "'riskLevel'?)",
        ],
    ),
    "TC110 unknown key without a suggestion": (
        TOOL + "    zzz: 1\n",
        [
            f"7:5: error[TC110]: tool 'x': $.zzz: unknown key 'zzz' (allowed keys: {TOOL_KEYS})",
        ],
    ),
    "TC110 unknown top-level key": (
        "version: 1\ntools: []\nextra: 1\n",
        [
            "3:1: error[TC110]: $.extra: unknown key 'extra' (allowed keys: version, server, "
            "defaults, tools)",
        ],
    ),
    "TC120 plan mode and plan approval": (
        TOOL
        + "    isReadOnly: true\n    availableInPlanMode: true\n    requiresPlanApproval: true\n",
        [
            "9:5: error[TC120]: tool 'x': $.requiresPlanApproval: availableInPlanMode and "
            "requiresPlanApproval are both true (a tool allowed in Plan Mode needs no plan "
            "approval: drop one of them)",
        ],
    ),
    "TC120 writing tool in plan mode": (
        TOOL + "    availableInPlanMode: true\n",
        [
            "7:5: error[TC120]: tool 'x': $.availableInPlanMode: a tool that is not read-only"
            " is allowed in Plan Mode (set isReadOnly: true, or acknowledge with "
            "planModeWrites: true)",
        ],
    ),
    "TC120 from file defaults is reported at the tool": (
        "version: 1\ndefaults: {availableInPlanMode: true}\n" + TOOL.split("\n", 1)[1],
        [
            "4:5: error[TC120]: tool 'x': a tool that is not read-only is allowed in Plan "
            "Mode (set isReadOnly: true, or acknowledge with planModeWrites: true)",
        ],
    ),
    "TC120 read-only and destructive": (
        TOOL + "    isReadOnly: true\n    annotations: {destructiveHint: true}\n",
        [
            "8:5: error[TC120]: tool 'x': $.annotations: a read-only tool is marked "
            "destructiveHint: true (remove destructiveHint or set isReadOnly: false)",
        ],
    ),
    "TC121 trackArgs not a property": (
        TOOL + "    telemetry: {trackArgs: [pth, zzz]}\n",
        [
            "7:29: error[TC121]: tool 'x': $.telemetry.trackArgs[0]: trackArgs names 'pth', "
            "which is not a property of inputSchema (did you mean 'path'?)",
            "7:34: error[TC121]: tool 'x': $.telemetry.trackArgs[1]: trackArgs names 'zzz', "
            "which is not a property of inputSchema (list only properties of inputSchema)",
        ],
    ),
    "TC125 skill tool without a skill": (
        TOOL + "    kind: skill\n",
        [
            "3:5: error[TC125]: tool 'x': a tool of kind 'skill' names no skill (add skill: "
            "{name: <the skill's name>} (version and path are optional))",
        ],
    ),
    "TC125 skill tool with skill null": (
        TOOL + "    kind: skill\n    skill: null\n",
        [
            "8:5: error[TC125]: tool 'x': $.skill: a tool of kind 'skill' names no skill "
            "(add skill: {name: <the skill's name>} (version and path are optional))",
        ],
    ),
    "TC106 skill name": (
        TOOL + "    kind: skill\n    skill: {name: 'bad name'}\n",
        [
            "8:13: error[TC106]: tool 'x': $.skill.name: skill name \"bad name\" is not a "
            f"valid MCP name ({NAME_HINT})",
        ],
    ),
    "TC110 skill unknown key": (
        TOOL + "    skill: {name: pdf, verison: '1'}\n",
        [
            "7:24: error[TC110]: tool 'x': $.skill.verison: unknown key 'verison' (did you "
            "mean 'version'?)",
        ],
    ),
    "TC301 and TC302 silent tool": (
        "version: 1\ntools:\n  - name: x\n    inputSchema: {type: object}\n",
        [
            "3:5: warning[TC301]: tool 'x': tool has no description (models choose tools by "
            "their description: write one)",
            "3:5: warning[TC302]: tool 'x': tool has no riskLevel, so it is treated as high "
            "risk (set riskLevel: low, medium or high)",
        ],
    ),
    "TC302 not for a riskLevel from defaults": (
        "version: 1\ndefaults: {riskLevel: low}\n"
        "tools:\n  - name: x\n    description: X.\n    inputSchema: {type: object}\n",
        [],
    ),
    "TC303 imported tool with a suggested block": (
        "version: 1\ntools:\n  - name: x\n    description: X.\n"
        "    suggested: {isReadOnly: true, riskLevel: low, availableInPlanMode: true}\n"
        "    inputSchema: {type: object}\n",
        [
            "5:5: warning[TC303]: tool 'x': $.suggested: imported tool is unreviewed: it runs "
            "with isReadOnly: false, riskLevel: high, availableInPlanMode: false, "
            "requiresPlanApproval: true until a person decides (its source suggests "
            "isReadOnly: true, riskLevel: low, availableInPlanMode: true: write the fields you "
            "agree with on the tool, then delete the suggested: block)",
        ],
    ),
    "TC303 says what the tool runs with, the file's defaults included": (
        "version: 1\ndefaults: {riskLevel: medium}\ntools:\n  - name: x\n    description: X.\n"
        "    isReadOnly: true\n    suggested: {}\n    inputSchema: {type: object}\n",
        [
            "7:5: warning[TC303]: tool 'x': $.suggested: imported tool is unreviewed: it runs "
            "with isReadOnly: true, riskLevel: medium, availableInPlanMode: false, "
            "requiresPlanApproval: true until a person decides (write isReadOnly, riskLevel and "
            "availableInPlanMode on the tool, then delete the suggested: block)",
        ],
    ),
    "TC110 a suggested block holds only safety fields": (
        "version: 1\ntools:\n  - name: x\n    description: X.\n    riskLevel: low\n"
        "    suggested: {kind: builtin}\n    inputSchema: {type: object}\n",
        [
            "6:17: error[TC110]: tool 'x': $.suggested.kind: unknown key 'kind' (allowed keys: "
            "isReadOnly, riskLevel, availableInPlanMode, requiresPlanApproval, "
            "requiresConfirmation, approvalFlow, planModeWrites, annotations)",
        ],
    ),
    "semantic rules wait until the fields have the right types": (
        "version: 1\ndefaults: {riskLevel: 7}\n"
        "tools:\n  - name: x\n    inputSchema: {type: object}\n",
        [
            "2:12: error[TC104]: $.defaults.riskLevel: 7 is not allowed here (use one of "
            '"low", "medium", "high")',
        ],
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_rule(case: str, tmp_path: Path) -> None:
    text, expected = CASES[case]
    assert checked(tmp_path, text) == expected


def test_schema_rules_run_for_a_tool_whose_fields_are_broken(tmp_path: Path) -> None:
    text = TOOL.replace("{type: object, properties: {path: {}}}", "{type: array}")
    found = check_file(contract(tmp_path, text + "    riskLevel2: 1\n"))
    assert [d.code for d in found] == ["TC110", "TC204"]


def test_trackargs_from_defaults_names_the_tool_that_lacks_the_property(tmp_path: Path) -> None:
    text = (
        "version: 1\ndefaults: {telemetry: {trackArgs: [q]}}\ntools:\n"
        "  - name: has\n    description: H.\n    riskLevel: low\n"
        "    inputSchema: {type: object, properties: {q: {}}}\n"
        "  - name: lacks\n    description: L.\n    riskLevel: low\n"
        "    inputSchema: {type: object}\n"
    )
    (found,) = check_file(contract(tmp_path, text))
    assert found.code == "TC121"
    assert found.tool == "lacks" or "lacks" in found.message


def test_a_name_used_twice_across_files_is_tc130_at_the_later_one(tmp_path: Path) -> None:
    first = contract(tmp_path, TOOL, "a.yaml")
    second = TOOL.replace("name: x", "name: y") + TOOL.split("tools:\n")[1]
    later = contract(tmp_path, second, "b/b.yaml")
    tc130 = [d for d in check_files([first, later]) if d.code == "TC130"]
    assert [format_text(diagnostic_line(d)) for d in tc130] == [
        "b/b.yaml:7:5: error[TC130]: tool 'x': $.name: tool name 'x' is already used "
        "(first defined at a.yaml:3:5; rename one)"
    ]


def test_one_name_in_two_servers_is_two_tools(tmp_path: Path) -> None:
    files = [
        contract(tmp_path, TOOL.replace("tools:", "server: a\ntools:"), "a.yaml"),
        contract(tmp_path, TOOL.replace("tools:", "server: b\ntools:"), "b.yaml"),
        contract(tmp_path, TOOL, "c.yaml"),
    ]
    assert check_files(files) == []


@pytest.mark.parametrize(
    ("name", "reserved"),
    [("con", True), ("NUL.json", True), ("lpt9", True), ("com0", False), ("console", False)],
)
def test_windows_device_names(name: str, reserved: bool) -> None:
    assert windows_device_name(name) is reserved
