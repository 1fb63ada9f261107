"""The TypeScript package as tests build it: emitted with the provider targets it embeds.

``build_package`` runs the pipeline's stages (load → check → resolve → profiles → emit)
for the canonical, provider and TypeScript targets and writes the package's files to a
folder; the other rendered files (the provider JSON) come back for comparison.
``link_modules`` gives a test project a ``node_modules`` with the packages and the
harness's zod; ``declarations_as_sources`` copies a package's ``.d.ts`` files to ``.ts``
so that tsc checks them strictly while ``skipLibCheck`` spares it zod's own types.
"""

from __future__ import annotations

import dataclasses
import subprocess
from pathlib import Path, PurePosixPath

from generator.emit import emit_targets, enabled_targets
from generator.emit.common import Inputs, Rendered
from generator.ir.model import Toolset
from generator.project.settings import Config
from generator.run.pipeline import load_contracts

HARNESS = Path(__file__).resolve().parent / "ts_harness"
TSC = HARNESS / "node_modules" / ".bin" / "tsc"


def run_tsc(folder: Path) -> subprocess.CompletedProcess[str]:
    """``tsc -p .`` in ``folder`` (its tsconfig.json), diagnostics one a line."""
    return subprocess.run(
        [str(TSC), "-p", ".", "--pretty", "false"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


PACKAGE_TARGETS = ("canonical", "openai", "anthropic", "mcp", "typescript")


def build_package(
    config: Config, folder: Path, *, name: str, targets: tuple[str, ...] = PACKAGE_TARGETS
) -> tuple[Toolset, Rendered]:
    """Emit ``targets`` for ``config``'s contracts; the package goes to ``folder``."""
    emit = dataclasses.replace(config.emit, typescript_package=name, targets=targets)
    config = dataclasses.replace(config, emit=emit)
    loaded = load_contracts(config)
    assert loaded.toolset is not None, loaded.diagnostics
    inputs = Inputs(adapted=loaded.adapted)
    rendered = emit_targets(loaded.toolset, emit, enabled_targets(emit), inputs)
    write_package(folder, rendered)
    return loaded.toolset, rendered


def write_package(folder: Path, rendered: Rendered) -> None:
    """The files under ``typescript/`` of ``rendered``, written into ``folder``."""
    for path, text in rendered.items():
        if path.parts[0] == "typescript":
            target = folder / path.relative_to("typescript")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


def link_modules(root: Path, packages: dict[str, Path]) -> None:
    """``root/node_modules``: each package by name, the harness's zod (its peer) and MCP
    SDK (the optional peer ``<package>/mcp`` declares ``mcpServer`` with)."""
    modules = root / "node_modules"
    modules.mkdir(exist_ok=True)
    (modules / "zod").symlink_to(HARNESS / "node_modules" / "zod", target_is_directory=True)
    (modules / "@modelcontextprotocol").symlink_to(
        HARNESS / "node_modules" / "@modelcontextprotocol", target_is_directory=True
    )
    for name, folder in packages.items():
        (modules / name).symlink_to(folder, target_is_directory=True)


def declarations_as_sources(package: Path, target: Path) -> None:
    """Every ``.d.ts`` of ``package`` as a ``.ts`` file in ``target`` (same import paths)."""
    target.mkdir(parents=True, exist_ok=True)
    for path in package.glob("*.d.ts"):
        (target / path.name.replace(".d.ts", ".ts")).write_text(
            path.read_text(encoding="utf-8"), encoding="utf-8"
        )


def json_file(rendered: Rendered, path: str) -> str:
    """One rendered file's text by its path under the output folder."""
    return rendered[PurePosixPath(path)]
