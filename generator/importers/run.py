"""Import one source (a tools file or a live MCP server) → one checked contract file.

Exit codes as everywhere: 0 written · 2 bad source, bad usage, a server that
failed, or a contract that would not pass ``validate`` (then nothing is written).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from generator.config import Config
from generator.diagnostics import (
    ContractError,
    Diagnostic,
    Position,
    has_errors,
    sorted_diagnostics,
    usage,
)
from generator.exitcodes import ExitCode
from generator.importers.draft import Draft
from generator.paths import display_resolved
from generator.report import print_diagnostics, summary


def run_import(args: argparse.Namespace, config: Config) -> ExitCode:
    """Import one source; write its contract only when nothing blocks."""
    from generator.importers.exclude import exclude_refused
    from generator.importers.render import render
    from generator.importers.summary import summary as import_summary
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
    problems = check_text(text, draft, display, others, config) if draft.tools else [_empty(draft)]
    excluded = exclude_refused(draft, problems, config)
    if excluded is not None:
        draft, text = excluded, render(excluded, target)
        problems = check_text(text, draft, display, others, config)
    diagnostics = sorted_diagnostics([*draft.diagnostics, *problems])
    print_diagnostics(diagnostics, args.format)
    if has_errors(diagnostics, strict=config.strict):
        summary("import found errors; nothing was written")
        return ExitCode.BAD_INPUT
    write_atomic(target, text, display)
    report = sys.stderr if args.format == "json" else sys.stdout  # keep JSON output pure
    report.write(import_summary(draft, display, diagnostics))
    return ExitCode.OK


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
        raise ContractError([usage(message) for message in problems])
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
        raise ContractError([usage(f"--mcp-stdio: {exc}")]) from None
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
    return display_resolved(path, (config.root, Path.cwd()))


def _source_display(path: Path) -> str:
    return display_resolved(path, (Path.cwd(),))


def _empty(draft: Draft) -> Diagnostic:
    return Diagnostic(Position(draft.origin, 1, 1), "no tools to import", "TC400")
