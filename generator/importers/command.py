"""``toolcanon import``: a tools file or a live MCP server → one checked contract file.

Exit codes as everywhere: 0 written · 2 bad source, bad usage, a server that
failed, or a contract that would not pass ``validate`` (then nothing is written).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.config import Config
from generator.diagnostics import (
    ContractError,
    Diagnostic,
    Position,
    has_errors,
    sorted_diagnostics,
)
from generator.importers import FORMATS
from generator.importers.draft import Draft
from generator.report import FORMATS as REPORT_FORMATS
from generator.report import render as render_diagnostics

DEFAULT_TIMEOUT = 30.0
HELP = "turn OpenAI, Claude, MCP or legacy tool definitions into a contract file"


def add_parser(commands: Any) -> None:
    """Register ``import`` on the CLI's subcommand parsers."""
    parser: argparse.ArgumentParser = commands.add_parser("import", help=HELP, description=HELP)
    parser.add_argument("source", nargs="?", type=Path, help="JSON file of tool definitions")
    parser.add_argument(
        "--format", dest="source_format", choices=FORMATS, help="SOURCE's format (else detected)"
    )
    parser.add_argument(
        "--mcp-stdio", metavar="'CMD ARGS…'", help="start this MCP server and import its tools"
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="KEY=VAL", help="environment for the server"
    )
    parser.add_argument("--server", help="MCP server name of the tools (and the file's name)")
    parser.add_argument("--out", type=Path, help="folder to write to (default: the contracts)")
    parser.add_argument("--force", action="store_true", help="replace an existing contract file")
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to wait for the server"
    )
    parser.add_argument("--config", type=Path, help="pyproject.toml or toolcanon.yaml to read")
    parser.add_argument("--contracts", type=Path, help="folder of contract files")
    parser.add_argument("--strict", action="store_true", default=None, help="warnings are errors")
    parser.add_argument(
        "--diagnostics-format",
        dest="format",
        choices=REPORT_FORMATS,
        default="text",
        help="diagnostics for people, machines or GitHub",
    )
    # Config overrides every command's namespace carries; import offers none of these.
    parser.set_defaults(output=None, openai_strict=None, no_cache=False)


def cmd_import(args: argparse.Namespace, config: Config) -> int:
    """Import one source; write its contract only when nothing blocks."""
    from generator.importers.render import render
    from generator.importers.summary import summary
    from generator.importers.write import check_text, load_others, refuse_existing, write_atomic

    _check_usage(args)
    out = (args.out if args.out is not None else config.contracts).resolve()
    if args.server is not None:
        target = out / f"{args.server}.yaml"
        refuse_existing(target, _display(target, config), force=args.force)
    draft = _draft(args)
    target = out / f"{draft.stem}.yaml"
    display = _display(target, config)
    refuse_existing(target, display, force=args.force)
    text = render(draft, target)
    others = load_others(_others(config, out, target))
    problems = check_text(text, draft, display, others) if draft.tools else [_empty(draft)]
    diagnostics = sorted_diagnostics([*draft.diagnostics, *problems])
    _emit(diagnostics, args.format)
    if has_errors(diagnostics, strict=config.strict):
        print("toolcanon: import found errors; nothing was written", file=sys.stderr)
        return 2
    write_atomic(target, text, display)
    report = sys.stderr if args.format == "json" else sys.stdout  # keep JSON output pure
    report.write(summary(draft, display, diagnostics))
    return 0


def _check_usage(args: argparse.Namespace) -> None:
    problems = []
    if (args.source is None) == (args.mcp_stdio is None):
        problems.append("give either SOURCE or --mcp-stdio 'CMD ARGS…' (exactly one)")
    if args.mcp_stdio is not None and args.source_format not in (None, "mcp"):
        problems.append("--format applies to SOURCE files; a live server speaks MCP")
    if args.env and args.mcp_stdio is None:
        problems.append("--env applies to --mcp-stdio servers only")
    problems += [f"--env {item!r} is not KEY=VAL" for item in args.env if "=" not in item[1:]]
    if args.timeout <= 0:
        problems.append("--timeout must be a positive number of seconds")
    if args.source is not None and not args.source.is_file():
        problems.append(f"source file '{args.source}' does not exist")
    if problems:
        raise ContractError([_usage(message) for message in problems])
    if args.server is not None:
        from generator.importers.build import check_server_name

        check_server_name(args.server)


def _draft(args: argparse.Namespace) -> Draft:
    from generator.importers.build import draft_from_file, draft_from_server

    if args.source is not None:
        return draft_from_file(
            args.source,
            _source_display(args.source),
            source_format=args.source_format,
            server=args.server,
        )
    try:
        command = shlex.split(args.mcp_stdio)
    except ValueError as exc:
        raise ContractError([_usage(f"--mcp-stdio: {exc}")]) from None
    env = dict(item.split("=", 1) for item in args.env)
    return draft_from_server(command, env, server=args.server, timeout=args.timeout)


def _others(config: Config, out: Path, target: Path) -> list[tuple[str, Path]]:
    """The contracts the new file must live with: the project's, or those beside it."""
    from generator.pipeline import discover

    root = config.contracts.resolve()
    folder = root if out == root or root in out.parents else out
    if not folder.is_dir():
        return []
    found = discover(replace(config, contracts=folder))
    return [(_display(path, config), path) for _, path in found if path.resolve() != target]


def _display(path: Path, config: Config) -> str:
    for base in (config.root, Path.cwd()):
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def _source_display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _empty(draft: Draft) -> Diagnostic:
    return Diagnostic(Position(draft.origin, 1, 1), "no tools to import", "TC400")


def _usage(message: str) -> Diagnostic:
    return Diagnostic(Position("<command line>", 1, 1), message, "TC000")


def _emit(diagnostics: list[Diagnostic], fmt: str) -> None:
    text = render_diagnostics(diagnostics, fmt)
    if text:
        (sys.stdout if fmt == "json" else sys.stderr).write(text)
