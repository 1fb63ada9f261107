"""The handler overloads' return types are laid out as black lays them out: the template
is not formatted, and the package must pass ``black --check`` whatever a tool is called."""

from __future__ import annotations

import black
import pytest

from generator.emit.python.host import registers

LONG = "A" * 60


@pytest.mark.parametrize(
    ("model", "result", "expected"),
    [
        ("ReadFileInput", "str", "Registers[ReadFileInput, str]"),
        (
            f"{LONG}Input",
            f"{LONG}Output | JsonObject",
            f"Registers[\n        {LONG}Input,\n        {LONG}Output | JsonObject,\n    ]",
        ),
    ],
)
def test_an_overload_s_return_type_is_what_black_leaves(
    model: str, result: str, expected: str
) -> None:
    annotation = registers(model, result)
    assert annotation == expected
    code = f"class H:\n    @overload\n    def handler(\n        self,\n    ) -> {annotation}: ...\n"
    mode = black.Mode(line_length=100)
    assert black.format_str(code, mode=mode) == code
