"""``toolcanon validate``: check the contracts and report every problem; write nothing."""

from __future__ import annotations

import argparse

from generator.commands import options
from generator.core.diagnostics import sorted_diagnostics
from generator.core.exitcodes import ExitCode
from generator.core.report import counted, have_errors, print_diagnostics, summary

NAME = "validate"
HELP = "check the contracts and report every problem; write nothing"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    options.add_common(commands.add_parser(NAME, help=HELP, description=HELP))


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.project.accepted import unused
    from generator.run.pipeline import load_contracts

    config = options.config(args)
    loaded = load_contracts(config, strict=config.strict)
    toolset, diagnostics = loaded.toolset, loaded.diagnostics
    if toolset is not None:  # else later stages did not run: their entries look unused
        diagnostics = tuple(
            sorted_diagnostics([*diagnostics, *unused(config.accepted, loaded.accepted)])
        )
    print_diagnostics(diagnostics, args.format)
    if toolset is None or (config.strict and diagnostics):
        summary(have_errors("contracts have", diagnostics, strict=config.strict))
        return ExitCode.BAD_INPUT
    accepted = f" ({counted(len(loaded.accepted), 'accepted warning')} not shown)"
    summary(
        f"{counted(len(toolset), 'tool')}, contracts are valid"
        + (accepted if loaded.accepted else "")
    )
    return ExitCode.OK
