"""Import one source (a tools file or a live MCP server) → one checked contract file.

Exit codes as everywhere: 0 written · 2 bad source, bad usage, a server that
failed, or a contract that would not pass ``validate`` (then nothing is written; with
``--skip-invalid``, the tools that pass are written when any does).
"""

from __future__ import annotations

import argparse
import functools
import os
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from generator.core.cache import CacheView, Entry
from generator.core.diagnostics import (
    ContractError,
    Diagnostic,
    Position,
    has_errors,
    sorted_diagnostics,
    usage,
)
from generator.core.exitcodes import ExitCode
from generator.core.paths import display, display_resolved
from generator.core.report import have_errors, print_diagnostics, summary
from generator.importers.build import check_server_name, draft_from_file, draft_from_server
from generator.importers.draft import Draft, blocking
from generator.importers.exclude import exclude_refused
from generator.importers.normalize import normalize_draft
from generator.importers.skip import Outcome, all_or_nothing, skip_invalid
from generator.importers.source import source_problem
from generator.importers.summary import summary as import_summary
from generator.importers.trust import suggest, trust
from generator.importers.verdict import check_draft
from generator.importers.write import load_others, refuse_existing, write_text
from generator.live.environment import describe, env_problems, server_env
from generator.project.placement import CONTRACT_OUT, flag, place_problems, resolved
from generator.project.settings import Config
from generator.run.sources import discover
from generator.write.entries import store_entries

STRICT_HINT = (
    " (the project is strict: fix each warning in the source, or run import with"
    " --no-strict and review what it writes before 'toolcanon generate')"
)
"""What to do when only warnings refuse an import: strict makes them errors."""


def run_import(args: argparse.Namespace, config: Config) -> ExitCode:
    """Import one source; write its contract only when nothing blocks (with
    ``--skip-invalid``: the tools that pass, when any does)."""
    _check_usage(args)
    out = _out_folder(args, config)
    if args.server is not None:
        target = out / f"{args.server}.yaml"
        refuse_existing(target, _display(target, config), force=args.force)
    draft = _draft(args)
    if args.normalize:
        draft = normalize_draft(draft)
    draft = trust(draft) if args.trust_hints else suggest(draft)
    target = out / f"{draft.stem}.yaml"
    refuse_existing(target, _display(target, config), force=args.force)
    if not draft.tools:
        return _refused(sorted_diagnostics([*draft.diagnostics, _empty(draft)]), args, config)
    return _import(args, config, draft, (out, target))


def _import(
    args: argparse.Namespace, config: Config, draft: Draft, where: tuple[Path, Path]
) -> ExitCode:
    out, target = where
    names = (_display(target, config), _key(target, config))
    cache = CacheView(config.cache)
    others = load_others(_others(config, out, target), cache, config.schema_extensions)
    check = functools.partial(
        check_draft,
        target=target,
        names=names,
        others=others,
        config=config,
        normalized=args.normalize,
    )
    verdict = check(draft)
    excluded = exclude_refused(draft, verdict.diagnostics, config)
    if excluded is not None:  # a target refuses a tool: leave it out there, for review
        draft, verdict = excluded, check(excluded)
    skipping = skip_invalid(draft, verdict, check) if not verdict.blocked else None
    outcome = skipping if args.skip_invalid and skipping else all_or_nothing(draft, verdict)
    diagnostics = sorted_diagnostics(outcome.diagnostics)
    if outcome.blocks(strict=config.strict):
        hint = "" if args.skip_invalid else _skip_hint(skipping, strict=config.strict)
        return _refused(diagnostics, args, config, hint)
    print_diagnostics(diagnostics, args.format)
    write_text(target, outcome.verdict.text, names[0])
    _keep_in_cache(config, target, [*(c.entry for c in others), outcome.verdict.entry])
    report = sys.stderr if args.format == "json" else sys.stdout  # keep JSON output pure
    report.write(import_summary(outcome.draft, names[0], diagnostics, skipped=outcome.skipped))
    return ExitCode.OK


