"""A tool an enabled provider target cannot take is left out of that target, for review.

Import copies names and schemas exactly, so a tool another provider took may be one a
target of this project refuses (Gemini refuses a name starting with '-'; Claude a root
anyOf). Refusing the whole import would leave nothing to edit; instead the tool gets
``targets: {exclude: [...]}`` with a ``review:`` comment saying which target refused what,
and the contract is checked again like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from generator.contracts.loader import LoadedFile
from generator.contracts.resolve import resolve
from generator.core.diagnostics import Diagnostic, Severity
from generator.emit import enabled_targets
from generator.importers.draft import Draft, DraftTool, Field
from generator.importers.write import intended
from generator.profiles.base import INEXPRESSIBLE, NAME_RULE
from generator.profiles.stage import adapt
from generator.project.settings import Config

_PER_TARGET = frozenset({INEXPRESSIBLE, NAME_RULE})  # errors a target's profile gives one tool


def exclude_refused(draft: Draft, problems: Sequence[Diagnostic], config: Config) -> Draft | None:
    """``draft`` with each refused tool left out of the targets that refuse it; None when
    there is nothing to leave out, or other errors (which an exclusion would not answer)."""
    errors = [d for d in problems if d.severity is Severity.ERROR]
    if not errors or any(d.code not in _PER_TARGET for d in errors):
        return None
    refused = _refusals(draft, {d.tool for d in errors}, config)
    if not refused:
        return None
    tools = tuple(_excluded(tool, refused.get(tool.get("name"))) for tool in draft.tools)
    return replace(draft, tools=tools)


def _refusals(
    draft: Draft, names: set[str | None], config: Config
) -> dict[str, tuple[list[str], str]]:
    """Contract tool name → (targets that refuse it, the first reason)."""
    loaded = LoadedFile(draft.origin, intended(draft), {}, "", "")
    toolset, _ = resolve(
        [loaded], strict_default=config.strict_default, builtin_server=config.emit.builtin_server
    )
    targets = enabled_targets(config.emit)
    adapted, _ = adapt(toolset, targets)
    found: dict[str, tuple[list[str], str]] = {}
    for tool in toolset:
        if tool.name not in names:
            continue
        for target in targets:
            reasons = [
                finding.message
                for name in target.adapters
                for finding in adapted[name][tool.name].findings
                if finding.severity is Severity.ERROR
            ]
            if reasons:
                entry = found.setdefault(tool.tool_name, ([], reasons[0]))
                entry[0].append(target.name)
    return found


def _excluded(tool: DraftTool, refusal: tuple[list[str], str] | None) -> DraftTool:
    if refusal is None:
        return tool
    targets, reason = refusal
    field = Field("targets", {"exclude": targets}, f"left out of {', '.join(targets)}: {reason}")
    at = next((i for i, f in enumerate(tool.fields) if f.key == "inputSchema"), len(tool.fields))
    return replace(tool, fields=(*tool.fields[:at], field, *tool.fields[at:]))
