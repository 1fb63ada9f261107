"""The options every emitter reads besides the toolset: package names and version, the
builtin server's name, the enabled targets, mode files, each MCP server's cache hints.
Part of the manifest's inputs."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from generator.core.targets import DEFAULT
from generator.ir.policy import MCP_CACHE_SCOPE, MCP_TTL_MS, CacheScope

EVERY_SERVER = "*"
"""The ``mcp-servers`` entry for every server without one of its own (no server can be
called ``*``)."""


@dataclass(frozen=True, slots=True)
class ServerCache:
    """What one server's ``tools/list`` result says about caching it (MCP 2026-07-28):
    how long a client may keep it (``ttlMs``) and who may share a cached copy."""

    server: str  # a server name, or EVERY_SERVER
    ttl_ms: int = MCP_TTL_MS
    cache_scope: CacheScope = MCP_CACHE_SCOPE


@dataclass(frozen=True, slots=True)
class Submission:
    """The ChatGPT app submission's settings (``chatgpt-submission``): the MCP server the
    app is (None: the builtin server), the form's app info (None: left to the form) and
    the prompts the app must not act on (its negative test cases)."""

    server: str | None = None
    display_name: str | None = None
    subtitle: str | None = None
    description: str | None = None
    category: str | None = None
    negative_prompts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EmitOptions:
    """What emitters may read besides the toolset; part of the manifest's inputs."""

    python_package: str = "toolcanon_tools"
    typescript_package: str = "toolcanon-tools"
    package_version: str = "0.1.0"
    builtin_server: str = "builtin"
    targets: tuple[str, ...] = DEFAULT
    mode_files: bool = False  # write each mode's masked lists (modes/<mode>/…)
    mcp_servers: tuple[ServerCache, ...] = ()  # sorted by server; the rest take the defaults
    submission: Submission = Submission()  # the chatgpt-submission target's app

    @property
    def submission_server(self) -> str:
        """The MCP server whose tools the ChatGPT app submission lists."""
        return self.submission.server or self.builtin_server

    def cache_of(self, server: str) -> ServerCache:
        """The cache hints of ``server``'s listing: its own entry, else ``*``'s, else the
        conservative defaults of the policy."""
        found = {entry.server: entry for entry in self.mcp_servers}
        return found.get(server) or found.get(EVERY_SERVER) or ServerCache(server)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)
