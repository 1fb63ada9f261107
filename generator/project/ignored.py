"""Whether git ignores a folder inside the project: a cache folder there must be
ignored, or its entries would show in ``git status`` and end up in a commit.

git itself answers (``git check-ignore``), so every rule it applies counts — nested
``.gitignore`` files, ``.git/info/exclude``, the user's global excludes — and nothing
is guessed. A project in no git work tree has nothing to commit the folder to.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from generator.core.paths import display

NOT_IGNORED = "TC056"  # a cache folder inside the project that git does not ignore


def ignore_problem(folder: Path, root: Path, spelled: str) -> tuple[str, str, str] | None:
    """(code, message, hint) when git does not ignore ``folder`` (inside ``root``), or
    cannot say; None when it ignores it or ``root`` is in no git work tree."""
    if not any((place / ".git").exists() for place in (root, *root.parents)):
        return None
    shown = display(folder, root)
    answer, said = _check_ignore(root, shown + "/")
    if answer == 0:
        return None
    hint = f"add '/{shown}/' to .gitignore, or leave 'cache' out (the user's cache folder)"
    if answer == 1:
        message = f"{spelled}: git does not ignore '{shown}', so its entries would be committed"
    else:
        message = f"{spelled}: cannot ask git whether '{shown}' is ignored ({said})"
    return NOT_IGNORED, message, hint


def _check_ignore(root: Path, relative: str) -> tuple[int, str]:
    """git's exit code for ``check-ignore`` of ``relative`` (0 ignored, 1 not) and the
    first line it wrote to stderr. ``GIT_*`` variables are dropped: the project's own
    work tree answers, not one an outer command pointed git at."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "check-ignore", "-q", "--", relative],
            env=env,
            capture_output=True,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return -1, f"cannot run git: {exc}"
    said = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return done.returncode, said[0] if said else f"git exited {done.returncode}"
