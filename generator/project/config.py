"""Project configuration: ``[tool.toolcanon]`` in pyproject.toml, or toolcanon.yaml.

Paths in a file are relative to that file, so the same project gives the same output
from any working directory; paths given on the command line are relative to the
working directory. Command-line flags override the file. Every problem is reported
with the file and line it comes from, and all problems are reported together.
"""

from __future__ import annotations

import difflib
import json
import keyword
import os
import re
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from generator.core.cache import user_cache_root
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.core.paths import display
from generator.core.targets import CONFIGURABLE, DEFAULT
from generator.diff.suppressions import Suppression, parse_suppressions
from generator.ir.names import is_tool_name
from generator.project.accepted import Acceptance
from generator.project.accepted import parse as parse_acceptances
from generator.project.config_file import ConfigText, find_config, read_config
from generator.project.outputs import LINK, first_link, link_problem

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
    mode_files: bool = False  # write each mode's masked lists (modes/<mode>/…)

    def as_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class Budget:
    """Token limits for one tool list (``openai-chat``, ``anthropic``, ``mcp``…): the
    most a tool's entry and a whole listing may cost; None is no limit."""

    target: str
    per_tool: int | None
    per_listing: int | None
    position: Position


BUDGET_KEYS = ("per-tool", "per-listing")
DEFAULT_TOKEN_THRESHOLD = 100


@dataclass(frozen=True, slots=True)
class Setting:
    """A folder setting as the user wrote it: the path joined to its base but not
    resolved (so a symbolic link on the way can still be named), where it was written
    (a config line, or the command line) and how (``--output .``, ``output = "."``)."""

    given: Path
    where: Position
    spelled: str


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
    accepted: tuple[Acceptance, ...] = ()  # accepted warnings: not printed, not counted
    cache: Path | None = None  # folder of cached results (cache.py); None: no cache
    budgets: tuple[Budget, ...] = ()  # token limits, checked by validate/generate/check
    token_threshold: int = DEFAULT_TOKEN_THRESHOLD  # diff: growth (tokens) worth reporting
    schema_extensions: frozenset[str] = frozenset()  # schema keywords allowed besides x-…
    config_file: Path | None = None  # the config file read, when there is one
    output_setting: Setting | None = None  # how the output folder was chosen (outputs.py)
    contracts_setting: Setting | None = None  # how the contracts folder was chosen
    allow_outside: bool = False  # --allow-outside: the output may lie outside the project
    hosts: Path | None = None  # folder of host overlays (hosts/<host>.yaml); None: one host
    hosts_setting: Setting | None = None  # how the hosts folder was chosen
    hosts_shown: str | None = None  # overlays are shown as this + their path in the folder


@dataclass(frozen=True, slots=True)
class Overrides:
    """Command-line values; None means "not given", so the file (or default) decides."""

    contracts: Path | None = None
    output: Path | None = None
    strict: bool | None = None
    strict_default: bool | None = None
    no_cache: bool = False
    allow_outside: bool = False


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
    "targets": Key("targets", list, what="target names"),
    "python-package": Key("python_package", str, _PY_PACKAGE, "a Python identifier"),
    "typescript-package": Key("typescript_package", str, _NPM_PACKAGE, "an npm package name"),
    "package-version": Key("package_version", str, _VERSION, "a version like 1.2.3"),
    "builtin-server": Key("builtin_server", str),
    "strict": Key("strict", bool),
    "openai-strict": Key("strict_default", bool),
    "diff": Key("diff", dict),
    "cache": Key("cache", object),
    "budgets": Key("budgets", dict),
    "schema-extensions": Key("schema_extensions", list, what="keyword names"),
    "hosts": Key("hosts", str),
    "mode-files": Key("mode_files", bool),
    "accept": Key("accept", object),
}


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
    diff_table = values.pop("diff", None)
    suppressions, trouble = _suppressions(text, diff_table)
    threshold = _token_threshold(text, diff_table, trouble)
    budgets = _budgets(text, values.pop("budgets", None), trouble)
    accepted = _acceptances(text, values.pop("accept", None), trouble)
    config = _apply(text, base, values, overrides or Overrides())
    if require_contracts:
        trouble += _check_contracts(config, text, overrides or Overrides())
        trouble += _check_hosts(config)
    problems += trouble
    if problems:
        raise ContractError(problems)
    return replace(
        config,
        suppressions=suppressions,
        budgets=budgets,
        token_threshold=threshold,
        accepted=accepted,
    )


