"""The manual's fenced blocks (README.md and every page of docs/), and a runner for its
command blocks.

Convention (docs/how-it-works.md, "Develop toolcanon"): a block fenced as ``sh`` is a
command block and is run by the tests; ``<!-- readme-test: skip (reason) -->`` on the
line before a block skips it with that reason. Blocks of one section of one page run in
order in one folder, as a reader would type them; nothing rewrites a block first.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.checkout import GIT_ENV

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
DOCS = REPO / "docs"


def pages() -> list[Path]:
    """The README and every page of the docs site, in a fixed order."""
    return [README, *sorted(DOCS.glob("*.md"))]


COMMANDS = "sh"
LANGUAGES = frozenset({COMMANDS, "text", "yaml", "toml", "python", "ts", "json"})
SKIP = re.compile(r"^<!-- readme-test: skip \((?P<reason>.+)\) -->$")
_FENCE = re.compile(r"^(?P<indent>\s*)```(?P<language>.*)$")
TOOLCANON_BIN = Path(sys.executable).parent  # this test environment's toolcanon and tools


@dataclass(frozen=True)
class Block:
    """One fenced block: the page it is on (relative to the repository), its language,
    text, the line of its opening fence, the ``##`` section and ``###`` subsection it
    sits in, and the skip reason before it."""

    page: str
    language: str
    text: str
    line: int
    section: str
    subsection: str | None
    skip: str | None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line} ({self.section})"


def blocks(path: Path = README) -> list[Block]:
    """Every fenced block, in order."""
    found: list[Block] = []
    section, subsection = "", None
    lines = path.read_text("utf-8").splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if fence is None:
            if line.startswith("## "):
                section, subsection = line[3:].strip(), None
            elif line.startswith("### "):
                subsection = line[4:].strip()
            index += 1
            continue
        end = next(i for i in range(index + 1, len(lines)) if lines[i].strip() == "```")
        before = lines[index - 1] if index else ""
        skip = SKIP.match(before)
        text = "\n".join(lines[index + 1 : end]) + "\n"
        found.append(
            Block(
                path.relative_to(REPO).as_posix(),
                fence["language"].strip(),
                text,
                index + 1,
                section,
                subsection,
                skip["reason"] if skip else None,
            )
        )
        index = end + 1
    return found


def commands(section: str, path: Path = README) -> list[Block]:
    """The command blocks of ``section`` of the page ``path``, in order (skipped ones
    included)."""
    return [b for b in blocks(path) if b.language == COMMANDS and b.section == section]


def block_env(
    extra: Mapping[str, str] | None = None, *, first: Path | None = None
) -> dict[str, str]:
    """The environment a block runs in: this test environment's toolcanon, node and
    pre-commit on PATH (after ``first``, a project's own virtualenv), git without the
    user's configuration."""
    path = [str(TOOLCANON_BIN), os.environ.get("PATH", "")]
    if first is not None:
        path.insert(0, str(first))
    env = {**os.environ, **GIT_ENV, "PATH": os.pathsep.join(path), **(extra or {})}
    env.pop("VIRTUAL_ENV", None)
    return env


def run(block: Block, cwd: Path, env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a command block with bash, stopping at the first command that fails."""
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", block.text],
        cwd=cwd,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=600,
    )


def failure(block: Block, done: subprocess.CompletedProcess[str]) -> str:
    return f"{block.where} exited {done.returncode}:\n{block.text}\n{done.stdout}\n{done.stderr}"
