"""Output models: one class per tool with an ``outputSchema``, in a module of its own (so
no name of a tool can make one take an input class's name), found again in the cache like
input models, and dumped by dispatch as the JSON a handler meant.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.core.cache import CacheView
from generator.models import build as stage
from generator.models.make import Run
from generator.write.entries import store_entries
from tests.conftest import generate_in
from tests.generated_python import import_fresh
from tests.unit.models.test_pieces import load

CONTRACT = """\
version: 1
tools:
  - name: x
    description: X, whose result has a property called input.
    riskLevel: low
    inputSchema: {type: object, properties: {}}
    outputSchema:
      type: object
      properties:
        input: {type: object, properties: {a: {type: string}}}
  - name: x_output
    description: Its input class is XOutputInput, as x's nested result class is.
    riskLevel: low
    inputSchema: {type: object, properties: {q: {type: string}}}
  - name: page
    description: A result with a key that is no identifier, a nested object, a nullable.
    riskLevel: low
    inputSchema: {type: object, properties: {full: {type: boolean}}}
    outputSchema:
      type: object
      properties:
        file-path: {type: string}
        nested: {type: object, properties: {n: {type: integer}}, required: [n]}
        maybe: {type: [string, "null"]}
      required: [file-path]
      additionalProperties: false
"""


@pytest.fixture(scope="module")
def pkg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("outputs")
    (root / "contracts").mkdir()
    (root / "contracts" / "tools.yaml").write_text(CONTRACT, "utf-8")
    assert generate_in(root) == 0
    package = import_fresh(root / "generated" / "python", "toolcanon_tools")
    importlib.import_module("toolcanon_tools.outputs")  # found by the package's own path
    yield package
    for key in [k for k in sys.modules if k.startswith("toolcanon_tools")]:
        del sys.modules[key]


def test_each_tool_with_an_output_schema_has_its_class_apart_from_the_inputs(pkg: Any) -> None:
    outputs = pkg.outputs
    assert {name: cls.__name__ for name, cls in pkg.OUTPUT_MODELS.items()} == {
        "page": "PageOutput",
        "x": "XOutput",
    }
    assert pkg.output_model_for("x") is outputs.XOutput
    # The same class name in both modules, each its own tool's:
    assert pkg.MODELS["x_output"].__name__ == outputs.XOutputInput.__name__ == "XOutputInput"
    assert set(pkg.MODELS["x_output"].model_fields) == {"q"}
    assert set(outputs.XOutputInput.model_fields) == {"a"}


def test_dispatch_sends_the_json_of_the_fields_a_handler_set_by_their_json_names(
    pkg: Any,
) -> None:
    page, nested = pkg.outputs.PageOutput, pkg.outputs.PageOutputNested
    app = pkg.ToolHost(allow_missing=True)
    app.handler("page")(
        lambda args, ctx: (
            page(file_path="a", nested=nested(n=1))
            if args.full
            else page.model_validate({"file-path": "b", "maybe": None})
        )
    )

    def sent(full: bool) -> Any:
        call = {"name": "page", "arguments": {"full": full}}
        return app.dispatch_sync("mcp", call, server="builtin")["structuredContent"]

    assert sent(True) == {"file-path": "a", "nested": {"n": 1}}
    assert sent(False) == {"file-path": "b", "maybe": None}


def test_another_model_is_refused_as_the_hosts_bug(pkg: Any) -> None:
    app = pkg.ToolHost(allow_missing=True)
    app.handler("x")(lambda args, ctx: pkg.outputs.PageOutput(file_path="a"))
    with pytest.raises(pkg.ResultError) as raised:
        app.dispatch_sync("mcp", {"name": "x", "arguments": {}}, server="builtin")
    assert str(raised.value) == (
        'The handler for "x" returned a result its outputSchema refuses:\n'
        "- $: expected XOutput or a JSON object, got PageOutput"
    )


def test_output_models_are_found_again_in_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "tools.yaml").write_text(CONTRACT, "utf-8")
    toolset = load(tmp_path)
    first = stage.build(toolset, CacheView(tmp_path / "cache"))
    store_entries(tmp_path / "cache", first.entries)
    runs: list[Run] = []
    real = stage.run
    monkeypatch.setattr(stage, "run", lambda job: runs.append(job) or real(job))
    again = stage.build(toolset, CacheView(tmp_path / "cache"))
    assert (runs, again.entries) == ([], ())
    assert (again.source, again.outputs) == (first.source, first.outputs)
    assert [name for name, _ in first.outputs.classes] == ["page", "x"]
