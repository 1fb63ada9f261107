"""write/textdiff: the unified diffs check shows, bounded and terminal-safe.

Hunks are numbered as in the whole file even though the shared head and tail are cut
before diffing; what is over a budget (lines per side, files per run, lines shown) is
said in a line instead of being computed or printed.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.write.textdiff import MAX_FILES, MAX_LINES, SHOWN, Budget, unified

REL = PurePosixPath("openai/tools.json")


def lines(*items: str) -> bytes:
    return "".join(f"{item}\n" for item in items).encode()


def numbered(count: int, prefix: str = "line") -> list[str]:
    return [f"{prefix} {n}" for n in range(1, count + 1)]


def test_a_small_change_is_a_unified_diff_with_headers() -> None:
    shown = unified(REL, lines("a", "b", "c"), lines("a", "B", "c"), Budget())
    assert shown == (
        "--- openai/tools.json (on disk)\n"
        "+++ openai/tools.json (generated)\n"
        "@@ -1,3 +1,3 @@\n"
        " a\n"
        "-b\n"
        "+B\n"
        " c\n"
    )


def test_hunks_are_numbered_as_in_the_whole_file() -> None:
    old = numbered(100)
    new = [*old[:59], "changed", *old[60:]]
    shown = unified(REL, lines(*old), lines(*new), Budget()).splitlines()
    assert shown[2:] == [
        "@@ -58,5 +58,5 @@",
        " line 58",
        " line 59",
        "-line 60",
        "+changed",
        " line 61",
        " line 62",
    ]


def test_a_long_diff_is_cut_at_the_lines_shown() -> None:
    shown = unified(REL, lines(*numbered(100)), lines(*numbered(100, "new")), Budget())
    out = shown.splitlines()
    assert len(out) == SHOWN + 1
    # headers, one hunk header, 100 removed and 100 added lines: 203 in all
    assert out[-1] == f"... {203 - SHOWN} more diff lines"


def test_each_diffed_file_spends_the_budget_and_the_rest_are_named() -> None:
    budget = Budget(files=1)
    first = unified(PurePosixPath("a.json"), lines("x"), lines("y"), budget)
    second = unified(PurePosixPath("b.json"), lines("x"), lines("y"), budget)
    assert first.startswith("--- a.json (on disk)\n")
    assert second == ""
    assert budget.files == 0
    assert budget.skipped == [PurePosixPath("b.json")]
    assert Budget().files == MAX_FILES


def test_too_many_changed_lines_are_not_diffed_and_it_says_so() -> None:
    budget = Budget()
    old = lines(*numbered(MAX_LINES + 1, "old"))
    new = lines(*numbered(MAX_LINES + 1, "new"))
    assert unified(REL, old, new, budget) == (
        f"  (about {MAX_LINES + 1:,} lines differ: too many to diff here; "
        "run generate, then git diff)\n"
    )
    assert budget.files == MAX_FILES  # nothing diffed, nothing spent
    assert budget.skipped == []


def test_exactly_the_line_limit_is_still_diffed() -> None:
    budget = Budget()
    old = lines(*numbered(MAX_LINES, "old"))
    new = lines(*numbered(MAX_LINES, "new"))
    shown = unified(REL, old, new, budget)
    assert shown.startswith(f"--- {REL} (on disk)\n")
    assert budget.files == MAX_FILES - 1


def test_a_change_inside_a_huge_shared_file_is_still_diffed() -> None:
    common = numbered(3 * MAX_LINES)
    old = lines(*common, "tail old")
    new = lines(*common, "tail new")
    shown = unified(REL, old, new, Budget()).splitlines()
    assert shown[2:] == [
        f"@@ -{3 * MAX_LINES - 1},3 +{3 * MAX_LINES - 1},3 @@",
        f" line {3 * MAX_LINES - 1}",
        f" line {3 * MAX_LINES}",
        "-tail old",
        "+tail new",
    ]


def test_control_characters_are_shown_not_sent() -> None:
    old = lines("plain")
    new = b"\x1b[2J\x1b]0;owned\x07\n\xe2\x80\xaereversed\n\xff\xfe\n"
    shown = unified(REL, old, new, Budget())
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
    assert shown.splitlines()[3:] == [
        "-plain",
        "+\\u001b[2J\\u001b]0;owned\\u0007",
        "+\\u202ereversed",
        "+\ufffd\ufffd",  # bytes that are not UTF-8 are replaced, never passed through
    ]
