"""jsonschema as the judge of a schema's own values, in the schema's dialect.

A subschema's ``$ref`` is relative to the tool schema's root, so each subschema is
validated by a validator evolved from one made for the root (it keeps the root's
resolver). ``pattern`` and ``patternProperties`` match as ECMA-262 does (what JSON
Schema specifies and every consumer of the contract uses), not as Python's ``re``.
Formats are annotations here, as in every generated validator. Nothing is fetched:
a reference outside the schema cannot be resolved and the value is left unjudged.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

import jsonschema
import referencing
import referencing.exceptions
import referencing.jsonschema
from jsonschema.exceptions import ValidationError, best_match
from jsonschema_specifications import REGISTRY as _SPECIFICATIONS

from generator.contracts.lint.finding import article, show
from generator.contracts.lint.patterns import ecma_regex
from generator.core.diagnostics import format_path
from generator.jsonschema.dialects import Dialect

_UNJUDGED = (
    referencing.exceptions.Unresolvable,
    jsonschema.exceptions._RefResolutionError,
    RecursionError,
    re.error,
    ValueError,
    TypeError,
)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string"):
        compiled = ecma_regex(pattern)
        if compiled is not None and compiled.find(instance) is None:
            yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Any, patterns: Mapping[str, Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        compiled = ecma_regex(pattern)
        for key, value in instance.items():
            if compiled is not None and compiled.find(key) is not None:
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


@functools.cache
def _validator_class(uri: str) -> Any:
    standard = jsonschema.validators.validator_for({"$schema": uri})
    keywords = {"pattern": _pattern, "patternProperties": _pattern_properties}
    return jsonschema.validators.extend(standard, keywords)


class Judge:
    """Validates values against subschemas of one root schema."""

    def __init__(self, root: Mapping[str, Any], dialect: Dialect) -> None:
        cls = _validator_class(dialect.uri)
        resource = referencing.jsonschema.specification_with(dialect.uri).create_resource(root)
        # The meta-schemas and this schema, and nothing else: a remote $ref is not fetched.
        self._root = cls(root, _resolver=_SPECIFICATIONS.resolver_with_root(resource))

    def problems(self, values: list[Any], schema: Mapping[str, Any]) -> list[str | None]:
        """Why each of ``values`` is not valid against ``schema`` (a subschema of the
        root): None for a value that is valid or cannot be judged."""
        try:
            validator = self._root.evolve(schema=schema)
        except _UNJUDGED:
            return [None] * len(values)
        return [self._problem(validator, value) for value in values]

    @staticmethod
    def _problem(validator: Any, value: Any) -> str | None:
        try:
            error = best_match(validator.iter_errors(value))
        except _UNJUDGED:
            return None
        return None if error is None else reason(error)


def reason(error: ValidationError) -> str:
    """A validation error in the words (and JSON spelling) of a contract's reader."""
    inner = tuple(error.absolute_path)
    prefix = f"at {format_path(inner)}: " if inner else ""
    return prefix + _why(error.validator, error.validator_value, error.instance)


def _why(keyword: Any, expected: Any, value: Any) -> str:
    shown = show(value)
    bounds = {
        "minimum": "less than the minimum",
        "maximum": "greater than the maximum",
        "exclusiveMinimum": "not greater than",
        "exclusiveMaximum": "not less than",
        "minLength": "shorter than minLength",
        "maxLength": "longer than maxLength",
        "minItems": "shorter than minItems",
        "maxItems": "longer than maxItems",
        "minProperties": "has fewer properties than minProperties",
        "maxProperties": "has more properties than maxProperties",
        "multipleOf": "not a multiple of",
    }
    if keyword == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        return f"{shown} is not {' or '.join(article(k) for k in kinds)}"
    if keyword == "enum":
        return f"{shown} is not one of {show(expected)}"
    if keyword == "const":
        return f"{shown} is not {show(expected)}"
    if keyword == "pattern":
        return f"{shown} does not match the pattern {show(expected)}"
    if keyword == "required":
        missing = [name for name in expected if name not in value]
        return f"required property {show(missing[0] if missing else expected)} is missing"
    if keyword in bounds:
        verb = "" if bounds[keyword].startswith("has") else "is "
        return f"{shown} {verb}{bounds[keyword]} {show(expected)}"
    if keyword == "additionalProperties" and isinstance(value, Mapping):
        return f"{shown} has a property the schema does not allow"
    return f"{shown} is not valid against '{keyword}'"
