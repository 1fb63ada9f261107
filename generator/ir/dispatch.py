"""The host kit's one table: how each provider hands a tool call over and what it takes back.

A host that runs tools reads a call object from a provider's SDK, routes it to a tool,
undoes the provider's transform of the arguments, gates it, runs the handler and sends
back a result object. The provider decides every shape on that path, so the shapes are
data (:data:`PROVIDERS`), like ``policy.DECISION_RULES``: the generated Python
``ToolHost`` and the TypeScript ``createToolHost`` render this table, and the README's
per-provider table is written from it. Every shape was checked against the SDK's own
types (openai, anthropic, google-genai, botocore's ``bedrock-runtime`` service model,
mcp); ``tests/unit/ir/test_dispatch.py`` holds the table against them.

A result shape is JSON whose leaves are constants or :class:`Slot` values dispatch fills
in; :func:`shape_json` writes it as plain JSON for the packages (``{"$slot": …}``).
Failures (:data:`FAILURES`) are that provider's error result with a message a model can
act on, except an invalid result: the host's own bug, raised and never sent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

Provider = Literal["openai-chat", "openai-responses", "anthropic", "gemini", "bedrock", "mcp"]
SlotName = Literal["call_id", "name", "text", "structured", "value"]
FailureKind = Literal[
    "unknown_tool", "invalid_arguments", "denied", "declined", "handler_error", "invalid_result"
]
KeyPath = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    """A member of a result dispatch fills in.

    ``call_id``: the call's id, read at :attr:`CallShape.call_id`; ``name``: the name the
    call used; ``text``: on success the handler's text, or the JSON text of its structured
    result, on an error the failure's message; ``structured``: the structured result,
    only on success and only when it is valid against the tool's ``outputSchema``;
    ``value``: the structured result when there is one, else the text. An ``optional``
    member is left out when its value is missing (no id in the call, no structured
    result) instead of being sent as null.
    """

    value: SlotName
    optional: bool = False


Shape = Mapping[str, "Shape"] | tuple["Shape", ...] | Slot | str | bool
"""A result object: mappings (members in the order the provider documents them), arrays
(tuples), slots and constants."""


@dataclass(frozen=True, slots=True)
class CallShape:
    """Where a call object keeps what dispatch reads, as the SDK hands it over.

    Key paths are the wire's JSON names; a Python SDK object that is not a mapping is
    read by attribute, the snake_case of each key (``functionCall`` → ``function_call``).
    ``encoded``: the arguments are JSON text, not an object. ``call_id`` is None when
    the call carries no id (MCP: the JSON-RPC request has it); ``id_optional``: the
    provider may leave the id out (Gemini). ``arguments_optional``: absent arguments mean
    ``{}`` (MCP's ``arguments`` and Gemini's ``args`` are optional for a tool without
    parameters); elsewhere they are invalid arguments.
    """

    title: str
    name: KeyPath
    arguments: KeyPath
    call_id: KeyPath | None
    encoded: bool
    id_optional: bool = False
    arguments_optional: bool = False


@dataclass(frozen=True, slots=True)
class ProviderShapes:
    """One provider's row: how its calls are routed and what goes back.

    ``target`` is the target whose listing the model was given; ``names`` how a call's
    name finds its tool: ``provider`` — the provider-facing names the generator emits
    (``names.json``, the packages' ``PROVIDER_TO_CANONICAL``), ``server`` — the bare
    tool names of one MCP server's listing (``mcp/<server>.json``; the host is told the
    server). ``arguments`` is the ``provider=`` of ``parse_arguments``: whose adapter's
    inverse undoes the transform. ``success`` and ``error`` are the result objects the
    SDK accepts in its next request, unchanged.
    """

    provider: Provider
    title: str
    target: str
    names: Literal["provider", "server"]
    arguments: str
    call: CallShape
    result_title: str
    success: Shape
    error: Shape


def _shape(**members: Shape) -> Mapping[str, Shape]:
    return MappingProxyType(members)


CALL_ID, NAME, TEXT = Slot("call_id"), Slot("name"), Slot("text")

PROVIDERS: tuple[ProviderShapes, ...] = (
    ProviderShapes(
        "openai-chat",
        "OpenAI Chat Completions",
        "openai",
        "provider",
        "openai",
        CallShape(
            "`message.tool_calls[]` item (`ChatCompletionMessageFunctionToolCall`)",
            ("function", "name"),
            ("function", "arguments"),
            ("id",),
            encoded=True,
        ),
        "tool message (`ChatCompletionToolMessageParam`)",
        _shape(role="tool", tool_call_id=CALL_ID, content=TEXT),
        _shape(role="tool", tool_call_id=CALL_ID, content=TEXT),
    ),
    ProviderShapes(
        "openai-responses",
        "OpenAI Responses",
        "openai",
        "provider",
        "openai",
        CallShape(
            "`function_call` output item (`ResponseFunctionToolCall`)",
            ("name",),
            ("arguments",),
            ("call_id",),
            encoded=True,
        ),
        "`function_call_output` input item (`FunctionCallOutput`)",
        _shape(type="function_call_output", call_id=CALL_ID, output=TEXT),
        _shape(type="function_call_output", call_id=CALL_ID, output=TEXT),
    ),
    ProviderShapes(
        "anthropic",
        "Anthropic Messages",
        "anthropic",
        "provider",
        "anthropic",
        CallShape(
            "`tool_use` content block (`ToolUseBlock`)", ("name",), ("input",), ("id",), False
        ),
        "`tool_result` content block (`ToolResultBlockParam`)",
        _shape(type="tool_result", tool_use_id=CALL_ID, content=TEXT, is_error=False),
        _shape(type="tool_result", tool_use_id=CALL_ID, content=TEXT, is_error=True),
    ),
    ProviderShapes(
        "gemini",
        "Google Gemini",
        "gemini",
        "provider",
        "gemini",
        CallShape(
            "`functionCall` part (`Part` with `function_call`)",
            ("functionCall", "name"),
            ("functionCall", "args"),
            ("functionCall", "id"),
            encoded=False,
            id_optional=True,
            arguments_optional=True,
        ),
        "`functionResponse` part (`Part` with `function_response`)",
        _shape(
            functionResponse=_shape(
                id=Slot("call_id", optional=True), name=NAME, response=_shape(output=Slot("value"))
            )
        ),
        _shape(
            functionResponse=_shape(
                id=Slot("call_id", optional=True), name=NAME, response=_shape(error=TEXT)
            )
        ),
    ),
    ProviderShapes(
        "bedrock",
        "Amazon Bedrock Converse",
        "bedrock",
        "provider",
        "bedrock",
        CallShape(
            "`toolUse` content block (`ContentBlock` with `toolUse`)",
            ("toolUse", "name"),
            ("toolUse", "input"),
            ("toolUse", "toolUseId"),
            encoded=False,
        ),
        "`toolResult` content block (`ContentBlock` with `toolResult`)",
        _shape(
            toolResult=_shape(toolUseId=CALL_ID, content=(_shape(text=TEXT),), status="success")
        ),
        _shape(toolResult=_shape(toolUseId=CALL_ID, content=(_shape(text=TEXT),), status="error")),
    ),
    ProviderShapes(
        "mcp",
        "MCP",
        "mcp",
        "server",
        "mcp",
        CallShape(
            "`tools/call` request `params` (`CallToolRequestParams`)",
            ("name",),
            ("arguments",),
            None,
            encoded=False,
            arguments_optional=True,
        ),
        "`CallToolResult`",
        _shape(
            content=(_shape(type="text", text=TEXT),),
            structuredContent=Slot("structured", optional=True),
        ),
        _shape(content=(_shape(type="text", text=TEXT),), isError=True),
    ),
)
BY_PROVIDER: Mapping[Provider, ProviderShapes] = MappingProxyType(
    {row.provider: row for row in PROVIDERS}
)
PROVIDER_NAMES: tuple[Provider, ...] = tuple(row.provider for row in PROVIDERS)


@dataclass(frozen=True, slots=True)
class Failure:
    """A call that cannot be answered with the tool's result, and the message the model
    gets in that provider's error result. ``message`` is a template: ``{name}`` is the
    name the call used, JSON-quoted; ``{mode}`` the host's mode; ``{meaning}`` that
    mode's meaning (``policy.DECISION_RULES``); ``{near}`` :data:`NEAR` or nothing;
    ``{problems}`` one :data:`PROBLEM` line per problem; ``{error}`` the handler's
    exception as ``Type: message``. ``sent`` is False for the host's own bug: it is
    raised to the host, never sent to the model as a result."""

    kind: FailureKind
    meaning: str
    message: str
    sent: bool = True


FAILURES: tuple[Failure, ...] = (
    Failure(
        "unknown_tool",
        "the call names no tool of this host",
        "There is no tool called {name}.{near} Call one of the tools you were given.",
    ),
    Failure(
        "invalid_arguments",
        "the arguments are not JSON, not an object, or the tool's inputSchema refuses them",
        "The arguments for {name} are not valid:\n{problems}\nFix them and call {name} again.",
    ),
    Failure(
        "denied",
        "the host's mode (and host overlay) denies the tool",
        "{name} is not allowed in {mode} mode. {meaning} Do not call it again in this mode.",
    ),
    Failure(
        "declined",
        "the mode asks, and the confirm callback said no (or there is none)",
        "The user declined to run {name}. Do not call it again unchanged; ask the user how"
        " to go on.",
    ),
    Failure(
        "handler_error",
        "the handler raised an exception",
        "{name} failed: {error}",
    ),
    Failure(
        "invalid_result",
        "the handler's result does not fit the tool's outputSchema: the host's bug",
        "The handler for {name} returned a result its outputSchema refuses:\n{problems}",
        sent=False,
    ),
)
BY_FAILURE: Mapping[FailureKind, Failure] = MappingProxyType({f.kind: f for f in FAILURES})
PROBLEM = "- {path}: {message}"
"""One problem of ``{problems}``: its JSON path (``$.todos[0].status``) and what is wrong."""
NEAR = " Did you mean {names}?"
"""``{near}``: up to :data:`NEAR_COUNT` tool names close to the one called (difflib's
ratio of at least :data:`NEAR_CUTOFF`, closest first), JSON-quoted, joined by ``" or "``."""
NEAR_COUNT = 3
NEAR_CUTOFF = 0.6


def shape_json(shape: Shape) -> Any:
    """A result shape as plain JSON for the generated packages: a slot is
    ``{"$slot": name}``, with ``"optional": true`` when it may be left out."""
    if isinstance(shape, Slot):
        return (
            {"$slot": shape.value, "optional": True} if shape.optional else {"$slot": shape.value}
        )
    if isinstance(shape, tuple):
        return [shape_json(item) for item in shape]
    if isinstance(shape, Mapping):
        return {key: shape_json(value) for key, value in shape.items()}
    return shape


def fill(shape: Shape, values: Mapping[SlotName, Any]) -> Any:
    """The result object ``shape`` describes for ``values`` (an optional slot whose value
    is None is left out): the reference the packages' renderings are tested against."""
    if isinstance(shape, Slot):
        return values.get(shape.value)
    if isinstance(shape, tuple):
        return [fill(item, values) for item in shape]
    if isinstance(shape, Mapping):
        return {
            key: fill(value, values)
            for key, value in shape.items()
            if not (isinstance(value, Slot) and value.optional and values.get(value.value) is None)
        }
    return shape


_UPPER = re.compile(r"(?<!^)(?=[A-Z])")


def attribute(key: str) -> str:
    """The attribute a Python SDK object (pydantic) keeps the wire key ``key`` under: its
    snake_case (``toolUseId`` → ``tool_use_id``)."""
    return _UPPER.sub("_", key).lower()
