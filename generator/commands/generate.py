"""``toolcanon generate``: check the contracts, then update the output folder atomically."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from generator.commands import options
from generator.core.exitcodes import ExitCode
from generator.core.report import counted, have_errors, print_diagnostics, printable, summary
from generator.write.lock import DEFAULT_TIMEOUT as DEFAULT_LOCK_TIMEOUT

if TYPE_CHECKING:
    from generator.write.plan import Plan

NAME = "generate"
HELP = "write every target into the output folder"
LISTED = 20  # changed files named one per line; the rest are counted
WRITTEN = {"changed": "updated", "missing": "created", "orphaned": "removed"}


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    options.add_common(parser)
    parser.add_argument(
        "--exit-nonzero-on-change",
        action="store_true",
        help="exit 1 when any file was written (for pre-commit and CI)",
    )
    parser.add_argument(
        "--lock-timeout",
        type=_seconds,
        default=DEFAULT_LOCK_TIMEOUT,
        metavar="SECONDS",
        help="give up after this long when another run holds the output folder "
        f"(default {DEFAULT_LOCK_TIMEOUT:g})",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}")
    return value


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the fast path loads no stage; a stale tree pays for the pipeline below
    from generator.core.cache import key_diagnostics
    from generator.run.fresh import fresh_tool_count, record, recorded_files
    from generator.write.entries import store_entries
    from generator.write.output import tidy, write
    from generator.write.plan import WriteError

    config = options.output_config(args)
    count = fresh_tool_count(config, strict=config.strict)
    if count is not None:  # this machine's signed record says nothing would change
        tidy(config.output)
        summary(f"{config.output.name}/ is up to date ({counted(count, 'tool')})")
        return ExitCode.OK
    from generator.run.pipeline import build  # lazy: only when the fast path cannot say

    result = build(config, strict=config.strict)
    print_diagnostics([*key_diagnostics(config.cache), *result.diagnostics], args.format)
    if result.plan is None:
        blocked = have_errors("contracts have", result.diagnostics, strict=config.strict)
        summary(f"{blocked}; nothing was written")
        return ExitCode.BAD_INPUT
    from generator.commands.check import manifest_on_disk  # lazy: as above
    from generator.write.manifest import MANIFEST, skew, skew_text

    builds = skew(manifest_on_disk(config.output), result.plan.files[MANIFEST])  # before writing
    try:
        comparison = write(
            result.plan,
            config.output,
            recorded=recorded_files(config),
            lock_timeout=args.lock_timeout,
            on_wait=summary,
        )
    except WriteError as error:
        summary(f"{error}")
        return ExitCode.BAD_INPUT
    kept = record(config, _as_written(result.plan, config.output), result.warnings)
    store_entries(config.cache, [*result.entries, kept])
    out = config.output.name
    if not comparison.drift:
        summary(f"{out}/ is up to date ({counted(result.tool_count, 'tool')})")
        return ExitCode.OK
    for drift in comparison.drift[:LISTED]:
        print(f"{out}/{printable(str(drift.path))}: {WRITTEN[drift.kind]}", file=sys.stderr)
    if len(comparison.drift) > LISTED:
        print(f"... and {len(comparison.drift) - LISTED} more", file=sys.stderr)
    files, tools = counted(len(comparison.drift), "file"), counted(result.tool_count, "tool")
    summary(f"{out}/: {files} updated from {tools}")
    if builds is not None:
        summary(
            f"note: {skew_text(builds)}; where the other one runs (the pre-commit hook, CI), "
            "check fails until both are the same build"
        )
    if not args.exit_nonzero_on_change:
        return ExitCode.OK
    summary("files changed: review them, stage them (git add) and commit again")
    return ExitCode.FAILED


def _as_written(plan: Plan, out: Path) -> Mapping[PurePosixPath, bytes]:
    """The files as they now are on disk: the plan's, except a manifest left as it was
    because only its note of who wrote the output differed (the plan's own mapping
    underneath: it may keep large files packed)."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.write.manifest import MANIFEST
    from generator.write.planfiles import replaced

    try:
        return replaced(plan.files, MANIFEST, (out / MANIFEST).read_bytes())
    except OSError:
        return plan.files
