"""Project configuration: ``[tool.toolcanon]`` in pyproject.toml, or toolcanon.yaml.

Paths in a file are relative to that file, so the same project gives the same output
from any working directory; paths given on the command line are relative to the
working directory. Command-line flags override the file. Every problem is reported
with the file and line it comes from, and all problems are reported together.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from generator.config_file import ConfigText, find_config, read_config
from generator.diagnostics import ContractError, Diagnostic, Position
from generator.diff.suppressions import Suppression, parse_suppressions
from generator.names import is_tool_name
from generator.paths import display
from generator.targets import CONFIGURABLE, DEFAULT

ALL_TARGETS = CONFIGURABLE
CONFIG_CODE = "TC050"
CLI_FILE = "<command line>"


@dataclass(frozen=True, slots=True)
class EmitOptions:
    """What emitters may read besides the toolset; part of the manifest's inputs."""

    python_package: str = "toolcanon_tools"
    typescript_package: str = "toolcanon-tools"
    package_version: str = "0.1.0"
    builtin_server: str = "builtin"
    targets: tuple[str, ...] = DEFAULT

    def as_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class Config:
    """A project's resolved settings."""

    root: Path
    contracts: Path
    output: Path
    strict: bool = False  # warnings fail the run
    strict_default: bool = False  # tools use OpenAI strict mode unless they say otherwise
    emit: EmitOptions = field(default_factory=EmitOptions)
    source: str | None = None  # the config file, as displayed in diagnostics
    suppressions: tuple[Suppression, ...] = ()  # accepted changes for ``toolcanon diff``
    cache: Path | None = None  # folder of cached results (cache.py); None: no cache


@dataclass(frozen=True, slots=True)
class Overrides:
    """Command-line values; None means "not given", so the file (or default) decides."""

    contracts: Path | None = None
    output: Path | None = None
    strict: bool | None = None
    strict_default: bool | None = None
    no_cache: bool = False


@dataclass(frozen=True, slots=True)
class Key:
    """One key of the config table: the field it sets and how its value is checked."""

    field: str
    kind: type
    check: re.Pattern[str] | None = None
    what: str = ""


_PY_PACKAGE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_NPM_PACKAGE = re.compile(r"^(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$")
_VERSION = re.compile(r"^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$")

KEYS: dict[str, Key] = {
    "contracts": Key("contracts", str),
    "output": Key("output", str),
    "targets": Key("targets", list),
    "python-package": Key("python_package", str, _PY_PACKAGE, "a Python identifier"),
    "typescript-package": Key("typescript_package", str, _NPM_PACKAGE, "an npm package name"),
    "package-version": Key("package_version", str, _VERSION, "a version like 1.2.3"),
    "builtin-server": Key("builtin_server", str),
    "strict": Key("strict", bool),
    "openai-strict": Key("strict_default", bool),
    "diff": Key("diff", dict),
    "cache": Key("cache", object),
}
CACHE_FOLDER = ".toolcanon-cache"


def load_config(
    path: Path | None = None,
    *,
    cwd: Path | None = None,
    overrides: Overrides | None = None,
    require_contracts: bool = True,
) -> Config:
    """The config at ``path`` (or found from ``cwd`` upwards), with ``overrides`` applied.

    Raises ContractError with every problem: unknown keys (with a did-you-mean hint),
    wrong types or values, and a contracts folder that does not exist.
    """
    base = (cwd or Path.cwd()).resolve()
    found = path.resolve() if path is not None else find_config(base)
    text = read_config(found, base) if found is not None else None
    values, problems = _values(text) if text is not None else ({}, [])
    suppressions, trouble = _suppressions(text, values.pop("diff", None))
    config = _apply(text, base, values, overrides or Overrides())
    if require_contracts:
        trouble += _check_contracts(config, text, overrides or Overrides())
    problems += trouble
    if problems:
        raise ContractError(problems)
    return replace(config, suppressions=suppressions)


def _suppressions(
    text: ConfigText | None, table: Any
) -> tuple[tuple[Suppression, ...], list[Diagnostic]]:
    """The ``diff.suppress`` entries of the config, checked (see generator/diff)."""
    if text is None or table is None:
        return (), []
    return parse_suppressions(text.display, text.path.read_text("utf-8"), table)


