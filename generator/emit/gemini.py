"""The Gemini target: function declarations with ``parametersJsonSchema``.

``gemini/function-declarations.json`` is the ``functionDeclarations`` list of a Gemini
``Tool`` (``types.Tool(function_declarations=...)`` in google-genai): every tool the
contract does not leave out of ``gemini``, in canonical order, as ``{name, description,
parametersJsonSchema}``. The schema is the contract's inputSchema without ``$schema``:
the JSON Schema path takes it as it is. Older clients and Vertex's legacy path take only
the OpenAPI subset in ``parameters``: that is the opt-in ``gemini-openapi`` target.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Call, Export, Layout, Request, ToolList, render_lists
from generator.ir.model import Toolset, thaw
from generator.ir.options import EmitOptions
from generator.profiles.gemini import JSON_KEY, declaration

DECLARATIONS = PurePosixPath("gemini/function-declarations.json")
TARGET = ADAPTER = "gemini"

CALL = Call("`functionCall` part", (), ("functionCall", "name"), ("functionCall", "args"))


def declarations(
    adapter: str, schema_key: str, file: PurePosixPath, export: Export, request: str
) -> ToolList:
    """The list of function declarations a Gemini target writes: ``adapter``'s schemas
    under ``schema_key`` (``parametersJsonSchema``, or the OpenAPI subset's
    ``parameters``), in ``file``; ``request`` names the packages' request type."""
    return ToolList(
        adapter,
        "gemini",
        lambda tool, inputs: declaration(
            tool.provider_name,
            tool.description,
            schema_key,
            thaw(inputs.adapted[adapter][tool.name].schema),
        ),
        Layout(("name",), ("description",), (schema_key,)),
        file,
        called=lambda tool: tool.provider_name,
        export=export,
        target=adapter,
        adapter=adapter,
        call=CALL,
        request=Request("allowed-functions", request),
    )


LISTS = (
    declarations(
        ADAPTER,
        JSON_KEY,
        DECLARATIONS,
        Export(
            "geminiFunctionDeclarations",
            "GeminiFunctionDeclaration",
            "Gemini `functionDeclarations` (parametersJsonSchema)",
            "`FunctionDeclaration[]` of `@google/genai`",
        ),
        "GeminiRequest",
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
