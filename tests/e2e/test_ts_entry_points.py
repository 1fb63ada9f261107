"""The TypeScript package's two entry points, judged by Node's own resolver and tsc --strict.

``<package>/descriptors`` loads, and type-checks, where ``zod`` cannot be found at all;
the root holds the very same objects and more; its validators are built when a tool's is
first used, once. The contracts are the real-world-shaped ones of tests/ts_realworld.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.project.settings import Config
from tests.ts_package import HARNESS, TSC, build_package, run_tsc
from tests.ts_realworld import write_contracts

NAME = "entry-tools"
ZOD = HARNESS / "node_modules" / "zod"
DESCRIPTOR_EXPORTS = [
    "claudeTools",
    "decide",
    "decisions",
    "hostNames",
    "hostToolDescriptors",
    "listNames",
    "mcpTools",
    "openaiChatTools",
    "openaiResponsesTools",
    "permissionModes",
    "requestNames",
    "riskLevels",
    "toolDescriptors",
    "toolDescriptorsFor",
    "toolNames",
    "toolRequest",
    "toolsFor",
]
ROOT_ONLY = [
    "ArgumentsError",
    "ResultError",
    "UnhandledToolsError",
    "createToolHost",
    "dispatchProviders",
    "inputSchemas",
    "outputSchemas",
    "parseArguments",
    "providers",
]
TSC_OPTIONS = {
    "strict": True,
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "exactOptionalPropertyTypes": True,
    "noUncheckedIndexedAccess": True,
    "noUnusedLocals": True,
    "verbatimModuleSyntax": True,
    "noEmit": True,
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("node") is None or not ZOD.is_dir():
        pytest.skip("node or zod missing: run `npm ci` in tests/ts_harness")
    root = tmp_path_factory.mktemp("entry-points")
    write_contracts(root / "contracts")
    config = Config(root=root, contracts=root / "contracts", output=root / "unused")
    build_package(config, root / "pkg", name=NAME)
    return root / "pkg"


def project(folder: Path, package: Path, *, zod: Path | None) -> Path:
    """A project with the package copied into node_modules, as npm installs it (Node finds
    a linked package's imports from where the link points), and ``zod`` only when given."""
    modules = folder / "node_modules"
    modules.mkdir(parents=True)
    shutil.copytree(package, modules / NAME)
    if zod is not None:
        (modules / "zod").symlink_to(zod, target_is_directory=True)
    (folder / "package.json").write_text('{"private": true, "type": "module"}\n', "utf-8")
    return folder


def run_node(folder: Path, script: str) -> object:
    (folder / "driver.mjs").write_text(script, encoding="utf-8")
    ran = subprocess.run(
        ["node", "driver.mjs"], cwd=folder, capture_output=True, text=True, check=False, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


WITHOUT_ZOD = f"""\
const descriptors = await import("{NAME}/descriptors");
let root = "loaded";
try {{
  await import("{NAME}");
}} catch (error) {{
  root = `${{error.code}}: ${{/'zod'/.test(error.message)}}`;
}}
const tool = descriptors.toolDescriptors["files.create_tree"];
console.log(JSON.stringify({{
  exports: Object.keys(descriptors).sort(),
  names: descriptors.toolNames.length,
  decision: descriptors.decide(tool, "auto"),
  listed: descriptors.toolsFor("auto", "anthropic").map((entry) => entry.name).includes(
    tool.providerName,
  ),
  root,
}}));
"""


def test_descriptors_load_where_zod_cannot_be_found(package: Path, tmp_path: Path) -> None:
    """The same folder cannot load the root (it needs zod): the check can fail."""
    found = run_node(project(tmp_path, package, zod=None), WITHOUT_ZOD)
    assert found == {
        "exports": DESCRIPTOR_EXPORTS,
        "names": 9,
        "decision": "allow",
        "listed": True,
        "root": "ERR_MODULE_NOT_FOUND: true",
    }


BOTH = f"""\
import * as descriptors from "{NAME}/descriptors";
import * as root from "{NAME}";
const names = Object.keys(descriptors);
console.log(JSON.stringify({{
  same: names.filter((name) => root[name] === descriptors[name]).sort(),
  rootOnly: Object.keys(root).filter((name) => !names.includes(name)).sort(),
}}));
"""


def test_the_root_holds_the_same_objects_and_the_validators(package: Path, tmp_path: Path) -> None:
    found = run_node(project(tmp_path, package, zod=ZOD), BOTH)
    assert found == {"same": DESCRIPTOR_EXPORTS, "rootOnly": ROOT_ONLY}


RESOLVE = f"""\
const spelled = (specifier) => {{
  try {{
    return import.meta.resolve(specifier).split("/").pop();
  }} catch (error) {{
    return error.code;
  }}
}};
const specifiers = ["", "/descriptors", "/mcp", "/package.json", "/zod.js", "/tools.js"];
console.log(JSON.stringify(specifiers.map((tail) => spelled(`{NAME}${{tail}}`))));
"""


def test_the_exports_map_resolves_with_nodes_resolver(package: Path, tmp_path: Path) -> None:
    """Each entry point its own file; the modules behind them are not entry points."""
    found = run_node(project(tmp_path, package, zod=None), RESOLVE)
    assert found == [
        "index.js",
        "descriptors.js",
        "mcp.js",
        "package.json",
        "ERR_PACKAGE_PATH_NOT_EXPORTED",
        "ERR_PACKAGE_PATH_NOT_EXPORTED",
    ]


COUNTING_ZOD = """\
import { z as real } from "REAL";
export const made = [];
// Every member of z the package's validators read (z.string, z.strictObject, …).
export const z = new Proxy(real, {
  get(target, key) {
    made.push(String(key));
    return Reflect.get(target, key);
  },
});
"""
BUILT_ONCE = f"""\
import {{ made }} from "zod";
import {{ inputSchemas, parseArguments }} from "{NAME}";
const seen = [made.length];
const call = (name, input) => {{
  try {{
    parseArguments(name, input, "anthropic");
    seen.push(made.length, "ok");
  }} catch (error) {{
    seen.push(made.length, error.name);
  }}
}};
call("read_file", {{ value: "v" }});
call("read_file", {{ value: 1 }});
const kept = inputSchemas.read_file;
seen.push(made.length, kept === inputSchemas.read_file);
call("123", {{ value: "x" }});
console.log(JSON.stringify(seen));
"""


def test_a_validator_is_built_on_its_tools_first_call_and_kept(
    package: Path, tmp_path: Path
) -> None:
    """Zod is a proxy that records each member the validators read: nothing at import,
    read_file's members on its first call, nothing more on its second call or a read of
    ``inputSchemas.read_file``, and another tool's on that tool's first call."""
    fake = tmp_path / "fake-zod"
    fake.mkdir()
    manifest = {"name": "zod", "type": "module", "exports": "./index.js"}
    (fake / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    real = (ZOD / "index.js").as_uri()
    (fake / "index.js").write_text(COUNTING_ZOD.replace("REAL", real), encoding="utf-8")
    seen = run_node(project(tmp_path / "app", package, zod=fake), BUILT_ONCE)
    assert isinstance(seen, list)
    built = seen[1]
    assert seen == [0, built, "ok", built, "ArgumentsError", built, True, seen[7], "ok"]
    assert 0 < built < seen[7]


DESCRIPTORS_CONSUMER = f"""\
import {{
  claudeTools,
  decide,
  toolDescriptors,
  toolNames,
  toolsFor,
  type CanonicalToolDescriptor,
  type Decision,
  type ToolInputs,
  type ToolName,
}} from "{NAME}/descriptors";

export const names: readonly ToolName[] = toolNames;
export const tree: CanonicalToolDescriptor = toolDescriptors["files.create_tree"];
export const decision: Decision = decide(tree, "plan");
export const listed: readonly {{ name: string }}[] = toolsFor("auto", "anthropic");
export const first: string | undefined = claudeTools[0]?.name;
export const input: ToolInputs["files.create_tree"] = {{ root: {{ name: "a" }} }};
// @ts-expect-error a tool the contracts do not have
export const missing: ToolName = "no_such_tool";
"""
NO_VALIDATORS = f'import {{ inputSchemas }} from "{NAME}/descriptors";\nvoid inputSchemas;\n'
BOTH_CONSUMER = f"""\
import {{ toolDescriptors, type ToolName }} from "{NAME}/descriptors";
import * as root from "{NAME}";

export const same: typeof root.toolDescriptors = toolDescriptors;
export const call = root.parseArguments("read_file", {{ value: "v" }}, "anthropic");
export const value: string = call.input.value;
export const name: ToolName = call.name;
"""


def tsc(folder: Path, sources: dict[str, str], *, skip_lib_check: bool) -> list[str]:
    """tsc --strict over ``sources`` in ``folder``; its error lines."""
    if not TSC.exists():
        pytest.skip("tsc not installed: run `npm ci` in tests/ts_harness")
    for relative, text in sources.items():
        (folder / relative).write_text(text, encoding="utf-8")
    options = {**TSC_OPTIONS, "skipLibCheck": skip_lib_check}
    config = {"compilerOptions": options, "files": sorted(sources)}
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    result = run_tsc(folder)
    return [line for line in result.stdout.splitlines() if ": error " in line]


def test_descriptors_type_check_strictly_without_zod(package: Path, tmp_path: Path) -> None:
    """The package's own declarations are checked too (no skipLibCheck): one of them
    naming zod would fail to resolve here."""
    folder = project(tmp_path, package, zod=None)
    sources = {"consumer.ts": DESCRIPTORS_CONSUMER, "negative.ts": NO_VALIDATORS}
    errors = tsc(folder, sources, skip_lib_check=False)
    assert [line.split("): ")[0].split("(")[0] for line in errors] == ["negative.ts"]
    assert "has no exported member 'inputSchemas'" in errors[0]


def test_both_entry_points_type_check_together(package: Path, tmp_path: Path) -> None:
    folder = project(tmp_path, package, zod=ZOD)
    assert tsc(folder, {"both.ts": BOTH_CONSUMER}, skip_lib_check=True) == []
