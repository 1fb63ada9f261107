"""emit/chatgpt_submission.py: the ChatGPT app submission file, judged by the published
schema (tests/fixtures/chatgpt_submission, draft 2020-12)."""

from __future__ import annotations

import functools
import json
from pathlib import Path, PurePosixPath
from typing import Any

import jsonschema

from generator.emit import chatgpt_submission
from generator.ir.options import EmitOptions, Submission
from tests.conftest import REPO
from tests.toolsets import toolset

SCHEMA = REPO / "tests/fixtures/chatgpt_submission/chatgpt-app-submission.v1.json"
GOLDEN = REPO / "tests/cases/chatgpt-submission/expected/chatgpt/app-submission.json"
FILE = PurePosixPath("chatgpt/app-submission.json")
OPTIONS = EmitOptions(
    targets=("mcp", "chatgpt-submission"),
    submission=Submission(server="gallery"),
)
GALLERY = """
version: 1
server: gallery
tools:
  - name: list_albums
    description: List the albums of the signed-in user.
    riskLevel: low
    isReadOnly: true
    examples: [{}, {owner: me}]
    submission:
      openWorldHint: false
      readOnlyJustification: It only reads the user's album list.
      openWorldJustification: It reads the user's own albums; nothing public changes.
      destructiveJustification: It reads; nothing is deleted or overwritten.
      prompts: [Show me my albums, Which albums do I own?]
    inputSchema:
      type: object
      properties:
        owner: {type: string}
  - name: delete_album
    description: Delete an album.
    riskLevel: high
    examples: [{album: Holidays}]
    submission:
      prompts: [Delete my Holidays album]
    inputSchema:
      type: object
      properties:
        album: {type: string}
      required: [album]
"""
OTHER = """
version: 1
server: mail
tools:
  - name: send
    description: Send a mail.
    inputSchema: {type: object}
"""


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    document = json.loads(SCHEMA.read_text("utf-8"))
    return jsonschema.Draft202012Validator(document, format_checker=jsonschema.FormatChecker())


def schema_errors(document: Any) -> list[str]:
    """What the published schema says is wrong with ``document`` (nothing: valid)."""
    errors = _validator().iter_errors(document)
    return sorted(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def _document(tmp_path: Path, options: EmitOptions = OPTIONS, text: str = GALLERY) -> Any:
    tools = toolset(tmp_path, {"gallery.yaml": text, "mail.yaml": OTHER})
    rendered = chatgpt_submission.emit(tools, options)
    assert list(rendered) == [FILE]
    return json.loads(rendered[FILE])


def test_hints_and_justifications_of_the_apps_server_only(tmp_path: Path) -> None:
    document = _document(tmp_path)
    assert document["tools"] == {
        "delete_album": {
            "annotations": {"readOnlyHint": False, "openWorldHint": True, "destructiveHint": True},
            "justifications": {  # none written: each names the contract fact it comes from
                "read_only_justification": "The contract does not declare the tool read-only:"
                " a call may change data.",
                "open_world_justification": "The contract's openWorldHint is true: a call may"
                " reach beyond the user's account.",
                "destructive_justification": "The contract's destructiveHint is true: a call"
                " may delete or overwrite data.",
            },
        },
        "list_albums": {  # OpenAI's openWorldHint from the contract, not MCP's default
            "annotations": {
                "readOnlyHint": True,
                "openWorldHint": False,
                "destructiveHint": False,
            },
            "justifications": {
                "read_only_justification": "It only reads the user's album list.",
                "open_world_justification": "It reads the user's own albums; nothing public"
                " changes.",
                "destructive_justification": "It reads; nothing is deleted or overwritten.",
            },
        },
    }
    assert schema_errors(document) == []


def test_too_few_test_cases_are_left_out_so_the_file_stays_valid(tmp_path: Path) -> None:
    document = _document(tmp_path)  # 3 prompts, 0 negative prompts
    assert "test_cases" not in document and "negative_test_cases" not in document
    assert "app_info" not in document
    assert (document["$schema"], document["schema_version"]) == (
        "https://developers.openai.com/apps-sdk/schemas/chatgpt-app-submission.v1.json",
        1,
    )
    assert schema_errors(document) == []


MANY = """
version: 1
server: gallery
tools:
  - name: find
    description: Find photos.
    riskLevel: low
    isReadOnly: true
    examples: [{q: a}, {q: b}, {q: c}, {q: d}, {q: e}, {q: f}]
    submission:
      prompts: [Find a, Find b, Find c, Find d, Find e, Find f]
    inputSchema:
      type: object
      properties:
        q: {type: string}
"""


def test_the_form_takes_exactly_five_test_cases_and_three_negative_ones(tmp_path: Path) -> None:
    negative = ("Book a flight", "What is 2 + 2?", "Write a poem", "Translate this")
    settings = Submission(server="gallery", display_name="Gallery", negative_prompts=negative)
    options = EmitOptions(targets=("chatgpt-submission",), submission=settings)
    document = _document(tmp_path, options, MANY)
    assert document["test_cases"] == [
        {"description": f'Calls find with {{"q": "{q}"}}', "user_prompt": f"Find {q}",
         "tools_triggered": "find"}
        for q in "abcde"
    ]  # fmt: skip
    description = "A request the app does not serve: no tool of it is called."
    assert document["negative_test_cases"] == [
        {"description": description, "user_prompt": prompt} for prompt in negative[:3]
    ]
    assert document["app_info"] == {"display_name": "Gallery"}
    assert schema_errors(document) == []


def test_a_huge_example_gets_a_description_the_form_takes(tmp_path: Path) -> None:
    big = "x" * 5000
    text = MANY.replace("{q: a}", "{q: " + big + "}")
    options = EmitOptions(targets=("chatgpt-submission",), submission=Submission(server="gallery"))
    first = _document(tmp_path, options, text)["test_cases"][0]
    assert first["description"] == "Calls find with the arguments of its example 1"
    assert _document(tmp_path / "again", options, text)["tools"]["find"]


def test_the_published_schema_refuses_what_the_form_refuses() -> None:
    """The judge can fail: a tool without justifications, and one test case."""
    document = {
        "$schema": "https://developers.openai.com/apps-sdk/schemas/chatgpt-app-submission.v1.json",
        "schema_version": 1,
        "tools": {"t": {"annotations": {"readOnlyHint": True}}},
        "test_cases": [{"description": "d", "user_prompt": " ", "tools_triggered": "t"}],
    }
    assert schema_errors(document) == [
        "['test_cases', 0, 'user_prompt']: ' ' does not match '\\\\S'",
        "['test_cases']: [{'description': 'd', 'user_prompt': ' ', 'tools_triggered': 't'}]"
        " is too short",
        "['tools', 't', 'annotations']: 'destructiveHint' is a required property",
        "['tools', 't', 'annotations']: 'openWorldHint' is a required property",
        "['tools', 't']: 'justifications' is a required property",
    ]


def test_the_golden_case_is_valid_against_the_published_schema() -> None:
    document = json.loads(GOLDEN.read_text("utf-8"))
    assert len(document["test_cases"]) == 5 and len(document["negative_test_cases"]) == 3
    assert schema_errors(document) == []
