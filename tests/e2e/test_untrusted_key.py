"""A cache signing key that is not private to the user is not trusted: anyone who can
read it could sign a record that makes check pass on edited output. Such a key turns
every fast path cold, and generate and check say once how to fix it."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.core.cache import Entry, key_path, signed, user_cache_root
from generator.run.fresh import NAMESPACE
from tests.conftest import MINIMAL, Project

EDITED = "anthropic/tools.json"
OTHER_UID = 54321


@pytest.fixture
def own_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache and a key of this test's own (the session's key stays as it is)."""
    for variable in ("XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable.lower()))
    path = key_path()
    assert path is not None
    return path


def _forge_record(project: Project, key: bytes) -> None:
    """Edit a generated file and sign a fast-path record that vouches for the edit, as
    someone who has read the key would."""
    edited = project.generated / EDITED
    edited.write_text(edited.read_text("utf-8").replace('"read_file"', '"read_fil3"'), "utf-8")
    root = user_cache_root()
    assert root is not None
    (stored,) = [p for p in root.rglob("*") if p.is_file() and p.parent.name == NAMESPACE]
    document = json.loads(stored.read_bytes().split(b"\n", 1)[1])
    document["files"][EDITED] = hashlib.sha256(edited.read_bytes()).hexdigest()
    payload = json.dumps(document, sort_keys=True).encode()
    stored.write_bytes(signed(key, Entry(NAMESPACE, stored.name, payload)))


def _group_readable(path: Path) -> tuple[str, str]:
    path.chmod(0o644)
    return (
        "may be read or written by other users (mode 0644)",
        f"chmod 600 {path}, or remove it so toolcanon makes a new one",
    )


def _a_link(path: Path) -> tuple[str, str]:
    real = path.with_name("elsewhere.key")
    path.rename(real)
    path.symlink_to(real)
    return "is a symbolic link", f"remove it so toolcanon makes a new one of yours: rm {path}"


def _another_owner(path: Path) -> tuple[str, str]:
    if os.geteuid() != 0:
        pytest.skip("giving the key to another uid needs root (os.chown)")
    os.chown(path, OTHER_UID, -1)
    return (
        f"belongs to another user (uid {OTHER_UID})",
        f"remove it so toolcanon makes a new one of yours: rm {path}",
    )


@pytest.mark.parametrize("spoil", [_group_readable, _a_link, _another_owner])
def test_an_untrusted_key_makes_check_compare_everything(
    project: Project, own_user: Path, spoil: Callable[[Path], tuple[str, str]]
) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    key = own_user.read_bytes()
    _forge_record(project, key)
    assert project.run("check").code == 0  # a private key: the signed record is believed
    problem, fix = spoil(own_user)
    warning = (
        f"{own_user}:1:1: warning[TC057]: the cache signing key {problem}: "
        f"the cache is not used ({fix})"
    )
    checked = project.run("check")
    assert checked.code == 1  # the full comparison: the edit the record vouched for is seen
    assert f"generated/{EDITED}: changed" in checked.err.splitlines()
    assert [line for line in checked.err.splitlines() if "TC057" in line] == [warning]
    generated = project.run("generate")
    assert generated.code == 0
    assert [line for line in generated.err.splitlines() if "TC057" in line] == [warning]
    assert project.run("check").diagnostics == [warning]  # current, still said once


def _key_warnings(result_err: str) -> list[str]:
    return [line for line in result_err.splitlines() if "TC057" in line]


def test_following_the_fix_trusts_the_cache_again(project: Project, own_user: Path) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("generate").code == 0
    own_user.chmod(0o640)
    assert len(_key_warnings(project.run("check").err)) == 1
    own_user.chmod(0o600)  # the fix the warning names
    checked = project.run("check")
    assert (checked.code, checked.err) == (0, "toolcanon: generated/ is up to date\n")
    own_user.unlink()
    own_user.symlink_to(own_user.with_name("gone.key"))
    assert _key_warnings(project.run("check", "--no-cache").err) == []  # no cache: no key read
    assert len(_key_warnings(project.run("generate").err)) == 1
    own_user.unlink()  # the fix the warning names for a link
    assert _key_warnings(project.run("generate").err) == []
    assert own_user.stat().st_mode & 0o777 == 0o600 and not own_user.is_symlink()
    checked = project.run("check")
    assert (checked.code, checked.err) == (0, "toolcanon: generated/ is up to date\n")
