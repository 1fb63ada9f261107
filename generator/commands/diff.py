"""``toolcanon diff --against REF``: classify every change since REF; exit 1 on a failing one.

Exit codes: 0 nothing in ``--fail-on`` · 1 a finding of a ``--fail-on`` category that is
not suppressed · 2 bad contracts (either side), bad config or an unknown REF.
"""

from __future__ import annotations

import argparse
import sys

from generator.commands import options
from generator.diagnostics import ContractError, usage
from generator.diff.rules import CATEGORIES, Category
from generator.exitcodes import ExitCode
from generator.report import print_diagnostics, summary

NAME = "diff"
HELP = "classify every change since a git revision, folder or pinned tools.json"
DEFAULT_FAIL_ON = "breaking,security"


def fail_on(text: str) -> frozenset[Category]:
    """``--fail-on breaking,security`` (``none`` or empty: never fail)."""
    names = [part.strip() for part in text.split(",") if part.strip() and part.strip() != "none"]
    chosen = frozenset(c for c in CATEGORIES if c in names)
    unknown = sorted(set(names) - set(CATEGORIES))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown category {', '.join(unknown)} (choose from {', '.join(CATEGORIES)}, none)"
        )
    return chosen


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    options.add_common(parser)
    parser.add_argument(
        "--against",
        required=True,
        metavar="REF",
        help="git revision, folder of contracts, or a pinned canonical/tools.json",
    )
    parser.add_argument(
        "--fail-on",
        type=fail_on,
        default=fail_on(DEFAULT_FAIL_ON),
        metavar="CATEGORIES",
        help=f"comma-separated categories that fail the run (default {DEFAULT_FAIL_ON})",
    )


def run(args: argparse.Namespace) -> ExitCode:
    from generator.diff.compare import compare_sides
    from generator.diff.report import DiffResult, render
    from generator.diff.sources import against, current

    if not args.against.strip():
        # An unset CI variable gives an empty ref; comparing with nothing must not pass.
        return _bad(
            ContractError(
                [
                    usage(
                        "--against is empty: name a git revision, a folder "
                        "of contracts or a pinned tools.json"
                    )
                ]
            ),
            args.format,
            "nothing to compare against",
        )
    config = options.config(args)
    try:
        new = current(config)
    except ContractError as error:
        return _bad(error, args.format, "the contracts have errors")
    try:
        old = against(config, args.against)
    except ContractError as error:
        return _bad(error, args.format, f"cannot compare against '{args.against}'")
    from generator.diff.suppressions import apply_suppressions

    findings, unused = apply_suppressions(compare_sides(old, new), config.suppressions)
    result = DiffResult(args.against, findings, args.fail_on, unused)
    sys.stdout.write(render(result, args.format))
    return ExitCode.FAILED if result.failed else ExitCode.OK


def _bad(error: ContractError, fmt: str, message: str) -> ExitCode:
    print_diagnostics(error.diagnostics, fmt)
    summary(message)
    return ExitCode.BAD_INPUT
