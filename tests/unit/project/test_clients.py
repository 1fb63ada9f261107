"""project/clients.py: the ``clients`` list, each entry checked at its own place."""

from __future__ import annotations

from generator.core.diagnostics import Position
from generator.project.config import load_config
from generator.project.settings import Client
from tests.conftest import MINIMAL, Project, tree_snapshot

CLIENTS_ARE = (
    "clients are: chatgpt, claude-code, claude-desktop, copilot-chat, copilot-cli, cursor, gemini"
)


def _pyproject(project: Project, table: str) -> None:
    project.write("pyproject.toml", f'[project]\nname = "x"\n\n[tool.toolcanon]\n{table}')
    project.write("contracts/a.yaml", MINIMAL)


def test_entries_are_read_in_order_with_their_places(project: Project) -> None:
    _pyproject(project, 'clients = [\n  "cursor",  # the editor\n  "gemini",\n]\n')
    config = load_config(cwd=project.root)
    assert config.clients == (
        Client("cursor", Position("pyproject.toml", 6, 3)),
        Client("gemini", Position("pyproject.toml", 7, 3)),
    )


def test_a_config_without_clients_names_none(project: Project) -> None:
    _pyproject(project, 'output = "generated"\n')
    assert load_config(cwd=project.root).clients == ()


def test_an_unknown_client_in_toml_is_named_at_its_column_with_did_you_mean(
    project: Project,
) -> None:
    _pyproject(project, 'clients = ["cursor", "claude-dekstop", \'vscode\']\n')
    before = tree_snapshot(project.root)
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:5:22: error[TC050]: unknown client 'claude-dekstop' (did you mean"
        f" 'claude-desktop'? {CLIENTS_ARE})",
        f"pyproject.toml:5:40: error[TC050]: unknown client 'vscode' ({CLIENTS_ARE})",
    ]
    assert tree_snapshot(project.root) == before


def test_an_unknown_client_in_yaml_is_named_at_its_entry(project: Project) -> None:
    project.write("contracts/a.yaml", MINIMAL)
    project.write("toolcanon.yaml", "clients:\n  - cursor\n  - curser\n")
    result = project.run("generate")
    assert result.code == 2
    assert result.diagnostics == [
        "toolcanon.yaml:3:5: error[TC050]: unknown client 'curser' (did you mean 'cursor'?"
        f" {CLIENTS_ARE})",
    ]
    assert not project.generated.exists()


def test_a_client_named_twice_is_named_at_its_second_entry(project: Project) -> None:
    _pyproject(project, 'clients = ["gemini", "gemini"]\n')
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:5:22: error[TC050]: client 'gemini' is named twice",
    ]


def test_clients_must_be_a_list_of_names(project: Project) -> None:
    _pyproject(project, 'clients = "cursor"\n')
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        "pyproject.toml:5:1: error[TC050]: config key 'clients' must be a list of client"
        " names, not a string",
    ]


def test_comments_and_brackets_inside_strings_do_not_move_the_place(project: Project) -> None:
    _pyproject(project, 'clients = [  # "cursor" is not an entry\n  "cursor", "bad]name",\n]\n')
    result = project.run("validate")
    assert result.code == 2
    assert result.diagnostics == [
        f"pyproject.toml:6:13: error[TC050]: unknown client 'bad]name' ({CLIENTS_ARE})",
    ]
