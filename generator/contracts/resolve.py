"""Resolve checked contracts into the immutable Toolset (the IR).

Resolving also decides the names providers see, so whatever cannot be sent is a
diagnostic at its place in the contract: provider names that are too long or clash
(TC140, TC141), and a server that takes the name builtin tools are listed under for
MCP (TC142). What each provider receives as a schema is the profile stage's job.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from generator.contracts.loader import LoadedFile
from generator.core.diagnostics import Diagnostic, JsonPath
from generator.ir.fields import ATTRS, OPTIONAL
from generator.ir.floors import NO_FLOOR, Policy, Refusal, floors_for
from generator.ir.model import ContractSource, ToolDescriptor, Toolset, Where, freeze
from generator.ir.names import MAX_PROVIDER_NAME, canonical_name, derive_provider_name
from generator.ir.policy import Silent, resolve_fields

FLOOR_REFUSED = "TC126"


def resolve(
    files: Iterable[LoadedFile],
    *,
    strict_default: bool,
    builtin_server: str | None = None,
    policies: Sequence[Policy] = (),
) -> tuple[Toolset, list[Diagnostic]]:
    """Build the Toolset from files that passed ``check``, with the problems resolving found.

    ``builtin_server`` is the MCP server name builtin tools are listed under; a contract
    server of that name is refused (None: no name is reserved). ``policies`` are the
    config's floors (``ir/floors``): a declared value below one is TC126.
    """
    files = sorted(files, key=lambda f: f.path)
    diagnostics: list[Diagnostic] = []
    tools = []
    for loaded in files:
        diagnostics += _server_problems(loaded, builtin_server)
        positions = _read_only(loaded.positions)  # one per file, shared by its tools
        for index, tool in enumerate(loaded.data["tools"]):
            merged = {**_defaults(loaded), **tool}
            where = _where(loaded, positions, index, merged)
            tool, refused = _descriptor(loaded, merged, where, (strict_default, policies))
            tools.append(tool)
            diagnostics += [_refusal(tool, refusal) for refusal in refused]
    tools.sort(key=lambda t: t.name)
    diagnostics += _provider_name_problems(tools)
    sources = tuple(ContractSource(f.key, f.sha256) for f in files)
    return Toolset(tuple(tools), sources), diagnostics


def _defaults(loaded: LoadedFile) -> Mapping[str, Any]:
    defaults: Mapping[str, Any] = loaded.data.get("defaults", {})
    return defaults


def _read_only(positions: Mapping[JsonPath, tuple[int, int]]) -> Mapping[JsonPath, Any]:
    """A read-only view of a file's positions, without copying them (a file has one per
    node; copying them for each of its tools made resolve quadratic in file size)."""
    return MappingProxyType(positions) if isinstance(positions, dict) else positions


def _descriptor(
    loaded: LoadedFile,
    tool: Mapping[str, Any],
    where: Where,
    run: tuple[bool, Sequence[Policy]],
) -> tuple[ToolDescriptor, tuple[Refusal, ...]]:
    """The descriptor of one tool (``tool`` has its file's defaults merged in), and the
    declared values the policies covering it refuse."""
    strict_default, policies = run
    server: str | None = loaded.data.get("server")
    name = canonical_name(tool["name"], server)
    context = Silent(name, server, strict_default)
    values = resolve_fields(tool, context)
    floored = NO_FLOOR
    if policies:
        floored = floors_for(policies, {**values, "name": name, "server": server}, tool)
        if floored.supplied:
            values = resolve_fields({**tool, **floored.supplied}, context)
    descriptor = ToolDescriptor(
        name=name,
        tool_name=tool["name"],
        server=server,
        provider_name=tool.get("providerName") or derive_provider_name(name),
        input_schema=freeze(tool["inputSchema"]),
        **{attr: freeze(tool.get(key)) for key, attr in OPTIONAL.items()},
        where=where,
        floors=MappingProxyType(dict(floored.set_by)),
        **{ATTRS[key]: freeze(value) for key, value in values.items()},
    )
    return descriptor, floored.refused


def _refusal(tool: ToolDescriptor, refusal: Refusal) -> Diagnostic:
    """TC126 at the declared value: what the policy requires and how to comply."""
    declared, floor = _spelled(refusal.declared), _spelled(refusal.floor)
    return Diagnostic(
        tool.where.locate((refusal.key,)),
        f"{refusal.key}: {declared} is less safe than policy '{refusal.policy}' allows "
        f"(it requires {refusal.key}: {floor})",
        FLOOR_REFUSED,
        tool=tool.name,
        path=(refusal.key,),
        hint=f"write {refusal.key}: {floor}, or delete the key: the policy supplies it",
    )


def _spelled(value: bool | str) -> str:
    return str(value).lower() if isinstance(value, bool) else value


def _where(
    loaded: LoadedFile,
    positions: Mapping[JsonPath, tuple[int, int]],
    index: int,
    merged: Mapping[str, Any],
) -> Where:
    own = loaded.data["tools"][index]
    return Where(
        loaded.path,
        positions,
        index,
        frozenset(own),
        frozenset(key for key in merged if key not in own),
    )


def _server_problems(loaded: LoadedFile, builtin_server: str | None) -> list[Diagnostic]:
    server = loaded.data.get("server")
    if builtin_server is None or server != builtin_server:
        return []
    return [
        Diagnostic(
            loaded.position(("server",)),
            f"server name '{server}' is where builtin tools are listed for MCP "
            f"(mcp/{server}.json); the two listings would merge",
            "TC142",
            path=("server",),
            hint="rename the server, or set another builtin-server in the config",
        )
    ]


def _provider_name_problems(tools: list[ToolDescriptor]) -> Iterable[Diagnostic]:
    owners: dict[str, ToolDescriptor] = {}
    path: JsonPath = ("name",)
    for tool in tools:
        name = tool.provider_name
        if len(name) > MAX_PROVIDER_NAME:
            yield Diagnostic(
                tool.origin,
                f"provider name '{name}' is {len(name)} characters; "
                f"OpenAI and Claude accept at most {MAX_PROVIDER_NAME}",
                "TC140",
                tool=tool.name,
                path=path,
                hint="set a shorter providerName",
            )
        elif name in owners:
            other = owners[name]
            yield Diagnostic(
                tool.origin,
                f"provider name '{name}' is also the name of "
                f"'{other.name}' ({other.origin.file}:{other.origin.line})",
                "TC141",
                tool=tool.name,
                path=path,
                hint="set providerName on one of them",
            )
        else:
            owners[name] = tool