def _refused(
    diagnostics: list[Diagnostic], args: argparse.Namespace, config: Config, hint: str = ""
) -> ExitCode:
    print_diagnostics(diagnostics, args.format)
    counted_ones = blocking(diagnostics)
    found = have_errors("import found", counted_ones, strict=config.strict)
    if not args.normalize and any("import --normalize" in (d.hint or "") for d in diagnostics):
        hint += " (--normalize maps the non-standard types and values: see the hints)"
    if config.strict and not has_errors(counted_ones):
        hint += STRICT_HINT
    summary(f"{found}; nothing was written{hint}")
    return ExitCode.BAD_INPUT


def _skip_hint(skipping: Outcome | None, *, strict: bool) -> str:
    """Where --skip-invalid would write the tools that pass, say so."""
    if skipping is None or not skipping.skipped or skipping.blocks(strict=strict):
        return ""
    passing = len(skipping.draft.tools)
    tools = "the tool that passes" if passing == 1 else f"the {passing} tools that pass"
    return f" (--skip-invalid writes {tools})"


def _key(target: Path, config: Config) -> str:
    """The written file's name inside the contracts folder (what validate's cache uses)."""
    try:
        return target.relative_to(config.contracts.resolve()).as_posix()
    except ValueError:
        return _display(target, config)


def _keep_in_cache(config: Config, target: Path, entries: list[Entry | None]) -> None:
    """Keep what this import learnt about each contract, so the next import (or validate)
    reads it instead of checking the file again: only for files of the contracts folder,
    the ones validate reads."""
    contracts = config.contracts.resolve()
    if contracts == target.parent or contracts in target.parents:
        store_entries(config.cache, [entry for entry in entries if entry is not None])


def _check_usage(args: argparse.Namespace) -> None:
    problems = []
    if (args.source is None) == (args.mcp_stdio is None):
        problems.append("give either SOURCE or --mcp-stdio 'CMD ARGS…' (exactly one)")
    if args.mcp_stdio is not None and args.source_format not in (None, "mcp"):
        problems.append("--format applies to SOURCE files; a live server speaks MCP")
    if (args.env or args.pass_env or args.inherit_env) and args.mcp_stdio is None:
        problems.append("--env, --pass-env and --inherit-env apply to --mcp-stdio servers only")
    problems += env_problems(args.env, args.pass_env, os.environ)
    if args.timeout <= 0:
        problems.append("--timeout must be a positive number of seconds")
    if args.source is not None and (problem := source_problem(args.source)) is not None:
        problems.append(problem)
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        problems.append(f"--out '{args.out}' is a file: --out names the folder to write into")
    if problems:
        raise ContractError([usage(message) for message in problems])
    if args.server is not None:
        check_server_name(args.server)


def _out_folder(args: argparse.Namespace, config: Config) -> Path:
    """Where the contract goes: the contracts folder (checked with the config), or
    ``--out``, which the placement rule must allow before anything is read or written."""
    if args.out is None:
        return config.contracts
    setting = flag(Path.cwd(), "--out", args.out)
    problems = place_problems(setting, CONTRACT_OUT, config)
    if problems:
        raise ContractError(problems)
    return resolved(setting.given)


def _draft(args: argparse.Namespace) -> Draft:
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
    env = server_env(args.env, args.pass_env, inherit=args.inherit_env, environ=os.environ)
    summary(describe(args.env, args.pass_env, inherit=args.inherit_env))
    return draft_from_server(command, env, server=args.server, timeout=args.timeout)


def _others(config: Config, out: Path, target: Path) -> list[tuple[str, str, Path]]:
    """The contracts the new file must live with, as (display, key, path) the way
    ``validate`` names them: the project's, or those beside it."""
    root = config.contracts.resolve()
    folder = root if out == root or root in out.parents else out
    if not folder.is_dir():
        return []
    found = discover(replace(config, contracts=folder))
    return [
        (display(path, config.root), key, path) for key, path in found if path.resolve() != target
    ]


def _display(path: Path, config: Config) -> str:
    return display_resolved(path, (config.root, Path.cwd()))


def _source_display(path: Path) -> str:
    return display_resolved(path, (Path.cwd(),))


def _empty(draft: Draft) -> Diagnostic:
    return Diagnostic(Position(draft.origin, 1, 1), "no tools to import", "TC400")
