"""Consumers of generated/: pip installs the Python package, npm the TypeScript one."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path, PurePosixPath

import pytest

from generator.emit.common import content_version
from generator.project.config import load_config
from tests.checkout import offline_pip
from tests.conftest import REPO, Project
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


# --- versions that follow the content ----------------------------------------------------

CONTRACT = """\
version: 1
tools:
  - name: read_file
    description: {description}
    riskLevel: low
    isReadOnly: true
    inputSchema:
      type: object
      properties:
        path: {{type: string}}
      required: [path]
"""
CONFIG = "targets: [canonical, openai, python, typescript]\n"


def _versions(generated: Path) -> dict[str, str]:
    """Every place the packages spell their version: pyproject, __version__, package.json."""
    pyproject = tomllib.loads((generated / "python/pyproject.toml").read_text("utf-8"))
    init = (generated / "python/toolcanon_tools/__init__.py").read_text("utf-8")
    (dunder,) = re.findall(r'^__version__ = "(.*)"$', init, flags=re.M)
    package = json.loads((generated / "typescript/package.json").read_text("utf-8"))
    return {"pyproject": pyproject["project"]["version"], "init": dunder, "npm": package["version"]}


def _generate(project: Project, description: str) -> dict[str, str]:
    project.write("contracts/tools.yaml", CONTRACT.format(description=description))
    result = project.run("generate", "--no-cache")
    assert result.code == 0, result.err
    return _versions(project.generated)


def _as_base(folder: Path, version: str) -> dict[PurePosixPath, str]:
    """The package's files as written, with the base version where the final one is."""
    files = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        text = path.read_text("utf-8").replace(version, "0.1.0")
        files[PurePosixPath(folder.name) / path.relative_to(folder).as_posix()] = text
    return files


def test_each_package_version_is_a_hash_of_its_files_rendered_with_the_base(
    project: Project,
) -> None:
    project.write("toolcanon.yaml", CONFIG)
    found = _generate(project, "Read a file.")
    assert found["pyproject"] == found["init"] != found["npm"]  # two packages, two hashes
    for folder, version in (("python", found["pyproject"]), ("typescript", found["npm"])):
        assert re.fullmatch(r"0\.1\.0\+[0-9a-f]{12}", version), version
        files = _as_base(project.generated / folder, version)
        assert content_version("0.1.0", files) == version


def test_a_changed_contract_changes_both_versions_and_an_unchanged_one_neither(
    project: Project,
) -> None:
    project.write("toolcanon.yaml", CONFIG)
    first = _generate(project, "Read a file.")
    assert _generate(project, "Read a file.") == first
    changed = _generate(project, "Read one file.")
    assert changed["pyproject"] == changed["init"]
    assert changed["pyproject"] != first["pyproject"] and changed["npm"] != first["npm"]


def test_pip_shows_the_new_version_after_a_reinstall(
    project: Project, tmp_path: Path, wheelhouse: Path
) -> None:
    """An installed copy is visibly stale: pip names the version the folder now has."""
    project.write("toolcanon.yaml", CONFIG)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {**os.environ, **offline_pip(wheelhouse)}
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    shown = []
    for description in ("Read a file.", "Read one file."):
        written = _generate(project, description)["pyproject"]
        install = [*pip, "install", "-q", str(project.generated / "python")]
        done = subprocess.run(install, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        show = subprocess.run([*pip, "show", "toolcanon_tools"], env=env, capture_output=True)
        (version,) = re.findall(r"^Version: (.*)$", show.stdout.decode(), flags=re.M)
        assert version == written
        shown.append(version)
    assert shown[0] != shown[1]
