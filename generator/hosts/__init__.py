"""Hosts: one overlay per host over the shared contracts (``hosts/<host>.yaml``).

An overlay selects the host's tools (``include``/``exclude``) and adds host fields to
them (``tools:`` entries matched by name or glob). It never carries a schema and may
only tighten safety. ``load`` reads and checks overlay files like contracts (positions,
the overlay schema, did-you-mean); ``apply`` builds each host's view of the resolved
tools and says, at the overlay's line, what an overlay may not do (``safety``).

Codes besides the contract schema's (TC1xx): TC170 two overlays of one host, TC171 a
schema in an overlay, TC172 a loosening, TC173 a host named unlike its file, TC174 a
name or glob that matches no tool, TC175 a change to what the contract says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.project.config import Config


def overlay_hashes(config: Config) -> dict[str, str]:
    """Each overlay file's sha256 by its path as shown (empty without a hosts folder):
    what the fast path compares, so an edited overlay means a full run. Raises
    ContractError or OSError when the folder cannot be listed or read."""
    from generator.contracts.discover import contract_files
    from generator.core import paths
    from generator.core.fingerprint import sha256

    if config.hosts is None:
        return {}
    found = contract_files(config.hosts, lambda path: paths.display(path, config.root))
    return {shown: sha256(path.read_bytes()) for shown, path in found}
