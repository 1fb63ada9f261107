"""clients/check.py: each client limit as a warning at the contract line it is about,
with the exact message; a project without ``clients`` gets none of them."""

from __future__ import annotations

from tests.conftest import Project

CODES = ("TC600", "TC601", "TC602", "TC603")


def _tool(name: str, *, extra: str = "", properties: str = "{}") -> str:
    return f"""
  - name: {name}
    description: A tool.
    riskLevel: low
    isReadOnly: true{extra}
    inputSchema: {{type: object, properties: {properties}}}"""


def _validate(project: Project, clients: str, contract: str, *flags: str) -> list[str]:
    """The client diagnostics of ``validate`` on one contract, with ``clients`` set."""
    config = "targets: [mcp, gemini]\n" + (f"clients: {clients}\n" if clients else "")
    project.write("toolcanon.yaml", config)
    project.write("contracts/gh.yaml", contract)
    result = project.run("validate", *flags)
    assert result.code == (2 if "--strict" in flags else 0), result.err
    return [line for line in result.diagnostics if any(f"[{code}]" in line for code in CODES)]


def _server(*tools: str, server: str = "gh") -> str:
    return f"version: 1\nserver: {server}\ntools:" + "".join(tools) + "\n"


def test_cursor_counts_server_and_tool_name_together_and_takes_59(project: Project) -> None:
    found = _validate(project, "[cursor]", _server(_tool("a" * 57), _tool("b" * 58)))
    assert found == [
        f"contracts/gh.yaml:9:5: warning[TC600]: tool 'gh::{'b' * 58}': $.name: Cursor calls"
        f" this tool 'gh{'b' * 58}' (server 'gh' of mcp/gh.json): 60 characters, more than the"
        " 59 Cursor takes (shorten the tool's name, or register the server under a shorter"
        " name than 'gh'; server name and tool name together under 60 characters: Cursor"
        " filters out a tool whose combined length is 60 or more (source:"
        " https://github.com/ComposioHQ/composio/issues/2788))",
    ]


def test_claude_code_prefixes_mcp_and_the_server_and_takes_64(project: Project) -> None:
    found = _validate(project, "[claude-code]", _server(_tool("a" * 55), _tool("b" * 56)))
    assert found == [
        f"contracts/gh.yaml:9:5: warning[TC600]: tool 'gh::{'b' * 56}': $.name: Claude Code"
        f" calls this tool 'mcp__gh__{'b' * 56}' (server 'gh' of mcp/gh.json): 65 characters,"
        " more than the 64 Claude Code takes (shorten the tool's name, or register the server"
        " under a shorter name than 'gh'; Claude Code names a server's tool"
        " mcp__<server>__<tool>, and the Claude API takes tool names of at most 64"
        " characters (source: https://github.com/cloudflare/skills/issues/11))",
    ]


def test_copilot_cli_joins_with_a_dash_and_refuses_dots(project: Project) -> None:
    short = "\n    providerName: short"  # gh__ and 61 characters would be too long for OpenAI
    contract = _server(_tool("a" * 61, extra=short), _tool("b" * 62, extra=short + "2"))
    contract += _tool("files.read")[1:] + "\n"
    found = _validate(project, "[copilot-cli]", contract)
    rule = (
        "the name <server>-<tool> holds only letters, digits, '_' and '-' (the API checks"
        " it against ^[a-zA-Z0-9_-]{1,128}$)"
    )
    assert found == [
        f"contracts/gh.yaml:10:5: warning[TC600]: tool 'gh::{'b' * 62}': $.name: Copilot CLI"
        f" calls this tool 'gh-{'b' * 62}' (server 'gh' of mcp/gh.json): 65 characters, more"
        " than the 64 Copilot CLI takes (shorten the tool's name, or register the server under"
        " a shorter name than 'gh'; Copilot CLI names a server's tool <server>-<tool>; with"
        " Claude models the name may hold at most 64 characters (source:"
        " https://github.com/microsoft/mcp/issues/842))",
        "contracts/gh.yaml:16:5: warning[TC601]: tool 'gh::files.read': $.name: Copilot CLI"
        f" calls this tool 'gh-files.read' (server 'gh' of mcp/gh.json), which Copilot CLI"
        f" refuses: {rule} (rename the tool, or register the server under a name other than"
        " 'gh' (source: https://github.com/github/copilot-cli/issues/1879))",
    ]


def test_a_builtin_tool_is_counted_with_the_builtin_server(project: Project) -> None:
    contract = "version: 1\ntools:" + _tool("c" * 56) + "\n"
    found = _validate(project, "[cursor]", contract)
    assert [line.split(": warning")[0] for line in found] == ["contracts/gh.yaml:3:5"]
    assert "calls this tool 'builtin" + "c" * 56 + "' (server 'builtin' of mcp/builtin.json)" in (
        found[0]
    )


