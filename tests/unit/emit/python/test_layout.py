"""The annotations templates write unformatted are what black leaves: one line when it
fits, the members on one line inside the brackets, else one member a line."""

from __future__ import annotations

import black
import pytest

from generator.emit.python.layout import literal_type, union_alias

MODE = black.Mode(line_length=100)
LONG = [f"list-{n}-{'x' * 20}" for n in range(6)]


@pytest.mark.parametrize(
    "values", [[], ["mcp"], LONG[:3], LONG], ids=["none", "one", "wrap", "each"]
)
def test_a_literal_alias_is_what_black_leaves(values: list[str]) -> None:
    code = "from typing import Literal, Never\n\n" + literal_type(values, "Name = ")
    assert black.format_str(code, mode=MODE) == code
    assert ("Never" in code.splitlines()[-1]) == (not values)


def test_a_literal_parameter_is_what_black_leaves() -> None:
    for values in ([], ["mcp"], LONG):
        head = literal_type(values, "provider: ", "    ", ",")
        code = f"def f(\n{head}    host: str | None = None,\n) -> None: ...\n"
        assert black.format_str(code, mode=MODE) == code


@pytest.mark.parametrize("count", [1, 3, 12])
def test_a_union_alias_is_what_black_leaves(count: int) -> None:
    members = [f"Provider{n}RequestFields" for n in range(count)]
    code = "".join(f"class {m}: ...\n\n\n" for m in members) + union_alias(members, "ToolRequest")
    assert black.format_str(code, mode=MODE) == code
