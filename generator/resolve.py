"""Resolve checked contracts into the immutable Toolset (the IR)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.contracts.loader import LoadedFile
from generator.diagnostics import Diagnostic, JsonPath
from generator.model import ContractSource, ToolDescriptor, Toolset, freeze
from generator.names import MAX_PROVIDER_NAME, canonical_name, derive_provider_name
from generator.policy import resolve_fields


def resolve(
    files: Iterable[LoadedFile], *, strict_default: bool
) -> tuple[Toolset, list[Diagnostic]]:
    """Build the Toolset from files that passed ``check``; also report provider-name clashes."""
    files = sorted(files, key=lambda f: f.path)
    tools = [
        _descriptor(loaded, index, {**_defaults(loaded), **tool}, strict_default)
        for loaded in files
        for index, tool in enumerate(loaded.data["tools"])
    ]
    tools.sort(key=lambda t: t.name)
    diagnostics = list(_provider_name_problems(tools))
    sources = tuple(ContractSource(f.key, f.sha256) for f in files)
    return Toolset(tuple(tools), sources), diagnostics


def _defaults(loaded: LoadedFile) -> Mapping[str, Any]:
    defaults: Mapping[str, Any] = loaded.data.get("defaults", {})
    return defaults


def _descriptor(
    loaded: LoadedFile, index: int, tool: Mapping[str, Any], strict_default: bool
) -> ToolDescriptor:
    server: str | None = loaded.data.get("server")
    name = canonical_name(tool["name"], server)
    fields = resolve_fields(tool, name=name, server=server, strict_default=strict_default)
    output = tool.get("outputSchema")
    return ToolDescriptor(
        name=name,
        tool_name=tool["name"],
        server=server,
        provider_name=tool.get("providerName") or derive_provider_name(name),
        title=fields.title,
        description=fields.description,
        kind=fields.kind,
        source=fields.source,
        category=fields.category,
        input_schema=freeze(tool["inputSchema"]),
        output_schema=None if output is None else freeze(output),
        is_read_only=fields.is_read_only,
        risk_level=fields.risk_level,
        permissions=freeze(tool.get("permissions", {})),
        telemetry=freeze(tool.get("telemetry", {})),
        available_in_plan_mode=fields.available_in_plan_mode,
        requires_plan_approval=fields.requires_plan_approval,
        requires_confirmation=fields.requires_confirmation,
        approval_flow=fields.approval_flow,
        strict=fields.strict,
        destructive_hint=fields.destructive_hint,
        idempotent_hint=fields.idempotent_hint,
        open_world_hint=fields.open_world_hint,
        origin=loaded.position(("tools", index, "name")),
    )


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
