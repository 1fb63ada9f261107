"""``toolcanon list``: a table of the resolved tools."""

from __future__ import annotations

import argparse
import sys

from generator.commands import options
from generator.exitcodes import ExitCode
from generator.report import print_diagnostics

NAME = "list"
HELP = "print a table of the resolved tools"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    options.add_common(commands.add_parser(NAME, help=HELP, description=HELP))


def run(args: argparse.Namespace) -> ExitCode:
    from generator.listing import tool_table
    from generator.pipeline import load_toolset

    config = options.config(args)
    toolset, diagnostics = load_toolset(config)
    print_diagnostics(diagnostics, args.format)
    if toolset is None:
        return ExitCode.BAD_INPUT
    sys.stdout.write(tool_table(toolset))
    return ExitCode.OK
