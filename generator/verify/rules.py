"""The rules only ``verify`` reports, beside the diff rules it reuses.

diff compares two versions of reviewed contracts; verify compares a reviewed version
with what a running server serves now. Where the direction of a change means
something else in that setting, verify has a rule of its own (``live-…``); the diff
rules keep their meaning. IDs are public: never rename one.
"""

from __future__ import annotations

from generator.diff.rules import RULES, Rule

_LIVE: tuple[Rule, ...] = (
    # Tool poisoning: text the model reads, changed after review. Always reported.
    Rule("live-description-changed", "security", "the served description is not the reviewed one"),
    Rule(
        "live-schema-doc-changed",
        "security",
        "a description, title, default, example or comment inside a served schema changed",
    ),
    # Served text that hides characters, imitates a name or instructs the model (the
    # schema lint's text checks, TC221 to TC226), whether or not it changed.
    Rule(
        "live-text-unsafe",
        "security",
        "served text hides characters, imitates a name or instructs the model",
    ),
    # Digests (``sha256:`` of an entry's canonical JSON, in its ``_meta``): a server's
    # claim that does not hold, and a pinned entry changed where no other rule looks.
    Rule("live-digest-mismatch", "security", "an entry's _meta digest is not its content's"),
    Rule("live-digest-changed", "security", "a pinned entry changed where no rule reads"),
    # An unreviewed tool reaches the model as soon as a host lists the server.
    Rule("live-tool-added", "security", "the server serves a tool nobody reviewed"),
    # A name no contract may have (a look-alike of a reviewed one, a path…): nothing
    # reviewed it, and a reader may take it for the name it imitates.
    Rule("live-tool-name-invalid", "security", "a served tool's name is not a valid tool name"),
    # The server now says its tool does more than the reviewed hints say.
    Rule("live-read-only-dropped", "security", "readOnlyHint is no longer true"),
    Rule("live-destructive-added", "security", "destructiveHint is now true"),
    Rule("live-open-world-added", "security", "openWorldHint is now true"),
    # Client caches and prompt caches both need the same order on every listing.
    Rule("live-order-unstable", "safe", "two tools/list calls gave the tools in different orders"),
    Rule("live-meta-key-invalid", "safe", "a _meta key breaks MCP's naming rule"),
)

LIVE_RULES: dict[str, Rule] = {rule.id: rule for rule in _LIVE}
VERIFY_RULES: dict[str, Rule] = {**RULES, **LIVE_RULES}
