"""targets.py: the table of outputs, what a config turns on, and what each target needs."""

from __future__ import annotations

import importlib

import pytest

from generator.core.targets import BY_NAME, CONFIGURABLE, TARGETS, enabled
from generator.project.keys import ALL_TARGETS


def names(configured: tuple[str, ...]) -> list[str]:
    return [target.name for target in enabled(configured)]


@pytest.mark.parametrize(
    ("configured", "expected"),
    [
        ((), []),
        (("canonical",), ["canonical", "views"]),
        (("openai",), ["openai", "names", "views"]),
        (("anthropic", "openai"), ["openai", "anthropic", "names", "views"]),
        (("docs", "mcp", "canonical"), ["canonical", "mcp", "views", "docs"]),  # table order
        (("mcp", "mcp"), ["mcp", "views"]),
        (("python", "docs"), ["python", "docs"]),
    ],
)
def test_enabled_targets_in_table_order_with_implied_ones(
    configured: tuple[str, ...], expected: list[str]
) -> None:
    assert names(configured) == expected


def test_every_configurable_target_turns_on_all_but_nothing_more() -> None:
    assert names(CONFIGURABLE) == [target.name for target in TARGETS]
    assert "names" not in CONFIGURABLE and ALL_TARGETS == CONFIGURABLE
    assert "views" not in CONFIGURABLE


def test_implied_targets_are_implied_by_configurable_ones() -> None:
    for target in TARGETS:
        assert set(target.implied_by) <= set(CONFIGURABLE)
        assert target.configurable is (not target.implied_by)


def test_every_target_module_has_an_emit_function() -> None:
    for target in TARGETS:
        assert callable(importlib.import_module(target.module).emit), target.name
    assert BY_NAME["python"].needs_models
