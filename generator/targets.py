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
    decide the schemas it sends, and whether its consumer (a model provider, an MCP
    client) sends tool calls back: the packages' ``parse_arguments`` takes its name as
    ``provider`` and undoes its adapters' transforms. ``default``: a config without
    ``targets`` turns it on."""

    name: str
    module: str
    needs_models: bool = False
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
    Target("anthropic", "generator.emit.anthropic", provider=True),
    Target("mcp", "generator.emit.mcp", provider=True),
    Target("names", "generator.emit.names", implied_by=("openai", "anthropic")),
    Target("python", "generator.emit.python", needs_models=True),
    Target("typescript", "generator.emit.typescript"),
    Target("docs", "generator.emit.docs"),
    Target("schema", "generator.emit.schema"),
    # Off unless configured: the page embeds a Zod build and every schema twice.
    Target("page", "generator.emit.page", default=False),
)
ADAPTERS: dict[str, str] = {
    "openai": "generator.profiles.openai:adapt",
}
"""Profile adapter name → ``module:function`` (ToolDescriptor → ``profiles.base.Transformed``)."""
BY_NAME = {target.name: target for target in TARGETS}
CONFIGURABLE: tuple[str, ...] = tuple(t.name for t in TARGETS if t.configurable)
"""Target names a config may list (``targets = [...]``), in writing order."""
DEFAULT: tuple[str, ...] = tuple(name for name in CONFIGURABLE if BY_NAME[name].default)
"""What a config without ``targets`` turns on."""


def enabled(configured: tuple[str, ...]) -> tuple[Target, ...]:
    """The targets a config's ``targets`` list turns on, implied ones included, in order."""
    wanted = set(configured)
    return tuple(t for t in TARGETS if t.name in wanted or not wanted.isdisjoint(t.implied_by))
