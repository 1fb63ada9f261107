"""Tool lists: what a provider or host receives, one entry per tool, as a target writes it.

A provider target describes each list it writes as a :class:`ToolList` (its ``LISTS``):
how one tool's entry is built (from the IR and the profile stage's schema), the name the
provider calls the tool by, where the name, description and schema sit in an entry,
which file a tool's entry goes to, whether the file wraps the list (MCP's
``{"tools": [...]}``), and how the TypeScript package exports it. The target's ``emit``
writes them with :func:`render_lists`; whatever else needs "the list a provider gets" —
token counts, the TypeScript package's typed lists and ``parseArguments``, mode-masked
sets, the packages' cache-stable requests — reads the same ``LISTS`` (:func:`tool_lists`,
:func:`collect`), so there is one definition of every entry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Literal

from generator.core.targets import Target, enabled
from generator.emit.common import Inputs, Rendered, dump_json
from generator.ir.model import ToolDescriptor, Toolset
from generator.ir.options import EmitOptions

KeyPath = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where an entry keeps a tool's name, description and input schema (key paths)."""

    name: KeyPath
    description: KeyPath
    schema: KeyPath


@dataclass(frozen=True, slots=True)
class Export:
    """How the TypeScript package exports a list: its name, the TypeScript type of one
    entry (declared in ``templates/typescript/lists/<element>.d.ts.j2``, assignable to
    the SDK type ``sdk_type`` names) and what the list is, for its documentation."""

    name: str
    element: str
    title: str
    sdk_type: str


@dataclass(frozen=True, slots=True)
class Call:
    """How a model's call of a tool in this list comes back: the JSON object a host
    reads (``title`` names it in the provider's API), its fixed members (``constants``:
    key path and value), and the key paths of the name the tool is called by and of its
    arguments, a JSON text when ``encoded``. Members the API assigns per call (ids,
    status) are left out."""

    title: str
    constants: tuple[tuple[KeyPath, str], ...]
    name: KeyPath
    arguments: KeyPath
    encoded: bool = False


RequestShape = Literal[
    "allowed-tools-chat", "allowed-tools-responses", "allowed-functions", "tools", "tool-config"
]


@dataclass(frozen=True, slots=True)
class Request:
    """How the packages' ``tool_request`` / ``toolRequest`` put a list into the provider's
    request. The ``allowed-*`` shapes send the full list (the same bytes in every mode,
    so a prompt cache survives a change of mode) and name the callable tools in the
    provider's own field: OpenAI Chat's and Responses' ``tool_choice`` of type
    ``allowed_tools``, Gemini's ``toolConfig.functionCallingConfig``. A provider without
    such a field gets the masked list: as ``tools`` (Claude; MCP per server) or as
    Converse's ``toolConfig.tools`` (``tool-config``). ``type_name`` names the returned
    type in both packages."""

    shape: RequestShape
    type_name: str


@dataclass(frozen=True, slots=True)
class ToolList:
    """One list of tools as a provider or host receives it.

    ``provider`` is whose rules count it (a row of ``tokens/providers.py``); ``file`` is
    one path (written even when empty) or a function placing each tool (MCP: one file
    per server); ``adapter``, when set, is the profile adapter deciding the schema: a
    tool it cannot send is not in the list. ``call`` describes the tool calls the
    provider sends back (None: not described; the try-it page then shows bare arguments);
    ``request``, how the packages' ``tool_request`` sends it (None: not offered).
    """

    key: str
    provider: str
    entry: Callable[[ToolDescriptor, Inputs], dict[str, Any]]
    layout: Layout
    file: PurePosixPath | Callable[[ToolDescriptor, EmitOptions], PurePosixPath]
    called: Callable[[ToolDescriptor], str]  # the name the provider calls the tool by
    export: Export
    target: str  # the target that writes it
    wrap: str | None = None
    adapter: str | None = None
    per_server: bool = False  # one file per MCP server: exported keyed by server
    call: Call | None = None
    # The members a wrapped file carries after the list (MCP's cache fields), per file.
    result: Callable[[PurePosixPath, EmitOptions], dict[str, Any]] | None = None
    request: Request | None = None
    namespaced: bool = False  # tools with a namespace go into its entry (group_namespaces)

    def file_of(self, tool: ToolDescriptor, options: EmitOptions) -> PurePosixPath:
        """The file ``tool``'s entry goes to (one fixed file, or one per group)."""
        return self.file if isinstance(self.file, PurePosixPath) else self.file(tool, options)

    def body(self, path: PurePosixPath, entries: list[Any], options: EmitOptions) -> Any:
        """What one file holds: the entries, or the object wrapping them."""
        if self.wrap is None:
            return entries
        after = {} if self.result is None else self.result(path, options)
        return {self.wrap: entries, **after}

    def members(self, tools: Iterable[ToolDescriptor], inputs: Inputs) -> list[ToolDescriptor]:
        """The tools in this list, in the order given: not those the contract leaves out
        of its target (``targets.exclude``), nor those its adapter could not send."""
        chosen = [tool for tool in tools if tool.sent_to(self.target)]
        if self.adapter is None:
            return chosen
        adapted = inputs.adapted[self.adapter]
        return [tool for tool in chosen if adapted[tool.name].schema is not None]


