"""A 20 MB contract: refused by size before it is parsed."""

from pathlib import Path


def make(contracts: Path) -> None:
    filler = "    # " + "x" * 1000 + "\n"
    body = "version: 1\ntools:\n" + filler * 20_000
    (contracts / "huge.yaml").write_text(body, encoding="utf-8")