def _values(text: ConfigText) -> tuple[dict[str, Any], list[Diagnostic]]:
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    for key, value in text.table.items():
        where = text.position(key)
        if key not in KEYS:
            problems.append(_diag(where, f"unknown config key '{key}'", _did_you_mean(key)))
            continue
        problem = _type_problem(key, KEYS[key], value)
        if problem is not None:
            problems.append(_diag(where, problem, None))
            continue
        if key == "targets":
            problems += _target_problems(text, value)
            value = tuple(value)
        values[KEYS[key].field] = value
    return values, problems


def _did_you_mean(key: str) -> str:
    match = difflib.get_close_matches(key, list(KEYS), n=1)
    return f"did you mean '{match[0]}'?" if match else f"known keys: {', '.join(KEYS)}"


def _type_problem(key: str, spec: Key, value: Any) -> str | None:
    """Why ``value`` cannot be the value of ``key``, or None when it can."""
    if key == "cache":
        if isinstance(value, bool) or (isinstance(value, str) and value):
            return None
        return f"config key 'cache' must be a folder or false, not {_kind(value)}"
    if spec.kind is list:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return None
        return f"config key '{key}' must be a list of target names, not {_kind(value)}"
    if not isinstance(value, spec.kind):
        return f"config key '{key}' must be a {spec.kind.__name__}, not {_kind(value)}"
    if not isinstance(value, str):
        return None
    if not value:
        return f"config key '{key}' must not be empty"
    if spec.check is not None and not spec.check.fullmatch(value):
        return f"config key '{key}' must be {spec.what}, not {value!r}"
    if key == "builtin-server" and not is_tool_name(value):
        return f"config key '{key}' must be a valid MCP server name, not {value!r}"
    return None


def _kind(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string"}
    names.update({list: "a list", dict: "a table"})
    return names.get(type(value), type(value).__name__)


def _target_problems(text: ConfigText, targets: list[str]) -> list[Diagnostic]:
    where = text.position("targets")
    hint = f"targets are: {', '.join(ALL_TARGETS)}"
    problems = []
    for target in targets:
        if target not in ALL_TARGETS:
            match = difflib.get_close_matches(target, ALL_TARGETS, n=1)
            better = f"did you mean '{match[0]}'? " if match else ""
            problems.append(_diag(where, f"unknown target '{target}'", better + hint))
    return problems


def _apply(
    text: ConfigText | None, base: Path, values: dict[str, Any], overrides: Overrides
) -> Config:
    root = text.path.parent if text is not None else base
    contracts = root / values.pop("contracts", "contracts")
    output = root / values.pop("output", "generated")
    strict = bool(values.pop("strict", False))
    strict_default = bool(values.pop("strict_default", False))
    if overrides.contracts is not None:
        contracts = base / overrides.contracts
    if overrides.output is not None:
        output = base / overrides.output
    if overrides.strict is not None:
        strict = overrides.strict
    if overrides.strict_default is not None:
        strict_default = overrides.strict_default
    setting = values.pop("cache", True)
    cache = None if overrides.no_cache else _cache_folder(root, setting)
    emit = replace(EmitOptions(), **values)
    source = text.display if text is not None else None
    return Config(
        root,
        contracts.resolve(),
        output.resolve(),
        strict,
        strict_default,
        emit,
        source,
        cache=cache,
    )


def _cache_folder(root: Path, value: str | bool) -> Path | None:
    """``cache = false`` turns the cache off, a path moves it; it is on by default."""
    if value is False:
        return None
    return root / (CACHE_FOLDER if value is True else value)


def _check_contracts(
    config: Config, text: ConfigText | None, overrides: Overrides
) -> list[Diagnostic]:
    if config.contracts.is_dir():
        return []
    if overrides.contracts is not None or text is None:
        where = Position(CLI_FILE, 1, 1)
        hint = "pass --contracts DIR, or run 'toolcanon init' to start a project"
    else:
        where = text.position("contracts")
        hint = "create it, or set 'contracts' to the folder that holds your contracts"
    shown = display(config.contracts, config.root)
    return [_diag(where, f"contracts directory '{shown}' does not exist", hint)]


def _diag(where: Position, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(where, message, CONFIG_CODE, hint=hint)