def render_lists(
    toolset: Toolset, options: EmitOptions, inputs: Inputs, lists: Iterable[ToolList]
) -> Rendered:
    """Every list's files: entries in canonical order, files sorted by path."""
    rendered: Rendered = {}
    for tool_list in lists:
        for found in materialize(tool_list, toolset, options, inputs):
            body = tool_list.body(found.file, list(found.written), options)
            rendered[found.file] = dump_json(body)
    return rendered


Place = tuple[int, ...]
"""Where a tool's entry sits in a written list: ``(i,)``, or ``(i, j)`` for the j-th tool
of the namespace entry at i."""


def group_namespaces(
    tools: Sequence[ToolDescriptor], entries: Sequence[Any]
) -> tuple[list[Any], list[Place]]:
    """The list as written when it groups namespaces (OpenAI Responses), and each entry's
    place in it: a tool without a namespace keeps its entry; the first tool of a namespace
    puts ``{"type": "namespace", name, description, tools}`` at its own place, and every
    later one joins its ``tools``. Canonical order throughout, so the list is stable; the
    packages' ``tools_for`` group a mode's list by the same rule."""
    written: list[Any] = []
    places: list[Place] = []
    opened: dict[str, int] = {}
    for tool, entry in zip(tools, entries, strict=True):
        space = tool.namespace
        if space is None:
            places.append((len(written),))
            written.append(entry)
            continue
        at = opened.setdefault(space["name"], len(written))
        if at == len(written):
            described = {"name": space["name"], "description": space["description"]}
            written.append({"type": "namespace", **described, "tools": []})
        places.append((at, len(written[at]["tools"])))
        written[at]["tools"].append(entry)
    return written, places


def tool_lists(targets: Iterable[Target]) -> tuple[ToolList, ...]:
    """The lists the given targets write, in target order."""
    found: list[ToolList] = []
    for target in targets:
        found += getattr(importlib.import_module(target.module), "LISTS", ())
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ProviderList:
    """One file's list of entries, exactly as written, for the TypeScript target.

    ``tools`` are the canonical names of the entries, in order, and ``names`` the names
    the provider calls them by; ``server`` is set for a list written per MCP server.
    """

    target: str
    export: str
    element: str
    title: str
    sdk_type: str
    file: PurePosixPath
    entries: tuple[Any, ...]
    tools: tuple[str, ...]
    names: tuple[str, ...]
    server: str | None = None
    call: Call | None = None
    adapter: str | None = None
    # The list as the file holds it (namespaces grouped) and each entry's place in it.
    written: tuple[Any, ...] = ()
    places: tuple[Place, ...] = ()


def materialize(
    tool_list: ToolList, toolset: Toolset, options: EmitOptions, inputs: Inputs
) -> tuple[ProviderList, ...]:
    """The files of one list with their entries, in file order."""
    by_file: dict[PurePosixPath, list[ToolDescriptor]] = {}
    if isinstance(tool_list.file, PurePosixPath):
        by_file[tool_list.file] = []
    for tool in tool_list.members(toolset, inputs):
        by_file.setdefault(tool_list.file_of(tool, options), []).append(tool)
    return tuple(_file(tool_list, path, tools, inputs) for path, tools in sorted(by_file.items()))


def _file(
    tool_list: ToolList, path: PurePosixPath, tools: list[ToolDescriptor], inputs: Inputs
) -> ProviderList:
    entries = [tool_list.entry(tool, inputs) for tool in tools]
    written, places = (
        group_namespaces(tools, entries)
        if tool_list.namespaced
        else (entries, [(number,) for number in range(len(entries))])
    )
    export = tool_list.export
    return ProviderList(
        tool_list.target,
        export.name,
        export.element,
        export.title,
        export.sdk_type,
        path,
        tuple(entries),
        tuple(tool.name for tool in tools),
        tuple(tool_list.called(tool) for tool in tools),
        path.stem if tool_list.per_server else None,
        tool_list.call,
        tool_list.adapter,
        tuple(written),
        tuple(places),
    )


def collect(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> tuple[ProviderList, ...]:
    """Every list of the enabled targets, file by file, in target order."""
    return tuple(
        found
        for tool_list in tool_lists(enabled(options.targets))
        for found in materialize(tool_list, toolset, options, inputs)
    )
