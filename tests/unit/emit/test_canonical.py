"""emit/canonical.py: every descriptor with every field, in table order, as one JSON file."""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

from generator.emit import canonical
from generator.emit.common import GENERATED_NOTE, dump_json
from generator.ir.model import Toolset
from tests.toolsets import MERGE_INPUT, OPTIONS, READ_INPUT, sample

READ_AS_WRITTEN = {"$schema": "https://json-schema.org/draft/2020-12/schema", **READ_INPUT}
MERGE: dict[str, Any] = {
    "name": "gh::merge",
    "title": "gh::merge",
    "description": "Merge a pull request.",
    "kind": "mcp",
    "source": "mcp:gh",
    "category": "general",
    "server": "gh",
    "toolName": "merge",
    "providerName": "gh__merge",
    "inputSchema": MERGE_INPUT,
    "parameters": MERGE_INPUT,
    "outputSchema": {"type": "object", "properties": {"sha": {"type": "string"}}},
    "isReadOnly": False,
    "riskLevel": "high",
    "permissions": {},
    "telemetry": {},
    "availableInPlanMode": False,
    "requiresPlanApproval": True,
    "requiresConfirmation": True,
    "approvalFlow": "standard",
    "skill": None,
    "strict": True,
    "examples": [],
    "icons": [],
    "targets": {"exclude": []},
    "annotations": {
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": False,
        "openWorldHint": True,
    },
}
READ_FILE: dict[str, Any] = {
    "name": "read_file",
    "title": "Read file",
    "description": "Read a file — UTF-8.",
    "kind": "builtin",
    "source": "contract",
    "category": "general",
    "server": None,
    "toolName": "read_file",
    "providerName": "read_file",
    "inputSchema": READ_AS_WRITTEN,
    "parameters": READ_AS_WRITTEN,
    "isReadOnly": True,  # no outputSchema key: the contract has none
    "riskLevel": "low",
    "permissions": {},
    "telemetry": {},
    "availableInPlanMode": True,
    "requiresPlanApproval": False,
    "requiresConfirmation": False,
    "approvalFlow": "standard",
    "skill": None,
    "strict": False,
    "examples": [],
    "icons": [],
    "targets": {"exclude": []},
    "annotations": {
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": False,
        "openWorldHint": True,
    },
}


def test_the_whole_file_exactly(tmp_path: Path) -> None:
    rendered = canonical.emit(sample(tmp_path), OPTIONS)
    document = {"$comment": GENERATED_NOTE, "format": 1, "tools": [MERGE, READ_FILE]}
    assert rendered == {PurePosixPath("canonical/tools.json"): dump_json(document)}


def test_the_layout_is_two_spaces_utf8_and_a_final_newline() -> None:
    assert dump_json({"a": ["é", 1]}) == '{\n  "a": [\n    "é",\n    1\n  ]\n}\n'


def test_no_tools_is_an_empty_list() -> None:
    text = canonical.emit(Toolset((), ()), OPTIONS)[PurePosixPath("canonical/tools.json")]
    assert json.loads(text)["tools"] == []
