"""Fixtures for tests of the committed generated/python package (a pytest plugin).

Registered through ``pytest_plugins`` in conftest.py, so test modules use the
fixtures without importing them.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = "toolcanon_tools"
GENERATED = REPO / "generated"


@pytest.fixture(scope="module")
def package_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of generated/python (kept current by ``toolcanon check``), outside the repo."""
    target = tmp_path_factory.mktemp("pkg") / "python"
    shutil.copytree(GENERATED / "python", target)
    return target


def import_fresh(folder: Path, name: str) -> ModuleType:
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        del sys.modules[key]
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


@pytest.fixture(scope="module")
def pkg(package_dir: Path) -> Iterator[Any]:
    yield import_fresh(package_dir, PACKAGE)
    for key in [k for k in sys.modules if k.startswith(PACKAGE)]:
        del sys.modules[key]


def canonical_tools() -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = json.loads(
        (GENERATED / "canonical/tools.json").read_text("utf-8")
    )["tools"]
    return tools
