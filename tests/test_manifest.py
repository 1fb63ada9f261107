"""manifest.json: it names the build that last changed the output, never forces a
regenerate for a build that changes nothing, and explains version skew."""

from __future__ import annotations

import json

import pytest

from generator import cache, manifest
from generator.emit import canonical
from generator.fingerprint import build_id
from tests.conftest import Project

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
    check says who wrote the output, who is running, and what to do."""
    assert example_project.run("generate").code == 0
    mine = build_id()
    become_another_build(monkeypatch)
    monkeypatch.setattr(canonical, "CANONICAL_FORMAT", 2)  # this build writes differently
    result = example_project.run("check")
    assert result.code == 1
    assert (
        f"the output was last written by toolcanon 0.1.0 (build {mine}); this is "
        f"toolcanon 0.1.0 (build {OTHER}): two builds of the same version generate "
        "differently" in result.err
    )
    assert example_project.run("generate").code == 0
    assert written_by(example_project) == OTHER
    monkeypatch.undo()
    back = example_project.run("check")
    assert back.code == 1
    assert f"last written by toolcanon 0.1.0 (build {OTHER}); this is" in back.err


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
