"""Generated JSON is the text json.dumps(indent=2, ensure_ascii=False) writes, whatever
the data (the faster writer hands anything unusual to the standard library)."""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.emit.json_layout import dumps_indented

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner) | st.tuples(inner, inner) | st.dictionaries(st.text(), inner),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(DATA)
def test_any_json_data_gets_the_standard_text(data: object) -> None:
    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


@pytest.mark.parametrize(
    "data",
    [
        {'é🚀\n"\\': ["\u2028", "\x00", -0.0, 1e300, math.inf, -math.inf, math.nan]},
        {1: "int key", None: "null key", 2.5: "float key"},
        OrderedDict(a=1),
        [True, False, 10**30, {}, [], ()],
    ],
)
def test_unusual_data_gets_the_standard_text(data: object) -> None:
    assert dumps_indented(data) == json.dumps(data, indent=2, ensure_ascii=False)


def test_what_json_refuses_it_refuses() -> None:
    with pytest.raises(TypeError):
        dumps_indented({"a": MappingProxyType({})})
