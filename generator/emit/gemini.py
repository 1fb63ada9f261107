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

from generator.config import EmitOptions
from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.lists import Export, Layout, ToolList, render_lists
from generator.model import Toolset, thaw
from generator.profiles.gemini import JSON_KEY, declaration

DECLARATIONS = PurePosixPath("gemini/function-declarations.json")
TARGET = ADAPTER = "gemini"

LISTS = (
    ToolList(
        "gemini",
        "gemini",
        lambda tool, inputs: declaration(
            tool.provider_name,
            tool.description,
            JSON_KEY,
            thaw(inputs.adapted[ADAPTER][tool.name].schema),
        ),
        Layout(("name",), ("description",), (JSON_KEY,)),
        DECLARATIONS,
        called=lambda tool: tool.provider_name,
        export=Export(
            "geminiFunctionDeclarations",
            "GeminiFunctionDeclaration",
            "Gemini `functionDeclarations` (parametersJsonSchema)",
            "`FunctionDeclaration[]` of `@google/genai`",
        ),
        target=TARGET,
        adapter=ADAPTER,
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
