"""Token changes between two reports, and within a changed tool, for ``toolcanon diff``.

``changes`` compares two reports row by row (tools and listings, each target) and keeps
those whose primary count moved; ``part_changes`` says which parts of one tool moved
("description grew by 340 tokens"). Thresholds are the caller's rule: these are values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.emit.common import Inputs
from generator.ir.model import ToolDescriptor
from generator.tokens.contributors import contributors
from generator.tokens.encoding import DEFAULT_ENCODING
from generator.tokens.measure import Measure, TokenReport
from generator.tokens.providers import Kind
from generator.tokens.targets import Target


@dataclass(frozen=True, slots=True)
class TokenChange:
    """A tool's or listing's primary count before and after (None: absent on that side)."""

    scope: Literal["tool", "listing"]
    target: str
    subject: str  # tool canonical name, or listing file
    before: int | None
    after: int | None
    kind: Kind  # exact, or estimate: say so wherever the change is shown

    @property
    def delta(self) -> int:
        return (self.after or 0) - (self.before or 0)


@dataclass(frozen=True, slots=True)
class PartChange:
    """One part of a tool whose share changed (0 on the side it is absent from)."""

    label: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def phrase(self) -> str:
        """``description grew by 340 tokens``, ``property 'x' removed (12 tokens)``…"""
        if self.before == 0:
            return f"{self.label} added ({self.after:,} tokens)"
        if self.after == 0:
            return f"{self.label} removed ({self.before:,} tokens)"
        verb = "grew" if self.delta > 0 else "shrank"
        return f"{self.label} {verb} by {abs(self.delta):,} tokens"


def changes(before: TokenReport, after: TokenReport) -> tuple[TokenChange, ...]:
    """Every tool and listing whose primary count differs, sorted by scope, target, subject."""
    return (
        *_compare("tool", _tools(before), _tools(after)),
        *_compare("listing", _listings(before), _listings(after)),
    )


def _compare(
    scope: Literal["tool", "listing"],
    old: dict[tuple[str, str], Measure],
    new: dict[tuple[str, str], Measure],
) -> list[TokenChange]:
    found = []
    for target, subject in sorted(old.keys() | new.keys()):
        was, now = old.get((target, subject)), new.get((target, subject))
        if was is not None and now is not None and was.tokens == now.tokens:
            continue
        kind = now.kind if now is not None else was.kind if was is not None else "exact"
        before = None if was is None else was.tokens
        after = None if now is None else now.tokens
        found.append(TokenChange(scope, target, subject, before, after, kind))
    return found


def part_changes(
    before: tuple[ToolDescriptor, Inputs | None],
    after: tuple[ToolDescriptor, Inputs | None],
    target: Target,
    encoding: str = DEFAULT_ENCODING,
) -> tuple[PartChange, ...]:
    """The parts of one tool whose share moved in ``target``, largest move first (each
    side is the tool and the profile stage's results it was measured with)."""
    old = {part.label: part.tokens for part in contributors(before[0], target, before[1], encoding)}
    new = {part.label: part.tokens for part in contributors(after[0], target, after[1], encoding)}
    moved = [
        PartChange(label, old.get(label, 0), new.get(label, 0))
        for label in [*old, *(label for label in new if label not in old)]
        if old.get(label, 0) != new.get(label, 0)
    ]
    return tuple(sorted(moved, key=lambda change: -abs(change.delta)))


def _tools(report: TokenReport) -> dict[tuple[str, str], Measure]:
    return {(row.target, row.tool): row.primary for row in report.tools}


def _listings(report: TokenReport) -> dict[tuple[str, str], Measure]:
    return {(row.target, row.file): row.primary for row in report.listings}
