"""emit/anthropic.py: the Messages API ``tools`` list: name, description, input_schema."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.emit import anthropic
from generator.emit.common import NO_INPUTS, dump_json
from generator.model import Toolset
from tests.toolsets import OPTIONS, sample


def test_the_whole_file_exactly(tmp_path: Path) -> None:
    rendered = anthropic.emit(sample(tmp_path), OPTIONS, NO_INPUTS)
    merge = {
        "name": "gh__merge",
        "description": "Merge a pull request.",
        "input_schema": {  # as written: Claude's list has no strict mode of its own here
            "type": "object",
            "properties": {
                "number": {"type": "integer"},
                "method": {"type": "string", "enum": ["merge", "squash"]},
            },
            "required": ["number"],
        },
    }
    read = {
        "name": "read_file",
        "description": "Read a file — UTF-8.",
        "input_schema": {  # without the root $schema
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    }
    assert rendered == {PurePosixPath("anthropic/tools.json"): dump_json([merge, read])}


def test_no_tools_is_an_empty_list() -> None:
    assert anthropic.emit(Toolset((), ()), OPTIONS) == {
        PurePosixPath("anthropic/tools.json"): "[]\n"
    }
