"""What every emitter shares: the content version of a generated package."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from packaging.version import Version

from generator.emit.common import content_version

P = PurePosixPath
FILES = {P("pkg/a.py"): "A = 1\n", P("pkg/b.py"): "B = 2\n", P("pyproject.toml"): "x\n"}
SEMVER = re.compile(
    r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?"
    r"(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)$"
)


def test_the_hash_is_the_local_version_pip_and_npm_both_read() -> None:
    version = content_version("0.1.0", FILES)
    assert re.fullmatch(r"0\.1\.0\+[0-9a-f]{12}", version), version
    parsed = Version(version)
    assert parsed.public == "0.1.0" and parsed.local == version.split("+")[1]
    assert SEMVER.match(version)


def test_a_base_with_a_build_part_keeps_it_and_gains_the_hash() -> None:
    version = content_version("1.2.3+build.7", FILES)
    assert re.fullmatch(r"1\.2\.3\+build\.7\.[0-9a-f]{12}", version), version
    assert Version(version).local == version.split("+")[1]
    assert SEMVER.match(version)
    assert version.endswith(content_version("1.2.3", FILES)[-12:])


def test_the_same_files_in_any_order_give_the_same_version() -> None:
    backwards = dict(reversed(list(FILES.items())))
    assert content_version("0.1.0", backwards) == content_version("0.1.0", FILES)


def test_any_change_to_a_file_or_its_path_changes_the_version() -> None:
    first = content_version("0.1.0", FILES)
    changed = {**FILES, P("pkg/a.py"): "A = 2\n"}
    moved = {P("pkg/c.py") if path == P("pkg/a.py") else path: text for path, text in FILES.items()}
    added = {**FILES, P("pkg/py.typed"): ""}
    found = {content_version("0.1.0", files) for files in (changed, moved, added)}
    assert first not in found and len(found) == 3


def test_bytes_moved_between_a_path_and_its_text_change_the_version() -> None:
    assert content_version("0.1.0", {P("ab"): "c"}) != content_version("0.1.0", {P("a"): "bc"})
    split = {P("a"): "b", P("c"): ""}
    assert content_version("0.1.0", split) != content_version("0.1.0", {P("a"): "bc"})
