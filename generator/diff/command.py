"""``toolcanon diff --against REF``: classify every change since REF; exit 1 on a failing one.

Exit codes: 0 nothing in ``--fail-on`` · 1 a finding of a ``--fail-on`` category that is
not suppressed · 2 bad contracts (either side), bad config or an unknown REF.
"""

from __future__ import annotations

import argparse
import sys

from generator.config import Config
from generator.diagnostics import ContractError
from generator.diff.rules import CATEGORIES, Category

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


def add_arguments(parser: argparse.ArgumentParser) -> None:
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


def cmd_diff(args: argparse.Namespace, config: Config) -> int:
    from generator.diff.compare import compare_sides
    from generator.diff.report import DiffResult, render
    from generator.diff.sources import against, current

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
    return 1 if result.failed else 0


def _bad(error: ContractError, fmt: str, summary: str) -> int:
    from generator.report import render

    text = render(error.diagnostics, fmt)
    (sys.stdout if fmt == "json" else sys.stderr).write(text)
    print(f"toolcanon: {summary}", file=sys.stderr)
    return 2
