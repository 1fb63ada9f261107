"""The profile stage: what each provider receives for each tool, decided before emit.

For every enabled target that sends schemas to a provider, the target's adapters
(``targets.Target.adapters``, found in ``targets.ADAPTERS``) run over the Toolset.
Each finding becomes a diagnostic at its place in the contract's ``inputSchema``; the
adapted schemas go to the emitters through ``Inputs.adapted``, so emitters stay pure
and never transform a schema.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.diagnostics import Diagnostic, JsonPath
from generator.model import FrozenJson, ToolDescriptor, Toolset, freeze
from generator.profiles.base import NAME_RULE, Finding, Transformed
from generator.targets import ADAPTERS


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
    module, _, function = ADAPTERS[name].partition(":")  # a table entry, not user input
    found: Callable[[ToolDescriptor], Transformed] = getattr(
        importlib.import_module(module), function
    )
    return found


def adapt(toolset: Toolset, names: Iterable[str]) -> tuple[Adaptations, list[Diagnostic]]:
    """Run each named adapter over every tool; every finding as a diagnostic."""
    adapted: dict[str, Mapping[str, Adapted]] = {}
    diagnostics: list[Diagnostic] = []
    for name in dict.fromkeys(names):
        run = adapter(name)
        per_tool: dict[str, Adapted] = {}
        for tool in toolset:
            result = run(tool)
            per_tool[tool.name] = Adapted(
                _frozen(result.schema), result.findings, _frozen(result.inverse)
            )
            diagnostics += [diagnostic(tool, finding) for finding in result.findings]
        adapted[name] = MappingProxyType(per_tool)
    return MappingProxyType(adapted), diagnostics


def _frozen(data: dict[str, Any] | list[dict[str, Any]] | None) -> FrozenJson | None:
    return None if data is None else freeze(data)


def diagnostic(tool: ToolDescriptor, finding: Finding) -> Diagnostic:
    """A finding at its place in the tool's contract: paths are inside ``inputSchema``,
    except a name rule's, which is about the tool's (provider) name."""
    path: JsonPath = ("inputSchema", *finding.path)
    if finding.code == NAME_RULE and not finding.path:
        path = ("providerName",) if "providerName" in tool.where.own_keys else ("name",)
    return Diagnostic(
        tool.where.locate(path),
        finding.message,
        finding.code,
        finding.severity,
        tool=tool.name,
        path=path,
        hint=finding.hint,
    )
