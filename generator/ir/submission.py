"""The ChatGPT app submission file (schema version 1) as facts of the descriptors.

The submission form of OpenAI's app directory imports a file that says, per tool of the
app's MCP server, its three hints (``readOnlyHint``, ``openWorldHint``,
``destructiveHint``) each with a justification, and carries the form's test cases:
prompts that should call a tool, and prompts the app must leave alone. The emitter
writes what this module derives, and the submission check warns where a person still
has to write prose, so the two can never disagree about a tool.

OpenAI reads ``openWorldHint`` as "the tool can change publicly visible internet state"
(post, publish, send outside the user's account); MCP's is "the tool reaches outside
the host". A tool's ``submission.openWorldHint`` gives OpenAI's value where they differ.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from generator.ir.model import ToolDescriptor, thaw
from generator.ir.options import EmitOptions

TARGET: Final = "chatgpt-submission"
SCHEMA_URL: Final = "https://developers.openai.com/apps-sdk/schemas/chatgpt-app-submission.v1.json"
SCHEMA_VERSION: Final = 1
CATEGORIES: Final = (
    "BUSINESS",
    "COLLABORATION",
    "DESIGN",
    "DEVELOPER_TOOLS",
    "EDUCATION",
    "ENTERTAINMENT",
    "FINANCE",
    "FOOD",
    "LIFESTYLE",
    "NEWS",
    "PRODUCTIVITY",
    "SHOPPING",
    "TRAVEL",
)
SUBTITLE_MAX: Final = 30
DESCRIPTION_MAX: Final = 4000  # app_info.description and a test case's description
# The schema's minItems; the upload form takes exactly this many, so no more are written.
TEST_CASES: Final = 5
NEGATIVE_TEST_CASES: Final = 3
NEGATIVE_DESCRIPTION: Final = "A request the app does not serve: no tool of it is called."


@dataclass(frozen=True, slots=True)
class Hint:
    """One hint of the form: its key, the contract key of its justification, the file's."""

    key: str
    contract_key: str
    file_key: str


HINTS: Final = (
    Hint("readOnlyHint", "readOnlyJustification", "read_only_justification"),
    Hint("openWorldHint", "openWorldJustification", "open_world_justification"),
    Hint("destructiveHint", "destructiveJustification", "destructive_justification"),
)


@dataclass(frozen=True, slots=True)
class PromptCase:
    """One positive test case: a user prompt that calls ``tool`` with an example's
    arguments."""

    tool: ToolDescriptor
    example: int  # index into the tool's examples
    prompt: str

    def as_json(self) -> dict[str, Any]:
        return {
            "description": _case_description(self.tool, self.example),
            "user_prompt": self.prompt,
            "tools_triggered": self.tool.tool_name,
        }


def submission_tools(
    toolset: Iterable[ToolDescriptor], options: EmitOptions
) -> list[ToolDescriptor]:
    """The tools of the app: every tool its server lists (the form reviews what the
    server serves, so none is left out), in canonical order."""
    server = options.submission_server
    return [tool for tool in toolset if (tool.server or options.builtin_server) == server]


def own(tool: ToolDescriptor) -> Mapping[str, Any]:
    """The tool's ``submission:`` block (empty when it has none)."""
    return tool.submission if tool.submission is not None else {}


def hint_values(tool: ToolDescriptor) -> dict[str, bool]:
    """The three hints as the form reads them: openWorldHint in OpenAI's meaning when
    the contract gives it, else the MCP listing's value."""
    open_world = own(tool).get("openWorldHint", tool.open_world_hint)
    return {
        "readOnlyHint": tool.is_read_only,
        "openWorldHint": bool(open_world),
        "destructiveHint": tool.destructive_hint,
    }


def missing(tool: ToolDescriptor) -> list[Hint]:
    """The hints whose justification the contract does not write."""
    block = own(tool)
    return [hint for hint in HINTS if hint.contract_key not in block]


def justifications(tool: ToolDescriptor) -> dict[str, str]:
    """Each hint's justification: the contract's, else a sentence naming the contract
    fact the hint comes from (valid for the form; the check warns that it is not prose
    a person wrote)."""
    block, values = own(tool), hint_values(tool)
    return {
        hint.file_key: str(block.get(hint.contract_key) or _derived(hint.key, values[hint.key]))
        for hint in HINTS
    }


_DERIVED: Final = {
    ("readOnlyHint", True): "The contract declares isReadOnly: the tool changes nothing.",
    ("readOnlyHint", False): "The contract does not declare the tool read-only: a call may"
    " change data.",
    ("openWorldHint", True): "The contract's openWorldHint is true: a call may reach beyond"
    " the user's account.",
    ("openWorldHint", False): "The contract's openWorldHint is false: a call stays within the"
    " user's account.",
    ("destructiveHint", True): "The contract's destructiveHint is true: a call may delete or"
    " overwrite data.",
    ("destructiveHint", False): "The contract's destructiveHint is false: a call deletes and"
    " overwrites nothing.",
}


def _derived(key: str, value: bool) -> str:
    return _DERIVED[(key, value)]


def prompt_cases(tools: Iterable[ToolDescriptor]) -> list[PromptCase]:
    """Every test case the tools give: one per example that has a prompt, in tool and
    example order."""
    found = []
    for tool in tools:
        prompts = own(tool).get("prompts", ())
        found += [PromptCase(tool, i, str(p)) for i, p in enumerate(prompts[: len(tool.examples)])]
    return found


def _case_description(tool: ToolDescriptor, example: int) -> str:
    arguments = json.dumps(
        thaw(tool.examples[example]), ensure_ascii=False, separators=(", ", ": ")
    )
    text = f"Calls {tool.tool_name} with {arguments}"
    if len(text) <= DESCRIPTION_MAX:
        return text
    return f"Calls {tool.tool_name} with the arguments of its example {example + 1}"
