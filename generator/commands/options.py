"""Options several commands share, and the project config they select."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.core.report import FORMATS
from generator.project.config import load_config
from generator.project.settings import Config, Overrides


def add_config(parser: argparse.ArgumentParser, *, outputs: bool = True) -> None:
    """``--config`` and ``--contracts`` (and, when the command writes output or reads
    it, ``--output``, ``--openai-strict`` and ``--no-cache``), plus ``--strict``."""
    parser.add_argument("--config", type=Path, help="pyproject.toml or toolcanon.yaml to read")
    parser.add_argument(
        "--contracts", type=Path, help="folder of contract files (overrides config)"
    )
    parser.add_argument(
        "--strict",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="treat warnings as errors (overrides config 'strict')",
    )
    parser.set_defaults(output=None, openai_strict=None, no_cache=False, allow_outside=False)
    if not outputs:
        return
    parser.add_argument("--output", type=Path, help="output folder (overrides config)")
    add_allow_outside(parser)
    parser.add_argument(
        "--openai-strict",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="OpenAI strict mode for tools that do not say (overrides config 'openai-strict')",
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the cache folder"
    )


def add_allow_outside(parser: argparse.ArgumentParser) -> None:
    """``--allow-outside``: the only way a path may lie outside the project, and a flag,
    so a config file can never allow itself to read or write elsewhere."""
    parser.add_argument(
        "--allow-outside",
        action="store_true",
        help="let the folders and files this run uses lie outside the project "
        "(never the project or its parents)",
    )


def add_format(parser: argparse.ArgumentParser, flag: str = "--format") -> None:
    """How diagnostics are printed: for people, for machines, or as GitHub annotations."""
    parser.add_argument(
        flag, dest="format", choices=FORMATS, default="text", help="diagnostics format"
    )


def add_common(parser: argparse.ArgumentParser) -> None:
    """The options of the commands that load the project: config and diagnostics format."""
    add_config(parser)
    add_format(parser)


def config(args: argparse.Namespace, *, require_contracts: bool = True) -> Config:
    """The project config ``args`` select, command-line values applied."""
    overrides = Overrides(
        contracts=args.contracts,
        output=args.output,
        strict=args.strict,
        strict_default=args.openai_strict,
        no_cache=args.no_cache,
        allow_outside=args.allow_outside,
    )
    return load_config(args.config, overrides=overrides, require_contracts=require_contracts)


def output_config(args: argparse.Namespace) -> Config:
    """The config of a command that reads or writes the output folder: ContractError
    when the folder is one toolcanon must not use (see ``outputs.py``)."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.core.diagnostics import ContractError
    from generator.project.placement import output_problems

    found = config(args)
    problems = output_problems(found)
    if problems:
        raise ContractError(problems)
    return found


def add_server_env(parser: argparse.ArgumentParser) -> None:
    """``--env``, ``--pass-env`` and ``--inherit-env``: what a stdio server gets of an
    environment besides the MCP SDK's few defaults (``live/environment.py``)."""
    parser.add_argument(
        "--env", action="append", default=[], metavar="KEY=VAL", help="a variable for the server"
    )
    parser.add_argument(
        "--pass-env",
        action="append",
        default=[],
        metavar="NAME",
        help="pass your value of NAME to the server",
    )
    parser.add_argument(
        "--inherit-env", action="store_true", help="pass your whole environment to the server"
    )
