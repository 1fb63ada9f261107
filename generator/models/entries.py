"""The model stage's cache entries: what one holds, how it is found, and reading it back.

One entry per chunk, found by the chunk's members (their names and class names), the
kind of models, the settings and the versions of datamodel-code-generator and black:
each tool's piece with the hash of the schema it was made from, or the chunk whole with
the hash of the chunk's schema. An entry that cannot be read is an entry not found.
"""

from __future__ import annotations

import contextlib
import functools
import json
from importlib import metadata
from typing import Any

from generator.core.cache import CacheView, Entry
from generator.models.chunks import Chunk, memo_key
from generator.models.make import OPTIONS, Kind
from generator.models.pieces import Piece
from generator.models.plan import ChunkPlan, Names, Typing

NAMESPACE = "python-models"
FORMAT = 2  # of the entries: one per chunk, each tool's piece with its schema's hash


def recall(plan: ChunkPlan, names: Names, typing: Typing, cache: CacheView, kind: Kind) -> None:
    """Put in ``plan`` what the cache holds for its chunk: the pieces of tools whose schema
    is the one they were made from, or the chunk whole when nothing in it changed."""
    payload = payload_of(cache.text(NAMESPACE, entry_key(plan, kind)))
    tools = payload.get("tools")
    if plan.separable and isinstance(tools, dict):
        for tool in plan.tools:
            found: Any = tools.get(tool.name)
            with contextlib.suppress(ValueError, TypeError, IndexError, KeyError):
                if found[0] == plan.keys[tool.name]:
                    plan.pieces[tool.name] = Piece.from_json(found[1])
    elif "chunk" in payload and payload.get("schema") == plan.schema_key(names, typing):
        plan.whole = chunk_of(payload)


def entry(plan: ChunkPlan, payload: dict[str, Any], kind: Kind) -> Entry:
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True)
    return Entry(NAMESPACE, entry_key(plan, kind), text.encode("utf-8"))


def payload_of(text: str | None) -> dict[str, Any]:
    """An entry's JSON object; empty when there is none or it cannot be read (an entry we
    cannot read is an entry we do not have)."""
    try:
        found = json.loads(text) if text is not None else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def chunk_of(payload: dict[str, Any]) -> Chunk | None:
    """The chunk an entry holds whole (its ``chunk``: ``Chunk.to_json``'s text)."""
    text = payload.get("chunk")
    try:
        return Chunk.from_json(text) if isinstance(text, str) else None
    except (ValueError, TypeError):
        return None


def pieces_payload(plan: ChunkPlan, pieces: list[Piece]) -> dict[str, Any]:
    return {
        "tools": {
            tool.name: [plan.keys[tool.name], piece.to_json()]
            for tool, piece in zip(plan.tools, pieces, strict=True)
        }
    }


def entry_key(plan: ChunkPlan, kind: Kind) -> str:
    """A chunk's entry is found by its members, whatever their schemas now are (an input
    chunk's key is the one it had before output models were made)."""
    members = [[tool.name, root] for tool, root in zip(plan.tools, plan.roots, strict=True)]
    parts = {"chunk": members, "format": FORMAT, "options": OPTIONS[kind]}
    return memo_key({**parts, **versions()})


def whole_key(schema_text: str, kind: Kind) -> str:
    """The key of the one run over every tool of a kind (``build``'s fallback)."""
    return memo_key({"schema": schema_text, "options": OPTIONS[kind], **versions()})


@functools.cache
def versions() -> dict[str, str]:
    """Versions of the tools whose output a chunk holds: a new one must not reuse old entries."""
    return {tool: metadata.version(tool) for tool in ("datamodel-code-generator", "black")}
