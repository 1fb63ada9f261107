"""The views target: each host's files, and each mode's lists where the config asks.

A host's files are the shared targets' own output over the host's view
(``Toolset.hosts``), under ``hosts/<host>/``: ``tools.json`` (its canonical
descriptors, the overlay applied) and every enabled provider and MCP list, written by
``render_lists`` from the targets' ``LISTS`` — no list is defined twice, and a tool's
schema is the profile stage's one for the shared tool, so every host sends the same
bytes. With ``mode-files = true``, ``modes/<mode>/`` (and ``hosts/<host>/modes/<mode>/``)
hold the lists masked for each mode: the full list without the tools ``decide`` denies
in that mode, in the same order.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from generator.core.targets import enabled
from generator.emit.canonical import CANONICAL_FORMAT
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered, dump_json
from generator.emit.lists import ToolList, render_lists, tool_lists
from generator.emit.typescript.values import json_text
from generator.ir.fields import decision_fields, descriptor_json
from generator.ir.model import HostView, Toolset
from generator.ir.options import EmitOptions
from generator.ir.policy import MODES, Mode, decide

HOSTS = PurePosixPath("hosts")
MODES_FOLDER = PurePosixPath("modes")
HOST_TOOLS = PurePosixPath("tools.json")


def host_toolset(toolset: Toolset, view: HostView) -> Toolset:
    """A host's view as a Toolset of its own (what every emitter reads)."""
    return Toolset(view.tools, toolset.sources)


def masked(toolset: Toolset, mode: Mode) -> Toolset:
    """The tools a model may be offered in ``mode``: those ``decide`` does not deny."""
    kept = tuple(t for t in toolset if decide(decision_fields(t), mode) != "deny")
    return Toolset(kept, toolset.sources)


def host_changes(toolset: Toolset) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Per host, each of its tools (canonical name) with the descriptor fields its
    overlay changes (empty: the shared descriptor as it is), for the packages to write
    as the shared descriptor plus those fields. Values compare as JSON (``1`` is not
    ``true``)."""
    shared = {tool.name: descriptor_json(tool) for tool in toolset}
    found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for view in toolset.hosts:
        rows = []
        for tool in view.tools:
            data, base = descriptor_json(tool), shared[tool.name]
            changed = {k: v for k, v in data.items() if json_text(v) != json_text(base[k])}
            rows.append((tool.name, changed))
        found[view.name] = rows
    return found


def host_document(view: HostView) -> str:
    """``hosts/<host>/tools.json``: the host's canonical descriptors."""
    document = {
        "$comment": GENERATED_NOTE,
        "format": CANONICAL_FORMAT,
        "host": view.name,
        "tools": [descriptor_json(tool) for tool in view.tools],
    }
    return dump_json(document)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    targets = enabled(options.targets)
    lists = tool_lists(targets)
    rendered: Rendered = {}
    for view in toolset.hosts:
        folder = HOSTS / view.name
        if any(target.name == "canonical" for target in targets):
            rendered[folder / HOST_TOOLS] = host_document(view)
        own = host_toolset(toolset, view)
        rendered.update(_under(folder, render_lists(own, options, inputs, lists)))
        if options.mode_files:
            rendered.update(_under(folder, _mode_files(own, options, inputs, lists)))
    if options.mode_files:
        rendered.update(_mode_files(toolset, options, inputs, lists))
    return dict(sorted(rendered.items()))


def _mode_files(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, lists: tuple[ToolList, ...]
) -> Rendered:
    rendered: Rendered = {}
    for mode in MODES:
        lists_of_mode = render_lists(masked(toolset, mode), options, inputs, lists)
        rendered.update(_under(MODES_FOLDER / mode, lists_of_mode))
    return rendered


def _under(folder: PurePosixPath, rendered: Rendered) -> Rendered:
    return {folder / path: text for path, text in rendered.items()}
