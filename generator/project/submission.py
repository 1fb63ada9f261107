"""``chatgpt-submission``: the app a ChatGPT app submission describes.

``chatgpt-submission = {server = "gallery", display-name = "Gallery", subtitle = "…",
description = "…", category = "PRODUCTIVITY", negative-prompts = ["…", …]}``: the MCP
server that is the app (default: the builtin server), the form's app info, and prompts
the app must leave alone (the form's negative test cases). Each value is held to the
form's own rules here, at its line, so the file never fails the form's import.
"""

from __future__ import annotations

import difflib
from typing import Any

from generator.core.diagnostics import Diagnostic, Position
from generator.ir.names import is_tool_name
from generator.ir.options import Submission
from generator.ir.submission import CATEGORIES, DESCRIPTION_MAX, SUBTITLE_MAX
from generator.project.config_file import ConfigText
from generator.project.keys import config_problem

KEY = "chatgpt-submission"
TEXTS = {"display-name": None, "subtitle": SUBTITLE_MAX, "description": DESCRIPTION_MAX}
SETTINGS = ("server", *TEXTS, "category", "negative-prompts")
_HINT = f'write {KEY} = {{display-name = "…", category = "PRODUCTIVITY", …}}'


def submission_settings(text: ConfigText | None, table: Any) -> tuple[Submission, list[Diagnostic]]:
    """The checked ``chatgpt-submission`` table, and every problem in it."""
    if text is None or table is None:
        return Submission(), []
    if not isinstance(table, dict):
        return Submission(), [config_problem(text.position(KEY), f"{KEY} must be a table", _HINT)]
    problems = []
    for key, value in table.items():
        problem = _problem(key, value)
        if problem is not None:
            message, hint = problem
            problems.append(config_problem(text.nested_position((KEY, key)), message, hint))
    if problems:
        return Submission(), problems
    return _settings(table), []


def _problem(key: str, value: Any) -> tuple[str, str | None] | None:
    """What is wrong with one setting (message, hint), or None."""
    name = f"{KEY}.{key}"
    if key not in SETTINGS:
        match = difflib.get_close_matches(key, SETTINGS, n=1)
        return f"unknown key '{name}'", f"did you mean '{match[0]}'?" if match else _HINT
    if key == "server":
        ok = isinstance(value, str) and is_tool_name(value)
        return (
            None if ok else (f"{name} must be an MCP server name", "the server: of its contracts")
        )
    if key == "category":
        return None if value in CATEGORIES else _category_problem(name, value)
    if key == "negative-prompts":
        ok = isinstance(value, list) and all(_prose(item) for item in value)
        return None if ok else (f"{name} must be a list of prompts (text)", None)
    return _text_problem(name, value, TEXTS[key])


def _category_problem(name: str, value: Any) -> tuple[str, str]:
    match = difflib.get_close_matches(str(value).upper(), CATEGORIES, n=1)
    hint = f"did you mean '{match[0]}'?" if match else f"one of {', '.join(CATEGORIES)}"
    return f"{name} must be one of the form's categories, not {value!r}", hint


def _text_problem(name: str, value: Any, limit: int | None) -> tuple[str, str | None] | None:
    if not _prose(value):
        return f"{name} must be text that is not blank", None
    if limit is not None and len(value) > limit:
        return f"{name} has {len(value)} characters; the form takes at most {limit}", None
    return None


def _prose(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _settings(table: dict[str, Any]) -> Submission:
    return Submission(
        server=table.get("server"),
        display_name=table.get("display-name"),
        subtitle=table.get("subtitle"),
        description=table.get("description"),
        category=table.get("category"),
        negative_prompts=tuple(table.get("negative-prompts", ())),
    )


def table_position(text: ConfigText | None) -> Position | None:
    """Where the submission is configured (the table, else the ``targets`` list): what the
    warnings about the whole app point at."""
    if text is None:
        return None
    return text.positions.get((KEY,)) or text.position("targets")
