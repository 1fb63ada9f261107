"""Python models that looked right but were wrong: mypy --strict and the schema judge them.

- ``MODELS[tool]`` must be the tool's own class even when a nested class or a ``$defs``
  entry of another tool would take its name (fixed in models/naming.py);
- ``const``/``enum``/``$ref`` + ``default`` schemas whose model failed ``mypy --strict``
  or accepted what ``const`` forbids (fixed by the exact validator the models run).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tests.conftest import generate_in
from tests.generated_python import import_fresh

CONTRACT = """\
version: 1
tools:
  - name: b
    description: B.
    riskLevel: low
    inputSchema:
      type: object
      properties:
        input: {type: object, properties: {q: {type: integer}}}
        v: {$ref: "#/$defs/Input"}
      $defs:
        Input: {type: object, properties: {z: {type: integer}}}
  - name: b_input
    description: B input.
    riskLevel: low
    inputSchema: {type: object, properties: {s: {type: string}}, required: [s]}
  - name: b_input_input
    description: B input input.
    riskLevel: low
    inputSchema: {type: object, properties: {t: {type: boolean}}, required: [t]}
  - name: ref_default
    description: A reference with a default.
    riskLevel: low
    inputSchema:
      type: object
      properties:
        mode: {$ref: "#/$defs/mode", default: fast}
      $defs:
        mode: {enum: [fast, slow]}
  - name: object_const
    description: An object constant.
    riskLevel: low
    inputSchema: {type: object, properties: {d: {const: {k: 1}}}}
  - name: number_const
    description: A number constant.
    riskLevel: low
    inputSchema: {type: object, properties: {i: {const: 1.5}}}
  - name: container_enum
    description: An enum of containers.
    riskLevel: low
    inputSchema: {type: object, properties: {j: {enum: [[1, 2], {a: 1}]}}}
"""


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("models-hostile")
    (root / "contracts").mkdir()
    (root / "contracts" / "tools.yaml").write_text(CONTRACT, encoding="utf-8")
    code = generate_in(root, "--no-cache")
    assert code == 0
    return root / "generated" / "python"


@pytest.fixture(scope="module")
def models(package: Path) -> Any:
    return import_fresh(package, "toolcanon_tools.models")


@pytest.fixture(scope="module")
def mypy_errors(package: Path) -> dict[str, list[str]]:
    """mypy --strict errors in models.py, by the class they are in."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "toolcanon_tools"],
        cwd=package,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = (package / "toolcanon_tools" / "models.py").read_text("utf-8").splitlines()
    found: dict[str, list[str]] = {}
    for match in re.finditer(r"models\.py:(\d+): error: (.*)", done.stdout):
        owner = next(
            (m.group(1) for m in map(_class, reversed(lines[: int(match.group(1))])) if m),
            "?",
        )
        found.setdefault(owner, []).append(match.group(2))
    return found


def _class(line: str) -> re.Match[str] | None:
    return re.match(r"class (\w+)\(", line)


def _accepts(model: Any, data: dict[str, Any]) -> bool:
    try:
        model.model_validate(data)
    except ValidationError:
        return False
    return True


def test_models_map_each_tool_to_its_own_class(models: Any) -> None:
    """``b``'s nested ``input`` class and its ``$defs/Input`` would both be named
    ``BInputInput``, the class of tool ``b_input``."""
    fields = {name: set(model.model_fields) for name, model in models.MODELS.items()}
    assert fields["b"] == {"input", "v"}
    assert fields["b_input"] == {"s"}
    assert fields["b_input_input"] == {"t"}
    assert _accepts(models.MODELS["b_input"], {"s": "x"})
    assert not _accepts(models.MODELS["b_input"], {"t": True})
    assert _accepts(models.MODELS["b_input_input"], {"t": True})


def test_clashing_names_pass_mypy_strict(mypy_errors: dict[str, list[str]]) -> None:
    assert not {k: v for k, v in mypy_errors.items() if k.startswith("BInput")}


def test_ref_with_default_passes_mypy_strict(mypy_errors: dict[str, list[str]]) -> None:
    assert "RefDefaultInput" not in mypy_errors


def test_object_const_is_enforced(models: Any, mypy_errors: dict[str, list[str]]) -> None:
    model = models.MODELS["object_const"]
    assert "ObjectConstInput" not in mypy_errors
    assert _accepts(model, {"d": {"k": 1}})
    assert not _accepts(model, {"d": {"k": 2}})


def test_number_const_is_enforced(models: Any, mypy_errors: dict[str, list[str]]) -> None:
    model = models.MODELS["number_const"]
    assert "NumberConstInput" not in mypy_errors
    assert _accepts(model, {"i": 1.5})
    assert not _accepts(model, {"i": 2.5})


def test_container_enum_is_enforced(models: Any) -> None:
    model = models.MODELS["container_enum"]
    assert _accepts(model, {"j": [1, 2]})
    assert not _accepts(model, {"j": [3]})
