"""``toolcanon verify``: does a running MCP server still serve what was reviewed?

Exit codes: 0 nothing in ``--fail-on`` · 1 a finding of a ``--fail-on`` category · 2 bad
input, or a server that did not start, was unreachable, timed out, wrote something
that is not JSON-RPC or JSON a file could not hold (NaN, Infinity, numbers out of range,
too deep), broke the protocol or exited (the reason is printed); nothing is pinned.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands import options
from generator.commands.diff import add_fail_on
from generator.core.diagnostics import ContractError, Diagnostic, Position, usage
from generator.core.exitcodes import ExitCode
from generator.core.report import counted, summary
from generator.live.environment import describe, env_problems, server_env
from generator.project.settings import Config

if TYPE_CHECKING:  # kept off the import path of every other command
    from generator.live.session import Listing
    from generator.verify.compare import Entry, Expected

DEFAULT_TIMEOUT = 30.0
HELP = "compare a running MCP server's tools with their contracts or a pin"
UNHEALTHY = "TC500"
_HINTS = {
    "did not start": "check the command, its --env and that it is an MCP server over stdio",
    "unreachable": "check the URL and that the server is running",
    "timed out": "raise --timeout, or check that the server answers MCP on this transport",
    "not JSON-RPC": "an MCP server over stdio writes only JSON-RPC on stdout (logs go to stderr)",
    "bad JSON": "fix the server: JSON has no NaN or Infinity, numbers a 64-bit float can hold, "
    "and nesting of at most 128 levels",
    "exited": "the server ended while it was being listed",
}


NAME = "verify"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(NAME, help=HELP, description=HELP)
    parser.add_argument("--server", required=True, metavar="NAME", help="the contracts' server")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--mcp-stdio", metavar="'CMD ARGS…'", help="start this server over stdio")
    how.add_argument("--mcp-http", metavar="URL", help="connect to this Streamable HTTP endpoint")
    options.add_server_env(parser)
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds for the whole listing"
    )
    pin = parser.add_mutually_exclusive_group()
    pin.add_argument("--pin", type=Path, metavar="FILE", help="write what the server serves")
    pin.add_argument(
        "--against-pin", type=Path, metavar="FILE", help="compare with a pin, not the contracts"
    )
    add_fail_on(parser)
    options.add_config(parser, outputs=False)
    options.add_allow_outside(parser)
    options.add_format(parser)


def run(args: argparse.Namespace) -> ExitCode:
    """Compare (or pin) one server; the exit code as documented above."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.diff.report import DiffResult, render
    from generator.verify.compare import compare_listing
    from generator.verify.listing import listing_findings

    _check_usage(args)
    config = options.config(args)
    if args.pin is not None:
        _check_pin(args, config)  # before a server starts
        return _write_pin(args, _served(args)[1])
    expected = _expected(args, config)  # bad contracts or pin: exit before a server starts
    listing, served = _served(args)
    found = compare_listing(expected, served) + listing_findings(args.server, listing)
    findings = tuple(sorted(found, key=lambda finding: finding.sort_key()))
    against = f"{expected.label} (MCP server '{args.server}' over {_transport(args)})"
    result = DiffResult(against, findings, args.fail_on, command="verify")
    sys.stdout.write(render(result, args.format))
    return ExitCode.FAILED if result.failed else ExitCode.OK


def _expected(args: argparse.Namespace, config: Config) -> Expected:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.verify.expected import from_contracts
    from generator.verify.pin import read_pin

    if args.against_pin is None:
        return from_contracts(config, args.server)
    namespace = None if args.server == config.emit.builtin_server else args.server
    return read_pin(args.against_pin, args.against_pin.as_posix(), args.server, namespace)


def _served(args: argparse.Namespace) -> tuple[Listing, dict[str, Entry]]:
    """The server's listing and its tools by name; ContractError (exit 2) saying why
    when it fails."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.live.session import ServerError
    from generator.verify.served import served_tools

    try:
        listing = _listing(args)
        return listing, served_tools(listing)
    except ServerError as error:
        message = f"MCP server '{args.server}': {error}"
        where = Position(_display(args), 1, 1)
        hint = _HINTS.get(error.reason)
        raise ContractError([Diagnostic(where, message, UNHEALTHY, hint=hint)]) from None


def _listing(args: argparse.Namespace) -> Listing:
    if args.mcp_http is not None:
        # lazy: the work loads when the command runs, so check on a current tree stays fast
        from generator.live.http import list_tools_http

        return list_tools_http(args.mcp_http, timeout=args.timeout)
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.live.stdio import list_tools

    env = server_env(args.env, args.pass_env, inherit=args.inherit_env, environ=os.environ)
    summary(describe(args.env, args.pass_env, inherit=args.inherit_env))
    return list_tools(shlex.split(args.mcp_stdio), env, timeout=args.timeout)


def _check_pin(args: argparse.Namespace, config: Config) -> None:
    """ContractError when the placement rule refuses the file ``--pin`` names."""
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.project.placement import PIN, flag, place_problems

    problems = place_problems(flag(Path.cwd(), "--pin", args.pin), PIN, config)
    if problems:
        raise ContractError(problems)


def _write_pin(args: argparse.Namespace, served: dict[str, Entry]) -> ExitCode:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.importers.write import write_text
    from generator.verify.pin import BAD_PIN, pin_text

    display = args.pin.as_posix()
    try:
        write_text(args.pin, pin_text(args.server, served), display)
    except OSError as exc:
        message = f"cannot write the pin: {exc.strerror or exc}"
        raise ContractError([Diagnostic(Position(display, 1, 1), message, BAD_PIN)]) from None
    summary(f"pinned {counted(len(served), 'tool')} of MCP server '{args.server}' in {display}")
    return ExitCode.OK


def _check_usage(args: argparse.Namespace) -> None:
    # lazy: the work loads when the command runs, so check on a current tree stays fast
    from generator.importers.build import check_server_name

    problems = env_problems(args.env, args.pass_env, os.environ)
    if (args.env or args.pass_env or args.inherit_env) and args.mcp_stdio is None:
        problems.append("--env, --pass-env and --inherit-env apply to --mcp-stdio servers only")
    if not args.timeout > 0:
        problems.append("--timeout must be a positive number of seconds")
    if args.mcp_http is not None and not args.mcp_http.startswith(("http://", "https://")):
        problems.append(f"--mcp-http {args.mcp_http!r} is not an http:// or https:// URL")
    if args.mcp_stdio is not None:
        try:
            if not shlex.split(args.mcp_stdio):
                problems.append("--mcp-stdio needs a command")
        except ValueError as exc:
            problems.append(f"--mcp-stdio: {exc}")
    if problems:
        raise ContractError([usage(message) for message in problems])
    check_server_name(args.server)


def _transport(args: argparse.Namespace) -> str:
    return "Streamable HTTP" if args.mcp_http is not None else "stdio"


def _display(args: argparse.Namespace) -> str:
    if args.mcp_http is not None:
        return f"<mcp-http {args.mcp_http}>"
    return f"<mcp-stdio {shlex.split(args.mcp_stdio)[0]}>"
