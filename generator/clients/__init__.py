"""The client stage: the limits of the clients a project names (``clients``), checked
against the resolved Toolset and its hosts; the limits themselves, each with its source,
are one table, ``core/clients.LIMITS``.

    diagnostics = check_clients(toolset, config)   # every limit (validate, generate, check)
    diagnostics = tool_limits(toolset, config)     # those about single tools (import)
"""

from generator.clients.check import check_clients, tool_limits

__all__ = ["check_clients", "tool_limits"]
