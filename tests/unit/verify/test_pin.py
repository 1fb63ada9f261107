"""Pins (``verify --pin`` / ``--against-pin``): deterministic bytes, fingerprints anyone can
recompute, and a lock that refuses to be read when it was edited or is not a pin."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from generator.core.diagnostics import ContractError
from generator.verify.compare import compare_listing
from generator.verify.pin import pin_text, read_pin

TOOLS: dict[str, Any] = {
    "get_time": {
        "name": "get_time",
        "description": "Current time in a time zone. 時刻",
        "inputSchema": {"type": "object", "properties": {"tz": {"type": "string"}}},
        "annotations": {"readOnlyHint": True},
    },
    "convert": {"name": "convert", "inputSchema": {"type": "object"}},
}


def _reordered(tools: dict[str, Any]) -> dict[str, Any]:
    """The same JSON values, every object's keys in reverse order, tools reversed."""

    def reverse(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: reverse(value[key]) for key in reversed(list(value))}
        return value

    return {name: reverse(tools[name]) for name in reversed(list(tools))}


def test_same_tools_give_the_same_bytes() -> None:
    assert pin_text("time", TOOLS) == pin_text("time", _reordered(TOOLS))


def test_fingerprint_is_sha256_of_sorted_compact_json() -> None:
    lock = json.loads(pin_text("time", TOOLS))
    assert [entry["name"] for entry in lock["tools"]] == ["convert", "get_time"]
    for entry in lock["tools"]:
        spelled = json.dumps(TOOLS[entry["name"]], sort_keys=True, separators=(",", ":"),
                             ensure_ascii=False)  # fmt: skip
        assert entry["sha256"] == hashlib.sha256(spelled.encode("utf-8")).hexdigest()
        assert entry["tool"] == TOOLS[entry["name"]]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "time.pin.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_pin_reads_back_as_what_was_pinned(tmp_path: Path) -> None:
    pinned = read_pin(_write(tmp_path, pin_text("time", TOOLS)), "time.pin.json", "time", "time")
    assert pinned.tools == TOOLS
    assert pinned.label == "pin time.pin.json"


def test_compared_with_a_pin_changes_are_classified(tmp_path: Path) -> None:
    pinned = read_pin(_write(tmp_path, pin_text("time", TOOLS)), "p", "time", "time")
    served = {**TOOLS, "get_time": {**TOOLS["get_time"], "annotations": {}}}
    (finding,) = compare_listing(pinned, served)
    assert (finding.tool, finding.rule.id, finding.position) == (
        "time::get_time",
        "live-read-only-dropped",
        None,
    )


def _edited(text: str, edit: str) -> str:
    lock = json.loads(text)
    if edit == "description":
        lock["tools"][1]["tool"]["description"] = "Edited by hand."
    elif edit == "server":
        lock["server"] = "clock"
    elif edit == "format":
        lock["format"] = 2
    elif edit == "twice":
        lock["tools"].append(lock["tools"][0])
    elif edit == "name":
        lock["tools"][0]["name"] = "other"
    return json.dumps(lock)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("description", "tools[1] ('get_time') does not match its sha256"),
        ("server", "this pin is for server \"clock\", not 'time'"),
        ("format", "not a pin written by 'toolcanon verify --pin' (format 1)"),
        ("twice", "tools[2]: 'convert' is pinned twice"),
        ("name", "tools[0] needs 'name' and a 'tool' of that name"),
    ],
)
def test_a_pin_that_is_not_as_written_is_refused(tmp_path: Path, edit: str, message: str) -> None:
    path = _write(tmp_path, _edited(pin_text("time", TOOLS), edit))
    with pytest.raises(ContractError) as caught:
        read_pin(path, "time.pin.json", "time", "time")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.message) == ("TC502", message)
    assert diagnostic.position.file == "time.pin.json"


@pytest.mark.parametrize(
    ("text", "error", "where"),
    [
        ("not json", "not valid JSON: Expecting value", (1, 1)),
        ('{\n  "format": 1,\n  "tools": [}', "not valid JSON: Expecting value", (3, 13)),
        ("[" * 100_000 + "]" * 100_000, "the JSON nests deeper than 128 levels", (1, 1)),
        ("[" * 200 + "]" * 200, "the JSON nests deeper than 128 levels", (1, 1)),
        ('{"format": 1, "n": ' + "9" * 5000 + "}", "not valid JSON: ", (1, 1)),
        ('{"format": 1, "n": NaN}', "not valid JSON: NaN is not JSON", (1, 1)),
        ("\udcff", "UnicodeDecodeError", (1, 1)),
        ('{"format": 1, "tools": [], "tools": []}', "key 'tools' appears twice", (1, 1)),
    ],
    ids=[
        "not-json",
        "where",
        "deep",
        "deep-but-parsable",
        "huge-number",
        "nan",
        "not-utf8",
        "twice",
    ],
)
def test_an_unreadable_pin_is_bad_input(
    tmp_path: Path, text: str, error: str, where: tuple[int, int]
) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(ContractError) as caught:
        read_pin(path, "p.json", "time", "time")
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.message.startswith(f"cannot read the pin: {error}"), diagnostic.message
    assert (diagnostic.position.line, diagnostic.position.column) == where


def test_each_pinned_entry_carries_its_listing_digest() -> None:
    lock = json.loads(pin_text("time", TOOLS))
    for entry in lock["tools"]:  # no digest in _meta: the digest is the entry's own sha256
        assert entry["digest"] == "sha256:" + entry["sha256"]


def test_against_a_pin_digests_decide_first(tmp_path: Path) -> None:
    pinned = read_pin(_write(tmp_path, pin_text("time", TOOLS)), "p", "time", "time")
    assert compare_listing(pinned, _reordered(TOOLS)) == []  # same digests: the same tools
    icons = [{"src": "https://example.com/clock.png"}]
    served = {**TOOLS, "convert": {**TOOLS["convert"], "icons": icons}}
    (finding,) = compare_listing(pinned, served)
    assert (finding.tool, finding.rule.id) == ("time::convert", "live-digest-changed")
    assert finding.message.startswith("the entry is not the pinned one (sha256:")


def test_a_pinned_digest_edited_by_hand_is_refused(tmp_path: Path) -> None:
    lock = json.loads(pin_text("time", TOOLS))
    lock["tools"][0]["digest"] = "sha256:" + "0" * 64
    with pytest.raises(ContractError) as raised:
        read_pin(_write(tmp_path, json.dumps(lock)), "p", "time", "time")
    assert "tools[0] ('convert') does not match its sha256" in str(raised.value.diagnostics[0])
