"""_lists.js (the lists modes.js and host.js read) refers to the shared entries of
providers.js and writes out only what a host changes: the shared lists by their place, a
host's list by matching each of its entries with a shared one (by a digest of its JSON
text)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.cli import main
from generator.emit.common import Inputs
from generator.emit.typescript.package import emit
from generator.project.config import load_config
from generator.run.pipeline import load_contracts

CORE = """version: 1
tools:
  - name: read_file
    description: Read a file.
    isReadOnly: true
    riskLevel: low
    availableInPlanMode: true
    inputSchema: {type: object, properties: {path: {type: string}}, required: [path]}
  - name: run
    description: Run a command.
    riskLevel: high
    inputSchema: {type: object, properties: {command: {type: string}}}
  - name: write_file
    description: Write a file.
    riskLevel: medium
    inputSchema: {type: object, properties: {path: {type: string}, text: {type: string}}}
"""
DESKTOP = """version: 1
host: desktop
tools:
  - match: run
    requiresConfirmation: true
"""


def _modes(root: Path) -> str:
    (root / "contracts").mkdir()
    (root / "hosts").mkdir()
    (root / "contracts" / "core.yaml").write_text(CORE, encoding="utf-8")
    (root / "hosts" / "desktop.yaml").write_text(DESKTOP, encoding="utf-8")
    config_file = root / "toolcanon.yaml"
    config_file.write_text('hosts: hosts\ntargets: ["mcp", "typescript"]\n', encoding="utf-8")
    config = replace(load_config(config_file), cache=None)
    loaded = load_contracts(config)
    assert loaded.toolset is not None, loaded.diagnostics
    files = emit(loaded.toolset, config.emit, Inputs(adapted=loaded.adapted))
    [modes] = [text for path, text in files.items() if path.name == "_lists.js"]
    return modes


def test_shared_lists_refer_to_their_entries_by_place(tmp_path: Path) -> None:
    shared = _modes(tmp_path).split("const hostLists")[0]
    assert '["builtin", ["read_file", "run", "write_file"], [\n' in shared
    for number in range(3):
        assert f'      mcpTools["builtin"][{number}],\n' in shared


def test_a_host_refers_to_unchanged_entries_and_writes_out_the_one_it_changes(
    tmp_path: Path,
) -> None:
    desktop = _modes(tmp_path).split("const hostLists")[1]
    lines = desktop.split('["builtin", ["read_file", "run", "write_file"], [\n')[1].splitlines()
    end = lines.index("        },")
    assert lines[0] == '        mcpTools["builtin"][0],'
    assert lines[1:3] == ["        {", '          name: "run",']
    written = "\n".join(lines[1 : end + 1])
    assert "requiresConfirmation: true," in written
    assert "inputSchema: $.runInputSchema," in written  # its schema still the shared one
    assert lines[end + 1] == '        mcpTools["builtin"][2],'


def test_the_same_files_as_generate_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-memory emit above is what ``generate`` writes (no test-only path)."""
    modes = _modes(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--no-cache"]) == 0
    assert (tmp_path / "generated" / "typescript" / "_lists.js").read_text("utf-8") == modes
