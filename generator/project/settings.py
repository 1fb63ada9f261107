"""A project's settings as values: the resolved ``Config``, the command line's
``Overrides``, how a folder setting was written (``Setting``), token budgets and the
tables a command reads itself. ``config.py`` reads and checks them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Position
from generator.ir.floors import Policy
from generator.ir.options import EmitOptions
from generator.project.accepted import Acceptance
from generator.project.config_file import ConfigText


@dataclass(frozen=True, slots=True)
class Budget:
    """Token limits for one tool list (``openai-chat``, ``anthropic``, ``mcp``…): the
    most a tool's entry and a whole listing may cost; None is no limit."""

    target: str
    per_tool: int | None
    per_listing: int | None
    position: Position


DEFAULT_TOKEN_THRESHOLD = 100


@dataclass(frozen=True, slots=True)
class Client:
    """A client profile the config names (``clients``), and where: the diagnostics about
    a whole list (more tools than the client takes) point at this entry."""

    name: str
    position: Position


@dataclass(frozen=True, slots=True)
class Table:
    """A config table that the command owning it checks and reads (``diff``'s
    suppressions): the file it was written in and its value as written."""

    text: ConfigText
    value: Any


@dataclass(frozen=True, slots=True)
class Setting:
    """A folder setting as the user wrote it: the path joined to its base but not
    resolved (so a symbolic link on the way can still be named), where it was written
    (a config line, or the command line), how (``--output .``, ``output = "."``), and
    the value as typed (None for a default), which no shell has expanded."""

    given: Path
    where: Position
    spelled: str
    value: str | None = None


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
    diff_table: Table | None = None  # [tool.toolcanon.diff]: diff reads its suppressions
    accepted: tuple[Acceptance, ...] = ()  # accepted warnings: not printed, not counted
    policies: tuple[Policy, ...] = ()  # policy floors (ir/floors), applied at resolve
    cache: Path | None = None  # folder of cached results (cache.py); None: no cache
    cache_setting: Setting | None = None  # a cache folder the config names (placement.py)
    budgets: tuple[Budget, ...] = ()  # token limits, checked by validate/generate/check
    clients: tuple[Client, ...] = ()  # client profiles whose limits are checked (clients/)
    token_threshold: int = DEFAULT_TOKEN_THRESHOLD  # diff: growth (tokens) worth reporting
    schema_extensions: frozenset[str] = frozenset()  # schema keywords allowed besides x-…
    config_file: Path | None = None  # the config file read, when there is one
    output_setting: Setting | None = None  # how the output folder was chosen (placement.py)
    contracts_setting: Setting | None = None  # how the contracts folder was chosen
    allow_outside: bool = False  # --allow-outside: paths may lie outside the project
    hosts: Path | None = None  # folder of host overlays (hosts/<host>.yaml); None: one host
    hosts_setting: Setting | None = None  # how the hosts folder was chosen
    hosts_shown: str | None = None  # overlays are shown as this + their path in the folder
    server_entries: tuple[tuple[str, Position], ...] = ()  # mcp-servers: each entry's line
    submission_at: Position | None = None  # chatgpt-submission (else targets): its line


@dataclass(frozen=True, slots=True)
class Overrides:
    """Command-line values; None means "not given", so the file (or default) decides."""

    contracts: Path | None = None
    output: Path | None = None
    strict: bool | None = None
    strict_default: bool | None = None
    no_cache: bool = False
    allow_outside: bool = False
