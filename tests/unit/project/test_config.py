"""Project config: keys, types, did-you-mean, file:line, and CLI overrides."""

from __future__ import annotations

import json

import pytest

from tests.conftest import MINIMAL, Project


def _pyproject(project: Project, table: str) -> None:
    project.write("pyproject.toml", f'[project]\nname = "x"\n\n[tool.toolcanon]\n{table}')
    project.write("contracts/a.yaml", MINIMAL)


def test_unknown_key_in_pyproject_names_line_and_suggests(project: Project) -> None:
    _pyproject(project, 'output = "out"\ncontract = "contracts"\n')
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:6:1: error[TC050]: unknown config key 'contract' "
        "(did you mean 'contracts'?)"
    ]
    assert not (project.root / "out").exists()


def test_unknown_key_in_yaml_uses_loader_positions(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("toolcanon.yaml", "contracts: contracts\n\n  # note\ntargest: [docs]\n")
    result = project.run("check")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:4:1: error[TC050]: unknown config key 'targest' (did you mean 'targets'?)"
    ]


@pytest.mark.parametrize("text", ["", "# every setting at its default for now\n"])
def test_a_yaml_config_of_comments_only_keeps_every_default(project: Project, text: str) -> None:
    # `toolcanon init` users comment everything out; that is not a contract without tools
    project.write("contracts/a.yaml", MINIMAL)
    project.write("toolcanon.yaml", text)
    result = project.run("generate")
    assert result.code == 0, result.err
    assert "error" not in result.err and "warning" not in result.err
    assert (project.root / "generated" / "canonical" / "tools.json").is_file()


def test_wrong_types_are_all_reported_with_lines(project: Project) -> None:
    _pyproject(project, 'strict = "yes"\ntargets = "docs"\n  python-package = "my-pkg"\n')
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:5:1: error[TC050]: config key 'strict' must be a bool, not a string",
        "pyproject.toml:6:1: error[TC050]: config key 'targets' must be a list of target "
        "names, not a string",
        "pyproject.toml:7:3: error[TC050]: config key 'python-package' must be a Python "
        "identifier, not 'my-pkg'",
    ]


def test_unknown_target_suggests(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("toolcanon.yaml", "targets:\n  - canonical\n  - doc\n")
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics[0].startswith(
        "toolcanon.yaml:1:1: error[TC050]: unknown target 'doc' (did you mean 'docs'?"
    )


def test_missing_contracts_directory_points_at_the_key(project: Project) -> None:
    _pyproject(project, '# where they live\ncontracts = "tools"\n')
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:6:1: error[TC050]: contracts directory 'tools' does not exist "
        "(create it, or set 'contracts' to the folder that holds your contracts)"
    ]


def test_missing_contracts_directory_without_config(project: Project) -> None:
    project.contracts.rmdir()
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics[0].startswith(
        "<command line>:1:1: error[TC050]: contracts directory 'contracts' does not exist"
    )


def test_cli_flags_override_the_file(project: Project) -> None:
    _pyproject(project, 'contracts = "nowhere"\noutput = "out"\nstrict = true\n')
    project.write("elsewhere/a.yaml", MINIMAL.replace("    description: Read a file.\n", ""))
    result = project.run("generate", "--contracts", "elsewhere", "--no-strict")
    assert result.code == 0, result.err
    assert "warning[TC301]" in result.err
    assert (project.root / "out" / "manifest.json").is_file()
    strict = project.run("check", "--contracts", "elsewhere")
    assert strict.code == 2  # strict from the file: the warning is an error


def test_settings_reach_the_output(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write(
        "toolcanon.yaml",
        "output: build/tools\ntargets: [canonical, docs]\nopenai-strict: true\n"
        "python-package: my_tools\n",
    )
    sub = project.root / "contracts"
    project.monkeypatch.chdir(sub)  # found from a subfolder, paths relative to the file
    result = project.run("generate")
    assert result.code == 0, result.err
    out = project.root / "build" / "tools"
    assert sorted(p.name for p in out.iterdir()) == [
        "README.md",
        "canonical",
        "docs",
        "manifest.json",
    ]
    (tool,) = json.loads((out / "canonical/tools.json").read_text("utf-8"))["tools"]
    assert tool["strict"] is True
    assert "schema/contract.schema.json" not in (out / "README.md").read_text("utf-8")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("class", "'class' is a Python keyword, so 'import class' is a syntax error"),
        ("json", "'json' would shadow the standard library module of that name"),
        ("Typing", "'Typing' would shadow the standard library module of that name"),
        ("pydantic", "'pydantic' would shadow a module the generated package imports"),
        ("pydantic_core", "'pydantic_core' would shadow a module the generated package imports"),
    ],
)
def test_python_package_must_be_importable(project: Project, name: str, message: str) -> None:
    _pyproject(project, f'python-package = "{name}"\n')
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        f"pyproject.toml:5:1: error[TC050]: config key 'python-package': {message}"
    ]
    assert not project.generated.exists()
