"""Per-target selection: ``targets: {exclude: [...]}`` names provider targets that exist.

Only a target that sends schemas to a provider (one with profile adapters in
``targets.TARGETS``) can leave a tool out; the other outputs describe every tool.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from typing import Any, Final

from generator.core.diagnostics import JsonPath
from generator.core.targets import TARGETS

CODE: Final = "TC111"
PROVIDER_TARGETS: Final = tuple(target.name for target in TARGETS if target.adapters)
"""Targets a contract may exclude a tool from, in writing order."""

Problem = tuple[JsonPath, str, str, str]  # path, message, hint, code


def exclusion_problems(targets: Any, owner: JsonPath) -> Iterator[Problem]:
    """A TC111 error for each excluded name that is no provider target (``owner`` is the
    path of the mapping that holds ``targets``: a tool, or the file's defaults)."""
    if not isinstance(targets, Mapping) or not isinstance(targets.get("exclude"), list):
        return  # the contract schema reports the shape
    for index, name in enumerate(targets["exclude"]):
        if isinstance(name, str) and name not in PROVIDER_TARGETS:
            match = difflib.get_close_matches(name, PROVIDER_TARGETS, n=1)
            better = f"did you mean '{match[0]}'? " if match else ""
            yield (
                (*owner, "targets", "exclude", index),
                f"'{name}' is not a target a tool can be left out of",
                f"{better}provider targets are: {', '.join(PROVIDER_TARGETS)}",
                CODE,
            )
