"""What providers publish about the tokens tools cost: the one dated table of this package.

Every number here is copied from a public page, with that page and the day it was read
(the pages carry no date of their own). When a provider changes a page, change its row
here and its ``retrieved`` date; nothing else in the package holds such a number.

- OpenAI publishes its encodings, so a count of the JSON it receives is exact; its cookbook
  also publishes a formula for what function definitions add to a prompt (gpt-4o constants).
- Anthropic publishes no tokenizer for current Claude models and no factor relating them to
  o200k_base: Claude counts are o200k_base counts x 1, labelled uncalibrated estimates. It
  does publish the tool-use system prompt each request with tools pays, per model and
  ``tool_choice``.
- Google publishes no offline tokenizer for Gemini and no factor either (its token guide only
  says "a token is equivalent to about 4 characters"), and no fixed tool-use overhead.
- An MCP listing goes to a host, which decides what a model sees; its count is the exact
  o200k_base count of the ``tools/list`` result as serialized.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Kind = Literal["exact", "estimate"]
AUTO = ("auto", "none")
FORCED = ("any", "tool")


@dataclass(frozen=True, slots=True)
class Source:
    """A public page and the day (ISO 8601) its numbers were read."""

    url: str
    retrieved: str


@dataclass(frozen=True, slots=True)
class ToolUseOverhead:
    """Tokens a provider adds to every request that carries at least one tool."""

    model: str
    tool_choices: tuple[str, ...]
    tokens: int
    source: Source


@dataclass(frozen=True, slots=True)
class FunctionFormula:
    """The OpenAI cookbook's ``num_tokens_for_tools`` constants for some models."""

    models: tuple[str, ...]
    func_init: int  # each function
    prop_init: int  # a function that has properties
    prop_key: int  # each property
    enum_init: int  # a property with an enum
    enum_item: int  # each enum value
    func_end: int  # once per list of functions
    source: Source


@dataclass(frozen=True, slots=True)
class Provider:
    """How this package counts for one provider, and what the provider documents."""

    key: str
    kind: Kind  # of the count of the JSON the provider receives
    calibration: Fraction  # estimate = o200k_base count x calibration
    calibration_note: str
    overheads: tuple[ToolUseOverhead, ...] = ()
    formula: FunctionFormula | None = None


RETRIEVED = "2026-12-01"
COOKBOOK = Source(
    "https://github.com/openai/openai-cookbook/blob/main/examples/"
    "How_to_count_tokens_with_tiktoken.ipynb",  # section 7, tools in chat completions
    RETRIEVED,
)
CLAUDE_TOOL_USE = Source(
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview#pricing",
    RETRIEVED,
)
GEMINI_TOKENS = Source("https://ai.google.dev/gemini-api/docs/tokens", RETRIEVED)

# Model, tokens with tool_choice auto or none, tokens with any or tool — the page's table,
# newest model first, in the page's own order and names.
_CLAUDE_ROWS = (
    ("Claude Opus 5", 286, 406),
    ("Claude Opus 4.8", 290, 410),
    ("Claude Opus 4.7", 675, 804),
    ("Claude Opus 4.6", 497, 589),
    ("Claude Opus 4.5", 496, 588),
    ("Claude Opus 4.1", 313, 315),
    ("Claude Opus 4", 313, 315),
    ("Claude Sonnet 5", 354, 474),
    ("Claude Sonnet 4.6", 497, 589),
    ("Claude Sonnet 4.5", 496, 588),
    ("Claude Sonnet 4", 313, 315),
    ("Claude Haiku 4.5", 496, 588),
    ("Claude Haiku 3.5", 264, 355),
)

PROVIDERS: dict[str, Provider] = {
    "openai": Provider(
        key="openai",
        kind="exact",
        calibration=Fraction(1),
        calibration_note="exact: OpenAI publishes o200k_base",
        formula=FunctionFormula(
            models=("gpt-4o", "gpt-4o-mini"),
            func_init=7,
            prop_init=3,
            prop_key=3,
            enum_init=-3,
            enum_item=3,
            func_end=12,
            source=COOKBOOK,
        ),
    ),
    "anthropic": Provider(
        key="anthropic",
        kind="estimate",
        calibration=Fraction(1),
        calibration_note="o200k_base x 1, uncalibrated: Anthropic publishes no tokenizer "
        "and no factor for current models",
        overheads=tuple(
            ToolUseOverhead(model, choices, tokens, CLAUDE_TOOL_USE)
            for model, auto, forced in _CLAUDE_ROWS
            for choices, tokens in ((AUTO, auto), (FORCED, forced))
        ),
    ),
    "gemini": Provider(
        key="gemini",
        kind="estimate",
        calibration=Fraction(1),
        calibration_note="o200k_base x 1, uncalibrated: Google publishes no offline tokenizer "
        f"and no factor ({GEMINI_TOKENS.url} only says about 4 characters a token)",
    ),
    "mcp": Provider(
        key="mcp",
        kind="exact",
        calibration=Fraction(1),
        calibration_note="exact o200k_base count of the listing; what a model sees depends "
        "on the host that converts it",
    ),
}


def scaled(tokens: int, factor: Fraction) -> int:
    """``tokens x factor`` rounded half up: the same integer on every machine."""
    if factor.numerator == factor.denominator:  # a Fraction compared with 1 is slow
        return tokens
    return int((tokens * factor + Fraction(1, 2)) // 1)


def tool_use_overhead(
    provider: str, model: str | None = None, tool_choice: str = "auto"
) -> ToolUseOverhead | None:
    """The documented overhead for ``model`` (default: the newest listed) and ``tool_choice``.

    None when the provider documents none, or does not list that model or choice.
    """
    rows = PROVIDERS[provider].overheads
    wanted = model if model is not None else (rows[0].model if rows else None)
    for row in rows:
        if row.model == wanted and tool_choice in row.tool_choices:
            return row
    return None
