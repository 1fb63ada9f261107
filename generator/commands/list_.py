"""``toolcanon list``: a table of the resolved tools."""

from __future__ import annotations

import argparse
import sys

from generator.commands import options
from generator.diagnostics import Diagnostic
from generator.exitcodes import ExitCode
from generator.report import print_diagnostics

NAME = "list"
HELP = "print a table of the resolved tools"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    options.add_common(parser)
    parser.add_argument("--kind", help="only tools of this kind (builtin, mcp, skill, …)")
    parser.add_argument("--host", help="the tools of this host, its overlay applied")


def run(args: argparse.Namespace) -> ExitCode:
    from generator.listing import selected, tool_table
    from generator.pipeline import load_toolset

    config = options.config(args)
    toolset, diagnostics = load_toolset(config)
    print_diagnostics(diagnostics, args.format)
    if toolset is None:
        return ExitCode.BAD_INPUT
    chosen = selected(toolset, kind=args.kind, host=args.host)
    if isinstance(chosen, Diagnostic):
        print_diagnostics([chosen], args.format)
        return ExitCode.BAD_INPUT
    sys.stdout.write(tool_table(chosen))
    return ExitCode.OK
