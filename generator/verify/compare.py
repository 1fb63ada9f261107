"""Compare what a server serves with what was reviewed, tool by tool, in MCP's own shape.

Both sides are ``tools/list`` entries. What MCP lets a server leave out is read as MCP
defines it (no ``readOnlyHint`` is false, no ``destructiveHint`` true…), so a server
that omits what the contract spells out explicitly is not a change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.diff.compare import compare_permission_fields, find_renames
from generator.diff.rules import Change, Finding
from generator.diff.schema import show
from generator.emit.mcp import DIGEST_KEY, META_KEY, entry_digest
from generator.ir.model import Where
from generator.ir.names import TOOL_NAME_RULE, canonical_name, is_tool_name
from generator.ir.policy import description_text
from generator.verify.poison import poison_findings
from generator.verify.rules import VERIFY_RULES
from generator.verify.schema import LiveSchemaDiff, compare_output
from generator.verify.texts import both_texts, excerpt, printable

Entry = Mapping[str, Any]

# MCP's values for hints a server does not send (ToolAnnotations in the specification).
HINT_DEFAULTS = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}
# _meta permission fields compared by diff's permission rules; the rest are metadata.
PERMISSION_KEYS = (
    "riskLevel",
    "availableInPlanMode",
    "requiresPlanApproval",
    "requiresConfirmation",
    "approvalFlow",
)


@dataclass(frozen=True, slots=True)
class Expected:
    """What the server should serve: entries by tool name and where each was reviewed.

    ``default_titles``: tools whose contract has no ``title``, with the title toolcanon
    gives them (the canonical name). The generated listing writes it, a server written
    without toolcanon leaves it out; both serve what the contract says."""

    label: str  # "contracts/" or "pin FILE", for the report
    namespace: str | None  # the server part of canonical names (None: builtin tools)
    tools: Mapping[str, Entry]
    places: Mapping[str, Where]
    default_titles: Mapping[str, str] = field(default_factory=dict)
    exact: bool = False  # a pin: any difference from the pinned entry is a finding

    def canonical(self, name: str) -> str:
        return printable(canonical_name(name, self.namespace))


def compare_listing(expected: Expected, served: Mapping[str, Entry]) -> list[Finding]:
    """Every finding between the reviewed tools and the served ones, sorted."""
    removed = [name for name in expected.tools if name not in served]
    added = [name for name in served if name not in expected.tools]
    renames = find_renames(expected.tools, served, removed, added)
    renamed_from = {after: before for before, after in renames.items()}
    findings: list[Finding] = []
    for name in sorted(expected.tools.keys() & served.keys()):
        findings += _place(expected, name, _compared(expected, name, served[name]))
    for before, after in renames.items():
        message = f"the server serves '{before}' as '{printable(after)}'"
        moved = [Change("tool-renamed", ("name",), message, ("name",))]
        default = expected.default_titles.get(before)
        moved += compare_entry(expected.tools[before], served[after], default_title=default)
        findings += _place(expected, before, moved)
    for name in removed:
        if name not in renames:
            gone = Change("tool-removed", (), f"the server no longer serves '{name}'", ())
            findings += _place(expected, name, [gone])
    for name in added:
        if name not in renames.values():
            findings.append(_added(expected, name, served[name]))
    findings += [_invalid(expected, name) for name in served if not is_tool_name(name)]
    for name, entry in served.items():
        place = expected.places.get(renamed_from.get(name, name))
        locate = None if place is None else place.locate
        findings += poison_findings(expected.canonical(name), entry, locate)
    return sorted(findings, key=Finding.sort_key)


def _invalid(expected: Expected, name: str) -> Finding:
    message = (
        f"the server serves '{printable(name)}', which is not a valid tool name "
        f"({TOOL_NAME_RULE}): no contract can have reviewed it"
    )
    rule = VERIFY_RULES["live-tool-name-invalid"]
    return Finding(rule, expected.canonical(name), ("name",), message, None)


def _added(expected: Expected, name: str, entry: Entry) -> Finding:
    described = excerpt(_text(entry.get("description")))
    message = f"the server serves '{printable(name)}', which was never reviewed: {described}"
    return Finding(VERIFY_RULES["live-tool-added"], expected.canonical(name), (), message, None)


def _place(expected: Expected, name: str, changes: list[Change]) -> list[Finding]:
    place = expected.places.get(name)
    return [
        Finding(
            VERIFY_RULES[c.rule],
            expected.canonical(name),
            c.path,
            c.message,
            place.locate(c.source) if place else None,
        )
        for c in changes
    ]


def _compared(expected: Expected, name: str, served: Entry) -> list[Change]:
    """Digests first: the same digest is the same entry, byte for byte as JSON. Else the
    rules classify the change; against a pin (``exact``) a difference no rule reads is
    reported too, since the pin is the exact entry a person approved."""
    reviewed = expected.tools[name]
    claimed = _claimed_digest(served)
    changes = [] if claimed is None else _digest_claim(claimed, entry_digest(served))
    if entry_digest(reviewed) == entry_digest(served):
        return changes
    changes += compare_entry(reviewed, served, default_title=expected.default_titles.get(name))
    if expected.exact and not changes:
        message = (
            f"the entry is not the pinned one ({entry_digest(served)}) in a part no rule reads"
        )
        changes.append(Change("live-digest-changed", (), message, ()))
    return changes


def _claimed_digest(entry: Entry) -> Any:
    meta = entry.get("_meta")
    return meta.get(DIGEST_KEY) if isinstance(meta, Mapping) else None


def _digest_claim(claimed: Any, actual: str) -> list[Change]:
    """A server whose entry names a digest its content does not have."""
    if claimed == actual:
        return []
    message = f"the entry claims digest {show(claimed)} but its content is {actual}"
    return [Change("live-digest-mismatch", ("_meta", DIGEST_KEY), message, ())]


def compare_entry(
    expected: Entry, served: Entry, *, default_title: str | None = None
) -> list[Change]:
    """Every change between a reviewed entry and a served one (``name`` excepted); a
    served title equal to ``default_title`` is the reviewed entry's absent one."""
    changes = list(_texts(expected, served, default_title))
    base = ("inputSchema",)
    changes += LiveSchemaDiff(expected.get("inputSchema"), served.get("inputSchema"), base).run()
    changes += compare_output(expected.get("outputSchema"), served.get("outputSchema"))
    changes += _hints(expected, served)
    changes += _meta(expected, served)
    return changes


