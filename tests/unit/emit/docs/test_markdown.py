"""Markdown escaping filters, judged by GitHub's own renderer (cmark-gfm)."""

from __future__ import annotations

import html
import re

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit.docs.markdown import md_cell, md_code, md_text

HOSTILE = [
    "a | b",
    "`code` and ``two``",
    "line one\nline two\r\nthree",
    "<script>alert(1)</script>",
    "</script><img src=x onerror=alert(1)>",
    "{{ secrets }} {% raw %}",
    "# not a heading",
    "*em* _em_ **strong** ~~gone~~ $x$",
    "[link](javascript:alert(1)) ![img](x.png)",
    "&lt; &amp; &#60;",
    "back\\slash \\| pipe\\",
    "",
    "   ",
]


def _render(markdown: str) -> str:
    """HTML as GitHub's renderer makes it, raw HTML *allowed*: escaping must do the work."""
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def _cells(markdown_row: str) -> list[str]:
    page = _render(f"| a | b |\n|---|---|\n{markdown_row}\n")
    body = page.split("<tbody>")[1] if "<tbody>" in page else ""
    return re.findall(r"<td>(.*?)</td>", body, flags=re.S)


def _text(cell_html: str) -> str:
    without_code = re.sub(r"</?code>", "", cell_html.replace("<br />", "\n").replace("<br>", "\n"))
    return html.unescape(without_code)


@pytest.mark.parametrize("value", HOSTILE)
def test_cell_renders_exactly_the_text(value: str) -> None:
    cells = _cells(f"| {md_cell(value)} | {md_code(value)} |")
    assert len(cells) == 2
    assert "<" not in re.sub(r"</?code>|<br ?/?>", "", cells[0] + cells[1])  # no HTML got in
    assert _text(cells[0]).strip() == value.replace("\r\n", "\n").strip()
    expected_code = re.sub(r"\r\n|\r|\n", " ", value)
    assert _text(cells[1]).strip() == expected_code.strip()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab |`\\*_<>{}#&;$[]()!~-=\n"), max_size=20))
def test_any_cell_keeps_the_row_shape_and_the_text(value: str) -> None:
    cells = _cells(f"| {md_cell(value)} | x |")
    assert len(cells) == 2
    assert _text(cells[0]).strip() == value.strip()


def test_cell_examples() -> None:
    assert md_cell("a|b") == "a\\|b"
    assert md_cell("x\ny") == "x<br>y"
    assert md_cell("{{ v }}") == "\\{\\{ v \\}\\}"
    assert md_cell("read_file") == "read\\_file"
    assert md_code("a|b") == "`a\\|b`"
    assert md_code("x`y") == "``x`y``"
    assert md_code("`y") == "`` `y ``"


def test_text_keeps_markdown_but_not_html_or_headings() -> None:
    description = "Use `a<b` and **bold**.\n# Title\n<script>x</script>\nText\n---\n{{ x }}"
    page = _render(f"## Tool\n\n{md_text(description)}\n\n## Next\n")
    assert "<code>a&lt;b</code>" in page and "<strong>bold</strong>" in page
    assert "<script" not in page
    assert re.findall(r"<h\d>", page) == ["<h2>", "<h2>"]
    assert "{{ x }}" in html.unescape(page)


def test_text_closes_an_open_fence() -> None:
    block = md_text("before\n```python\nopen <b> forever")
    page = _render(f"{block}\n\n## Next\n")
    assert "<h2>Next</h2>" in page
    assert "open &lt;b&gt; forever" in page  # inside code: shown, not HTML
