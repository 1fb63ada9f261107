"""The descriptor field table: one entry per canonical field, rendered everywhere alike."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from generator.core.diagnostics import Position
from generator.core.targets import TARGETS
from generator.emit import emit_targets, enabled_targets
from generator.ir.fields import ANNOTATIONS, ATTRS, FIELDS, MCP_META, descriptor_json, mcp_meta
from generator.ir.model import HostView, ToolDescriptor, Toolset
from generator.ir.options import EmitOptions
from generator.ir.policy import DEFAULTS
from generator.run.pipeline import load_toolset
from tests.conftest import Project
from tests.toolsets import inputs, sample, toolset

# IR attributes that are not canonical fields: how the IR is used, not what a tool is.
INTERNAL = {"where", "canonical_memo", "floors"}


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
        # an optional field (outputSchema, submission) is left out when the tool has none
        expected = [s.key for s in FIELDS if not s.optional or s.value(tool) is not None]
        assert list(data) == expected
        assert data["parameters"] is data["inputSchema"]
        assert list(data["annotations"]) == [spec.key for spec in ANNOTATIONS]
        meta = mcp_meta(tool)
        assert list(meta) == list(MCP_META)
        assert all(json.dumps(meta[k]) == json.dumps(data[k]) for k in MCP_META)


def test_an_optional_field_is_in_the_descriptor_only_when_the_contract_sets_it(
    tmp_path: Path,
) -> None:
    text = """
    version: 1
    tools:
      - name: a
        riskLevel: low
        deferLoading: false
        allowedCallers: [programmatic]
        inputSchema: {type: object}
      - name: b
        riskLevel: low
        inputSchema: {type: object}
    """
    a, b = toolset(tmp_path, text).tools
    data = descriptor_json(a)
    assert list(data)[-2:] == ["deferLoading", "allowedCallers"]
    assert (data["deferLoading"], data["allowedCallers"]) == (False, ["programmatic"])
    assert {"deferLoading", "allowedCallers", "namespace"}.isdisjoint(descriptor_json(b))


def test_generated_types_list_every_field(example_project: Project) -> None:
    assert example_project.run("generate", "--no-cache").code == 0
    typed = (example_project.generated / "python/toolcanon_tools/_types.py").read_text()
    ts = (example_project.generated / "typescript/descriptor.d.ts").read_text()
    for spec in FIELDS:
        py = f"NotRequired[{spec.py_type}]" if spec.optional else spec.py_type
        assert f"    {spec.key}: {py}\n" in typed
        assert f"  readonly {spec.key}{'?' if spec.optional else ''}: {spec.ts_type};\n" in ts


def test_descriptor_json_is_built_once_and_shared(tmp_path: Path) -> None:
    tool = sample(tmp_path).tools[0]
    first = descriptor_json(tool)
    assert descriptor_json(tool) is first
    assert first["parameters"] is first["inputSchema"]


def test_a_replaced_descriptor_gets_its_own_json(tmp_path: Path) -> None:
    """Overlays and the lean toolset are made with dataclasses.replace: the copy must not
    show the original's canonical JSON."""
    tool = sample(tmp_path).tools[0]
    assert descriptor_json(tool)["riskLevel"] == "high"
    changed = dataclasses.replace(tool, risk_level="low", description="Changed.")
    assert (descriptor_json(changed)["riskLevel"], descriptor_json(changed)["description"]) == (
        "low",
        "Changed.",
    )
    assert (descriptor_json(tool)["riskLevel"], descriptor_json(tool)["description"]) == (
        "high",
        "Merge a pull request.",
    )


def test_emitting_leaves_the_shared_json_as_it_was_built(tmp_path: Path) -> None:
    """Every emitter reads the one shared copy (a host's view too): none may change it."""
    found = sample(tmp_path)
    host_tools = (dataclasses.replace(found.tools[0], requires_confirmation=False), found.tools[1])
    view = HostView("desk", host_tools, "hosts/desk.yaml", "0" * 64, {}, Position("h", 1, 1))
    toolset = Toolset(found.tools, found.sources, (view,))
    every = tuple(target.name for target in TARGETS if not target.needs_models)
    options = EmitOptions(targets=every, mode_files=True)
    targets = enabled_targets(options)
    assert emit_targets(toolset, options, targets, inputs(toolset, options))
    for tool in (*toolset.tools, *host_tools):
        fresh = descriptor_json(dataclasses.replace(tool))  # an empty cache: built anew
        assert json.dumps(descriptor_json(tool)) == json.dumps(fresh), tool.name


SUBMISSION = """
version: 1
tools:
  - name: share
    description: Share a file at a public link.
    examples: [{path: a.txt}]
    submission:
      openWorldHint: true
      destructiveJustification: It adds a link; nothing is removed.
      prompts: [Share a.txt]
    inputSchema:
      type: object
      properties:
        path: {type: string}
  - name: stat
    description: Describe a file.
    inputSchema: {type: object}
"""


def test_a_submission_block_is_carried_as_written_and_absent_without_one(tmp_path: Path) -> None:
    share, stat = toolset(tmp_path, SUBMISSION)
    assert dict(descriptor_json(share))["submission"] == {
        "openWorldHint": True,
        "destructiveJustification": "It adds a link; nothing is removed.",
        "prompts": ["Share a.txt"],
    }
    assert "submission" not in descriptor_json(stat)
