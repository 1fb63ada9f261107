"""git, as diff runs it: one command at a time in the repository, its output as bytes,
and every failure a diagnostic (never a traceback or git's own wording alone)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from generator.core.diagnostics import ContractError, Diagnostic, Position

GIT_CODE = "TC060"


def cat_blobs(top: Path, shas: list[str], ref: str) -> list[bytes]:
    """Every blob's bytes from one ``git cat-file --batch`` process."""
    if not shas:
        return []
    out = git(top, "cat-file", "--batch", ref=ref, stdin="".join(s + "\n" for s in shas))
    contents, at = [], 0
    for _ in shas:
        end = out.index(b"\n", at)
        size = int(out[at:end].split()[2])
        contents.append(out[end + 1 : end + 1 + size])
        at = end + 1 + size + 1
    return contents


def git(cwd: Path, *args: str, ref: str, stdin: str | None = None) -> bytes:
    """git's stdout for ``args`` run in ``cwd``; TC060 naming ``ref`` when git fails."""
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            input=stdin and stdin.encode("utf-8", "surrogateescape"),
            capture_output=True,
            check=False,
        )
    except OSError as exc:
        raise git_error("<command line>", f"cannot run git: {exc}", None) from None
    if done.returncode != 0:
        hint = "pass a git revision, a contracts folder or a canonical tools.json"
        raise git_error("<command line>", f"unknown revision or path '{ref}'", hint)
    output: bytes = done.stdout
    return output


def inside_repository(path: Path | None, top: Path) -> str | None:
    """``path`` relative to the repository at ``top``, or None (no path, or outside it)."""
    if path is None:
        return None
    try:
        return path.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return None


def git_error(file: str, message: str, hint: str | None) -> ContractError:
    """A diff input that git cannot give (TC060)."""
    return ContractError([Diagnostic(Position(file, 1, 1), message, GIT_CODE, hint=hint)])
