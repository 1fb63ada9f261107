"""manifest.json: it names the build that last changed the output, never forces a
regenerate for a build that changes nothing, and explains version skew."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path, PurePosixPath

import pytest

from generator import __version__
from generator.core import cache
from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.core.fingerprint import build_id
from generator.emit import canonical, mcp
from generator.ir.options import EmitOptions
from generator.write import manifest
from tests.conftest import Project
from tests.toolsets import sample

OTHER = "bbbbbbbbbbbb"


def become_another_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """What installing another toolcanon build changes: its build id, and so the cache
    folder its records live in."""
    monkeypatch.setattr(manifest, "build_id", lambda: OTHER)
    monkeypatch.setattr(cache, "generator_fingerprint", lambda: OTHER * 6)


def written_by(project: Project) -> str:
    document = json.loads((project.generated / "manifest.json").read_text("utf-8"))
    return str(document["generator"]["build"])


def test_a_build_that_changes_no_output_changes_nothing(
    example_project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert example_project.run("generate").code == 0
    before = (example_project.generated / "manifest.json").read_bytes()
    become_another_build(monkeypatch)
    assert example_project.run("check").code == 0
    result = example_project.run("generate", "--exit-nonzero-on-change")
    assert result.code == 0, result.err
    assert (example_project.generated / "manifest.json").read_bytes() == before
    assert written_by(example_project) == build_id()  # still the build that made it


def test_skew_between_two_builds_is_named(
    example_project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook runs one build, the developer another, and they generate differently:
    check ends with one line that says who wrote the output, who is running, and which
    to change (the hook's rev is the project's pin), never "run generate" alone."""
    assert example_project.run("generate").code == 0
    mine = build_id()
    become_another_build(monkeypatch)
    monkeypatch.setattr(canonical, "CANONICAL_FORMAT", 2)  # this build writes differently
    monkeypatch.setenv("PRE_COMMIT", "1")  # what pre-commit sets for its hooks
    result = example_project.run("check")
    assert result.code == 1
    last = result.err.strip().splitlines()[-1]
    assert last.startswith("toolcanon: 2 files in generated/ are stale: ")
    assert (
        f"the output was last written by toolcanon {__version__} (build {mine}); this is "
        f"toolcanon {__version__} (build {OTHER}): two builds of one version generate "
        "differently; the hook's rev is the project's pin: install that build locally"
    ) in last
    assert "run 'toolcanon generate'\n" not in result.err  # not the advice that loops
    monkeypatch.delenv("PRE_COMMIT")
    generated = example_project.run("generate")
    assert generated.code == 0
    assert f"note: the output was last written by toolcanon {__version__} (build {mine})" in (
        generated.err
    )
    assert written_by(example_project) == OTHER
    monkeypatch.undo()
    back = example_project.run("check")
    assert back.code == 1
    assert f"last written by toolcanon {__version__} (build {OTHER}); this is" in back.err
    assert "the pre-commit hook's rev is the project's pin: install that build here" in back.err


def test_changed_contracts_are_not_called_skew(example_project: Project) -> None:
    assert example_project.run("generate").code == 0
    contract = example_project.contracts / "core" / "web.yaml"
    contract.write_text(contract.read_text("utf-8").replace("riskLevel: low", "riskLevel: high"))
    result = example_project.run("check")
    assert result.code == 1
    assert "last written by" not in result.err


def test_same_output_ignores_only_the_generator_block() -> None:
    a = {"generator": {"build": "1"}, "files": {"x": "1"}}
    b = {"generator": {"build": "2"}, "files": {"x": "1"}}
    c = {"generator": {"build": "1"}, "files": {"x": "2"}}
    dump = lambda d: json.dumps(d).encode()  # noqa: E731
    assert manifest.same_output(dump(a), dump(b))
    assert not manifest.same_output(dump(a), dump(c))
    assert not manifest.same_output(b"[1]", dump(a))
    assert not manifest.same_output(b"[" * 100_000, dump(a))  # too deep: not a manifest


