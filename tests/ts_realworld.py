"""Real-world-shaped contracts for the TypeScript target, written as files a project could hold.

Dotted and numeric names, names that collide once turned into type names, ``$defs`` with
recursion, ``anyOf``/``oneOf``/``allOf``, nullable fields, tuples, a 1,000-value enum, empty
descriptions, non-ASCII text, and strings built to break naive escaping.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TRICKY = "quote\" single' back`tick ${injected} */ end\nnew line \\ 中文 émoji 🎉 \u2028 sep"
HUGE_ENUM = [f"region-{i:04d}" for i in range(1000)]

TREE: dict[str, Any] = {
    "type": "object",
    "description": "A folder tree to create.",
    "properties": {"root": {"$ref": "#/$defs/node"}, "dryRun": {"type": "boolean"}},
    "required": ["root"],
    "additionalProperties": False,
    "$defs": {
        "node": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "", "minLength": 1},
                "children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
                "mode": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^[0-7]+$"}]},
            },
            "required": ["name"],
            "additionalProperties": False,
        }
    },
}

ODD_KEYS: dict[str, Any] = {
    "type": "object",
    "description": TRICKY,
    "properties": {
        "__proto__": {"type": "string", "description": "Must stay an own property."},
        "a-b": {"type": ["number", "null"]},
        "class": {"const": TRICKY},
        "中文键": {"type": "string", "description": "非 ASCII 的属性名。", "default": TRICKY},
        "": {"type": "boolean"},
        TRICKY: {"enum": [TRICKY, "plain", 1, None]},
    },
    "required": ["__proto__", "class"],
    "additionalProperties": {"type": "string"},
}

COMBINATORS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "target": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"kind": {"const": "file"}, "path": {"type": "string"}},
                    "required": ["kind", "path"],
                },
                {
                    "type": "object",
                    "properties": {"kind": {"const": "url"}, "url": {"type": "string"}},
                    "required": ["kind", "url"],
                },
            ]
        },
        "range": {
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "integer"}],
            "items": False,
            "minItems": 2,
        },
        "meta": {
            "allOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"type": "object", "properties": {"b": {"type": "number"}}},
            ]
        },
        "notString": {"not": {"type": "string"}},
        "region": {"type": "string", "enum": HUGE_ENUM, "description": "One of 1,000 regions."},
    },
    "required": ["target"],
}


def _simple(description: str = "") -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"value": {"type": "string", "description": description}},
        "required": ["value"],
    }


CORE_TOOLS: list[dict[str, Any]] = [
    {
        "name": "files.create_tree",
        "title": "Create tree",
        "description": "Create a folder tree.",
        "riskLevel": "medium",
        "inputSchema": TREE,
        "outputSchema": {"type": "object", "properties": {"created": {"type": "integer"}}},
    },
    {
        "name": "odd_keys",
        "title": TRICKY,
        "description": TRICKY,
        "category": "tests/odd",
        "riskLevel": "low",
        "isReadOnly": True,
        "availableInPlanMode": True,
        "approvalFlow": TRICKY,
        "permissions": {"__proto__": {"x": 1}, TRICKY: [TRICKY, 1.5, None, True]},
        "telemetry": {"category": "odd", "trackArgs": ["a-b", "中文键"]},
        "inputSchema": ODD_KEYS,
    },
    {
        "name": "combinators",
        "description": "Unions, tuples, intersections and a huge enum.",
        "riskLevel": "high",
        "requiresConfirmation": True,
        "inputSchema": COMBINATORS,
    },
    # The next two turn into the same type name (ReadFile): the first in canonical order wins.
    {"name": "read-file", "description": "", "riskLevel": "low", "inputSchema": _simple()},
    {"name": "read_file", "description": "", "riskLevel": "low", "inputSchema": _simple("x")},
    # x's definition yInput becomes XInputYInput, the root type name x_input_y would want.
    {
        "name": "x",
        "description": "Has a definition whose type name another tool would take.",
        "inputSchema": {
            "type": "object",
            "properties": {"y": {"$ref": "#/$defs/yInput"}},
            "$defs": {"yInput": {"type": "string"}},
        },
    },
    {"name": "x_input_y", "description": "Collides with x's definition.", "inputSchema": _simple()},
    {
        "name": "123",
        "description": "Numeric name.",
        "riskLevel": "low",
        # Gemini refuses a function name that starts with a digit.
        "targets": {"exclude": ["gemini", "gemini-openapi"]},
        "inputSchema": _simple(),
    },
]

MCP_TOOLS: list[dict[str, Any]] = [
    {
        "name": "search.v2",
        "title": "Søg",
        "description": "Suche in der Dokumentation — 検索。",
        "riskLevel": "low",
        "isReadOnly": True,
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Suchbegriff"},
                "limit": {"type": ["integer", "null"], "default": None},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    }
]


def _yaml_text(document: dict[str, Any]) -> str:
    """JSON is YAML 1.2; line separators are escaped so the YAML reader keeps them verbatim."""
    text = json.dumps(document, ensure_ascii=False, indent=1)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + "\n"


def write_contracts(folder: Path) -> None:
    """Write the real-world contracts into ``folder`` (the contracts directory)."""
    folder.mkdir(parents=True, exist_ok=True)
    core = {"version": 1, "tools": CORE_TOOLS}
    mcp = {"version": 1, "server": "acme.search-1", "tools": MCP_TOOLS}
    (folder / "core.yaml").write_text(_yaml_text(core), encoding="utf-8")
    (folder / "mcp.yaml").write_text(_yaml_text(mcp), encoding="utf-8")
