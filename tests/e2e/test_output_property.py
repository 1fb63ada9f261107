"""A property over random project layouts: nothing outside the output folder changes, ever.

Each example builds a project (contracts somewhere, a config or none, links, someone
else's files and empty folders, sometimes a forged manifest naming files outside),
then runs ``generate`` and ``check`` in-process with a random ``--output``/
``--contracts``/config combination from a random working folder. Whatever happens:

- exit 0 or 2 (never 3), and ``check`` writes nothing at all;
- on exit 0, everything outside the output folder is exactly as before (files, empty
  folders, modes, inodes, links), except new empty folders on the way to it;
- on exit 2, nothing changed anywhere;
- an output that is the project, holds it or the contracts, or lies outside the
  project without ``--allow-outside``, is always refused.

Examples are few (``TOOLCANON_FUZZ_EXAMPLES``, default 25) so the suite stays quick.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.cli import main
from tests.conftest import MINIMAL, disk_state

EXAMPLES = int(os.environ.get("TOOLCANON_FUZZ_EXAMPLES", "25"))
CONTRACTS = ["contracts", "src/contracts", "contracts/inner"]
OUTPUTS = [
    None,  # the default: generated
    ".",
    "..",
    "generated",
    "out/gen",
    "src",
    "contracts",
    "contracts/gen",
    "../sibling",
    "../sibling/gen",
    "link",
    "link/gen",
    "inside-link",
    "docs",
    "ABSOLUTE",
]
CONFIGS = ["none", "pyproject", "yaml", "nested-yaml"]
WORKDIRS = [".", "src", "docs"]


@dataclass(frozen=True)
class Layout:
    contracts: str
    output: str | None
    config: str
    output_in_config: bool
    allow_outside: bool
    workdir: str
    foreign: bool
    forged_manifest: bool


layouts = st.builds(
    Layout,
    contracts=st.sampled_from(CONTRACTS),
    output=st.sampled_from(OUTPUTS),
    config=st.sampled_from(CONFIGS),
    output_in_config=st.booleans(),
    allow_outside=st.booleans(),
    workdir=st.sampled_from(WORKDIRS),
    foreign=st.booleans(),
    forged_manifest=st.booleans(),
)


def build(top: Path, layout: Layout) -> tuple[Path, list[str]]:
    """The project under ``top``; returns the folder to run in and the arguments."""
    root = top / "proj"
    (root / layout.contracts).mkdir(parents=True)
    (root / layout.contracts / "a.yaml").write_text(MINIMAL.lstrip(), encoding="utf-8")
    for folder in ("src", "docs", "sibling-empty"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "docs" / "README.md").write_text("my docs\n")
    (root / "docs" / "keep").mkdir()
    (top / "sibling" / "empty").mkdir(parents=True)
    (top / "sibling" / "README.md").write_text("sibling\n")
    (root / "link").symlink_to(top / "sibling", target_is_directory=True)
    (root / "inside-link").symlink_to(root / "src", target_is_directory=True)
    output = layout.output
    if output == "ABSOLUTE":
        output = str(top / "absolute-out")
    if layout.foreign:
        (root / "generated" / "empty").mkdir(parents=True)
        (root / "generated" / "NOTES.txt").write_text("mine\n")
    if layout.forged_manifest:
        _forge(root, top)
    args = ["--no-cache"] if layout.forged_manifest else []
    in_config = layout.output_in_config and output is not None and layout.config != "none"
    _config(root, layout, output if in_config else None)
    if output is not None and not in_config:
        args += ["--output", output]
    if layout.config == "none" and layout.contracts != "contracts":
        args += ["--contracts", os.path.relpath(root / layout.contracts, root / layout.workdir)]
    if layout.allow_outside:
        args.append("--allow-outside")
    return root / layout.workdir, args


def _config(root: Path, layout: Layout, output: str | None) -> None:
    lines = [f'contracts = "{layout.contracts}"', 'targets = ["canonical", "openai", "docs"]']
    if output is not None:
        lines.append(f"output = {json.dumps(output)}")
    if layout.config == "pyproject":
        (root / "pyproject.toml").write_text("[tool.toolcanon]\n" + "\n".join(lines) + "\n")
    elif layout.config in ("yaml", "nested-yaml"):
        text = "".join(line.replace(" = ", ": ", 1) + "\n" for line in lines)
        (root / "toolcanon.yaml").write_text(text)


def _forge(root: Path, top: Path) -> None:
    """A manifest in generated/ naming files outside it, with their true hashes."""
    victim = top / "victim.txt"
    victim.write_text("victim\n")
    digest = hashlib.sha256(victim.read_bytes()).hexdigest()
    files = {"../../victim.txt": digest, "/etc/hostname": digest, "..\\victim.txt": digest}
    manifest = {"generator": {"name": "toolcanon"}, "files": files}
    (root / "generated").mkdir(exist_ok=True)
    (root / "generated" / "manifest.json").write_text(json.dumps(manifest))


def _output_of(workdir: Path, args: list[str]) -> Path | None:
    """The folder the run was allowed to write (None when the config cannot be read)."""
    from generator.core.diagnostics import ContractError
    from generator.project.config import load_config
    from generator.project.settings import Overrides

    def flag(name: str) -> Path | None:
        return Path(args[args.index(name) + 1]) if name in args else None

    overrides = Overrides(
        contracts=flag("--contracts"),
        output=flag("--output"),
        allow_outside="--allow-outside" in args,  # as the run was told
    )
    with contextlib.chdir(workdir):
        try:
            config = load_config(None, overrides=overrides, require_contracts=False)
        except ContractError:
            return None
    return config.output


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(layouts)
def test_nothing_outside_the_output_changes(layout: Layout) -> None:
    with tempfile.TemporaryDirectory(prefix="toolcanon-layout-") as tmp:
        top = Path(tmp).resolve()
        workdir, args = build(top, layout)
        before = disk_state(top)
        with contextlib.chdir(workdir):
            check = main(["check", *args])
        assert check in (1, 2), layout
        assert disk_state(top) == before, "check wrote something"
        with contextlib.chdir(workdir):
            code = main(["generate", *args])
        assert code in (0, 2), layout
        event(f"generate exits {code}")
        after = disk_state(top)
        if code == 2:
            assert after == before, layout
            return
        out = _output_of(workdir, args)
        assert out is not None
        project = top / "proj"
        assert not _within(project, out), layout  # never the project or a parent of it
        assert not _within(project / layout.contracts, out), layout
        assert _within(out, project) or layout.allow_outside, layout
        outside = {k: v for k, v in after.items() if not _within(top / k, out)}
        new_parents = {k for k in outside if k not in before and _within(out, top / k)}
        kept = {k: v for k, v in before.items() if not _within(top / k, out)}
        assert {k: v for k, v in outside.items() if k not in new_parents} == kept, layout
