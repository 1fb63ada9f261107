"""emit/names.py: provider name → canonical name, for routing a model's call back."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.emit import names
from generator.emit.common import GENERATED_NOTE, dump_json
from tests.toolsets import CORE, OPTIONS, toolset


def test_the_whole_file_sorted_by_provider_name(tmp_path: Path) -> None:
    extra = """
    version: 1
    server: a-b
    tools:
      - {name: z.y, providerName: AAA, inputSchema: {type: object}}
      - {name: x, inputSchema: {type: object}}
    """
    rendered = names.emit(toolset(tmp_path, {"core.yaml": CORE, "ab.yaml": extra}), OPTIONS)
    routes = {"AAA": "a-b::z.y", "a-b__x": "a-b::x", "read_file": "read_file"}
    document = {"$comment": GENERATED_NOTE, "format": 1, "names": routes}
    assert rendered == {PurePosixPath("names.json"): dump_json(document)}
