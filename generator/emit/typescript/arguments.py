"""What ``parseArguments`` needs per provider: the names it calls tools by, and the inverse
of toolcanon's own transform of each tool's schema (``profiles/inverse.py``'s data).

A provider is a target marked ``provider`` in ``targets.py`` that is enabled. Its names
come from its lists (``ProviderList.names``); a name two tools share there (an MCP tool
name served by two servers) is ambiguous, and ``parseArguments`` asks for the canonical
name instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.jsondata import MAX_DEPTH
from generator.core.targets import enabled
from generator.emit.common import Inputs
from generator.emit.lists import ProviderList
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.profiles.inverse import provider_inverses


@dataclass(frozen=True, slots=True)
class ArgumentsData:
    """Per provider (target name, sorted): ``routes`` maps each unambiguous provider-facing
    name to its canonical name, ``ambiguous`` each shared name to the canonical names that
    share it, ``inverses`` each tool whose arguments need undoing to its inverse;
    ``max_depth`` how deeply arrays and objects may nest in arguments."""

    providers: tuple[str, ...]
    routes: Mapping[str, Mapping[str, str]]
    ambiguous: Mapping[str, Mapping[str, list[str]]]
    inverses: Mapping[str, Mapping[str, Any]]
    max_depth: int = MAX_DEPTH


def arguments_data(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, lists: Sequence[ProviderList]
) -> ArgumentsData:
    """The data for the enabled provider targets."""
    targets = [target for target in enabled(options.targets) if target.provider]
    providers = tuple(sorted(target.name for target in targets))
    inverses = provider_inverses((tool.name for tool in toolset), targets, inputs.adapted)
    routes: dict[str, dict[str, str]] = {}
    ambiguous: dict[str, dict[str, list[str]]] = {}
    for provider in providers:
        called = _called(item for item in lists if item.target == provider)
        routes[provider] = {name: tools[0] for name, tools in called.items() if len(tools) == 1}
        ambiguous[provider] = {name: tools for name, tools in called.items() if len(tools) > 1}
    return ArgumentsData(providers, routes, ambiguous, inverses)


def _called(lists: Any) -> dict[str, list[str]]:
    """Provider-facing name → the canonical names called by it, names sorted."""
    found: dict[str, list[str]] = {}
    for item in lists:
        for name, tool in zip(item.names, item.tools, strict=True):
            tools = found.setdefault(name, [])
            if tool not in tools:
                tools.append(tool)
    return {name: sorted(found[name]) for name in sorted(found)}
