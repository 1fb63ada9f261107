"""Each host's view of the resolved tools: its selection, its overlay applied.

Selection: ``include`` (default: every tool), then ``exclude``, both canonical names
or globs. Entries of ``tools:`` apply in file order to the selected tools they match
(a later entry wins). Safety fields may only tighten (``safety.py``); host fields are
added: ``skill`` and ``approvalFlow`` are set, ``permissions`` and ``telemetry`` gain
keys and arguments but never change what the contract says. Nothing is derived again:
an overlay that raises ``riskLevel`` leaves ``destructiveHint`` as resolved, and one
that takes a tool out of Plan Mode leaves ``requiresPlanApproval`` as it was.
"""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from generator.contracts.loader import LoadedFile
from generator.core.diagnostics import Diagnostic, JsonPath, Position, Severity
from generator.hosts import safety
from generator.ir.fields import ATTRS
from generator.ir.model import HostView, ToolDescriptor, Toolset, freeze, thaw
from generator.ir.policy import SKILL_KIND

GLOB_CHARACTERS = frozenset("*?[")
CHANGED = "TC175"
UNMATCHED = "TC174"


def host_views(
    toolset: Toolset, overlays: Sequence[LoadedFile]
) -> tuple[tuple[HostView, ...], list[Diagnostic]]:
    """Every host's view (overlays sorted by host), and what the overlays may not do."""
    views: list[HostView] = []
    found: list[Diagnostic] = []
    for loaded in overlays:
        view, problems = apply_overlay(toolset, loaded)
        views.append(view)
        found += problems
    return tuple(views), found


def matches(pattern: str, name: str) -> bool:
    """A canonical name is matched by itself, or by a glob (``*``, ``?``, ``[...]``)."""
    return fnmatch.fnmatchcase(name, pattern) if is_glob(pattern) else pattern == name


def is_glob(pattern: str) -> bool:
    return not GLOB_CHARACTERS.isdisjoint(pattern)


@dataclass(slots=True)
class _Applying:
    """One tool while an overlay's entries are applied to it."""

    base: ToolDescriptor
    values: dict[str, Any]  # canonical key → value (hints as their own keys)
    set_at: dict[str, Position] = field(default_factory=dict)


def apply_overlay(toolset: Toolset, loaded: LoadedFile) -> tuple[HostView, list[Diagnostic]]:
    """One host's view and the overlay's problems (a view with problems is not emitted:
    any error stops the run before emit)."""
    data = loaded.data
    names = [tool.name for tool in toolset]
    found = list(_unmatched(loaded, names))
    selected = [tool for tool in toolset if _selected(data, tool.name)]
    applied: list[ToolDescriptor] = []
    set_at: dict[str, Mapping[str, Position]] = {}
    for tool in selected:
        state = _Applying(tool, {})
        for index, entry in enumerate(data.get("tools", [])):
            if matches(entry["match"], tool.name):
                found += _apply_entry(loaded, index, entry, state)
        # A tool the overlay leaves as it is stays the shared descriptor (and shares its
        # canonical JSON); only a changed one is a descriptor of its own.
        changes = {ATTRS[key]: freeze(v) for key, v in state.values.items()}
        result = replace(tool, **changes) if changes else tool
        found += _whole_tool(loaded, state, result)
        applied.append(result)
        set_at[tool.name] = dict(state.set_at)
    where = _selection_position(loaded)
    view = HostView(data["host"], tuple(applied), loaded.path, loaded.sha256, set_at, where)
    return view, found


def _selected(data: Mapping[str, Any], name: str) -> bool:
    include = data.get("include")
    if include is not None and not any(matches(p, name) for p in include):
        return False
    return not any(matches(p, name) for p in data.get("exclude", ()))


def _selection_position(loaded: LoadedFile) -> Position:
    """Where the overlay chooses its tools: ``exclude``, else ``include``, else ``host``."""
    for key in ("exclude", "include", "host"):
        if key in loaded.data:
            return loaded.position((key,))
    return loaded.position(())


