"""Consumers of generated/: pip installs the Python package, npm the TypeScript one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.project.config import load_config
from tests.conftest import REPO
from tests.npm_consumer import Consumer

GENERATED = REPO / "generated"


def _require(folder: Path, marker: str, target: str) -> None:
    if not (folder / marker).is_file():
        pytest.skip(
            f"{folder.relative_to(REPO)}/{marker} is absent: the {target} target is not in "
            "this branch yet (it runs once that target is merged and generated)"
        )


# parse_arguments needs the package's dependencies (pydantic, regress) as pip installs them.
PROBE = """
import pathlib, {package} as tools
args = tools.parse_arguments("read_file", '{{"path": "a", "limit": null}}', provider="openai")
assert args.model_dump(mode="json", exclude_unset=True) == {{"path": "a"}}
print(pathlib.Path(tools.__file__).resolve())
"""


def test_pip_installs_generated_python(tmp_path: Path) -> None:
    _require(GENERATED / "python", "pyproject.toml", "python")
    package = load_config(REPO / "pyproject.toml").emit.python_package
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(GENERATED / "python")],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr
    probe = PROBE.format(package=package)
    found = subprocess.run(
        [str(python), "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert Path(found.stdout.strip()).is_relative_to(venv.resolve())  # installed, not the tree


def test_npm_installs_generated_typescript_and_node_loads_it(npm_consumer: Consumer) -> None:
    """npm installs a copy of the package (what ``npm pack`` ships: package.json's
    ``files``) and Node imports it with nothing else built; tests/e2e/test_ts_consumer.py
    compiles an app against it with the provider SDKs."""
    installed = npm_consumer.installed
    assert not installed.is_symlink()
    shipped = sorted(p.name for p in installed.iterdir())
    assert shipped == sorted(p.name for p in (GENERATED / "typescript").iterdir())
    name = json.loads((installed / "package.json").read_text("utf-8"))["name"]
    script = f"import({json.dumps(name)}).then((m) => console.log(Object.keys(m).length))"
    ran = npm_consumer.node("--input-type=module", "-e", script)
    assert ran.returncode == 0, ran.stderr
    assert int(ran.stdout) > 0
