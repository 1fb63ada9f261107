"""The agreement harness for the Zod converter: a judge, instances, and Node (a pytest plugin).

* The judge is ``jsonschema`` in the schema's own dialect, with one change the
  JSON Schema specification asks for: regular expressions are ECMA-262 in Unicode
  mode (``regress``), where jsonschema uses Python's ``re`` (which lets ``$``
  match before a final newline and ``\\d`` match any Unicode digit).
* Instances: drawn by hypothesis-jsonschema, hand-written per corpus case, and
  the variants :func:`variants` makes of each (type swaps, removed and added
  keys, bounds and lengths crossed, items duplicated …), valid or not: the judge
  decides which.
* Node: one ``tests/zod_runner.mjs`` process for the whole session, fed one
  request per schema.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import random
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
import pytest
import regress
from jsonschema.exceptions import ValidationError

from generator.emit.typescript.zod.module import RUNTIME_FILE, runtime_module, zod_module

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "ts_harness"
RUNNER = HERE / "zod_runner.mjs"
ZOD_MISSING = "zod not installed: run `npm ci` in tests/ts_harness"
SAFE_INTEGER = 2**53 - 1


@functools.lru_cache(maxsize=1024)
def ecma(pattern: str) -> regress.Regex:
    return regress.Regex(pattern, "u")


def _found(pattern: str, text: str) -> bool:
    return ecma(pattern).find(text) is not None


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string") and not _found(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Any, patterns: dict[str, Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if _found(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(
    validator: Any, additional: Any, instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    extras = [k for k in instance if k not in known and not any(_found(p, k) for p in patterns)]
    if validator.is_type(additional, "object"):
        for key in extras:
            yield from validator.descend(instance[key], additional, path=key)
    elif additional is False and extras:
        yield ValidationError(f"additional properties {extras!r}")


def judge(schema: Any) -> Any:
    """jsonschema's validator for ``schema``'s dialect, with ECMA-262 regular expressions."""
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    keywords = {
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "additionalProperties": _additional_properties,
    }
    return jsonschema.validators.extend(base, keywords)(schema)


def plain_judge(schema: Any) -> Any:
    """jsonschema exactly as it ships (Python ``re`` for patterns)."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


# --- instances ------------------------------------------------------------------

PROBES: tuple[Any, ...] = (None, True, False, 0, -1, 1.0, 1.5, "", "x", [], {})
EXTRA_KEYS = ("__extra__", "constructor", "__proto__", "x-9", "名前", "a.b")


@functools.cache
def json_values() -> SearchStrategy[Any]:
    """Any small JSON value."""
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers(-100, 100) | st.floats(-1e3, 1e3)
    return st.recursive(
        scalars | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4), inner, max_size=4),
        max_leaves=8,
    )


