"""Command line: ``toolcanon generate | check | validate | list | diff | import | verify``.

Exit codes: 0 ok · 1 ``check`` found drift, ``diff``/``verify`` a failing change · 2 bad contracts,
config or usage · 3 internal error.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath

from generator import __version__
from generator.commands import verify as verify_command
from generator.config import Config, Overrides, load_config
from generator.diagnostics import ContractError, Diagnostic
from generator.init import add_init_parser, cmd_init
from generator.report import FORMATS, render

EXIT_OK, EXIT_DRIFT, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
REPORT_URL = "https://github.com/toolcanon/toolcanon/issues"


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="pyproject.toml or toolcanon.yaml to read")
    parser.add_argument(
        "--contracts", type=Path, help="folder of contract files (overrides config)"
    )
    parser.add_argument("--output", type=Path, help="output folder (overrides config)")
    parser.add_argument(
        "--strict",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="treat warnings as errors (overrides config 'strict')",
    )
    parser.add_argument(
        "--openai-strict",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="OpenAI strict mode for tools that do not say (overrides config 'openai-strict')",
    )
    parser.add_argument("--format", choices=FORMATS, default="text", help="diagnostics format")
    parser.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the cache folder"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="toolcanon", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"toolcanon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    helps = {
        "generate": "write every target into the output folder",
        "check": "exit 1 when the output folder differs from what generate would write",
        "validate": "check the contracts and report every problem; write nothing",
        "list": "print a table of the resolved tools",
    }
    for name, text in helps.items():
        _common(commands.add_parser(name, help=text, description=text))
    from generator.diff.command import add_arguments

    text = "classify every change since a git revision, folder or pinned tools.json"
    diff = commands.add_parser("diff", help=text, description=text)
    _common(diff)
    add_arguments(diff)
    generate = commands.choices["generate"]
    generate.add_argument(
        "--exit-nonzero-on-change",
        action="store_true",
        help="exit 1 when any file was written (for pre-commit and CI)",
    )
    add_init_parser(commands)
    from generator.importers.command import add_parser as add_import

    add_import(commands)
    verify_command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``toolcanon`` script and ``python -m generator``."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "init":
            return cmd_init(args)
        config = _config(args)
        return COMMANDS[args.command](args, config)
    except ContractError as error:
        _emit_diagnostics(error.diagnostics, args.format)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception:
        print(f"toolcanon: internal error (please report it at {REPORT_URL}):", file=sys.stderr)
        traceback.print_exc(limit=-3, file=sys.stderr)
        return EXIT_INTERNAL


def _config(args: argparse.Namespace) -> Config:
    overrides = Overrides(
        contracts=args.contracts,
        output=args.output,
        strict=args.strict,
        strict_default=args.openai_strict,
        no_cache=args.no_cache,
    )
    # import may create the contracts folder; every other command reads it
    return load_config(args.config, overrides=overrides, require_contracts=args.command != "import")


def _emit_diagnostics(diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    text = render(diagnostics, fmt)
    if text:
        (sys.stdout if fmt == "json" else sys.stderr).write(text)


def _summary(message: str) -> None:
    print(f"toolcanon: {message}", file=sys.stderr)


def cmd_generate(args: argparse.Namespace, config: Config) -> int:
    from generator.pipeline import build, current_tool_count
    from generator.writer import WriteError, write

    count = current_tool_count(config, strict=config.strict)
    if count is not None:  # the fast path of check: hashes say nothing would change
        _summary(f"{config.output.name}/ is up to date ({count} tools)")
        return EXIT_OK
    result = build(config, strict=config.strict)
    _emit_diagnostics(result.diagnostics, args.format)
    if result.plan is None:
        _summary("contracts have errors; nothing was written")
        return EXIT_BAD_INPUT
    try:
        comparison = write(result.plan, config.output)
    except WriteError as error:
        _summary(f"{error}")
        return EXIT_BAD_INPUT
    out = config.output.name
    if not comparison.drift:
        _summary(f"{out}/ is up to date ({result.tool_count} tools)")
        return EXIT_OK
    for drift in comparison.drift[:_LISTED]:
        print(f"{out}/{drift.path}: {_WRITTEN[drift.kind]}", file=sys.stderr)
    if len(comparison.drift) > _LISTED:
        print(f"... and {len(comparison.drift) - _LISTED} more", file=sys.stderr)
    _summary(f"{out}/: {len(comparison.drift)} file(s) updated from {result.tool_count} tools")
    return EXIT_DRIFT if args.exit_nonzero_on_change else EXIT_OK


_LISTED = 20
_WRITTEN = {"changed": "updated", "missing": "created", "orphaned": "removed"}


def cmd_check(args: argparse.Namespace, config: Config) -> int:
    from generator.pipeline import GENERATE_COMMAND, build, is_current
    from generator.writer import compare, untracked

    out = config.output.name
    if is_current(config, strict=config.strict):
        _note_foreign(out, untracked(config.output))
        _summary(f"{out}/ is up to date")
        return EXIT_OK

    result = build(config, strict=config.strict)
    _emit_diagnostics(result.diagnostics, args.format)
    if result.plan is None:
        _summary("contracts have errors")
        return EXIT_BAD_INPUT
    comparison = compare(result.plan, config.output)
    _note_foreign(out, comparison.foreign)
    if not comparison.drift:
        _summary(f"{out}/ is up to date")
        return EXIT_OK
    for drift in comparison.drift:
        print(f"{out}/{drift.path}: {drift.kind}", file=sys.stderr)
        if drift.diff:
            sys.stderr.write(drift.diff)
    _summary(f"{len(comparison.drift)} file(s) in {out}/ are stale; run '{GENERATE_COMMAND}'")
    return EXIT_DRIFT


def _note_foreign(out: str, paths: Sequence[PurePosixPath]) -> None:
    for path in paths:
        _summary(f"note: {out}/{path} was not generated by toolcanon (left alone)")


def cmd_validate(args: argparse.Namespace, config: Config) -> int:
    from generator.pipeline import load_toolset

    toolset, diagnostics = load_toolset(config, strict=config.strict)
    _emit_diagnostics(diagnostics, args.format)
    if toolset is None:
        return EXIT_BAD_INPUT
    _summary(f"{len(toolset)} tools, contracts are valid")
    return EXIT_OK


def cmd_list(args: argparse.Namespace, config: Config) -> int:
    from generator.listing import tool_table
    from generator.pipeline import load_toolset

    toolset, diagnostics = load_toolset(config)
    _emit_diagnostics(diagnostics, args.format)
    if toolset is None:
        return EXIT_BAD_INPUT
    sys.stdout.write(tool_table(toolset))
    return EXIT_OK


def cmd_diff(args: argparse.Namespace, config: Config) -> int:
    from generator.diff.command import cmd_diff as run

    return run(args, config)


def cmd_import(args: argparse.Namespace, config: Config) -> int:
    from generator.importers.command import cmd_import as run

    return run(args, config)


COMMANDS: dict[str, Callable[[argparse.Namespace, Config], int]] = {
    "generate": cmd_generate,
    "check": cmd_check,
    "validate": cmd_validate,
    "list": cmd_list,
    "diff": cmd_diff,
    "import": cmd_import,
    "verify": verify_command.run,
}
