"""Changes that reach only some providers: which targets get the tool, and Claude's examples.

A contract's ``targets.exclude`` decides which provider files list a tool, so a target
added to it takes the tool away from every host that sends that file (breaking for
them), and one removed gives it (an addition). ``examples`` reach one provider only:
Claude, as ``input_examples``. Each such finding names its target; so does every finding
of a tool that goes to one provider target alone (the others leave it out).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.contracts.selection import PROVIDER_TARGETS
from generator.diff.rules import Change, change
from generator.diff.sides import Descriptor

EXAMPLES_TARGET = "anthropic"  # the one provider that receives examples (input_examples)


def excluded(descriptor: Descriptor) -> list[str]:
    """The targets a descriptor leaves the tool out of (none when it predates the field)."""
    targets = descriptor.get("targets")
    found = targets.get("exclude") if isinstance(targets, Mapping) else None
    return [name for name in found if isinstance(name, str)] if isinstance(found, list) else []


def only_target(descriptor: Descriptor) -> str | None:
    """The one provider target the tool goes to, when the contract leaves it out of all
    the others; else None (its changes reach several providers, or none)."""
    left_out = set(excluded(descriptor))
    reached = [name for name in PROVIDER_TARGETS if name not in left_out]
    return reached[0] if len(reached) == 1 else None


def provider_changes(old: Descriptor, new: Descriptor) -> Iterator[Change]:
    """Targets that stop or start getting the tool, and a change of its examples."""
    before, after = excluded(old), excluded(new)
    path = ("targets", "exclude")
    for target in [name for name in after if name not in before]:
        message = f"no longer sent to {target}: the contract now leaves it out"
        yield change("target-excluded", path, message, target=target)
    for target in [name for name in before if name not in after]:
        yield change("target-included", path, f"now sent to {target}", target=target)
    if _examples(old) != _examples(new):
        message = "examples changed (Claude receives them as input_examples)"
        yield change("input-examples-changed", ("examples",), message, target=EXAMPLES_TARGET)


def _examples(descriptor: Descriptor) -> Any:
    return descriptor.get("examples") or []