def _unmatched(loaded: LoadedFile, names: Sequence[str]) -> Iterable[Diagnostic]:
    """Every name or glob that matches no tool, as a warning: a typo, or a tool the
    contracts no longer have (an error under --strict); what it would select is nothing."""
    data = loaded.data
    places: list[tuple[JsonPath, str]] = [
        ((key, index), pattern)
        for key in ("include", "exclude")
        for index, pattern in enumerate(data.get(key, ()))
    ]
    places += [(("tools", i, "match"), e["match"]) for i, e in enumerate(data.get("tools", ()))]
    for path, pattern in places:
        if any(matches(pattern, name) for name in names):
            continue
        close = difflib.get_close_matches(pattern, names, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "match canonical names (server::tool)"
        message = f"'{pattern}' matches no tool"
        where = loaded.position(path)
        yield Diagnostic(where, message, UNMATCHED, Severity.WARNING, path=path, hint=hint)


def _apply_entry(
    loaded: LoadedFile, index: int, entry: Mapping[str, Any], state: _Applying
) -> list[Diagnostic]:
    """Apply one entry to one tool; what it may not do is reported, and not applied."""
    found: list[Diagnostic] = []
    name = state.base.name
    for spec, value in safety.entry_values(entry):
        path: JsonPath = ("tools", index, *spec.key.split("."))
        problem = safety.loosening(spec, safety.resolved_value(state.base, spec), value)
        if problem is not None:
            found.append(_at(loaded, path, name, *problem, safety.LOOSENED))
            continue
        key = spec.key.removeprefix(safety.HINT_PREFIX)
        state.values[key] = value
        state.set_at[key] = loaded.position(path)
    for key in ("approvalFlow", "skill"):
        if key in entry:
            found += _set_host_field(loaded, index, entry, state, key)
    for key, merge in (("permissions", _permissions), ("telemetry", _telemetry)):
        if key in entry:
            current = state.values.get(key, thaw(getattr(state.base, ATTRS[key])))
            merged, problems = merge(loaded, ("tools", index, key), entry[key], state, current)
            found += problems
            state.values[key] = merged
            state.set_at[key] = loaded.position(("tools", index, key))
    return found


def _set_host_field(
    loaded: LoadedFile, index: int, entry: Mapping[str, Any], state: _Applying, key: str
) -> list[Diagnostic]:
    value = entry[key]
    path: JsonPath = ("tools", index, key)
    if key == "skill" and value is None and state.base.kind == SKILL_KIND:
        message = "a tool of kind 'skill' keeps a skill on every host"
        hint = "link another skill ({name: …}), or leave the contract's"
        return [_at(loaded, path, state.base.name, message, hint, CHANGED)]
    state.values[key] = value
    state.set_at[key] = loaded.position(path)
    return []


def _permissions(
    loaded: LoadedFile, path: JsonPath, given: Mapping[str, Any], state: _Applying, current: Any
) -> tuple[dict[str, Any], list[Diagnostic]]:
    """The contract's permissions plus the overlay's keys; a contract key keeps its value."""
    contract = thaw(state.base.permissions)
    merged = dict(current)
    found = []
    for key, value in given.items():
        if key in contract and contract[key] != value:
            message = f"permissions.{key} is {safety.show(contract[key])} in the contract"
            hint = "an overlay adds permission keys; it never changes the contract's"
            found.append(_at(loaded, (*path, key), state.base.name, message, hint, CHANGED))
        else:
            merged[key] = value
    return merged, found


def _telemetry(
    loaded: LoadedFile, path: JsonPath, given: Mapping[str, Any], state: _Applying, current: Any
) -> tuple[dict[str, Any], list[Diagnostic]]:
    """More ``trackArgs`` (properties of the tool's inputSchema), and a ``category`` where
    the contract has none."""
    contract = thaw(state.base.telemetry)
    merged = dict(current)
    found = []
    category = given.get("category")
    if category is not None and contract.get("category", category) != category:
        message = f"telemetry.category is {safety.show(contract['category'])} in the contract"
        hint = "an overlay adds telemetry; it never changes the contract's category"
        found.append(_at(loaded, (*path, "category"), state.base.name, message, hint, CHANGED))
    elif category is not None:
        merged["category"] = category
    properties = state.base.input_schema.get("properties", {})
    tracked = list(merged.get("trackArgs", []))
    for index, arg in enumerate(given.get("trackArgs", [])):
        if arg not in properties:
            close = difflib.get_close_matches(arg, list(properties), n=1)
            hint = f"did you mean '{close[0]}'?" if close else "list only its properties"
            message = f"trackArgs names '{arg}', which is not a property of the tool's inputSchema"
            where = (*path, "trackArgs", index)
            found.append(_at(loaded, where, state.base.name, message, hint, "TC121"))
        elif arg not in tracked:
            tracked.append(arg)
    if tracked:
        merged["trackArgs"] = tracked
    return merged, found


def _whole_tool(loaded: LoadedFile, state: _Applying, result: ToolDescriptor) -> list[Diagnostic]:
    """The tool with every entry applied: no looser decision, no contradiction."""
    found = []
    looser = safety.looser_decisions(state.base, result)
    if looser is not None:
        deciding = [state.set_at[key] for key in safety.DECIDING if key in state.set_at]
        where = max(deciding, key=_order) if deciding else loaded.position(())
        found.append(_placed(where, state.base.name, *looser, safety.LOOSENED))
    for problem in safety.contradiction_problems(state.base, result):
        keys = safety.INVOLVED.get(problem.key, (problem.key,))
        places = [state.set_at[key] for key in keys if key in state.set_at]
        where = places[0] if places else min(state.set_at.values(), key=_order)
        found.append(_placed(where, state.base.name, problem.message, problem.hint, "TC120"))
    return found


def _order(position: Position) -> tuple[int, int]:
    return position.line, position.column


def _at(
    loaded: LoadedFile, path: JsonPath, tool: str, message: str, hint: str, code: str
) -> Diagnostic:
    return _placed(loaded.position(path), tool, message, hint, code, path[2:])


def _placed(
    where: Position, tool: str, message: str, hint: str, code: str, path: JsonPath = ()
) -> Diagnostic:
    return Diagnostic(where, message, code, tool=tool, path=path, hint=hint)
