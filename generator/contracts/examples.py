"""A tool's ``examples``: each one must be a valid argument object for its inputSchema.

Providers that take examples (Claude's ``input_examples``) show them to the model as calls
to imitate, so an example the schema refuses teaches the model to send bad arguments.
Checked with the schema's own dialect; ``format`` is not asserted (as everywhere in the
checks, so every machine gives the same verdict).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import Any, Final

import jsonschema

from generator.core.diagnostics import JsonPath

CODE: Final = "TC210"
Problem = tuple[JsonPath, str, str, str]  # path inside the tool, message, hint, code


@functools.cache
def _validator_class(dialect: str | None) -> type[Any]:
    probe = {"$schema": dialect} if dialect else {}
    cls: type[Any] = jsonschema.validators.validator_for(
        probe, default=jsonschema.Draft202012Validator
    )
    return cls


def example_problems(tool: Mapping[str, Any]) -> Iterator[Problem]:
    """TC210 for every place an example breaks the tool's (already valid) inputSchema."""
    examples, schema = tool.get("examples"), tool.get("inputSchema")
    if not isinstance(examples, list) or not isinstance(schema, Mapping):
        return
    dialect = schema.get("$schema")
    validator = _validator_class(dialect if isinstance(dialect, str) else None)(schema)
    for index, example in enumerate(examples):
        if not isinstance(example, Mapping):
            continue  # the contract schema says it must be an object
        errors = sorted(validator.iter_errors(example), key=lambda e: list(e.absolute_path))
        for error in errors:
            yield (
                ("examples", index, *error.absolute_path),
                f"example {index + 1} does not match inputSchema: {error.message}",
                "fix the example or the schema: the model imitates examples",
                CODE,
            )
