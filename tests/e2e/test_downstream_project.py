"""A project that uses toolcanon, built exactly as the getting-started page says, and
what happens when two builds of toolcanon meet in it.

The page's command blocks run in order, as written, in a fresh git repository: a
virtualenv with toolcanon installed from git at the release commit the page names,
``toolcanon init``, a contract in a sub-folder, the page's pre-commit configuration
with a real ``pre-commit run``, CI's two commands against ``origin/main``, and the
generated packages installed with pip and npm. Nothing in a block is rewritten: git
itself is told (``url.<clone>.insteadOf``, the way a mirror is configured) that the
published repository's address is a clone of this checkout, which holds the release
commit; pip installs from the session's wheelhouse, never an index. pre-commit keeps
its environments in the test's folder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.checkout import REPO, git, offline_pip
from tests.doc_blocks import DOCS, Block, block_env, blocks, commands, failure, run

PAGE = DOCS / "getting-started.md"
SECTION = "Use it in your project"
PUBLISHED = "https://github.com/toolcanon/toolcanon"
RELEASE = re.compile(r"toolcanon@([0-9a-f]{40})\b")
VERSION = re.compile(r"^toolcanon (\d+\.\d+\.\d+) \(build ([0-9a-f]{12})\)$", re.M)

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("git", "npm", "node")),
    reason="needs git, npm and node",
)


@dataclass
class Downstream:
    """The project after the page's steps, and what each step printed."""

    root: Path
    project: Path
    env: dict[str, str]
    out: dict[str, str] = field(default_factory=dict)  # subsection → its blocks' stdout
    status_after_ci: str = ""

    def sh(self, command: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            ["bash", "-e", "-c", command],
            cwd=self.project,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        return done


def release() -> str:
    """The release commit the page pins (one sha, wherever it is named)."""
    found = set(RELEASE.findall(PAGE.read_text("utf-8")))
    assert len(found) == 1, found
    return found.pop()


def _pre_commit_config() -> str:
    """The page's .pre-commit-config.yaml, as the reader writes it."""
    (block,) = [
        b
        for b in blocks(PAGE)
        if b.section == SECTION and b.subsection == "pre-commit" and b.language == "yaml"
    ]
    return block.text


def _published(root: Path) -> Path:
    """A clone of this checkout standing in for the published repository; the test
    skips where the checkout cannot have the release commit (a shallow clone)."""
    rev = release()
    shallow = git(REPO, "rev-parse", "--is-shallow-repository").strip() == "true"
    exists = ["git", "cat-file", "-e", f"{rev}^{{commit}}"]
    missing = subprocess.run(exists, cwd=REPO, stderr=subprocess.DEVNULL).returncode
    if shallow and missing:
        pytest.skip(f"this checkout is a shallow clone without the release commit {rev}")
    clone = root / "published.git"
    git(root, "clone", "-q", "--bare", str(REPO), str(clone))
    return clone


def _git_config(published: Path) -> dict[str, str]:
    """git configuration, as environment, that reads the published address as the local
    clone (``GIT_CONFIG_COUNT``: pre-commit drops every other ``GIT_*`` variable)."""
    return {
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"url.{published.as_uri()}.insteadOf",
        "GIT_CONFIG_VALUE_0": PUBLISHED,
    }


def _before(step: Downstream, block: Block) -> None:
    """What the text assumes before a block: the file it shows, a pushed main for CI."""
    if block.subsection == "pre-commit":
        (step.project / ".pre-commit-config.yaml").write_text(_pre_commit_config())
    if block.subsection == "CI":  # CI checks out a clone: origin/main is what was pushed
        pushed = step.sh("git push -q origin main")  # the pre-push hook runs, as for a reader
        assert pushed.returncode == 0, pushed.stdout + pushed.stderr
    if block.subsection == "Use what it generates":  # before node_modules/ appears
        step.status_after_ci = _status_after_commit(step)


def _status_after_commit(step: Downstream) -> str:
    """With the page's changes committed and toolcanon run again, what git sees:
    nothing toolcanon writes (cache, lock, staging folder) may show up."""
    done = step.sh("git add -A && git commit -q -m ci && toolcanon check && toolcanon generate")
    assert done.returncode == 0, done.stdout + done.stderr
    return git(step.project, "status", "--porcelain")


@pytest.fixture(scope="module")
def downstream(tmp_path_factory: pytest.TempPathFactory, wheelhouse: Path) -> Downstream:
    root = tmp_path_factory.mktemp("downstream")
    mirror = _git_config(_published(root))
    git(root, "init", "-q", "--bare", "origin.git")
    project = root / "project"
    project.mkdir()
    git(project, "init", "-q", "-b", "main")
    git(project, "remote", "add", "origin", str(root / "origin.git"))
    extra = {
        **offline_pip(wheelhouse),
        "PRE_COMMIT_HOME": str(root / "pre-commit"),
        **mirror,
    }
    step = Downstream(root, project, block_env(extra, first=project / ".venv" / "bin"))
    for block in commands(SECTION, PAGE):
        if block.skip is not None:
            continue
        _before(step, block)
        done = run(block, project, step.env)
        assert done.returncode == 0, failure(block, done)
        key = block.subsection or ""
        step.out[key] = step.out.get(key, "") + done.stdout + done.stderr
    return step


def test_the_readme_builds_a_working_project(downstream: Downstream) -> None:
    out, project = downstream.out, downstream.project
    version = VERSION.search(out["Install"])
    assert version is not None, out["Install"]
    found = shutil.which("toolcanon", path=downstream.env["PATH"])
    assert found is not None and Path(found).parent == project / ".venv" / "bin"

    contract = project / "contracts" / "team" / "search.yaml"
    reference = contract.read_text("utf-8").splitlines()[0].split("$schema=")[1]
    assert (contract.parent / reference).resolve() == (
        project / "generated/schema/contract.schema.json"
    )
    assert "search_notes" in (project / "generated/openai/chat-completions.json").read_text()

    assert re.search(r"toolcanon check \(generated files are current\)\.+Passed", out["pre-commit"])
    assert downstream.status_after_ci == ""  # .venv/ is the page's own ignore rule
    assert git(project, "ls-files", ".venv", ".gitignore").split() == [".gitignore"]
    assert "allow" in out["Use what it generates"].splitlines()  # decide, from pip's copy
    assert "search_notes" in out["Use what it generates"]  # node, from npm's copy


def test_the_installed_packages_read_the_generated_folders(downstream: Downstream) -> None:
    """What keeps them current after each generate: pip's editable install imports from
    generated/python, and npm saved a file: dependency that links generated/typescript."""
    project = downstream.project.resolve()
    saved = json.loads((project / "package.json").read_text("utf-8"))
    assert saved["dependencies"] == {"toolcanon-tools": "file:generated/typescript"}
    assert (project / "node_modules/toolcanon-tools").resolve() == project / "generated/typescript"
    found = downstream.sh("python -c 'import toolcanon_tools as t; print(t.__file__)'")
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()).resolve().is_relative_to(project / "generated/python")


