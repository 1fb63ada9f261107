"""What ``toolcanon init`` writes: a commented starter config and one example contract.

The config goes into pyproject.toml as a ``[tool.toolcanon]`` table when the folder
has a pyproject.toml, else into a new toolcanon.yaml. Nothing that exists is ever
overwritten: when the config or the example contract is already there, init
writes nothing and exits 2.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from generator.core.targets import DEFAULT, OPT_IN
from generator.core.templating import render
from generator.emit.schema import editor_reference
from generator.ir.options import EmitOptions
from generator.project.config_file import PYPROJECT, YAML_CONFIG

EXAMPLE_NAME = "example.yaml"


@dataclass(frozen=True, slots=True)
class Scaffold:
    """What init will write: new files, and text appended to an existing pyproject."""

    new_files: dict[Path, str]
    pyproject: tuple[Path, str] | None  # (path, its whole new text)


class Refused(Exception):
    """init would overwrite something; the message says what."""


def quoted(value: str) -> str:
    """A double-quoted string that is valid TOML and valid YAML (JSON's spelling)."""
    return json.dumps(value, ensure_ascii=False)


def plan_scaffold(root: Path, contracts: str, output: str) -> Scaffold:
    """The files init writes in ``root``. Raises Refused when one exists already."""
    context = {
        "contracts": contracts,
        "output": output,
        "targets": DEFAULT,
        "opt_in": OPT_IN,
        "options": EmitOptions(),
        "schema_path": editor_reference(root / contracts / EXAMPLE_NAME, root / output),
    }
    filters = {"quoted": quoted}
    new_files: dict[Path, str] = {}
    pyproject = _pyproject(root, render("init/pyproject.toml.j2", filters, **context))
    if pyproject is None:
        if (root / YAML_CONFIG).exists():
            raise Refused(f"{YAML_CONFIG} already exists")
        new_files[root / YAML_CONFIG] = render("init/toolcanon.yaml.j2", filters, **context)
    folder = root / contracts
    example = folder / EXAMPLE_NAME
    if example.exists():
        raise Refused(f"{Path(contracts, EXAMPLE_NAME).as_posix()} already exists")
    if not _has_contracts(folder):
        new_files[example] = render("init/example.yaml.j2", filters, **context)
    return Scaffold(new_files, pyproject)


def _pyproject(root: Path, snippet: str) -> tuple[Path, str] | None:
    path = root / PYPROJECT
    if not path.is_file():
        return None
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as exc:
        before = exc.object[: exc.start]
        line, column = before.count(b"\n") + 1, exc.start - before.rfind(b"\n")
        where = f"line {line}, column {column}"
        raise Refused(f"{PYPROJECT} is not UTF-8 text ({where}); save it as UTF-8 first") from None
    except OSError as exc:
        raise Refused(f"cannot read {PYPROJECT}: {exc.strerror or exc}") from None
    try:
        if "toolcanon" in tomllib.loads(text).get("tool", {}):
            raise Refused(f"{PYPROJECT} already has a [tool.toolcanon] table")
        new_text = (text if text.endswith("\n") or not text else text + "\n") + snippet
        tomllib.loads(new_text)
    except tomllib.TOMLDecodeError as exc:
        raise Refused(f"{PYPROJECT} is not valid TOML ({exc}); fix it first") from None
    return path, new_text


def _has_contracts(folder: Path) -> bool:
    return folder.is_dir() and any(
        p.suffix in (".yaml", ".yml") and p.is_file() for p in folder.rglob("*")
    )
