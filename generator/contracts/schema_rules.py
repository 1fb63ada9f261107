"""Rules for a tool's inputSchema/outputSchema beyond what the contract schema says."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from generator.contracts.fast_meta import surely_valid
from generator.core.diagnostics import JsonPath
from generator.jsonschema import pointer, refs
from generator.jsonschema.dialects import DEFAULT, dialect_named
from generator.jsonschema.walk import positions, subschemas

Finding = tuple[JsonPath, str, str | None, str]

# A root anyOf/oneOf/allOf is legal in MCP (under type: object) and kept; the providers that
# refuse it say so for their own target (the profiles). These leave no object to describe.
ROOT_FORBIDDEN = ("enum", "const", "not")
TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")


@functools.cache
def _validator_class(dialect: str | None) -> type[Any]:
    """The validator of the dialect ``$schema`` names, in any spelling the dialect table
    knows (https, no trailing '#'); 2020-12 otherwise (the lint reports an unknown one)."""
    known = dialect_named(dialect) if dialect else None
    probe = {"$schema": (known or DEFAULT).uri}
    cls: type[Any] = jsonschema.validators.validator_for(
        probe, default=jsonschema.Draft202012Validator
    )
    return cls


def _meta_errors(schema: Mapping[str, Any]) -> Iterator[ValidationError]:
    """Metaschema errors, without formats: patterns are ECMA-262, which the schema lint
    checks (Python's ``re``, which jsonschema's "regex" format uses, reads them otherwise);
    a name listed twice in ``required`` is the lint's too."""
    if surely_valid(schema):
        return  # the fast, sound path; see fast_meta
    dialect = schema.get("$schema")
    cls = _validator_class(dialect if isinstance(dialect, str) else None)
    for error in cls(cls.META_SCHEMA).iter_errors(schema):
        if not (error.validator == "uniqueItems" and error.path and error.path[-1] == "required"):
            yield error


def check_tool_schema(schema: Mapping[str, Any]) -> Iterator[Finding]:
    """Findings for one tool schema, paths relative to the schema's root."""
    meta_found = False
    for error in _meta_errors(schema):
        meta_found = True
        yield _explain_meta(error)
    if meta_found:
        return  # the rules below assume a structurally valid schema
    yield from _root_rules(schema)
    references = _References(schema)
    for node, path in subschemas(schema):
        yield from _required_rule(node, path)
        yield from _reference_keywords(node, path)
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield from references.check(ref, (*path, "$ref"))


def _explain_meta(error: ValidationError) -> Finding:
    path: JsonPath = tuple(error.absolute_path)
    value = error.instance
    if _keyword_at(path, "type", 1) or _keyword_at(path, "type", 2):
        return (
            path,
            f"{value!r} is not a JSON Schema type",
            f"use one of: {', '.join(TYPES)}",
            "TC201",
        )
    if _keyword_at(path, "required", 1):
        return (
            path,
            "'required' must be a list of property names",
            "write required: [a, b]",
            "TC203",
        )
    return path, f"invalid JSON Schema: {error.message}", None, "TC200"


_NAMES = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)


def _keyword_at(path: JsonPath, keyword: str, back: int) -> bool:
    """True when ``path[-back]`` is the keyword itself, not a property (or definition)
    that happens to have its name: ``properties/type`` names a property."""
    if len(path) < back or path[-back] != keyword:
        return False
    return len(path) == back or path[-back - 1] not in _NAMES


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


def _reference_keywords(node: Mapping[str, Any], path: JsonPath) -> Iterator[Finding]:
    """Keywords that would change what a ``$ref`` means, or follow references
    toolcanon does not: a nested ``$id`` (a new base URI), ``$dynamicRef``."""
    if path and "$id" in node:
        yield (
            (*path, "$id"),
            "a nested $id gives the references inside it another base",
            "remove it: toolcanon reads every $ref against the tool's schema",
            "TC210",
        )
    for keyword in ("$dynamicRef", "$recursiveRef"):
        if keyword in node:
            yield (
                (*path, keyword),
                f"{keyword} is not supported: only local $ref is followed",
                "use $ref to '#/$defs/…' (every target resolves it the same way)",
                "TC207",
            )


class _References:
    """The ``$ref`` rules of one schema: local, pointing at a schema, no loop in place."""

    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.loops = refs.InPlaceLoops(root)
        self.schemas = {path for _, path in positions(root)}

    def check(self, ref: str, path: JsonPath) -> Iterator[Finding]:
        parts = pointer.parse_ref(ref)
        if parts is None:
            yield (
                path,
                f"$ref {ref!r} is not a local reference",
                "toolcanon never fetches schemas: copy the definition into $defs and use "
                "'#/$defs/…'",
                "TC207",
            )
            return
        found = pointer.locate(self.root, parts)
        if found is None:
            yield path, f"$ref {ref!r} points to nothing", "define it under $defs", "TC208"
        elif found[1] not in self.schemas:
            yield (
                path,
                f"$ref {ref!r} points to a value that is not a schema",
                "point it at a schema, e.g. under $defs",
                "TC208",
            )
        elif self.loops.reaches(parts):
            yield (
                path,
                f"$ref {ref!r} leads back to itself without reading any part of the value",
                "a reference cycle needs a property or an item along the way ($ref, allOf, "
                "anyOf, oneOf, not, if/then/else and dependentSchemas read the same value)",
                "TC209",
            )
