"""A plan's files: large ones kept deflated, every read gives back the bytes added."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from generator.write.compare import compare
from generator.write.output import write
from generator.write.plan import Plan
from generator.write.planfiles import PACK_FROM, PlanFiles, replaced

BIG = ("é🚀 " * (PACK_FROM // 3)).encode("utf-8")


def files() -> PlanFiles:
    found = PlanFiles()
    found.add(PurePosixPath("b/big.json"), BIG)
    found.add(PurePosixPath("a.txt"), b"small\n")
    return found


def test_every_read_gives_back_the_bytes_added() -> None:
    found = files()
    assert found[PurePosixPath("b/big.json")] == BIG
    assert dict(found) == {PurePosixPath("b/big.json"): BIG, PurePosixPath("a.txt"): b"small\n"}
    assert list(found.sorted()) == [PurePosixPath("a.txt"), PurePosixPath("b/big.json")]
    changed = replaced(found, PurePosixPath("b/big.json"), b"x")
    assert (
        changed[PurePosixPath("b/big.json")] == b"x" and found[PurePosixPath("b/big.json")] == BIG
    )
    assert replaced({PurePosixPath("a"): b"1"}, PurePosixPath("a"), b"2") == {
        PurePosixPath("a"): b"2"
    }
    with pytest.raises(RuntimeError, match="who writes"):
        found.add(PurePosixPath("a.txt"), b"again")


def test_the_writer_writes_and_compares_packed_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    plan = Plan(files())
    write(plan, out)
    assert (out / "b" / "big.json").read_bytes() == BIG
    assert compare(plan, out).drift == ()
    (out / "b" / "big.json").write_bytes(BIG + b"!")
    assert [d.kind for d in compare(plan, out).drift] == ["changed"]
