"""Command line: argparse wiring only. Each command lives in ``generator/commands/``.

``main`` maps what a command raises to an exit code (``exitcodes.ExitCode``): bad
input is reported as diagnostics (exit 2), an interruption is 130, and anything else
is toolcanon's own failure (exit 3) with a line that says how to report it.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence

from generator import __version__
from generator.commands import COMMANDS, module
from generator.core.diagnostics import ContractError
from generator.core.exitcodes import ExitCode
from generator.core.fingerprint import build_id
from generator.core.report import print_diagnostics

REPORT_URL = "https://github.com/toolcanon/toolcanon/issues"
DESCRIPTION = "YAML tool contracts → every shape an agent host needs."


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="toolcanon", description=DESCRIPTION)
    version = f"toolcanon {__version__} (build {build_id()})"
    parser.add_argument("--version", action="version", version=version)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module(name).add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``toolcanon`` script and ``python -m generator``."""
    args = build_parser().parse_args(argv)
    try:
        return int(module(args.command).run(args))
    except ContractError as error:
        print_diagnostics(error.diagnostics, args.format)
        return ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except Exception:
        print(f"toolcanon: internal error (please report it at {REPORT_URL}):", file=sys.stderr)
        traceback.print_exc(limit=-3, file=sys.stderr)
        return ExitCode.INTERNAL