def test_two_builds_of_one_version_end_in_one_message_not_a_loop(
    downstream: Downstream, hook_repo: Path
) -> None:
    """The hook pins one build; the developer installs another of the same version that
    generates differently and commits its output. The commit fails with one line naming
    both builds and which to change (the hook's rev, the project's pin); doing that ends
    it. Before, the hook said "stale, run generate" while generate said "up to date"."""
    root, sh = downstream.root, downstream.sh
    exclude = downstream.project / ".git/info/exclude"  # the page's npm install saves
    exclude.write_text(exclude.read_text() + "node_modules/\n")  # package.json: committed
    saved = sh("git add package.json package-lock.json && git commit -q -m 'npm dependency'")
    assert saved.returncode == 0, saved.stdout + saved.stderr
    dev = root / "toolcanon-dev"  # a development commit of the same version
    git(root, "clone", "-q", str(hook_repo), str(dev))
    template = dev / "templates/docs/README.md.j2"
    template.write_text(template.read_text("utf-8") + "\nBuilt from a development commit.\n")
    git(dev, "commit", "-q", "-am", "docs: one more line")
    pinned = VERSION.search(sh("toolcanon --version").stdout)
    assert pinned is not None
    reinstall = "pip install -q --no-deps --force-reinstall --no-cache-dir"

    assert sh(f"{reinstall} ../toolcanon-dev").returncode == 0
    local = VERSION.search(sh("toolcanon --version").stdout)
    assert local is not None and local[1] == pinned[1] and local[2] != pinned[2]
    generated = sh("toolcanon generate")
    assert f"note: the output was last written by toolcanon {pinned[1]} (build {pinned[2]})" in (
        generated.stderr
    )
    commit = sh("git add -A && git commit -q -m 'docs from the dev build'")
    assert commit.returncode != 0  # the hook (the pinned build) refuses it
    lines = (commit.stdout + commit.stderr).splitlines()
    said = [line for line in lines if line.startswith("toolcanon:")]
    assert len(said) == 1, said
    assert re.fullmatch(
        rf"toolcanon: \d files? in generated/ (is|are) stale: the output was last written by "
        rf"toolcanon {pinned[1]} \(build {local[2]}\); this is toolcanon {pinned[1]} \(build "
        rf"{pinned[2]}\): two builds of one version generate differently; the hook's rev is "
        r"the project's pin: install that build locally .*",
        said[0],
    ), said[0]

    pinned_build = f'"toolcanon @ git+{PUBLISHED}@{release()}"'
    assert sh(f"{reinstall} {pinned_build}").returncode == 0  # what the message says to do
    assert sh("toolcanon generate && git add -A").returncode == 0
    assert git(downstream.project, "status", "--porcelain") == ""  # back to what was committed
    agreed = sh("pre-commit run --all-files")  # the hook and the install agree again
    assert agreed.returncode == 0, agreed.stdout + agreed.stderr
