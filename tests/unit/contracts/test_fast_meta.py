"""The metaschema fast path must never call a schema valid that jsonschema rejects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.contracts.fast_meta import KEYWORDS, surely_valid
from tests.conftest import example_contract_files

META = jsonschema.Draft202012Validator(
    jsonschema.Draft202012Validator.META_SCHEMA,
    format_checker=jsonschema.FormatChecker(formats=["regex"]),
)
REPO = Path(__file__).resolve().parents[3]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(-2, 2),
    st.sampled_from(["", "string", "object", "([a-", "^a$", "#/$defs/x", "x"]),
)


def _json(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    keys = st.sampled_from([*KEYWORDS, "$id", "dependencies", "x-custom", "$schema"])
    return st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(keys | st.text(max_size=3), children, max_size=4),
    )


json_values = st.recursive(scalars, _json, max_leaves=25)
names = st.sampled_from(["a", "b", "c d", "é"])
types = st.sampled_from(["string", "object", "null", "integer", "strng"])


def _valid_value(key: str, schema: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A value for ``key`` that is usually right: the interesting side of the implication."""
    check = KEYWORDS[key].__name__
    by_kind: dict[str, st.SearchStrategy[Any]] = {
        "_schema": schema,
        "_schema_map": st.dictionaries(names, schema, max_size=3),
        "_schema_list": st.lists(schema, min_size=1, max_size=3),
        "_string": st.text(max_size=3),
        "_boolean": st.booleans(),
        "_number": st.integers(-5, 5) | st.floats(-1, 1),
        "_positive": st.integers(1, 5) | st.floats(0.5, 2),
        "_count": st.integers(0, 5),
        "_type": types | st.lists(types, min_size=1, max_size=3),
        "_regex": st.sampled_from(["^a$", "[0-9]+", "(", "a{2}"]),
        "_unique_strings": st.lists(names, max_size=3),
        "_pattern_map": st.dictionaries(st.sampled_from(["^x", "(", "y$"]), schema, max_size=2),
        "_dependent_required": st.dictionaries(names, st.lists(names, max_size=2), max_size=2),
        "_local_ref": st.sampled_from(["#", "#/$defs/a", "http://x/y"]),
        "_anything": json_values,
        "_array": st.lists(scalars, max_size=3),
    }
    return by_kind[check] | json_values if check != "_anything" else json_values


def _schema_of(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(st.sampled_from(list(KEYWORDS)), max_size=4, unique=True).flatmap(
        lambda keys: st.fixed_dictionaries({k: _valid_value(k, children) for k in keys})
    )


schemas = st.recursive(st.just({}) | st.booleans(), _schema_of, max_leaves=12).filter(
    lambda s: isinstance(s, dict)
)


@settings(max_examples=150, deadline=None)
@given(schemas)
def test_surely_valid_implies_metaschema_valid(schema: dict[str, Any]) -> None:
    if surely_valid(schema):
        assert list(META.iter_errors(schema)) == []


def test_example_contracts_take_the_fast_path() -> None:
    for path in example_contract_files():
        for tool in yaml.safe_load(path.read_text("utf-8"))["tools"]:
            assert surely_valid(tool["inputSchema"]), (path, tool["name"])


def test_bad_values_fall_back() -> None:
    assert not surely_valid({"type": "strng"})
    assert not surely_valid({"required": "a"})
    assert not surely_valid({"pattern": "([a-"})
    assert not surely_valid({"properties": {"a": {"minLength": -1}}})
    assert not surely_valid({"$schema": "http://json-schema.org/draft-07/schema#"})
