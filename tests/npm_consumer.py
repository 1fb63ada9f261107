"""A consumer app that npm-installs generated/typescript next to the SDKs (a pytest plugin).

The SDKs, zod and tsc are pinned in tests/ts_harness (package.json + lockfile; ``make
test`` runs ``npm ci`` there). Once per session the app in tests/ts_consumer is copied to
a temporary folder whose parent's ``node_modules`` is the harness's, and npm installs the
generated package into the app as a copy (``--install-links``: what ``npm pack`` would
ship, so ``files`` in package.json is tested too). Node and tsc find the package in the
app and the SDKs and zod one folder up, so the package and the MCP SDK share one zod.
The one provider list the committed package leaves out (the opt-in ``gemini-openapi``
target) comes from a second package, built from the ``gemini`` golden case's contracts
into the app's ``node_modules`` as ``OPENAPI_PACKAGE``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.project.settings import Config
from tests.ts_package import build_package

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "ts_harness"
APP = HERE / "ts_consumer"
PACKAGE = HERE.parent / "generated" / "typescript"
NEEDED = (
    "openai",
    "@anthropic-ai/sdk",
    "@modelcontextprotocol/sdk",
    "@aws-sdk/client-bedrock-runtime",
    "@google/genai",
    "zod",
    "typescript",
)
OPENAPI_CASE = HERE / "cases" / "gemini"
OPENAPI_PACKAGE = "gemini-openapi-tools"
OPENAPI_TARGETS = ("canonical", "gemini-openapi", "typescript")


@dataclass(frozen=True)
class Consumer:
    """The installed app: its folder and the installed package's folder."""

    app: Path
    installed: Path

    def node(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["node", *args],
            cwd=self.app,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout,
            check=False,
        )


@pytest.fixture(scope="session")
def npm_consumer(tmp_path_factory: pytest.TempPathFactory) -> Consumer:
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("node and npm are needed")
    missing = [name for name in NEEDED if not (HARNESS / "node_modules" / name).is_dir()]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed: run `npm ci` in tests/ts_harness")
    if not (PACKAGE / "package.json").is_file():
        pytest.skip("generated/typescript is absent: run `toolcanon generate`")
    root = tmp_path_factory.mktemp("npm-consumer")
    (root / "node_modules").symlink_to(HARNESS / "node_modules", target_is_directory=True)
    app = root / "app"
    shutil.copytree(APP, app)
    install = subprocess.run(
        [
            "npm",
            "install",
            "--no-save",
            "--install-links",
            "--legacy-peer-deps",  # its peer, zod, is one folder up
            "--offline",
            "--no-audit",
            "--no-fund",
            str(PACKAGE),
        ],
        cwd=app,
        capture_output=True,
        text=True,
        env={**os.environ, "npm_config_loglevel": "error"},
        timeout=300,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    _openapi_package(app / "node_modules" / OPENAPI_PACKAGE, root / "unused")
    name = json.loads((PACKAGE / "package.json").read_text("utf-8"))["name"]
    return Consumer(app, app / "node_modules" / name)


def _openapi_package(folder: Path, output: Path) -> None:
    """A package whose lists include ``geminiOpenApiFunctionDeclarations``."""
    contracts = OPENAPI_CASE / "contracts"
    config = Config(root=OPENAPI_CASE, contracts=contracts, output=output)
    build_package(config, folder, name=OPENAPI_PACKAGE, targets=OPENAPI_TARGETS)
