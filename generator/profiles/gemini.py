"""The Gemini profile: function declarations for the Gemini API and Vertex.

Two forms of one declaration, because the APIs take two: ``parametersJsonSchema`` holds the
contract's JSON Schema as it is (without the root ``$schema``), and ``parameters`` holds the
OpenAPI 3.0 subset that older clients and every Vertex version accept (see
``gemini_openapi``). The two fields are mutually exclusive, so each file uses one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from generator.core.diagnostics import Severity
from generator.ir.model import ToolDescriptor
from generator.ir.names import is_provider_name
from generator.profiles.base import INEXPRESSIBLE, Finding, Transformed, finish, without_dialect
from generator.profiles.gemini_openapi import to_openapi
from generator.profiles.gemini_rules import FUNCTION_NAME

__all__ = [
    "FUNCTION_NAME",
    "adapt",
    "adapt_openapi",
    "declaration",
    "to_json_schema",
    "to_openapi",
]

JSON_KEY: Final = "parametersJsonSchema"
OPENAPI_KEY: Final = "parameters"


def to_json_schema(schema: Mapping[str, Any]) -> Transformed:
    """``parametersJsonSchema``: the schema without ``$schema``; it must describe an object."""
    out = without_dialect(schema)
    findings = []
    if out.get("type") != "object":
        findings.append(
            Finding(
                (),
                Severity.ERROR,
                INEXPRESSIBLE,
                "Gemini's parametersJsonSchema must describe an object",
                "write type: object at the root",
            )
        )
    return finish(out, findings)


def adapt(tool: ToolDescriptor) -> Transformed:
    """``parametersJsonSchema`` for ``tool`` (the profile stage calls this)."""
    return _named(tool, to_json_schema(tool.input_schema))


def adapt_openapi(tool: ToolDescriptor) -> Transformed:
    """``parameters`` (the OpenAPI subset) for ``tool`` (the profile stage calls this)."""
    return _named(tool, to_openapi(tool.input_schema))


def _named(tool: ToolDescriptor, result: Transformed) -> Transformed:
    """Gemini's name rule is narrower than the provider name's: a name must not start
    with a digit or '-'. (A name that is no provider name at all is TC140's already.)"""
    name = tool.provider_name
    refused = FUNCTION_NAME.check(name) if is_provider_name(name) else None
    if refused is None:
        return result
    return Transformed(None, (refused, *result.findings))


def declaration(name: str, description: str, key: str, schema: dict[str, Any]) -> dict[str, Any]:
    """One ``FunctionDeclaration`` as JSON: name, description, then ``key``'s schema."""
    return {"name": name, "description": description, key: schema}
