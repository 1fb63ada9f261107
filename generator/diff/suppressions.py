"""Accepted changes: ``[[tool.toolcanon.diff.suppress]]`` entries with rule, tool and reason.

A suppression needs a reason: the point is a reviewed record of why a breaking or
security change was let through, not a switch to silence CI.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.diff.rules import RULES, Finding
from generator.project.settings import Table

ENTRY_KEYS = ("rule", "tool", "reason")
_HEADER = "[[tool.toolcanon.diff.suppress]]"


@dataclass(frozen=True, slots=True)
class Suppression:
    """One accepted change: findings of ``rule`` on ``tool`` are reported, not failed."""

    rule: str
    tool: str
    reason: str
    position: Position

    def matches(self, rule: str, tool: str) -> bool:
        return self.rule == rule and self.tool == tool


def suppressions_of(table: Table | None) -> tuple[Suppression, ...]:
    """The suppressions the config's ``diff`` table holds; ContractError with every
    problem with them."""
    if table is None:
        return ()
    found, problems = parse_suppressions(
        table.text.display, table.text.path.read_text("utf-8"), table.value
    )
    if problems:
        raise ContractError(problems)
    return found


def parse_suppressions(
    display: str, text: str, table: Any
) -> tuple[tuple[Suppression, ...], list[Diagnostic]]:
    """Suppressions from the ``diff`` config table, and every problem with them."""
    if not isinstance(table, Mapping):
        return (), [_problem(display, _line(text, "diff"), "config key 'diff' must be a table")]
    problems = [
        _problem(
            display,
            _line(text, "diff"),
            f"unknown key 'diff.{key}'",
            "known keys: suppress, token-threshold",
        )
        for key in table
        if key not in ("suppress", "token-threshold")
    ]
    entries = table.get("suppress", [])
    if not isinstance(entries, list):
        line = _line(text, "suppress")
        return (), [*problems, _problem(display, line, "'diff.suppress' must be a list")]
    found: list[Suppression] = []
    for index, entry in enumerate(entries):
        where = Position(display, _entry_line(text, index), 1)
        suppression, trouble = _entry(where, entry)
        problems += trouble
        if suppression is not None:
            found.append(suppression)
    return tuple(found), problems


def _entry(where: Position, entry: Any) -> tuple[Suppression | None, list[Diagnostic]]:
    if not isinstance(entry, Mapping):
        return None, [_at(where, "a diff suppression must be a table", None)]
    problems = [
        _at(where, f"unknown key '{key}' in a diff suppression", f"use {', '.join(ENTRY_KEYS)}")
        for key in entry
        if key not in ENTRY_KEYS
    ]
    for key in ENTRY_KEYS:
        value = entry.get(key)
        if not isinstance(value, str) or not value.strip():
            hint = "say why this change is accepted" if key == "reason" else None
            problems.append(_at(where, f"a diff suppression needs a non-empty '{key}'", hint))
    rule = entry.get("rule")
    if isinstance(rule, str) and rule.strip() and rule not in RULES:
        match = difflib.get_close_matches(rule, list(RULES), n=1)
        hint = f"did you mean '{match[0]}'?" if match else "see 'toolcanon diff' rules in README"
        problems.append(_at(where, f"unknown diff rule '{rule}'", hint))
    if problems:
        return None, problems
    return Suppression(entry["rule"], entry["tool"], entry["reason"].strip(), where), []


def _entry_line(text: str, index: int) -> int:
    """The line of the ``index``-th ``[[tool.toolcanon.diff.suppress]]`` header."""
    headers = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == _HEADER]
    return headers[index] if index < len(headers) else _line(text, "suppress")


def _line(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith((f"{key} ", f"{key}=", f"{key}:", f"[tool.toolcanon.{key}")):
            return number
    return 1


def _problem(display: str, line: int, message: str, hint: str | None = None) -> Diagnostic:
    return _at(Position(display, line, 1), message, hint)


def _at(where: Position, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(where, message, "TC051", hint=hint)


def apply_suppressions(
    findings: list[Finding], suppressions: tuple[Suppression, ...]
) -> tuple[tuple[Finding, ...], tuple[Suppression, ...]]:
    """Findings with the reason of the suppression that matches them, and unused entries."""
    used: set[Suppression] = set()
    marked = []
    for finding in findings:
        match = next((s for s in suppressions if s.matches(finding.rule.id, finding.tool)), None)
        if match is not None:
            used.add(match)
            finding = replace(finding, suppressed=match.reason)
        marked.append(finding)
    return tuple(marked), tuple(s for s in suppressions if s not in used)
