"""``toolcanon init``: a project that works at once, and nothing ever overwritten."""

from __future__ import annotations

import json
import tomllib

import pytest

from tests.conftest import Project, disk_state, tree_snapshot


def test_init_generate_check_in_an_empty_folder(project: Project) -> None:
    project.contracts.rmdir()
    init = project.run("init")
    assert init.code == 0, init.err
    assert sorted(p.name for p in project.root.iterdir()) == ["contracts", "toolcanon.yaml"]
    example = project.contracts / "example.yaml"
    first = example.read_text("utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../generated/schema/contract.schema.json"

    generate = project.run("generate")
    assert generate.code == 0, generate.err
    assert "warning" not in generate.err  # the starter config is strict: none allowed
    check = project.run("check")
    assert check.code == 0, check.err
    schema = (example.parent / first.split("$schema=")[1]).resolve()
    assert schema.is_file()
    listed = json.loads((project.generated / "openai/chat-completions.json").read_text("utf-8"))
    assert listed[0]["function"]["description"] == "Return the current weather for a city."


def test_init_appends_to_an_existing_pyproject(project: Project) -> None:
    project.contracts.rmdir()
    original = '[project]\nname = "x"\nversion = "1"'
    project.write("pyproject.toml", original)
    assert project.run("init", "--contracts", "tools", "--output", "out").code == 0
    text = (project.root / "pyproject.toml").read_text("utf-8")
    assert text.startswith(original + "\n")
    table = tomllib.loads(text)["tool"]["toolcanon"]
    assert table == {"contracts": "tools", "output": "out", "strict": True, "openai-strict": False}
    assert not (project.root / "toolcanon.yaml").exists()
    first = (project.root / "tools/example.yaml").read_text("utf-8").splitlines()[0]
    assert first.endswith("$schema=../out/schema/contract.schema.json")
    assert project.run("generate").code == 0
    assert project.run("check").code == 0


def test_init_refuses_to_overwrite(project: Project) -> None:
    project.write("toolcanon.yaml", "contracts: contracts\n")
    before = tree_snapshot(project.root)
    result = project.run("init")
    assert result.code == 2
    assert "toolcanon.yaml already exists" in result.err
    assert tree_snapshot(project.root) == before

    project.write("pyproject.toml", "[tool.toolcanon]\n")
    (project.root / "toolcanon.yaml").unlink()
    before = tree_snapshot(project.root)
    result = project.run("init")
    assert result.code == 2
    assert "already has a [tool.toolcanon] table" in result.err
    assert tree_snapshot(project.root) == before


def test_init_refuses_when_the_example_exists(project: Project) -> None:
    project.write("contracts/example.yaml", "version: 1\ntools: []\n")
    result = project.run("init")
    assert result.code == 2
    assert "contracts/example.yaml already exists" in result.err
    assert not (project.root / "toolcanon.yaml").exists()


def test_init_keeps_existing_contracts_alone(example_project: Project) -> None:
    assert example_project.run("init").code == 0
    assert not (example_project.contracts / "example.yaml").exists()
    assert (example_project.root / "toolcanon.yaml").is_file()


def test_init_refuses_a_pyproject_that_is_not_utf8(project: Project) -> None:
    project.contracts.rmdir()
    pyproject = project.root / "pyproject.toml"
    pyproject.write_bytes(b'[project]\nname = "caf\xe9"\n')
    result = project.run("init")
    assert result.code == 2
    assert "init refused: pyproject.toml is not UTF-8 text (line 2, column 12)" in result.err
    assert pyproject.read_bytes() == b'[project]\nname = "caf\xe9"\n'
    assert sorted(p.name for p in project.root.iterdir()) == ["pyproject.toml"]


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("--contracts", "../elsewhere"), "error[TC052]: --contracts ../elsewhere is outside"),
        (("--output", "~"), "error[TC055]: --output ~: a shell reads '~' as a home folder"),
        (("--output", "."), "error[TC052]: --output . is the project folder itself"),
        (("--contracts", "generated/c"), "error[TC052]: --output generated holds the contracts"),
        (("--contracts=-c",), "error[TC055]: --contracts -c: '-c' reads as an option"),
    ],
)
def test_init_places_its_folders_by_the_rule(
    project: Project, flags: tuple[str, ...], message: str
) -> None:
    """init writes the example contract into --contracts and both into the config: a
    path generate would refuse is refused here, before anything is written."""
    before = disk_state(project.root.parent)
    result = project.run("init", *flags)
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("<command line>:1:1: " + message), line
    assert disk_state(project.root.parent) == before
