"""Rules for a tool's inputSchema/outputSchema beyond what the contract schema says."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from generator.contracts.fast_meta import surely_valid
from generator.diagnostics import JsonPath
from generator.jsonschema import pointer, refs
from generator.jsonschema.walk import subschemas

Finding = tuple[JsonPath, str, str | None, str]

# A root anyOf/oneOf/allOf is legal in MCP (under type: object) and kept; the providers that
# refuse it say so for their own target (the profiles). These leave no object to describe.
ROOT_FORBIDDEN = ("enum", "const", "not")
TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")


@functools.cache
def _validator_class(dialect: str | None) -> type[Any]:
    probe = {"$schema": dialect} if dialect else {}
    cls: type[Any] = jsonschema.validators.validator_for(
        probe, default=jsonschema.Draft202012Validator
    )
    return cls


# Only "regex" is checked: other format checks depend on optional packages, and the
# same contracts must get the same verdict on every machine.
_FORMATS = jsonschema.FormatChecker(formats=["regex"])


def _meta_errors(schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    if surely_valid(schema):
        return  # the fast, sound path; see fast_meta
    dialect = schema.get("$schema")
    cls = _validator_class(dialect if isinstance(dialect, str) else None)
    meta = cls(cls.META_SCHEMA, format_checker=_FORMATS)
    yield from meta.iter_errors(schema)


def check_tool_schema(schema: Mapping[str, Any]) -> Iterator[Finding]:
    """Findings for one tool schema, paths relative to the schema's root."""
    meta_found = False
    for error in _meta_errors(schema):
        meta_found = True
        yield _explain_meta(error)
    if meta_found:
        return  # the rules below assume a structurally valid schema
    yield from _root_rules(schema)
    for node, path in subschemas(schema):
        yield from _required_rule(node, path)
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield from _ref_rule(schema, ref, (*path, "$ref"))


def _explain_meta(error: ValidationError) -> Finding:
    path: JsonPath = tuple(error.absolute_path)
    value = error.instance
    if (path and path[-1] == "type") or (len(path) >= 2 and path[-2] == "type"):
        return (
            path,
            f"{value!r} is not a JSON Schema type",
            f"use one of: {', '.join(TYPES)}",
            "TC201",
        )
    if error.validator == "format" and error.schema.get("format") == "regex":
        return path, f"invalid regular expression {value!r}", "fix the pattern", "TC202"
    if path and path[-1] == "required":
        return (
            path,
            "'required' must be a list of property names",
            "write required: [a, b]",
            "TC203",
        )
    return path, f"invalid JSON Schema: {error.message}", None, "TC200"


def _root_rules(schema: Mapping[str, Any]) -> Iterator[Finding]:
    if schema.get("type") != "object":
        yield (
            ("type",) if "type" in schema else (),
            "the root of a tool schema must be type: object",
            "write type: object and put the arguments under properties",
            "TC204",
        )
    for keyword in ROOT_FORBIDDEN:
        if keyword in schema:
            yield (
                (keyword,),
                f"'{keyword}' is not allowed at the root of a tool schema",
                "a tool's arguments are one object: describe it with properties",
                "TC205",
            )


def _required_rule(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    required, properties = node.get("required"), node.get("properties")
    if not isinstance(required, list) or not isinstance(properties, Mapping):
        return
    if "patternProperties" in node:
        return  # a required name may be matched by a pattern
    for index, name in enumerate(required):
        if isinstance(name, str) and name not in properties:
            yield (
                (*path, "required", index),
                f"required property '{name}' is not in properties",
                "add it to properties or remove it from required",
                "TC206",
            )


def _ref_rule(root: Mapping[str, Any], ref: str, path: JsonPath) -> Iterator[Finding]:
    parts = pointer.parse_ref(ref)
    if parts is None:
        yield (
            path,
            f"$ref {ref!r} is not a local reference",
            "toolcanon never fetches schemas: copy the definition into $defs and use '#/$defs/…'",
            "TC207",
        )
        return
    found, _ = pointer.resolve(root, parts)
    if not found:
        yield path, f"$ref {ref!r} points to nothing", "define it under $defs", "TC208"
    elif refs.bare_cycle(root, parts):
        yield (
            path,
            f"$ref {ref!r} only refers to itself through other $refs",
            "a reference cycle needs a real schema (an object or array) along the way",
            "TC209",
        )
