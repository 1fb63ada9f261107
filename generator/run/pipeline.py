"""The flow every command shares: load → check → resolve → models → emit → plan.

Stages read the cache through a read-only view and return the entries they computed;
``generate`` hands them to the writer, ``check`` drops them (it writes nothing).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from generator.clients import check_clients, tool_limits
from generator.contracts.cached import load_checked
from generator.contracts.check import duplicate_names
from generator.contracts.lint import LINT_CODES
from generator.contracts.resolve import resolve
from generator.core import paths
from generator.core.cache import CacheView, Entry
from generator.core.diagnostics import (
    ContractError,
    Diagnostic,
    Severity,
    has_errors,
    sorted_diagnostics,
)
from generator.emit import enabled_targets
from generator.emit.common import Inputs
from generator.hosts.stage import with_hosts
from generator.ir.model import Toolset
from generator.models.workers import start
from generator.profiles.stage import NOTHING_ADAPTED, Adaptations, adapt
from generator.project.accepted import split
from generator.project.settings import Config
from generator.run import memory
from generator.run import render as emitting
from generator.run.resolved_checks import config_findings
from generator.run.sources import config_hash, discover
from generator.tokens.budgeting import check_budgets
from generator.write.manifest import MANIFEST, manifest_text, same_output
from generator.write.plan import Plan, encode_text
from generator.write.planfiles import PlanFiles

if TYPE_CHECKING:  # the loader imports yaml: not on check's fast path
    from generator.contracts.cached import Checked
    from generator.contracts.loader import LoadedFile
    from generator.models.workers import Workers


@dataclass(frozen=True, slots=True)
class Build:
    """What a run produced: the plan when the contracts are good, and every diagnostic."""

    plan: Plan | None
    diagnostics: tuple[Diagnostic, ...]
    tool_count: int = 0
    entries: tuple[Entry, ...] = ()  # cache entries this run computed

    @property
    def warnings(self) -> int:
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)


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
    accepted: tuple[Diagnostic, ...] = ()  # warnings the config accepts: not reported

    @property
    def inputs(self) -> Inputs:
        """What emitters (and whatever reads provider lists) get from the stages so far."""
        return Inputs(adapted=self.adapted)


def load_contracts(
    config: Config, *, strict: bool = False, prefix: str | None = None, lenient: bool = False
) -> Loaded:
    """Load, check and resolve every contract of ``config.contracts``.

    Diagnostics name files relative to the project, or as ``prefix`` + the path inside
    the contracts folder when a caller (``diff`` reading a git revision) says so.
    ``lenient`` reads the schema lint's errors as warnings: ``diff``'s old side was
    written before today's lint, and comparing with it must not need it fixed.
    """
    cache = CacheView(config.cache)
    diagnostics: list[Diagnostic] = []
    files = []
    entries = []
    for key, path in discover(config):
        display = paths.display(path, config.root) if prefix is None else prefix + key
        checked = load_checked(path, display, key, cache, config.schema_extensions)
        diagnostics.extend(_lenient(checked.diagnostics) if lenient else checked.diagnostics)
        if checked.file is not None:
            files.append(checked.file)
        if checked.entry is not None:
            entries.append(checked.entry)
    toolset, adapted, found = resolved(files, diagnostics, config, strict=strict)
    kept, accepted = split(found, config.accepted)
    ordered = tuple(sorted_diagnostics(kept))
    return Loaded(toolset, tuple(files), ordered, tuple(entries), adapted, tuple(accepted))


def _lenient(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [
        replace(d, severity=Severity.WARNING) if d.code in LINT_CODES else d for d in diagnostics
    ]


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
    return toolset, split(found, config.accepted)[0]


def resolved(
    files: Sequence[LoadedFile],
    diagnostics: Sequence[Diagnostic],
    config: Config,
    *,
    strict: bool = False,
) -> tuple[Toolset | None, Adaptations, list[Diagnostic]]:
    """:func:`resolve_checked`, with what each enabled provider target receives (the
    diagnostics include the warnings the config accepts, which never block)."""
    found = [*diagnostics, *duplicate_names(files)]
    pending = [d for d in found if d.code != "TC302"] if config.policies else found
    if _blocks(pending, config, strict=strict):  # TC302 waits for the policies' floors
        return None, NOTHING_ADAPTED, found
    toolset, problems = resolve(
        files,
        strict_default=config.strict_default,
        builtin_server=config.emit.builtin_server,
        policies=config.policies,
    )
    found = [*_floored_risk_known(found, toolset), *config_findings(toolset, config)]
    if config.hosts is not None:
        toolset, overlaid = with_hosts(toolset, config)
        problems = [*problems, *overlaid]
    adapted, findings = adapt(toolset, enabled_targets(config.emit))
    found += [*problems, *findings]
    if config.budgets and not has_errors(found):
        found += check_budgets(toolset, config.emit, Inputs(adapted=adapted), config.budgets)
    found += [] if has_errors(found) else check_clients(toolset, config)
    if _blocks(found, config, strict=strict):
        return None, NOTHING_ADAPTED, found
    return toolset, adapted, found


def _floored_risk_known(found: list[Diagnostic], toolset: Toolset) -> list[Diagnostic]:
    """Without TC302 ("no riskLevel") for a tool a policy floor gave one: the file's own
    check cannot know the config's policies."""
    floored = {
        t.where.position(("tools", t.where.index)) for t in toolset if "riskLevel" in t.floors
    }
    if not floored:
        return found
    return [d for d in found if d.code != "TC302" or d.position not in floored]


