"""profiles/stage.py: each adapter over every tool, findings placed at contract lines."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.core.targets import ADAPTERS, BY_NAME, TARGETS
from generator.ir.model import freeze
from generator.profiles.base import INEXPRESSIBLE, LOSSY, NAME_RULE, Finding
from generator.profiles.openai import to_openai
from generator.profiles.stage import adapt, adapter, diagnostic
from tests.toolsets import READ_INPUT, sample, toolset

REFUSED = """
version: 1
tools:
  - name: grep
    providerName: grep_tool
    description: G.
    riskLevel: low
    strict: true
    inputSchema:
      type: object
      properties:
        q:
          type: string
          not: {const: x}
      required: [q]
"""


def test_each_tool_gets_what_the_adapter_decides_frozen(tmp_path: Path) -> None:
    found = sample(tmp_path)
    adapted, diagnostics = adapt(found, [BY_NAME["openai"]])
    merge = found.tools[0]
    assert list(adapted) == ["openai"] and list(adapted["openai"]) == ["gh::merge", "read_file"]
    strict = to_openai(merge.input_schema, strict=True).schema
    assert adapted["openai"]["gh::merge"].schema == freeze(strict)
    assert adapted["openai"]["read_file"].schema == freeze(READ_INPUT)
    assert diagnostics == []
    with pytest.raises(TypeError):
        adapted["openai"]["read_file"].schema["type"] = "array"
    with pytest.raises(TypeError):
        adapted["x"] = adapted["openai"]  # type: ignore[index]


def test_a_schema_the_provider_cannot_take_is_none_with_an_error_at_its_line(
    tmp_path: Path,
) -> None:
    openai = BY_NAME["openai"]
    adapted, diagnostics = adapt(toolset(tmp_path, REFUSED), [openai, openai])
    assert adapted["openai"]["grep"].schema is None
    (finding,) = adapted["openai"]["grep"].findings
    assert diagnostics == [  # once, though the target was named twice
        Diagnostic(
            Position("c.yaml", 13, 11),
            finding.message,
            INEXPRESSIBLE,
            Severity.ERROR,
            tool="grep",
            path=("inputSchema", "properties", "q", "not"),
            hint=f"{finding.hint}; or leave the tool out: targets: {{exclude: [openai]}}",
        )
    ]


@pytest.mark.parametrize(
    ("text", "line", "path"),
    [
        (REFUSED, 4, ("providerName",)),  # the name the provider saw was written here
        (REFUSED.replace("    providerName: grep_tool\n", ""), 3, ("name",)),
    ],
)
def test_a_name_rule_finding_points_at_the_name_the_provider_sees(
    tmp_path: Path, text: str, line: int, path: tuple[str, ...]
) -> None:
    tool = toolset(tmp_path, text).tools[0]
    refused = Finding((), Severity.ERROR, NAME_RULE, "bad name", "rename")
    placed = diagnostic(tool, refused)
    assert (placed.position, placed.path, placed.tool) == (
        Position("c.yaml", line, 5),
        path,
        "grep",
    )


def test_other_findings_are_paths_inside_input_schema(tmp_path: Path) -> None:
    tool = toolset(tmp_path, REFUSED).tools[0]
    lossy = Finding(("properties", "q"), Severity.WARNING, LOSSY, "dropped", "fine")
    placed = diagnostic(tool, lossy)
    assert placed == Diagnostic(
        Position("c.yaml", 11, 9),
        "dropped",
        LOSSY,
        Severity.WARNING,
        tool="grep",
        path=("inputSchema", "properties", "q"),
        hint="fine",
    )
    at_root = diagnostic(tool, Finding((), Severity.WARNING, LOSSY, "m", "h"))
    assert (at_root.position.line, at_root.path) == (8, ("inputSchema",))


def test_no_adapters_no_work(tmp_path: Path) -> None:
    assert adapt(sample(tmp_path), []) == ({}, [])


def test_every_adapter_a_target_names_is_registered_and_callable() -> None:
    named = {name for target in TARGETS for name in target.adapters}
    assert named <= set(ADAPTERS)
    for name, spec in ADAPTERS.items():
        module, _, function = spec.partition(":")
        assert adapter(name) is getattr(importlib.import_module(module), function)
