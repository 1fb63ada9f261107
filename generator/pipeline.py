"""The flow every command shares: load → check → resolve → models → emit → plan.

Stages read the cache through a read-only view and return the entries they computed;
``generate`` hands them to the writer, ``check`` drops them (it writes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from generator import __version__, paths
from generator.cache import CacheView, Entry
from generator.config import Config, EmitOptions
from generator.diagnostics import (
    Diagnostic,
    Severity,
    has_errors,
    sorted_diagnostics,
)
from generator.emit.common import GENERATE_COMMAND, Rendered
from generator.fingerprint import generator_fingerprint, json_sha256, sha256
from generator.model import Toolset
from generator.profiles.stage import NOTHING_ADAPTED, Adaptations
from generator.writer import MANIFEST, Plan, encode_text, read_manifest

if TYPE_CHECKING:  # the loader imports yaml: not on check's fast path
    from generator.contracts.loader import LoadedFile

CONTRACT_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Build:
    """What a run produced: the plan when the contracts are good, and every diagnostic."""

    plan: Plan | None
    diagnostics: tuple[Diagnostic, ...]
    tool_count: int = 0
    entries: tuple[Entry, ...] = ()  # cache entries this run computed


def discover(config: Config) -> list[tuple[str, Path]]:
    """Contract files as (key, path), sorted by key: the path relative to the contracts folder.

    Keys, not project paths, go into the manifest, so output does not depend on
    where the project or the working directory is.
    """
    found = []
    for path in config.contracts.rglob("*"):
        if path.suffix in CONTRACT_SUFFIXES and path.is_file():
            found.append((path.relative_to(config.contracts).as_posix(), path))
    return sorted(found)


def config_hash(config: Config) -> str:
    """Hash of every setting that changes output."""
    return json_sha256({**config.emit.as_json(), "strict_default": config.strict_default})


def contract_hashes(files: list[tuple[str, Path]]) -> dict[str, str]:
    return {display: sha256(path.read_bytes()) for display, path in files}


@dataclass(frozen=True, slots=True)
class Loaded:
    """Contracts after load → check → resolve → profiles: the Toolset (None when an
    error blocks), what each provider receives, the files (for positions), every
    diagnostic sorted, and the cache entries computed while loading."""

    toolset: Toolset | None
    files: tuple[LoadedFile, ...]
    diagnostics: tuple[Diagnostic, ...]
    entries: tuple[Entry, ...] = ()
    adapted: Adaptations = field(default_factory=lambda: NOTHING_ADAPTED)


def load_contracts(config: Config, *, strict: bool = False, prefix: str | None = None) -> Loaded:
    """Load, check and resolve every contract of ``config.contracts``.

    Diagnostics name files relative to the project, or as ``prefix`` + the path inside
    the contracts folder when a caller (``diff`` reading a git revision) says so.
    """
    from generator.contracts.cached import load_checked

    cache = CacheView(config.cache)
    diagnostics: list[Diagnostic] = []
    files = []
    entries = []
    for key, path in discover(config):
        display = paths.display(path, config.root) if prefix is None else prefix + key
        checked = load_checked(path, display, key, cache)
        diagnostics.extend(checked.diagnostics)
        if checked.file is not None:
            files.append(checked.file)
        if checked.entry is not None:
            entries.append(checked.entry)
    toolset, adapted, found = resolved(files, diagnostics, config, strict=strict)
    ordered = tuple(sorted_diagnostics(found))
    return Loaded(toolset, tuple(files), ordered, tuple(entries), adapted)


def resolve_checked(
    files: Sequence[LoadedFile],
    diagnostics: Sequence[Diagnostic],
    config: Config,
    *,
    strict: bool = False,
) -> tuple[Toolset | None, list[Diagnostic]]:
    """After each file's own checks (``diagnostics``): the checks across files, resolve,
    and the profile stage; the Toolset is None when anything blocks."""
    toolset, _, found = resolved(files, diagnostics, config, strict=strict)
    return toolset, found


def resolved(
    files: Sequence[LoadedFile],
    diagnostics: Sequence[Diagnostic],
    config: Config,
    *,
    strict: bool = False,
) -> tuple[Toolset | None, Adaptations, list[Diagnostic]]:
    """:func:`resolve_checked`, with what each enabled provider target receives."""
    from generator.contracts.check import duplicate_names
    from generator.emit import enabled_targets
    from generator.profiles.stage import adapt
    from generator.resolve import resolve

    found = [*diagnostics, *duplicate_names(files)]
    if has_errors(found, strict=strict):
        return None, NOTHING_ADAPTED, found
    toolset, problems = resolve(
        files, strict_default=config.strict_default, builtin_server=config.emit.builtin_server
    )
    adapted, findings = adapt(toolset, enabled_targets(config.emit))
    found += [*problems, *findings]
    if has_errors(found, strict=strict):
        return None, NOTHING_ADAPTED, found
    return toolset, adapted, found


def check_loaded(files: Sequence[LoadedFile], config: Config) -> list[Diagnostic]:
    """Every diagnostic ``validate`` would give files already loaded (import checks the
    contract it is about to write so, with the project's config)."""
    from generator.contracts.check import check_file

    own = [diagnostic for loaded in files for diagnostic in check_file(loaded)]
    return resolve_checked(files, own, config)[1]


def load_toolset(
    config: Config, *, strict: bool = False
) -> tuple[Toolset | None, tuple[Diagnostic, ...]]:
    """Load, check and resolve every contract; the Toolset is None when any error blocks."""
    loaded = load_contracts(config, strict=strict)
    return loaded.toolset, loaded.diagnostics


def build(config: Config, *, strict: bool = False) -> Build:
    """Run every stage; stop before emitting when any diagnostic is blocking."""
    loaded = load_contracts(config, strict=strict)
    toolset, diagnostics = loaded.toolset, loaded.diagnostics
    if toolset is None:
        return Build(None, diagnostics, entries=loaded.entries)
    rendered, entries = render(toolset, config.emit, CacheView(config.cache), loaded.adapted)
    plan = make_plan(rendered, toolset, config, diagnostics)
    return Build(plan, diagnostics, len(toolset), (*loaded.entries, *entries))


def render(
    toolset: Toolset, options: EmitOptions, cache: CacheView, adapted: Adaptations
) -> tuple[Rendered, tuple[Entry, ...]]:
    """models → emit for every enabled target, with the cache entries computed.

    The model stage runs in worker processes while the targets that need no models are
    emitted; the targets that need them are emitted once it is done.
    """
    from generator.emit import emit_targets, enabled_targets
    from generator.emit.common import Inputs

    targets = enabled_targets(options)
    later = [t for t in targets if t.needs_models]
    pending = None
    if later:
        from generator.models.build import start

        pending = start(toolset, cache)
    first = Inputs(adapted=adapted)
    rendered = emit_targets(toolset, options, [t for t in targets if not t.needs_models], first)
    if pending is None:
        return rendered, ()
    models = pending.result()
    inputs = Inputs(adapted=adapted, models=models.source)
    rendered.update(emit_targets(toolset, options, later, inputs))
    return rendered, models.entries


def make_plan(
    rendered: dict[PurePosixPath, str],
    toolset: Toolset,
    config: Config,
    diagnostics: Sequence[Diagnostic],
) -> Plan:
    """Encode every rendered file and add the manifest that describes them."""
    from generator.emit.common import dump_json
    from generator.fields import descriptor_json

    files = {path: encode_text(text) for path, text in sorted(rendered.items())}
    manifest = {
        "$comment": f"Generated by toolcanon — do not edit; run '{GENERATE_COMMAND}'.",
        "command": GENERATE_COMMAND,
        "generator": {
            "name": "toolcanon",
            "version": __version__,
            "fingerprint": generator_fingerprint(),
        },
        "config": config_hash(config),
        "contracts": {s.path: s.sha256 for s in toolset.sources},
        "warnings": sum(d.severity is Severity.WARNING for d in diagnostics),
        "tools": [
            {
                "name": t.name,
                "providerName": t.provider_name,
                "fingerprint": json_sha256(descriptor_json(t)),
            }
            for t in toolset
        ],
        "files": {path.as_posix(): sha256(data) for path, data in files.items()},
    }
    files[MANIFEST] = encode_text(dump_json(manifest))
    return Plan(files)


def is_current(config: Config, *, strict: bool = False) -> bool:
    """The fast path of ``check``: hashes only, no parsing, no emitting.

    True only when the manifest was made by this generator, from these contracts
    and settings, and every file it lists is on disk as recorded.
    """
    return current_tool_count(config, strict=strict) is not None


def current_tool_count(config: Config, *, strict: bool = False) -> int | None:
    """How many tools the output holds when ``is_current``; else None."""
    manifest = read_manifest(config.output)
    if manifest is None or not _matches(manifest, config, strict=strict):
        return None
    tools = manifest.get("tools")
    return len(tools) if isinstance(tools, list) else None


def _matches(manifest: dict[str, object], config: Config, *, strict: bool) -> bool:
    """The manifest is this generator's, from these inputs, and the files are as it says."""
    generator = manifest.get("generator")
    if not isinstance(generator, dict) or generator.get("fingerprint") != generator_fingerprint():
        return False
    if manifest.get("config") != config_hash(config):
        return False
    if strict and manifest.get("warnings") != 0:
        return False
    if manifest.get("contracts") != contract_hashes(discover(config)):
        return False
    files = manifest.get("files")
    if not isinstance(files, dict):
        return False
    for rel, digest in files.items():
        path = config.output / rel
        if path.is_symlink() or not path.is_file() or sha256(path.read_bytes()) != digest:
            return False
    return True