def _texts(expected: Entry, served: Entry, default_title: str | None) -> Iterator[Change]:
    before, after = _title(expected), _title(served)
    if before is None and after == default_title:
        after = None
    if before != after:
        message = f"title {_shown(before)} → {_shown(after)}"
        yield Change("title-changed", ("title",), message, ("title",))
    old, new = _description(expected), _description(served)
    if old != new:
        was, now = both_texts(old, new)
        message = f"description changed (the model reads it): was {was}, now {now}"
        yield Change("live-description-changed", ("description",), message, ("description",))


def _title(entry: Entry) -> str | None:
    """The name a client shows: ``title``, else ``annotations.title``, else none."""
    for title in (entry.get("title"), _annotations(entry).get("title")):
        if isinstance(title, str):
            return title
    return None


def _hints(expected: Entry, served: Entry) -> list[Change]:
    read_only = _hint(expected, "readOnlyHint"), _hint(served, "readOnlyHint")
    changes = _hint_pair(expected, served, "readOnlyHint")
    if read_only == (False, False):  # MCP: these two mean something only then
        changes += _hint_pair(expected, served, "destructiveHint")
        changes += _hint_pair(expected, served, "idempotentHint")
    return changes + _hint_pair(expected, served, "openWorldHint")


# hint → (rule when the server turns it on, rule when it turns it off)
_HINT_RULES = {
    "readOnlyHint": ("read-only-enabled", "live-read-only-dropped"),
    "destructiveHint": ("live-destructive-added", "destructive-hint-dropped"),
    "idempotentHint": ("metadata-changed", "metadata-changed"),
    "openWorldHint": ("live-open-world-added", "permission-tightened"),
}


def _hint_pair(expected: Entry, served: Entry, key: str) -> list[Change]:
    before, after = _hint(expected, key), _hint(served, key)
    if before == after:
        return []
    turned_on, turned_off = _HINT_RULES[key]
    return [_hint_change(turned_on if after else turned_off, key, served, before)]


def _hint_change(rule: str, key: str, served: Entry, before: bool) -> Change:
    after = _hint(served, key)
    sent = isinstance(_annotations(served).get(key), bool)
    note = "" if sent else " (not sent: MCP's default)"
    path: JsonPath = ("annotations", key)
    source: JsonPath = ("isReadOnly",) if key == "readOnlyHint" else path
    return Change(rule, path, f"{key} {show(before)} → {show(after)}{note}", source)


def _hint(entry: Entry, key: str) -> bool:
    value = _annotations(entry).get(key)
    return value if isinstance(value, bool) else HINT_DEFAULTS[key]


def _meta(expected: Entry, served: Entry) -> list[Change]:
    """toolcanon's permission fields, when the server sends them (else it claims nothing)."""
    claimed, reviewed = _permissions(served), _permissions(expected)
    path: JsonPath = ("_meta", META_KEY)
    if claimed is None:
        return []
    if reviewed is None:
        message = "the server now sends permission fields; none were reviewed"
        return [Change("metadata-changed", path, message, path)]
    keys = [key for key in PERMISSION_KEYS if key in claimed]
    before = {key: reviewed.get(key) for key in keys}
    after = {key: claimed[key] for key in keys}
    changes = [
        Change(c.rule, (*path, *c.path), c.message, c.path)
        for c in compare_permission_fields(before, after)
    ]
    for key in ("category", "kind"):
        if key in claimed and show(reviewed.get(key)) != show(claimed[key]):
            message = f"{key} {show(reviewed.get(key))} → {show(claimed[key])}"
            changes.append(Change("metadata-changed", (*path, key), message, (key,)))
    return changes


def _permissions(entry: Entry) -> Mapping[str, Any] | None:
    meta = entry.get("_meta")
    found = meta.get(META_KEY) if isinstance(meta, Mapping) else None
    return found if isinstance(found, Mapping) else None


def _annotations(entry: Entry) -> Mapping[str, Any]:
    found = entry.get("annotations")
    return found if isinstance(found, Mapping) else {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _description(entry: Entry) -> str:
    """The description as contracts resolve it (trailing whitespace is no change)."""
    return description_text(_text(entry.get("description")))


def _shown(title: str | None) -> str:
    return "none" if title is None else excerpt(title)