def _acceptances(
    text: ConfigText | None, value: Any, problems: list[Diagnostic]
) -> tuple[Acceptance, ...]:
    """The ``accept`` entries (generator/project/accepted.py), checked."""
    if text is None or value is None:
        return ()
    source = text.path.read_text("utf-8")
    found, trouble = parse_acceptances(text.display, source, value, text.positions)
    problems += trouble
    return found


def _budgets(text: ConfigText | None, table: Any, problems: list[Diagnostic]) -> tuple[Budget, ...]:
    """``budgets = {openai-chat = {per-tool = 800, per-listing = 20000}, …}``, checked here
    for shape; which list names exist is checked where the lists are known (tokens)."""
    if text is None or table is None:
        return ()
    where = text.position("budgets")
    found = []
    for target, limits in table.items():
        if not isinstance(limits, dict):
            problems.append(_diag(where, f"budgets.{target} must be a table", _BUDGET_HINT))
            continue
        unknown = [key for key in limits if key not in BUDGET_KEYS]
        for key in unknown:
            problems.append(_diag(where, f"unknown key 'budgets.{target}.{key}'", _BUDGET_HINT))
        values = {key: limits.get(key) for key in BUDGET_KEYS}
        bad = [k for k, v in values.items() if v is not None and not _positive_int(v)]
        for key in bad:
            message = f"budgets.{target}.{key} must be a positive number of tokens"
            problems.append(_diag(where, message, None))
        if not unknown and not bad:
            found.append(Budget(target, values["per-tool"], values["per-listing"], where))
    return tuple(found)


_BUDGET_HINT = "write budgets.<list> = {per-tool = N, per-listing = N}"


def _positive_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _token_threshold(text: ConfigText | None, table: Any, problems: list[Diagnostic]) -> int:
    """``diff.token-threshold``: the growth, in tokens, diff reports (default 100)."""
    if text is None or not isinstance(table, dict) or "token-threshold" not in table:
        return DEFAULT_TOKEN_THRESHOLD
    value = table["token-threshold"]
    if not _positive_int(value):
        message = "diff.token-threshold must be a positive number of tokens"
        problems.append(_diag(text.position("diff"), message, None))
        return DEFAULT_TOKEN_THRESHOLD
    return int(value)


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
        return _list_problem(key, spec, value)
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
    if key == "python-package":
        return _python_package_problem(value)
    return None


# What the generated package imports (pydantic>=2) and what pydantic imports in turn: a
# package of one of these names would hide the real one from itself.
_DEPENDENCIES = frozenset(
    ["pydantic", "pydantic_core", "annotated_types", "typing_extensions", "typing_inspection"]
)


def _python_package_problem(name: str) -> str | None:
    """Why the generated package could not be imported under ``name`` (None: it can).
    Names are compared without case: macOS and Windows file systems ignore it."""
    where = "config key 'python-package'"
    if keyword.iskeyword(name):
        return f"{where}: {name!r} is a Python keyword, so 'import {name}' is a syntax error"
    folded = name.lower()
    if folded in {module.lower() for module in sys.stdlib_module_names}:
        return f"{where}: {name!r} would shadow the standard library module of that name"
    if folded in _DEPENDENCIES:
        return f"{where}: {name!r} would shadow a module the generated package imports"
    return None


