"""What undoes OpenAI strict mode on a tool's arguments (the format: ``profiles/inverse.py``).

Strict mode lists every property in ``required``, so for a property the contract left
optional the model sends ``null`` where it means "absent". The inverse removes that
``null`` where the contract's own schema for the property refuses null, and keeps it
where the contract allows null (there the model may mean either, and both are valid).
Nothing else in ``to_strict`` changes what an argument looks like: ``$ref`` inlining,
``oneOf`` → ``anyOf``, ``default`` moved into the description and ``additionalProperties:
false`` only narrow or annotate.

Whether a schema allows null is decided by jsonschema in the schema's own dialect, with
``$ref`` resolved from the tool's root, so it is exact, not a guess from ``type``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jsonschema

from generator.profiles.inverse import Inverse, Tokens, build_inverse


def strict_inverse(schema: Mapping[str, Any]) -> Inverse | None:
    """The inverse of ``to_strict(schema)`` for arguments; None when it changes none.

    ``schema`` is the contract's ``inputSchema`` as plain JSON data, already accepted
    by ``to_strict`` (the walk follows only the keywords strict mode keeps).
    """
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = base(schema)

    def drops(node: Mapping[str, Any], tokens: Tokens) -> tuple[str, ...]:
        required = node.get("required")
        names = set(required) if isinstance(required, list | tuple) else set()
        return tuple(
            name
            for name, sub in node["properties"].items()
            if name not in names and not validator.evolve(schema=sub).is_valid(None)
        )

    return build_inverse(schema, drops)
