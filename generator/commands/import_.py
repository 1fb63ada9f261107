"""``toolcanon import``: OpenAI, Claude, MCP or legacy tool definitions → a contract file.

Exit codes: 0 written · 2 bad source, bad usage, a server that failed, or a contract
that would not pass ``validate`` (then nothing is written).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import options
from generator.core.exitcodes import ExitCode
from generator.importers import FORMATS

NAME = "import"
HELP = "turn OpenAI, Claude, MCP or legacy tool definitions into a contract file"
DEFAULT_TIMEOUT = 30.0


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    parser.add_argument("source", nargs="?", type=Path, help="JSON file of tool definitions")
    parser.add_argument(
        "--format", dest="source_format", choices=FORMATS, help="SOURCE's format (else detected)"
    )
    parser.add_argument(
        "--mcp-stdio", metavar="'CMD ARGS…'", help="start this MCP server and import its tools"
    )
    options.add_server_env(parser)
    parser.add_argument("--server", help="MCP server name of the tools (and the file's name)")
    parser.add_argument("--out", type=Path, help="folder to write to (default: the contracts)")
    parser.add_argument("--force", action="store_true", help="replace an existing contract file")
    parser.add_argument(
        "--normalize",
        action="store_true",
        help="map non-standard types (dict, float, String…) and default: null to JSON Schema",
    )
    parser.add_argument(
        "--skip-invalid",
        action="store_true",
        help="write the tools that pass and report the others (default: all or nothing)",
    )
    parser.add_argument(
        "--trust-hints",
        action="store_true",
        help="write the source's safety hints on the tools (a server you own); "
        "default: a suggested: block to review",
    )
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to wait for the server"
    )
    options.add_config(parser, outputs=False)
    options.add_allow_outside(parser)
    # --format names the source's format here, so diagnostics take another flag.
    options.add_format(parser, "--diagnostics-format")


def run(args: argparse.Namespace) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.importers.run import run_import

    # import may create the contracts folder; every other command reads it
    config = options.config(args, require_contracts=False)
    return run_import(args, config)
