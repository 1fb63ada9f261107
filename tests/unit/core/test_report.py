"""The one reporter: text lines, GitHub workflow commands, JSON, and where each goes.

The GitHub lines are judged the way the Actions runner reads them (its
``ActionCommand.TryParseV2``: the command info ends at the first ``::`` after the
leading one, properties split on ``,`` and the first ``=``, values and data unescaped),
so a hostile file name or message can neither end a property nor start a command.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.core.report import (
    Line,
    diagnostic_line,
    format_github,
    format_text,
    github_data,
    github_property,
    location,
    print_diagnostics,
    printable,
    printable_name,
    render,
)

LINE = Line(
    Position("contracts/a.yaml", 3, 5),
    "error",
    "TC110",
    "unknown key 'riskLevle'",
    tool="read_file",
    path=("inputSchema", "properties", "odd key", 0),
    hint="did you mean 'riskLevel'?",
)
TEXT = (
    "contracts/a.yaml:3:5: error[TC110]: tool 'read_file': "
    "$.inputSchema.properties['odd key'][0]: unknown key 'riskLevle' "
    "(did you mean 'riskLevel'?)"
)
WARNING = Diagnostic(
    Position("b.yaml", 1, 2), "tool has no description", "TC301", Severity.WARNING, tool="x"
)
ERROR = Diagnostic(Position("a.yaml", 7, 9), "boom", "TC103", path=("tools", 0), hint="fix it")


def runner_parse(line: str) -> tuple[str, dict[str, str], str]:
    """(command, properties, data) as the Actions runner reads one workflow command."""
    assert line.startswith("::")
    end = line.index("::", 2)
    info, data = line[2:end], line[end + 2 :]
    command, _, props = info.partition(" ")
    properties = {}
    for item in filter(None, props.strip().split(",")):
        key, _, value = item.partition("=")
        if not value:
            continue  # the runner drops a property without a value
        for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ",")):
            value = value.replace(escaped, raw)
        properties[key] = value.replace("%25", "%")
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n")):
        data = data.replace(escaped, raw)
    return command, properties, data.replace("%25", "%")


def test_text_line_has_place_label_code_tool_path_message_and_hint() -> None:
    assert format_text(LINE) == TEXT


def test_text_line_without_place_tool_path_or_hint_is_just_label_and_message() -> None:
    assert format_text(Line(None, "breaking", "tool-removed", "gone")) == (
        "breaking[tool-removed]: gone"
    )
    assert format_text(LINE, with_tool=False) == TEXT.replace("tool 'read_file': ", "")


def test_diagnostic_line_keeps_every_field() -> None:
    line = diagnostic_line(ERROR)
    assert line == Line(ERROR.position, "error", "TC103", "boom", None, ("tools", 0), "fix it")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[31mred\x1b[0m", "\\u001b[31mred\\u001b[0m"),  # ESC: colours, cursor moves
        ("\x9b2J", "\\u009b2J"),  # 8-bit CSI
        ("a\nb\rc", "a\\nb\\rc"),
        ("\x00\x7f", "\\u0000\\u007f"),
        ("\u202eevil\u202c", "\\u202eevil\\u202c"),  # Trojan Source overrides
        ("\u2066x\u2069", "\\u2066x\\u2069"),  # isolates
        ("\u200e\u200f", "\\u200e\\u200f"),  # marks
        ("line\u2028sep\u2029", "line\\u2028sep\\u2029"),
        ("tab\there, é 读 ✓", "tab\there, é 读 ✓"),  # tab and text stay as written
    ],
)
def test_printable_shows_control_characters_as_escapes(raw: str, shown: str) -> None:
    assert printable(raw) == shown


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("r\u0435ad_file", "r\\u0435ad_file"),  # Cyrillic e in a Latin word
        ("\u03bfpen", "\\u03bfpen"),  # Greek omicron
        ("\uff52ead", "\\uff52ead"),  # fullwidth r: NFKC makes it ASCII
        ("\U0001d42bead", "\\U0001d42bead"),  # mathematical bold r
        ("fi\u0307le", "fi\\u0307le"),  # a combining dot on a Latin word
        ("café, naïve", "café, naïve"),  # Latin letters are not look-alikes
        ("привет, 時刻 → …", "привет, 時刻 → …"),  # other scripts' own words stay
    ],
)
def test_printable_marks_letters_that_pass_for_ascii(raw: str, shown: str) -> None:
    assert printable(raw) == shown


def test_a_printed_name_escapes_everything_but_printable_ascii() -> None:
    assert printable_name("git::git_status") == "git::git_status"
    assert printable_name("\u0435x\u0435c \x1b") == "\\u0435x\\u0435c \\u001b"
    line = Line(None, "error", "TC1", "m", tool="r\u0435ad_file")
    assert format_text(line) == "error[TC1]: tool 'r\\u0435ad_file': m"


def test_printable_escapes_every_bidi_control() -> None:
    bidi_control = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    assert not any(char in printable(bidi_control) for char in bidi_control)


def test_every_part_of_a_text_line_is_made_printable() -> None:
    hostile = "\x1b]0;title\x07"
    line = Line(Position(hostile, 1, 1), "error", "TC1", hostile, hostile, (hostile,), hostile)
    text = format_text(line)
    assert "\x1b" not in text and "\x07" not in text
    assert text.count("\\u001b]0;title\\u0007") == 5
    assert location(None) == ""


def test_github_line_puts_the_place_in_properties_and_the_text_in_the_message() -> None:
    line = format_github(LINE, "error", "toolcanon TC110")
    assert line == (
        "::error file=contracts/a.yaml,line=3,col=5,title=toolcanon TC110::"
        + TEXT.split("error[TC110]: ", 1)[1]
    )
    command, properties, data = runner_parse(line)
    assert command == "error"
    assert properties == {
        "file": "contracts/a.yaml",
        "line": "3",
        "col": "5",
        "title": "toolcanon TC110",
    }
    assert data.startswith("tool 'read_file': $.inputSchema")


def test_github_line_can_keep_the_label_for_findings_that_are_not_errors() -> None:
    line = Line(None, "breaking", "tool-removed", "gone", tool="t")
    assert format_github(line, "warning", "diff", keep_label=True) == (
        "::warning title=diff::tool 't': breaking[tool-removed]: gone"
    )


@pytest.mark.parametrize(
    "file",
    [
        "a::error::pwned.yaml",
        "a,line=1,title=x.yaml",
        "c:\\contracts\\a.yaml",
        "two\nlines\r.yaml",
        "\n::warning file=x::injected",
        "100%25.yaml",
    ],
)
def test_a_file_name_cannot_end_a_property_or_start_a_command(file: str) -> None:
    line = format_github(Line(Position(file, 4, 2), "error", "TC1", "m"), "error", "t")
    assert "\n" not in line and "\r" not in line
    command, properties, data = runner_parse(line)
    assert (command, properties, data) == (
        "error",
        {"file": file, "line": "4", "col": "2", "title": "t"},
        "m",
    )


@given(st.text(min_size=1), st.text())
def test_any_file_and_message_survive_the_runner(file: str, message: str) -> None:
    line = format_github(Line(Position(file, 1, 1), "error", "TC1", message), "error", "t")
    assert "\n" not in line and "\r" not in line
    _, properties, data = runner_parse(line)
    assert properties["file"] == file
    assert data == printable(message)


def test_github_escapes_follow_the_toolkit() -> None:
    assert github_data("100% a\r\nb:c,d") == "100%25 a%0D%0Ab:c,d"
    assert github_property("100% a\r\nb:c,d") == "100%25 a%0D%0Ab%3Ac%2Cd"


def test_json_is_every_field_verbatim_for_machines() -> None:
    hostile = Diagnostic(Position("é\x1b.yaml", 2, 3), "m\u2028", "TC1", tool="t", hint=None)
    document = json.loads(render([ERROR, hostile], "json"))
    assert document == [
        {
            "file": "a.yaml",
            "line": 7,
            "column": 9,
            "severity": "error",
            "code": "TC103",
            "tool": None,
            "path": "$.tools[0]",
            "message": "boom",
            "hint": "fix it",
        },
        {
            "file": "é\x1b.yaml",
            "line": 2,
            "column": 3,
            "severity": "error",
            "code": "TC1",
            "tool": "t",
            "path": "$",
            "message": "m\u2028",
            "hint": None,
        },
    ]
    assert render([], "json") == "[]\n"


def test_render_text_and_github_one_line_per_diagnostic() -> None:
    assert render([ERROR, WARNING], "text") == (
        "a.yaml:7:9: error[TC103]: $.tools[0]: boom (fix it)\n"
        "b.yaml:1:2: warning[TC301]: tool 'x': tool has no description\n"
    )
    assert render([ERROR, WARNING], "github") == (
        "::error file=a.yaml,line=7,col=9,title=toolcanon TC103::$.tools[0]: boom (fix it)\n"
        "::warning file=b.yaml,line=1,col=2,title=toolcanon TC301::"
        "tool 'x': tool has no description\n"
    )
    assert render([], "text") == render([], "github") == ""


@pytest.mark.parametrize(("fmt", "stream"), [("text", "err"), ("github", "err"), ("json", "out")])
def test_json_goes_to_stdout_everything_else_to_stderr(
    fmt: str, stream: str, capsys: pytest.CaptureFixture[str]
) -> None:
    print_diagnostics([ERROR], fmt)
    captured = capsys.readouterr()
    assert getattr(captured, stream) == render([ERROR], fmt)
    assert getattr(captured, "out" if stream == "err" else "err") == ""


def test_nothing_to_report_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    print_diagnostics([], "text")
    assert capsys.readouterr() == ("", "")
