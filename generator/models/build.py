"""The model stage: Pydantic v2 input models for every tool, before any emitter runs.

Tools are cut into chunks (``chunks.py``); the module is every chunk's code in turn, as
one datamodel-code-generator run over each chunk (``naming.py``) and black make it. What
a chunk's tools need is looked up in the cache by the chunk's members: one entry per
chunk, holding each tool's piece of the chunk (``pieces.py``) with the hash of the schema
it was made from. Only tools whose schema changed are made again, together in as few runs
as there are workers, by the workers started with the run (``workers.py``) while the
pipeline emits the targets that need no models. A chunk whose class names could clash is
made and kept whole. The stage reads the cache and returns the entries it computed; the
writer alone stores them.

The package validates arguments exactly before a model sees them, so models only type
what is valid (``loosen.py`` says what datamodel-code-generator reads): lax scalar types
(``1.0`` is a valid integer), a default never makes a field nullable, formats stay plain
strings (formats are annotations), extra keys are kept (where the schema refuses them the
validator already has), and every model derives from the package's ``_model.InputModel``
(which runs the exact validator on a tool's root model and dumps by JSON names).
See tests/unit/emit/python/test_arguments.py.
"""

from __future__ import annotations

import contextlib
import functools
import json
from dataclasses import dataclass, replace
from importlib import metadata
from typing import Any

import jsonschema

from generator.core.cache import CacheView, Entry
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.jsonschema.dialects import dialect_of
from generator.models.chunks import Chunk, assemble, chunk_bounds, duplicates, memo_key
from generator.models.loosen import loosened
from generator.models.make import BASE_MODULE, GENERATE_OPTIONS, Made, Run, run
from generator.models.naming import class_names
from generator.models.pieces import Piece, join
from generator.models.plan import ChunkPlan, Names, Typing, plan_runs, schema_text
from generator.models.workers import Workers

NAMESPACE = "python-models"
FORMAT = 2  # of the entries: one per chunk, each tool's piece with its schema's hash


@dataclass(frozen=True, slots=True)
class ModelSource:
    """What the models module is made of: the class of each tool and the model code."""

    classes: tuple[tuple[str, str], ...]  # (canonical tool name, class name), by tool name
    code: str  # imports and every model, formatted as black formats them (no header)


@dataclass(frozen=True, slots=True)
class Models:
    """The stage's result: the model source, and the cache entries it computed."""

    source: ModelSource
    entries: tuple[Entry, ...]


def start(toolset: Toolset, cache: CacheView, workers: Workers | None = None) -> PendingModels:
    """Start making the models: what the cache does not hold goes to ``workers`` (or is
    made here, when the result is asked for, without them) while the caller goes on."""
    names = class_names(tuple(tool.name for tool in toolset))
    typing = {tool.name: typing_schema(tool) for tool in toolset}
    tools = tuple(toolset)
    plans = [
        ChunkPlan.of(tools[start:end], names, typing)
        for start, end in chunk_bounds([tool.name for tool in tools])
    ]
    for plan in plans:
        _recall(plan, names, typing, cache)
    return PendingModels(names, typing, plans, cache, workers)


def build(toolset: Toolset, cache: CacheView) -> Models:
    """The models of every tool, waiting for them."""
    return start(toolset, cache).result()


