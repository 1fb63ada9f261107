"""Every import diagnostic at the user's own source: the file, line and column of the
JSON they gave, never the contract file import would have written.

The contract is checked as rendered text (a scratch copy of the file to write); what
the checker says about it is mapped back: the line of a diagnostic names the tool
(tools are rendered in order), the path inside the tool names the field, and the
field knows where in the source entry its value was read. References to the
unwritten file inside a message or hint (TC130's "first defined at", TC141's other
tool) are rewritten the same way.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from generator.core.diagnostics import Diagnostic, JsonPath, Position
from generator.importers.draft import Draft, DraftTool


class SourceMap:
    """Positions in the rendered contract → positions in the source."""

    def __init__(
        self, draft: Draft, display: str, positions: Mapping[JsonPath, tuple[int, int]]
    ) -> None:
        self.draft = draft
        self.display = display
        self.starts = [positions.get(("tools", i), (0, 0))[0] for i in range(len(draft.tools))]
        self.at: dict[tuple[int, int], JsonPath] = {}
        for path, mark in positions.items():
            if len(path) > len(self.at.get(mark, ())):
                self.at[mark] = path  # the deepest path at a place: a key, not its parent
        self.mention = re.compile(re.escape(display) + r":(\d+)(?::(\d+))?")

    def tool_at(self, line: int) -> int | None:
        """The index of the tool whose text holds ``line`` (None: before the tools)."""
        index = bisect.bisect_right(self.starts, line) - 1
        return index if index >= 0 else None

    def diagnostic(self, diagnostic: Diagnostic) -> Diagnostic:
        """``diagnostic`` with its place (and any mention of the contract) in the source."""
        found = diagnostic
        if diagnostic.position.file == self.display:
            index = self.tool_at(diagnostic.position.line)
            if index is None:
                found = replace(diagnostic, position=self.draft.locate(()))
            else:
                tool = self.draft.tools[index]
                inside = diagnostic.path if diagnostic.tool is not None else diagnostic.path[2:]
                path = source_path(tool, inside)
                where = self.draft.locate((*tool.origin, *path))
                found = replace(diagnostic, position=where, path=path)
        return replace(
            found,
            message=self.text(found.message),
            hint=None if found.hint is None else self.text(found.hint),
        )

    def text(self, text: str) -> str:
        """``text`` with every ``<contract>:line[:col]`` turned into the source's place."""
        return self.mention.sub(self._mentioned, text)

    def _mentioned(self, match: re.Match[str]) -> str:
        line, column = int(match.group(1)), match.group(2)
        if column is None:
            index = self.tool_at(line)
            path: JsonPath = () if index is None else ("tools", index, "name")
        else:
            path = self.at.get((line, int(column)), ())
        where = self.place(path)
        return f"{where.file}:{where.line}" + ("" if column is None else f":{where.column}")

    def mentioned_tools(self, text: str) -> set[int]:
        """The tools of the contract that ``text`` points at (``<contract>:line``)."""
        lines = (int(match.group(1)) for match in self.mention.finditer(text))
        return {index for index in map(self.tool_at, lines) if index is not None}

    def place(self, path: JsonPath) -> Position:
        """The source position of a path of the rendered contract."""
        if len(path) >= 2 and path[0] == "tools" and isinstance(path[1], int):
            tool = self.draft.tools[path[1]]
            return self.draft.locate((*tool.origin, *source_path(tool, path[2:])))
        return self.draft.locate(())

    def all(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [self.diagnostic(d) for d in diagnostics]


def source_path(tool: DraftTool, inside: JsonPath) -> JsonPath:
    """Where a path inside a contract tool (``inputSchema.properties.x``) was read in the
    tool's source entry (``function.parameters.properties.x``)."""
    if not inside or not isinstance(inside[0], str):
        return ()
    field = tool.field(inside[0])
    if field is None:
        return ()
    return (*field.source_path, *inside[1:])
