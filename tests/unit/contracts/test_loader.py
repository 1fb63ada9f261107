"""YAML loading: JSON data under the YAML 1.2 core schema, positions, and refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.contracts.loader import LoadedFile, load_file
from generator.core.diagnostics import ContractError


def _load(tmp_path: Path, text: str) -> LoadedFile:
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    return load_file(path, "c.yaml")


def test_yaml_1_2_scalars(tmp_path: Path) -> None:
    data = _load(
        tmp_path,
        "a: [on, off, yes, no, true, False, null, ~, 0o17, 0x1f, 1.5, 1e3, "
        "2024-01-02, '1', 012]\n",
    ).data
    assert data["a"] == [
        "on",
        "off",
        "yes",
        "no",
        True,
        False,
        None,
        None,
        15,
        31,
        1.5,
        1000.0,
        "2024-01-02",
        "1",
        12,
    ]


def test_keys_are_strings(tmp_path: Path) -> None:
    assert _load(tmp_path, "1: a\ntrue: b\non: c\n").data == {"1": "a", "true": "b", "on": "c"}


def test_positions_point_at_keys_and_items(tmp_path: Path) -> None:
    loaded = _load(tmp_path, "tools:\n  - name: x\n    inputSchema:\n      type: object\n")
    assert loaded.position(("tools", 0)).line == 2
    assert (
        loaded.position(("tools", 0, "inputSchema", "type")).line,
        loaded.position(("tools", 0, "inputSchema", "type")).column,
    ) == (4, 7)
    assert loaded.position(("tools", 0, "inputSchema", "type", "nothing")).line == 4


def test_merge_keys_and_anchors(tmp_path: Path) -> None:
    data = _load(tmp_path, "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n").data
    assert data["other"] == {"x": 1, "y": 3}


def test_non_ascii_and_control_escapes_survive(tmp_path: Path) -> None:
    data = _load(tmp_path, 'd: "读取文件 \\0 \\t \\u2028 é"\n').data
    assert data["d"] == "读取文件 \0 \t \u2028 é"


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert load_file(path, "c.yaml").data == {"a": 1}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: &x [*x]\n", "recursive alias"),
        ("a: !custom 1\n", "YAML tag '!custom' is not allowed"),
        ("a: .inf\n", "'.inf' is not a JSON number"),
        ("a: !!binary aGk=\n", "is not allowed"),
        ("? [a]\n: 1\n", "a mapping key must be a plain string"),
    ],
)
def test_refusals(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ContractError) as error:
        _load(tmp_path, text)
    assert message in error.value.diagnostics[0].message


@pytest.mark.parametrize("depth", [200, 1000, 5000])
def test_deep_nesting_is_refused_not_a_crash(tmp_path: Path, depth: int) -> None:
    with pytest.raises(ContractError) as error:
        _load(tmp_path, "a: " + "[" * depth + "]" * depth + "\n")
    assert "nest" in error.value.diagnostics[0].message


def test_utf16_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_bytes("a: 1\n".encode("utf-16"))
    with pytest.raises(ContractError) as error:
        load_file(path, "c.yaml")
    assert error.value.diagnostics[0].message == "file is UTF-16 encoded"