class PendingModels:
    """The models while the missing ones are being made."""

    def __init__(
        self,
        names: Names,
        typing: Typing,
        plans: list[ChunkPlan],
        cache: CacheView,
        workers: Workers | None,
    ) -> None:
        self.names, self.typing, self.plans, self.cache = names, typing, plans, cache
        self.made = [plan.missing != [] for plan in plans]
        self.runs = plan_runs(plans, names, typing, len(workers) if workers else 1)
        self.workers = workers
        if workers is not None:
            workers.give([job for job, _ in self.runs])

    @property
    def busy(self) -> bool:
        """True when the workers have much to make (a quarter of the tools or more)."""
        making = sum(len(job.roots) or len(self.names) for job, _ in self.runs)
        return making * 4 >= len(self.names)

    def result(self) -> Models:
        """Wait for the runs and join everything into the module."""
        try:
            made = self.workers.results(len(self.runs)) if self.workers else None
        finally:
            if self.workers is not None:
                self.workers.close()
        if made is None:
            made = [run(job) for job, _ in self.runs]
        self._take(made)
        entries: list[Entry] = []
        chunks = [
            self._chunk(plan, changed, entries)
            for plan, changed in zip(self.plans, self.made, strict=True)
        ]
        if duplicates(chunks):  # nested classes of two tools clash: one run numbers them
            chunks = [self._whole(entries)]
        chunks = [replace(chunk, imports=_relative_base(chunk.imports)) for chunk in chunks]
        source = ModelSource(tuple(sorted(self.names.items())), assemble(chunks))
        return Models(source, tuple(entries))

    def _take(self, made: list[Made]) -> None:
        """Put each run's result where it belongs: the chunk whole, or a piece per tool."""
        pieces: dict[str, Piece] = {}
        for (_, owner), result in zip(self.runs, made, strict=True):
            if isinstance(owner, int):
                assert isinstance(result, Chunk)
                self.plans[owner].whole = result
            elif isinstance(result, list):
                pieces.update(zip(owner, result, strict=True))
        for plan in self.plans:
            plan.pieces.update({t.name: pieces[t.name] for t in plan.tools if t.name in pieces})

    def _chunk(self, plan: ChunkPlan, changed: bool, entries: list[Entry]) -> Chunk:
        """The chunk's code, from its pieces or whole; its entry when anything was made."""
        if plan.separable and plan.whole is None and not plan.missing:
            pieces = [plan.pieces[tool.name] for tool in plan.tools]
            if not duplicates([Chunk((), "", piece.defined) for piece in pieces]):
                if changed:
                    entries.append(self._entry(plan, _pieces_payload(plan, pieces)))
                return join(pieces)
        if plan.whole is None:  # a run meant to be cut was not: make the chunk alone
            made = run(Run(schema_text(plan.tools, self.names, self.typing), plan.roots, False))
            assert isinstance(made, Chunk)
            plan.whole, changed = made, True  # kept whole: found again only unchanged
        if changed:
            key = plan.schema_key(self.names, self.typing)
            entries.append(self._entry(plan, {"schema": key, "chunk": plan.whole.to_json()}))
        return plan.whole

    def _entry(self, plan: ChunkPlan, payload: dict[str, Any]) -> Entry:
        text = json.dumps(payload, ensure_ascii=False, sort_keys=True)
        return Entry(NAMESPACE, _entry_key(plan), text.encode("utf-8"))

    def _whole(self, entries: list[Entry]) -> Chunk:
        """Every tool in one run (whose numbering keeps clashing class names apart)."""
        tools = [tool for plan in self.plans for tool in plan.tools]
        text = schema_text(tools, self.names, self.typing)
        key = memo_key({"schema": text, "options": GENERATE_OPTIONS, **_versions()})
        found = _chunk_of(_payload(self.cache.text(NAMESPACE, key)))
        if found is not None:
            return found
        made = run(Run(text, (), False))
        assert isinstance(made, Chunk)
        entries.append(Entry(NAMESPACE, key, json.dumps({"chunk": made.to_json()}).encode()))
        return made


def typing_schema(tool: ToolDescriptor) -> dict[str, Any]:
    """What datamodel-code-generator reads for ``tool``: the types of its input."""
    schema = thaw(tool.input_schema)
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    root = base(schema)

    def valid(sub: Any, value: Any) -> bool:
        try:
            return bool(root.evolve(schema=sub).is_valid(value))
        except RecursionError:  # a schema no validator can decide: no default from it
            return False

    return loosened(schema, dialect_of(schema), valid)


def _recall(plan: ChunkPlan, names: Names, typing: Typing, cache: CacheView) -> None:
    """Put in ``plan`` what the cache holds for its chunk: the pieces of tools whose schema
    is the one they were made from, or the chunk whole when nothing in it changed."""
    payload = _payload(cache.text(NAMESPACE, _entry_key(plan)))
    tools = payload.get("tools")
    if plan.separable and isinstance(tools, dict):
        for tool in plan.tools:
            found: Any = tools.get(tool.name)
            with contextlib.suppress(ValueError, TypeError, IndexError, KeyError):
                if found[0] == plan.keys[tool.name]:
                    plan.pieces[tool.name] = Piece.from_json(found[1])
    elif "chunk" in payload and payload.get("schema") == plan.schema_key(names, typing):
        plan.whole = _chunk_of(payload)


def _payload(text: str | None) -> dict[str, Any]:
    """An entry's JSON object; empty when there is none or it cannot be read (an entry we
    cannot read is an entry we do not have)."""
    try:
        found = json.loads(text) if text is not None else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _chunk_of(payload: dict[str, Any]) -> Chunk | None:
    """The chunk an entry holds whole (its ``chunk``: ``Chunk.to_json``'s text)."""
    text = payload.get("chunk")
    try:
        return Chunk.from_json(text) if isinstance(text, str) else None
    except (ValueError, TypeError):
        return None


def _pieces_payload(plan: ChunkPlan, pieces: list[Piece]) -> dict[str, Any]:
    return {
        "tools": {
            tool.name: [plan.keys[tool.name], piece.to_json()]
            for tool, piece in zip(plan.tools, pieces, strict=True)
        }
    }


def _entry_key(plan: ChunkPlan) -> str:
    """A chunk's entry is found by its members, whatever their schemas now are."""
    members = [[tool.name, root] for tool, root in zip(plan.tools, plan.roots, strict=True)]
    parts = {"chunk": members, "format": FORMAT, "options": GENERATE_OPTIONS}
    return memo_key({**parts, **_versions()})


def _relative_base(imports: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(("._model" if module == BASE_MODULE else module, n) for module, n in imports)


@functools.cache
def _versions() -> dict[str, str]:
    """Versions of the tools whose output a chunk holds: a new one must not reuse old entries."""
    return {tool: metadata.version(tool) for tool in ("datamodel-code-generator", "black")}
