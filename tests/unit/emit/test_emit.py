"""generator/emit: every emitter is a pure function of (Toolset, EmitOptions, Inputs).

Each target is emitted twice, from Toolsets resolved out of two different folders, in
two different working directories, environments and clocks: the bytes must not
change. While it runs, a process audit hook (PEP 578) records what it touches: it
may read toolcanon's own package and templates and the Python installation (lazy
imports, the tokenizer's vocabulary), and nothing else — no contract file, no
working directory, no cache, no process, no socket.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from generator.core.fingerprint import PACKAGE_DIR, templates_dir
from generator.core.targets import TARGETS, Target
from generator.emit import emit_targets, emitter, enabled_targets
from generator.emit.common import Inputs
from generator.ir.model import Toolset
from generator.models.build import ModelSource
from tests.toolsets import OPTIONS, inputs, sample

READS = {"open", "os.listdir", "os.scandir"}
FORBIDDEN = {
    "subprocess.Popen",
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.fork",
    "socket.connect",
    "socket.getaddrinfo",
    "os.remove",
    "os.rename",
    "os.mkdir",
    "shutil.rmtree",
}
INSTALLED = tuple(
    Path(p).resolve() for p in (PACKAGE_DIR, templates_dir(), sys.prefix, sys.base_prefix)
)
_LOGS: list[list[tuple[str, str]]] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _LOGS and (event in READS or event in FORBIDDEN):
        _LOGS[-1].append((event, str(args[0]) if args else ""))


sys.addaudithook(_audit)  # cannot be removed: it records only inside ``touched()``


@contextmanager
def touched() -> Iterator[list[tuple[str, str]]]:
    """What the code inside touches outside the installation."""
    log: list[tuple[str, str]] = []
    _LOGS.append(log)
    try:
        yield log
    finally:
        _LOGS.pop()
        log[:] = [(event, target) for event, target in log if not _installed(event, target)]


def _installed(event: str, target: str) -> bool:
    if event not in READS or not target or target.isdigit():  # os.open(fd) and the like
        return False
    path = Path(target)
    path = path if path.is_absolute() else Path.cwd() / path
    return any(path.resolve().is_relative_to(root) for root in INSTALLED)


MODELS = ModelSource((("gh::merge", "GhMergeInput"), ("read_file", "ReadFileInput")), "")
OUTPUTS = ModelSource((("gh::merge", "GhMergeOutput"),), "")


EVERY = replace(OPTIONS, targets=tuple(t.name for t in TARGETS))


def given(found: Toolset) -> Inputs:
    """What the profile stage hands the emitters when every target is on."""
    return Inputs(adapted=inputs(found, EVERY).adapted, models=MODELS, outputs=OUTPUTS)


def emit_once(target: Target, folder: Path) -> dict[PurePosixPath, str]:
    found = sample(folder)
    return emitter(target)(found, EVERY, given(found))


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_an_emitter_reads_nothing_but_its_arguments(
    target: Target, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = tmp_path / "here", tmp_path / "elsewhere" / "deeper"
    here.mkdir()
    there.mkdir(parents=True)
    monkeypatch.chdir(here)
    first = emit_once(target, here)
    monkeypatch.chdir(there)
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    monkeypatch.setenv("HOME", str(there))
    monkeypatch.setattr(time, "time", lambda: 4_102_444_800.0)
    monkeypatch.setattr(time, "time_ns", lambda: 4_102_444_800 * 10**9)
    found = sample(there)
    handed = given(found)
    with touched() as log:
        second = emitter(target)(found, EVERY, handed)
    assert log == []
    assert second == first
    assert str(tmp_path) not in "".join(first.values())


def test_two_targets_writing_one_path_is_a_bug_not_a_silent_overwrite(tmp_path: Path) -> None:
    twice = (TARGETS[0], TARGETS[0])
    with pytest.raises(RuntimeError, match="targets disagree about who writes canonical"):
        emit_targets(sample(tmp_path), OPTIONS, twice)


def test_enabled_targets_come_in_table_order_with_the_implied_ones() -> None:
    options = replace(OPTIONS, targets=("docs", "anthropic"))
    assert [t.name for t in enabled_targets(options)] == ["anthropic", "names", "views", "docs"]


def test_the_audit_sees_a_read_outside_the_installation(tmp_path: Path) -> None:
    """The guard above can fail: reading a contract is noticed."""
    (tmp_path / "c.yaml").write_text("x", encoding="utf-8")
    with touched() as log:
        (tmp_path / "c.yaml").read_text(encoding="utf-8")
        os.listdir(tmp_path)
    assert [event for event, _ in log] == ["open", "os.listdir"]
