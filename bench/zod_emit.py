"""Bench: the Zod converter against json-schema-to-zod and Zod's own z.fromJSONSchema.

For the example contracts and a synthetic 1,000-tool set, on the same input
schemas, in one run:

* ours: ``zod_module`` (the whole ES module text) and ``zod_schema`` per tool,
  in this process;
* json-schema-to-zod 2.8.1, the most used JSON-Schema→Zod code generator on npm
  (text out, like ours; it writes Zod 3 style and reads no ``$ref``), in one Node
  process;
* ``z.fromJSONSchema`` of Zod 4.6.7 (schema objects at run time, no text), in the
  same Node process, next to the time Node takes to import our generated module
  (which builds the same kind of objects).

Times are the best of ``--repeat`` runs, start-up of neither interpreter counted.
Needs ``npm ci`` in bench/node.

``--agreement`` also counts how often each converter's validator disagrees with
jsonschema on the keyword corpus and the example contracts, with the instances
and judge of tests/unit/emit/typescript/zod/test_agreement.py (ours disagrees nowhere: that suite
asserts it).

    .venv/bin/python -m bench.zod_emit [--count 1000] [--repeat 5] [--agreement]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.synth import make_contracts
from bench.typescript_emit import best_of, load
from generator.emit.typescript.zod.module import (
    RUNTIME_FILE,
    prefixes,
    runtime_module,
    zod_module,
    zod_schema,
)
from generator.ir.model import Toolset, thaw
from generator.project.config import load_config
from generator.run.pipeline import load_toolset

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "bench" / "node"


def ours(entries: list[tuple[str, Any]], repeat: int) -> dict[str, float]:
    """Seconds for the whole module and for the schemas one by one."""
    names = prefixes([name for name, _ in entries])
    module_s = best_of(repeat, lambda: zod_module(entries))
    each_s = best_of(
        repeat, lambda: [zod_schema(s, prefix=p) for p, (_, s) in zip(names, entries, strict=True)]
    )
    return {"module": module_s, "schemas": each_s}


def theirs(entries: list[tuple[str, Any]], folder: Path, repeat: int) -> dict[str, Any]:
    """json-schema-to-zod and z.fromJSONSchema over the same schemas; import of our module."""
    (folder / "node_modules").symlink_to(NODE_DIR / "node_modules", target_is_directory=True)
    (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (folder / RUNTIME_FILE).write_text(runtime_module(), encoding="utf-8")
    (folder / "schemas.js").write_text(zod_module(entries), encoding="utf-8")
    source = folder / "schemas.json"
    source.write_text(json.dumps([{"schema": s} for _, s in entries]), encoding="utf-8")
    result = subprocess.run(
        [
            "node",
            str(NODE_DIR / "zod_all.mjs"),
            str(source),
            str(folder / "schemas.js"),
            str(repeat),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=folder,
    )
    measured: dict[str, Any] = json.loads(result.stdout)
    return measured


def report(label: str, entries: list[tuple[str, Any]], repeat: int) -> None:
    mine = ours(entries, repeat)
    with tempfile.TemporaryDirectory() as tmp:
        other = theirs(entries, Path(tmp), repeat)
    text_s, runtime_s = other["jsonSchemaToZod"] / 1000, other["fromJSONSchema"] / 1000
    rows = [
        ("toolcanon zod_module (whole module text)", mine["module"]),
        ("toolcanon zod_schema, one by one", mine["schemas"]),
        ("json-schema-to-zod 2.8.1 (text)", text_s),
        ("zod 4.6.7 z.fromJSONSchema (objects)", runtime_s),
        ("node: import our generated module", other["importOurs"] / 1000),
    ]
    print(f"\n{label}: {len(entries)} tools")
    for name, seconds in rows:
        print(f"  {name:44} {seconds * 1000:9.1f} ms")
    print(f"  failures (threw): {other['failures']}")
    print(
        f"  ratio ours/json-schema-to-zod: {mine['module'] / text_s:.2f}x (module), "
        f"{mine['schemas'] / text_s:.2f}x (schemas); "
        f"ours/z.fromJSONSchema: {mine['module'] / runtime_s:.2f}x"
    )


def agreement(entries: list[tuple[str, Any]]) -> None:
    """Verdicts of json-schema-to-zod and z.fromJSONSchema against the judge's."""
    from tests.unit.emit.typescript.zod.test_agreement import exception_for, instances_for
    from tests.zod_corpus import CASES
    from tests.zod_harness import judge

    schemas = [(c.id, c.schema, c.instances) for c in CASES] + [(n, s, ()) for n, s in entries]
    cases = [{"schema": s, "instances": instances_for(s, own, n)} for n, s, own in schemas]
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "cases.json"
        source.write_text(json.dumps(cases), encoding="utf-8")
        result = subprocess.run(
            ["node", str(NODE_DIR / "zod_verdicts.mjs"), str(source)],
            capture_output=True, text=True, check=True, cwd=NODE_DIR,
        )  # fmt: skip
    rows = json.loads(result.stdout)
    print(f"\nagreement with jsonschema: {len(schemas)} schemas, corpus and example contracts")
    for name in ("jsonSchemaToZod", "fromJSONSchema"):
        total = wrong = threw = schemas_wrong = 0
        for case, row in zip(cases, rows, strict=True):
            validator = judge(case["schema"])
            before = wrong
            for instance, verdict in zip(case["instances"], row[name], strict=True):
                if exception_for(instance) is not None:
                    continue
                total += 1
                threw += verdict is None
                wrong += verdict is not None and verdict != validator.is_valid(instance)
            schemas_wrong += wrong > before
        print(
            f"  {name:16} {wrong}/{total} instances judged otherwise ({wrong / total:.1%}), "
            f"on {schemas_wrong} schemas; {threw} not converted"
        )


def entries_of(toolset: Toolset) -> list[tuple[str, Any]]:
    return [(tool.name, thaw(tool.input_schema)) for tool in toolset]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="synthetic tools")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (best kept)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the synthetic set")
    parser.add_argument("--agreement", action="store_true", help="also count wrong verdicts")
    args = parser.parse_args()
    if not (NODE_DIR / "node_modules" / "json-schema-to-zod").is_dir():
        raise SystemExit(f"missing json-schema-to-zod: run `npm ci` in {NODE_DIR}")
    print("milliseconds, best of", args.repeat)
    examples, _ = load_toolset(load_config(ROOT / "pyproject.toml"))
    assert examples is not None
    report("example contracts", entries_of(examples), args.repeat)
    if args.agreement:
        agreement(entries_of(examples))
    with tempfile.TemporaryDirectory() as tmp:
        contracts = Path(tmp) / "contracts"
        make_contracts(args.count, args.seed, contracts)
        report("synthetic set", entries_of(load(contracts)), args.repeat)


if __name__ == "__main__":
    main()
