"""The client stage: the limits of the clients a project names (``clients``), checked
against the resolved Toolset and its hosts; the limits themselves, each with its source,
are one table, ``core/clients.LIMITS``.

    diagnostics = check_clients(toolset, config.emit, config.clients)
"""

from generator.clients.check import check_clients

__all__ = ["check_clients"]
