"""The TypeScript target, checked by its real consumers: tsc --strict and plain Node.

Three packages are emitted into one temporary project, with the provider targets they
embed: the repository's example contracts (under node_modules by name, as a downstream
repo would have them), the real-world-shaped contracts of tests/ts_realworld.py, and an
empty toolset. One tsc run checks the declarations (as sources, strictly), a consumer,
negative cases, and that every value the JavaScript holds has its declared type; one
Node run then loads the JavaScript as shipped — no build step — and prints what it holds.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from generator.emit.common import Rendered
from generator.emit.typescript import package as typescript
from generator.emit.typescript.text import ts_value
from generator.emit.typescript.tools import RESERVED_TYPES, ts_tools
from generator.ir import policy
from generator.ir.fields import FIELDS, decision_fields, descriptor_json
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.project.config import load_config
from generator.project.settings import Config
from tests.conftest import REPO
from tests.ts_package import (
    TSC,
    build_package,
    declarations_as_sources,
    link_modules,
    run_tsc,
    write_package,
)
from tests.ts_realworld import TRICKY, write_contracts

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
    "noEmit": True,
}
PACKAGES = ("example", "realworld", "empty")

CONSUMER = """\
import {
  decide,
  inputSchemas,
  parseArguments,
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
import * as realworld from "realworld-tools";

function call<N extends ToolName>(name: N, input: ToolInputs[N]): ToolCall {
  return { name, input } as ToolCall;
}

const tool: CanonicalToolDescriptor = toolDescriptors.read_file;
export const every: Record<ToolName, CanonicalToolDescriptor> = toolDescriptors;
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
export const parsed: ToolInputs["read_file"] = inputSchemas.read_file.parse({ path: "/tmp/a" });
export const tree: realworld.ToolInputs["files.create_tree"] = {
  root: { name: "a", children: [{ name: "b", mode: "755" }, { name: "c", mode: 7 }] },
};
export const numeric: realworld.ToolInputs["123"] = { value: "x" };
export const parsedCall = parseArguments("read_file", '{"path": "/a"}', "openai");
export const parsedPath: string = parsedCall.input.path;
export function routeCall(name: string, raw: unknown): string {
  const call = parseArguments(name, raw, "anthropic");
  return call.name === "read_file" ? call.input.path : call.name;
}

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
// @ts-expect-error an unknown provider
parseArguments("read_file", {}, "gemini");
// @ts-expect-error a validator's output has its tool's input type
export const wrongParse: ToolInputs["glob"] = inputSchemas.read_file.parse({});
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
import * as example from "toolcanon-tools";
import * as realworld from "realworld-tools";
import * as empty from "empty-tools";

const { decide, permissionModes, riskLevels } = example;
const flags = [false, true];
const table = [];
for (const mode of permissionModes)
  for (const riskLevel of riskLevels)
    for (const isReadOnly of flags)
      for (const availableInPlanMode of flags)
        for (const requiresPlanApproval of flags)
          for (const requiresConfirmation of flags) {
            const fields = { isReadOnly, riskLevel, availableInPlanMode };
            Object.assign(fields, { requiresPlanApproval, requiresConfirmation });
            table.push({ mode, ...fields, decision: decide(fields, mode) });
          }

function frozen(value) {
  if (typeof value !== "object" || value === null) return true;
  return Object.isFrozen(value) && Object.keys(value).every((key) => frozen(value[key]));
}

const LISTS = ["openaiChatTools", "openaiResponsesTools", "claudeTools", "mcpTools"];
const ZOD = ["inputSchemas", "outputSchemas"];

function dump(pkg) {
  const tools = pkg.toolNames.map((name) => pkg.toolDescriptors[name]);
  const exported = Object.keys(pkg).sort();
  return {
    exported,
    names: pkg.toolNames,
    keys: Object.keys(pkg.toolDescriptors).sort(),
    tools,
    sameObject: tools.map((t) => t.parameters === t.inputSchema),
    decisions: tools.map((t) => permissionModes.map((mode) => decide(t, mode))),
    lists: Object.fromEntries(LISTS.filter((name) => name in pkg).map((name) => [name, pkg[name]])),
    validators: Object.keys(pkg.inputSchemas).sort(),
    // Zod validators hold caches of their own
    frozen: exported.filter((name) => !ZOD.includes(name) && !frozen(pkg[name])),
  };
}

const packages = { example: dump(example), realworld: dump(realworld), empty: dump(empty) };
console.log(JSON.stringify({ table, ...packages }));
"""


def agreement_source(rendered: Rendered, package: str) -> str:
    """A .ts file that gives every exported value, as its JSON file holds it, the type the
    declarations give the JavaScript export: tsc then proves the two agree."""
    canonical = json.loads(rendered[PurePosixPath("canonical/tools.json")])["tools"]
    values: dict[str, Any] = {
        "toolDescriptors": {tool["name"]: tool for tool in canonical},
        "toolNames": [tool["name"] for tool in canonical],
    }
    files = {
        "openaiChatTools": "openai/chat-completions.json",
        "openaiResponsesTools": "openai/responses.json",
        "claudeTools": "anthropic/tools.json",
    }
    for export, file in files.items():
        if PurePosixPath(file) in rendered:
            values[export] = json.loads(rendered[PurePosixPath(file)])
    listings = {p.stem: json.loads(t)["tools"] for p, t in rendered.items() if p.parts[0] == "mcp"}
    if listings:
        values["mcpTools"] = listings
    lines = [f'import type * as pkg from "{package}";']
    lines += [f"export const {k}: typeof pkg.{k} = {ts_value(v)};" for k, v in values.items()]
    return "\n".join(lines) + "\n"


NAMES = {"example": "toolcanon-tools", "realworld": "realworld-tools", "empty": "empty-tools"}


@pytest.fixture(scope="module")
def configs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Config]:
    root = tmp_path_factory.mktemp("tscontracts")
    write_contracts(root / "realworld")
    (root / "empty").mkdir()
    return {
        "example": load_config(REPO / "pyproject.toml"),
        "realworld": Config(root=root, contracts=root / "realworld", output=root / "unused"),
        "empty": Config(root=root, contracts=root / "empty", output=root / "unused"),
    }


@pytest.fixture(scope="module")
def built(
    tmp_path_factory: pytest.TempPathFactory, configs: dict[str, Config]
) -> dict[str, tuple[Toolset, Rendered]]:
    root = tmp_path_factory.mktemp("tspackages")
    return {key: build_package(configs[key], root / key, name=NAMES[key]) for key in PACKAGES}


@pytest.fixture(scope="module")
def toolsets(built: dict[str, tuple[Toolset, Rendered]]) -> dict[str, Toolset]:
    return {key: toolset for key, (toolset, _) in built.items()}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, built: dict[str, Any]) -> Path:
    """A project holding the three packages, the consumer, negatives and the driver."""
    root = tmp_path_factory.mktemp("tsproject")
    for key, (_, rendered) in built.items():
        write_package(root / key, rendered)
        declarations_as_sources(root / key, root / "declarations" / key)
    link_modules(root, {NAMES[key]: root / key for key in PACKAGES})
    (root / "package.json").write_text('{"private": true, "type": "module"}\n')
    sources = {"consumer/consumer.ts": CONSUMER, "driver/driver.mjs": DRIVER}
    for key, (line, _) in NEGATIVES.items():
        sources[f"negative/{key}.ts"] = NEGATIVE_PRELUDE + line + "\n"
    for key in ("example", "realworld"):
        sources[f"agreement/{key}.ts"] = agreement_source(built[key][1], NAMES[key])
    for relative, text in sources.items():
        (root / relative).parent.mkdir(exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    config = {
        "compilerOptions": STRICT_OPTIONS,
        "include": ["declarations", "consumer", "negative", "agreement"],
    }
    (root / "tsconfig.json").write_text(json.dumps(config, indent=2))
    return root


@pytest.fixture(scope="module")
def tsc_errors(project: Path) -> dict[str, list[str]]:
    """One tsc run over the project; error lines by source file."""
    if not TSC.exists():
        pytest.skip("tsc not installed: run `npm ci` in tests/ts_harness")
    result = run_tsc(project)
    errors: dict[str, list[str]] = {}
    current: list[str] = []
    for line in result.stdout.splitlines():
        match = re.match(r"([^(\s]+\.ts)\(\d+,\d+\): error", line)
        if match:
            current = errors.setdefault(match.group(1), [])
            current.append(line)
        elif line.startswith(" ") and current:
            current[-1] += "\n" + line  # tsc's elaboration of the error above
    if result.returncode not in (0, 2):
        pytest.fail(f"tsc failed:\n{result.stdout}\n{result.stderr}")
    return errors


@pytest.fixture(scope="module")
def evaluated(project: Path) -> dict[str, Any]:
    """What the driver prints under plain Node, loading the packages as they are."""
    result = subprocess.run(
        ["node", str(project / "driver" / "driver.mjs")],
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


def test_declarations_consumer_and_values_compile_under_strict_tsc(
    tsc_errors: dict[str, list[str]],
) -> None:
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
# Node: the JavaScript as shipped, against Python and the JSON files
# --------------------------------------------------------------------------


def test_decide_matches_python_for_every_combination(evaluated: dict[str, Any]) -> None:
    expected = {}
    flags = (False, True)
    for mode, risk, *bools in itertools.product(
        policy.MODES, policy.RISK_LEVELS, flags, flags, flags, flags
    ):
        read_only, in_plan, plan_approval, confirmation = bools
        fields = {
            "isReadOnly": read_only,
            "riskLevel": risk,
            "availableInPlanMode": in_plan,
            "requiresPlanApproval": plan_approval,
            "requiresConfirmation": confirmation,
        }
        expected[(mode, risk, *bools)] = policy.decide(fields, mode)
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
        [policy.decide(decision_fields(t), mode) for mode in policy.MODES]
        for t in toolsets[package]
    ]
    assert evaluated[package]["decisions"] == expected


@pytest.mark.parametrize("package", PACKAGES)
def test_descriptors_evaluate_to_canonical_json(
    package: str, evaluated: dict[str, Any], toolsets: dict[str, Toolset]
) -> None:
    canonical = [descriptor_json(tool) for tool in toolsets[package]]
    names = [tool["name"] for tool in canonical]
    assert evaluated[package]["names"] == names
    assert evaluated[package]["keys"] == sorted(names)
    assert evaluated[package]["tools"] == canonical
    assert all(evaluated[package]["sameObject"])
    assert evaluated[package]["validators"] == sorted(names)


@pytest.mark.parametrize("package", PACKAGES)
def test_provider_lists_are_the_json_files(
    package: str, evaluated: dict[str, Any], built: dict[str, tuple[Toolset, Rendered]]
) -> None:
    rendered = built[package][1]
    read = {
        str(path): json.loads(text) for path, text in rendered.items() if path.suffix == ".json"
    }
    lists = evaluated[package]["lists"]
    assert lists["openaiChatTools"] == read["openai/chat-completions.json"]
    assert lists["openaiResponsesTools"] == read["openai/responses.json"]
    assert lists["claudeTools"] == read["anthropic/tools.json"]
    servers = {path[4:-5]: data["tools"] for path, data in read.items() if path.startswith("mcp/")}
    assert lists.get("mcpTools", {}) == servers


@pytest.mark.parametrize("package", PACKAGES)
def test_every_exported_value_is_deep_frozen(package: str, evaluated: dict[str, Any]) -> None:
    assert evaluated[package]["frozen"] == []


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


def test_every_file_says_it_is_generated(built: dict[str, tuple[Toolset, Rendered]]) -> None:
    files = {p: t for p, t in built["example"][1].items() if p.parts[0] == "typescript"}
    expected = {f"{m}.js" for m in typescript.JS_MODULES} | {
        f"{m}.d.ts" for m in typescript.DTS_MODULES
    }
    expected |= {"zod.js", "outputs.js", "_jsonschema.js", "package.json"}
    assert {p.name for p in files} == expected
    for path, text in files.items():
        if path.suffix != ".json":
            assert text.startswith("// Generated by toolcanon"), path
            assert "run 'toolcanon generate'" in text.splitlines()[0]
    package = json.loads(files[PurePosixPath("typescript/package.json")])
    assert "toolcanon generate" in package["//"]


def test_package_json_follows_options(toolsets: dict[str, Toolset]) -> None:
    options = EmitOptions(
        typescript_package="@acme/agent-tools", package_version="2.3.4", targets=("typescript",)
    )
    files = typescript.emit(toolsets["example"], options)
    package = json.loads(files[PurePosixPath("typescript/package.json")])
    assert package["name"] == "@acme/agent-tools"
    assert re.fullmatch(r"2\.3\.4\+[0-9a-f]{12}", package["version"]), package["version"]
    assert package["type"] == "module"
    assert package["exports"]["."] == {"types": "./index.d.ts", "default": "./index.js"}
    assert package["peerDependencies"] == {
        "@modelcontextprotocol/sdk": typescript.MCP_SDK_RANGE,
        "zod": typescript.ZOD_RANGE,
    }
    # only mcpServer loads the MCP SDK: installing the package never needs it
    assert package["peerDependenciesMeta"] == {"@modelcontextprotocol/sdk": {"optional": True}}
    assert package["exports"]["./mcp"] == {"types": "./mcp.d.ts", "default": "./mcp.js"}


def test_without_provider_targets_the_package_has_no_lists(toolsets: dict[str, Toolset]) -> None:
    files = typescript.emit(toolsets["example"], EmitOptions(targets=("typescript",)))
    assert "export const" not in files[PurePosixPath("typescript/providers.js")]
    assert "./providers.js" not in files[PurePosixPath("typescript/index.js")]


def test_colliding_type_names_get_numbers_in_canonical_order(
    toolsets: dict[str, Toolset],
) -> None:
    tools = {t.name: t for t in ts_tools(toolsets["realworld"])}
    assert tools["read-file"].input_type == "ReadFileInput"
    assert tools["read_file"].input_type == "ReadFile2Input"
    assert tools["read_file"].prefix == "readFile2"
    assert tools["x"].declared == ("XInput", "XInputYInput")
    assert tools["x_input_y"].input_type == "XInputY2Input"
    assert tools["123"].input_type == "T123Input"
    declared = [name for t in tools.values() for name in t.declared]
    assert len(declared) == len(set(declared))
    assert RESERVED_TYPES.isdisjoint(declared)


def test_parameters_and_input_schema_are_one_const(
    built: dict[str, tuple[Toolset, Rendered]],
) -> None:
    toolset, rendered = built["example"]
    tools_js = rendered[PurePosixPath("typescript/tools.js")]
    pairs = re.findall(r"inputSchema: \$\.(\w+),\n    parameters: \$\.(\w+),", tools_js)
    assert len(pairs) == len(toolset)
    schemas_js = rendered[PurePosixPath("typescript/_schemas.js")]
    assert all(a == b and f"export const {a} = freeze(" in schemas_js for a, b in pairs)


def test_interface_lists_every_canonical_field(toolsets: dict[str, Toolset]) -> None:
    keys = {key for tool in toolsets["example"] for key in descriptor_json(tool)}
    # The example sets every field but the provider fields it has no use for.
    unused = {"deferLoading", "allowedCallers", "namespace"}
    assert [f.key for f in FIELDS if f.key in keys] == [
        f.key for f in FIELDS if f.key not in unused
    ]
    descriptor_ts = typescript.emit(toolsets["example"], EmitOptions(targets=("typescript",)))[
        PurePosixPath("typescript/descriptor.d.ts")
    ]
    for field in FIELDS:
        optional = "?" if field.optional else ""
        assert f"  readonly {field.key}{optional}: {field.ts_type};\n" in descriptor_ts


def test_output_is_deterministic(
    built: dict[str, tuple[Toolset, Rendered]], configs: dict[str, Config], tmp_path: Path
) -> None:
    _, again = build_package(configs["realworld"], tmp_path, name=NAMES["realworld"])
    assert again == built["realworld"][1]


def test_empty_toolset_is_valid_typescript_shape() -> None:
    files = typescript.emit(Toolset((), ()), EmitOptions(targets=("typescript",)))
    inputs = files[PurePosixPath("typescript/inputs.d.ts")]
    assert "export type ToolName = never;" in inputs
    assert "export interface ToolInputs {\n}" in inputs
