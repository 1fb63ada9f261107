"""emit/mcp.py: one ``tools/list`` result per server, the builtin server from the options."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from generator.emit import mcp
from generator.emit.common import dump_json
from generator.ir.model import Toolset
from tests.toolsets import MERGE_INPUT, OPTIONS, READ_INPUT, sample

MERGE = {
    "name": "merge",  # the name inside its server
    "title": "gh::merge",
    "description": "Merge a pull request.",
    "inputSchema": MERGE_INPUT,
    "outputSchema": {"type": "object", "properties": {"sha": {"type": "string"}}},
    "annotations": {
        "title": "gh::merge",
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": False,
        "openWorldHint": True,
    },
    "_meta": {
        "dev.toolcanon/permissions": {
            "riskLevel": "high",
            "availableInPlanMode": False,
            "requiresPlanApproval": True,
            "requiresConfirmation": True,
            "approvalFlow": "standard",
            "category": "general",
            "kind": "mcp",
        }
    },
}
READ_FILE = {
    "name": "read_file",
    "title": "Read file",
    "description": "Read a file — UTF-8.",
    "inputSchema": {  # exactly as written: MCP takes 2020-12 and allows $schema
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **READ_INPUT,
    },
    "annotations": {
        "title": "Read file",
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": False,
        "openWorldHint": True,
    },
    "_meta": {
        "dev.toolcanon/permissions": {
            "riskLevel": "low",
            "availableInPlanMode": True,
            "requiresPlanApproval": False,
            "requiresConfirmation": False,
            "approvalFlow": "standard",
            "category": "general",
            "kind": "builtin",
        }
    },
}


def _digested(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with its digest, computed here from the definition: sha256 of the JSON
    with sorted keys and no spaces, UTF-8, before the digest key is added."""
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    return {**entry, "_meta": {**entry["_meta"], "dev.toolcanon/digest": digest}}


def test_one_file_per_server_exactly(tmp_path: Path) -> None:
    assert mcp.emit(sample(tmp_path), OPTIONS) == {
        PurePosixPath("mcp/builtin.json"): dump_json({"tools": [_digested(READ_FILE)]}),
        PurePosixPath("mcp/gh.json"): dump_json({"tools": [_digested(MERGE)]}),
    }


def test_an_entrys_digest_leaves_out_only_itself() -> None:
    entry = _digested(MERGE)
    assert mcp.entry_digest(entry) == entry["_meta"]["dev.toolcanon/digest"]
    assert mcp.entry_digest(MERGE) == entry["_meta"]["dev.toolcanon/digest"]
    changed = {**entry, "description": entry["description"] + " "}
    assert mcp.entry_digest(changed) != mcp.entry_digest(entry)
    reordered = dict(reversed(list(entry.items())))
    assert mcp.entry_digest(reordered) == mcp.entry_digest(entry)  # key order is no change


def test_builtin_tools_go_to_the_configured_server(tmp_path: Path) -> None:
    rendered = mcp.emit(sample(tmp_path), replace(OPTIONS, builtin_server="host"))
    assert sorted(rendered) == [PurePosixPath("mcp/gh.json"), PurePosixPath("mcp/host.json")]


def test_no_tools_no_files() -> None:
    assert mcp.emit(Toolset((), ()), OPTIONS) == {}
