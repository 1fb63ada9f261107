"""What a run reads, and the hashes that say whether it changed: the contract files,
the overlay files and the settings that change output. Light on imports: ``check``'s
fast path hashes these before anything heavy is loaded."""

from __future__ import annotations

from pathlib import Path

from generator.contracts.discover import contract_files
from generator.core import paths
from generator.core.fingerprint import json_sha256, sha256
from generator.project.settings import Config


def discover(config: Config) -> list[tuple[str, Path]]:
    """Contract files as (key, path), sorted by key: the path relative to the contracts folder.

    Keys, not project paths, go into the manifest, so output does not depend on
    where the project or the working directory is. A hosts folder inside the contracts
    folder holds overlays, not contracts: it is not searched. Raises ContractError for a link,
    an unreadable folder or an odd file (``contracts/discover.py``).
    """
    return contract_files(
        config.contracts, lambda path: paths.display(path, config.root), skip=config.hosts
    )


def config_hash(config: Config) -> str:
    """Hash of every setting that changes output."""
    return json_sha256({**config.emit.as_json(), "strict_default": config.strict_default})


def contract_hashes(files: list[tuple[str, Path]]) -> dict[str, str]:
    return {display: sha256(path.read_bytes()) for display, path in files}


def overlay_hashes(config: Config) -> dict[str, str]:
    """Each overlay file's sha256 by its path as shown (empty without a hosts folder):
    what the fast path compares, so an edited overlay means a full run. Raises
    ContractError or OSError when the folder cannot be listed or read."""
    if config.hosts is None:
        return {}
    found = contract_files(config.hosts, lambda path: paths.display(path, config.root))
    return {shown: sha256(path.read_bytes()) for shown, path in found}
