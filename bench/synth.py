"""Seeded synthetic contracts: many realistic, varied tools for benchmarks.

``make_contracts(n_tools, seed, out_dir)`` writes YAML contract files that pass
``toolcanon validate``: builtin files by category and MCP server files, tools with
nested objects, arrays (of objects too), enums, nullable fields, ``anyOf``, patterns,
``$defs``/``$ref`` (some recursive), long and non-ASCII descriptions and every
combination of the permission fields. Same arguments, same files.

    python bench/synth.py OUT_DIR [--count 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

import yaml

CATEGORIES = ("filesystem", "search", "shell", "web", "vcs", "database", "agent", "docs")
SERVERS = ("github", "postgres", "jira", "slack", "sentry", "figma")
VERBS = ("get", "list", "create", "update", "delete", "search", "run", "sync", "read", "write")
NOUNS = ("file", "issue", "page", "record", "branch", "table", "message", "job", "user", "doc")
WORDS = ("path", "query", "limit", "offset", "owner", "repo", "title", "body", "labels", "mode")
WORDS += ("timeout", "format", "filter", "cursor", "recursive", "encoding", "target", "tags")
TEXTS = (
    "Read part of a resource.",
    'Says "hello" and it\'s fine.',
    "Backslash \\ and triple quotes ''' \"\"\" in text.",
    "读取工作区中的文本文件。",
    "Émoji 🚀 and accents: café, naïve.",
    "Line one.\nLine two with a tab\tinside.",
    "A long description, as real tools have: " + "it explains the inputs, the limits, " * 12,
)
TREE = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
    },
    "required": ["name"],
}
TOOLS_PER_FILE = 25
BUILTIN_SHARE = 0.6


def make_contracts(
    n_tools: int, seed: int, out_dir: Path, *, recursive_left_out_of: tuple[str, ...] = ()
) -> list[Path]:
    """Write ``n_tools`` tools as contract files under ``out_dir``; return the files written.

    ``recursive_left_out_of``: targets the tools with a recursive schema are left out of
    (``targets.exclude``), for targets that cannot take recursion (gemini-openapi).
    """
    rng = random.Random(seed)
    n_builtin = round(n_tools * BUILTIN_SHARE)
    groups: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
    for index in range(n_tools):
        server = None if index < n_builtin else SERVERS[index % len(SERVERS)]
        category = rng.choice(CATEGORIES)
        tool = _tool(rng, index, category)
        if recursive_left_out_of and "tree" in tool["inputSchema"]["properties"]:
            tool["targets"] = {"exclude": list(recursive_left_out_of)}
        groups.setdefault((category if server is None else server, server), []).append(tool)
    written = []
    for (group, server), tools in sorted(groups.items(), key=lambda item: item[0][0]):
        for part in range(0, len(tools), TOOLS_PER_FILE):
            folder = out_dir / ("mcp" if server else "core")
            path = folder / f"{group}-{part // TOOLS_PER_FILE:03d}.yaml"
            _write(path, server, tools[part : part + TOOLS_PER_FILE])
            written.append(path)
    return written


def _write(path: Path, server: str | None, tools: list[dict[str, Any]]) -> None:
    document: dict[str, Any] = {"version": 1}
    if server:
        document["server"] = server
    document["tools"] = tools
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(text, encoding="utf-8")


def _tool(rng: random.Random, index: int, category: str) -> dict[str, Any]:
    schema = _object_schema(rng, depth=0)
    roll = rng.random()
    if roll < 0.15:
        schema["$defs"] = {"item": _object_schema(rng, depth=2)}
        schema["properties"]["item"] = {"$ref": "#/$defs/item"}
    elif roll < 0.2:  # a recursive definition
        schema["$defs"] = {"node": TREE}
        schema["properties"]["tree"] = {"$ref": "#/$defs/node"}
    tool: dict[str, Any] = {
        "name": f"{rng.choice(VERBS)}_{rng.choice(NOUNS)}_{index}",
        "title": f"Tool {index}",
        "description": rng.choice(TEXTS),
        "category": category,
        "riskLevel": rng.choice(("low", "medium", "high")),
        **_permission_fields(rng),
        "inputSchema": schema,
    }
    props = list(schema["properties"])
    if rng.random() < 0.5:
        tool["telemetry"] = {"category": category, "trackArgs": rng.sample(props, k=1)}
    return tool


def _permission_fields(rng: random.Random) -> dict[str, Any]:
    read_only = rng.random() < 0.5
    in_plan = read_only and rng.random() < 0.7
    fields: dict[str, Any] = {"isReadOnly": read_only, "availableInPlanMode": in_plan}
    if not in_plan:
        fields["requiresPlanApproval"] = rng.random() < 0.8
    fields["requiresConfirmation"] = rng.random() < 0.2
    return fields


def _object_schema(rng: random.Random, depth: int) -> dict[str, Any]:
    names = rng.sample(WORDS, k=rng.randint(1, 6))
    properties = {name: _value_schema(rng, depth + 1) for name in names}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [name for name in names if rng.random() < 0.5]
    if required:
        schema["required"] = required
    if rng.random() < 0.8:
        schema["additionalProperties"] = False
    return schema


def _value_schema(rng: random.Random, depth: int) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.3:
        schema: dict[str, Any] = {"type": "string", "description": rng.choice(TEXTS)}
        if rng.random() < 0.3:
            schema["minLength"] = 1
        if rng.random() < 0.2:
            schema["pattern"] = "^[a-z0-9_-]+$"
        return schema
    if roll < 0.45:
        return {"type": "integer", "minimum": 0, "maximum": rng.choice((10, 100, 10_000))}
    if roll < 0.55:
        return {"type": "number", "exclusiveMinimum": 0}
    if roll < 0.65:
        return {"type": "boolean", "default": rng.random() < 0.5}
    if roll < 0.75:
        return {"type": "string", "enum": rng.sample(NOUNS, k=3)}
    if roll < 0.82:
        return {"type": ["string", "null"], "default": None}
    if roll < 0.86:
        return {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    if roll < 0.92 or depth >= 2:
        return {"type": "array", "items": {"type": "string"}, "maxItems": 20}
    if roll < 0.96:
        return {"type": "array", "items": _object_schema(rng, depth + 1)}
    return _object_schema(rng, depth + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    written = make_contracts(args.count, args.seed, args.out_dir)
    print(f"{args.count} tools in {len(written)} files under {args.out_dir}")


if __name__ == "__main__":
    main()
