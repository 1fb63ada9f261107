"""Provider-safe names, the names.json route map, and the MCP server a tool is listed under.

Rejected names are in tests/bad_inputs (non-ascii-name, name-65-characters,
provider-name-too-long, provider-name-collision, provider-name-collision-server,
builtin-server-name); here are the names that are mapped, and how.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.ir.names import (
    canonical_name,
    derive_provider_name,
    is_mcp_tool_name,
    is_provider_name,
    is_tool_name,
    routes,
)
from tests.conftest import Project


@pytest.mark.parametrize(
    ("canonical", "provider"),
    [
        ("math.factorial", "math_factorial"),  # BFCL-style dotted name
        ("github::create_issue", "github__create_issue"),
        ("acme.docs::pages.get", "acme_docs__pages_get"),
        ("a-b_c", "a-b_c"),
        ("größe", "gr__e"),  # each illegal character, not byte, becomes one '_'
        ("srv::a::b", "srv__a__b"),
    ],
)
def test_derived_provider_names(canonical: str, provider: str) -> None:
    assert derive_provider_name(canonical) == provider


def test_name_patterns() -> None:
    assert is_tool_name("math.factorial") and is_mcp_tool_name("math.factorial")
    assert not is_tool_name(".hidden") and is_mcp_tool_name(".hidden")  # ours is stricter
    assert not is_tool_name("a" * 65) and not is_mcp_tool_name("a" * 65)
    assert not is_tool_name("größe") and not is_mcp_tool_name("größe")
    assert is_provider_name("a" * 64) and not is_provider_name("a" * 65)
    assert not is_provider_name("math.factorial") and not is_provider_name("")
    assert canonical_name("t", "s") == "s::t" and canonical_name("t", None) == "t"


def test_routes_are_sorted_and_refuse_a_name_twice() -> None:
    assert list(routes([("b", "x::b"), ("a", "a")])) == ["a", "b"]
    with pytest.raises(ValueError, match="names two tools"):
        routes([("a", "a"), ("a", "s::a")])


TOOLS = """
version: 1
{header}tools:
{tools}
"""


def tool(name: str, extra: str = "") -> str:
    return (
        f"  - name: {name}\n    description: d\n    riskLevel: low\n"
        f"    inputSchema: {{type: object, properties: {{x: {{type: string}}}}}}\n{extra}"
    )


def write(project: Project, file: str, tools: list[str], header: str = "") -> None:
    project.write(f"contracts/{file}", TOOLS.format(header=header, tools="".join(tools)))


def generated(project: Project, relative: str) -> Any:
    return json.loads((project.generated / relative).read_text("utf-8"))


def test_names_are_mapped_everywhere_as_documented(project: Project) -> None:
    write(project, "bfcl.yaml", [tool("math.factorial"), tool("math.gcd")])
    write(project, "calc.yaml", [tool("add.int")], header="server: calc\n")
    write(project, "clash.yaml", [tool("math_gcd", "    providerName: gcd_builtin\n")])
    assert project.run("generate").code == 0
    assert generated(project, "names.json")["names"] == {
        "calc__add_int": "calc::add.int",
        "gcd_builtin": "math_gcd",
        "math_factorial": "math.factorial",
        "math_gcd": "math.gcd",
    }
    chat = [t["function"]["name"] for t in generated(project, "openai/chat-completions.json")]
    # Provider files list tools in canonical order, under their provider names.
    assert chat == ["calc__add_int", "math_factorial", "math_gcd", "gcd_builtin"]
    assert [t["name"] for t in generated(project, "anthropic/tools.json")] == chat
    # MCP keeps the bare tool name inside its server; builtin tools go to mcp/builtin.json.
    builtin = [t["name"] for t in generated(project, "mcp/builtin.json")["tools"]]
    assert builtin == ["math.factorial", "math.gcd", "math_gcd"]
    assert [t["name"] for t in generated(project, "mcp/calc.json")["tools"]] == ["add.int"]


def test_builtin_server_name_comes_from_the_config(project: Project) -> None:
    project.write("pyproject.toml", '[tool.toolcanon]\nbuiltin-server = "local"\n')
    write(project, "a.yaml", [tool("echo")])
    write(project, "b.yaml", [tool("echo")], header="server: builtin\n")
    assert project.run("generate").code == 0
    listings = sorted(p.name for p in (project.generated / "mcp").iterdir())
    assert listings == ["builtin.json", "local.json"]
    assert generated(project, "names.json")["names"] == {
        "builtin__echo": "builtin::echo",
        "echo": "echo",
    }


def test_names_json_comes_with_either_provider_target(project: Project) -> None:
    project.write("pyproject.toml", '[tool.toolcanon]\ntargets = ["anthropic"]\n')
    write(project, "a.yaml", [tool("echo")])
    assert project.run("generate").code == 0
    files = sorted(
        p.relative_to(project.generated).as_posix() for p in project.generated.rglob("*.json")
    )
    assert files == ["anthropic/tools.json", "manifest.json", "names.json"]
