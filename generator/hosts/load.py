"""Read and check the overlay files of the hosts folder.

Overlays are read like contracts — the same loader (YAML 1.2 core, positions, no
links followed), the same reading of schema errors (did-you-mean for unknown keys) —
against their own schema, ``overlay.schema.json``. What the schema cannot say is
checked here: a schema key in an entry (TC171), a host named unlike its file (TC173),
two files of one host (TC170), a Windows device name.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

import jsonschema

from generator.contracts.check import explain, windows_device_name
from generator.contracts.discover import cannot_read, contract_files
from generator.contracts.loader import LoadedFile, load_file
from generator.core import paths
from generator.core.diagnostics import ContractError, Diagnostic, JsonPath
from generator.core.resources import OVERLAY_SCHEMA, shipped_schema
from generator.project.settings import Config

SCHEMA_KEYS = ("inputSchema", "outputSchema", "parameters")
"""What an overlay may never set: every host sends the shared schema, byte for byte."""


@functools.cache
def overlay_schema() -> dict[str, Any]:
    """The JSON Schema of an overlay file, shipped inside the package."""
    schema: dict[str, Any] = json.loads(shipped_schema(OVERLAY_SCHEMA))
    return schema


@functools.cache
def _validator() -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(overlay_schema())


def load_overlays(config: Config) -> tuple[list[LoadedFile], list[Diagnostic]]:
    """Every overlay of ``config.hosts`` that passed its checks, sorted by host, and the
    diagnostics of all of them (none without a hosts folder)."""
    if config.hosts is None:
        return [], []
    try:
        found = contract_files(config.hosts, lambda path: paths.display(path, config.root))
    except ContractError as error:
        return [], list(error.diagnostics)
    good: dict[str, LoadedFile] = {}
    diagnostics: list[Diagnostic] = []
    for key, path in found:
        shown = paths.display(path, config.root)
        if config.hosts_shown is not None:  # diff's old revision: as git names the file
            shown = config.hosts_shown + key
        loaded, problems = _load(path, shown)
        diagnostics += problems
        if loaded is None or problems:
            continue
        host = loaded.data["host"]
        if host in good:
            diagnostics.append(_twice(loaded, good[host]))
        else:
            good[host] = loaded
    return [good[host] for host in sorted(good)], diagnostics


def _load(path: Path, shown: str) -> tuple[LoadedFile | None, list[Diagnostic]]:
    try:
        loaded = load_file(path, shown)
    except ContractError as error:
        return None, list(error.diagnostics)
    except OSError as exc:
        return None, [cannot_read(shown, exc)]
    return loaded, check_overlay(loaded, PurePosixPath(path.name).stem)


def check_overlay(loaded: LoadedFile, stem: str) -> list[Diagnostic]:
    """Everything wrong with one overlay file on its own (``stem``: its file's name)."""
    data = loaded.data
    if not isinstance(data, Mapping):
        where = loaded.position(())
        message = "an overlay file must be a mapping"
        return [Diagnostic(where, message, "TC100", hint="start it with 'version: 1' and 'host:'")]
    found = [
        _diagnostic(loaded, path, message, hint, code)
        for error in _validator().iter_errors(data)
        for path, message, hint, code in _explained(error)
    ]
    host = data.get("host")
    if isinstance(host, str) and host != stem:
        message = f"host '{host}' is written in {stem}{PurePosixPath(loaded.path).suffix}"
        hint = f"name the file {host}.yaml, or write host: {stem}"
        found.append(_diagnostic(loaded, ("host",), message, hint, "TC173"))
    if isinstance(host, str) and windows_device_name(host):
        message = f"host name '{host}' is a reserved device name on Windows"
        hint = "choose another name; hosts/<host>/ would break there"
        found.append(_diagnostic(loaded, ("host",), message, hint, "TC106"))
    return found


def _explained(error: jsonschema.ValidationError) -> Iterator[tuple[JsonPath, str, Any, str]]:
    """A schema error as check_file words it; a schema key in an entry is TC171."""
    for path, message, hint, code in explain(error):
        if len(path) == 3 and path[0] == "tools" and path[2] in SCHEMA_KEYS:
            message = f"an overlay never sets '{path[2]}': every host sends the shared schema"
            hint = "change the schema in the contract; overlays add host fields only"
            code = "TC171"
        yield path, message, hint, code


def _diagnostic(
    loaded: LoadedFile, path: JsonPath, message: str, hint: str | None, code: str
) -> Diagnostic:
    return Diagnostic(loaded.position(path), message, code, path=path, hint=hint)


def _twice(loaded: LoadedFile, first: LoadedFile) -> Diagnostic:
    host = loaded.data["host"]
    return _diagnostic(
        loaded,
        ("host",),
        f"host '{host}' has two overlays (the other is {first.path})",
        "keep one overlay per host",
        "TC170",
    )
