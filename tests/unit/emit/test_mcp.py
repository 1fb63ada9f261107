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
from generator.ir.options import ServerCache
from tests.mcp_revision.judge import schema_errors, sdk_round_trip
from tests.toolsets import MERGE_INPUT, OPTIONS, READ_INPUT, sample, toolset

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


# What a server's listing says about caching when the config says nothing of it.
CONSERVATIVE = {"ttlMs": 0, "cacheScope": "private", "resultType": "complete"}


def _digested(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with its digest, computed here from the definition: sha256 of the JSON
    with sorted keys and no spaces, UTF-8, before the digest key is added."""
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    return {**entry, "_meta": {**entry["_meta"], "dev.toolcanon/digest": digest}}


def test_one_file_per_server_exactly(tmp_path: Path) -> None:
    assert mcp.emit(sample(tmp_path), OPTIONS) == {
        PurePosixPath("mcp/builtin.json"): dump_json(
            {"tools": [_digested(READ_FILE)], **CONSERVATIVE}
        ),
        PurePosixPath("mcp/gh.json"): dump_json({"tools": [_digested(MERGE)], **CONSERVATIVE}),
    }


def test_each_server_takes_its_own_cache_entry_else_the_star_one(tmp_path: Path) -> None:
    caches = (ServerCache("*", 60000, "private"), ServerCache("gh", 300000, "public"))
    rendered = mcp.emit(sample(tmp_path), replace(OPTIONS, mcp_servers=caches))
    gh = json.loads(rendered[PurePosixPath("mcp/gh.json")])
    builtin = json.loads(rendered[PurePosixPath("mcp/builtin.json")])
    assert {k: gh[k] for k in ("ttlMs", "cacheScope")} == {"ttlMs": 300000, "cacheScope": "public"}
    assert {k: builtin[k] for k in ("ttlMs", "cacheScope")} == {
        "ttlMs": 60000,
        "cacheScope": "private",
    }


ICONS = """
version: 1
server: files
tools:
  - name: zip
    description: Zip a folder.
    icons:
      - {src: "https://example.com/zip.png", mimeType: image/png, sizes: [48x48], theme: dark}
      - {src: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="}
    inputSchema: {type: object}
  - name: copy
    description: Copy a file.
    inputSchema: {type: object}
"""


def test_icons_are_passed_on_and_tools_keep_canonical_order(tmp_path: Path) -> None:
    listing = json.loads(
        mcp.emit(toolset(tmp_path, ICONS), OPTIONS)[PurePosixPath("mcp/files.json")]
    )
    assert [tool["name"] for tool in listing["tools"]] == ["copy", "zip"]
    assert "icons" not in listing["tools"][0]
    assert listing["tools"][1]["icons"] == [
        {
            "src": "https://example.com/zip.png",
            "mimeType": "image/png",
            "sizes": ["48x48"],
            "theme": "dark",
        },
        {"src": "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="},
    ]


def test_every_listing_is_a_list_tools_result_of_2026_07_28(tmp_path: Path) -> None:
    caches = (ServerCache("gh", 5, "public"),)
    found = [sample(tmp_path / "sample"), toolset(tmp_path / "icons", ICONS)]
    rendered = [mcp.emit(tools, replace(OPTIONS, mcp_servers=caches)) for tools in found]
    listings = {path: json.loads(text) for files in rendered for path, text in files.items()}
    assert len(listings) == 3
    for path, listing in listings.items():
        assert schema_errors(listing) == [], path
        assert sdk_round_trip(listing) == listing, path


def test_the_published_schema_refuses_a_listing_without_cache_fields() -> None:
    errors = schema_errors({"tools": [], "resultType": "complete"})
    assert errors == [
        "[]: 'cacheScope' is a required property",
        "[]: 'ttlMs' is a required property",
    ]


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
