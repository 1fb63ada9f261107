"""The host kit's table as TypeScript: the types host.d.ts declares for each row."""

from __future__ import annotations

from generator.emit.typescript.host import call_type, host_context, shape_type
from generator.ir import dispatch
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions


def row(provider: str) -> dispatch.ProviderShapes:
    return next(r for r in dispatch.PROVIDERS if r.provider == provider)


def test_an_optional_slot_is_an_optional_member_and_arrays_are_mutable() -> None:
    mcp = shape_type(dispatch.shape_json(row("mcp").success))
    assert mcp == (
        "{\n"
        '  content: {\n    type: "text";\n    text: string;\n  }[];\n'
        "  structuredContent?: { [key: string]: unknown };\n"
        "}"
    )
    gemini = shape_type(dispatch.shape_json(row("gemini").error))
    assert "id?: string;" in gemini and "name: string;" in gemini


def test_a_call_type_reads_only_the_tables_paths_each_optional() -> None:
    assert call_type(row("openai-chat").call) == (
        "{\n"
        "    readonly id?: string | undefined;\n"
        "    readonly function?: {\n"
        "      readonly name?: string | undefined;\n"
        "      readonly arguments?: string | undefined;\n"
        "    } | undefined;\n"
        "  }"
    )
    assert "unknown" in call_type(row("anthropic").call)  # input is a value, not text


def test_only_rows_whose_arguments_the_package_parses_are_rendered() -> None:
    host = host_context(Toolset((), ()), EmitOptions(), ["anthropic", "openai"])["host"]
    assert list(host["shapes"]) == ["openai-chat", "openai-responses", "anthropic"]
    assert [types.provider for types in host["types"]] == list(host["shapes"])
    assert host["failures"] == {f.kind: f.message for f in dispatch.FAILURES}
