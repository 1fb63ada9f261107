"""The lists whose tokens are counted: each enabled target's own tool lists.

A provider target declares what it writes as ``emit.lists.ToolList`` values (its
``LISTS``): the entry of each tool, where its name, description and schema sit, the file
a tool's entry goes to, and MCP's ``{"tools": [...]}`` wrapping. Counting reads those
very lists, serialized as the provider's SDK sends them (serialize.py), so a new provider
target is counted as soon as it is in the target table; only its provider row (the
tokenizer, the documented overheads) belongs here, in providers.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generator.core.targets import BY_NAME, enabled
from generator.core.targets import TARGETS as ALL
from generator.emit.common import Inputs
from generator.emit.lists import ToolList, tool_lists
from generator.ir.model import ToolDescriptor
from generator.ir.options import EmitOptions
from generator.profiles.stage import adapt

Target = ToolList
TARGETS: tuple[ToolList, ...] = tool_lists(ALL)
"""Every list every target can write."""


def targets_for(options: EmitOptions) -> tuple[ToolList, ...]:
    """The lists of the targets ``options`` turn on."""
    return tool_lists(enabled(options.targets))


def target(key: str, targets: Sequence[ToolList] = TARGETS) -> ToolList:
    """The list called ``key``; KeyError names the known ones."""
    for candidate in targets:
        if candidate.key == key:
            return candidate
    raise KeyError(f"unknown target {key!r}; known: {', '.join(t.key for t in targets)}")


def inputs_for(tools: Iterable[ToolDescriptor], targets: Sequence[ToolList]) -> Inputs:
    """What the lists need from the profile stage, run here for ``tools`` (callers that
    already ran the pipeline pass its ``Inputs`` instead)."""
    writers = list({t.target: BY_NAME[t.target] for t in targets if t.adapter}.values())
    return Inputs(adapted=adapt(tools, writers)[0])