def test_claude_desktop_takes_snake_or_kebab_case_names(project: Project) -> None:
    found = _validate(project, "[claude-desktop]", _server(_tool("read-file"), _tool("a.b")))
    assert found == [
        "contracts/gh.yaml:9:5: warning[TC601]: tool 'gh::a.b': $.name: Claude Desktop calls"
        " this tool 'a.b', which Claude Desktop refuses: tool names of at most 64 characters,"
        " snake or kebab case (letters, digits, '_', '-') (rename the tool (source:"
        " https://github.com/anthropics/claude-plugins-official/blob/main/plugins/"
        "mcp-server-dev/skills/build-mcp-app/references/directory-checklist.md))",
    ]


GENAI = "https://github.com/googleapis/python-genai/blob/main/google/genai/types.py"


def test_gemini_parameter_names_are_found_at_their_key(project: Project) -> None:
    properties = f"{{ok_1: {{}}, 9th: {{}}, a-b: {{}}, {'p' * 64}: {{}}, {'q' * 65}: {{}}}}"
    found = _validate(project, "[gemini]", _server(_tool("t", properties=properties)))
    rule = (
        "a parameter name starts with a letter or '_', then letters, digits and '_', at most"
        " 64 characters"
    )
    lines = [line.split(": warning[TC602]: ")[0] for line in found]
    assert lines == ["contracts/gh.yaml:8:56", "contracts/gh.yaml:8:65", "contracts/gh.yaml:8:144"]
    assert found[0] == (
        "contracts/gh.yaml:8:56: warning[TC602]: tool 'gh::t': $.inputSchema.properties['9th']:"
        f" Gemini refuses the parameter name '9th': {rule} (rename the parameter (source:"
        f" {GENAI}))"
    )
    assert f"properties.{'q' * 65}: Gemini refuses the parameter name '{'q' * 65}'" in found[2]


def _many(count: int, *, plan: int | None = None) -> str:
    """``count`` read-only tools; with ``plan``, Plan Mode denies all but the first ``plan``."""
    denied = "\n    requiresPlanApproval: false"
    tools = [
        _tool(f"t{n:03}", extra=denied if plan is not None and n >= plan else "")
        for n in range(count)
    ]
    return _server(*tools)


def test_copilot_chat_takes_128_tools_in_one_request(project: Project) -> None:
    assert _validate(project, "[copilot-chat]", _many(128)) == []
    found = _validate(project, "[cursor, copilot-chat]", _many(129, plan=3))
    assert found == [
        "toolcanon.yaml:2:19: warning[TC603]: Copilot Chat takes at most 128 tools in one"
        " request; the mode lists hold more ('default' 129, 'auto' 129), counting every"
        " server's tools (offer fewer tools in those modes (a host overlay selects tools),"
        " or connect fewer servers at once (source:"
        " https://github.com/microsoft/vscode/issues/256629))",
    ]


def test_a_host_list_over_the_limit_is_named(project: Project) -> None:
    project.write("hosts/ide.yaml", "version: 1\nhost: ide\nexclude: [gh::t000]\n")
    config_line = "hosts: hosts\n"
    project.write("toolcanon.yaml", f"targets: [mcp]\n{config_line}clients: [copilot-chat]\n")
    project.write("contracts/gh.yaml", _many(130))
    result = project.run("validate")
    assert result.code == 0, result.err
    assert [line.split(" hold more ")[0] for line in result.diagnostics] == [
        "toolcanon.yaml:3:11: warning[TC603]: Copilot Chat takes at most 128 tools in one"
        " request; the mode lists",
        "toolcanon.yaml:3:11: warning[TC603]: Copilot Chat takes at most 128 tools in one"
        " request; the mode lists of host 'ide'",
    ]
    assert "('plan' 130, 'default' 130, 'auto' 130)" in result.diagnostics[0]
    assert "('plan' 129, 'default' 129, 'auto' 129)" in result.diagnostics[1]


def test_warnings_fail_the_run_under_strict(project: Project) -> None:
    found = _validate(project, "[cursor]", _server(_tool("b" * 58)), "--strict")
    assert [line.split(": tool")[0] for line in found] == [
        "contracts/gh.yaml:4:5: warning[TC600]",
    ]


def test_a_project_without_clients_gets_none_of_them(project: Project) -> None:
    long = _tool("b" * 62, extra="\n    providerName: long", properties="{9th: {}}")
    contract = _server(long, _tool("files.read"), server="a.b")
    many = _many(129)
    assert _validate(project, "", contract) == []
    assert _validate(project, "", many) == []
    assert _validate(project, "[]", contract) == []
