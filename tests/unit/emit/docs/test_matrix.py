"""The compatibility matrix: docs/PROVIDERS.md and ``toolcanon list --targets``."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from generator.core import targets
from generator.core.diagnostics import Severity
from generator.core.targets import Target
from generator.emit.common import Inputs
from generator.emit.docs import catalogue as docs
from generator.emit.docs import matrix
from generator.ir.model import freeze
from generator.ir.options import EmitOptions
from generator.profiles.base import INEXPRESSIBLE, LOSSY, Finding
from generator.profiles.stage import Adapted
from generator.run.pipeline import load_contracts
from tests.conftest import Project

CONTRACT = """
version: 1
tools:
  - name: plain
    description: Sent as written everywhere.
    riskLevel: low
    inputSchema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties:
        q: {type: string}
      required: [q]
  - name: strict_one
    description: Strict.
    riskLevel: low
    strict: true
    inputSchema:
      type: object
      properties:
        n: {type: integer, minimum: 1}
        m: {type: integer}
      required: [n]
      additionalProperties: false
  - name: rooted
    description: Alternatives at the root.
    riskLevel: low
    # OpenAI and Claude refuse a root anyOf.
    targets: {exclude: [openai, anthropic]}
    inputSchema:
      type: object
      properties:
        a: {type: string}
        b: {type: string}
      anyOf: [{required: [a]}, {required: [b]}]
"""


def loaded(project: Project, names: str) -> matrix.Matrix:
    from generator.emit import enabled_targets
    from generator.project.config import load_config

    project.write("toolcanon.yaml", f"targets: [{names}]\n")
    project.write("contracts/t.yaml", CONTRACT)
    config = load_config(project.root / "toolcanon.yaml")
    result = load_contracts(config)
    assert result.toolset is not None, result.diagnostics
    return matrix.build(result.toolset, result.adapted, enabled_targets(config.emit))


def cells(built: matrix.Matrix) -> dict[tuple[str, str], matrix.Cell]:
    return {
        (row.tool.name, target): entry
        for row in built.rows
        for target, entry in zip(built.targets, row.cells, strict=True)
    }


def test_each_cell_says_as_is_transformed_or_excluded_and_why(project: Project) -> None:
    built = loaded(project, "openai, anthropic, mcp, gemini")
    assert built.targets == ("openai", "anthropic", "gemini")  # MCP sends every schema as is
    found = cells(built)
    assert found["plain", "openai"] == matrix.Cell(matrix.AS_IS)  # $schema is not a change
    assert found["plain", "gemini"] == matrix.Cell(matrix.AS_IS)
    openai = found["strict_one", "openai"]
    assert openai.status == matrix.TRANSFORMED
    assert openai.detail == "changed required, type"  # m: required and nullable
    claude = found["strict_one", "anthropic"]
    assert claude.status == matrix.TRANSFORMED
    assert claude.detail == "removed minimum, added description; 1 warning (TC151)"
    assert found["rooted", "openai"] == matrix.Cell(
        matrix.EXCLUDED,
        "the contract leaves it out: OpenAI refuses 'anyOf' at the root of parameters",
    )
    assert found["rooted", "gemini"].status == matrix.AS_IS


def test_list_targets_prints_the_matrix(project: Project) -> None:
    project.write("toolcanon.yaml", "targets: [openai, anthropic]\n")
    project.write("contracts/t.yaml", CONTRACT)
    result = project.run("list", "--targets")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split() == ["tool", "openai", "anthropic"]
    assert lines[1].split() == ["plain", "as", "is", "as", "is"]
    assert "rooted → anthropic: excluded: the contract leaves it out: Claude refuses" in result.out
    assert "strict_one → openai: transformed: changed required, type" in result.out


def test_a_new_target_gets_a_column_without_docs_code(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.project.config import load_config

    project.write("toolcanon.yaml", "targets: [canonical]\n")
    project.write("contracts/t.yaml", CONTRACT)
    toolset = load_contracts(load_config(project.root / "toolcanon.yaml")).toolset
    assert toolset is not None
    acme = Target("acme", "generator.emit.canonical", adapters=("acme",))
    monkeypatch.setattr(targets, "TARGETS", (*targets.TARGETS, acme))
    finding = Finding(("properties", "q"), Severity.WARNING, LOSSY, "dropped", "hint")
    refusal = Finding((), Severity.ERROR, INEXPRESSIBLE, "no", "h")
    per_tool = {
        "plain": Adapted(freeze({"type": "object"}), (finding,)),
        "strict_one": Adapted(None, (refusal,)),
        "rooted": Adapted(None, (refusal,)),
    }
    inputs = Inputs(adapted=MappingProxyType({"acme": MappingProxyType(per_tool)}))
    text = docs.providers_page(toolset, EmitOptions(targets=("acme",)), inputs)[docs.PROVIDERS_PATH]
    assert "| Tool | `acme` |" in text
    assert "- `plain` — **transformed**: removed properties, required; 1 warning (TC151)" in text
    assert "- `strict_one` — **refused**: no" in text
    assert docs.providers_page(toolset, EmitOptions(targets=("canonical",)), inputs) == {}
