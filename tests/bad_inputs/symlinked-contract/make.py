"""A contract that is a link to a file outside the project: refused, never read (a
diagnostic would otherwise print the token it holds)."""

from pathlib import Path


def make(contracts: Path) -> None:
    secret = contracts.parent.parent / "secret.yaml"
    secret.write_text("version: 1\ntools: [{name: SECRET-TOKEN-1234}]\n", encoding="utf-8")
    (contracts / "linked.yaml").symlink_to(secret)
    (contracts / "more").symlink_to(contracts.parent.parent, target_is_directory=True)
