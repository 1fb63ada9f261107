"""Seeded synthetic contracts for benchmarks: N tools of realistic shape, as contract files.

Schemas mix what real tool catalogues hold: required and optional strings, integers
with bounds, enums, nullable fields, arrays of objects, nested objects, ``$defs`` with
``$ref`` (one recursive), ``anyOf`` and descriptions with non-ASCII text. Same seed,
same files.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

TOOLS_PER_FILE = 50
WORDS = [
    "file",
    "path",
    "query",
    "limit",
    "offset",
    "page",
    "user",
    "repo",
    "issue",
    "label",
    "branch",
    "commit",
    "message",
    "title",
    "body",
    "status",
    "state",
    "owner",
    "region",
    "zone",
    "bucket",
    "key",
    "value",
    "tag",
    "filter",
    "sort",
    "order",
    "format",
]


def _property(rng: random.Random, depth: int) -> dict[str, Any]:
    roll = rng.random()
    described = {"description": f"The {rng.choice(WORDS)} to use — 使用的{rng.choice(WORDS)}."}
    if roll < 0.3:
        return {"type": "string", "minLength": 1, **described}
    if roll < 0.45:
        return {"type": "integer", "minimum": 0, "maximum": rng.randint(10, 10_000)}
    if roll < 0.55:
        return {"type": "boolean", "default": False}
    if roll < 0.68:
        return {"type": "string", "enum": rng.sample(WORDS, rng.randint(2, 8)), **described}
    if roll < 0.78:
        return {"type": ["string", "null"], "default": None}
    if roll < 0.85:
        return {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    if roll < 0.92 and depth < 2:
        return {"type": "array", "items": _object(rng, depth + 1), **described}
    if depth < 2:
        return _object(rng, depth + 1)
    return {"type": "number"}


def _object(rng: random.Random, depth: int) -> dict[str, Any]:
    names = rng.sample(WORDS, rng.randint(2, 6 if depth else 12))
    properties = {name: _property(rng, depth) for name in names}
    required = [n for n in names if rng.random() < 0.4]
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def input_schema(rng: random.Random) -> dict[str, Any]:
    """One tool's inputSchema; about one in five uses $defs, some of them recursively."""
    schema = _object(rng, 0)
    if rng.random() < 0.2:
        schema["$defs"] = {
            "node": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
                },
                "required": ["name"],
            }
        }
        schema["properties"]["tree"] = {"$ref": "#/$defs/node"}
    return schema


def tool(rng: random.Random, index: int) -> dict[str, Any]:
    risk = rng.choice(["low", "medium", "high"])
    read_only = risk == "low" and rng.random() < 0.7
    return {
        "name": f"{rng.choice(WORDS)}_{rng.choice(WORDS)}_{index:04d}",
        "description": f"Synthetic tool {index}: does {rng.choice(WORDS)} things.",
        "riskLevel": risk,
        "isReadOnly": read_only,
        "availableInPlanMode": read_only,
        "inputSchema": input_schema(rng),
    }


def write_contracts(folder: Path, count: int, *, seed: int = 5) -> None:
    """Write ``count`` tools into ``folder`` as contract files of 50 tools each."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    tools = [tool(rng, index) for index in range(count)]
    for start in range(0, count, TOOLS_PER_FILE):
        document: dict[str, Any] = {"version": 1, "tools": tools[start : start + TOOLS_PER_FILE]}
        if (start // TOOLS_PER_FILE) % 4 == 3:
            document["server"] = f"synthetic-{start // TOOLS_PER_FILE}"
        path = folder / f"synthetic-{start // TOOLS_PER_FILE:03d}.yaml"
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    write_contracts(args.folder, args.count, seed=args.seed)


if __name__ == "__main__":
    main()
