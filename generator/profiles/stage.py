"""The profile stage: what each provider receives for each tool, decided before emit.

For every enabled target that sends schemas to a provider, the target's adapters
(``targets.Target.adapters``, found in ``targets.ADAPTERS``) run over the Toolset.
Each finding becomes a diagnostic at its place in the contract's ``inputSchema``; the
adapted schemas go to the emitters through ``Inputs.adapted``, so emitters stay pure
and never transform a schema.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.diagnostics import Diagnostic, JsonPath, Severity
from generator.model import FrozenJson, ToolDescriptor, Toolset, freeze
from generator.profiles.base import NAME_RULE, Finding, Transformed
from generator.targets import ADAPTERS, Target


@dataclass(frozen=True, slots=True)
class Adapted:
    """What one adapter sends for one tool: the schema (None when it cannot be sent)."""

    schema: FrozenJson | None
    findings: tuple[Finding, ...]


Adaptations = Mapping[str, Mapping[str, Adapted]]  # adapter → canonical tool name → Adapted
NOTHING_ADAPTED: Adaptations = MappingProxyType({})


def adapter(name: str) -> Callable[[ToolDescriptor], Transformed]:
    """The adapt function registered as ``name``."""
    module, _, function = ADAPTERS[name].partition(":")  # a table entry, not user input
    found: Callable[[ToolDescriptor], Transformed] = getattr(
        importlib.import_module(module), function
    )
    return found


def adapt(toolset: Toolset, targets: Iterable[Target]) -> tuple[Adaptations, list[Diagnostic]]:
    """Run the adapters of ``targets`` over every tool; every finding as a diagnostic.

    A tool the contract leaves out of every target an adapter serves (``targets.exclude``)
    is adapted too — what it would have received explains the exclusion — but its
    findings are not reported: leaving it out was the answer to them.
    """
    users: dict[str, list[str]] = {}
    for target in targets:
        for name in target.adapters:
            users.setdefault(name, []).append(target.name)
    adapted: dict[str, Mapping[str, Adapted]] = {}
    # One diagnostic per finding, naming every target that has it (Claude and Bedrock
    # strict share their rules).
    found: dict[tuple[str, Finding], tuple[ToolDescriptor, list[str]]] = {}
    for name, served in users.items():
        run = adapter(name)
        per_tool: dict[str, Adapted] = {}
        for tool in toolset:
            result = run(tool)
            per_tool[tool.name] = Adapted(_frozen(result.schema), result.findings)
            reached = [target for target in served if tool.sent_to(target)]
            for finding in result.findings if reached else ():
                found.setdefault((tool.name, finding), (tool, []))[1].extend(reached)
        adapted[name] = MappingProxyType(per_tool)
    diagnostics = [
        diagnostic(tool, finding, names) for (_, finding), (tool, names) in found.items()
    ]
    return MappingProxyType(adapted), diagnostics


def _frozen(schema: dict[str, Any] | None) -> FrozenJson | None:
    return None if schema is None else freeze(schema)


def diagnostic(tool: ToolDescriptor, finding: Finding, targets: Sequence[str] = ()) -> Diagnostic:
    """A finding at its place in the tool's contract: paths are inside ``inputSchema``,
    except a name rule's, which is about the tool's (provider) name. An error's hint ends
    with the way out that always works: leaving the tool out of ``targets``."""
    path: JsonPath = ("inputSchema", *finding.path)
    if finding.code == NAME_RULE and not finding.path:
        path = ("providerName",) if "providerName" in tool.where.own_keys else ("name",)
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
