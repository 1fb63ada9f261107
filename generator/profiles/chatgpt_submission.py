"""What the ChatGPT app submission still needs from a person, as warnings (TC190 to TC194).

Only when the ``chatgpt-submission`` target is on: a justification a tool's contract
does not write (the file then carries a sentence naming the contract fact, which the
form accepts but a reviewer reads as no justification), a prompt with no example to
call with, fewer test cases or negative prompts than the form takes, and an app server
with no tools. Everything else the file says comes from the descriptors.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Final

from generator.core.diagnostics import COMMAND_LINE, Diagnostic, Position, Severity
from generator.ir.model import ToolDescriptor, Toolset
from generator.ir.options import EmitOptions
from generator.ir.submission import (
    NEGATIVE_TEST_CASES,
    TARGET,
    TEST_CASES,
    hint_values,
    missing,
    own,
    prompt_cases,
    submission_tools,
)

NO_JUSTIFICATION: Final = "TC190"
PROMPT_WITHOUT_EXAMPLE: Final = "TC191"
FEW_TEST_CASES: Final = "TC192"
FEW_NEGATIVE_PROMPTS: Final = "TC193"
NO_APP_TOOLS: Final = "TC194"


def submission_findings(
    toolset: Toolset, options: EmitOptions, where: Position | None
) -> list[Diagnostic]:
    """Every submission warning; none when the target is off."""
    if TARGET not in options.targets:
        return []
    at = where or Position(COMMAND_LINE, 1, 1)
    tools = submission_tools(toolset, options)
    if not tools:
        return [_no_tools(toolset, options, at)]
    found = [d for tool in tools for d in _tool_findings(tool)]
    return [*found, *_count_findings(tools, options, at)]


def _tool_findings(tool: ToolDescriptor) -> list[Diagnostic]:
    found = []
    absent = missing(tool)
    if absent:
        values = hint_values(tool)
        named = ", ".join(hint.contract_key for hint in absent)
        stated = ", ".join(f"{hint.key} is {str(values[hint.key]).lower()}" for hint in absent)
        message = f"{TARGET}: no {named}: the form asks why {stated}"
        hint = f"write submission: {{{absent[0].contract_key}: …}}: what the tool does that"
        hint += " makes the hint so"
        found.append(_at(tool, ("submission",), message, NO_JUSTIFICATION, hint))
    prompts = own(tool).get("prompts", ())
    for index in range(len(tool.examples), len(prompts)):
        message = f"{TARGET}: prompt {index + 1} has no example to call the tool with"
        hint = f"add example {index + 1} (its arguments), or remove the prompt"
        found.append(
            _at(tool, ("submission", "prompts", index), message, PROMPT_WITHOUT_EXAMPLE, hint)
        )
    return found


def _count_findings(
    tools: Sequence[ToolDescriptor], options: EmitOptions, at: Position
) -> list[Diagnostic]:
    found = []
    cases = len(prompt_cases(tools))
    if cases < TEST_CASES:
        message = (
            f"{TARGET}: the app's tools give {cases} test case{_s(cases)}; the form takes"
            f" {TEST_CASES}: {TEST_CASES - cases} more needed"
        )
        hint = "a tool's submission.prompts gives one test case per example it has a prompt for"
        found.append(_warning(at, message, FEW_TEST_CASES, hint))
    negative = len(options.submission.negative_prompts)
    if negative < NEGATIVE_TEST_CASES:
        message = (
            f"{TARGET}: {negative} negative prompt{_s(negative)}; the form takes"
            f" {NEGATIVE_TEST_CASES}: {NEGATIVE_TEST_CASES - negative} more needed"
        )
        hint = f"list requests the app must not act on in {TARGET}.negative-prompts"
        found.append(_warning(at, message, FEW_NEGATIVE_PROMPTS, hint))
    return found


def _no_tools(toolset: Toolset, options: EmitOptions, at: Position) -> Diagnostic:
    server = options.submission_server
    servers = toolset.listed_servers(options.builtin_server)
    match = difflib.get_close_matches(server, servers, n=1)
    hint = f"did you mean '{match[0]}'?" if match else f"servers: {', '.join(servers) or 'none'}"
    message = f"{TARGET}: server '{server}' has no tools to submit"
    return _warning(at, f"{message}; set {TARGET}.server to the app's server", NO_APP_TOOLS, hint)


def _at(
    tool: ToolDescriptor, path: tuple[str | int, ...], message: str, code: str, hint: str
) -> Diagnostic:
    where = tool.where.locate(path)
    return Diagnostic(where, message, code, Severity.WARNING, tool=tool.name, path=path, hint=hint)


def _warning(at: Position, message: str, code: str, hint: str) -> Diagnostic:
    return Diagnostic(at, message, code, Severity.WARNING, hint=hint)


def _s(count: int) -> str:
    return "" if count == 1 else "s"
