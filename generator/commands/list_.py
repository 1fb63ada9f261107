"""``toolcanon list``: a table of the resolved tools, or (``--targets``) what each provider
target receives of each tool."""

from __future__ import annotations

import argparse
import sys

from generator.commands import options
from generator.core.diagnostics import Diagnostic
from generator.core.exitcodes import ExitCode
from generator.core.report import print_diagnostics

NAME = "list"
HELP = "print a table of the resolved tools"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    parser.add_argument(
        "--targets",
        action="store_true",
        help="show, per tool and provider target: sent as is, transformed (how) or excluded (why)",
    )
    options.add_common(parser)
    parser.add_argument("--kind", help="only tools of this kind (builtin, mcp, skill, …)")
    parser.add_argument("--host", help="the tools of this host, its overlay applied")


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.emit.docs.listing import selected, tool_table
    from generator.run.pipeline import load_contracts

    config = options.config(args)
    loaded = load_contracts(config)
    print_diagnostics(loaded.diagnostics, args.format)
    if loaded.toolset is None:
        return ExitCode.BAD_INPUT
    chosen = selected(loaded.toolset, kind=args.kind, host=args.host)
    if isinstance(chosen, Diagnostic):
        print_diagnostics([chosen], args.format)
        return ExitCode.BAD_INPUT
    if args.targets:
        # lazy: the work loads when the command runs, so check on a current tree stays fast
        from generator.emit import enabled_targets
        from generator.emit.docs import matrix

        built = matrix.build(chosen, loaded.adapted, enabled_targets(config.emit))
        sys.stdout.write(matrix.text_table(built))
    else:
        sys.stdout.write(tool_table(chosen))
    return ExitCode.OK
