"""The hosts stage, after resolve: the Toolset gains each host's view."""

from __future__ import annotations

from dataclasses import replace

from generator.core.diagnostics import Diagnostic
from generator.hosts.apply import host_views
from generator.hosts.load import load_overlays
from generator.ir.model import Toolset
from generator.project.settings import Config


def with_hosts(toolset: Toolset, config: Config) -> tuple[Toolset, list[Diagnostic]]:
    """``toolset`` with the views of the hosts in ``config.hosts`` (unchanged without a
    hosts folder), and every diagnostic of the overlays."""
    overlays, found = load_overlays(config)
    views, problems = host_views(toolset, overlays)
    return replace(toolset, hosts=views), [*found, *problems]
