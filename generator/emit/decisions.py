"""The decision table as code: filters that render ``policy.DECISION_RULES`` per language.

The generated ``decide`` in Python and TypeScript is a chain of ``if`` statements, one
per rule, written by the templates from these filters, so both languages (and
``policy.decide``, which reads the same rules) give the same answer for every input.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from generator.ir.policy import DECISION_RULES, DECISIONS, FIELDS_READ, When, rule_text

WRAP = 88


def py_when(rule: When) -> str:
    """The condition of a rule in the generated Python: ``fields["isReadOnly"]``."""
    read = f"fields[{json.dumps(rule.field)}]"
    return read if rule.value is True else f"{read} == {json.dumps(rule.value)}"


def ts_when(rule: When) -> str:
    """The condition of a rule in the generated TypeScript: ``tool.isReadOnly``."""
    read = f"tool.{rule.field}"
    return read if rule.value is True else f"{read} === {json.dumps(rule.value)}"


def doc_wrap(text: str, lead: str) -> str:
    """Fixed prose wrapped for a doc comment, every line starting with ``lead``."""
    return "\n".join(textwrap.wrap(text, WRAP, initial_indent=lead, subsequent_indent=lead))


FILTERS: dict[str, Callable[..., str]] = {
    "py_when": py_when,
    "ts_when": ts_when,
    "doc_wrap": doc_wrap,
    "rule_text": rule_text,
}


def context() -> dict[str, Any]:
    """What the ``decide`` templates read."""
    return {"decision_rules": DECISION_RULES, "decisions": DECISIONS, "fields_read": FIELDS_READ}
