"""A token report as text for a person: the listings, then each tool per list.

An estimate is marked ``~`` and said to be one; a provider's fixed tool-use overhead is
shown beside a listing, never added into it.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.core.report import printable
from generator.tokens.measure import Measure, TokenReport


def show(measure: Measure) -> str:
    """``512`` for an exact count, ``~512`` for an estimate."""
    return f"{'~' if measure.kind == 'estimate' else ''}{measure.tokens}"


def report_text(report: TokenReport, heading: str) -> str:
    """The listings table and the per-tool table, column widths fitted to the cells."""
    lines = [heading, ""]
    listing_rows = [("list", "file", "tools", "tokens", "also")]
    for row in report.listings:
        others = [f"{m.method} {show(m)}" for m in row.measures[1:]]
        if row.overhead is not None:
            choice = "/".join(row.overhead.tool_choices)
            others.append(f"+{row.overhead.tokens} {row.overhead.model} tool use ({choice})")
        listing_rows.append(
            (row.target, row.file, str(len(row.tools)), show(row.primary), "; ".join(others))
        )
    lines += _table(listing_rows, right={2, 3})
    targets = list(dict.fromkeys(row.target for row in report.tools))
    tools = list(dict.fromkeys(row.tool for row in report.tools))
    cells = {(row.tool, row.target): show(row.primary) for row in report.tools}
    tool_rows = [("tool", *targets)]
    tool_rows += [(printable(t), *(cells.get((t, key), "-") for key in targets)) for t in tools]
    lines += ["", *_table(tool_rows, right=set(range(1, len(targets) + 1)))]
    lines += ["", "~ estimate: no offline tokenizer is published (o200k count, uncalibrated)"]
    return "\n".join(lines) + "\n"


def _table(rows: Sequence[tuple[str, ...]], *, right: set[int]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
