"""The opt-in Gemini OpenAPI target: function declarations with ``parameters``.

``gemini/function-declarations.openapi.json`` holds the same declarations as the
``gemini`` target, each with ``parameters`` in the OpenAPI 3.0 subset the Gemini API's
``Schema`` and Vertex accept, as the Gemini profile converted it (``gemini_openapi``):
every change that lets the model send more is a warning at its contract line, and what
the subset cannot hold is an error unless the contract leaves the tool out.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from generator.emit.common import NO_INPUTS, Inputs, Rendered
from generator.emit.gemini import declarations
from generator.emit.lists import Export, render_lists
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions
from generator.profiles.gemini import OPENAPI_KEY

DECLARATIONS = PurePosixPath("gemini/function-declarations.openapi.json")
TARGET = ADAPTER = "gemini-openapi"

LISTS = (
    declarations(
        ADAPTER,
        OPENAPI_KEY,
        DECLARATIONS,
        Export(
            "geminiOpenApiFunctionDeclarations",
            "GeminiOpenApiFunctionDeclaration",
            "Gemini `functionDeclarations` (OpenAPI-subset parameters)",
            "`FunctionDeclaration[]` of `@google/genai`",
        ),
        "GeminiOpenApiRequest",
    ),
)


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    return render_lists(toolset, options, inputs, LISTS)
