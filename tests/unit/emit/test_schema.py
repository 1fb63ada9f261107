"""emit/schema.py: the contract JSON Schema, byte for byte the one check enforces."""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

import pytest

from generator.contracts.check import contract_schema
from generator.emit import schema
from generator.ir.model import Toolset
from tests.toolsets import OPTIONS

SHIPPED = Path(schema.__file__).parent.parent / "contracts" / "schemas" / "contract.schema.json"


def test_the_file_is_the_schema_check_enforces() -> None:
    ((path, text),) = schema.emit(Toolset((), ()), OPTIONS).items()
    assert path == PurePosixPath("schema/contract.schema.json")
    assert text.encode("utf-8") == SHIPPED.read_bytes()
    assert json.loads(text) == contract_schema()


def test_a_project_with_hosts_gets_the_overlay_schema_too() -> None:
    from dataclasses import replace

    from generator.core.diagnostics import Position
    from generator.hosts.load import overlay_schema
    from generator.ir.model import HostView

    view = HostView(
        "desktop", (), "hosts/desktop.yaml", "", {}, Position("hosts/desktop.yaml", 1, 1)
    )
    files = schema.emit(replace(Toolset((), ()), hosts=(view,)), OPTIONS)
    text = files[PurePosixPath("schema/overlay.schema.json")]
    assert json.loads(text) == overlay_schema()


@pytest.mark.parametrize(
    ("contract", "output", "expected"),
    [
        ("contracts/x.yaml", "generated", "../generated/schema/contract.schema.json"),
        ("contracts/team/x.yaml", "generated", "../../generated/schema/contract.schema.json"),
        ("tools/a/b/x.yaml", "build/tools", "../../../build/tools/schema/contract.schema.json"),
    ],
)
def test_editor_reference_is_relative_to_the_contracts_own_folder(
    tmp_path: Path, contract: str, output: str, expected: str
) -> None:
    assert schema.editor_reference(tmp_path / contract, tmp_path / output) == expected