def test_manifest_text_describes_the_files_the_contracts_and_the_tools(tmp_path: Path) -> None:
    found = sample(tmp_path)
    files = {PurePosixPath("b.json"): b"{}\n", PurePosixPath("a/x.json"): b"[]\n"}
    warning = Diagnostic(Position("c.yaml", 1, 1), "w", "TC301", Severity.WARNING)
    document = json.loads(manifest.manifest_text(files, found, "cfg", [warning, warning]))
    canonical_tools = json.loads(
        canonical.emit(found, EmitOptions())[PurePosixPath("canonical/tools.json")]
    )["tools"]
    assert document == {
        "$comment": "Generated by toolcanon — do not edit; run 'toolcanon generate'.",
        "command": "toolcanon generate",
        "generator": {"name": "toolcanon", "version": __version__, "build": build_id()},
        "config": "cfg",
        "contracts": {
            name: hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
            for name in ("core.yaml", "gh.yaml")
        },
        "warnings": 2,
        "tools": [
            {
                "name": tool["name"],
                "providerName": tool["providerName"],
                # README: sha256 of the canonical descriptor, sorted keys, no spaces (UTF-8)
                "fingerprint": hashlib.sha256(
                    json.dumps(
                        tool, sort_keys=True, separators=(",", ":"), ensure_ascii=False
                    ).encode("utf-8")
                ).hexdigest(),
            }
            for tool in canonical_tools
        ],
        "files": {  # sorted by path
            "a/x.json": hashlib.sha256(b"[]\n").hexdigest(),
            "b.json": hashlib.sha256(b"{}\n").hexdigest(),
        },
    }


def manifest_of(version: str, build: str, contracts: str = "c", hosts: str = "h") -> bytes:
    block = {"name": "toolcanon", "version": version, "build": build}
    document = {"generator": block, "contracts": contracts, "hosts": hosts, "config": "k"}
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("theirs", "hook", "advice"),
    [
        ("0.0.9", False, "run 'toolcanon generate' with this one, and upgrade what wrote it"),
        ("0.0.9", True, "upgrade your local install to {mine}, then run 'toolcanon generate'"),
        ("99.0", False, "this one is older: upgrade this install to 99.0, then run check"),
        ("99.0", True, "this one is older: upgrade the hook's rev to 99.0, then run check"),
    ],
    ids=["older-output", "older-local-install", "newer-output", "older-hook"],
)
def test_skew_note_says_which_toolcanon_to_upgrade(theirs: str, hook: bool, advice: str) -> None:
    mine = manifest.generator_block()
    planned = manifest_of(mine["version"], mine["build"])
    note = manifest.skew_note(manifest_of(theirs, "aaaaaaaaaaaa"), planned, hook=hook)
    assert note is not None
    assert note.startswith(
        f"the output was last written by toolcanon {theirs} (build aaaaaaaaaaaa); this is "
        f"toolcanon {mine['version']} (build {mine['build']}): "
    )
    assert advice.format(mine=mine["version"]) in note


def test_release_orders_versions_by_their_numbers() -> None:
    assert manifest.release("0.10.0") > manifest.release("0.9.1")
    assert manifest.release("1.0.0rc1") == (1, 0, 0)
    assert manifest.release("dev") is None


@pytest.mark.parametrize(
    "on_disk",
    [
        None,  # no output yet
        b"not json",
        json.dumps({"contracts": "c", "config": "k"}).encode(),  # no generator block
        manifest_of("0.0.9", "aaaaaaaaaaaa", contracts="changed"),  # the inputs changed
        manifest_of("0.0.9", "aaaaaaaaaaaa", hosts="changed"),  # an overlay changed
    ],
    ids=["none", "unreadable", "no-block", "inputs-changed", "overlay-changed"],
)
def test_no_skew_note_when_skew_is_not_the_story(on_disk: bytes | None) -> None:
    mine = manifest.generator_block()
    assert manifest.skew_note(on_disk, manifest_of(mine["version"], mine["build"])) is None


def test_no_skew_note_for_this_very_build() -> None:
    mine = manifest.generator_block()
    planned = manifest_of(mine["version"], mine["build"])
    assert manifest.skew_note(planned, planned) is None


def test_writer_of_reads_only_a_well_formed_block() -> None:
    block = {"generator": {"version": "1", "build": 7, "x": [1]}}
    assert manifest.writer_of(json.dumps(block).encode()) == {"version": "1", "build": "7"}
    assert manifest.writer_of(b'{"generator": "x"}') is None
    assert manifest.writer_of(None) is None


def test_the_manifest_lists_each_listing_entrys_digest(tmp_path: Path) -> None:
    found = sample(tmp_path)
    files = {path: text.encode() for path, text in mcp.emit(found, EmitOptions()).items()}
    files[PurePosixPath("hosts/desktop/mcp/gh.json")] = b'{"tools": []}'  # a host view: not listed
    document = json.loads(manifest.manifest_text(files, found, "cfg", []))
    listed = {
        path.as_posix(): {
            tool["name"]: tool["_meta"]["dev.toolcanon/digest"]
            for tool in json.loads(files[path])["tools"]
        }
        for path in files
        if path.parts[0] == "mcp"
    }
    assert document["mcpDigests"] == listed
    assert sorted(listed) == ["mcp/builtin.json", "mcp/gh.json"]
    assert all(d.startswith("sha256:") for tools in listed.values() for d in tools.values())
