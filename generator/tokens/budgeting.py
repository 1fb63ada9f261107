"""The budget step of the pipeline: configured token limits checked on every full run.

Runs only when the config sets ``budgets``, over the lists of the enabled targets that
have a budget; each tool or listing above its limit is a warning at the tool's line (an
error under ``--strict``), naming its largest contributors.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from generator.core.diagnostics import Diagnostic
from generator.emit.common import Inputs
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.project.keys import CONFIG_CODE
from generator.project.settings import Budget
from generator.tokens.budgets import Limit, budget_diagnostics, evaluate
from generator.tokens.measure import measure
from generator.tokens.targets import targets_for


def check_budgets(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, budgets: Sequence[Budget]
) -> list[Diagnostic]:
    """Every budget finding, and every budget that names no list of an enabled target."""
    lists = targets_for(options)
    known = [tool_list.key for tool_list in lists]
    problems = [_unknown(budget, known) for budget in budgets if budget.target not in known]
    limits = {
        budget.target: Limit(budget.per_tool, budget.per_listing, budget.position)
        for budget in budgets
        if budget.target in known
    }
    if not limits:
        return problems
    counted = tuple(tool_list for tool_list in lists if tool_list.key in limits)
    report = measure(toolset, options, inputs, targets=counted)
    findings = evaluate(toolset, report, limits, inputs, targets=counted)
    return [*problems, *budget_diagnostics(findings)]


def _unknown(budget: Budget, known: Sequence[str]) -> Diagnostic:
    match = difflib.get_close_matches(budget.target, known, n=1)
    hint = f"did you mean '{match[0]}'?" if match else f"lists: {', '.join(known) or 'none'}"
    message = f"budgets name '{budget.target}', which no enabled target writes"
    return Diagnostic(budget.position, message, CONFIG_CODE, hint=hint)
