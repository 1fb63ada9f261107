"""Targets emitted by a forked child give the bytes the main process would."""

from __future__ import annotations

import sys

import pytest

from generator.emit import enabled_targets
from generator.project.config import load_config
from generator.run.pipeline import load_contracts
from generator.run.render import APART, Apart, emitted
from tests.conftest import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forked on Linux only")


def test_targets_emitted_apart_are_the_targets_emitted_here() -> None:
    config = load_config(REPO / "pyproject.toml")
    loaded = load_contracts(config)
    assert loaded.toolset is not None
    targets = [t for t in enabled_targets(config.emit) if t.name in APART]
    assert targets
    here = emitted(loaded.toolset, config.emit, targets, loaded.inputs)
    there = Apart(loaded.toolset, config.emit, targets, loaded.inputs).files()
    assert dict(there) == dict(here)


def test_a_child_that_fails_says_why() -> None:
    config = load_config(REPO / "pyproject.toml")
    loaded = load_contracts(config)
    assert loaded.toolset is not None
    python = [t for t in enabled_targets(config.emit) if t.name == "python"]
    with pytest.raises(RuntimeError, match="needs the model stage"):
        Apart(loaded.toolset, config.emit, python, loaded.inputs).files()  # no models given
