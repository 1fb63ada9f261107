"""The descriptor field table: one entry per canonical field, rendered everywhere alike."""

from __future__ import annotations

import dataclasses
import json

from generator.ir.fields import ANNOTATIONS, ATTRS, FIELDS, MCP_META, descriptor_json, mcp_meta
from generator.ir.model import ToolDescriptor
from generator.ir.policy import DEFAULTS
from generator.run.pipeline import load_toolset
from tests.conftest import Project

# IR attributes that are not canonical fields: how the IR is used, not what a tool is.
INTERNAL = {"where"}


def test_every_ir_attribute_is_a_field_or_internal() -> None:
    attrs = {f.name for f in dataclasses.fields(ToolDescriptor)}
    table = {spec.attr for spec in FIELDS if spec.attr} | {spec.attr for spec in ANNOTATIONS}
    assert attrs - INTERNAL == table


def test_every_default_names_a_field() -> None:
    """policy.DEFAULTS and the table agree on the keys, so resolve can map each value."""
    assert set(DEFAULTS) <= set(ATTRS)


def test_descriptor_json_follows_the_table(example_project: Project) -> None:
    from generator.project.config import load_config

    toolset, _ = load_toolset(load_config(cwd=example_project.root))
    assert toolset is not None
    for tool in toolset:
        data = descriptor_json(tool)
        expected = [s.key for s in FIELDS if not s.optional or tool.output_schema is not None]
        assert list(data) == expected
        assert data["parameters"] is data["inputSchema"]
        assert list(data["annotations"]) == [spec.key for spec in ANNOTATIONS]
        meta = mcp_meta(tool)
        assert list(meta) == list(MCP_META)
        assert all(json.dumps(meta[k]) == json.dumps(data[k]) for k in MCP_META)


def test_generated_types_list_every_field(example_project: Project) -> None:
    assert example_project.run("generate", "--no-cache").code == 0
    typed = (example_project.generated / "python/toolcanon_tools/_types.py").read_text()
    ts = (example_project.generated / "typescript/descriptor.d.ts").read_text()
    for spec in FIELDS:
        py = f"NotRequired[{spec.py_type}]" if spec.optional else spec.py_type
        assert f"    {spec.key}: {py}\n" in typed
        assert f"  readonly {spec.key}{'?' if spec.optional else ''}: {spec.ts_type};\n" in ts
