"""The model stage: Pydantic v2 input models for every tool, and output models for every
tool with an ``outputSchema``, before any emitter runs.

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

Output models are made the same way (``Kind``: chunks, pieces, cache entries, the same
workers given the runs of both at once) into a module of their own, from the same
loosened reading of the schema: they type what a handler builds, and dispatch validates
the JSON it sends against the ``outputSchema`` exactly (``_model.OutputModel``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import jsonschema

from generator.core.cache import CacheView, Entry
from generator.ir.model import ToolDescriptor, Toolset, thaw
from generator.jsonschema.dialects import dialect_of
from generator.models import entries as stored
from generator.models.chunks import Chunk, assemble, chunk_bounds, duplicates, import_block
from generator.models.loosen import loosened
from generator.models.make import BASE_MODULE, OPTIONS, Kind, Made, Run, run
from generator.models.naming import OUTPUT_SUFFIX, SUFFIX, class_names
from generator.models.pieces import Piece, join
from generator.models.plan import ChunkPlan, Names, Owner, Typing, plan_runs, schema_text
from generator.models.workers import Workers

NAMESPACE = stored.NAMESPACE


@dataclass(frozen=True, slots=True)
class ModelSource:
    """What a models module is made of: the class of each tool and the model code."""

    classes: tuple[tuple[str, str], ...]  # (canonical tool name, class name), by tool name
    code: str  # imports and every model, formatted as black formats them (no header)


@dataclass(frozen=True, slots=True)
class Models:
    """The stage's result: the input models' source, the output models' (tools with an
    ``outputSchema`` only), and the cache entries it computed."""

    source: ModelSource
    outputs: ModelSource
    entries: tuple[Entry, ...]


def start(toolset: Toolset, cache: CacheView, workers: Workers | None = None) -> PendingModels:
    """Start making the models: what the cache does not hold goes to ``workers`` (or is
    made here, when the result is asked for, without them) while the caller goes on."""
    tools = tuple(toolset)
    results = tuple(tool for tool in tools if tool.output_schema is not None)
    inputs = ModelSet.of(tools, "input", {t.name: typing_schema(t) for t in tools}, cache)
    typing = {tool.name: typing_of(tool.output_schema) for tool in results}
    outputs = ModelSet.of(results, "output", typing, cache)
    return PendingModels(inputs, outputs, workers)


def build(toolset: Toolset, cache: CacheView) -> Models:
    """The models of every tool, waiting for them."""
    return start(toolset, cache).result()


class PendingModels:
    """The models while the missing ones are being made (both kinds' runs given to the
    workers at once: a worker takes its work once)."""

    def __init__(self, inputs: ModelSet, outputs: ModelSet, workers: Workers | None) -> None:
        self.inputs, self.outputs, self.workers = inputs, outputs, workers
        count = len(workers) if workers else 1
        self.runs = [*inputs.plan(count), *outputs.plan(count)]
        if workers is not None:
            workers.give([job for job, _ in self.runs])

    @property
    def busy(self) -> bool:
        """True when the workers have much to make (a quarter of the tools or more)."""
        every = len(self.inputs.names) + len(self.outputs.names)
        making = sum(len(job.roots) or every for job, _ in self.runs)
        return making * 4 >= every

    def result(self) -> Models:
        """Wait for the runs and join everything into the modules."""
        try:
            made = self.workers.results(len(self.runs)) if self.workers else None
        finally:
            if self.workers is not None:
                self.workers.close()
        if made is None:
            made = [run(job) for job, _ in self.runs]
        split = len(self.inputs.runs)
        entries: list[Entry] = []
        source = self.inputs.source(made[:split], entries)
        outputs = self.outputs.source(made[split:], entries)
        return Models(source, outputs, tuple(entries))


class ModelSet:
    """One module's models (of one ``Kind``) during the stage: the tools' class names,
    the schemas the models read, the chunks, and the runs that make what is missing."""

    def __init__(
        self, kind: Kind, names: Names, typing: Typing, plans: list[ChunkPlan], cache: CacheView
    ) -> None:
        self.kind, self.names, self.typing = kind, names, typing
        self.plans, self.cache = plans, cache
        self.made = [plan.missing != [] for plan in plans]
        self.runs: list[tuple[Run, Owner]] = []

    @classmethod
    def of(
        cls, tools: tuple[ToolDescriptor, ...], kind: Kind, typing: Typing, cache: CacheView
    ) -> ModelSet:
        """The set of ``tools``' models of ``kind``, with what the cache holds of them."""
        suffix = SUFFIX if kind == "input" else OUTPUT_SUFFIX
        names = class_names(tuple(tool.name for tool in tools), suffix)
        plans = [
            ChunkPlan.of(tools[start:end], names, typing)
            for start, end in chunk_bounds([tool.name for tool in tools])
        ]
        for plan in plans:
            stored.recall(plan, names, typing, cache, kind)
        return cls(kind, names, typing, plans, cache)

    def plan(self, workers: int) -> list[tuple[Run, Owner]]:
        """The runs that make what the cache did not hold."""
        self.runs = plan_runs(self.plans, self.names, self.typing, workers, self.kind)
        return self.runs

    def source(self, made: list[Made], entries: list[Entry]) -> ModelSource:
        """The module's source from the runs' results; the entries computed go to
        ``entries``."""
        self._take(made)
        chunks = [
            self._chunk(plan, changed, entries)
            for plan, changed in zip(self.plans, self.made, strict=True)
        ]
        if duplicates(chunks):  # nested classes of two tools clash: one run numbers them
            chunks = [self._whole(entries)]
        chunks = [replace(chunk, imports=_relative_base(chunk.imports)) for chunk in chunks]
        fixed = _relative_base(tuple(_fixed_imports(self.kind)))
        code = assemble(chunks) if chunks else import_block(fixed)
        return ModelSource(tuple(sorted(self.names.items())), code)

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
                    payload = stored.pieces_payload(plan, pieces)
                    entries.append(stored.entry(plan, payload, self.kind))
                return join(pieces)
        if plan.whole is None:  # a run meant to be cut was not: make the chunk alone
            text = schema_text(plan.tools, self.names, self.typing)
            made = run(Run(text, plan.roots, False, self.kind))
            assert isinstance(made, Chunk)
            plan.whole, changed = made, True  # kept whole: found again only unchanged
        if changed:
            payload = {"schema": plan.schema_key(self.names, self.typing)}
            payload["chunk"] = plan.whole.to_json()
            entries.append(stored.entry(plan, payload, self.kind))
        return plan.whole

    def _whole(self, entries: list[Entry]) -> Chunk:
        """Every tool in one run (whose numbering keeps clashing class names apart)."""
        tools = [tool for plan in self.plans for tool in plan.tools]
        text = schema_text(tools, self.names, self.typing)
        key = stored.whole_key(text, self.kind)
        found = stored.chunk_of(stored.payload_of(self.cache.text(NAMESPACE, key)))
        if found is not None:
            return found
        made = run(Run(text, (), False, self.kind))
        assert isinstance(made, Chunk)
        payload = json.dumps({"chunk": made.to_json()}).encode()
        entries.append(Entry(NAMESPACE, key, payload))
        return made


def typing_schema(tool: ToolDescriptor) -> dict[str, Any]:
    """What datamodel-code-generator reads for ``tool``: the types of its input."""
    return typing_of(tool.input_schema)


def typing_of(frozen: Mapping[str, Any] | None) -> dict[str, Any]:
    """What datamodel-code-generator reads for a schema: its types (``loosen.py``)."""
    schema = thaw(frozen)
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    root = base(schema)

    def valid(sub: Any, value: Any) -> bool:
        try:
            return bool(root.evolve(schema=sub).is_valid(value))
        except RecursionError:  # a schema no validator can decide: no default from it
            return False

    return loosened(schema, dialect_of(schema), valid)


def _fixed_imports(kind: Kind) -> list[tuple[str, str]]:
    """What a module of ``kind`` imports when it has no model (every run imports these)."""
    names = [name.rsplit(".", 1) for name in OPTIONS[kind]["additional_imports"]]
    return [("__future__", "annotations"), *((module, name) for module, name in names)]


def _relative_base(imports: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(("._model" if module == BASE_MODULE else module, n) for module, n in imports)
