"""Draft → YAML contract text: block style, literal blocks, key order kept, guesses marked.

PyYAML writes each field's value; this module arranges the fields and puts a
``# review:`` comment above every guess (PyYAML cannot write comments). A string
is quoted whenever YAML 1.1 *or* 1.2 would read it as something else, so the file
means the same to our loader and to any editor.
"""

from __future__ import annotations

from typing import Any

import yaml

from generator.contracts.yaml_source import Yaml12Loader
from generator.importers.draft import Draft, DraftTool, Field
from generator.importers.trust import TRUSTED_HEADER, UNTRUSTED_HEADER

WIDTH = 96


class _Dumper(yaml.SafeDumper):  # type: ignore[misc]
    """Safe dumper whose implicit typing is the union of YAML 1.1 and YAML 1.2 core."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        tag = super().resolve(kind, value, implicit)
        if kind is yaml.ScalarNode and implicit[0]:
            return _yaml12_tag(value) or tag
        return tag

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> Any:
        return super().increase_indent(flow, False)  # lists indented under their key


def _yaml12_tag(value: str) -> str | None:
    """The tag YAML 1.2 core gives a plain scalar ``value``, unless it is a string."""
    table = Yaml12Loader.yaml_implicit_resolvers
    for tag, pattern in table.get(value[:1], []):
        if pattern.match(value):
            return tag
    return None


_ODD_BREAKS = frozenset("\x85\u2028\u2029\r")


def _string(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=_style(value))


def _style(value: str) -> str | None:
    """A literal block for text with line breaks, unless only escapes keep it exact.

    PyYAML writes NEL and the Unicode separators raw outside double quotes, where a
    reader folds them. Text ending in a blank line (or holding nothing but breaks)
    needs keep chomping (``|+``): its block would take in the blank line between tools
    and end the document (``...``) in the middle of the file.
    """
    if _ODD_BREAKS.intersection(value):
        return '"'
    if "\n" not in value:
        return None
    return '"' if value.endswith("\n\n") or not value.strip("\n") else "|"


_Dumper.add_representer(str, _string)


def dump_value(key: str, value: Any) -> list[str]:
    """``key: value`` as YAML lines (block style, order and non-ASCII kept)."""
    text = yaml.dump(
        {key: value},
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=WIDTH,
        indent=2,
    )
    lines: list[str] = text.removesuffix("\n").split("\n")  # not splitlines: it splits on NEL
    return lines


def _comment(indent: str, text: str) -> str:
    return f"{indent}# review: {' '.join(text.split())}"


def _key_lines(text: str) -> dict[tuple[Any, ...], tuple[int, int]]:
    """(line, column), 0-based, of every key and item in a dumped value, by path."""
    found: dict[tuple[Any, ...], tuple[int, int]] = {}
    stack: list[tuple[yaml.Node, tuple[Any, ...]]] = [(yaml.compose(text, yaml.SafeLoader), ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                found[(*path, key.value)] = (key.start_mark.line, key.start_mark.column)
                stack.append((value, (*path, key.value)))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):  # a review goes at the item's dash
                found[(*path, index)] = (item.start_mark.line, max(item.start_mark.column - 2, 0))
                stack.append((item, (*path, index)))
    return found


def _with_inner_reviews(field: Field, body: list[str]) -> list[str]:
    """``body`` with a ``# review:`` line above each place ``field.inner`` names."""
    if not field.inner:
        return body
    places = _key_lines("\n".join(body))
    above: dict[int, list[str]] = {}
    for path, text in field.inner:
        line, column = places.get((field.key, *path), (0, 0))
        above.setdefault(line, []).append(_comment(" " * column, text))
    lines = []
    for index, line_text in enumerate(body):
        lines += above.get(index, [])
        lines.append(line_text)
    return lines


def _field_lines(field: Field, first: bool) -> list[str]:
    lines = []
    if field.review:
        lines.append(_comment("  " if first else "    ", field.review))
    body = _with_inner_reviews(field, dump_value(field.key, field.value))
    while body[0].startswith("#"):  # reviews of the field's own line go above it
        lines.append(("  " if first else "    ") + body.pop(0))
    lines.append(("  - " if first else "    ") + body[0])
    lines += ["    " + line if line else "" for line in body[1:]]
    return lines


def _tool_lines(tool: DraftTool) -> list[str]:
    lines = []
    for index, field in enumerate(tool.fields):
        lines += _field_lines(field, index == 0)
    return lines


def render(draft: Draft, schema: str) -> str:
    """The whole contract file for ``draft``; ``schema``: where editors find the contract
    schema from the file's folder (``emit.schema.editor_reference``)."""
    lines = [
        f"# yaml-language-server: $schema={schema}",
        "#",
        f"# Imported by 'toolcanon import' from {draft.origin}.",
        "# Lines marked 'review:' are guesses: check each, then delete its comment.",
        *(TRUSTED_HEADER if draft.trusted else UNTRUSTED_HEADER),
        "version: 1",
    ]
    if draft.server is not None:
        if draft.server.review:
            lines.append(_comment("", draft.server.review))
        lines += dump_value("server", draft.server.value)
    lines.append("tools:" if draft.tools else "tools: []")
    for index, tool in enumerate(draft.tools):
        if index:
            lines.append("")
        lines += _tool_lines(tool)
    return "\n".join(lines) + "\n"
