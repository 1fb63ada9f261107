"""The JSON Schema dialects toolcanon reads, with their vocabularies and formats.

A schema's dialect is named by its root ``$schema``; without one it is 2020-12 (what
MCP specifies for ``inputSchema``). Each dialect lists the keywords its meta-schema
defines, where their subschemas sit (one schema, a list, a name → schema map), and the
formats its specification defines. ``definitions`` and ``dependencies`` stay known in
2019-09 and 2020-12: their meta-schemas keep them "because they remain in common use".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
DRAFT_2019_09 = "https://json-schema.org/draft/2019-09/schema"
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
DRAFT_06 = "http://json-schema.org/draft-06/schema#"
DRAFT_04 = "http://json-schema.org/draft-04/schema#"


@dataclass(frozen=True, slots=True)
class Dialect:
    """One dialect: its ``$schema`` URI and what its keywords are."""

    name: str
    uri: str
    keywords: frozenset[str]  # every keyword of the meta-schema
    schema: frozenset[str]  # keywords whose value is one schema
    schema_list: frozenset[str]  # keywords whose value is a list of schemas
    schema_map: frozenset[str]  # keywords whose value maps names to schemas
    annotations: frozenset[str]  # keywords that never change what validates
    formats: frozenset[str]  # formats the specification defines
    items_array: bool  # ``items`` may be a list of schemas (before 2020-12)
    deprecated: frozenset[str] = frozenset()  # kept in the meta-schema, replaced by others

    def subschema_keywords(self) -> frozenset[str]:
        return self.schema | self.schema_list | self.schema_map


# Keywords that only annotate or identify a schema, in every dialect: a transform that
# removes them changes nothing a value must be to be valid.
ANNOTATING: Final = frozenset(
    {
        "$schema",
        "$id",
        "$anchor",
        "$dynamicAnchor",
        "$comment",
        "$vocabulary",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "contentMediaType",
        "contentEncoding",
        "contentSchema",
    }
)

TYPE_NAMES: Final = ("array", "boolean", "integer", "null", "number", "object", "string")
"""The names ``type`` takes, the same in every dialect (sorted)."""

_NUMERIC = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
FOR_TYPE: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "string": frozenset({"minLength", "maxLength", "pattern"}),
        "number": _NUMERIC,
        "integer": _NUMERIC,
        "boolean": frozenset(),
        "null": frozenset(),
        "array": frozenset(
            {
                "items",
                "prefixItems",
                "additionalItems",
                "unevaluatedItems",
                "minItems",
                "maxItems",
                "uniqueItems",
                "contains",
                "minContains",
                "maxContains",
            }
        ),
        "object": frozenset(
            {
                "properties",
                "required",
                "additionalProperties",
                "patternProperties",
                "propertyNames",
                "unevaluatedProperties",
                "minProperties",
                "maxProperties",
                "dependentRequired",
                "dependentSchemas",
                "dependencies",
            }
        ),
    }
)
"""Per type, the keywords that constrain only values of that type (any other value passes
them), in every dialect: what goes with each branch when a type list is split into one
schema per type."""

_ANNOTATIONS_04 = frozenset({"title", "description", "default"})
_ANNOTATIONS_06 = _ANNOTATIONS_04 | {"examples"}
_ANNOTATIONS_07 = _ANNOTATIONS_06 | {
    "$comment",
    "readOnly",
    "writeOnly",
    "contentMediaType",
    "contentEncoding",
}
_ANNOTATIONS_2019 = _ANNOTATIONS_07 | {"deprecated", "contentSchema"}

_VALIDATION_04 = frozenset(
    {
        "type",
        "enum",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxProperties",
        "minProperties",
        "required",
        "format",
    }
)
_VALIDATION_06 = _VALIDATION_04 | {"const"}
_VALIDATION_2019 = _VALIDATION_06 | {"maxContains", "minContains", "dependentRequired"}

_FORMATS_04 = frozenset({"date-time", "email", "hostname", "ipv4", "ipv6", "uri"})
_FORMATS_06 = _FORMATS_04 | {"uri-reference", "uri-template", "json-pointer"}
_FORMATS_07 = _FORMATS_06 | {
    "date",
    "time",
    "idn-email",
    "idn-hostname",
    "iri",
    "iri-reference",
    "relative-json-pointer",
    "regex",
}
_FORMATS_2019 = _FORMATS_07 | {"duration", "uuid"}


def _dialect(
    name: str,
    uri: str,
    *,
    core: set[str],
    schema: set[str],
    schema_list: set[str],
    schema_map: set[str],
    validation: frozenset[str],
    annotations: frozenset[str],
    formats: frozenset[str],
    items_array: bool,
    deprecated: frozenset[str] = frozenset(),
) -> Dialect:
    keywords = frozenset(
        core | schema | schema_list | schema_map | validation | annotations | deprecated
    )
    return Dialect(
        name,
        uri,
        keywords,
        frozenset(schema),
        frozenset(schema_list),
        frozenset(schema_map),
        frozenset(annotations),
        formats,
        items_array,
        deprecated,
    )


_LISTS = {"allOf", "anyOf", "oneOf"}

DRAFT_04_DIALECT = _dialect(
    "draft-04",
    DRAFT_04,
    core={"$schema", "id", "$ref"},
    schema={"items", "additionalItems", "additionalProperties", "not"},
    schema_list=_LISTS,
    schema_map={"properties", "patternProperties", "definitions", "dependencies"},
    validation=_VALIDATION_04,
    annotations=_ANNOTATIONS_04,
    formats=_FORMATS_04,
    items_array=True,
)
DRAFT_06_DIALECT = _dialect(
    "draft-06",
    DRAFT_06,
    core={"$schema", "$id", "$ref"},
    schema={"items", "additionalItems", "additionalProperties", "not", "contains", "propertyNames"},
    schema_list=_LISTS,
    schema_map={"properties", "patternProperties", "definitions", "dependencies"},
    validation=_VALIDATION_06,
    annotations=_ANNOTATIONS_06,
    formats=_FORMATS_06,
    items_array=True,
)
DRAFT_07_DIALECT = _dialect(
    "draft-07",
    DRAFT_07,
    core={"$schema", "$id", "$ref"},
    schema={
        "items",
        "additionalItems",
        "additionalProperties",
        "not",
        "contains",
        "propertyNames",
        "if",
        "then",
        "else",
    },
    schema_list=_LISTS,
    schema_map={"properties", "patternProperties", "definitions", "dependencies"},
    validation=_VALIDATION_06,
    annotations=_ANNOTATIONS_07,
    formats=_FORMATS_07,
    items_array=True,
)
_APPLICATORS_2019 = {
    "items",
    "additionalProperties",
    "not",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
}
# ``definitions`` and ``dependencies`` are deprecated here but still walked: a schema that
# uses them has subschemas there, and a validator still applies ``dependencies``.
_MAPS_2019 = {
    "properties",
    "patternProperties",
    "$defs",
    "dependentSchemas",
    "definitions",
    "dependencies",
}
DRAFT_2019_09_DIALECT = _dialect(
    "2019-09",
    DRAFT_2019_09,
    core={
        "$schema",
        "$id",
        "$ref",
        "$anchor",
        "$recursiveRef",
        "$recursiveAnchor",
        "$vocabulary",
        "$comment",
    },
    schema=_APPLICATORS_2019 | {"additionalItems"},
    schema_list=_LISTS,
    schema_map=_MAPS_2019,
    validation=_VALIDATION_2019,
    annotations=_ANNOTATIONS_2019,
    formats=_FORMATS_2019,
    items_array=True,
    deprecated=frozenset({"definitions", "dependencies"}),
)
DRAFT_2020_12_DIALECT = _dialect(
    "2020-12",
    DRAFT_2020_12,
    core={
        "$schema",
        "$id",
        "$ref",
        "$anchor",
        "$dynamicRef",
        "$dynamicAnchor",
        "$vocabulary",
        "$comment",
    },
    schema=_APPLICATORS_2019,
    schema_list=_LISTS | {"prefixItems"},
    schema_map=_MAPS_2019,
    validation=_VALIDATION_2019,
    annotations=_ANNOTATIONS_2019,
    formats=_FORMATS_2019,
    items_array=False,
    deprecated=frozenset({"definitions", "dependencies", "$recursiveRef", "$recursiveAnchor"}),
)

DIALECTS: tuple[Dialect, ...] = (
    DRAFT_2020_12_DIALECT,
    DRAFT_2019_09_DIALECT,
    DRAFT_07_DIALECT,
    DRAFT_06_DIALECT,
    DRAFT_04_DIALECT,
)
DEFAULT = DRAFT_2020_12_DIALECT


def _normal(uri: str) -> str:
    """``http://json-schema.org/draft-07/schema#`` and its spellings without ``#`` or
    with https are the same dialect."""
    text = uri.strip().removesuffix("#")
    return text.removeprefix("https://").removeprefix("http://")


_BY_URI = {_normal(d.uri): d for d in DIALECTS}


def dialect_named(uri: str) -> Dialect | None:
    """The dialect a ``$schema`` URI names, or None for one toolcanon does not know."""
    return _BY_URI.get(_normal(uri))


def dialect_of(schema: Any) -> Dialect:
    """The dialect of a root schema: its ``$schema``, else 2020-12 (unknown → 2020-12;
    the checker reports an unknown ``$schema``)."""
    uri = schema.get("$schema") if isinstance(schema, Mapping) else None
    if isinstance(uri, str):
        return dialect_named(uri) or DEFAULT
    return DEFAULT


def _union(name: str, dialects: tuple[Dialect, ...]) -> Dialect:
    def every(attribute: str) -> frozenset[str]:
        return frozenset().union(*(getattr(d, attribute) for d in dialects))

    return Dialect(
        name,
        "",
        every("keywords"),
        every("schema"),
        every("schema_list"),
        every("schema_map"),
        every("annotations") - every("schema"),
        every("formats"),
        items_array=True,
    )


ANY = _union("any", DIALECTS)
"""Every dialect at once: where a walk must not miss a subschema whatever the dialect
(the reference rules: a ``$ref`` anywhere a validator of some dialect would follow it)."""


def dialects_knowing(keyword: str) -> tuple[Dialect, ...]:
    """The dialects whose vocabulary has ``keyword``, newest first."""
    return tuple(d for d in DIALECTS if keyword in d.keywords)
