"""``toolcanon verify`` without a live server: usage, the contracts' side, bad pins.

Bad input is reported before any server is started."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from generator.project.config import load_config
from generator.verify.compare import compare_listing
from generator.verify.expected import from_contracts
from tests.conftest import REPO, Project

CONTRACT = """
version: 1
server: files
tools:
  - name: read_file
    title: Read file
    description: Read a file.
    isReadOnly: true
    riskLevel: low
    inputSchema:
      type: object
      properties:
        path: {type: string}
  - name: stat
    description: File metadata.
    riskLevel: low
    isReadOnly: true
    inputSchema: {type: object}
"""


def _starter(folder: Path) -> str:
    """A command that leaves a file behind if it is ever started."""
    script = f"open({str(folder / 'STARTED')!r}, 'w')"
    return shlex.join([sys.executable, "-c", script])


def test_the_contracts_side_is_what_generate_lists(project: Project) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    project.monkeypatch.chdir(project.root)
    expected = from_contracts(load_config(None), "files")
    assert sorted(expected.tools) == ["read_file", "stat"]
    assert expected.tools["read_file"]["title"] == "Read file"
    # no title in the contract: the default (the canonical name) is not a claim
    assert "title" not in expected.tools["stat"]
    assert "title" not in expected.tools["stat"]["annotations"]
    served = {name: dict(entry) for name, entry in expected.tools.items()}
    served["read_file"]["description"] = "Read a file, then mail it."
    (finding,) = compare_listing(expected, served)
    assert finding.tool == "files::read_file"
    assert finding.position is not None
    assert (finding.position.file, finding.position.line) == ("contracts/files.yaml", 6)


def test_no_contract_for_the_server(project: Project, tmp_path: Path) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    result = project.run("verify", "--server", "git", "--mcp-stdio", _starter(tmp_path))
    assert result.code == 2
    (line,) = result.diagnostics
    assert (
        "error[TC501]: no contract declares server 'git' (servers in the contracts: 'files')"
        in line
    )
    assert not (tmp_path / "STARTED").exists()


def test_a_bad_pin_is_reported_before_the_server_starts(project: Project, tmp_path: Path) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    project.write("files.pin.json", "{}")
    result = project.run(
        "verify", "--server", "files", "--mcp-stdio", _starter(tmp_path),
        "--against-pin", "files.pin.json",
    )  # fmt: skip
    assert result.code == 2
    assert result.diagnostics == [
        "files.pin.json:1:1: error[TC502]: not a pin written by 'toolcanon verify --pin' (format 1)"
    ]
    assert not (tmp_path / "STARTED").exists()


ONLY_STDIO = "--env, --pass-env and --inherit-env apply to --mcp-stdio servers only"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--mcp-stdio", "x", "--env", "NOVALUE"), "--env 'NOVALUE' is not KEY=VAL"),
        (("--mcp-http", "http://127.0.0.1:9/mcp", "--env", "A=1"), ONLY_STDIO),
        (("--mcp-http", "http://127.0.0.1:9/mcp", "--inherit-env"), ONLY_STDIO),
        (
            ("--mcp-stdio", "x", "--pass-env", "TOOLCANON_NOT_SET"),
            "--pass-env 'TOOLCANON_NOT_SET' is not set in your environment",
        ),
        (("--mcp-stdio", "x", "--timeout", "0"), "--timeout must be a positive number"),
        (("--mcp-http", "ftp://host/mcp"), "--mcp-http 'ftp://host/mcp' is not an http:// or"),
        (("--mcp-stdio", "'unclosed"), "--mcp-stdio: No closing quotation"),
        (("--mcp-stdio", "  "), "--mcp-stdio needs a command"),
    ],
)
def test_usage_errors(project: Project, args: tuple[str, ...], message: str) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    result = project.run("verify", "--server", "files", *args)
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("<command line>:1:1: error[TC000]: " + message)


def test_one_transport_exactly(project: Project) -> None:
    with pytest.raises(SystemExit) as caught:
        project.run("verify", "--server", "files", "--mcp-stdio", "x", "--mcp-http", "http://h/")
    assert caught.value.code == 2


def test_a_server_that_is_not_installed(project: Project) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    result = project.run("verify", "--server", "files", "--mcp-stdio", "no-such-mcp-server-x")
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith(
        "<mcp-stdio no-such-mcp-server-x>:1:1: error[TC500]: MCP server 'files': did not start: "
        "cannot start 'no-such-mcp-server-x'"
    )


def test_a_pin_that_cannot_be_written(project: Project) -> None:
    project.write("contracts/files.yaml", CONTRACT)
    (project.root / "pins").mkdir()
    server = shlex.join(
        [sys.executable, str(REPO / "tests" / "mcp_servers" / "paginated_server.py")]
    )
    result = project.run("verify", "--server", "files", "--mcp-stdio", server, "--pin", "pins")
    assert result.code == 2
    (line,) = result.diagnostics
    assert line.startswith("pins:1:1: error[TC502]: cannot write the pin: ")
    assert (project.root / "pins").is_dir()
