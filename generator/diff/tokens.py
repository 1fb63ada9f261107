"""Token findings of a diff: a tool or a listing that costs more context than before.

Both sides are counted over the lists the current config's targets write; a growth of
at least ``diff.token-threshold`` tokens (config, default 100) is a ``tokens-grew``
finding that says what grew ("description grew by 340 tokens"). A pinned tools.json
side has no resolved tools, so it is not counted.
"""

from __future__ import annotations

from generator.diff.rules import RULES, Finding
from generator.diff.sides import Side
from generator.project.settings import Config
from generator.tokens.changes import TokenChange, changes, part_changes
from generator.tokens.measure import measure
from generator.tokens.targets import target, targets_for

LISTING = "listing:"  # how a listing is named where findings name a tool


def token_findings(old: Side, new: Side, config: Config) -> list[Finding]:
    """``tokens-grew`` findings between two sides that both came from contracts."""
    if old.resolved is None or new.resolved is None:
        return []
    lists = targets_for(config.emit)
    before = measure(old.resolved.tools, config.emit, old.resolved.inputs, targets=lists)
    after = measure(new.resolved.tools, config.emit, new.resolved.inputs, targets=lists)
    grown = [
        change
        for change in changes(before, after)
        if change.before is not None
        and change.after is not None
        and change.after - change.before >= config.token_threshold
    ]
    return [_finding(change, old, new, config) for change in grown]


def _finding(change: TokenChange, old: Side, new: Side, config: Config) -> Finding:
    assert change.before is not None and change.after is not None  # filtered above
    amount = f"{change.target}: {change.before} → {change.after} tokens (+{change.delta})"
    if change.scope == "listing":
        return Finding(RULES["tokens-grew"], LISTING + change.subject, (), amount, None)
    assert old.resolved is not None and new.resolved is not None
    was = {tool.name: tool for tool in old.resolved.tools}[change.subject]
    now = {tool.name: tool for tool in new.resolved.tools}[change.subject]
    spec = target(change.target, targets_for(config.emit))
    moved = part_changes((was, old.resolved.inputs), (now, new.resolved.inputs), spec)
    grew = [part.phrase for part in moved if part.delta > 0][:2]
    message = amount + (f": {'; '.join(grew)}" if grew else "")
    return Finding(RULES["tokens-grew"], change.subject, (), message, now.origin)
