"""Fuzzing: random YAML and random contract-shaped data never crash the generator.

Every outcome is either success (and then every generated JSON file parses and
every generated Python file compiles) or diagnostics with exit 2. The budget here
is small so the suite stays quick; for a longer local run:
``TOOLCANON_FUZZ_EXAMPLES=5000 pytest tests/e2e/test_fuzz.py``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import generate_in

EXAMPLES = int(os.environ.get("TOOLCANON_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

text = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12)
names = st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,10}", fullmatch=True) | text
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | text
)
keywords = st.sampled_from(
    [
        "type",
        "properties",
        "required",
        "items",
        "enum",
        "const",
        "anyOf",
        "oneOf",
        "allOf",
        "$ref",
        "$defs",
        "additionalProperties",
        "description",
        "default",
        "minimum",
        "pattern",
        "format",
        "not",
        "prefixItems",
        "title",
        "nullable",
        "x-extra",
    ]
)
types = st.sampled_from(["object", "string", "integer", "number", "boolean", "array", "null"])


def _schema_children(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(keywords | names, children, max_size=4),
        st.fixed_dictionaries(
            {"type": types},
            optional={
                "properties": st.dictionaries(names, children, max_size=3),
                "required": st.lists(names, max_size=2),
                "items": children,
                "enum": st.lists(scalars, min_size=1, max_size=3),
                "description": text,
                "$ref": st.sampled_from(["#", "#/$defs/a", "#/$defs/missing", "http://x/y"]),
                "$defs": st.dictionaries(st.just("a"), children, max_size=1),
            },
        ),
    )


schemas = st.recursive(scalars | types.map(lambda t: {"type": t}), _schema_children, max_leaves=15)
tool_keys = st.sampled_from(
    [
        "title",
        "description",
        "kind",
        "category",
        "riskLevel",
        "isReadOnly",
        "availableInPlanMode",
        "requiresPlanApproval",
        "requiresConfirmation",
        "approvalFlow",
        "telemetry",
        "permissions",
        "planModeWrites",
        "strict",
        "annotations",
        "riskLevle",
        "parameters",
    ]
)
tools = st.fixed_dictionaries(
    {
        "name": names,
        "inputSchema": st.fixed_dictionaries(
            {"type": st.just("object")},
            optional={
                "properties": st.dictionaries(names, schemas, max_size=4),
                "required": st.lists(names, max_size=2),
                "$defs": st.dictionaries(st.just("a"), schemas, max_size=1),
            },
        )
        | schemas,
    },
    optional={k: scalars | schemas for k in ["title", "description", "riskLevel"]},
).flatmap(
    lambda t: st.dictionaries(tool_keys, scalars, max_size=3).map(lambda extra: {**t, **extra})
)
contracts = st.fixed_dictionaries(
    {"version": st.just(1) | scalars, "tools": st.lists(tools, max_size=3)},
    optional={"server": names, "defaults": st.dictionaries(tool_keys, scalars, max_size=2)},
)


def _run(root: Path) -> int:
    return generate_in(root)


def _assert_outcome(root: Path, code: int) -> None:
    assert code in (0, 2)
    if code == 0:
        for path in (root / "generated").rglob("*.json"):
            json.loads(path.read_text("utf-8"))
        for path in (root / "generated").rglob("*.py"):
            compile(path.read_text("utf-8"), str(path), "exec")


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return tmp_path


@FUZZ
@given(contracts)
def test_random_contracts_never_crash(workdir: Path, contract: dict[str, Any]) -> None:
    root = workdir / "fuzz"
    shutil.rmtree(root, ignore_errors=True)
    (root / "contracts").mkdir(parents=True)
    text_out = yaml.safe_dump(contract, allow_unicode=True, sort_keys=False)
    (root / "contracts" / "c.yaml").write_text(text_out, encoding="utf-8")
    _assert_outcome(root, _run(root))


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_random_bytes_never_crash(workdir: Path, data: bytes) -> None:
    root = workdir / "bytes"
    shutil.rmtree(root, ignore_errors=True)
    (root / "contracts").mkdir(parents=True)
    (root / "contracts" / "c.yaml").write_bytes(b"version: 1\ntools:\n" + data)
    _assert_outcome(root, _run(root))
