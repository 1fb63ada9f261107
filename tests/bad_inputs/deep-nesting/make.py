"""A schema nested 1,000 levels deep: a diagnostic, never a RecursionError."""

from pathlib import Path


def make(contracts: Path) -> None:
    schema = "{type: object}"
    for _ in range(1000):
        schema = "{type: object, properties: {a: " + schema + "}}"
    text = f"version: 1\ntools:\n  - name: deep\n    riskLevel: low\n    inputSchema: {schema}\n"
    (contracts / "deep.yaml").write_text(text, encoding="utf-8")
