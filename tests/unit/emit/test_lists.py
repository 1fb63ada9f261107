"""emit/lists.py: a ToolList is the one definition of a list a provider receives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from generator.core.targets import BY_NAME, TARGETS
from generator.emit import anthropic, bedrock, gemini, gemini_openapi, mcp, openai
from generator.emit.common import NO_INPUTS, Inputs
from generator.emit.lists import (
    Export,
    Layout,
    ToolList,
    group_namespaces,
    render_lists,
    tool_lists,
)
from generator.ir.model import ToolDescriptor, Toolset, freeze
from generator.ir.options import EmitOptions
from generator.profiles.stage import Adapted
from tests.toolsets import OPTIONS, inputs, sample

LAYOUT = Layout(("n",), ("d",), ("s",))
FIXED = PurePosixPath("fixed.json")


PLAIN: dict[str, Any] = {
    "called": lambda tool: tool.name,
    "export": Export("k", "K", "a list", "-"),
    "target": "t",
}


def entry(tool: ToolDescriptor, inputs: Inputs) -> dict[str, object]:
    return {"n": tool.name}


def by_kind(tool: ToolDescriptor, options: EmitOptions) -> PurePosixPath:
    return PurePosixPath(f"{tool.kind}.json")


def test_a_fixed_file_holds_every_tool_in_canonical_order(tmp_path: Path) -> None:
    listed = ToolList("k", "p", entry, LAYOUT, FIXED, **PLAIN)
    assert render_lists(sample(tmp_path), OPTIONS, NO_INPUTS, [listed]) == {
        FIXED: '[\n  {\n    "n": "gh::merge"\n  },\n  {\n    "n": "read_file"\n  }\n]\n'
    }
    assert render_lists(Toolset((), ()), OPTIONS, NO_INPUTS, [listed]) == {FIXED: "[]\n"}


def test_grouped_files_are_sorted_wrapped_and_only_where_tools_are(tmp_path: Path) -> None:
    listed = ToolList("k", "p", entry, LAYOUT, by_kind, **PLAIN, wrap="tools")
    rendered = render_lists(sample(tmp_path), OPTIONS, NO_INPUTS, [listed])
    assert list(rendered) == [PurePosixPath("builtin.json"), PurePosixPath("mcp.json")]
    assert rendered[PurePosixPath("mcp.json")].startswith('{\n  "tools": [\n')
    assert render_lists(Toolset((), ()), OPTIONS, NO_INPUTS, [listed]) == {}


def test_members_are_the_tools_the_adapter_can_send(tmp_path: Path) -> None:
    found = sample(tmp_path)
    merge, read = found.tools
    decided = {"gh::merge": Adapted(None, ()), "read_file": Adapted(MappingProxyType({}), ())}
    inputs = Inputs(adapted=MappingProxyType({"a": MappingProxyType(decided)}))
    assert ToolList("k", "p", entry, LAYOUT, FIXED, **PLAIN, adapter="a").members(
        found, inputs
    ) == [read]
    assert ToolList("k", "p", entry, LAYOUT, FIXED, **PLAIN).members(found, inputs) == [merge, read]
    rendered = render_lists(
        found, OPTIONS, inputs, [ToolList("k", "p", entry, LAYOUT, FIXED, **PLAIN, adapter="a")]
    )
    assert rendered == {FIXED: '[\n  {\n    "n": "read_file"\n  }\n]\n'}


def test_file_of_a_fixed_or_grouped_list(tmp_path: Path) -> None:
    merge = sample(tmp_path).tools[0]
    assert ToolList("k", "p", entry, LAYOUT, FIXED, **PLAIN).file_of(merge, OPTIONS) == FIXED
    grouped = ToolList("k", "p", entry, LAYOUT, by_kind, **PLAIN)
    assert grouped.file_of(merge, OPTIONS) == PurePosixPath("mcp.json")


def test_tool_lists_are_the_targets_lists_in_target_order() -> None:
    every = (*openai.LISTS, *anthropic.LISTS, *bedrock.LISTS, *gemini.LISTS)
    assert tool_lists(TARGETS) == (*every, *gemini_openapi.LISTS, *mcp.LISTS)
    assert tool_lists([BY_NAME["mcp"], BY_NAME["canonical"]]) == mcp.LISTS
    keys = [listed.key for listed in tool_lists(TARGETS)]
    assert keys == [
        "openai-chat",
        "openai-responses",
        "anthropic",
        "bedrock",
        "gemini",
        "gemini-openapi",
        "mcp",
    ]


def test_each_layout_points_at_the_name_description_and_schema_of_an_entry(
    tmp_path: Path,
) -> None:
    found = sample(tmp_path)
    given = inputs(found, replace(OPTIONS, targets=tuple(t.name for t in TARGETS)))
    for listed in tool_lists(TARGETS):
        for tool in listed.members(found, given):
            made = listed.entry(tool, given)
            name, description, schema = (
                _at(made, path)
                for path in (listed.layout.name, listed.layout.description, listed.layout.schema)
            )
            assert name in (tool.provider_name, tool.tool_name), listed.key
            assert description == tool.description
            assert isinstance(schema, dict), listed.key
            assert schema["type"] in ("object", "OBJECT"), listed.key  # OBJECT: Gemini's OpenAPI


def _at(data: object, path: tuple[str, ...]) -> object:
    for key in path:
        assert isinstance(data, dict)
        data = data[key]
    return data


def test_a_restricting_request_names_each_tool_by_the_name_the_provider_calls_it(
    tmp_path: Path,
) -> None:
    """tool_request reads the allowed names at the layout's name: for every list whose
    provider restricts a list in a field of its own, that is the name its calls come
    back with; every list says how it is sent."""
    found = sample(tmp_path)
    given = inputs(found, replace(OPTIONS, targets=tuple(t.name for t in TARGETS)))
    shapes = {}
    for listed in tool_lists(TARGETS):
        assert listed.request is not None, listed.key
        shapes[listed.key] = listed.request.shape
        if listed.request.shape.startswith("allowed-"):
            members = listed.members(found, given)
            assert members, listed.key
            for tool in members:
                made = listed.entry(tool, given)
                assert _at(made, listed.layout.name) == listed.called(tool), listed.key
    assert shapes == {
        "openai-chat": "allowed-tools-chat",
        "openai-responses": "allowed-tools-responses",
        "anthropic": "tools",
        "bedrock": "tool-config",
        "gemini": "allowed-functions",
        "gemini-openapi": "allowed-functions",
        "mcp": "tools",
    }


def _named(tool: ToolDescriptor, namespace: str | None) -> ToolDescriptor:
    space = None if namespace is None else freeze({"name": namespace, "description": namespace})
    return replace(tool, namespace=space)


def test_group_namespaces_puts_each_entry_at_its_first_tools_place(tmp_path: Path) -> None:
    base = sample(tmp_path).tools[0]
    tools = [
        _named(base, name)
        for name in ("x", None, "y", "x", None, "y")  # canonical order, namespaces interleaved
    ]
    entries = [{"n": number} for number in range(len(tools))]
    written, places = group_namespaces(tools, entries)
    assert written == [
        {"type": "namespace", "name": "x", "description": "x", "tools": [{"n": 0}, {"n": 3}]},
        {"n": 1},
        {"type": "namespace", "name": "y", "description": "y", "tools": [{"n": 2}, {"n": 5}]},
        {"n": 4},
    ]
    assert places == [(0, 0), (1,), (2, 0), (0, 1), (3,), (2, 1)]
    assert group_namespaces([base, base], entries[:2]) == (entries[:2], [(0,), (1,)])