def _list_problem(key: str, spec: Key, value: Any) -> str | None:
    """Why ``value`` is not a list of names (strings; keyword names must not be empty)."""
    if not isinstance(value, list):
        return f"config key '{key}' must be a list of {spec.what}, not {_kind(value)}"
    wrong = sorted({_kind(v) for v in value if not isinstance(v, str)})
    if wrong:
        return f"config key '{key}' must be a list of {spec.what}; it holds {' and '.join(wrong)}"
    if key == "schema-extensions" and "" in value:
        return f"config key '{key}' must not list an empty name"
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
    contracts = _setting(text, root, "contracts", values.pop("contracts", None))
    output = _setting(text, root, "output", values.pop("output", None))
    strict = bool(values.pop("strict", False))
    strict_default = bool(values.pop("strict_default", False))
    if overrides.contracts is not None:
        contracts = _flag(base, "--contracts", overrides.contracts)
    if overrides.output is not None:
        output = _flag(base, "--output", overrides.output)
    if overrides.strict is not None:
        strict = overrides.strict
    if overrides.strict_default is not None:
        strict_default = overrides.strict_default
    extensions = frozenset(values.pop("schema_extensions", ()))
    hosts = values.pop("hosts", None)
    hosts_setting = None if hosts is None else _setting(text, root, "hosts", hosts)
    setting = values.pop("cache", True)
    cache = None if overrides.no_cache else _cache_folder(root, setting)
    emit = replace(EmitOptions(), **values)
    source = text.display if text is not None else None
    return Config(
        root,
        _resolved(contracts.given),
        _resolved(output.given),
        strict,
        strict_default,
        emit,
        source,
        cache=cache,
        schema_extensions=extensions,
        config_file=text.path if text is not None else None,
        output_setting=output,
        contracts_setting=contracts,
        allow_outside=overrides.allow_outside,
        hosts=None if hosts_setting is None else _resolved(hosts_setting.given),
        hosts_setting=hosts_setting,
    )


def _resolved(path: Path) -> Path:
    """``path`` with links followed; a loop of links is left for the link checks to name."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))


_DEFAULT_FOLDERS = {"contracts": "contracts", "output": "generated"}


def _setting(text: ConfigText | None, root: Path, key: str, value: str | None) -> Setting:
    """A folder the config file sets, or the default one (``value`` None)."""
    if value is None:
        folder = _DEFAULT_FOLDERS[key]
        where = text.position(key) if text is not None else Position(CLI_FILE, 1, 1)
        return Setting(root / folder, where, f"the default {key} folder '{folder}'")
    assert text is not None  # only a config file sets a value
    spelled = f"{key} = {json.dumps(value, ensure_ascii=False)}"
    return Setting(root / value, text.position(key), spelled)


def _flag(base: Path, flag: str, value: Path) -> Setting:
    return Setting(base / value, Position(CLI_FILE, 1, 1), f"{flag} {value}")


def _cache_folder(root: Path, value: str | bool) -> Path | None:
    """``cache = false`` turns the cache off, a path moves it (relative to the config);
    by default it is the user's cache folder, outside every project."""
    if value is False:
        return None
    return user_cache_root() if value is True else root / value


def _check_contracts(
    config: Config, text: ConfigText | None, overrides: Overrides
) -> list[Diagnostic]:
    setting = config.contracts_setting
    if setting is not None and (link := first_link(setting.given, config.root)) is not None:
        message, hint = link_problem(setting, link, config.root)
        return [Diagnostic(setting.where, message, LINK, hint=hint)]
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


def _check_hosts(config: Config) -> list[Diagnostic]:
    """The hosts folder exists, is not reached through a link and is not the contracts
    folder itself (inside it, it is skipped when contracts are read)."""
    setting = config.hosts_setting
    if setting is None or config.hosts is None:
        return []
    if (link := first_link(setting.given, config.root)) is not None:
        message, hint = link_problem(setting, link, config.root)
        return [Diagnostic(setting.where, message, LINK, hint=hint)]
    shown = display(config.hosts, config.root)
    if not config.hosts.is_dir():
        hint = "create it (one hosts/<host>.yaml per host), or remove 'hosts'"
        return [_diag(setting.where, f"hosts directory '{shown}' does not exist", hint)]
    if config.hosts == config.contracts:
        hint = "every YAML file there would be read as a contract: use a folder of its own"
        hint += " (contracts/hosts is skipped when contracts are read)"
        return [_diag(setting.where, f"hosts directory '{shown}' is the contracts folder", hint)]
    return []


def _diag(where: Position, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(where, message, CONFIG_CODE, hint=hint)
