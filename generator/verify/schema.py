"""diff's schema comparison, with every prompt-visible text in a served schema treated as
the description is: a security finding that shows both texts.

diff calls a changed parameter description safe because someone reviewed the new
contract; a server that rewrites one after review is the same attack as a rewritten
tool description (the model reads both)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.core.diagnostics import JsonPath
from generator.diff.rules import Change
from generator.diff.schema import SchemaDiff, show
from generator.verify.texts import both_texts, excerpt

LIVE_DOC = "live-schema-doc-changed"


class LiveSchemaDiff(SchemaDiff):
    """Compares a reviewed schema (old) with a served one (new)."""

    def run(self) -> list[Change]:
        # ``source`` follows $refs in the *served* schema; findings are placed in the
        # contract, whose structure the display path follows.
        return [replace(found, source=found.path) for found in super().run()]

    def compare_docs(self, old: Any, new: Any, path: JsonPath, src: JsonPath) -> None:
        first = len(self.changes)
        super().compare_docs(old, new, path, src)
        for index in range(first, len(self.changes)):
            found = self.changes[index]
            key = str(found.path[-1])
            message = doc_message(key, old.get(key), new.get(key))
            self.changes[index] = Change(LIVE_DOC, found.path, message, found.source)


def doc_message(key: str, old: Any, new: Any) -> str:
    """``description changed: was "…", now "…"`` (absent values said as such)."""
    if old is None:
        return f"{key} was added: {excerpt(_text(new))}"
    if new is None:
        return f"{key} was removed (was {excerpt(_text(old))})"
    before, after = both_texts(_text(old), _text(new))
    return f"{key} changed: was {before}, now {after}"


def _text(value: Any) -> str:
    return value if isinstance(value, str) else show(value)


def compare_output(old: Any, new: Any) -> list[Change]:
    """outputSchema added (safe), removed (breaking) or changed (diff's output rules)."""
    path = ("outputSchema",)
    if old is None and new is None:
        return []
    if old is None:
        return [Change("output-schema-added", path, "the server now declares outputSchema", path)]
    if new is None:
        return [Change("output-schema-removed", path, "the server no longer declares it", path)]
    return LiveSchemaDiff(old, new, path, output=True).run()
