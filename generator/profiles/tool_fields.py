"""The providers' own tool fields: which list takes ``deferLoading``, ``allowedCallers`` and
``namespace``, what each receives of them (and of ``outputSchema``), and the warnings
where one is lost.

A contract says what it means once; each provider list takes the part it has a field for
(the installed SDK types: openai's Responses ``FunctionToolParam`` and
``NamespaceToolParam``, anthropic's ``ToolParam``; Chat Completions, Bedrock Converse and
Gemini have none of them). What a list cannot take is a warning at the contract's line,
naming the list and its target, because the model behind it now sees or calls the tool
unlike what the contract says. A silent field is absent everywhere: the provider's
default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.core.diagnostics import Diagnostic, JsonPath, Severity
from generator.core.targets import Target
from generator.ir.model import ToolDescriptor
from generator.profiles.base import without_dialect

NOT_TAKEN: Final = "TC180"  # warning: a list's provider has no such field
CALLER_NOT_TAKEN: Final = "TC181"  # warning: an allowedCallers value a provider lacks
NAMESPACE_DESCRIBED_TWICE: Final = "TC182"  # error: one namespace, two descriptions

DIRECT: Final = "direct"  # the model calls the tool itself: what every provider does


@dataclass(frozen=True, slots=True)
class Receiver:
    """One provider list: its target, what the diagnostics call it, the contract fields
    it takes, and the ``allowedCallers`` values its API accepts."""

    target: str
    title: str
    takes: frozenset[str]
    callers: frozenset[str] = frozenset()


RESPONSES = Receiver(
    "openai",
    "OpenAI Responses",
    frozenset({"deferLoading", "allowedCallers", "namespace"}),
    frozenset({DIRECT, "programmatic"}),
)
CLAUDE = Receiver(
    "anthropic",
    "Claude",
    frozenset({"deferLoading", "allowedCallers"}),
    frozenset(
        {DIRECT, "code_execution_20250825", "code_execution_20260120", "code_execution_20260521"}
    ),
)
RECEIVERS: tuple[Receiver, ...] = (
    Receiver("openai", "OpenAI Chat Completions", frozenset()),
    RESPONSES,
    CLAUDE,
    Receiver("bedrock", "Amazon Bedrock Converse", frozenset()),
    Receiver("gemini", "Gemini", frozenset()),
    Receiver("gemini-openapi", "Gemini (OpenAPI schema)", frozenset()),
)
"""Every provider list, in target order (MCP is no model provider: its listing carries
none of these fields, and a host forwarding MCP tools to a model decides them)."""


def callers(tool: ToolDescriptor, receiver: Receiver) -> list[str] | None:
    """The ``allowed_callers`` ``receiver`` gets: the contract's values it accepts, in the
    contract's order; None (left out: the provider's default) when none is left."""
    if tool.allowed_callers is None:
        return None
    kept = [value for value in tool.allowed_callers if value in receiver.callers]
    return kept or None


def output_schema(tool: ToolDescriptor) -> Mapping[str, Any] | None:
    """Responses' ``output_schema``: the contract's ``outputSchema`` without ``$schema``,
    as the parameters are sent. Strict mode constrains the arguments the model writes,
    not what the host returns, so no strict transform applies to it."""
    return None if tool.output_schema is None else without_dialect(tool.output_schema)


def findings(tools: Iterable[ToolDescriptor], targets: Sequence[Target]) -> list[Diagnostic]:
    """Every field a list of an enabled target cannot take, for each tool it sends, and
    every namespace the tools Responses receives describe in two ways."""
    tools = tuple(tools)
    enabled = {target.name for target in targets}
    receivers = [r for r in RECEIVERS if r.target in enabled]
    found = [
        finding
        for tool in tools
        for receiver in receivers
        if tool.sent_to(receiver.target)
        for finding in _lost(tool, receiver)
    ]
    if RESPONSES.target in enabled:
        found += _described_twice([t for t in tools if t.sent_to(RESPONSES.target)])
    return found


def _lost(tool: ToolDescriptor, receiver: Receiver) -> list[Diagnostic]:
    """What ``receiver`` cannot take of ``tool``'s fields."""
    found = []
    if tool.defer_loading and "deferLoading" not in receiver.takes:
        found.append(_not_taken(tool, receiver, "deferLoading", "in every request's context"))
    if tool.namespace is not None and "namespace" not in receiver.takes:
        found.append(_not_taken(tool, receiver, "namespace", "listed outside any namespace"))
    if tool.allowed_callers is not None:
        if "allowedCallers" in receiver.takes:
            found += _callers_lost(tool, receiver)
        elif tuple(tool.allowed_callers) != (DIRECT,):
            found.append(_not_taken(tool, receiver, "allowedCallers", "called by the model alone"))
    return found


