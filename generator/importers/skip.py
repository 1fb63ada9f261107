"""``import --skip-invalid``: write the tools that pass, report the ones that do not.

By default an import is all or nothing. With the flag, every tool with a blocking
problem (an error; a warning too under ``--strict``) is left out with a warning at its
entry in the source, next to the errors that refused it; entries the reader already
refused (no name, no schema…) stay out the same way. The rest is checked again as the
file that will be written, until no tool left has a blocking problem. A problem no
single tool owns still refuses the whole file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from generator.core.diagnostics import Diagnostic, Severity, has_errors
from generator.importers.draft import SKIPPED_INVALID, Draft, DraftTool, blocking
from generator.importers.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an import ends with: the draft to write, its verdict, everything to report,
    and (with --skip-invalid) the names of the tools left out."""

    draft: Draft
    verdict: Verdict
    diagnostics: list[Diagnostic]
    skipping: bool = False
    skipped: tuple[str, ...] = field(default=())

    def blocks(self, *, strict: bool) -> bool:
        """True when nothing may be written."""
        if not self.skipping:
            return has_errors(blocking(self.diagnostics), strict=strict)
        final = self.verdict
        return final.blocked or not self.draft.tools or has_errors(final.diagnostics, strict=strict)


def all_or_nothing(draft: Draft, verdict: Verdict) -> Outcome:
    return Outcome(draft, verdict, [*draft.diagnostics, *verdict.diagnostics])


def skip_invalid(draft: Draft, verdict: Verdict, check: Callable[[Draft], Verdict]) -> Outcome:
    """Leave out the tools ``verdict`` found blocking problems in and check the rest, again
    and again: leaving tools out can show problems the first check could not reach (a
    clash with another file is looked for only once a file's own errors are gone)."""
    reported = [*draft.diagnostics, *verdict.diagnostics]
    left_out: list[DraftTool] = []
    kept, final = draft, verdict
    while final.failing and not final.blocked:
        failing = [tool for index, tool in enumerate(kept.tools) if index in final.failing]
        left_out += failing
        kept = replace(kept, tools=tuple(t for t in kept.tools if t not in failing))
        if not kept.tools:
            break
        final = check(kept)
        reported += final.diagnostics
    reported += [_skipped(draft, tool) for tool in left_out]
    return Outcome(kept, final, reported, True, tuple(tool.name for tool in left_out))


def _skipped(draft: Draft, tool: DraftTool) -> Diagnostic:
    return Diagnostic(
        draft.locate(tool.origin),
        f"tool '{tool.name}' skipped: it has errors (--skip-invalid)",
        SKIPPED_INVALID,
        Severity.WARNING,
        tool=tool.name,
        hint="fix them in the source and import again, with --force",
    )
