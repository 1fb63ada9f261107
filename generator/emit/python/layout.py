"""Type aliases and annotations laid out as black lays them out, for templates that are
not formatted (like ``host.registers``): one line when it fits in 100 columns, else the
members inside brackets on one line, else one member a line."""

from __future__ import annotations

from collections.abc import Sequence

from generator.emit.lists import ToolList
from generator.emit.python.literal import black_str
from generator.models.formatting import LINE_LENGTH


def literal_type(values: Sequence[str], lead: str, indent: str = "", tail: str = "") -> str:
    """``{indent}{lead}Literal[...]{tail}`` of ``values`` (``Never`` for none) and a newline."""
    if not values:
        return f"{indent}{lead}Never{tail}\n"
    joined = ", ".join(black_str(value) for value in values)
    if len(f"{indent}{lead}Literal[{joined}]{tail}") <= LINE_LENGTH:
        return f"{indent}{lead}Literal[{joined}]{tail}\n"
    if len(f"{indent}    {joined}") <= LINE_LENGTH:
        return f"{indent}{lead}Literal[\n{indent}    {joined}\n{indent}]{tail}\n"
    members = "".join(f"{indent}    {black_str(value)},\n" for value in values)
    return f"{indent}{lead}Literal[\n{members}{indent}]{tail}\n"


def union_alias(members: Sequence[str], name: str) -> str:
    """``name = A | B | ...`` and a newline, split one member a line when too long."""
    line = f"{name} = {' | '.join(members)}"
    if len(line) <= LINE_LENGTH:
        return line + "\n"
    body = "".join(f"    {'| ' if index else ''}{member}\n" for index, member in enumerate(members))
    return f"{name} = (\n{body})\n"


def request_type(tool_list: ToolList) -> str:
    """What ``tool_request`` returns for ``tool_list`` (per server: a dict of them)."""
    if tool_list.request is None:
        raise ValueError(f"{tool_list.key} builds no request")
    name = tool_list.request.type_name
    return f"dict[str, {name}]" if tool_list.per_server else name
