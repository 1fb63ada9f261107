"""Hashes that tell whether generated output can still be current.

Kept free of heavy imports: ``check`` uses it on its fast path.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from generator import __version__

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # generator/, from generator/core/
_SUFFIXES = (".py", ".json", ".j2")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def json_sha256(data: Any) -> str:
    """Hash of JSON data in a canonical spelling (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256(text.encode("utf-8"))


def templates_dir() -> Path:
    """The templates folder of this installation (a wheel bundles it in the package)."""
    bundled = PACKAGE_DIR / "templates"
    return bundled if bundled.is_dir() else PACKAGE_DIR.parent / "templates"


@functools.cache
def generator_fingerprint() -> str:
    """Hash of the generator's code, schemas and templates: output depends on all of them."""
    digest = hashlib.sha256(__version__.encode())
    for base in (PACKAGE_DIR, templates_dir()):
        for path in sorted(p for p in base.rglob("*") if p.suffix in _SUFFIXES):
            if "__pycache__" in path.parts or (base == PACKAGE_DIR and "templates" in path.parts):
                continue
            digest.update(path.relative_to(base).as_posix().encode())
            digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
    return digest.hexdigest()


BUILD_DIGITS = 12


def build_id() -> str:
    """A short name for this build of toolcanon (its fingerprint's first digits)."""
    return generator_fingerprint()[:BUILD_DIGITS]
