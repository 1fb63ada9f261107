"""The options every emitter reads besides the toolset: package names and version, the
builtin server's name, the enabled targets, mode files. Part of the manifest's inputs."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from generator.core.targets import DEFAULT


@dataclass(frozen=True, slots=True)
class EmitOptions:
    """What emitters may read besides the toolset; part of the manifest's inputs."""

    python_package: str = "toolcanon_tools"
    typescript_package: str = "toolcanon-tools"
    package_version: str = "0.1.0"
    builtin_server: str = "builtin"
    targets: tuple[str, ...] = DEFAULT
    mode_files: bool = False  # write each mode's masked lists (modes/<mode>/…)

    def as_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
