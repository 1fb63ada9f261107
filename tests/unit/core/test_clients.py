"""core/clients.py: every limit names a known client, a number or a pattern, and a source."""

from __future__ import annotations

from generator.core.clients import CLIENTS, LIMITS, limits_of
from tests.conftest import REPO


def test_every_row_is_a_known_client_with_a_limit_and_a_published_source() -> None:
    for limit in LIMITS:
        assert limit.client in CLIENTS, limit
        assert limit.most is not None or limit.pattern is not None, limit
        assert limit.most is None or limit.most > 0, limit
        assert limit.source.startswith("https://"), limit
        assert limit.target in ("mcp", "gemini"), limit


def test_a_client_without_a_published_limit_has_no_row() -> None:
    assert limits_of("chatgpt") == ()
    assert {limit.client for limit in LIMITS} == set(CLIENTS) - {"chatgpt"}


def test_names_are_built_from_the_server_and_tool_names_only() -> None:
    for limit in LIMITS:
        if limit.subject == "name":
            assert "t" in limit.shape.format(server="s", tool="t"), limit
        else:
            assert limit.shape == "", limit


def test_the_manual_links_every_source_and_names_every_client() -> None:
    page = (REPO / "docs" / "clients.md").read_text("utf-8")
    for limit in LIMITS:
        assert f"]({limit.source})" in page, limit.source
    for client in CLIENTS:
        assert f"| `{client}` |" in page, client