def _not_taken(tool: ToolDescriptor, receiver: Receiver, key: str, instead: str) -> Diagnostic:
    return _warning(
        tool,
        (key,),
        NOT_TAKEN,
        f"{receiver.title} (target {receiver.target}) has no field for {key}: the tool is"
        f" {instead} there",
        _way_out(tool, receiver, key),
    )


def _way_out(tool: ToolDescriptor, receiver: Receiver, key: str) -> str:
    """The hint: the target's other list when it takes the field (Responses beside Chat
    Completions: leaving the tool out of the target would lose that one too)."""
    for other in RECEIVERS:
        if other.target == receiver.target and key in other.takes:
            return f"{other.title} takes it: send that list, or accept {NOT_TAKEN} for the tool"
    excluded = ", ".join([*tool.targets["exclude"], receiver.target])
    return f"leave {key} out, or leave the tool out: targets: {{exclude: [{excluded}]}}"


def _callers_lost(tool: ToolDescriptor, receiver: Receiver) -> list[Diagnostic]:
    """A value ``receiver`` does not accept, unless the list already gives it a caller of
    the same kind (code the model runs: OpenAI's ``programmatic``, Claude's
    ``code_execution_…``), so that a contract naming both providers' values is quiet."""
    values = tuple(tool.allowed_callers or ())
    kept = [value for value in values if value in receiver.callers]
    runs_code = any(value != DIRECT for value in kept)
    accepted = ", ".join(sorted(receiver.callers))
    return [
        _warning(
            tool,
            ("allowedCallers", index),
            CALLER_NOT_TAKEN,
            f"{receiver.title} (target {receiver.target}) takes no allowed caller {value!r}:"
            " code the model runs there cannot call the tool",
            f"add one of the callers {receiver.title} takes: {accepted}",
        )
        for index, value in enumerate(values)
        if value not in receiver.callers and not runs_code
    ]


def _described_twice(tools: Sequence[ToolDescriptor]) -> list[Diagnostic]:
    """TC182 at each tool describing its namespace unlike the first tool naming it: the
    namespace entry has one description, and choosing one would be a guess."""
    first: dict[str, ToolDescriptor] = {}
    found = []
    for tool in tools:
        if tool.namespace is None:
            continue
        named = first.setdefault(tool.namespace["name"], tool)
        if named.namespace is not None and named.namespace != tool.namespace:
            found.append(_other_description(tool, named))
    return found


def _other_description(tool: ToolDescriptor, named: ToolDescriptor) -> Diagnostic:
    path: JsonPath = ("namespace", "description")
    there = named.where.locate(path)
    name = named.namespace["name"] if named.namespace is not None else ""
    return Diagnostic(
        tool.where.locate(path),
        f"namespace {name!r} is described otherwise by tool"
        f" {named.name!r} ({there.file}:{there.line}): its entry has one description",
        NAMESPACE_DESCRIBED_TWICE,
        Severity.ERROR,
        tool=tool.name,
        path=path,
        hint="give every tool of the namespace the same description; a file's defaults:"
        " can hold it once",
    )


def _warning(
    tool: ToolDescriptor, path: JsonPath, code: str, message: str, hint: str
) -> Diagnostic:
    return Diagnostic(
        tool.where.locate(path),
        message,
        code,
        Severity.WARNING,
        tool=tool.name,
        path=path,
        hint=hint,
    )