def _blocks(found: Sequence[Diagnostic], config: Config, *, strict: bool) -> bool:
    """An error, or under ``strict`` a warning the config does not accept."""
    return has_errors(split(found, config.accepted)[0] if strict else found, strict=strict)


def check_added(others: Sequence[Checked], added: Checked, config: Config) -> list[Diagnostic]:
    """What ``validate`` would add to the project's diagnostics with ``added`` in it, for
    ``import``: the file's own diagnostics, and the checks across files (names used twice,
    provider names, resolve), the profile stage and the clients' limits for its tools.

    The other files come with their own results already (from the cache, as
    ``load_contracts`` reads them), so nothing of theirs is checked again: only files
    without errors of their own take part in resolve, and only the added file's tools
    are adapted. What involves the added file is returned, nothing that was there before
    (a diagnostic at the added file, or naming it, as TC130's and TC141's do).
    """
    if added.file is None:
        return list(added.diagnostics)
    files = [c.file for c in others if c.file is not None]
    path = added.file.path
    found = [*added.diagnostics, *_involving(duplicate_names([*files, added.file]), path)]
    clean = [
        _names_only(c.file) for c in others if c.file is not None and not has_errors(c.diagnostics)
    ]
    if not has_errors(found):  # as validate: names used twice stop before resolve
        found += _involving(_added_problems(clean, added.file, config), path)
    elif all(d.code.startswith("TC2") for d in found if d.severity is Severity.ERROR):
        # errors inside schemas only: the names are sound, and may clash all the same
        names = _names_only(added.file)
        found += _involving(_added_problems(clean, names, config, profiles=False), path)
    return found


def _added_problems(
    others: list[LoadedFile], added: LoadedFile, config: Config, *, profiles: bool = True
) -> list[Diagnostic]:
    """What resolve (and, with ``profiles``, the profile stage) finds with ``added``
    among ``others``, whose tools are not adapted again."""
    toolset, problems = resolve(
        [*others, added],
        strict_default=config.strict_default,
        builtin_server=config.emit.builtin_server,
        policies=config.policies,
    )
    if not profiles:
        return problems
    own = Toolset(tuple(t for t in toolset if t.where.file == added.path), ())
    return [*problems, *adapt(own, enabled_targets(config.emit))[1], *tool_limits(own, config)]


def _names_only(loaded: LoadedFile) -> LoadedFile:
    """``loaded`` reduced to what decides the names providers see (server, name,
    providerName): all the new file's names are resolved against, without building
    every other tool's descriptor again (its schemas are what costs)."""
    keep = ("name", "providerName")
    tools = [
        {**{key: tool[key] for key in keep if key in tool}, "inputSchema": {}}
        for tool in loaded.data["tools"]
    ]
    data = {key: loaded.data[key] for key in ("version", "server") if key in loaded.data}
    return replace(loaded, data={**data, "tools": tools})


def _involving(found: list[Diagnostic], path: str) -> list[Diagnostic]:
    """The diagnostics at file ``path``, or naming a place in it."""
    mention = f"{path}:"
    return [
        d
        for d in found
        if d.position.file == path or mention in d.message or mention in (d.hint or "")
    ]


def load_toolset(
    config: Config, *, strict: bool = False
) -> tuple[Toolset | None, tuple[Diagnostic, ...]]:
    """Load, check and resolve every contract; the Toolset is None when any error blocks."""
    loaded = load_contracts(config, strict=strict)
    return loaded.toolset, loaded.diagnostics


def build(config: Config, *, strict: bool = False) -> Build:
    """Run every stage; stop before emitting when any diagnostic is blocking."""
    workers = _model_workers(config)
    try:
        with memory.collecting_rarely():
            loaded = load_contracts(config, strict=strict)
            toolset, diagnostics = loaded.toolset, loaded.diagnostics
            if toolset is None:
                return Build(None, diagnostics, entries=loaded.entries)
            adapted, entries = loaded.adapted, loaded.entries
            del loaded  # the files and their positions are not needed past the diagnostics
            toolset = memory.lean(toolset)
            gc.freeze()  # what was loaded stays: later collections need not scan it
            cache = CacheView(config.cache)
            rendered, made = emitting.render(toolset, config.emit, cache, adapted, workers)
            plan = make_plan(rendered, toolset, config, diagnostics)
    finally:
        if workers is not None:
            workers.close()
    return Build(plan, diagnostics, len(toolset), (*entries, *made))


def _model_workers(config: Config) -> Workers | None:
    """The model stage's workers, started before anything is read when a target needs
    models (``models/workers.py``: how many, by the size of the contracts)."""
    if not any(target.needs_models for target in enabled_targets(config.emit)):
        return None

    try:
        size = sum(path.stat().st_size for _, path in discover(config))
    except (OSError, ContractError):
        return None  # the load stage reports it
    return start(size)


def make_plan(
    rendered: PlanFiles,
    toolset: Toolset,
    config: Config,
    diagnostics: Sequence[Diagnostic],
) -> Plan:
    """Every file, and the manifest that describes them."""
    files = rendered.sorted()
    text = manifest_text(files, toolset, config_hash(config), diagnostics)
    files.add(MANIFEST, encode_text(text))
    return Plan(files, {MANIFEST: same_output})
