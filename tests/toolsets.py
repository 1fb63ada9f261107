"""Building stage inputs from small YAML texts, for fast in-process unit tests.

``contract`` writes one YAML text to a folder and loads it the way the pipeline does
(``contracts/loader.load_file``); ``toolset`` checks and resolves such texts into the IR,
refusing texts that have errors so a unit test never runs on input the pipeline would
have stopped; ``inputs`` runs the profile stage the enabled targets need.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from generator.contracts.check import check_files
from generator.contracts.loader import LoadedFile, load_file
from generator.contracts.resolve import resolve
from generator.core.diagnostics import Diagnostic, Severity
from generator.emit import enabled_targets
from generator.emit.common import Inputs
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.profiles.stage import adapt
from generator.tokens.cells import token_cells

OPTIONS = EmitOptions()


def dedent(text: str) -> str:
    """A YAML text written indented inside a test, as it would be in a file."""
    return textwrap.dedent(text).lstrip("\n")


def contract(folder: Path, text: str, name: str = "c.yaml") -> LoadedFile:
    """``text`` written to ``folder/name`` and loaded; diagnostics name it ``name``."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dedent(text), encoding="utf-8")
    return load_file(path, name)


def contracts(folder: Path, texts: Mapping[str, str]) -> list[LoadedFile]:
    """Several contract files (name → YAML text), loaded in the order given."""
    return [contract(folder, text, name) for name, text in texts.items()]


def resolved(
    folder: Path,
    texts: Mapping[str, str] | str,
    *,
    strict_default: bool = False,
    builtin_server: str | None = "builtin",
) -> tuple[Toolset, list[Diagnostic]]:
    """The Toolset of contracts that ``check`` accepts (no error), with every diagnostic
    that check and resolve gave (warnings, and resolve's own errors TC140 to TC142)."""
    files = contracts(folder, {"c.yaml": texts} if isinstance(texts, str) else texts)
    checked = check_files(files)
    errors = [d for d in checked if d.severity is Severity.ERROR]
    assert not errors, f"the test's contract does not pass check: {errors}"
    found, problems = resolve(files, strict_default=strict_default, builtin_server=builtin_server)
    return found, checked + problems


def toolset(
    folder: Path,
    texts: Mapping[str, str] | str,
    *,
    strict_default: bool = False,
    builtin_server: str | None = "builtin",
) -> Toolset:
    """Like :func:`resolved`, when the test needs only the Toolset and expects no error."""
    found, diagnostics = resolved(
        folder, texts, strict_default=strict_default, builtin_server=builtin_server
    )
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    assert not errors, f"the test's contract does not resolve: {errors}"
    return found


def inputs(found: Toolset, options: EmitOptions = OPTIONS) -> Inputs:
    """What the stages before emit give the emitters of ``options``' targets: the
    profile stage's schemas and the token stage's counts."""
    adapted, _ = adapt(found, enabled_targets(options))
    profiled = Inputs(adapted=adapted)
    return replace(profiled, tokens=token_cells(found, options, profiled))


CORE = """
version: 1
tools:
  - name: read_file
    title: Read file
    description: Read a file — UTF-8.
    riskLevel: low
    isReadOnly: true
    availableInPlanMode: true
    inputSchema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties:
        path: {type: string}
      required: [path]
"""
GITHUB = """
version: 1
server: gh
tools:
  - name: merge
    description: Merge a pull request.
    riskLevel: high
    requiresConfirmation: true
    strict: true
    inputSchema:
      type: object
      properties:
        number: {type: integer}
        method: {type: string, enum: [merge, squash]}
      required: [number]
    outputSchema:
      type: object
      properties: {sha: {type: string}}
"""
SAMPLE = {"core.yaml": CORE, "gh.yaml": GITHUB}
"""Two tools: a builtin read-only one with ``$schema``, and an MCP tool in OpenAI strict
mode with an outputSchema. Canonical order: ``gh::merge``, then ``read_file``; their
inputSchemas as data are MERGE_INPUT and READ_INPUT."""
MERGE_INPUT = {
    "type": "object",
    "properties": {
        "number": {"type": "integer"},
        "method": {"type": "string", "enum": ["merge", "squash"]},
    },
    "required": ["number"],
}
READ_INPUT = {  # without the $schema line the contract has
    "type": "object",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
}


def sample(folder: Path) -> Toolset:
    return toolset(folder, SAMPLE)
