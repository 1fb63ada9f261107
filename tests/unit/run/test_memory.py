"""run/memory: the collector runs rarely during a run, and the toolset goes on lean.

``collecting_rarely`` must give back exactly the thresholds it found and unfreeze what
was frozen, however the run ends; ``lean`` drops the contracts' positions and nothing
else, from the shared tools and every host's view, without touching the original.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import fields, replace
from pathlib import Path

import pytest

from generator.hosts.apply import apply_overlay
from generator.ir.model import ToolDescriptor, Toolset
from generator.run.memory import collecting_rarely, lean
from tests.toolsets import contract, toolset

CONTRACT = """
    version: 1
    tools:
      - name: read_file
        description: Read.
        isReadOnly: true
        riskLevel: low
        inputSchema: {type: object, properties: {path: {type: string}}}
      - name: write_file
        description: Write.
        riskLevel: medium
        inputSchema: {type: object, properties: {path: {type: string}}}
"""
OVERLAY = "version: 1\nhost: desktop\ntools:\n  - {match: '*', requiresConfirmation: true}\n"


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    """Unusual thresholds set for the test (so a reset to defaults would show), restored."""
    saved = gc.get_threshold()
    gc.set_threshold(1234, 5, 6)
    yield (1234, 5, 6)
    gc.set_threshold(*saved)


@pytest.fixture
def hosted(tmp_path: Path) -> Toolset:
    shared = toolset(tmp_path, CONTRACT)
    view, found = apply_overlay(shared, contract(tmp_path / "hosts", OVERLAY, "desktop.yaml"))
    assert found == []
    return replace(shared, hosts=(view,))


def test_the_collector_runs_rarely_inside_and_as_before_after(
    thresholds: tuple[int, int, int],
) -> None:
    with collecting_rarely():
        assert gc.get_threshold() == (50_000, 20, 20)
    assert gc.get_threshold() == thresholds


def test_thresholds_come_back_and_frozen_objects_thaw_when_the_run_fails(
    thresholds: tuple[int, int, int],
) -> None:
    with pytest.raises(RuntimeError), collecting_rarely():
        gc.freeze()
        assert gc.get_freeze_count() > 0
        raise RuntimeError("the run failed")
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


def _without_positions(tool: ToolDescriptor) -> dict[str, object]:
    kept = {f.name: getattr(tool, f.name) for f in fields(tool) if f.name != "where"}
    where = tool.where
    kept["where"] = (where.file, where.index, where.own_keys, where.default_keys)
    return kept


def test_lean_drops_every_position_and_nothing_else(hosted: Toolset) -> None:
    slim = lean(hosted)
    assert slim.sources == hosted.sources
    pairs = [*zip(hosted.tools, slim.tools, strict=True)]
    for view, slim_view in zip(hosted.hosts, slim.hosts, strict=True):
        assert (slim_view.name, slim_view.file, slim_view.sha256) == (
            view.name,
            view.file,
            view.sha256,
        )
        pairs += zip(view.tools, slim_view.tools, strict=True)
    assert len(pairs) == 4
    for before, after in pairs:
        assert dict(after.where.positions) == {}
        assert _without_positions(after) == _without_positions(before)


def test_lean_leaves_the_original_toolset_as_it_was(hosted: Toolset) -> None:
    lean(hosted)
    for tool in (*hosted.tools, *hosted.hosts[0].tools):
        assert tool.where.positions  # still there: diagnostics may point at lines
    assert hosted.tools[0].origin.line == 3
