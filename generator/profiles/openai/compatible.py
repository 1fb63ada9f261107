"""Hosts that take OpenAI's Chat Completions shape, where their rules differ from OpenAI's.

Mistral, Ollama and llama.cpp's ``llama-server --jinja`` take ``openai/chat-completions.json``
as it is. Mistral's name rule is OpenAI's; Ollama's native API drops the keywords its Go
types do not model and never constrains arguments (nothing a contract can fix, so README
says it rather than a warning). One rule differs in a way a contract can meet:
llama.cpp compiles every offered tool's schema into one grammar, and its grammar parser
refuses a repetition count above 2000 ("number of repetitions exceeds sane defaults",
``k_max_repetition_threshold`` in llama-grammar.cpp): a ``minLength: 5000`` always, a
``maxLength: 65536`` in builds before August 2026 — and the whole request fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from generator.core.diagnostics import Severity
from generator.jsonschema.walk import subschemas
from generator.profiles.base import COMPATIBLE_HOST, Finding

__all__ = ["LLAMA_CPP_MAX_REPETITIONS", "compatible_host_findings"]

LLAMA_CPP_MAX_REPETITIONS: Final = 2000
# Keywords llama.cpp's json-schema-to-grammar turns into a repetition count.
_REPEATED: Final = ("minLength", "maxLength", "minItems", "maxItems")


def compatible_host_findings(schema: Mapping[str, Any]) -> list[Finding]:
    """TC154 warnings for what an OpenAI-shaped host refuses although OpenAI takes it."""
    found = []
    for node, path in subschemas(schema):
        for key in _REPEATED:
            value = node.get(key)
            if isinstance(value, int) and value > LLAMA_CPP_MAX_REPETITIONS:
                found.append(
                    Finding(
                        (*path, key),
                        Severity.WARNING,
                        COMPATIBLE_HOST,
                        f"llama.cpp (llama-server --jinja) refuses '{key}: {value}': its tool "
                        f"grammar allows at most {LLAMA_CPP_MAX_REPETITIONS} repetitions, and "
                        "every request offering this tool fails",
                        f"use at most {LLAMA_CPP_MAX_REPETITIONS} if the OpenAI-shaped file "
                        "goes to llama.cpp; OpenAI, Mistral and Ollama take it",
                    )
                )
    return found
