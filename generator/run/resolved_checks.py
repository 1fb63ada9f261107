"""The config's checks that need the resolved contracts: an ``mcp-servers`` entry naming
no server of theirs (TC058), and what the ChatGPT app submission still needs from a
person (TC190 to TC194, only with the ``chatgpt-submission`` target on)."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic
from generator.ir.model import Toolset
from generator.profiles.chatgpt_submission import submission_findings
from generator.project.servers import unknown_servers
from generator.project.settings import Config


def config_findings(toolset: Toolset, config: Config) -> list[Diagnostic]:
    """Every warning about the config that only the contracts can tell."""
    servers = unknown_servers(config.server_entries, toolset, config.emit.builtin_server)
    return [*servers, *submission_findings(toolset, config.emit, config.submission_at)]
