"""What every importer produces: contract fields in order, each guess marked for review."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.diagnostics import Diagnostic, JsonPath, Position, Severity
from generator.core.report import counted

# Diagnostic codes of the import command.
SOURCE_UNREADABLE = "TC400"  # not JSON, not a known shape, server failed
BAD_SHAPE = "TC401"  # a tool entry lacks a name, has the wrong types…
SCHEMA_FALLBACK = "TC402"  # legacy: which schema field was used
SCHEMA_DISAGREE = "TC403"  # legacy: two schema fields differ
NO_SCHEMA = "TC404"  # no schema at all: empty object schema
SCHEMA_REPAIRED = "TC405"  # schema is not a valid contract inputSchema (as is)
BAD_NAME = "TC406"  # a name the contract pattern refuses
SKIPPED_TOOL = "TC407"  # not a function tool (web search, computer use…)
DROPPED_FIELD = "TC408"  # a field contracts do not model
EXISTS = "TC409"  # the contract file exists and --force was not given
ANNOTATION_CONFLICT = "TC410"  # MCP annotations that contradict each other
NORMALIZED = "TC411"  # --normalize changed a non-standard type or idiom
SKIPPED_INVALID = "TC412"  # --skip-invalid left a tool with errors out
REVIEWED = frozenset({NORMALIZED})
"""Warnings about the source whose change the written contract carries as a ``# review:``
comment (what ``--normalize`` was asked to do). They never block under ``--strict``: the
contract validates under strict as written, and its other guesses (risk, Plan Mode) are
marked the same way without blocking; refusing them would make ``--normalize`` useless
in a strict project (``toolcanon init``'s)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One key of a contract tool; ``review`` says what import guessed, if anything.

    ``source`` is where the value was read, relative to the tool's entry in the
    source (None: under the same key); ``inner`` holds review comments for places
    inside the value (a path relative to it, and the text).
    """

    key: str
    value: Any
    review: str | None = None
    source: JsonPath | None = None
    inner: tuple[tuple[JsonPath, str], ...] = ()

    @property
    def source_path(self) -> JsonPath:
        return (self.key,) if self.source is None else self.source


@dataclass(frozen=True, slots=True)
class DraftTool:
    """A tool in contract shape, fields in the order they are written; ``origin`` is
    where its entry sits in the source."""

    name: str
    fields: tuple[Field, ...]
    origin: JsonPath = ()

    def get(self, key: str) -> Any:
        """The value of ``key``, or None when the tool does not set it."""
        return next((f.value for f in self.fields if f.key == key), None)

    def field(self, key: str) -> Field | None:
        """The field ``key``, or None when the tool does not set it."""
        return next((f for f in self.fields if f.key == key), None)


Locator = Callable[[JsonPath], Position]


@dataclass(frozen=True, slots=True)
class Draft:
    """A whole source read into contract shape, with what reading it found."""

    format: str
    origin: str  # a short phrase for the file's header comment
    stem: str  # file name without .yaml
    server: Field | None
    tools: tuple[DraftTool, ...]
    diagnostics: tuple[Diagnostic, ...]
    locate: Locator  # source positions of source paths
    trusted: bool = False  # --trust-hints: the source's safety claims are kept on the tools


@dataclass(slots=True)
class Notes:
    """Collects the diagnostics of one import; positions come from ``locate``."""

    locate: Locator
    found: list[Diagnostic] = field(default_factory=list)
    tallies: dict[tuple[str, str, str | None], list[str]] = field(default_factory=dict)

    def tally(self, message: str, code: str, tool: str, *, hint: str | None = None) -> None:
        """A warning that many tools may share: reported once, naming the tools."""
        self.tallies.setdefault((message, code, hint), []).append(tool)

    def all(self) -> tuple[Diagnostic, ...]:
        """Every diagnostic, the tallied ones folded into one warning each."""
        folded = [
            Diagnostic(
                self.locate(()),
                f"{message}: {counted(len(tools), 'tool')}: {', '.join(tools[:5])}"
                + (", …" if len(tools) > 5 else ""),
                code,
                Severity.WARNING,
                hint=hint,
            )
            for (message, code, hint), tools in self.tallies.items()
        ]
        return (*self.found, *folded)

    def add(
        self,
        path: JsonPath,
        message: str,
        code: str,
        *,
        tool: str | None = None,
        base: JsonPath = (),
        hint: str | None = None,
        error: bool = False,
    ) -> None:
        """Record a warning (or an error) about the source node at ``base + path``.

        ``base`` is where the tool sits in the source; the diagnostic's own path is
        relative to the tool when ``tool`` is named, as everywhere else.
        """
        severity = Severity.ERROR if error else Severity.WARNING
        full = (*base, *path)
        self.found.append(
            Diagnostic(
                self.locate(full), message, code, severity, tool, path if tool else full, hint
            )
        )


def at_start(display: str) -> Locator:
    """A locator for sources without positions: everything is at 1:1."""
    return lambda _path: Position(display, 1, 1)


def is_object(value: Any) -> bool:
    return isinstance(value, Mapping)


def blocking(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics that may refuse an import: all but the ``REVIEWED`` warnings."""
    return [d for d in diagnostics if d.severity is Severity.ERROR or d.code not in REVIEWED]
