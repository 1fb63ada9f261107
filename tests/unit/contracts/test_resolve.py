"""resolve: checked files → the frozen, sorted Toolset, and the name problems TC140 to TC142."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.contracts.resolve import resolve
from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.ir.model import ToolDescriptor, Toolset
from tests.toolsets import contracts, resolved, toolset

GITHUB = """
version: 1
server: gh
defaults:
  riskLevel: low
  category: vcs
  annotations: {idempotentHint: true}
tools:
  - name: list
    description: List.
    isReadOnly: true
    inputSchema: {type: object}
  - name: merge
    description: Merge.
    category: own
    annotations: {openWorldHint: false}
    inputSchema: {type: object}
"""
BUILTIN = """
version: 1
tools:
  - name: zeta
    description: Z.
    riskLevel: low
    inputSchema: {type: object}
  - name: alpha
    inputSchema:
      type: object
      properties: {q: {type: string}}
"""


def by_name(found: Toolset) -> dict[str, ToolDescriptor]:
    return {tool.name: tool for tool in found}


def test_tools_are_sorted_by_canonical_name_across_files(tmp_path: Path) -> None:
    found = toolset(tmp_path, {"z.yaml": BUILTIN, "a.yaml": GITHUB})
    assert [tool.name for tool in found] == ["alpha", "gh::list", "gh::merge", "zeta"]
    assert [source.path for source in found.sources] == ["a.yaml", "z.yaml"]
    assert found.servers() == ("gh",)


def test_file_defaults_apply_and_a_tool_overrides_them_field_by_field(tmp_path: Path) -> None:
    tools = toolset(tmp_path, GITHUB).tools
    listed, merge = tools
    assert (listed.category, listed.risk_level) == ("vcs", "low")
    assert (merge.category, merge.risk_level) == ("own", "low")
    assert (listed.kind, listed.source, listed.tool_name, listed.server) == (
        "mcp",
        "mcp:gh",
        "list",
        "gh",
    )
    # annotations is one field: a tool's own replaces the file's, it is not merged key by key
    assert (listed.idempotent_hint, listed.open_world_hint) == (True, True)
    assert (merge.idempotent_hint, merge.open_world_hint) == (False, False)


def test_a_silent_tool_gets_every_policy_default(tmp_path: Path) -> None:
    alpha = toolset(tmp_path, BUILTIN).tools[0]
    fields = {f.name: getattr(alpha, f.name) for f in dataclasses.fields(alpha) if f.init}
    assert fields | {"where": None, "input_schema": None} == {
        "name": "alpha",
        "tool_name": "alpha",
        "server": None,
        "provider_name": "alpha",
        "title": "alpha",
        "description": "",
        "kind": "builtin",
        "source": "contract",
        "category": "general",
        "input_schema": None,
        "output_schema": None,
        "is_read_only": False,
        "risk_level": "high",
        "permissions": {},
        "telemetry": {},
        "available_in_plan_mode": False,
        "requires_plan_approval": True,
        "requires_confirmation": False,
        "approval_flow": "standard",
        "skill": None,
        "strict": False,
        "examples": (),
        "icons": (),
        "targets": {"exclude": ()},
        "destructive_hint": True,
        "idempotent_hint": False,
        "open_world_hint": True,
        "submission": None,  # nothing for the ChatGPT submission form
        "where": None,
        "defer_loading": None,  # absent: the provider's own default
        "allowed_callers": None,
        "namespace": None,
        "floors": {},  # no policy set anything
    }


def test_strict_default_applies_to_tools_that_do_not_say(tmp_path: Path) -> None:
    text = BUILTIN.replace("  - name: alpha\n", "  - name: alpha\n    strict: false\n")
    found = by_name(toolset(tmp_path, text, strict_default=True))
    assert (found["alpha"].strict, found["zeta"].strict) == (False, True)


def test_the_ir_is_frozen_all_the_way_down(tmp_path: Path) -> None:
    text = BUILTIN.replace(
        "inputSchema:\n      type", "permissions: {a: [1]}\n    inputSchema:\n      type"
    )
    found = toolset(tmp_path, text)
    alpha = found.tools[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        alpha.title = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        alpha.input_schema["properties"]["q"]["type"] = "integer"
    with pytest.raises(TypeError):
        alpha.permissions["b"] = 1
    assert alpha.permissions["a"] == (1,)
    with pytest.raises(TypeError):
        alpha.where.positions[("x",)] = (1, 1)  # type: ignore[index]
    assert isinstance(found.tools, tuple) and isinstance(found.sources, tuple)
    assert alpha.parameters is alpha.input_schema


def test_resolving_does_not_change_the_loaded_data(tmp_path: Path) -> None:
    files = contracts(tmp_path, {"c.yaml": GITHUB})
    before = repr(files[0].data)
    resolve(files, strict_default=False)
    assert repr(files[0].data) == before


def test_where_locates_own_keys_file_defaults_and_else_the_name(tmp_path: Path) -> None:
    listed, merge = toolset(tmp_path, GITHUB).tools

    def here(line: int, column: int) -> Position:
        return Position("c.yaml", line, column)

    assert listed.origin == here(8, 5)  # "name:" of the first tool
    assert listed.where.locate(("isReadOnly",)) == here(10, 5)
    assert listed.where.locate(("riskLevel",)) == here(4, 3)  # from defaults:
    assert listed.where.locate(("annotations", "idempotentHint")) == here(6, 17)
    assert merge.where.locate(("category",)) == here(14, 5)  # its own, not the file's
    assert merge.where.locate(("approvalFlow",)) == merge.origin == here(12, 5)  # silent
    assert listed.where.locate(("inputSchema", "properties", "nothing")) == here(11, 5)


def test_origin_of_a_later_tool_points_at_its_own_name(tmp_path: Path) -> None:
    alpha, zeta = toolset(tmp_path, BUILTIN).tools
    assert (alpha.origin, zeta.origin) == (Position("c.yaml", 7, 5), Position("c.yaml", 3, 5))


def test_provider_name_over_64_characters_is_tc140(tmp_path: Path) -> None:
    name = "n" * 62
    text = f"version: 1\nserver: srv\ntools:\n  - name: {name}\n    inputSchema: {{type: object}}\n"
    found, diagnostics = resolved(tmp_path, text)
    (problem,) = [d for d in diagnostics if d.code == "TC140"]
    assert problem == Diagnostic(
        Position("c.yaml", 4, 5),
        f"provider name 'srv__{name}' is 67 characters; OpenAI and Claude accept at most 64",
        "TC140",
        Severity.ERROR,
        tool=f"srv::{name}",
        path=("name",),
        hint="set a shorter providerName",
    )
    assert len(found) == 1  # resolve reports; the pipeline decides to stop


def test_two_tools_with_one_provider_name_is_tc141_on_the_later_one(tmp_path: Path) -> None:
    clash = "version: 1\ntools:\n  - name: gh__list\n    inputSchema: {type: object}\n"
    _, diagnostics = resolved(tmp_path, {"a.yaml": clash, "b.yaml": GITHUB})
    (problem,) = [d for d in diagnostics if d.code == "TC141"]
    # "gh::list" sorts before "gh__list" (':' < '_'), so the builtin tool is the later one
    assert problem == Diagnostic(
        Position("a.yaml", 3, 5),
        "provider name 'gh__list' is also the name of 'gh::list' (b.yaml:8)",
        "TC141",
        tool="gh__list",
        path=("name",),
        hint="set providerName on one of them",
    )


def test_an_explicit_provider_name_resolves_a_clash(tmp_path: Path) -> None:
    clash = (
        "version: 1\ntools:\n  - name: gh__list\n    providerName: builtin_list\n"
        "    inputSchema: {type: object}\n"
    )
    found, diagnostics = resolved(tmp_path, {"a.yaml": clash, "b.yaml": GITHUB})
    assert not [d for d in diagnostics if d.code.startswith("TC14")]
    assert by_name(found)["gh__list"].provider_name == "builtin_list"


def test_a_server_named_like_the_builtin_server_is_tc142(tmp_path: Path) -> None:
    _, diagnostics = resolved(tmp_path, GITHUB, builtin_server="gh")
    assert [d for d in diagnostics if d.code == "TC142"] == [
        Diagnostic(
            Position("c.yaml", 2, 1),
            "server name 'gh' is where builtin tools are listed for MCP (mcp/gh.json); "
            "the two listings would merge",
            "TC142",
            path=("server",),
            hint="rename the server, or set another builtin-server in the config",
        )
    ]
    _, none_reserved = resolved(tmp_path, GITHUB, builtin_server=None)
    assert not [d for d in none_reserved if d.code == "TC142"]


def test_same_files_in_any_order_give_the_same_toolset(tmp_path: Path) -> None:
    files = contracts(tmp_path, {"a.yaml": BUILTIN, "b.yaml": GITHUB})
    forward, _ = resolve(files, strict_default=False)
    backward, _ = resolve(reversed(files), strict_default=False)
    assert forward == backward


def test_the_tools_of_one_file_share_its_positions(tmp_path: Path) -> None:
    alpha, zeta = toolset(tmp_path, BUILTIN).tools
    assert alpha.where.positions is zeta.where.positions


def test_a_description_ends_without_whitespace(tmp_path: Path) -> None:
    """``description: |`` keeps the last line break in YAML; the descriptor (and so every
    output) does not carry it, nor spaces an editor left, while inner line breaks stay."""
    text = (
        "version: 1\n"
        "tools:\n"
        "  - name: t\n"
        "    description: |\n"
        "      First line.\n"
        "      Second line.  \n"
        "\n"
        "    riskLevel: low\n"
        "    inputSchema: {type: object}\n"
    )
    found, _ = resolved(tmp_path, text)
    (tool,) = found
    assert tool.description == "First line.\nSecond line."
