"""Speed of ``parse_arguments`` for a 5-property tool, and of jsonschema as the only judge.

    .venv/bin/python bench/arguments.py [--rounds 25]

Uses the example contracts' package (generated/python) and its ``read_file`` tool (five
properties: a string with minLength, two bounded integers, an enum, a nullable pattern)
with the arguments OpenAI strict mode sends (JSON text, nulls for two optional
properties). Each figure is the median over rounds of the mean time per call, after
warm-up; the rounds of all figures take turns. Target: parse_arguments ≤ 30 µs.

Printed for comparison: the same work with jsonschema as the only judge (decode, undo,
``Draft202012Validator.is_valid``, the model built without a second validation), and
the parts of parse_arguments on their own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
TOOL = "read_file"
SENT = {"path": "/src/app.py", "offset": 40, "limit": None, "lineFormat": "hashed", "pages": None}
NUMBER = 2000


def per_call(works: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """Median over ``rounds`` of the mean µs per call of each work (after a warm-up round).
    Rounds take turns, so a busy moment of the machine weighs on every figure alike."""
    times: dict[str, list[float]] = {name: [] for name in works}
    for round in range(rounds + 1):
        for name, work in works.items():
            seconds = timeit.timeit(work, number=NUMBER) / NUMBER
            if round:  # round 0 warms up
                times[name].append(seconds * 1e6)
    return {name: statistics.median(found) for name, found in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO / "generated" / "python"))
    import jsonschema
    import toolcanon_tools as pkg
    from toolcanon_tools import _data, _model, _undo, _validate

    raw = json.dumps(SENT)
    schema = pkg.get(TOOL)["inputSchema"]  # a plain copy
    judge = jsonschema.Draft202012Validator(schema)
    model = pkg.MODELS[TOOL]
    nodes = _data.INVERSES["openai"][TOOL]
    undone = _undo.undo(nodes, json.loads(raw))

    def with_jsonschema() -> Any:
        value = _undo.undo(nodes, json.loads(raw))
        if not judge.is_valid(value):
            raise ValueError(list(judge.iter_errors(value)))
        return model.model_validate(value, context=_model.TRUSTED)

    measured = {
        "parse_arguments": lambda: pkg.parse_arguments(TOOL, raw, provider="openai"),
        "jsonschema as the judge": with_jsonschema,
        "  json.loads": lambda: json.loads(raw),
        "  undo (inverse)": lambda: _undo.undo(nodes, json.loads(raw)),
        "  exact validator": lambda: _validate.problems_of(TOOL, undone),
        "  jsonschema is_valid": lambda: judge.is_valid(undone),
        "  model (trusted)": lambda: model.model_validate(undone, context=_model.TRUSTED),
    }
    results = per_call(measured, args.rounds)
    print(f"{TOOL}, 5 properties, arguments as OpenAI strict mode sends them: {raw}")
    for name, micros in results.items():
        print(f"{name:<26} {micros:8.2f} µs")
    ratio = results["jsonschema as the judge"] / results["parse_arguments"]
    print(f"jsonschema as the judge takes {ratio:.1f} times as long")
    print("target: parse_arguments ≤ 30 µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
