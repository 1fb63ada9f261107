"""jsonschema/dialects.py: which dialect a schema is written in, and what its keywords are."""

from __future__ import annotations

from typing import Any

import pytest

from generator.jsonschema.dialects import (
    ANY,
    DEFAULT,
    DIALECTS,
    DRAFT_2020_12_DIALECT,
    FOR_TYPE,
    TYPE_NAMES,
    dialect_named,
    dialect_of,
)


@pytest.mark.parametrize(
    ("uri", "name"),
    [
        ("https://json-schema.org/draft/2020-12/schema", "2020-12"),
        ("https://json-schema.org/draft/2020-12/schema#", "2020-12"),
        ("http://json-schema.org/draft/2020-12/schema", "2020-12"),
        ("https://json-schema.org/draft/2019-09/schema", "2019-09"),
        ("http://json-schema.org/draft-07/schema#", "draft-07"),
        ("http://json-schema.org/draft-07/schema", "draft-07"),
        ("https://json-schema.org/draft-07/schema#", "draft-07"),
        ("http://json-schema.org/draft-06/schema#", "draft-06"),
        (" http://json-schema.org/draft-04/schema# ", "draft-04"),
    ],
)
def test_every_spelling_of_a_known_dialect(uri: str, name: str) -> None:
    found = dialect_named(uri)
    assert found is not None and found.name == name
    assert dialect_of({"$schema": uri}) is found


@pytest.mark.parametrize(
    "uri", ["https://example.com/schema", "json-schema.org/draft-08/schema", "", "draft-07"]
)
def test_an_unknown_dialect_is_none_by_name_and_2020_12_for_a_schema(uri: str) -> None:
    assert dialect_named(uri) is None
    assert dialect_of({"$schema": uri}) is DEFAULT is DRAFT_2020_12_DIALECT


@pytest.mark.parametrize("schema", [{}, {"$schema": 7}, {"$schema": None}, True, [], "x"])
def test_no_usable_schema_uri_means_2020_12(schema: Any) -> None:
    assert dialect_of(schema) is DEFAULT


def test_vocabularies_differ_where_the_specifications_do() -> None:
    by_name = {d.name: d for d in DIALECTS}
    assert [by_name[n].items_array for n in ("draft-04", "draft-07", "2019-09", "2020-12")] == [
        True,
        True,
        True,
        False,
    ]
    assert "prefixItems" in by_name["2020-12"].schema_list
    assert "prefixItems" not in by_name["2019-09"].keywords
    assert "contentSchema" not in by_name["draft-07"].keywords
    assert {"if", "then", "else"} <= by_name["draft-07"].schema
    assert "if" not in by_name["draft-06"].keywords
    assert "const" not in by_name["draft-04"].keywords
    assert ("id" in by_name["draft-04"].keywords, "$id" in by_name["draft-04"].keywords) == (
        True,
        False,
    )
    assert {"$defs", "definitions"} <= by_name["2020-12"].schema_map
    assert "definitions" in by_name["2020-12"].deprecated
    assert "regex" in by_name["draft-07"].formats and "regex" not in by_name["draft-06"].formats
    assert "uuid" in by_name["2019-09"].formats and "uuid" not in by_name["draft-07"].formats


def test_any_is_the_union_of_every_dialect() -> None:
    for dialect in DIALECTS:
        assert dialect.keywords <= ANY.keywords
        assert dialect.subschema_keywords() <= ANY.subschema_keywords()
    assert ANY.items_array
    assert not ANY.annotations & ANY.schema  # contentSchema is walked, not an annotation


def test_type_specific_keywords_are_vocabulary_and_cover_every_type_name() -> None:
    assert sorted(FOR_TYPE) == list(TYPE_NAMES)
    every = frozenset().union(*(d.keywords for d in DIALECTS))
    assert set().union(*FOR_TYPE.values()) <= every
    assert FOR_TYPE["object"] >= {"properties", "dependencies", "dependentSchemas"}
    assert FOR_TYPE["number"] == FOR_TYPE["integer"]
    assert not FOR_TYPE["string"] & FOR_TYPE["array"]
