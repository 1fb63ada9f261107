"""emit/openai.py: Chat Completions and Responses tool lists, parameters from the profile stage."""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

from generator.emit import openai
from generator.emit.common import Inputs, dump_json
from generator.ir.model import Toolset, freeze
from generator.profiles.openai import to_openai
from generator.profiles.stage import Adapted
from tests.toolsets import OPTIONS, READ_INPUT, inputs, sample, toolset

CHAT = PurePosixPath("openai/chat-completions.json")
RESPONSES = PurePosixPath("openai/responses.json")


def given(schemas: dict[str, Any]) -> Inputs:
    """Inputs as if the OpenAI profile had decided ``schemas`` (tool → schema or None)."""
    adapted = {name: Adapted(freeze(schema), ()) for name, schema in schemas.items()}
    return Inputs(adapted=MappingProxyType({"openai": MappingProxyType(adapted)}))


def test_both_files_exactly_with_the_parameters_the_profile_decided(tmp_path: Path) -> None:
    found = sample(tmp_path)
    rendered = openai.emit(found, OPTIONS, given({"gh::merge": {"m": 1}, "read_file": {"r": 2}}))
    merge = ("gh__merge", "Merge a pull request.", {"m": 1}, True)
    read = ("read_file", "Read a file — UTF-8.", {"r": 2}, False)
    fields = [
        {"name": name, "description": text, "parameters": schema, "strict": strict}
        for name, text, schema, strict in (merge, read)
    ]
    output = {"output_schema": {"type": "object", "properties": {"sha": {"type": "string"}}}}
    assert rendered == {
        CHAT: dump_json([{"type": "function", "function": f} for f in fields]),
        # Responses alone takes the outputSchema (merge has one, read_file none).
        RESPONSES: dump_json(
            [{"type": "function", **fields[0], **output}, {"type": "function", **fields[1]}]
        ),
    }


def test_a_tool_the_profile_cannot_send_is_left_out_of_both_files(tmp_path: Path) -> None:
    found = sample(tmp_path)
    rendered = openai.emit(found, OPTIONS, given({"gh::merge": None, "read_file": {}}))
    assert [entry["name"] for entry in _json(rendered[RESPONSES])] == ["read_file"]
    assert [entry["function"]["name"] for entry in _json(rendered[CHAT])] == ["read_file"]
    nothing = openai.emit(found, OPTIONS, given({"gh::merge": None, "read_file": None}))
    assert nothing == {CHAT: "[]\n", RESPONSES: "[]\n"}
    assert openai.emit(Toolset((), ()), OPTIONS, given({})) == nothing


def test_with_the_real_profile_stage(tmp_path: Path) -> None:
    found = sample(tmp_path)
    entries = _json(openai.emit(found, OPTIONS, inputs(found))[RESPONSES])
    merge = found.tools[0]
    assert entries[0]["parameters"] == to_openai(merge.input_schema, strict=True).schema
    assert entries[1]["parameters"] == READ_INPUT  # the mirror, without $schema


def _json(text: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(text)
    return found


FIELDS = """
version: 1
tools:
  - name: search
    description: S.
    riskLevel: low
    deferLoading: true
    allowedCallers: [code_execution_20260120, programmatic, direct]
    inputSchema: {type: object, properties: {q: {type: string}}}
    outputSchema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties: {hits: {type: integer}}
"""


def test_responses_alone_gets_the_provider_fields_and_its_sdk_type_takes_them(
    tmp_path: Path,
) -> None:
    found = toolset(tmp_path, FIELDS)
    rendered = openai.emit(found, OPTIONS, inputs(found))
    (entry,) = _json(rendered[RESPONSES])
    assert entry == {
        "type": "function",
        "name": "search",
        "description": "S.",
        "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
        "strict": False,
        "defer_loading": True,
        "allowed_callers": ["programmatic", "direct"],  # Claude's value left out, order kept
        "output_schema": {"type": "object", "properties": {"hits": {"type": "integer"}}},
    }
    adapter: TypeAdapter[Any] = TypeAdapter(FunctionToolParam)
    assert adapter.validate_python(entry, strict=True) == entry  # nothing unknown dropped
    (chat,) = _json(rendered[CHAT])
    assert list(chat["function"]) == ["name", "description", "parameters", "strict"]
