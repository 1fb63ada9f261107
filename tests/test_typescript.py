"""The TypeScript target, checked by its real consumers: tsc --strict and Node.

Two packages are emitted into one temporary npm project: the repository's example
contracts (installed under node_modules by name, as a downstream repo would) and the
real-world-shaped contracts of tests/ts_realworld.py. One tsc run type-checks them with
the strictest common flags, a consumer file and negative cases, and emits JavaScript;
one Node run then evaluates the descriptors and ``decide``.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from generator import policy
from generator.config import Config, EmitOptions, load_config
from generator.emit import typescript
from generator.fields import FIELDS, decision_fields, descriptor_json
from generator.model import Toolset
from generator.pipeline import load_toolset
from tests.conftest import REPO
from tests.ts_realworld import TRICKY, write_contracts

TSC = REPO / "tests" / "ts_harness" / "node_modules" / ".bin" / "tsc"
STRICT_OPTIONS = {
    "strict": True,
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "exactOptionalPropertyTypes": True,
    "noUncheckedIndexedAccess": True,
    "noPropertyAccessFromIndexSignature": True,
    "noImplicitOverride": True,
    "noImplicitReturns": True,
    "noFallthroughCasesInSwitch": True,
    "noUnusedLocals": True,
    "noUnusedParameters": True,
    "verbatimModuleSyntax": True,
    "isolatedModules": True,
    "skipLibCheck": True,
}

CONSUMER = """\
import {
  decide,
  toolDescriptors,
  toolNames,
  type CanonicalToolDescriptor,
  type Decision,
  type JsonSchema,
  type RiskLevel,
  type ToolCall,
  type ToolInputs,
  type ToolName,
} from "toolcanon-tools";
import * as realworld from "../realworld/index.js";

function call<N extends ToolName>(name: N, input: ToolInputs[N]): ToolCall {
  return { name, input } as ToolCall;
}

const tool: CanonicalToolDescriptor = toolDescriptors.read_file;
export const schema: JsonSchema = tool.inputSchema;
export const risk: RiskLevel = tool.riskLevel;
export const exactRisk: "low" = toolDescriptors.read_file.riskLevel;
export const output: JsonSchema | undefined = tool.outputSchema;
export const server: string | null = toolDescriptors["github::get_issue"].server;
export const decision: Decision = decide(tool, "plan");
export const all: Decision[] = toolNames.map((name) => decide(toolDescriptors[name], "default"));
export const ok = [
  call("read_file", { path: "/tmp/a" }),
  call("read_file", { path: "/tmp/a", limit: 10, lineFormat: "hashed", pages: null }),
];
export function route(c: ToolCall): string {
  return c.name === "read_file" ? c.input.path : c.name;
}
export const tree: realworld.ToolInputs["files.create_tree"] = {
  root: { name: "a", children: [{ name: "b", mode: "755" }, { name: "c", mode: 7 }] },
};
export const numeric: realworld.ToolInputs["123"] = { value: "x" };

// @ts-expect-error a wrong argument type
call("read_file", { path: 42 });
// @ts-expect-error a missing required property
call("read_file", { limit: 10 });
// @ts-expect-error an unknown tool name
call("no_such_tool", {});
// @ts-expect-error an unknown property of a closed input
call("read_file", { path: "/tmp/a", nope: 1 });
// @ts-expect-error an unknown permission mode
decide(tool, "yolo");
// @ts-expect-error descriptors are read-only
toolDescriptors.read_file.riskLevel = "high";
"""

# The same mistakes without @ts-expect-error: each must fail for the stated reason.
NEGATIVES = {
    "wrong_type": ('call("read_file", { path: 42 });', "Type 'number' is not assignable"),
    "missing": ('call("read_file", { limit: 10 });', "Property 'path' is missing"),
    "unknown_tool": ('call("no_such_tool", {});', '"no_such_tool"'),
    "unknown_field": ("toolDescriptors.read_file.riskLevle;", "riskLevle"),
}
NEGATIVE_PRELUDE = """\
import { toolDescriptors, type ToolInputs, type ToolName } from "toolcanon-tools";
export function call<N extends ToolName>(name: N, input: ToolInputs[N]): void {
  void name;
  void input;
}
void toolDescriptors;
"""

DRIVER = """\
import * as example from "../example/index.js";
import * as realworld from "../realworld/index.js";
import type { CanonicalToolDescriptor } from "../example/index.js";

