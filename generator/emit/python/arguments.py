"""What the Python package's ``parse_arguments`` reads, decided from the toolset and the
profile stage: the providers it knows, the inverse of each provider's transform, and the
validator each tool's schema needs.

Most schemas are validated by the package's own compiled validator (``_exact.py``) in
their dialect; a schema that uses a keyword it does not compile is validated by
jsonschema, which then becomes a dependency of the package.
"""

from __future__ import annotations

from typing import Any, Final

from generator.core.jsondata import MAX_DEPTH
from generator.core.targets import BY_NAME
from generator.emit.common import Inputs
from generator.ir.model import Toolset, thaw
from generator.ir.options import EmitOptions
from generator.jsonschema.dialects import DEFAULT, dialect_of
from generator.jsonschema.walk import subschemas
from generator.profiles.inverse import enabled_inverses

JSONSCHEMA: Final = "jsonschema"
# What _exact.py does not compile, per dialect: dynamic references and the keywords that
# depend on what other keywords evaluated.
NOT_COMPILED: Final = {
    "2019-09": frozenset({"$recursiveRef", "unevaluatedProperties", "unevaluatedItems"}),
    "2020-12": frozenset({"$dynamicRef", "unevaluatedProperties", "unevaluatedItems"}),
}


def validator_of(schema: Any) -> str:
    """The dialect ``_exact.py`` validates ``schema`` in, or ``jsonschema``."""
    dialect = dialect_of(schema)
    hard = NOT_COMPILED.get(dialect.name, frozenset())
    base_uri = "id" if dialect.name == "draft-04" else "$id"  # below the root, it moves "#"
    for node, path in subschemas(schema, (), dialect):
        if not hard.isdisjoint(node) or (path and isinstance(node.get(base_uri), str)):
            return JSONSCHEMA
    return dialect.name


def arguments_context(toolset: Toolset, options: EmitOptions, inputs: Inputs) -> dict[str, Any]:
    """The template context of ``arguments.py`` and the data in ``_data.py``."""
    inverses = enabled_inverses((tool.name for tool in toolset), options.targets, inputs.adapted)
    validation = {
        tool.name: how
        for tool in toolset
        if (how := validator_of(thaw(tool.input_schema))) != DEFAULT.name
    }
    return {
        "providers": list(inverses),
        "inverses": inverses,
        "validation": validation,
        "provider_name_senders": sorted(set(BY_NAME["names"].implied_by) & set(inverses)),
        "needs_jsonschema": JSONSCHEMA in validation.values(),
        "max_depth": MAX_DEPTH,
    }
