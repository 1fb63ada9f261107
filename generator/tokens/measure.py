"""Tokens per tool and per listing, for every target, as values a renderer only has to show.

A tool's count is the exact count of its entry as its target's SDK serializes it (compact
JSON, serialize.py). A listing's count is the exact count of the whole list as sent — the
JSON array of the ``tools`` request field, or MCP's ``{"tools": [...]}`` result — which is
not the sum of its tools' counts: the array's brackets and commas merge with the braces
around them into tokens of their own (joined.py counts that exactly, without encoding the
list again). Each number is a ``Measure`` that says what it is: ``exact``, or ``estimate``
with its method. A provider's fixed tool-use overhead is kept apart, on the listing, with
its source: it depends on the model and ``tool_choice``, not on the contracts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from pathlib import PurePosixPath

from generator.emit.common import Inputs
from generator.ir.model import ToolDescriptor
from generator.ir.options import EmitOptions
from generator.tokens.encoding import DEFAULT_ENCODING
from generator.tokens.formula import listing_estimate, tool_estimate
from generator.tokens.joined import Counted, Tally
from generator.tokens.providers import (
    PROVIDERS,
    Kind,
    Provider,
    ToolUseOverhead,
    scaled,
    tool_use_overhead,
)
from generator.tokens.serialize import chunks, dumps
from generator.tokens.targets import Target, inputs_for, targets_for

JSON = "json"
FORMULA = "openai-cookbook"


@dataclass(frozen=True, slots=True)
class Measure:
    """One number and what it is: ``method`` (``json`` or ``openai-cookbook``), ``kind``
    (``exact`` or ``estimate``) and a sentence saying how it was obtained."""

    method: str
    kind: Kind
    tokens: int
    note: str


@dataclass(frozen=True, slots=True)
class ToolTokens:
    """A tool's cost in one target; ``measures[0]`` is the one budgets read."""

    tool: str  # canonical name
    target: str
    measures: tuple[Measure, ...]

    @property
    def primary(self) -> Measure:
        return self.measures[0]


@dataclass(frozen=True, slots=True)
class ListingTokens:
    """A whole listing as one target receives it; ``measures[0]`` is the one budgets read."""

    target: str
    file: str  # the generated file that holds the listing, e.g. mcp/github.json
    tools: tuple[str, ...]  # canonical names, in listing order
    measures: tuple[Measure, ...]
    overhead: ToolUseOverhead | None  # the provider's documented fixed cost, not included

    @property
    def primary(self) -> Measure:
        return self.measures[0]


@dataclass(frozen=True, slots=True)
class TokenReport:
    """Every tool in every target, then every listing; sorted, so equal input gives equal output."""

    encoding: str
    tools: tuple[ToolTokens, ...]  # by tool name, then target order
    listings: tuple[ListingTokens, ...]  # by target order, then file


@dataclass(frozen=True, slots=True)
class _Counted:
    tool: ToolDescriptor
    file: str
    counted: Counted
    texts: list[str]
    formula: int | None


@dataclass(frozen=True, slots=True)
class _Notes:
    """What each kind of number in one target is, said once for all its rows."""

    provider: Provider
    tool: str
    listing: str
    formula: str | None

    @classmethod
    def of(cls, provider: Provider, encoding: str) -> _Notes:
        def json_note(what: str) -> str:
            said = f"{encoding} tokens of {what} as compact JSON"
            exact = provider.kind == "exact"
            return f"{said}, as sent" if exact else f"{said}; {provider.calibration_note}"

        formula = provider.formula
        models = "/".join(formula.models) if formula is not None else ""
        return cls(
            provider,
            json_note("its entry"),
            json_note("the whole listing"),
            f"OpenAI cookbook num_tokens_for_tools with the {models} constants" if models else None,
        )

    def measures(self, tokens: int, formula: int | None, note: str) -> tuple[Measure, ...]:
        provider = self.provider
        json = Measure(JSON, provider.kind, scaled(tokens, provider.calibration), note)
        if formula is None or self.formula is None:
            return (json,)
        return json, Measure(FORMULA, "estimate", formula, self.formula)


