"""``toolcanon validate``: check the contracts and report every problem; write nothing."""

from __future__ import annotations

import argparse

from generator.commands import options
from generator.exitcodes import ExitCode
from generator.report import counted, have_errors, print_diagnostics, summary

NAME = "validate"
HELP = "check the contracts and report every problem; write nothing"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    options.add_common(commands.add_parser(NAME, help=HELP, description=HELP))


def run(args: argparse.Namespace) -> ExitCode:
    from generator.pipeline import load_toolset

    config = options.config(args)
    toolset, diagnostics = load_toolset(config, strict=config.strict)
    print_diagnostics(diagnostics, args.format)
    if toolset is None:
        summary(have_errors("contracts have", diagnostics, strict=config.strict))
        return ExitCode.BAD_INPUT
    summary(f"{counted(len(toolset), 'tool')}, contracts are valid")
    return ExitCode.OK
