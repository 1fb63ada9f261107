"""The fast path of ``check`` and ``generate``: a record this machine signed.

After ``generate`` has written (or confirmed) the output, it records the state it
left behind — the settings, every contract file's hash and every output file's hash —
as a signed cache entry (``cache.py``: HMAC with this user's key, in a folder per
generator build). ``check`` and ``generate`` then compare hashes with that record
instead of running the pipeline. The committed ``manifest.json`` is never trusted for
this: a cold cache (a fresh clone, CI, another toolcanon build) means the full
comparison. Nothing here imports a heavy module.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from generator.core.cache import CacheView, Entry
from generator.core.diagnostics import ContractError
from generator.core.fingerprint import json_sha256, sha256
from generator.project.settings import Config
from generator.run.sources import config_hash, contract_hashes, discover, overlay_hashes
from generator.write.ownership import MANIFEST, checked_hashes, read_file, safe_relative, sha256_of

NAMESPACE = "verified"
FORMAT = 1


def record_key(config: Config) -> str:
    """One record per output folder and contracts folder on this machine."""
    return json_sha256([FORMAT, str(config.output), str(config.contracts)])


def state(config: Config, files: Mapping[PurePosixPath, bytes], warnings: int) -> bytes:
    """The record of an output folder that holds exactly ``files``."""
    document = {
        "format": FORMAT,
        "config": config_hash(config),
        "checks": checks_hash(config),
        "contracts": contract_hashes(discover(config)),
        "hosts": overlay_hashes(config),
        "files": {path.as_posix(): sha256(files[path]) for path in sorted(files)},
        "warnings": warnings,
    }
    return json.dumps(document, sort_keys=True).encode("utf-8")


def checks_hash(config: Config) -> str:
    """Settings that change what is reported, not what is written (token budgets, the
    keywords the schema lint allows, the warnings the config accepts, the client
    profiles: named only when set, so a record without them stays valid)."""
    budgets = [[b.target, b.per_tool, b.per_listing] for b in config.budgets]
    accepted = sorted([a.code, *a.tools] for a in config.accepted)
    checks = [budgets, sorted(config.schema_extensions), accepted]
    clients = sorted(client.name for client in config.clients)
    return json_sha256([*checks, clients] if clients else checks)


def record(config: Config, files: Mapping[PurePosixPath, bytes], warnings: int) -> Entry:
    """The cache entry ``generate`` stores once the output holds ``files``."""
    return Entry(NAMESPACE, record_key(config), state(config, files, warnings))


def fresh_tool_count(config: Config, *, strict: bool = False) -> int | None:
    """How many tools the output holds, when this machine's record says it is current;
    None when there is no record, or anything (settings, a contract, an output file)
    differs from it."""
    stored = CacheView(config.cache).get(NAMESPACE, record_key(config))
    if stored is None:
        return None
    try:
        document = json.loads(stored)
        files: dict[str, str] = document["files"]
        if document["config"] != config_hash(config) or (strict and document["warnings"]):
            return None
        if document["checks"] != checks_hash(config):
            return None
    except (ValueError, KeyError, TypeError):
        return None

    try:
        if document["contracts"] != contract_hashes(discover(config)):
            return None
        if document.get("hosts", {}) != overlay_hashes(config):
            return None
    except (OSError, ContractError):
        return None  # an unreadable contract or overlay: the full run names it
    if any(_hash(config.output, rel) != digest for rel, digest in files.items()):
        return None
    return _tool_count(config.output)


def recorded_files(config: Config) -> dict[PurePosixPath, str]:
    """What this machine's last ``generate`` wrote into the output folder (path →
    sha256), whatever changed since: the witness that lets a later run remove a file
    it no longer generates. Empty without a signed record."""
    stored = CacheView(config.cache).get(NAMESPACE, record_key(config))
    if stored is None:
        return {}
    try:
        document = json.loads(stored)
    except (ValueError, RecursionError):
        return {}
    return checked_hashes(document.get("files")) if isinstance(document, dict) else {}


def _hash(out: Path, rel: str) -> str | None:
    checked = safe_relative(rel)
    return None if checked is None else sha256_of(out, checked)


def _tool_count(out: Path) -> int | None:
    data = read_file(out, MANIFEST)
    try:
        tools = json.loads(data).get("tools") if data is not None else None
    except (ValueError, AttributeError, RecursionError):
        return None
    return len(tools) if isinstance(tools, list) else None
