"""emit/anthropic.py: the Messages API ``tools`` list: name, description, input_schema."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.emit import anthropic
from generator.emit.common import NO_INPUTS, dump_json
from generator.model import Toolset
from tests.toolsets import MERGE_INPUT, OPTIONS, READ_INPUT, sample


def test_the_whole_file_exactly(tmp_path: Path) -> None:
    rendered = anthropic.emit(sample(tmp_path), OPTIONS, NO_INPUTS)
    merge = {
        "name": "gh__merge",
        "description": "Merge a pull request.",
        "input_schema": MERGE_INPUT,  # as written: no strict form for Claude here
    }
    read = {
        "name": "read_file",
        "description": "Read a file — UTF-8.",
        "input_schema": READ_INPUT,  # without the root $schema
    }
    assert rendered == {PurePosixPath("anthropic/tools.json"): dump_json([merge, read])}


def test_no_tools_is_an_empty_list() -> None:
    assert anthropic.emit(Toolset((), ()), OPTIONS) == {
        PurePosixPath("anthropic/tools.json"): "[]\n"
    }
