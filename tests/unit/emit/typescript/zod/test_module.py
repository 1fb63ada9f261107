"""The Zod converter's text, its refusals, where its issues point, and the types z.infer sees.

Agreement with jsonschema over many instances is tests/unit/emit/typescript/zod/test_agreement.py;
here are the shapes a reader of the generated code relies on.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest

from generator.emit.typescript.zod.module import (
    RUNTIME_FILE,
    prefixes,
    runtime_module,
    zod_module,
    zod_schema,
)
from tests.zod_harness import HARNESS, ZodNode

DRAFT7 = "http://json-schema.org/draft-07/schema#"
LIST = {"type": "object", "properties": {"next": {"$ref": "#"}}}
TSC = HARNESS / "node_modules" / ".bin" / "tsc"


def text(schema: Any, prefix: str = "t") -> str:
    converted = zod_schema(schema, prefix=prefix)
    assert converted.problems == ()
    return "\n".join([*converted.declarations, converted.expression])


def test_closed_object_is_a_strict_object_with_exact_optional_keys() -> None:
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string", "minLength": 1, "format": "uri"},
            "limit": {"type": ["integer", "null"], "minimum": 1},
            "mode": {"enum": ["a", "b"]},
        },
        "required": ["path"],
        "additionalProperties": False,
    }
    assert text(schema) == textwrap.dedent("""\
        z.strictObject({
          path: z.string().check(js.minLength(1)),
          limit: z.number().gte(1).check(js.integer()).nullable().exactOptional(),
          mode: z.literal(["a", "b"]).exactOptional(),
        })""")


def test_open_object_keeps_extra_keys() -> None:
    assert text({"type": "object", "properties": {"a": {"type": "boolean"}}}) == (
        "z.looseObject({ a: z.boolean().exactOptional() })"
    )


def test_checks_that_look_inside_objects_run_on_the_input() -> None:
    schema = {
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "integer"}},
        "additionalProperties": False,
    }
    assert text(schema) == textwrap.dedent("""\
        z.object({ id: z.string().exactOptional() })
          .and(
            z.unknown()
              .check(
                js.patternProperties([[new RegExp("^x-", "u"), z.number().check(js.integer())]]),
                js.additionalProperties(["id"], [new RegExp("^x-", "u")], false),
              ),
          )""")


def test_ref_targets_are_declared_once_and_read_lazily() -> None:
    node = {
        "type": "object",
        "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
        "additionalProperties": False,
    }
    schema = {
        "$defs": {"node": node},
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/node"}, "b": {"$ref": "#/$defs/node"}},
    }
    assert text(schema, "tree") == textwrap.dedent("""\
        const tree$1 = z.strictObject({ children: z.array(z.lazy(() => tree$1)).exactOptional() });
        z.looseObject({
          a: z.lazy(() => tree$1).exactOptional(),
          b: z.lazy(() => tree$1).exactOptional(),
        })""")


def test_a_schema_that_refers_to_itself_is_declared_under_its_prefix() -> None:
    schema = {"type": "object", "properties": {"next": {"$ref": "#"}}}
    converted = zod_schema(schema, prefix="list")
    assert converted.declarations == (
        "const list = z.looseObject({ next: z.lazy(() => list).exactOptional() });",
    )
    assert converted.expression == "list"


def test_closed_ref_target_used_with_siblings_is_closed_by_a_check() -> None:
    """Zod's intersection forgives keys a strictObject side refuses; a check does not."""
    schema = {
        "$defs": {
            "base": {"type": "object", "properties": {"x": {}}, "additionalProperties": False}
        },
        "type": "object",
        "allOf": [{"$ref": "#/$defs/base"}],
    }
    assert text(schema) == textwrap.dedent("""\
        const t$1 = z.object({ x: z.json().exactOptional() })
          .and(z.unknown().check(js.additionalProperties(["x"], [], false)));
        z.looseObject({}).and(z.lazy(() => t$1))""")


def test_draft7_ref_ignores_its_siblings_and_2020_12_applies_them() -> None:
    ref = {"$ref": "#/definitions/s", "maxLength": 2}
    draft7 = {"$schema": DRAFT7, "definitions": {"s": {"type": "string"}}, "type": "array"}
    assert text({**draft7, "items": ref}).endswith("z.array(z.lazy(() => t$1))")
    modern = {"$defs": {"s": {"type": "string"}}, "type": "array"}
    assert text({**modern, "items": {**ref, "$ref": "#/$defs/s", "type": "string"}}).endswith(
        "z.array(z.string().check(js.maxLength(2)).and(z.lazy(() => t$1)))"
    )


