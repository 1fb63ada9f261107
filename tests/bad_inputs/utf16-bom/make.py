"""A UTF-16 file with its byte-order mark."""

from pathlib import Path


def make(contracts: Path) -> None:
    (contracts / "utf16.yaml").write_bytes("version: 1\ntools: []\n".encode("utf-16"))