def draws(schema: Any, count: int) -> list[Any]:
    """Up to ``count`` instances hypothesis-jsonschema draws from ``schema`` (random JSON
    when it cannot read the schema), the same ones on every run."""
    # Imported here: this module is a pytest plugin, loaded by every test session.
    from hypothesis import HealthCheck, Phase, given, settings

    found: list[Any] = []
    for strategy in (_strategy(schema), json_values()):

        @settings(
            max_examples=count,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(strategy)
        def collect(instance: Any) -> None:
            found.append(instance)

        try:
            collect()
        except Exception:
            found.clear()
            continue
        return found
    return found


def _strategy(schema: Any) -> SearchStrategy[Any]:
    from hypothesis_jsonschema import from_schema

    try:  # a copy: from_schema resolves $ref in place, in the schema it is given
        return from_schema(copy.deepcopy(schema))
    except Exception:
        return json_values()


def variants(instance: Any, seed: str, limit: int = 120) -> list[Any]:
    """Instances near ``instance``: each location's value replaced, keys removed and added,
    arrays shortened, lengthened and given duplicates. At most ``limit``, chosen by ``seed``."""
    found: dict[str, Any] = {}
    for path, value in _locations(instance, ()):
        for new in _replacements(value):
            if isinstance(new, float) and not math.isfinite(new):
                continue  # not JSON
            candidate = _replace(instance, path, new)
            found.setdefault(_key(candidate), candidate)
    chosen = sorted(found)
    random.Random(seed).shuffle(chosen)
    return [found[key] for key in chosen[:limit]]


def _locations(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _locations(item, (*path, index))


def _replacements(value: Any) -> Iterator[Any]:
    yield from PROBES
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int | float):
        yield from (value + 1, value - 1, value + 0.5, -value, value * 10, value / 3, float(value))
    elif isinstance(value, str):
        yield from (value + "a", value[:-1], value + "😀", "😀" * len(value), value + "\n")
        yield from (value.upper(), "a" * (len(value) + 1), "1" + value, value + "-")
    elif isinstance(value, dict):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
        for key in EXTRA_KEYS:
            yield {**value, key: 1}
            yield {**value, key: "s"}
    elif isinstance(value, list):
        yield from (value[:-1], value[1:], value + value[:1], value[::-1], [*value, None])
        yield from ([*value, 1], [*value, "x"], [*value, {}], value + value)


def _replace(instance: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(instance, dict):
        return {**instance, head: _replace(instance[head], rest, new)}
    copy = list(instance)
    copy[head] = _replace(instance[head], rest, new)
    return copy


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


# --- named exceptions ------------------------------------------------------------


def unsafe_integer(value: Any) -> bool:
    """An integer JSON.parse cannot hold exactly (beyond ±(2^53 - 1)) anywhere in ``value``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) > SAFE_INTEGER
    children = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    )
    return any(unsafe_integer(child) for child in children)


def has_proto_key(value: Any) -> bool:
    """An own ``__proto__`` key anywhere in ``value``."""
    if isinstance(value, dict):
        return "__proto__" in value or any(has_proto_key(v) for v in value.values())
    return isinstance(value, list) and any(has_proto_key(v) for v in value)


def jsonschema_uniq_differs(value: Any) -> bool:
    """An array in ``value`` where jsonschema's uniqueness test errs: it sorts the items with
    Python's ``==`` (``True == 1``) and compares neighbours only, so in ``[[1], [true], [1]]``
    the two ``[1]`` are never compared."""
    from jsonschema._utils import uniq  # the judge's own helper, to find where it errs

    if isinstance(value, dict):
        return any(jsonschema_uniq_differs(v) for v in value.values())
    if not isinstance(value, list):
        return False
    return uniq(value) != exactly_unique(value) or any(jsonschema_uniq_differs(v) for v in value)


def exactly_unique(items: list[Any]) -> bool:
    """No two items equal as JSON values (1 equals 1.0; true does not equal 1)."""
    spelled = [json.dumps(_normal(item), sort_keys=True) for item in items]
    return len(set(spelled)) == len(spelled)


def _normal(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    return value


# --- node --------------------------------------------------------------------------


@dataclass
class ZodNode:
    """The session's Node process and the folder its generated modules live in."""

    folder: Path
    process: subprocess.Popen[str]

    def module(self, stem: str, schemas: list[tuple[str, Any]]) -> Path:
        path = self.folder / f"{stem}.js"
        path.write_text(zod_module(schemas), encoding="utf-8")
        return path

    def run(self, module: Path, name: str, instances: list[Any]) -> list[dict[str, Any]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"module": str(module), "name": name, "instances": instances}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if "error" in reply:
            raise AssertionError(f"node runner: {reply['error']}")
        results: list[dict[str, Any]] = reply["results"]
        return results


@pytest.fixture(scope="session")
def zod_node(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ZodNode]:
    """Generated modules go to a temporary folder that sees tests/ts_harness's zod."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (HARNESS / "node_modules" / "zod").is_dir():
        pytest.skip(ZOD_MISSING)
    folder = tmp_path_factory.mktemp("zod")
    (folder / "node_modules").symlink_to(HARNESS / "node_modules", target_is_directory=True)
    (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (folder / RUNTIME_FILE).write_text(runtime_module(), encoding="utf-8")
    process = subprocess.Popen(
        ["node", str(RUNNER)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    yield ZodNode(folder, process)
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=60)