def test_members_of_applicators_drop_types_the_parent_excludes() -> None:
    schema = {"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    assert text(schema) == textwrap.dedent("""\
        z.looseObject({})
          .and(
            z.union([
              z.looseObject({}).and(z.unknown().check(js.required(["a"]))),
              z.looseObject({}).and(z.unknown().check(js.required(["b"]))),
            ]),
          )""")


def test_one_of_is_an_exclusive_union_and_values_are_literals() -> None:
    schema = {"oneOf": [{"const": 1}, {"enum": [True, None, "x"]}, {"const": [1]}]}
    assert text(schema) == textwrap.dedent("""\
        z.xor([
          z.literal(1),
          z.literal([true, null, "x"]),
          z.unknown().check(js.oneOfValues([[1]])),
        ])""")


def test_multiple_of_says_whether_the_divisor_was_written_as_a_float() -> None:
    assert text({"type": "number", "multipleOf": 3}) == "z.number().check(js.multipleOf(3, false))"
    assert text({"type": "integer", "multipleOf": 0.5}) == (
        "z.number().check(js.integer(), js.multipleOf(0.5, true))"
    )


def test_prototype_names_are_checked_as_own_properties() -> None:
    schema = {"type": "object", "properties": {"__proto__": {"type": "string"}, "a": {}}}
    assert text(schema) == textwrap.dedent("""\
        z.looseObject({ a: z.json().exactOptional() })
          .and(z.unknown().check(js.ownProperties([["__proto__", z.string()]])))""")


@pytest.mark.parametrize(
    ("schema", "path", "message"),
    [
        (
            {"properties": {"a": {"unevaluatedProperties": False}}},
            ("properties", "a", "unevaluatedProperties"),
            "unevaluatedProperties needs the keys other keywords evaluated",
        ),
        (
            {"items": {"unevaluatedItems": {"type": "string"}}},
            ("items", "unevaluatedItems"),
            "unevaluatedItems needs the items other keywords evaluated",
        ),
        (
            {"properties": {"b": {"$ref": "other.json#/x"}}},
            ("properties", "b", "$ref"),
            "$ref 'other.json#/x': only local JSON pointers (#/...) are supported",
        ),
        (
            {"$ref": "#anchor"},
            ("$ref",),
            "$ref '#anchor': only local JSON pointers (#/...) are supported",
        ),
        (
            {"$ref": "#/$defs/missing"},
            ("$ref",),
            "$ref '#/$defs/missing' points at nothing in this schema",
        ),
        (
            {"$dynamicRef": "#meta"},
            ("$dynamicRef",),
            "$dynamicRef is not supported (only local JSON-pointer $ref)",
        ),
        (
            {"items": {"$id": "https://example.com/x"}},
            ("items", "$id"),
            "$id inside a schema changes what '#' refers to",
        ),
        (
            {"$schema": DRAFT7, "exclusiveMinimum": True, "minimum": 1},
            ("exclusiveMinimum",),
            "exclusiveMinimum must be a number",
        ),
        (
            {"$schema": "http://json-schema.org/draft-04/schema#"},
            ("$schema",),
            "$schema 'http://json-schema.org/draft-04/schema#': "
            "the Zod converter reads 2020-12 and draft-07",
        ),
    ],
)
def test_what_cannot_be_exact_is_refused_and_accepts_nothing(
    schema: Any, path: tuple[Any, ...], message: str
) -> None:
    converted = zod_schema(schema)
    assert [(p.path, p.message) for p in converted.problems] == [(path, message)]
    assert "z.never()" in converted.expression


def test_trivial_unevaluated_keywords_are_not_refused() -> None:
    schema = {"type": "object", "unevaluatedProperties": True, "unevaluatedItems": {}}
    assert zod_schema(schema).problems == ()
    assert zod_schema({"$schema": DRAFT7, "unevaluatedProperties": False}).problems == ()


def test_module_names_tools_by_identifier_and_keys_them_by_tool_name() -> None:
    schemas = [("read-file", {}), ("read_file", {}), ("__proto__", {}), ("github::get", {})]
    module = zod_module(schemas)
    assert prefixes([name for name, _ in schemas]) == [
        "readFileSchema",
        "readFileSchema_2",
        "protoSchema",
        "githubGetSchema",
    ]
    assert module.endswith(
        "export const inputSchemas = js.lazyTable({\n"
        '  "read-file": readFileSchema,\n'
        "  read_file: readFileSchema_2,\n"
        '  ["__proto__"]: protoSchema,\n'
        '  "github::get": githubGetSchema,\n'
        "});\n"
    )
    assert 'import { z } from "zod";\nimport * as js from "./_jsonschema.js";\n' in module
    assert zod_module(schemas) == module


def test_each_schema_is_built_by_a_function_that_holds_its_declarations() -> None:
    """Nothing but function declarations runs at import: the ``$ref`` targets are local."""
    tree = {
        "$defs": {"n": {"type": "string"}},
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/n"}},
    }
    module = zod_module([("plain", {"type": "string"}), ("tree", tree), ("list", LIST)])
    assert "\nfunction plainSchema() {\n  return z.string();\n}\n" in module
    assert textwrap.dedent("""
        function treeSchema() {
          const treeSchema$1 = z.string();
          return z.looseObject({ a: z.lazy(() => treeSchema$1).exactOptional() });
        }
        """) in module
    assert textwrap.dedent("""
        function listSchema() {
          const listSchema = z.looseObject({ next: z.lazy(() => listSchema).exactOptional() });
          return listSchema;
        }
        """) in module


def test_a_long_schema_is_laid_out_inside_its_function() -> None:
    properties = {f"property_{n}": {"type": "string", "maxLength": n + 1} for n in range(3)}
    module = zod_module([("wide", {"type": "object", "properties": properties})])
    assert textwrap.dedent("""
        function wideSchema() {
          return z.looseObject({
            property_0: z.string().check(js.maxLength(1)).exactOptional(),
            property_1: z.string().check(js.maxLength(2)).exactOptional(),
            property_2: z.string().check(js.maxLength(3)).exactOptional(),
          });
        }
        """) in module


COUNTING_ZOD = """\
import { z as real } from "REAL";
export const made = [];
// Every member of z the generated code reads (z.string, z.strictObject, …), in order.
export const z = new Proxy(real, {
  get(target, key) {
    made.push(String(key));
    return Reflect.get(target, key);
  },
});
"""
LAZY_DRIVER = """\
import { made } from "./counting-zod.js";
import { inputSchemas } from "./lazy.js";
const seen = [made.length];
const first = inputSchemas.b;
seen.push(made.length);
const again = inputSchemas.b;
seen.push(made.length, first === again, first.safeParse(1).success, first.safeParse("s").success);
seen.push(inputSchemas.a.safeParse(1).success, made.length);
const proto = Object.getOwnPropertyDescriptor(inputSchemas, "__proto__").get();
console.log(JSON.stringify({
  seen,
  keys: Object.keys(inputSchemas),
  has: ["a" in inputSchemas, Object.hasOwn(inputSchemas, "b"), "c" in inputSchemas],
  frozen: Object.isFrozen(inputSchemas),
  proto: [proto.safeParse(true).success, Object.getPrototypeOf(inputSchemas) === Object.prototype],
}));
"""


def test_a_validator_is_built_on_its_first_read_and_then_kept(tmp_path: Path) -> None:
    """Zod is replaced by a proxy that records what the validators ask of it: importing
    the module asks nothing, each tool's first read builds its validator, later reads
    return the same object; a tool named ``__proto__`` is an own name like any other."""
    if not (HARNESS / "node_modules" / "zod").is_dir():
        pytest.skip("zod not installed: run `npm ci` in tests/ts_harness")
    real = (HARNESS / "node_modules" / "zod" / "index.js").as_uri()
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (tmp_path / "counting-zod.js").write_text(COUNTING_ZOD.replace("REAL", real), "utf-8")
    schemas = [("a", {"type": "number"}), ("b", {"type": "string"}), ("__proto__", {})]
    module = zod_module(schemas, zod="./counting-zod.js")
    (tmp_path / "lazy.js").write_text(module, encoding="utf-8")
    (tmp_path / RUNTIME_FILE).write_text(runtime_module(), encoding="utf-8")
    (tmp_path / "driver.mjs").write_text(LAZY_DRIVER, encoding="utf-8")
    ran = subprocess.run(
        ["node", "driver.mjs"], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert json.loads(ran.stdout) == {
        "seen": [0, 1, 1, True, False, True, True, 2],
        "keys": ["a", "b", "__proto__"],
        "has": [True, True, False],
        "frozen": True,
        "proto": [True, True],
    }


@pytest.fixture(scope="module")
def issues(zod_node: ZodNode) -> Any:
    schema = {
        "type": "object",
        "properties": {
            "outer": {
                "type": "object",
                "properties": {"leaf": {"type": "integer"}},
                "required": ["leaf"],
            },
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
            "tags": {"type": "array", "uniqueItems": True},
            "name": {"type": "string", "maxLength": 2},
        },
        "patternProperties": {"^x-": {"type": "integer"}},
        "dependentRequired": {"name": ["pair"]},
        "required": ["outer"],
        "additionalProperties": False,
    }
    module = zod_node.module("issue-paths", [("tool", schema)])

    def run(instance: Any) -> list[tuple[list[Any], str]]:
        [result] = zod_node.run(module, "tool", [instance])
        assert not result["ok"]
        return sorted((issue["path"], issue["code"]) for issue in result["issues"])

    return run


def test_tool_names_that_are_javascript_words_load(zod_node: ZodNode) -> None:
    names = ["z", "js", "delete", "class", "inputSchemas"]
    module = zod_node.module("reserved", [(name, {"type": "string"}) for name in names])
    for name in names:
        assert [r["ok"] for r in zod_node.run(module, name, ["s", 1])] == [True, False]


def test_every_issue_points_at_its_field(issues: Any) -> None:
    assert issues({"outer": {"leaf": "1"}}) == [(["outer", "leaf"], "invalid_type")]
    assert issues({}) == [(["outer"], "invalid_type")]
    assert issues({"outer": {}, "x-a": "s"}) == [
        (["outer", "leaf"], "invalid_type"),
        (["x-a"], "invalid_type"),
    ]
    assert issues({"outer": {"leaf": 1}, "pair": ["a", "b"]}) == [(["pair", 1], "invalid_type")]
    assert issues({"outer": {"leaf": 1}, "tags": [1, 2, 1]}) == [(["tags", 2], "custom")]
    assert issues({"outer": {"leaf": 1}, "name": "😀😀😀", "pair": []}) == [(["name"], "custom")]
    assert issues({"outer": {"leaf": 1}, "name": "a"}) == [(["pair"], "custom")]
    assert issues({"outer": {"leaf": 1}, "other": 1}) == [(["other"], "custom")]


def test_runtime_helpers_count_code_points_and_compare_json_values(zod_node: ZodNode) -> None:
    script = textwrap.dedent("""\
        import * as js from "./_jsonschema.js";
        console.log(JSON.stringify([
          js.codePoints("a😀"),
          js.equal({a: [1, {b: 2}]}, {a: [1.0, {b: 2}]}),
          js.equal([1], [true]),
          js.equal({a: 1, b: 2}, {b: 2, a: 1}),
        ]));
        """)
    (zod_node.folder / "helpers.mjs").write_text(script, encoding="utf-8")
    result = subprocess.run(
        ["node", "helpers.mjs"], cwd=zod_node.folder, capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == [2, True, False, True]


def test_z_infer_gives_the_schema_type(tmp_path: Path) -> None:
    """tsc reads the generated JavaScript (allowJs) and z.infer yields the input type."""
    if not TSC.exists() or not (HARNESS / "node_modules" / "zod").is_dir():
        pytest.skip("tsc or zod not installed: run `npm ci` in tests/ts_harness")
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "limit": {"type": ["integer", "null"]},
            "mode": {"enum": ["a", "b"]},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        },
        "required": ["path"],
        "additionalProperties": False,
    }
    (tmp_path / "node_modules").symlink_to(HARNESS / "node_modules", target_is_directory=True)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (tmp_path / "schemas.js").write_text(zod_module([("read", schema)]), encoding="utf-8")
    (tmp_path / RUNTIME_FILE).write_text(runtime_module(), encoding="utf-8")
    (tmp_path / "check.ts").write_text(
        textwrap.dedent("""\
            import type { z } from "zod";
            import { inputSchemas } from "./schemas.js";
            type Read = z.infer<typeof inputSchemas.read>;
            export const full: Read = { path: "p", limit: null, mode: "a", tags: ["x"] };
            export const least: Read = { path: "p" };
            // @ts-expect-error path is required
            export const missing: Read = {};
            // @ts-expect-error mode is "a" | "b"
            export const wrong: Read = { path: "p", mode: "c" };
            // @ts-expect-error a closed object has no other keys
            export const extra: Read = { path: "p", other: 1 };
            """),
        encoding="utf-8",
    )
    options = [
        "--strict",
        "--noEmit",
        "--allowJs",
        "--skipLibCheck",
        "--exactOptionalPropertyTypes",
    ]
    module = ["--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022"]
    result = subprocess.run(
        [str(TSC), *options, *module, "check.ts"], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
