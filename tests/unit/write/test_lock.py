"""write/lock: the bounded lock two runs writing one output folder take.

The other holder is a real process (``flock`` as a second run sees it, named in
``/proc/locks``) or a thread with its own descriptor; waits are bounded by the lock's
own tiny timeouts, and a thread that should never block is joined with a generous
bound that only turns a hang into a failure.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from generator.write import lock
from generator.write.lock import LockTimeout, holder, locked, try_locked

T = TypeVar("T")
HANG = 10.0  # seconds after which a call that must not wait is taken as hung
HOLD = """
import sys
from pathlib import Path
from generator.write.lock import locked
with locked(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "project"
    path.mkdir()
    return path


@pytest.fixture
def held_by_process(folder: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the lock on ``folder`` until the test ends."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline() == "held\n"
    yield child
    child.stdin.close()
    assert child.wait(timeout=HANG) == 0


def _in_thread(call: Callable[[], T]) -> T:
    """``call()``'s result, failing (instead of hanging) when it blocks."""
    results: list[T] = []
    worker = threading.Thread(target=lambda: results.append(call()), daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive(), "the call blocked"
    return results[0]


def _gave_up(
    folder: Path, timeout: float, on_wait: Callable[[str], None] | None = None
) -> LockTimeout:
    """The LockTimeout of waiting ``timeout`` s for the lock (in a thread: never a hang)."""

    def attempt() -> LockTimeout | None:
        try:
            with locked(folder, timeout=timeout, on_wait=on_wait):
                return None
        except LockTimeout as exc:
            return exc

    found = _in_thread(attempt)
    assert found is not None, "entered a lock another process holds"
    return found


def _try(folder: Path) -> bool:
    with try_locked(folder) as got:
        return got


def test_the_timeout_names_the_holding_process_and_what_to_do(
    folder: Path, held_by_process: subprocess.Popen[str]
) -> None:
    gave_up = _gave_up(folder, 0.1)
    assert str(gave_up) == (
        f"gave up after 0.1 s waiting for the lock on project/ held by pid "
        f"{held_by_process.pid} (another toolcanon generating there?); run again when it "
        "is done, or pass --lock-timeout SECONDS"
    )
    assert gave_up.holder == held_by_process.pid
    assert holder(folder) == held_by_process.pid


def test_the_timeout_says_another_process_when_the_holder_is_unknown(
    folder: Path, held_by_process: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lock, "holder", lambda _folder: None)
    gave_up = _gave_up(folder, 0.05)
    assert "held by another process (another toolcanon" in str(gave_up)
    assert gave_up.holder is None


def test_a_waiting_run_says_so_once_with_the_holder(
    folder: Path, held_by_process: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lock, "NOTICE_AFTER", 0.0)
    told: list[str] = []
    _gave_up(folder, 0.3, told.append)
    assert told == [
        f"waiting for another toolcanon (pid {held_by_process.pid}) writing into project/ "
        "(giving up after 0.3 s)"
    ]


def test_a_second_holder_waits_until_the_first_releases(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lock, "NOTICE_AFTER", 0.0)
    waiting, entered = threading.Event(), threading.Event()

    def second() -> None:
        with locked(folder, timeout=HANG, on_wait=lambda _message: waiting.set()):
            entered.set()

    with locked(folder):
        worker = threading.Thread(target=second, daemon=True)
        worker.start()
        assert waiting.wait(HANG), "the second holder never found the lock held"
        assert not entered.is_set()  # it is waiting, not inside
    assert entered.wait(HANG), "the second holder did not get the released lock"
    worker.join(HANG)


def test_a_free_lock_is_taken_without_any_notice(folder: Path) -> None:
    told: list[str] = []
    with locked(folder, timeout=0.0, on_wait=told.append):
        assert _in_thread(lambda: _try(folder)) is False  # really held meanwhile
    assert told == []


def test_try_locked_never_waits_for_another_process(
    folder: Path, held_by_process: subprocess.Popen[str]
) -> None:
    assert _in_thread(lambda: _try(folder)) is False


def test_try_locked_takes_a_free_lock_and_holds_it_inside_the_block(folder: Path) -> None:
    with try_locked(folder) as got:
        assert got is True
        assert _in_thread(lambda: _try(folder)) is False
    assert _try(folder) is True


def test_try_locked_on_a_missing_folder_is_false(tmp_path: Path) -> None:
    assert _try(tmp_path / "missing") is False


def test_the_lock_is_released_when_the_block_raises(folder: Path) -> None:
    with pytest.raises(RuntimeError, match="boom"), locked(folder):
        raise RuntimeError("boom")
    assert _try(folder) is True
    with locked(folder, timeout=0.0):
        pass  # a zero wait succeeds only when nothing holds it


def test_holder_is_none_for_a_folder_nobody_locks(folder: Path) -> None:
    assert holder(folder) is None
