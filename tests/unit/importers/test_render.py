"""The YAML an import writes reads back as exactly the data imported, whatever the text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.contracts.loader import load_file
from generator.importers.draft import Draft, DraftTool, Field, at_start
from generator.importers.render import render

SCHEMA = "../generated/schema/contract.schema.json"

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)


LOCATE = at_start("source.json")
INNER = (
    (("properties", "p", "default"), "normalized here"),
    (("properties", "p"), "and here"),
    ((), "and at the field"),
)


def _draft(description: str, extra: dict[str, Any]) -> Draft:
    schema = {"type": "object", "properties": {"p": {"default": extra}}, "x-any": extra}
    tool = DraftTool(
        "t",
        (
            Field("name", "t"),
            Field("description", description, "a review comment\nover two lines"),
            Field("inputSchema", schema, inner=INNER),
        ),
    )
    return Draft("mcp", "a test", "t", Field("server", "s", "guessed"), (tool,), (), LOCATE)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(description=st.text(max_size=80), extra=st.dictionaries(st.text(max_size=12), JSON))
def test_rendered_yaml_reads_back_exactly(tmp_path: Path, description: str, extra: Any) -> None:
    draft = _draft(description, extra)
    path = tmp_path / "t.yaml"
    path.write_text(render(draft, SCHEMA), encoding="utf-8")
    data = load_file(path, "t.yaml").data
    tool = data["tools"][0]
    assert tool["description"] == description
    spelled = json.dumps(tool["inputSchema"], ensure_ascii=False)
    assert spelled == json.dumps(draft.tools[0].get("inputSchema"), ensure_ascii=False)


BREAKY = st.text(alphabet=st.sampled_from("a \n\t:#-'\"\u2028\x85"), max_size=10)


def _tool(name: str, description: str, last: str) -> DraftTool:
    schema = {"type": "object", "properties": {"p": {"type": "string", "default": last}}}
    return DraftTool(
        name, (Field("name", name), Field("description", description), Field("inputSchema", schema))
    )


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(texts=st.lists(BREAKY, min_size=4, max_size=4))
@example(texts=["Line one.\n\n", "\n", "ends in a blank line\n\n", "x"])
def test_text_ending_in_blank_lines_reads_back_between_tools(
    tmp_path: Path, texts: list[str]
) -> None:
    """Two tools, each ending in a string of line breaks: the blank line between tools
    (and the end of the file) must not become part of the text before it."""
    tools = (_tool("a", texts[0], texts[1]), _tool("b", texts[2], texts[3]))
    draft = Draft("mcp", "a test", "t", None, tools, (), LOCATE)
    path = tmp_path / "t.yaml"
    path.write_text(render(draft, SCHEMA), encoding="utf-8")
    read = load_file(path, "t.yaml").data["tools"]
    assert [tool["description"] for tool in read] == [texts[0], texts[2]]
    assert [tool["inputSchema"]["properties"]["p"]["default"] for tool in read] == texts[1::2]


def test_multi_line_description_is_a_literal_block(tmp_path: Path) -> None:
    text = render(_draft("First line.\n\nÜnïcödé — 中文.\n", {}), SCHEMA)
    assert "    description: |\n      First line.\n\n      Ünïcödé — 中文.\n" in text
    assert "    # review: a review comment over two lines\n" in text


def test_inner_reviews_sit_above_their_keys(tmp_path: Path) -> None:
    """--normalize's reviews: each above the key it is about, indented like it."""
    text = render(_draft("d", {"k": 1}), SCHEMA)
    assert (
        "    # review: and at the field\n"
        "    inputSchema:\n"
        "      type: object\n"
        "      properties:\n"
        "        # review: and here\n"
        "        p:\n"
        "          # review: normalized here\n"
        "          default:"
    ) in text
