"""Hosts that take OpenAI's Chat shape: linted only where their rules differ (llama.cpp)."""

from __future__ import annotations

from generator.profiles.base import COMPATIBLE_HOST
from generator.profiles.openai.compatible import compatible_host_findings
from tests.conftest import Project


def test_repetition_bounds_above_llama_cpps_limit_are_named_where_they_are() -> None:
    schema = {
        "type": "object",
        "properties": {
            "body": {"type": "string", "maxLength": 65536},
            "ok": {"type": "string", "maxLength": 2000, "minLength": 1},
            "tags": {"type": "array", "items": {"type": "string", "minLength": 2001}},
        },
    }
    found = compatible_host_findings(schema)
    assert [(f.path, f.code) for f in found] == [
        (("properties", "body", "maxLength"), COMPATIBLE_HOST),
        (("properties", "tags", "items", "minLength"), COMPATIBLE_HOST),
    ]
    assert "llama.cpp (llama-server --jinja) refuses 'maxLength: 65536'" in found[0].message


def test_the_warning_reaches_the_contract_line_and_the_file_still_carries_the_bound(
    project: Project,
) -> None:
    project.write("toolcanon.yaml", "targets: [openai]\n")
    project.write(
        "contracts/t.yaml",
        """
        version: 1
        tools:
          - name: note
            description: Keep a note.
            riskLevel: low
            inputSchema:
              type: object
              properties:
                text: {type: string, maxLength: 65536}
        """,
    )
    result = project.run("generate")
    assert result.code == 0
    [line] = [d for d in result.diagnostics if "TC154" in d]
    assert line.startswith("contracts/t.yaml:9:") and "warning[TC154]" in line
    text = (project.generated / "openai/chat-completions.json").read_text("utf-8")
    assert '"maxLength": 65536' in text  # OpenAI takes it: nothing is changed
    assert project.run("generate", "--strict").code == 2  # a warning, so --strict stops
