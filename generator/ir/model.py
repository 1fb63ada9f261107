"""The intermediate representation: resolved, immutable tool descriptors.

Everything downstream of ``resolve`` reads these and nothing else; every field is
decided, so no emitter ever falls back from one field to another.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from generator.core.diagnostics import JsonPath, Position
from generator.ir.policy import RiskLevel

FrozenJson = Any
"""JSON data made immutable: mappings are read-only proxies, arrays are tuples."""


def freeze(value: Any) -> FrozenJson:
    """Deep read-only copy of JSON data (dict order kept)."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: FrozenJson) -> Any:
    """Plain, mutable JSON data (dicts and lists) from frozen data."""
    kind = type(value)
    if kind in _SCALARS:  # most values: checked by exact type, before any ABC check
        return value
    if kind is MappingProxyType or kind is dict or isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if kind is tuple or kind is list or isinstance(value, tuple | list):
        return [thaw(item) for item in value]
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})


@dataclass(frozen=True, slots=True)
class Where:
    """Where a tool is written, so anything said about it can point at a line.

    ``positions`` are its file's (shared, read-only); a descriptor path is found at the
    tool's own key, else at its file's ``defaults`` key, else at the tool's name.
    """

    file: str
    positions: Mapping[JsonPath, tuple[int, int]]
    index: int  # the tool's place in the file's ``tools`` list
    own_keys: frozenset[str]
    default_keys: frozenset[str]

    def position(self, path: JsonPath) -> Position:
        """Position of a path in the file, or of its closest ancestor that has one."""
        for end in range(len(path), -1, -1):
            found = self.positions.get(tuple(path[:end]))
            if found is not None:
                return Position(self.file, *found)
        return Position(self.file, 1, 1)

    def locate(self, path: JsonPath) -> Position:
        """Where a path of the canonical descriptor (``("inputSchema", "properties")``)
        comes from in the contract."""
        if path and path[0] in self.own_keys:
            return self.position(("tools", self.index, *path))
        if path and path[0] in self.default_keys:
            return self.position(("defaults", *path))
        return self.position(("tools", self.index, "name"))


@dataclass(frozen=True, slots=True)
class ToolDescriptor:
    """One tool with every canonical field resolved.

    ``name`` is the canonical name (``<server>::<tool>`` for MCP tools);
    ``tool_name`` is the name inside its server; ``provider_name`` the name sent
    to OpenAI and Claude. ``parameters`` is not stored: it *is* ``input_schema``.
    """

    name: str
    tool_name: str
    server: str | None
    provider_name: str
    title: str
    description: str
    kind: str
    source: str
    category: str
    input_schema: FrozenJson
    output_schema: FrozenJson | None
    is_read_only: bool
    risk_level: RiskLevel
    permissions: FrozenJson
    telemetry: FrozenJson
    available_in_plan_mode: bool
    requires_plan_approval: bool
    requires_confirmation: bool
    approval_flow: str
    skill: FrozenJson | None  # {name, version?, path?}: the skill the tool runs
    strict: bool
    targets: FrozenJson  # {"exclude": (provider target names the tool is left out of)}
    examples: FrozenJson  # example argument objects, each valid against input_schema
    icons: FrozenJson  # MCP Tool.icons: ({src, mimeType?, sizes?, theme?}, …)
    destructive_hint: bool
    idempotent_hint: bool
    open_world_hint: bool
    where: Where
    # Optional provider fields: None when the contract is silent (the provider's default).
    defer_loading: bool | None = None  # loaded only through the provider's tool search
    allowed_callers: FrozenJson | None = None  # ("direct", "programmatic", …)
    namespace: FrozenJson | None = None  # {name, description}: OpenAI Responses' grouping
    # Which policy floor (``ir/floors``) set each field the contract left silent: what the
    # catalogue shows; not a descriptor field, so no listing or package carries it.
    floors: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # What a ChatGPT app submission says of the tool (``submission:``; the
    # chatgpt-submission target): OpenAI's openWorldHint, hint justifications, prompts.
    submission: FrozenJson | None = None
    # The canonical JSON ``fields.descriptor_json`` builds on first use and every later
    # call shares. Not an init field, so ``dataclasses.replace`` (a host's overlay, lean)
    # starts the copy empty instead of carrying the original's stale data.
    canonical_memo: Mapping[str, Any] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    @property
    def origin(self) -> Position:
        """Where the tool is named in its contract."""
        return self.where.locate(())

    def sent_to(self, target: str) -> bool:
        """False when the contract leaves the tool out of ``target`` (``targets.exclude``)."""
        return target not in self.targets["exclude"]

    @property
    def parameters(self) -> FrozenJson:
        """The read-only mirror of ``input_schema`` (the same object)."""
        return self.input_schema


@dataclass(frozen=True, slots=True)
class ContractSource:
    """A contract file that went into a toolset, for the manifest."""

    path: str
    sha256: str


@dataclass(frozen=True, slots=True)
class HostView:
    """One host's tools: the shared descriptors its overlay selects, with the overlay's
    host fields applied (``hosts/``), in canonical order. Schemas are the shared ones.

    ``file`` and ``sha256`` are the overlay's; ``set_at`` says where the overlay sets
    each field of each tool (canonical name → key → position) and ``selected_at``
    where it chooses its tools, so whatever is said about the host points at a line.
    """

    name: str
    tools: tuple[ToolDescriptor, ...]
    file: str
    sha256: str
    set_at: Mapping[str, Mapping[str, Position]]
    selected_at: Position


@dataclass(frozen=True, slots=True)
class Toolset:
    """All tools of a project, sorted by canonical name, and each host's view of them."""

    tools: tuple[ToolDescriptor, ...]
    sources: tuple[ContractSource, ...]
    hosts: tuple[HostView, ...] = ()  # sorted by name; empty without ``hosts`` in config

    def __iter__(self) -> Iterator[ToolDescriptor]:
        return iter(self.tools)

    def __len__(self) -> int:
        return len(self.tools)

    def servers(self) -> tuple[str, ...]:
        """Names of the MCP servers that own tools, sorted."""
        return tuple(sorted({tool.server for tool in self.tools if tool.server is not None}))

    def listed_servers(self, builtin_server: str) -> tuple[str, ...]:
        """Every server an MCP listing is written for, sorted: the servers that own tools,
        and ``builtin_server`` when some tool belongs to none."""
        return tuple(sorted({tool.server or builtin_server for tool in self.tools}))
