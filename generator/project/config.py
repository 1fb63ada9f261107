"""Project configuration: ``[tool.toolcanon]`` in pyproject.toml, or toolcanon.yaml.

Paths in a file are relative to that file, so the same project gives the same output
from any working directory; paths given on the command line are relative to the
working directory. Command-line flags override the file. Every problem is reported
with the file and line it comes from, and all problems are reported together.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.core.cache import user_cache_root
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.core.paths import display
from generator.ir.floors import Policy
from generator.ir.options import EmitOptions
from generator.project.accepted import Acceptance
from generator.project.accepted import parse as parse_acceptances
from generator.project.clients import parse_clients
from generator.project.config_file import ConfigText, find_config, read_config
from generator.project.keys import (
    config_problem,
    table_values,
)
from generator.project.placement import (
    READ,
    cache_problems,
    configured,
    flag,
    place_problems,
    resolved,
)
from generator.project.policies import parse_policies
from generator.project.servers import entry_positions, server_caches
from generator.project.settings import (
    DEFAULT_TOKEN_THRESHOLD,
    Budget,
    Config,
    Overrides,
    Setting,
    Table,
)
from generator.project.submission import submission_settings, table_position

CLI_FILE = "<command line>"


BUDGET_KEYS = ("per-tool", "per-listing")


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
    values, problems = table_values(text) if text is not None else ({}, [])
    diff_table = values.pop("diff", None)
    trouble: list[Diagnostic] = []
    threshold = _token_threshold(text, diff_table, trouble)
    budgets = _budgets(text, values.pop("budgets", None), trouble)
    accepted = _acceptances(text, values.pop("accept", None), trouble)
    servers_table = values.pop("mcp_servers", None)
    values["mcp_servers"], servers_trouble = server_caches(text, servers_table)
    trouble += servers_trouble
    values["submission"], submission_trouble = submission_settings(
        text, values.pop("submission", None)
    )
    trouble += submission_trouble
    policies = _policies(text, values.pop("policies", None), trouble)
    clients, clients_trouble = parse_clients(text, values.pop("clients", None))
    trouble += clients_trouble
    config = _apply(text, base, values, overrides or Overrides())
    trouble += _check_folders(config, text, overrides or Overrides(), require_contracts)
    problems += trouble
    if problems:
        raise ContractError(problems)
    return replace(
        config,
        diff_table=None if text is None or diff_table is None else Table(text, diff_table),
        budgets=budgets,
        token_threshold=threshold,
        accepted=accepted,
        policies=policies,
        clients=clients,
        server_entries=entry_positions(text, servers_table),
        submission_at=table_position(text),
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


def _policies(
    text: ConfigText | None, value: Any, problems: list[Diagnostic]
) -> tuple[Policy, ...]:
    """The ``policies`` floors (generator/project/policies.py), checked."""
    if text is None or value is None:
        return ()
    found, trouble = parse_policies(text, value, text.path.read_text("utf-8"))
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
            problems.append(
                config_problem(where, f"budgets.{target} must be a table", _BUDGET_HINT)
            )
            continue
        unknown = [key for key in limits if key not in BUDGET_KEYS]
        for key in unknown:
            problems.append(
                config_problem(where, f"unknown key 'budgets.{target}.{key}'", _BUDGET_HINT)
            )
        values = {key: limits.get(key) for key in BUDGET_KEYS}
        bad = [k for k, v in values.items() if v is not None and not _positive_int(v)]
        for key in bad:
            message = f"budgets.{target}.{key} must be a positive number of tokens"
            problems.append(config_problem(where, message, None))
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
        problems.append(config_problem(text.position("diff"), message, None))
        return DEFAULT_TOKEN_THRESHOLD
    return int(value)


def _apply(
    text: ConfigText | None, base: Path, values: dict[str, Any], overrides: Overrides
) -> Config:
    root = text.path.parent if text is not None else base
    contracts = _setting(text, root, "contracts", values.pop("contracts", None))
    output = _setting(text, root, "output", values.pop("output", None))
    strict = bool(values.pop("strict", False))
    strict_default = bool(values.pop("strict_default", False))
    if overrides.contracts is not None:
        contracts = flag(base, "--contracts", overrides.contracts)
    if overrides.output is not None:
        output = flag(base, "--output", overrides.output)
    if overrides.strict is not None:
        strict = overrides.strict
    if overrides.strict_default is not None:
        strict_default = overrides.strict_default
    extensions = frozenset(values.pop("schema_extensions", ()))
    hosts = values.pop("hosts", None)
    hosts_setting = None if hosts is None else _setting(text, root, "hosts", hosts)
    cache_value = values.pop("cache", True)
    cache_setting = _cache_setting(text, root, cache_value, overrides)
    cache = _cache_folder(cache_setting, cache_value, overrides)
    emit = replace(EmitOptions(), **values)
    source = text.display if text is not None else None
    return Config(
        root,
        resolved(contracts.given),
        resolved(output.given),
        strict,
        strict_default,
        emit,
        source,
        cache=cache,
        cache_setting=cache_setting,
        schema_extensions=extensions,
        config_file=text.path if text is not None else None,
        output_setting=output,
        contracts_setting=contracts,
        allow_outside=overrides.allow_outside,
        hosts=None if hosts_setting is None else resolved(hosts_setting.given),
        hosts_setting=hosts_setting,
    )


_DEFAULT_FOLDERS = {"contracts": "contracts", "output": "generated"}


def _setting(text: ConfigText | None, root: Path, key: str, value: str | None) -> Setting:
    """A folder the config file sets, or the default one (``value`` None)."""
    if value is None:
        folder = _DEFAULT_FOLDERS[key]
        where = text.position(key) if text is not None else Position(CLI_FILE, 1, 1)
        return Setting(root / folder, where, f"the default {key} folder '{folder}'")
    assert text is not None  # only a config file sets a value
    return configured(root, key, value, text.position(key))


def _cache_setting(
    text: ConfigText | None, root: Path, value: str | bool, overrides: Overrides
) -> Setting | None:
    """The cache folder the config names (None: the default, or no cache)."""
    if text is None or not isinstance(value, str) or overrides.no_cache:
        return None
    return configured(root, "cache", value, text.position("cache"))


def _cache_folder(setting: Setting | None, value: str | bool, overrides: Overrides) -> Path | None:
    """``cache = false`` (or ``--no-cache``) turns the cache off, a path moves it
    (relative to the config); by default it is the user's cache folder, outside every
    project."""
    if setting is not None:
        return resolved(setting.given)
    return None if overrides.no_cache or value is False else user_cache_root()


def _check_folders(
    config: Config, text: ConfigText | None, overrides: Overrides, require_contracts: bool
) -> list[Diagnostic]:
    """Every folder setting through the placement rule; the folders a command reads
    must then exist. A refused folder is not looked at any further."""
    contracts = config.contracts_setting
    refused = [] if contracts is None else place_problems(contracts, READ, config)
    if not refused and require_contracts:
        refused += _check_contracts(config, text, overrides)
    if config.hosts_setting is not None:
        hosts = place_problems(config.hosts_setting, READ, config)
        refused += hosts or (_check_hosts(config) if require_contracts else [])
    if config.cache_setting is not None:
        refused += cache_problems(config.cache_setting, config)
    return refused


def _check_contracts(
    config: Config, text: ConfigText | None, overrides: Overrides
) -> list[Diagnostic]:
    """The contracts folder a command reads exists."""
    if config.contracts.is_dir():
        return []
    if overrides.contracts is not None or text is None:
        where = Position(CLI_FILE, 1, 1)
        hint = "pass --contracts DIR, or run 'toolcanon init' to start a project"
    else:
        where = text.position("contracts")
        hint = "create it, or set 'contracts' to the folder that holds your contracts"
    shown = display(config.contracts, config.root)
    return [config_problem(where, f"contracts directory '{shown}' does not exist", hint)]


def _check_hosts(config: Config) -> list[Diagnostic]:
    """The hosts folder exists and is not the contracts folder itself (inside it, it is
    skipped when contracts are read)."""
    setting = config.hosts_setting
    if setting is None or config.hosts is None:
        return []
    shown = display(config.hosts, config.root)
    if not config.hosts.is_dir():
        hint = "create it (one hosts/<host>.yaml per host), or remove 'hosts'"
        return [config_problem(setting.where, f"hosts directory '{shown}' does not exist", hint)]
    if config.hosts == config.contracts:
        hint = "every YAML file there would be read as a contract: use a folder of its own"
        hint += " (contracts/hosts is skipped when contracts are read)"
        return [
            config_problem(
                setting.where, f"hosts directory '{shown}' is the contracts folder", hint
            )
        ]
    return []
