"""A 5,000-digit integer: past Python's 4,300-digit int() limit and any float's range."""

from pathlib import Path


def make(contracts: Path) -> None:
    schema = "{type: integer, maximum: " + "9" * 5000 + "}"
    body = (
        "version: 1\ntools:\n  - name: count\n    description: Count.\n    riskLevel: low\n"
        f"    inputSchema:\n      type: object\n      properties:\n        n: {schema}\n"
    )
    (contracts / "huge.yaml").write_text(body, encoding="utf-8")