def measure(
    tools: Iterable[ToolDescriptor],
    options: EmitOptions,
    inputs: Inputs | None = None,
    *,
    targets: Sequence[Target] | None = None,
    encoding: str = DEFAULT_ENCODING,
    models: Mapping[str, str] | None = None,
    tool_choice: str = "auto",
) -> TokenReport:
    """Count every tool and every listing of ``tools`` in each list (``targets``; by
    default the lists of the targets ``options`` enable).

    ``tools`` may be a Toolset or any subset of it (a mode-masked list), in listing order;
    ``inputs`` are the profile stage's results (what each provider receives).
    ``models`` picks, per provider key, the model whose documented overhead a listing
    shows (default: the newest the provider lists); ``tool_choice`` likewise.
    """
    tally = Tally(encoding)
    chosen = tuple(tools)
    targets = targets if targets is not None else targets_for(options)
    inputs = inputs if inputs is not None else inputs_for(chosen, targets)
    tool_rows: list[ToolTokens] = []
    listing_rows: list[ListingTokens] = []
    for target in targets:
        provider = PROVIDERS[target.provider]
        notes = _Notes.of(provider, encoding)
        listed = target.members(chosen, inputs)
        counted = [_count_tool(tally, tool, target, provider, options, inputs) for tool in listed]
        tool_rows += [
            ToolTokens(
                item.tool.name,
                target.key,
                notes.measures(item.counted.tokens, item.formula, notes.tool),
            )
            for item in counted
        ]
        overhead = tool_use_overhead(provider.key, (models or {}).get(provider.key), tool_choice)
        by_file = sorted(counted, key=lambda item: item.file)
        for file, group in groupby(by_file, key=lambda item: item.file):
            members = list(group)
            closing = _closing(target, PurePosixPath(file), options)
            measures = _listing_measures(tally, members, target, notes, closing)
            names = tuple(item.tool.name for item in members)
            listing_rows.append(ListingTokens(target.key, file, names, measures, overhead))
    order = {target.key: index for index, target in enumerate(targets)}
    return TokenReport(
        encoding,
        # rows were made target by target, in target order: a stable sort by tool keeps it
        tuple(sorted(tool_rows, key=attrgetter("tool"))),
        tuple(sorted(listing_rows, key=lambda row: (order[row.target], row.file))),
    )


def _count_tool(
    tally: Tally,
    tool: ToolDescriptor,
    target: Target,
    provider: Provider,
    options: EmitOptions,
    inputs: Inputs,
) -> _Counted:
    entry = target.entry(tool, inputs)
    texts = chunks(entry, target.layout)
    formula = provider.formula
    estimate = None
    if formula is not None:
        estimate = tool_estimate(entry, target.layout, formula, tally)
    file = str(target.file_of(tool, options))
    return _Counted(tool, file, tally.joined(texts), texts, estimate)


def _closing(target: Target, file: PurePosixPath, options: EmitOptions) -> str:
    """What a wrapped listing says after its list, up to its final ``}``: the members of
    the result besides the list (MCP's ``,"ttlMs":0,…``), as the client reads them."""
    if target.wrap is None or target.result is None:
        return ""
    return "".join(
        f",{dumps(key)}:{dumps(value)}" for key, value in target.result(file, options).items()
    )


def _listing_measures(
    tally: Tally, members: list[_Counted], target: Target, notes: _Notes, closing: str
) -> tuple[Measure, ...]:
    items = [member.counted for member in members]
    glue = ["[", *[","] * (len(items) - 1), "]"]
    if target.wrap is not None:
        items.insert(0, tally.text("{" + dumps(target.wrap) + ":"))
        glue = ["", *glue[:-1], "]" + closing + "}"]
    listing = tally.concat(items, glue, _text_of(members, target.wrap))
    formula = notes.provider.formula
    estimate = None
    if formula is not None:
        estimate = listing_estimate([m.formula for m in members if m.formula is not None], formula)
    return notes.measures(listing.tokens, estimate, notes.listing)


def _text_of(members: list[_Counted], wrap: str | None) -> Callable[[int], str]:
    """The text of a listing's i-th item, built only when an edge cannot be joined."""
    offset = 0 if wrap is None else 1

    def text(index: int) -> str:
        if index < offset:
            return "{" + dumps(wrap) + ":"
        return "".join(members[index - offset].texts)

    return text
