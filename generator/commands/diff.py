"""``toolcanon diff --against REF [--to REF]``: classify every change since REF (up to
the working tree, or to a second revision); exit 1 on a failing one.

Exit codes: 0 nothing in ``--fail-on`` · 1 a finding of a ``--fail-on`` category that is
not suppressed · 2 bad contracts (either side), bad config or an unknown REF.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from generator.commands import options
from generator.core.diagnostics import ContractError, usage
from generator.core.exitcodes import ExitCode
from generator.core.report import print_diagnostics, summary
from generator.diff.rules import CATEGORIES, Category, Finding

NAME = "diff"
HELP = "classify every change since a git revision, folder or pinned tools.json"
DEFAULT_FAIL_ON = "breaking,security"
# What pre-commit hands a pre-push hook: the remote's commit and the one being pushed.
FROM_REF, TO_REF = "PRE_COMMIT_FROM_REF", "PRE_COMMIT_TO_REF"


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


def add_fail_on(parser: argparse.ArgumentParser) -> None:
    """``--fail-on``: which categories of finding fail the run (diff, verify)."""
    parser.add_argument(
        "--fail-on",
        type=fail_on,
        default=fail_on(DEFAULT_FAIL_ON),
        metavar="CATEGORIES",
        help=f"comma-separated categories that fail the run (default {DEFAULT_FAIL_ON})",
    )


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    options.add_common(parser)
    side = parser.add_mutually_exclusive_group(required=True)
    side.add_argument(
        "--against",
        metavar="REF",
        help="git revision, folder of contracts, or a pinned canonical/tools.json",
    )
    side.add_argument(
        "--against-upstream",
        action="store_true",
        help="the current branch's upstream (else origin/HEAD)",
    )
    side.add_argument("--from-ref", dest="against", metavar="REF", help="the same as --against")
    side.add_argument(
        "--pre-push",
        action="store_true",
        help="the commits being pushed: $PRE_COMMIT_FROM_REF → $PRE_COMMIT_TO_REF (pre-commit "
        "sets them), else the upstream → HEAD; never the working tree",
    )
    parser.add_argument(
        "--to",
        "--to-ref",
        dest="to",
        metavar="REF",
        help="compare with the contracts at git revision REF instead of the working tree",
    )
    add_fail_on(parser)


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.diff.compare import compare_sides
    from generator.diff.report import DiffResult, render
    from generator.diff.sources import against, committed, current
    from generator.diff.suppressions import apply_suppressions, suppressions_of

    if args.pre_push:
        args.against = os.environ.get(FROM_REF) or None
        args.to = os.environ.get(TO_REF) or "HEAD"
        args.against_upstream = args.against is None
    if args.against_upstream:
        branch = upstream(Path.cwd())
        if branch is None:
            summary("no upstream branch and no origin/HEAD: nothing to compare against, skipped")
            return ExitCode.OK
        args.against = branch
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
        suppressions = suppressions_of(config.diff_table)
    except ContractError as error:
        return _bad(error, args.format, "the config has errors")
    try:
        new = current(config) if args.to is None else committed(config, args.to)
    except ContractError as error:
        return _bad(error, args.format, "the contracts have errors")
    try:
        old = against(config, args.against)
    except ContractError as error:
        return _bad(error, args.format, f"cannot compare against '{args.against}'")
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.diff.tokens import token_findings

    found = [*compare_sides(old, new), *token_findings(old, new, config)]
    if old.hosts is not None and new.hosts is not None:
        # lazy: the work loads when the command runs, so check on a current tree stays fast
        from generator.diff.hosts import compare_hosts

        found += compare_hosts(old.hosts, new.hosts, found, new.places)
    findings, unused = apply_suppressions(sorted(found, key=Finding.sort_key), suppressions)
    compared = args.against if args.to is None else f"{args.against} → {args.to}"
    result = DiffResult(compared, findings, args.fail_on, unused)
    sys.stdout.write(render(result, args.format))
    return ExitCode.FAILED if result.failed else ExitCode.OK


def _bad(error: ContractError, fmt: str, message: str) -> ExitCode:
    print_diagnostics(error.diagnostics, fmt)
    summary(message)
    return ExitCode.BAD_INPUT


def upstream(folder: Path) -> str | None:
    """The upstream of the current branch (``@{upstream}``), else ``origin/HEAD``, as a
    revision git can read; None when the repository has neither (a first push to a
    remote without a default branch, or no remote at all)."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    import subprocess

    for ref in ("@{upstream}", "origin/HEAD"):
        found = subprocess.run(
            ["git", "rev-parse", "--abbrev-ref", "--symbolic-full-name", ref],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
        name = found.stdout.strip()
        if found.returncode == 0 and name and name != ref:
            return name
    return None
