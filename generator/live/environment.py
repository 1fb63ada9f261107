"""What a stdio server's environment holds, and the line that says so.

The MCP SDK starts a server with a few of the caller's variables only (``HOME``,
``LOGNAME``, ``PATH``, ``SHELL``, ``TERM``, ``USER``): a server toolcanon starts to
list its tools should not see the caller's tokens unless the caller says so. On top of
those come ``--env KEY=VAL`` values, the caller's own value of each ``--pass-env NAME``,
or with ``--inherit-env`` the caller's whole environment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def server_env(
    given: Sequence[str],
    passed: Sequence[str],
    *,
    inherit: bool,
    environ: Mapping[str, str],
) -> dict[str, str]:
    """The variables a server gets besides the SDK's defaults: ``environ`` whole with
    ``inherit``, else the ``passed`` names it holds; ``given`` KEY=VAL values last."""
    base = dict(environ) if inherit else {n: environ[n] for n in passed if n in environ}
    return {**base, **dict(item.split("=", 1) for item in given)}


def env_problems(
    given: Sequence[str], passed: Sequence[str], environ: Mapping[str, str]
) -> list[str]:
    """What is wrong with the flags: a value not KEY=VAL, a name the caller has not set."""
    problems = [f"--env {item!r} is not KEY=VAL" for item in given if "=" not in item[1:]]
    problems += [
        f"--pass-env {name!r} is not set in your environment (set it, or use --env {name}=…)"
        for name in passed
        if name not in environ
    ]
    return problems


def describe(given: Sequence[str], passed: Sequence[str], *, inherit: bool) -> str:
    """One line for the person: which variables the server was started with."""
    if inherit:
        return "the server's environment: all of yours (--inherit-env)"
    # lazy: the MCP SDK is optional; only a live server needs it (and it is running one)
    from mcp.client.stdio import DEFAULT_INHERITED_ENV_VARS

    extra = sorted({*passed, *(item.split("=", 1)[0] for item in given)})
    names = ", ".join(DEFAULT_INHERITED_ENV_VARS) + "".join(f", {name}" for name in extra)
    return f"the server's environment: {names} (--pass-env NAME or --inherit-env passes more)"
