"""The target table: every output toolcanon can write, in the order it writes them,
and the profile adapters that decide what each provider receives.

Light on purpose (no imports): the config checks target names against it, the emit
and profile stages find their modules in it, the docs list what is enabled from it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Target:
    """One output: its config name, the module whose ``emit`` writes it, whether it
    needs the models stage, the targets that imply it (``names`` is written whenever a
    provider target is, and is never configured by name), the profile adapters that
    decide the schemas it sends, whether its consumer (a model provider, an MCP client)
    sends tool calls back (``provider``: the packages' ``parse_arguments`` takes its name
    and undoes its adapters' transforms), and whether a config without ``targets`` gets
    it (``default=False``: opt-in, for an output few projects need and most contracts
    would get warnings from)."""

    name: str
    module: str
    needs_models: bool = False
    needs_tokens: bool = False  # reads Inputs.tokens: the token stage runs first
    implied_by: tuple[str, ...] = ()
    adapters: tuple[str, ...] = ()  # profile adapters whose schemas it sends (profiles/stage)
    provider: bool = False
    default: bool = True

    @property
    def configurable(self) -> bool:
        return not self.implied_by


TARGETS: tuple[Target, ...] = (
    Target("canonical", "generator.emit.canonical"),
    Target("openai", "generator.emit.openai", adapters=("openai",), provider=True),
    Target("anthropic", "generator.emit.anthropic", adapters=("anthropic",), provider=True),
    Target("bedrock", "generator.emit.bedrock", adapters=("bedrock",), provider=True),
    Target("gemini", "generator.emit.gemini", adapters=("gemini",), provider=True),
    Target(
        "gemini-openapi",
        "generator.emit.gemini_openapi",
        adapters=("gemini-openapi",),
        provider=True,
        default=False,
    ),
    Target("mcp", "generator.emit.mcp", provider=True),
    Target(
        "names",
        "generator.emit.names",
        implied_by=("openai", "anthropic", "bedrock", "gemini", "gemini-openapi"),
    ),
    # hosts/<host>/… and modes/<mode>/…: the targets above over each host's and mode's tools
    Target(
        "views",
        "generator.emit.views",
        implied_by=(
            "canonical",
            "openai",
            "anthropic",
            "bedrock",
            "gemini",
            "gemini-openapi",
            "mcp",
        ),
    ),
    Target("python", "generator.emit.python.package", needs_models=True),
    Target("typescript", "generator.emit.typescript.package"),
    Target("docs", "generator.emit.docs.catalogue", needs_tokens=True),
    Target("schema", "generator.emit.schema"),
    # Off unless configured: the page embeds a Zod build and every schema twice.
    Target("page", "generator.emit.page.html", default=False),
    # Off unless configured: only an app going to ChatGPT's directory needs the file.
    Target("chatgpt-submission", "generator.emit.chatgpt_submission", default=False),
)
ADAPTERS: dict[str, str] = {
    "openai": "generator.profiles.openai:adapt",
    "anthropic": "generator.profiles.anthropic:adapt",
    "bedrock": "generator.profiles.bedrock:adapt",
    "gemini": "generator.profiles.gemini:adapt",
    "gemini-openapi": "generator.profiles.gemini:adapt_openapi",
}
"""Profile adapter name → ``module:function`` (ToolDescriptor → ``profiles.base.Transformed``)."""
REQUESTS: dict[str, str] = {
    "anthropic": "generator.profiles.anthropic_limits:request_check",
    # Bedrock sends a strict tool to Claude in Claude's strict form: Claude's limits hold.
    "bedrock": "generator.profiles.anthropic_limits:request_check",
}
"""Profile adapter name → ``module:function`` checking what one file sends as a whole
(``[(ToolDescriptor, schema)]`` in file order → ``[(ToolDescriptor, Finding)]``)."""
BY_NAME = {target.name: target for target in TARGETS}
CONFIGURABLE: tuple[str, ...] = tuple(t.name for t in TARGETS if t.configurable)
"""Target names a config may list (``targets = [...]``), in writing order."""
DEFAULT: tuple[str, ...] = tuple(t.name for t in TARGETS if t.configurable and t.default)
"""What a config without ``targets`` generates: every configurable target but the opt-in ones."""
OPT_IN: tuple[str, ...] = tuple(name for name in CONFIGURABLE if name not in DEFAULT)


def enabled(configured: tuple[str, ...]) -> tuple[Target, ...]:
    """The targets a config's ``targets`` list turns on, implied ones included, in order."""
    wanted = set(configured)
    return tuple(t for t in TARGETS if t.name in wanted or not wanted.isdisjoint(t.implied_by))
