"""The docs target: ``docs/TOOLS.md`` (the catalogue a person reads) and ``README.md``
(what each generated file is and how to consume it).

Python decides every value and escapes nothing itself; the templates lay the pages
out and escape each value with the filter for its context (see ``markdown``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from generator.core.templating import render
from generator.emit import enabled_targets
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered
from generator.emit.docs import matrix
from generator.emit.docs.listing import plan_mode_label
from generator.emit.docs.markdown import md_cell, md_code, md_text
from generator.emit.docs.params import ParamRow, parameter_rows
from generator.ir.fields import decision_fields, descriptor_json
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.ir.options import EmitOptions
from generator.ir.policy import DECISION_RULES, MODES, decide, rule_text

TOOLS_PATH = PurePosixPath("docs/TOOLS.md")
PROVIDERS_PATH = PurePosixPath("docs/PROVIDERS.md")
README_PATH = PurePosixPath("README.md")
FILTERS = {"md_cell": md_cell, "md_code": md_code, "md_text": md_text}


@dataclass(frozen=True, slots=True)
class ToolPage:
    """What the catalogue shows of one tool, every value decided."""

    tool: ToolDescriptor
    anchor: str
    plan_mode: str
    approval: str
    decisions: tuple[tuple[str, str], ...]
    parameters: tuple[ParamRow, ...]
    outputs: tuple[ParamRow, ...]
    tokens: tuple[tuple[str, str], ...]  # (tool list, count; "~" marks an estimate)
    examples: tuple[str, ...]  # each example as one line of JSON
    skill: str  # the skill as a person reads it, or ""
    hosts: tuple[tuple[str, str], ...] = ()  # (host, what its overlay changes) per host
    server: str = EmitOptions().builtin_server  # the MCP server that lists it
    floors: tuple[tuple[str, str], ...] = ()  # (field, policy) the contract left to a policy


def tool_page(
    tool: ToolDescriptor,
    tokens: tuple[tuple[str, str], ...] = (),
    hosts: tuple[tuple[str, str], ...] = (),
    builtin_server: str = EmitOptions().builtin_server,
) -> ToolPage:
    output: Mapping[str, Any] | None = thaw(tool.output_schema)
    approval = tool.approval_flow + (", confirmation" if tool.requires_confirmation else "")
    decisions = tuple((mode, decide(decision_fields(tool), mode)) for mode in MODES)
    return ToolPage(
        tool=tool,
        anchor=f"tool-{tool.provider_name}",
        plan_mode=plan_mode_label(tool.available_in_plan_mode, tool.requires_plan_approval),
        approval=approval,
        decisions=decisions,
        parameters=tuple(parameter_rows(thaw(tool.input_schema))),
        outputs=tuple(parameter_rows(output)) if output is not None else (),
        tokens=tokens,
        examples=tuple(json.dumps(example, ensure_ascii=False) for example in thaw(tool.examples)),
        skill=skill_text(tool.skill),
        hosts=hosts,
        server=tool.server if tool.server is not None else builtin_server,
        floors=tuple(tool.floors.items()),
    )


def mode_rows() -> list[tuple[str, str, str]]:
    """(mode, what it means, what ``decide`` answers) for each mode, from the table."""
    return [(rules.mode, rules.meaning, rule_text(rules)) for rules in DECISION_RULES]


def skill_text(skill: Any) -> str:
    """``pdf`` · version 1.4.0 · path ``skills/pdf`` (Markdown), or "" for no skill."""
    if skill is None:
        return ""
    parts = [md_code(skill["name"])]
    if "version" in skill:
        parts.append(f"version {md_cell(skill['version'])}")
    if "path" in skill:
        parts.append(f"path {md_code(skill['path'])}")
    return " · ".join(parts)


def host_notes(toolset: Toolset) -> dict[str, tuple[tuple[str, str], ...]]:
    """Per tool, what each host's overlay does to it (Markdown): leaves it out, or the
    fields it changes with their values on that host."""
    shared = {tool.name: descriptor_json(tool) for tool in toolset}
    notes: dict[str, list[tuple[str, str]]] = {}
    for view in toolset.hosts:
        offered = {tool.name: descriptor_json(tool) for tool in view.tools}
        for name, base in shared.items():
            data = offered.get(name)
            if data is None:
                notes.setdefault(name, []).append((view.name, "not offered"))
                continue
            changed = [
                f"{md_code(k)} {md_code(_compact(v))}"
                for k, v in data.items()
                if _compact(v) != _compact(base[k])
            ]
            if changed:
                notes.setdefault(name, []).append((view.name, ", ".join(changed)))
    return {name: tuple(found) for name, found in notes.items()}


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def mcp_servers(toolset: Toolset, options: EmitOptions) -> tuple[str, ...]:
    """Servers that get a tools/list file: the builtin server when it has tools, then MCP's."""
    builtin = (options.builtin_server,) if any(t.server is None for t in toolset) else ()
    return builtin + toolset.servers()


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    tokens = inputs.tokens
    notes = host_notes(toolset)
    pages = [
        tool_page(tool, tokens.get(tool.name, ()), notes.get(tool.name, ()), options.builtin_server)
        for tool in toolset
    ]
    targets = [target.name for target in enabled_targets(options)]
    rendered = providers_page(toolset, options, inputs)
    return rendered | {
        TOOLS_PATH: render(
            "docs/TOOLS.md.j2", FILTERS, pages=pages, modes=mode_rows(), note=GENERATED_NOTE
        ),
        README_PATH: render(
            "docs/README.md.j2",
            FILTERS,
            targets=targets,
            provider_targets=[
                target.name for target in enabled_targets(options) if target.adapters
            ],
            options=options,
            servers=mcp_servers(toolset, options),
            hosts=[view.name for view in toolset.hosts] if "views" in targets else [],
            modes=MODES,
            tool_count=len(toolset),
            note=GENERATED_NOTE,
        ),
    }


def providers_page(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> Rendered:
    """docs/PROVIDERS.md, the compatibility matrix, when a provider target is enabled."""
    built = matrix.build(toolset, inputs.adapted, enabled_targets(options))
    if not built.targets:
        return {}
    details = [
        (
            target,
            [
                (row.tool.name, row.cells[i])
                for row in built.rows
                if row.cells[i].status != matrix.AS_IS or row.cells[i].detail
            ],
        )
        for i, target in enumerate(built.targets)
    ]
    page = render(
        "docs/PROVIDERS.md.j2",
        FILTERS,
        targets=built.targets,
        rows=built.rows,
        details=[(target, entries) for target, entries in details if entries],
        note=GENERATED_NOTE,
    )
    return {PROVIDERS_PATH: page}
