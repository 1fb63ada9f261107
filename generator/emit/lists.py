"""Provider lists: the ``tools`` a provider's SDK takes, as one value per target.

A provider target (``Target.provider`` in ``targets.py``) builds its lists once, in
``lists(toolset, options, inputs)`` of its emit module, and writes them as JSON; the
TypeScript target exports the same entries, typed for that SDK. So the JSON file and
the package can never disagree, and a new provider target reaches TypeScript by
exposing its lists and declaring their element type in
``templates/typescript/lists/<element>.d.ts.j2``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from generator.config import EmitOptions
from generator.emit.common import Inputs
from generator.model import Toolset
from generator.targets import enabled


@dataclass(frozen=True, slots=True)
class ProviderList:
    """One list of tool entries exactly as a provider's JSON file holds it.

    ``export`` is its name in the TypeScript package, ``element`` the TypeScript type of
    one entry (declared by the package, assignable to the SDK's own type named in
    ``sdk_type``) and ``title`` what the list is, for its documentation. ``tools`` are
    the canonical names of the entries, in order, and ``names`` the names the provider
    calls them by (``target`` is the provider's target). A target with one list per MCP
    server sets ``server``; the package exports those lists under one name, keyed by
    server.
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


Lister = Callable[[Toolset, EmitOptions, Inputs], tuple[ProviderList, ...]]


def lister(module: str) -> Lister:
    """The ``lists`` function of a target's emit module."""
    found: Lister = importlib.import_module(module).lists
    return found


def collect(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> tuple[ProviderList, ...]:
    """Every provider list of the enabled targets, in target order."""
    found: list[ProviderList] = []
    for target in enabled(options.targets):
        if target.provider:
            found.extend(lister(target.module)(toolset, options, inputs))
    return tuple(found)
