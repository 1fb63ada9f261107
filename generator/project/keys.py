"""The config table's keys: the field each one sets and how its value is checked
(types, package names, versions, target names), with did-you-mean for unknown keys."""

from __future__ import annotations

import difflib
import keyword
import re
import sys
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import Diagnostic, Position
from generator.core.targets import CONFIGURABLE
from generator.ir.names import is_tool_name
from generator.project.config_file import ConfigText

ALL_TARGETS = CONFIGURABLE
CONFIG_CODE = "TC050"


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
    "mcp-servers": Key("mcp_servers", dict),
    "chatgpt-submission": Key("submission", dict),
    "accept": Key("accept", object),
    "policies": Key("policies", object),
    "clients": Key("clients", list, what="client names"),
}


def table_values(text: ConfigText) -> tuple[dict[str, Any], list[Diagnostic]]:
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    for key, value in text.table.items():
        where = text.position(key)
        if key not in KEYS:
            problems.append(
                config_problem(where, f"unknown config key '{key}'", _did_you_mean(key))
            )
            continue
        problem = _type_problem(key, KEYS[key], value)
        if problem is not None:
            problems.append(config_problem(where, problem, None))
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
            problems.append(config_problem(where, f"unknown target '{target}'", better + hint))
    return problems


def config_problem(where: Position, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(where, message, CONFIG_CODE, hint=hint)
