"""Keyword rules: every key of a schema is a keyword of its dialect, holds a value, and
sits where it means what it says.

Allowed besides the dialect's vocabulary: keys starting ``x-`` and the names the
project lists in ``schema-extensions``. A misspelt keyword is silently ignored by
every validator and provider, so the mistake would reach every target unnoticed.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterator, Mapping
from typing import Any

from generator.contracts.lint.finding import Finding, show
from generator.core.diagnostics import JsonPath, Severity
from generator.jsonschema.dialects import DIALECTS, Dialect, dialect_named, dialects_knowing

EXTENSION_PREFIX = "x-"
ANY_VALUE = frozenset({"default", "const", "enum", "examples"})  # values, never schemas
NULL_ALLOWED = frozenset({"default", "const"})  # null is a value they may hold
INDENT_HINT = "indented one level too far out? a property '{key}' belongs under 'properties'"
SPLIT_HINT = "a plain scalar with ', ' inside a flow mapping {…} splits the text there: quote it"


def is_extension(key: str, extensions: frozenset[str]) -> bool:
    """True for keys toolcanon lets through as they are: ``x-…`` and configured names."""
    return key.startswith(EXTENSION_PREFIX) or key in extensions


def schema_dialect(schema: Mapping[str, Any]) -> tuple[Dialect, Finding | None]:
    """The dialect a root schema declares, and a finding when ``$schema`` names none
    toolcanon knows (the schema is then read as 2020-12)."""
    uri = schema.get("$schema")
    if not isinstance(uri, str):
        return DIALECTS[0], None
    found = dialect_named(uri)
    if found is not None:
        return found, None
    known = [d.uri for d in DIALECTS]
    match = difflib.get_close_matches(uri, known, n=1, cutoff=0.8)
    hint = f"did you mean {show(match[0])}?" if match else f"use one of: {', '.join(known)}"
    message = f"unknown $schema {show(uri)}: toolcanon reads it as 2020-12"
    return DIALECTS[0], Finding(("$schema",), message, hint, "TC220")


def keyword_findings(
    node: Mapping[str, Any], path: JsonPath, dialect: Dialect, extensions: frozenset[str]
) -> Iterator[Finding]:
    """Unknown keywords, keywords holding null, and schemas where a value belongs."""
    beside_properties = isinstance(node.get("properties"), Mapping)
    containers = _containers(dialect)
    if (
        not beside_properties
        and dialect.keywords.issuperset(node)
        and containers.isdisjoint(node)
        and None not in node.values()
    ):
        return  # the usual leaf, {type: string, description: …}: nothing to look at
    previous: tuple[str, Any] | None = None
    for key, value in node.items():
        if value is None and key not in NULL_ALLOWED and not is_extension(key, extensions):
            yield _null((*path, key), key, dialect, previous)
        elif key not in dialect.keywords:
            if not is_extension(key, extensions):
                yield _unknown(node, (*path, key), key, value, dialect, extensions)
        elif beside_properties and _misplaced(key, value, dialect, extensions):
            message = f"'{key}' holds a schema, but '{key}' is a keyword that takes none"
            yield Finding((*path, key), message, INDENT_HINT.format(key=key), "TC211")
        if key in containers:
            yield from _member_findings(key, value, (*path, key), dialect)
        previous = (key, value)


@functools.cache
def _containers(dialect: Dialect) -> frozenset[str]:
    """Keywords holding a map or a list of schemas."""
    return dialect.schema_map | dialect.schema_list


@functools.cache
def _takes_schemas(dialect: Dialect) -> frozenset[str]:
    """Keywords whose value is, or holds, schemas."""
    return dialect.subschema_keywords()


def _null(where: JsonPath, key: str, dialect: Dialect, previous: tuple[str, Any] | None) -> Finding:
    if key in dialect.keywords:
        hint = "write its value after the colon (an empty value is null in YAML), or remove it"
    elif previous is not None and isinstance(previous[1], str):
        before, text = previous
        hint = f"{SPLIT_HINT}: {before}: {show(f'{text}, {key}')}"
    else:
        hint = SPLIT_HINT
    return Finding(where, f"'{key}' has no value (null)", hint, "TC212")


def _member_findings(key: str, value: Any, where: JsonPath, dialect: Dialect) -> Iterator[Finding]:
    """Null, or a keyword's value, where a map or list of schemas should hold a schema
    (``{a: …, b}``; ``minLength: 1`` written under ``properties``)."""
    if key in dialect.schema_map and isinstance(value, Mapping):
        for name, item in value.items():
            if item is None:
                message = f"'{name}' has no schema (null)"
                yield Finding((*where, name), message, f"give it a schema; {SPLIT_HINT}", "TC212")
            elif not isinstance(item, Mapping | bool) and not _names(key, item):
                yield _not_a_schema((*where, name), key, name, item, dialect)
    elif key in dialect.schema_list and isinstance(value, list):
        for index, item in enumerate(value):
            if item is None:
                yield Finding((*where, index), "null is not a schema", None, "TC212")


def _names(key: str, value: Any) -> bool:
    """``dependencies: {a: [b, c]}``: the property names form, not a schema."""
    return key == "dependencies" and isinstance(value, list)


def _not_a_schema(where: JsonPath, key: str, name: str, value: Any, dialect: Dialect) -> Finding:
    keyword = name if name in dialect.keywords else _close_keyword(name, dialect)
    if keyword is not None:
        hint = f"indented one level too far in? '{keyword}' belongs beside '{key}'"
    else:
        hint = f"write a schema, e.g. {name}: {{type: string}}"
    message = f"'{name}' under '{key}' must be a schema, not {show(value)}"
    return Finding(where, message, hint, "TC211")


def _unknown(
    node: Mapping[str, Any],
    where: JsonPath,
    key: str,
    value: Any,
    dialect: Dialect,
    extensions: frozenset[str],
) -> Finding:
    message = f"unknown keyword '{key}'"
    elsewhere = dialects_knowing(key)
    if isinstance(node.get("properties"), Mapping) and looks_like_schema(
        value, dialect, extensions
    ):
        hint = INDENT_HINT.format(key=key)
    elif elsewhere:
        names = ", ".join(d.name for d in elsewhere)
        message = f"'{key}' is not a keyword of {dialect.name}"
        hint = f"it belongs to {names}; this schema is {dialect.name} ($schema)"
    else:
        hint = _did_you_mean(key, dialect) or (
            f"not a {dialect.name} keyword: prefix extensions with '{EXTENSION_PREFIX}' "
            "or list them in the config's schema-extensions"
        )
    return Finding(where, message, hint, "TC210")


def _did_you_mean(key: str, dialect: Dialect) -> str | None:
    match = _close_keyword(key, dialect)
    return None if match is None else f"did you mean '{match}'?"


def _close_keyword(key: str, dialect: Dialect) -> str | None:
    keywords = sorted(dialect.keywords)
    folded = [k for k in keywords if k.lower() == key.lower()]
    match = folded or difflib.get_close_matches(key, keywords, n=1, cutoff=0.6)
    return match[0] if match else None


def looks_like_schema(value: Any, dialect: Dialect, extensions: frozenset[str]) -> bool:
    """A non-empty mapping whose keys are all keywords: most likely a schema."""
    return (
        isinstance(value, Mapping)
        and bool(value)
        and all(k in dialect.keywords or is_extension(k, extensions) for k in value)
    )


def _misplaced(key: str, value: Any, dialect: Dialect, extensions: frozenset[str]) -> bool:
    """A keyword whose value is not a schema (``title``, ``format``…) holding one, next to
    ``properties``: a property written one level too far out."""
    if key in _takes_schemas(dialect) or key in ANY_VALUE or key.startswith("$"):
        return False
    return looks_like_schema(value, dialect, extensions)


def format_finding(node: Mapping[str, Any], path: JsonPath, dialect: Dialect) -> Finding | None:
    """A warning for a ``format`` the dialect does not define: validators and providers
    ignore it, so it checks nothing."""
    name = node.get("format")
    if not isinstance(name, str) or name in dialect.formats:
        return None
    match = difflib.get_close_matches(name, sorted(dialect.formats), n=1, cutoff=0.75)
    hint = (
        f"did you mean '{match[0]}'?"
        if match
        else "validators ignore formats they do not know: use pattern to constrain the text"
    )
    message = f"format '{name}' is not defined by JSON Schema {dialect.name}"
    return Finding((*path, "format"), message, hint, "TC219", Severity.WARNING)
