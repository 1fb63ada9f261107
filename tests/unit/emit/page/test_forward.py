"""The try-it page's strict-mode arguments (templates/page/js/calls.js ``sent``), in Node.

For every schema OpenAI strict mode takes (the example strict tools, the strict corpus
and the keyword corpus, as test_profile_inverse.py lists them) and valid arguments drawn
from it, what the page shows — the arguments walked along the strict schema the
provider receives — must be what strict mode makes a model send (tests/strict_arguments.py's
reference, built from the contract's schema and jsonschema), and the inverse
``parse_arguments`` runs must give the arguments back (with a null where strict mode
sent one for a property the contract lets be null). One Node process runs every case.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from generator.core.templating import raw
from generator.profiles.openai import strict_inverse, to_strict
from tests.python_runtime import load_runtime
from tests.strict_arguments import as_strict, undeclared_keys, without_added_nulls
from tests.unit.profiles.test_inverse import strict_schemas
from tests.zod_harness import draws, judge

SCRIPT = """
CODE
const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const out = cases.map(([schema, value]) => sent(schema, schema, value));
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The Python package's runtime helpers: its ``undo`` is the one parse_arguments runs."""
    return load_runtime(tmp_path_factory.mktemp("runtime"))


def cases() -> list[tuple[str, Any, Any, Any]]:
    """(name, inverse or None, schema, valid contract-form arguments a strict provider
    can send at all)."""
    found = []
    for name, schema in strict_schemas():
        nodes = strict_inverse(schema)
        validator = judge(schema)
        for value in draws(schema, 6):
            if not exact_in_javascript(value):
                continue  # a JavaScript number cannot hold it: the page, like Zod, reads a double
            if validator.is_valid(value) and not undeclared_keys(schema, schema, value):
                found.append((name, nodes, schema, value))
    return found


def exact_in_javascript(value: Any) -> bool:
    """Whether every number in ``value`` survives a trip through a JavaScript double."""
    if isinstance(value, dict):
        return all(exact_in_javascript(item) for item in value.values())
    if isinstance(value, list):
        return all(exact_in_javascript(item) for item in value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return True
    return abs(value) <= 2**53


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_sends_what_strict_mode_sends_and_undo_gives_it_back(runtime: Any) -> None:
    found = cases()
    assert len({name for name, *_ in found}) >= 10  # the corpus reaches many shapes
    code = "\n".join(raw(f"page/js/{name}") for name in ("dom.js", "schema.js", "calls.js"))
    script = SCRIPT.replace("CODE", code)
    payload = json.dumps([[to_strict(schema).schema, value] for _, _, schema, value in found])
    result = subprocess.run(
        ["node", "-e", script], input=payload, capture_output=True, text=True, check=True
    )
    sent = json.loads(result.stdout)
    failures = []
    for (name, nodes, schema, value), shown in zip(found, sent, strict=True):
        expected = as_strict(schema, schema, value, judge(schema))
        back = shown if nodes is None else runtime._undo.undo(nodes, shown)
        if shown != expected or without_added_nulls(back, value) != value:
            failures.append(f"{name}: {value!r} → {shown!r}, strict mode sends {expected!r}")
    assert not failures, "\n".join(failures[:10])
