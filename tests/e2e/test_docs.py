"""The docs target end to end: TOOLS.md and README.md from contracts, rendered by cmark-gfm."""

from __future__ import annotations

import re

import cmarkgfm
from cmarkgfm.cmark import Options

from tests.conftest import Project

HOSTILE = """
version: 1
tools:
  - name: evil
    title: "A | B </script><script>alert(1)</script>"
    description: |
      # Not a heading
      <img src=x onerror=alert(1)> {{ secret }}
      ```
      never closed
    category: "x|y `z`"
    riskLevel: low
    isReadOnly: true
    inputSchema:
      type: object
      properties:
        "we|ird\\nname":
          type: string
          description: "line\\nbreak | pipe <b>bold</b>"
          enum: ["a|b", "</script>", "{{ x }}"]
          pattern: "^(a[|]b|</script>|.*)$"
          default: "{{ x }}"
      required: ["we|ird\\nname"]
  - name: plain
    description: Plain.
    riskLevel: low
    inputSchema: {type: object}
"""


def _html(markdown: str) -> str:
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def test_catalogue_survives_hostile_contracts(project: Project) -> None:
    project.write("contracts/a.yaml", HOSTILE)
    assert project.run("generate").code == 0
    page = _html((project.generated / "docs/TOOLS.md").read_text("utf-8"))
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    tables = page.split("<table>")[1:]
    overview, modes, params = tables[0], tables[1], tables[2]
    rows = re.findall(r"<tr>(.*?)</tr>", overview.split("<tbody>")[1], flags=re.S)
    assert len(rows) == 2
    assert all(len(re.findall(r"<td>", row)) == 9 for row in rows)
    assert len(re.findall(r"<tr>", modes.split("<tbody>")[1])) == 3  # plan, default, auto
    (param,) = re.findall(r"<tr>(.*?)</tr>", params.split("<tbody>")[1], flags=re.S)
    cells = re.findall(r"<td>(.*?)</td>", param, flags=re.S)
    assert len(cells) == 6
    assert cells[0] == "<code>we|ird name</code>" and cells[2] == "yes"
    assert (
        "one of <code>&quot;a|b&quot;</code>, <code>&quot;&lt;/script&gt;&quot;</code>" in cells[4]
    )
    assert "pattern <code>^(a[|]b|&lt;/script&gt;|.*)$</code>" in cells[4]
    headings = re.findall(r"<h(\d)>(.*?)</h\d>", page)
    # Tools, Modes, evil, Parameters, plain, Parameters
    assert [h[0] for h in headings] == ["1", "2", "2", "3", "2", "3"]


def test_readme_lists_only_enabled_targets(project: Project) -> None:
    project.write("contracts/a.yaml", HOSTILE)
    project.write("toolcanon.yaml", "targets: [canonical, docs]\n")
    assert project.run("generate").code == 0
    readme = (project.generated / "README.md").read_text("utf-8")
    assert "`canonical/tools.json`" in readme and "`docs/TOOLS.md`" in readme
    assert "schema/" not in readme and "pip install" not in readme
    assert "fingerprint" in readme
