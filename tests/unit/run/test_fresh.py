"""freshness.py: check's fast path trusts only a record this machine signed, and only while
the settings, every contract and every output file are exactly as recorded."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path, PurePosixPath

import pytest

from generator.core.diagnostics import Position
from generator.ir.options import EmitOptions
from generator.project.settings import Budget, Config
from generator.run.fresh import NAMESPACE, fresh_tool_count, record, record_key
from generator.write.entries import store_entries

MANIFEST = json.dumps({"tools": [{"name": "a"}, {"name": "b"}]}).encode()


@pytest.fixture
def current(tmp_path: Path) -> Config:
    """A project whose output this machine recorded as current (two tools)."""
    config = Config(
        root=tmp_path,
        contracts=tmp_path / "contracts",
        output=tmp_path / "generated",
        cache=tmp_path / "cache",
    )
    (config.contracts / "core").mkdir(parents=True)
    (config.contracts / "core" / "a.yaml").write_text("version: 1\n", encoding="utf-8")
    config.output.mkdir()
    files = {PurePosixPath("x.json"): b"{}\n", PurePosixPath("manifest.json"): MANIFEST}
    for path, data in files.items():
        (config.output / path).write_bytes(data)
    store_entries(config.cache, [record(config, files, warnings=1)])
    return config


def test_the_recorded_state_is_fresh(current: Config) -> None:
    assert fresh_tool_count(current) == 2


def test_without_a_record_nothing_is_fresh(current: Config, tmp_path: Path) -> None:
    assert fresh_tool_count(replace(current, cache=None)) is None
    assert fresh_tool_count(replace(current, cache=tmp_path / "empty")) is None
    assert fresh_tool_count(replace(current, output=tmp_path / "other")) is None


Change = Callable[[Config], Config]


def edit_contract(config: Config) -> Config:
    (config.contracts / "core" / "a.yaml").write_text("version: 2\n", encoding="utf-8")
    return config


def add_contract(config: Config) -> Config:
    (config.contracts / "b.yml").write_text("version: 1\n", encoding="utf-8")
    return config


def edit_output(config: Config) -> Config:
    (config.output / "x.json").write_bytes(b"{ }\n")
    return config


def link_output(config: Config) -> Config:
    """The same bytes behind a link are not the file generate wrote."""
    target = config.root / "elsewhere.json"
    target.write_bytes(b"{}\n")
    (config.output / "x.json").unlink()
    (config.output / "x.json").symlink_to(target)
    return config


def remove_output(config: Config) -> Config:
    (config.output / "x.json").unlink()
    return config


def other_settings(config: Config) -> Config:
    return replace(config, emit=EmitOptions(python_package="other"))


def other_strict_default(config: Config) -> Config:
    return replace(config, strict_default=True)


def other_budgets(config: Config) -> Config:
    return replace(config, budgets=(Budget("mcp", 10, None, Position("t.yaml", 1, 1)),))


CHANGES = [
    edit_contract,
    add_contract,
    edit_output,
    link_output,
    remove_output,
    other_settings,
    other_strict_default,
    other_budgets,
]


@pytest.mark.parametrize("change", CHANGES, ids=[c.__name__ for c in CHANGES])
def test_any_difference_from_the_record_means_the_full_comparison(
    current: Config, change: Change
) -> None:
    assert fresh_tool_count(change(current)) is None


def test_strict_is_not_fresh_when_the_record_had_warnings(current: Config) -> None:
    assert fresh_tool_count(current, strict=True) is None


def test_a_record_nobody_signed_is_not_found(current: Config) -> None:
    assert current.cache is not None
    for entry in current.cache.rglob(record_key(current)):
        assert entry.parent.name == NAMESPACE
        payload = entry.read_bytes().split(b"\n", 1)[1]
        entry.write_bytes(b"0" * 64 + b"\n" + payload)
    assert fresh_tool_count(current) is None


def test_an_unreadable_manifest_gives_no_count(current: Config) -> None:
    store_entries(current.cache, [record(current, {PurePosixPath("x.json"): b"{}\n"}, 0)])
    (current.output / "manifest.json").write_bytes(b"not json")
    assert fresh_tool_count(current) is None


def test_records_are_per_output_and_contracts_folder(current: Config, tmp_path: Path) -> None:
    keys = {
        record_key(current),
        record_key(replace(current, output=tmp_path / "o")),
        record_key(replace(current, contracts=tmp_path / "c")),
    }
    assert len(keys) == 3
    assert record_key(replace(current, strict=True)) == record_key(current)
