"""cli.main: what a command raises becomes an exit code (exitcodes.ExitCode) and one report."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

import pytest

from generator import __version__
from generator.cli import REPORT_URL, build_parser, main
from generator.commands import COMMANDS, module
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.core.exitcodes import ExitCode
from generator.core.fingerprint import build_id
from generator.core.report import FORMATS
from tests.conftest import MINIMAL, Project

BAD = Diagnostic(Position("contracts/a.yaml", 2, 3), "bad", "TC103", tool="x", hint="fix")


def raising(error: BaseException, depth: int = 6) -> Callable[..., object]:
    """A command's run that fails ``depth`` calls down."""

    def run(args: argparse.Namespace, level: int = 0) -> object:
        if level == depth:
            raise error
        return run(args, level + 1)

    return run


Raise = Callable[[BaseException], None]


@pytest.fixture
def validate_raises(monkeypatch: pytest.MonkeyPatch) -> Raise:
    """Makes ``toolcanon validate`` fail with the given exception."""

    def make(error: BaseException) -> None:
        monkeypatch.setattr(module("validate"), "run", raising(error))

    return make


def test_exit_codes_are_what_shells_and_ci_expect() -> None:
    assert [int(code) for code in ExitCode] == [0, 1, 2, 3, 130]


@pytest.mark.parametrize(("fmt", "stream"), [("text", "err"), ("json", "out")])
def test_bad_input_is_exit_2_with_the_diagnostics(
    fmt: str, stream: str, validate_raises: Raise, capsys: pytest.CaptureFixture[str]
) -> None:
    validate_raises(ContractError([BAD]))
    assert main(["validate", "--format", fmt]) == ExitCode.BAD_INPUT
    printed = getattr(capsys.readouterr(), stream)
    if fmt == "json":
        assert [d["message"] for d in json.loads(printed)] == ["bad"]
    else:
        assert printed == "contracts/a.yaml:2:3: error[TC103]: tool 'x': bad (fix)\n"


def test_interrupted_is_exit_130_without_a_traceback(
    validate_raises: Raise, capsys: pytest.CaptureFixture[str]
) -> None:
    validate_raises(KeyboardInterrupt())
    assert main(["validate"]) == ExitCode.INTERRUPTED
    assert "Traceback" not in capsys.readouterr().err


def test_a_bug_is_exit_3_with_how_to_report_it_and_the_last_frames_only(
    validate_raises: Raise, capsys: pytest.CaptureFixture[str]
) -> None:
    validate_raises(RuntimeError("boom"))
    assert main(["validate"]) == ExitCode.INTERNAL
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"toolcanon: internal error (please report it at {REPORT_URL}):"
    assert lines[1] == "Traceback (most recent call last):"
    assert lines[-1] == "RuntimeError: boom"
    frames = [line for line in lines if line.lstrip().startswith('File "')]
    assert len(frames) == 3  # not the seven calls down to the failure, nor main's


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"toolcanon {__version__} (build {build_id()})\n"


def test_every_command_module_has_the_parts_the_cli_wires() -> None:
    for name in COMMANDS:
        command = module(name)
        assert name == command.NAME
        assert command.HELP and callable(command.add_parser) and callable(command.run)
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(COMMANDS)
    for name, command_parser in sub.choices.items():  # main reports ContractError in it
        assert command_parser.get_default("format") in FORMATS, name


def test_help_lists_every_command_in_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` is read in a terminal: every command (init included) is listed, and no
    help text carries reStructuredText markup (docstring ``double backticks``)."""
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    for name in COMMANDS:
        assert f"\n    {name} " in top, name
    texts = [top]
    for name in COMMANDS:
        with pytest.raises(SystemExit):
            main([name, "--help"])
        texts.append(capsys.readouterr().out)
    assert not [text for text in texts if "``" in text]


def test_counts_agree_with_their_nouns(project: Project) -> None:
    """ "1 tool", never "1 tools" or "tool(s)"."""
    project.write("contracts/a.yaml", MINIMAL)
    assert project.run("validate").err == "toolcanon: 1 tool, contracts are valid\n"
    assert project.run("generate").code == 0
    (project.generated / "docs/TOOLS.md").write_text("edited\n", "utf-8")
    stale = project.run("check")
    assert stale.err.splitlines()[-1] == (
        "toolcanon: 1 file in generated/ is stale; run 'toolcanon generate'"
    )
