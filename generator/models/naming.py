"""Class names and the combined schemas datamodel-code-generator reads.

Tools go into combined JSON Schemas, each ``inputSchema`` under ``$defs/<ClassName>``
with its own definitions lifted beside it as ``<ClassName>_<def>`` (numbered when a
``$defs`` and a ``definitions`` entry share a name) and every local ``$ref`` rewritten
to the new place. Nested classes are named after their tool (``AskUserInputOption``),
so adding one tool never renames another tool's classes. Output models (``outputSchema``)
are named the same way with ``Output`` for ``Input`` and live in a module of their own,
so no output class can take an input class's name, however the tools are named.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from generator.ir.model import ToolDescriptor, thaw
from generator.jsonschema import pointer, refs

SUFFIX = "Input"
OUTPUT_SUFFIX = "Output"
_WORD = re.compile(r"[A-Za-z0-9]+")
_UNSAFE = re.compile(r"[^A-Za-z0-9_]")
DefNames = Mapping[tuple[str, str], str]  # (section, name) → name in the combined $defs


def class_name(tool_name: str, suffix: str = SUFFIX) -> str:
    """``github::create_issue`` → ``GithubCreateIssueInput`` (letters and digits only)."""
    words = _WORD.findall(tool_name)
    stem = "".join(word[:1].upper() + word[1:] for word in words) or "Tool"
    if stem[0].isdigit():
        stem = "Tool" + stem
    return stem + suffix


def class_names(tool_names: tuple[str, ...], suffix: str = SUFFIX) -> dict[str, str]:
    """A unique class per tool; a clash is numbered in canonical-name order (``…Input2``)."""
    taken: set[str] = set()
    result: dict[str, str] = {}
    for name in sorted(tool_names):
        base = candidate = class_name(name, suffix)
        number = 1
        while candidate in taken:
            number += 1
            candidate = f"{base}{number}"
        taken.add(candidate)
        result[name] = candidate
    return result


def def_names(schema: Mapping[str, Any], owner: str) -> dict[tuple[str, str], str]:
    """Where each definition of a tool goes: ``<owner>_<name>``, numbered on a clash.

    The name keeps letters, digits and ``_`` only, so the reference to it needs no
    escaping (datamodel-code-generator reads ``$ref`` without percent-decoding).
    """
    taken: set[str] = set()
    names: dict[tuple[str, str], str] = {}
    for section, name, _ in refs.definitions(schema):
        base = candidate = f"{owner}_{_UNSAFE.sub('_', name)}"
        number = 1
        while candidate in taken:
            number += 1
            candidate = f"{base}{number}"
        taken.add(candidate)
        names[section, name] = candidate
    return names


def relocate_refs(node: Any, owner: str, defs: DefNames) -> Any:
    """Point every local ``$ref`` of a tool schema at its place in the combined schema."""
    if isinstance(node, Mapping):
        moved = relocate_refs
        return {
            key: _relocated(item, owner, defs) if key == "$ref" else moved(item, owner, defs)
            for key, item in node.items()
        }
    if isinstance(node, list | tuple):
        return [relocate_refs(item, owner, defs) for item in node]
    return node


def _relocated(ref: Any, owner: str, defs: DefNames) -> Any:
    tokens = pointer.parse_ref(ref) if isinstance(ref, str) else None
    if tokens is None:
        return ref
    if len(tokens) >= 2 and (tokens[0], tokens[1]) in defs:
        return pointer.to_ref(("$defs", defs[tokens[0], tokens[1]], *tokens[2:]))
    return pointer.to_ref(("$defs", owner, *tokens))


def tools_schema(
    tools: Iterable[ToolDescriptor],
    names: Mapping[str, str],
    schema_of: Callable[[ToolDescriptor], dict[str, Any]] = lambda tool: thaw(tool.input_schema),
) -> dict[str, Any]:
    """One schema holding the given tools' inputs (``schema_of`` each) under ``$defs``,
    named by ``names``.

    datamodel-code-generator gives a class name to whichever schema it meets first and
    numbers the later ones; nested and definition classes start with their tool's class
    name. So a tool whose class name extends another's (``b_input``'s ``BInputInput``,
    ``b``'s ``BInput``) is put before it, or ``b``'s nested ``input`` class would take
    the name and ``MODELS["b_input"]`` would point at it."""
    parts: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for tool in tools:
        owner = names[tool.name]
        schema = schema_of(tool)
        moved = def_names(schema, owner)
        schema = relocate_refs(schema, owner, moved)
        schema.pop("$schema", None)
        schema.pop("$id", None)
        lifted = {moved[section, name]: sub for section, name, sub in refs.definitions(schema)}
        for section in refs.DEFS_SECTIONS:
            schema.pop(section, None)
        parts.append((owner, schema, lifted))
    early = _claiming_first([owner for owner, _, _ in parts])
    combined = {owner: schema for owner, schema, _ in parts if owner in early}
    combined = {owner: combined[owner] for owner in early}
    for owner, schema, lifted in parts:
        combined.update(lifted)
        combined.setdefault(owner, schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": combined}


def _claiming_first(owners: list[str]) -> list[str]:
    """Tool classes whose name extends another tool's class name, longest first: their
    schemas go in before every other one."""
    extending = [o for o in owners if any(o != p and o.startswith(p) for p in owners)]
    return sorted(extending, key=lambda owner: (-len(owner), owner))
