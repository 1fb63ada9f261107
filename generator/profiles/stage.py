"""The profile stage: what each provider receives for each tool, decided before emit.

For every enabled target that sends schemas to a provider, the target's adapters
(``targets.Target.adapters``, found in ``targets.ADAPTERS``) run over the Toolset.
Each finding becomes a diagnostic at its place in the contract's ``inputSchema``; the
adapted schemas go to the emitters through ``Inputs.adapted``, so emitters stay pure
and never transform a schema. An adapter with a request-wide check (``targets.REQUESTS``:
limits that hold for a whole file, like Claude strict's 20 strict tools per request)
runs it over the tools each of its targets sends. The fields a provider list has no
place for (``tool_fields``: ``deferLoading``, ``allowedCallers``) are warnings at the
contract's line.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.core.diagnostics import Diagnostic, JsonPath, Severity
from generator.core.targets import ADAPTERS, REQUESTS, Target
from generator.ir.model import FrozenJson, ToolDescriptor, freeze
from generator.profiles import tool_fields
from generator.profiles.base import LIMIT_EXCEEDED, NAME_RULE, Finding, Transformed


@dataclass(frozen=True, slots=True)
class Adapted:
    """What one adapter sends for one tool: the schema (None when it cannot be sent), and
    the inverse of its transform for arguments (None: arguments come back unchanged)."""

    schema: FrozenJson | None
    findings: tuple[Finding, ...]
    inverse: FrozenJson | None = None


Adaptations = Mapping[str, Mapping[str, Adapted]]  # adapter → canonical tool name → Adapted
NOTHING_ADAPTED: Adaptations = MappingProxyType({})


def adapter(name: str) -> Callable[[ToolDescriptor], Transformed]:
    """The adapt function registered as ``name``."""
    found: Callable[[ToolDescriptor], Transformed] = _function(ADAPTERS[name])
    return found


RequestCheck = Callable[
    [Sequence[tuple[ToolDescriptor, FrozenJson | None]]], list[tuple[ToolDescriptor, Finding]]
]


def _function(entry: str) -> Any:
    module, _, function = entry.partition(":")  # a table entry, not user input
    return getattr(importlib.import_module(module), function)


def adapt(
    toolset: Iterable[ToolDescriptor], targets: Sequence[Target]
) -> tuple[Adaptations, list[Diagnostic]]:
    """Run the adapters of ``targets`` over every tool; every finding as a diagnostic.

    A tool the contract leaves out of every target an adapter serves (``targets.exclude``)
    is adapted too — what it would have received explains the exclusion — but its
    findings are not reported: leaving it out was the answer to them.
    """
    tools = tuple(toolset)
    users: dict[str, list[str]] = {}
    for target in targets:
        for name in target.adapters:
            users.setdefault(name, []).append(target.name)
    # One diagnostic per finding, naming every target that has it (Claude and Bedrock
    # strict share their rules).
    found: Found = {}
    adapted = {name: _run(name, served, tools, found) for name, served in users.items()}
    # An error's hint leaves the tool out of every target that refuses it, so one edit
    # answers them all.
    order = [target.name for target in targets]
    refusing: dict[str, set[str]] = {}
    for (name, finding), (_, reached) in found.items():
        if finding.severity is Severity.ERROR:
            refusing.setdefault(name, set()).update(reached)
    diagnostics = [
        diagnostic(tool, finding, sorted(refusing.get(tool.name, ()), key=order.index))
        for (_, finding), (tool, _) in found.items()
    ]
    diagnostics += tool_fields.findings(tools, targets)  # the lists' own fields
    return MappingProxyType(adapted), diagnostics


Found = dict[tuple[str, Finding], tuple[ToolDescriptor, list[str]]]


def _run(
    name: str, served: list[str], toolset: Sequence[ToolDescriptor], found: Found
) -> Mapping[str, Adapted]:
    """One adapter over every tool, then its request-wide check per target it serves."""
    run = adapter(name)
    per_tool: dict[str, Adapted] = {}
    for tool in toolset:
        result = run(tool)
        per_tool[tool.name] = Adapted(
            _frozen(result.schema), result.findings, _frozen(result.inverse)
        )
        reached = [target for target in served if tool.sent_to(target)]
        for finding in result.findings if reached else ():
            found.setdefault((tool.name, finding), (tool, []))[1].extend(reached)
    for target in served if name in REQUESTS else ():
        for tool, finding in _request(name, target, toolset, per_tool):
            found.setdefault((tool.name, finding), (tool, []))[1].append(target)
    return MappingProxyType(per_tool)


def _request(
    name: str, target: str, toolset: Sequence[ToolDescriptor], per_tool: Mapping[str, Adapted]
) -> list[tuple[ToolDescriptor, Finding]]:
    """The request-wide findings of what ``target``'s file sends, in file order."""
    check: RequestCheck = _function(REQUESTS[name])
    return check([(tool, per_tool[tool.name].schema) for tool in toolset if tool.sent_to(target)])


def _frozen(data: Any) -> FrozenJson | None:
    if data is None or isinstance(data, MappingProxyType):
        return data  # None, or the IR's frozen data passed through (without_dialect)
    return freeze(data)


def diagnostic(tool: ToolDescriptor, finding: Finding, targets: Sequence[str] = ()) -> Diagnostic:
    """A finding at its place in the tool's contract: paths are inside ``inputSchema``,
    except a name rule's, which is about the tool's (provider) name. An error's hint ends
    with the way out that always works: leaving the tool out of ``targets``."""
    path: JsonPath = ("inputSchema", *finding.path)
    if finding.code == NAME_RULE and not finding.path:
        path = ("providerName",) if "providerName" in tool.where.own_keys else ("name",)
    elif finding.code == LIMIT_EXCEEDED and not finding.path:
        path = ("strict",)  # the tool's strict: true (or its name, when a default made it)
    hint = finding.hint
    if finding.severity is Severity.ERROR and targets:
        hint = f"{hint}; or leave the tool out: {exclusion(tool, targets)}"
    return Diagnostic(
        tool.where.locate(path),
        finding.message,
        finding.code,
        finding.severity,
        tool=tool.name,
        path=path,
        hint=hint,
    )


def exclusion(tool: ToolDescriptor, targets: Sequence[str]) -> str:
    """The contract text that leaves ``tool`` out of ``targets`` (keeping its other exclusions)."""
    names = [*tool.targets["exclude"], *(t for t in targets if tool.sent_to(t))]
    return f"targets: {{exclude: [{', '.join(names)}]}}"
