"""``toolcanon init``: a starter config and an example contract; never overwrites."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.core.diagnostics import Diagnostic
from generator.core.exitcodes import ExitCode
from generator.core.report import print_diagnostics, summary

NAME = "init"
HELP = "write a starter config and an example contract (never overwrites)"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    parser.add_argument("--contracts", default="contracts", help="contracts folder to configure")
    parser.add_argument("--output", default="generated", help="output folder to configure")
    parser.set_defaults(format="text")


def run(args: argparse.Namespace) -> ExitCode:
    """Write the scaffold into the working folder; exit 2 (writing nothing) if refused."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.project.config_file import PYPROJECT
    from generator.run.scaffold import Refused, plan_scaffold
    from generator.write.files import create_files, replace_file
    from generator.write.plan import WriteError, encode_text

    root = Path.cwd()
    problems = _placement_problems(root, args.contracts, args.output)
    if problems:
        print_diagnostics(problems, "text")
        summary("init refused; nothing was written")
        return ExitCode.BAD_INPUT
    try:
        scaffold = plan_scaffold(root, args.contracts, args.output)
        create_files({path: encode_text(text) for path, text in scaffold.new_files.items()})
        if scaffold.pyproject is not None:
            replace_file(scaffold.pyproject[0], encode_text(scaffold.pyproject[1]))
    except (Refused, WriteError) as error:
        summary(f"init refused: {error}; nothing was written")
        return ExitCode.BAD_INPUT
    written = [*scaffold.new_files, *([scaffold.pyproject[0]] if scaffold.pyproject else [])]
    for path in written:
        verb = "added [tool.toolcanon] to" if path.name == PYPROJECT else "wrote"
        summary(f"{verb} {path.relative_to(root).as_posix()}")
    summary("next: run 'toolcanon generate'")
    return ExitCode.OK


def _placement_problems(root: Path, contracts: str, output: str) -> list[Diagnostic]:
    """The folders init writes into the config go through the placement rule now, not
    at the first generate: init writes the example contract there."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.project.placement import OUTPUT, Use, flag, place_problems, resolved
    from generator.project.settings import Config

    hint = "name a folder of its own inside the project, e.g. --contracts contracts"
    folder = Use(True, hint, contract_files=True)  # init writes the example contract there
    given = flag(root, "--contracts", Path(contracts)), flag(root, "--output", Path(output))
    config = Config(root.resolve(), resolved(given[0].given), resolved(given[1].given))
    found = place_problems(given[1], OUTPUT, config)
    return found or place_problems(given[0], folder, config)
