"""What each tool and each listing costs in a model's context, counted offline.

    report = measure(toolset, options)                    # every tool, listing and target
    findings = evaluate(toolset, report, {"openai-chat": Limit(per_tool=800)})
    diagnostics = budget_diagnostics(findings)            # warnings at the tools' lines
    report_json(report), findings_json(findings)          # --format json
    changes(old_report, new_report), part_changes(old_tool, new_tool, target)  # diff

OpenAI counts are exact (o200k_base, the encoding OpenAI publishes); Claude and Gemini
publish no offline tokenizer, so their counts are estimates and every value says so.
The providers' documented numbers live in one dated table, providers.py; the targets
counted, one entry each, in targets.py.
"""

from generator.tokens.budgets import Finding, Limit, Share, budget_diagnostics, evaluate
from generator.tokens.changes import PartChange, TokenChange, changes, part_changes
from generator.tokens.contributors import Contributor, contributors
from generator.tokens.encoding import DEFAULT_ENCODING, ENCODINGS, count, encode
from generator.tokens.export import findings_json, report_json
from generator.tokens.measure import ListingTokens, Measure, TokenReport, ToolTokens, measure
from generator.tokens.providers import PROVIDERS, tool_use_overhead
from generator.tokens.targets import TARGETS, Target, target

__all__ = [
    "DEFAULT_ENCODING",
    "ENCODINGS",
    "PROVIDERS",
    "TARGETS",
    "Contributor",
    "Finding",
    "Limit",
    "ListingTokens",
    "Measure",
    "PartChange",
    "Share",
    "Target",
    "TokenChange",
    "TokenReport",
    "ToolTokens",
    "budget_diagnostics",
    "changes",
    "contributors",
    "count",
    "encode",
    "evaluate",
    "findings_json",
    "measure",
    "part_changes",
    "report_json",
    "target",
    "tool_use_overhead",
]
