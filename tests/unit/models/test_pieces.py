"""Models made per tool: one changed tool is made alone, and the module is byte for byte
the module a cold run makes; a run over many tools cut per tool gives each tool's piece
as a run over that tool alone would.

Varied tools come from bench/synth.py (nested objects, arrays of objects, enums, anyOf,
$defs with recursion, long and non-ASCII descriptions).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.synth import make_contracts
from generator.core.cache import NO_CACHE, CacheView
from generator.ir.model import Toolset
from generator.models import build as stage
from generator.models import chunks
from generator.models.chunks import Chunk
from generator.models.make import Run, formatted
from generator.models.naming import class_names
from generator.models.pieces import Piece, cut, join, separable
from generator.models.plan import schema_text
from generator.models.workers import Workers
from generator.project.settings import Config
from generator.run.pipeline import load_toolset
from generator.write.entries import store_entries
from tests.unit.core.test_cache import CLASH  # two tools whose model class names could clash


def load(folder: Path) -> Toolset:
    config = Config(root=folder, contracts=folder / "contracts", output=folder / "out")
    toolset, diagnostics = load_toolset(config)
    assert toolset is not None, diagnostics
    return toolset


def add_property(folder: Path, name: str) -> None:
    """A property never seen before in the first tool of the first contract file."""
    target = sorted((folder / "contracts").rglob("*.yaml"))[0]
    lines = target.read_text("utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.rstrip().endswith("properties:"))
    indent = lines[at + 1][: len(lines[at + 1]) - len(lines[at + 1].lstrip())]
    lines.insert(at + 1, f"{indent}{name}: {{type: string, description: Added.}}\n")
    target.write_text("".join(lines), "utf-8")


def recorded_runs(monkeypatch: pytest.MonkeyPatch) -> list[Run]:
    runs: list[Run] = []
    real = stage.run

    def recording(job: Run) -> object:
        runs.append(job)
        return real(job)

    monkeypatch.setattr(stage, "run", recording)
    return runs


@pytest.fixture
def synthetic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(chunks, "CHUNK_BOUNDARY", 5)  # several chunks of a few tools
    make_contracts(40, 7, tmp_path / "contracts")
    return tmp_path


def test_one_changed_tool_is_made_alone_and_the_module_is_a_cold_run_s(
    synthetic: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_root = synthetic / "cache"
    first = stage.build(load(synthetic), CacheView(cache_root))
    store_entries(cache_root, first.entries)
    add_property(synthetic, "added_here")
    changed = load(synthetic)
    runs = recorded_runs(monkeypatch)
    warm = stage.build(changed, CacheView(cache_root))
    names = class_names(tuple(tool.name for tool in changed))
    edited = next(t for t in changed if "added_here" in t.input_schema.get("properties", {}))
    assert [job.roots for job in runs] == [(names[edited.name],)]
    assert len(warm.entries) == 1  # the changed tool's chunk, written again
    cold = stage.build(changed, NO_CACHE)
    assert warm.source == cold.source
    assert first.source != cold.source


def test_a_run_over_many_tools_cut_per_tool_is_each_tool_alone(synthetic: Path) -> None:
    toolset = load(synthetic)
    names = class_names(tuple(tool.name for tool in toolset))
    typing = {tool.name: stage.typing_schema(tool) for tool in toolset}
    tools = list(toolset)
    roots = tuple(names[tool.name] for tool in tools)
    assert separable(roots)
    many = formatted(schema_text(tools, names, typing))
    pieces = cut(many, roots)
    assert pieces is not None
    assert join(pieces).body.strip("\n") == many.body.strip("\n")
    for tool, piece in zip(tools, pieces, strict=True):
        alone = cut(formatted(schema_text([tool], names, typing)), (names[tool.name],))
        assert alone == [piece], tool.name


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_workers_make_what_the_main_process_makes(synthetic: Path) -> None:
    toolset = load(synthetic)
    alone = stage.build(toolset, NO_CACHE)
    workers = Workers(2)
    try:
        shared = stage.start(toolset, NO_CACHE, workers).result()
    finally:
        workers.close()
    assert shared.source == alone.source
    assert not workers.started


def test_names_that_could_clash_keep_their_chunk_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "a.yaml").write_text(CLASH, "utf-8")
    toolset = load(tmp_path)
    assert not separable(class_names(tuple(tool.name for tool in toolset)).values())
    first = stage.build(toolset, CacheView(tmp_path / "cache"))
    store_entries(tmp_path / "cache", first.entries)
    runs = recorded_runs(monkeypatch)
    again = stage.build(toolset, CacheView(tmp_path / "cache"))
    assert runs == [] and again.source == first.source and again.entries == ()
    (tmp_path / "contracts" / "a.yaml").write_text(CLASH.replace("{y:", "{z:"), "utf-8")
    changed = stage.build(load(tmp_path), CacheView(tmp_path / "cache"))
    assert [job.cut for job in runs] == [False]  # the chunk, whole
    assert changed.source == stage.build(load(tmp_path), NO_CACHE).source


def test_only_code_of_the_known_shape_is_cut() -> None:
    classes = "class AInput:\n    x: int\n\n\nclass BInput:\n    y: int"
    assert cut(Chunk((), classes, ("AInput", "BInput")), ("AInput", "BInput")) is not None
    assert cut(Chunk((), classes, ("AInput", "BInput")), ("BInput", "AInput")) is None  # order
    assignment = classes + "\n\n\nX = 1"
    assert cut(Chunk((), assignment, ("AInput", "BInput", "X")), ("AInput", "BInput")) is None
    stray = classes + "\n\n\nclass CInput:\n    z: int"
    assert cut(Chunk((), stray, ("AInput", "BInput", "CInput")), ("AInput", "BInput")) is None
    rebuilt = classes + "\n\n\nBInput.model_rebuild()\nAInput.model_rebuild()"
    pieces = cut(Chunk((), rebuilt, ("AInput", "BInput")), ("AInput", "BInput"))
    assert pieces is None  # joined again the rebuilds would swap: the chunk stays whole
    assert not separable(["AInput", "AInputItem"]) and separable(["AInput", "BInput"])


def test_pieces_survive_their_json() -> None:
    piece = Piece((("typing", "Literal"),), "class AInput:\n    x: int", ("AInput.x()",), ("A",))
    assert Piece.from_json(piece.to_json()) == piece
    with pytest.raises(ValueError):
        Piece.from_json({"not": "a piece"})


WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
LONG_LITERAL = ", ".join(f"'{word}'" for word in WORDS)
TRICKY = f"""class AInput(InputModel):
    \"\"\"Says 'hello' and "bye" \"\"\"
    model_config = ConfigDict(extra='allow',)
    a: Literal[{LONG_LITERAL}, 'ten', 'eleven'] | None = None
    b: Annotated[str | None, Field(description='It\\'s long, {"and longer " * 8}')] = None
    c: Annotated[int, Field(ge=1, le=10, description='x')]
    d: dict[str, Any] = {{'k': [1, 2, 3,], 'l': 'm'}}


class BInput(InputModel):
    e: str = 'a \\\\ b'
    f: list[AInput] | None = None


BInput.model_rebuild()
"""


def test_the_models_code_is_formatted_as_black_formats_it(synthetic: Path) -> None:
    """One pass, and a second only where the first changed more than layout: the bytes of
    ``black.format_str``."""
    import black

    from generator.models.chunks import split_module
    from generator.models.formatting import format_code
    from generator.models.make import generate

    toolset = load(synthetic)
    names = class_names(tuple(tool.name for tool in toolset))
    typing = {tool.name: stage.typing_schema(tool) for tool in toolset}
    raw = split_module(generate(schema_text(list(toolset), names, typing))).body
    mode = black.Mode(line_length=100, target_versions={black.TargetVersion.PY311})
    for source in (raw, TRICKY, black.format_str(TRICKY, mode=mode), "x = 1\n"):
        assert format_code(source) == black.format_str(source, mode=mode)
