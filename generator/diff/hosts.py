"""Host findings of a diff: each host's view compared like contracts, per host.

When both sides come from contracts with a hosts folder (the working tree and a git
revision), every host's view is compared tool by tool with the rules of
``compare.compare_tool``; what the shared comparison already says about a tool is not
said again for each host. A tool that leaves a host (its overlay now excludes it) is
``tool-removed`` for that host, a breaking change for whoever uses that host's lists;
a host that disappears is ``host-removed``. Findings name ``host:<host>:<tool>`` and
point at the overlay's line when the overlay set the field. A loosening overlay never
gets here: it is an error on the side that has it (TC172), so the diff stops.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from generator.core.diagnostics import JsonPath
from generator.diff.compare import compare_tool
from generator.diff.rules import RULES, Change, Finding
from generator.diff.sides import HostSide
from generator.ir.model import Where

HOST_PREFIX = "host:"  # how a host's tool is named where findings name a tool


def label(host: str, tool: str | None = None) -> str:
    """``host:desktop`` or ``host:desktop:read_file``: what a host finding names."""
    return f"{HOST_PREFIX}{host}" if tool is None else f"{HOST_PREFIX}{host}:{tool}"


def compare_hosts(
    old: Mapping[str, HostSide],
    new: Mapping[str, HostSide],
    shared: list[Finding],
    places: Mapping[str, Where],
) -> list[Finding]:
    """Every host finding; ``shared`` are the findings between the shared tools and
    ``places`` where the new contracts write each tool."""
    said = {(f.tool, f.rule.id, f.path, f.message) for f in shared}
    found: list[Finding] = []
    for host in sorted(old.keys() | new.keys()):
        if host not in new:
            message = f"host '{host}' was removed (its overlay is gone)"
            found.append(Finding(RULES["host-removed"], label(host), (), message, None))
        elif host not in old:
            message = f"host '{host}' was added"
            where = new[host].selected_at
            found.append(Finding(RULES["host-added"], label(host), (), message, where))
        else:
            found += _host(host, old[host], new[host], said, places)
    return found


def _host(
    host: str,
    old: HostSide,
    new: HostSide,
    said: set[tuple[str, str, JsonPath, str]],
    places: Mapping[str, Where],
) -> Iterator[Finding]:
    for tool in sorted(old.tools.keys() | new.tools.keys()):
        if tool not in new.tools:
            if tool in places:  # still a shared tool: the overlay left it out
                message = f"tool '{tool}' was removed from host '{host}'"
                rule = RULES["tool-removed"]
                yield Finding(rule, label(host, tool), (), message, new.selected_at)
        elif tool not in old.tools:
            if (tool, "tool-added", (), f"tool '{tool}' was added") not in said:
                message = f"tool '{tool}' was added to host '{host}'"
                yield Finding(RULES["tool-added"], label(host, tool), (), message, new.selected_at)
        else:
            for found in compare_tool(old.tools[tool], new.tools[tool]):
                if (tool, found.rule, found.path, found.message) not in said:
                    yield _placed(host, tool, found, new, places)


def _placed(
    host: str, tool: str, found: Change, new: HostSide, places: Mapping[str, Where]
) -> Finding:
    """At the overlay's line when the overlay sets the field, else at the contract's."""
    source = found.source
    hint = source[:1] == ("annotations",) and len(source) > 1
    key = str(source[1] if hint else source[0]) if source else ""
    overlay = new.set_at.get(tool, {}).get(key)
    place = places.get(tool)
    where = overlay or (place.locate(found.source) if place else None)
    message = f"{found.message} (host '{host}')"
    return Finding(RULES[found.rule], label(host, tool), found.path, message, where)
