"""``toolcanon tokens``: what each tool and each list costs in a model's context.

Counted offline: OpenAI's lists exactly (o200k_base), Claude's and Gemini's as labelled
estimates, MCP listings exactly as JSON; ``--mode`` counts the set a mode offers the
model (tools whose decision there is not ``deny``). Configured budgets are checked too.
"""

from __future__ import annotations

import argparse
import json
import sys

from generator.commands import options
from generator.core.exitcodes import ExitCode
from generator.core.report import counted, print_diagnostics
from generator.ir.policy import MODES

NAME = "tokens"
HELP = "count what each tool and each tool list costs in a model's context (offline)"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    options.add_common(parser)
    parser.add_argument(
        "--mode",
        choices=MODES,
        help="count only the tools a mode offers (decision not 'deny')",
    )


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.core.diagnostics import has_errors
    from generator.ir.fields import decision_fields
    from generator.ir.policy import decide
    from generator.run.pipeline import load_contracts
    from generator.tokens.export import report_json
    from generator.tokens.measure import measure
    from generator.tokens.targets import targets_for
    from generator.tokens.text import report_text

    config = options.config(args)
    loaded = load_contracts(config, strict=config.strict)
    if loaded.toolset is None:
        print_diagnostics(loaded.diagnostics, args.format)
        return ExitCode.BAD_INPUT
    tools = list(loaded.toolset)
    if args.mode is not None:
        tools = [t for t in tools if decide(decision_fields(t), args.mode) != "deny"]
    report = measure(tools, config.emit, loaded.inputs, targets=targets_for(config.emit))
    budgets = [d for d in loaded.diagnostics if d.code in ("TC520", "TC521")]
    if args.format == "json":
        document = {**report_json(report), "mode": args.mode}
        sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        print_diagnostics(budgets, "text")
    else:
        scope = f"in {args.mode} mode" if args.mode else "in every mode"
        heading = f"{counted(len(tools), 'tool')} {scope}, tokens ({report.encoding})"
        sys.stdout.write(report_text(report, heading))
        print_diagnostics(loaded.diagnostics, args.format)
    return ExitCode.BAD_INPUT if has_errors(budgets, strict=config.strict) else ExitCode.OK
