"""Project configuration: ``[tool.toolcanon]`` in pyproject.toml (or toolcanon.yaml).

Paths are relative to the file that configures them, so the same project gives the
same output from any working directory. CLI flags override file values.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from generator.diagnostics import ContractError, Diagnostic, Position
from generator.diff.suppressions import Suppression, parse_suppressions

ALL_TARGETS = ("canonical", "openai", "anthropic", "mcp", "python", "typescript", "docs")


@dataclass(frozen=True, slots=True)
class EmitOptions:
    """What emitters may read besides the toolset; part of the manifest's inputs."""

    python_package: str = "toolcanon_tools"
    typescript_package: str = "toolcanon-tools"
    package_version: str = "0.1.0"
    builtin_server: str = "builtin"
    targets: tuple[str, ...] = ALL_TARGETS

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
    source: str | None = None
    cache: Path | None = None  # folder of cached results (cache.py); None: no cache
    suppressions: tuple[Suppression, ...] = ()  # accepted changes for ``toolcanon diff``


# key in the file → (field, expected type)
_KEYS: dict[str, tuple[str, type | tuple[type, ...]]] = {
    "contracts": ("contracts", str),
    "output": ("output", str),
    "strict": ("strict", bool),
    "openai-strict": ("strict_default", bool),
    "targets": ("targets", list),
    "python-package": ("python_package", str),
    "typescript-package": ("typescript_package", str),
    "package-version": ("package_version", str),
    "builtin-server": ("builtin_server", str),
    "diff": ("diff", dict),
    "cache": ("cache", (str, bool)),
}
CACHE_FOLDER = ".toolcanon-cache"


def load_config(path: Path | None = None, *, cwd: Path | None = None) -> Config:
    """The config at ``path``, or found in ``cwd``: pyproject.toml, then toolcanon.yaml."""
    base = (cwd or Path.cwd()).resolve()
    if path is None:
        path = _find(base)
        if path is None:
            return Config(
                root=base,
                contracts=base / "contracts",
                output=base / "generated",
                cache=base / CACHE_FOLDER,
            )
    path = path.resolve()
    table, text = _read_table(path)
    return _build(path, table, text)


def _find(base: Path) -> Path | None:
    pyproject = base / "pyproject.toml"
    if pyproject.is_file():
        try:
            if "toolcanon" in tomllib.loads(pyproject.read_text("utf-8")).get("tool", {}):
                return pyproject
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            return pyproject  # report the syntax error instead of ignoring the file
    candidate = base / "toolcanon.yaml"
    return candidate if candidate.is_file() else None


def _read_table(path: Path) -> tuple[Mapping[str, Any], str]:
    display = path.name
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContractError([_diag(display, 1, f"cannot read config: {exc}", None)]) from None
    if path.suffix in (".yaml", ".yml"):
        return _yaml_table(path, text), text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContractError(
            [_diag(display, getattr(exc, "lineno", 1), f"invalid TOML: {exc}", None)]
        ) from None
    table = data.get("tool", {}).get("toolcanon", {})
    return table, text


def _yaml_table(path: Path, text: str) -> Mapping[str, Any]:
    from generator.contracts.loader import load_file

    loaded = load_file(path, path.name)
    if loaded.data is None:
        return {}
    if not isinstance(loaded.data, Mapping):
        raise ContractError([_diag(path.name, 1, "toolcanon.yaml must hold a mapping", None)])
    return loaded.data


def _build(path: Path, table: Mapping[str, Any], text: str) -> Config:
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    for key, value in table.items():
        line = _line_of(text, key)
        if key not in _KEYS:
            match = difflib.get_close_matches(key, list(_KEYS), n=1)
            hint = f"did you mean '{match[0]}'?" if match else f"known keys: {', '.join(_KEYS)}"
            problems.append(_diag(path.name, line, f"unknown config key '{key}'", hint))
            continue
        name, expected = _KEYS[key]
        if not isinstance(value, expected) or (
            isinstance(value, list) and not all(isinstance(v, str) for v in value)
        ):
            want = "a list of names" if expected is list else getattr(expected, "__name__", "")
            want = want or "a folder or false"
            problems.append(_diag(path.name, line, f"config key '{key}' must be {want}", None))
            continue
        values[name] = value
    problems += _check_targets(path.name, text, values.get("targets"))
    suppressions, trouble = parse_suppressions(path.name, text, values.pop("diff", {}))
    problems += trouble
    root = path.parent
    contracts = root / values.pop("contracts", "contracts")
    if not contracts.is_dir():
        problems.append(
            _diag(
                path.name,
                _line_of(text, "contracts"),
                f"contracts directory '{contracts.relative_to(root)}' does not exist",
                "create it or set 'contracts' to the folder that holds your contracts",
            )
        )
    if problems:
        raise ContractError(problems)
    output = root / values.pop("output", "generated")
    strict = bool(values.pop("strict", False))
    strict_default = bool(values.pop("strict_default", False))
    cache = _cache_folder(root, values.pop("cache", True))
    if "targets" in values:
        values["targets"] = tuple(values["targets"])
    emit = replace(EmitOptions(), **values)
    return Config(
        root,
        contracts,
        output,
        strict,
        strict_default,
        emit,
        path.name,
        cache=cache,
        suppressions=suppressions,
    )


def _cache_folder(root: Path, value: str | bool) -> Path | None:
    """``cache = false`` turns the cache off, a path moves it; it is on by default."""
    if value is False:
        return None
    return root / (CACHE_FOLDER if value is True else value)


def _check_targets(display: str, text: str, targets: list[str] | None) -> list[Diagnostic]:
    unknown = [t for t in targets or [] if t not in ALL_TARGETS]
    return [
        _diag(
            display,
            _line_of(text, "targets"),
            f"unknown target '{t}'",
            f"targets are: {', '.join(ALL_TARGETS)}",
        )
        for t in unknown
    ]


def _line_of(text: str, key: str) -> int:
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "[tool.toolcanon]"), 0)
    for number, line in enumerate(lines[start:], start + 1):
        stripped = line.lstrip()
        if stripped.startswith((f"{key} ", f"{key}=", f"{key}:", f'"{key}"')):
            return number
    return 1


def _diag(file: str, line: int, message: str, hint: str | None) -> Diagnostic:
    return Diagnostic(Position(file, line, 1), message, "TC050", hint=hint)
