"""The chatgpt-submission target: ``chatgpt/app-submission.json``, the file the ChatGPT
app submission form imports (schema version 1).

Per tool of the app's MCP server its three hints and their justifications, the app info
the config gives, and the form's test cases: one per example that has a prompt
(``submission.prompts``) and one per negative prompt of the config, written only when
there are as many as the form takes (its ``minItems``: fewer would make the whole file
invalid; the submission check names how many are missing) and never more. The file
carries no generated-file note: the form owns its keys.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.emit.common import NO_INPUTS, Inputs, Rendered, dump_json
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions, Submission
from generator.ir.submission import (
    NEGATIVE_DESCRIPTION,
    NEGATIVE_TEST_CASES,
    SCHEMA_URL,
    SCHEMA_VERSION,
    TEST_CASES,
    hint_values,
    justifications,
    prompt_cases,
    submission_tools,
)

FILE = PurePosixPath("chatgpt", "app-submission.json")


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    tools = submission_tools(toolset, options)
    document: dict[str, Any] = {"$schema": SCHEMA_URL, "schema_version": SCHEMA_VERSION}
    info = app_info(options.submission)
    if info:
        document["app_info"] = info
    document["tools"] = {
        tool.tool_name: {"annotations": hint_values(tool), "justifications": justifications(tool)}
        for tool in tools
    }
    cases = prompt_cases(tools)
    if len(cases) >= TEST_CASES:
        document["test_cases"] = [case.as_json() for case in cases[:TEST_CASES]]
    negative = options.submission.negative_prompts
    if len(negative) >= NEGATIVE_TEST_CASES:
        document["negative_test_cases"] = [
            {"description": NEGATIVE_DESCRIPTION, "user_prompt": prompt}
            for prompt in negative[:NEGATIVE_TEST_CASES]
        ]
    return {FILE: dump_json(document)}


def app_info(settings: Submission) -> dict[str, str]:
    """The form's app info: what the config gives of it, under the form's keys."""
    given = {
        "display_name": settings.display_name,
        "subtitle": settings.subtitle,
        "description": settings.description,
        "category": settings.category,
    }
    return {key: value for key, value in given.items() if value is not None}