const { decide, permissionModes, riskLevels } = example;
const flags = [false, true] as const;
const table = [];
for (const mode of permissionModes)
  for (const riskLevel of riskLevels)
    for (const isReadOnly of flags)
      for (const availableInPlanMode of flags)
        for (const requiresPlanApproval of flags)
          for (const requiresConfirmation of flags) {
            const fields = {
              isReadOnly,
              riskLevel,
              availableInPlanMode,
              requiresPlanApproval,
              requiresConfirmation,
            };
            table.push({ mode, ...fields, decision: decide(fields, mode) });
          }

function dump(
  descriptors: Record<string, CanonicalToolDescriptor>,
  names: readonly string[],
) {
  const tools = names.map((name) => descriptors[name]!);
  return {
    names,
    keys: Object.keys(descriptors).sort(),
    tools,
    sameObject: tools.map((t) => t.parameters === t.inputSchema),
    decisions: tools.map((t) => permissionModes.map((mode) => decide(t, mode))),
  };
}

console.log(
  JSON.stringify({
    table,
    example: dump(example.toolDescriptors, example.toolNames),
    realworld: dump(realworld.toolDescriptors, realworld.toolNames),
  }),
)
"""


def example_toolset() -> Toolset:
    toolset, _ = load_toolset(load_config(REPO / "pyproject.toml"))
    assert toolset is not None
    return toolset


def realworld_toolset(folder: Path) -> Toolset:
    write_contracts(folder / "contracts")
    config = Config(root=folder, contracts=folder / "contracts", output=folder / "generated")
    toolset, diagnostics = load_toolset(config)
    assert toolset is not None, diagnostics
    return toolset


def write_package(folder: Path, toolset: Toolset, name: str) -> dict[PurePosixPath, str]:
    files = typescript.emit(toolset, EmitOptions(typescript_package=name))
    for path, text in files.items():
        target = folder / path.relative_to("typescript")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return files


@pytest.fixture(scope="module")
def toolsets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Toolset]:
    return {
        "example": example_toolset(),
        "realworld": realworld_toolset(tmp_path_factory.mktemp("realworld")),
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, toolsets: dict[str, Toolset]) -> Path:
    """An npm project holding both packages, the consumer, negatives and the driver."""
    root = tmp_path_factory.mktemp("tsproject")
    write_package(root / "example", toolsets["example"], "toolcanon-tools")
    write_package(root / "realworld", toolsets["realworld"], "realworld-tools")
    write_package(root / "empty", Toolset((), ()), "no-tools")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "toolcanon-tools").symlink_to(root / "example")
    (root / "package.json").write_text('{"private": true, "type": "module"}\n')
    sources = {"consumer/consumer.ts": CONSUMER, "driver/driver.ts": DRIVER}
    for key, (line, _) in NEGATIVES.items():
        sources[f"negative/{key}.ts"] = NEGATIVE_PRELUDE + line + "\n"
    for relative, text in sources.items():
        (root / relative).parent.mkdir(exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    config = {
        "compilerOptions": {**STRICT_OPTIONS, "outDir": "out", "rootDir": "."},
        "include": ["example", "realworld", "empty", "consumer", "negative", "driver"],
    }
    (root / "tsconfig.json").write_text(json.dumps(config, indent=2))
    return root


@pytest.fixture(scope="module")
def tsc_errors(project: Path) -> dict[str, list[str]]:
    """One tsc run over the project (it also emits JS); error lines by source file."""
    if not TSC.exists():
        pytest.skip("tsc not installed: run `npm ci` in tests/ts_harness")
    result = subprocess.run(
        [str(TSC), "-p", ".", "--pretty", "false"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    errors: dict[str, list[str]] = {}
    current: list[str] = []
    for line in result.stdout.splitlines():
        match = re.match(r"([^(\s]+\.ts)\(\d+,\d+\): error", line)
        if match:
            current = errors.setdefault(match.group(1), [])
            current.append(line)
        elif line.startswith(" ") and current:
            current[-1] += "\n" + line  # tsc's elaboration of the error above
    if result.returncode not in (0, 2) or not (project / "out" / "driver" / "driver.js").exists():
        pytest.fail(f"tsc failed:\n{result.stdout}\n{result.stderr}")
    return errors


@pytest.fixture(scope="module")
def evaluated(project: Path, tsc_errors: dict[str, list[str]]) -> dict[str, Any]:
    """What the compiled driver prints under Node."""
    result = subprocess.run(
        ["node", str(project / "out" / "driver" / "driver.js")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# --------------------------------------------------------------------------
# tsc
# --------------------------------------------------------------------------


def test_packages_and_consumer_compile_under_strict_tsc(tsc_errors: dict[str, list[str]]) -> None:
    clean = {f: e for f, e in tsc_errors.items() if not f.startswith("negative/")}
    assert clean == {}


@pytest.mark.parametrize("key", list(NEGATIVES))
def test_mistakes_fail_to_compile_for_the_right_reason(
    key: str, tsc_errors: dict[str, list[str]]
) -> None:
    errors = tsc_errors.get(f"negative/{key}.ts", [])
    assert len(errors) == 1, errors
    assert NEGATIVES[key][1] in errors[0]


# --------------------------------------------------------------------------
# Node: parity with Python and exact values
# --------------------------------------------------------------------------


def test_decide_matches_python_for_every_combination(evaluated: dict[str, Any]) -> None:
    expected = {}
    flags = (False, True)
    for mode, risk, *bools in itertools.product(
        policy.MODES, policy.RISK_LEVELS, flags, flags, flags, flags
    ):
        read_only, in_plan, plan_approval, confirmation = bools
        key = (mode, risk, read_only, in_plan, plan_approval, confirmation)
        fields = {
            "isReadOnly": read_only,
            "riskLevel": risk,
            "availableInPlanMode": in_plan,
            "requiresPlanApproval": plan_approval,
            "requiresConfirmation": confirmation,
        }
        expected[key] = policy.decide(fields, mode)
    actual = {
        (
            row["mode"],
            row["riskLevel"],
            row["isReadOnly"],
            row["availableInPlanMode"],
            row["requiresPlanApproval"],
            row["requiresConfirmation"],
        ): row["decision"]
        for row in evaluated["table"]
    }
    assert len(expected) == 144
    assert actual == expected


@pytest.mark.parametrize("package", ["example", "realworld"])
def test_every_tool_decides_like_python(
    package: str, evaluated: dict[str, Any], toolsets: dict[str, Toolset]
) -> None:
    expected = [
        [
            policy.decide(decision_fields(t), mode)
            for mode in policy.MODES
        ]
        for t in toolsets[package]
    ]
    assert evaluated[package]["decisions"] == expected


@pytest.mark.parametrize("package", ["example", "realworld"])
def test_descriptors_evaluate_to_canonical_json(
    package: str, evaluated: dict[str, Any], toolsets: dict[str, Toolset]
) -> None:
    canonical = [descriptor_json(tool) for tool in toolsets[package]]
    names = [tool["name"] for tool in canonical]
    assert evaluated[package]["names"] == names
    assert evaluated[package]["keys"] == sorted(names)
    assert evaluated[package]["tools"] == canonical
    assert all(evaluated[package]["sameObject"])


def test_tricky_strings_survive_exactly(evaluated: dict[str, Any]) -> None:
    odd = next(t for t in evaluated["realworld"]["tools"] if t["name"] == "odd_keys")
    assert odd["title"] == TRICKY
    assert odd["description"] == TRICKY
    assert odd["inputSchema"]["properties"]["class"] == {"const": TRICKY}
    assert next(iter(odd["inputSchema"]["properties"])) == "__proto__"
    assert odd["permissions"]["__proto__"] == {"x": 1}


# --------------------------------------------------------------------------
# The emitted text
# --------------------------------------------------------------------------


def test_every_file_says_it_is_generated(toolsets: dict[str, Toolset]) -> None:
    files = typescript.emit(toolsets["example"], EmitOptions())
    assert sorted(p.name for p in files) == sorted(typescript.MODULES)
    for path, text in files.items():
        if path.suffix == ".ts":
            assert text.startswith("// Generated by toolcanon"), path
            assert "run 'toolcanon generate'" in text.splitlines()[0]
    package = json.loads(files[PurePosixPath("typescript/package.json")])
    assert "toolcanon generate" in package["//"]


def test_package_json_follows_options(toolsets: dict[str, Toolset]) -> None:
    options = EmitOptions(typescript_package="@acme/agent-tools", package_version="2.3.4")
    files = typescript.emit(toolsets["example"], options)
    package = json.loads(files[PurePosixPath("typescript/package.json")])
    assert package["name"] == "@acme/agent-tools"
    assert package["version"] == "2.3.4"
    assert package["type"] == "module"
    assert package["types"] == "./index.ts"
    assert package["exports"]["."] == {"types": "./index.ts", "default": "./index.ts"}


def test_colliding_type_names_get_numbers_in_canonical_order(
    toolsets: dict[str, Toolset],
) -> None:
    tools = {t.name: t for t in typescript.ts_tools(toolsets["realworld"])}
    assert tools["read-file"].input_type == "ReadFileInput"
    assert tools["read_file"].input_type == "ReadFile2Input"
    assert tools["x"].declared == ("XInput", "XInputYInput")
    assert tools["x_input_y"].input_type == "XInputY2Input"
    assert tools["123"].input_type == "T123Input"
    declared = [name for t in tools.values() for name in t.declared]
    assert len(declared) == len(set(declared))
    assert typescript.RESERVED_TYPES.isdisjoint(declared)


def test_parameters_and_input_schema_are_one_const(toolsets: dict[str, Toolset]) -> None:
    files = typescript.emit(toolsets["example"], EmitOptions())
    tools_ts = files[PurePosixPath("typescript/tools.ts")]
    pairs = re.findall(r"inputSchema: (\w+),\n    parameters: (\w+),", tools_ts)
    assert len(pairs) == len(toolsets["example"])
    assert all(a == b and f"const {a} = " in tools_ts for a, b in pairs)


def test_interface_lists_every_canonical_field(toolsets: dict[str, Toolset]) -> None:
    keys = {key for tool in toolsets["example"] for key in descriptor_json(tool)}
    assert [f.key for f in FIELDS if f.key in keys] == [f.key for f in FIELDS]
    descriptor_ts = typescript.emit(toolsets["example"], EmitOptions())[
        PurePosixPath("typescript/descriptor.ts")
    ]
    for field in FIELDS:
        optional = "?" if field.optional else ""
        assert f"  readonly {field.key}{optional}: {field.ts_type};\n" in descriptor_ts


def test_output_is_deterministic(toolsets: dict[str, Toolset]) -> None:
    first = typescript.emit(toolsets["realworld"], EmitOptions())
    assert typescript.emit(toolsets["realworld"], EmitOptions()) == first


def test_empty_toolset_is_valid_typescript_shape() -> None:
    files = typescript.emit(Toolset((), ()), EmitOptions())
    inputs = files[PurePosixPath("typescript/inputs.ts")]
    assert "export type ToolName = never;" in inputs
    assert "export interface ToolInputs {\n}" in inputs
