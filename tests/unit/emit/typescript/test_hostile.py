"""TypeScript output that compiled or looked right but was wrong, judged by tsc and Node.

- a tool named ``__proto__``: ``toolDescriptors`` must hold it as an own key (written
  plainly in an object literal, ``__proto__: {…}`` sets the prototype instead);
- a legal contract nested 24 object levels deep (input and output schema): tsc gave
  up comparing it with the descriptor type (TS2321); it must compile under --strict.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.project.settings import Config
from tests.ts_package import TSC, build_package, declarations_as_sources, link_modules
from tests.unit.emit.typescript.test_package import STRICT_OPTIONS

LEVELS = 24

DRIVER = """\
import { toolDescriptors, toolNames } from "hostile-tools";

const proto: unknown = Object.getPrototypeOf(toolDescriptors);
console.log(JSON.stringify({
  own: Object.prototype.hasOwnProperty.call(toolDescriptors, "__proto__"),
  plainPrototype: proto === Object.prototype,
  name: toolDescriptors["__proto__"].name,
  names: toolNames,
  deepDepth: depth(toolDescriptors.deep.inputSchema),
  deepOutputDepth: depth(toolDescriptors.deep.outputSchema),
}));

function depth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depth));
}
"""


def _nested(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": {"leaf": {"type": "string"}}}
    for level in range(levels):
        schema = {"type": "object", "properties": {f"level{level}": schema}}
    return schema


def _contracts(folder: Path) -> None:
    folder.mkdir(parents=True)
    deep = json.dumps(_nested(LEVELS))
    (folder / "tools.yaml").write_text(
        "version: 1\n"
        "tools:\n"
        "  - name: __proto__\n"
        "    description: Named like the prototype.\n"
        "    riskLevel: low\n"
        "    inputSchema: {type: object, properties: {x: {type: string}}}\n"
        "  - name: deep\n"
        "    description: Deeply nested.\n"
        "    riskLevel: low\n"
        f"    inputSchema: {deep}\n"
        f"    outputSchema: {deep}\n",
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def compiled(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The package's declarations and a driver, compiled together under --strict; the
    driver then runs on the package's own JavaScript."""
    if not TSC.exists():
        pytest.skip("tsc not installed: run `npm ci` in tests/ts_harness")
    root = tmp_path_factory.mktemp("ts-hostile")
    _contracts(root / "contracts")
    config = Config(root=root, contracts=root / "contracts", output=root / "generated")
    package = root / "package"
    build_package(config, package, name="hostile-tools")
    link_modules(root, {"hostile-tools": package})
    declarations_as_sources(package, root / "declared")
    (root / "driver").mkdir()
    (root / "driver" / "driver.ts").write_text(DRIVER, encoding="utf-8")
    (root / "package.json").write_text('{"private": true, "type": "module"}\n')
    options = {**STRICT_OPTIONS, "noEmit": False, "outDir": "out", "rootDir": "."}
    options["noUnusedLocals"] = False
    tsconfig = {"compilerOptions": options, "include": ["declared", "driver"]}
    (root / "tsconfig.json").write_text(json.dumps(tsconfig))
    result = subprocess.run(
        [str(TSC), "-p", ".", "--pretty", "false"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    return result, root


def test_the_package_compiles_under_strict_tsc(
    compiled: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    result, _ = compiled
    assert result.returncode == 0, result.stdout
    assert "TS2321" not in result.stdout


def test_a_tool_named_proto_is_an_own_key(
    compiled: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    _, root = compiled
    run = subprocess.run(
        ["node", str(root / "out" / "driver" / "driver.js")],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found = json.loads(run.stdout)
    assert found["own"] is True
    assert found["plainPrototype"] is True
    assert found["name"] == "__proto__"
    assert found["names"] == ["__proto__", "deep"]
    expected = 2 * LEVELS + 3  # the whole schema is there, however it is typed
    assert (found["deepDepth"], found["deepOutputDepth"]) == (expected, expected)
