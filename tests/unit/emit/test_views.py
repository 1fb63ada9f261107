"""emit/views.py: two hosts over one contract set, and the mode-masked lists.

The project has builtin and MCP tools, one in OpenAI strict mode (its schema is
transformed for OpenAI only), and two overlays: ``desktop`` links skills and adds
permissions; ``web`` leaves the GitHub server out and asks before writing. Every
list a host gets carries the shared schema, byte for byte; a host's fields appear in
its own files only; a mode's list is the full list without what ``decide`` denies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.core.targets import enabled
from generator.emit.lists import tool_lists
from generator.ir.policy import MODES, decide

CORE = """
version: 1
tools:
  - name: read_file
    description: Read a file.
    isReadOnly: true
    riskLevel: low
    availableInPlanMode: true
    strict: true
    inputSchema:
      type: object
      properties: {path: {type: string}, limit: {type: integer}}
      required: [path]
      additionalProperties: false
  - name: write_file
    description: Write a file.
    riskLevel: medium
    inputSchema: {type: object, properties: {path: {type: string}, text: {type: string}}}
  - name: run
    description: Run a command.
    riskLevel: high
    requiresPlanApproval: false
    inputSchema: {type: object, properties: {command: {type: string}}}
"""
GITHUB = """
version: 1
server: github
tools:
  - name: create_issue
    description: Open an issue.
    riskLevel: medium
    inputSchema: {type: object, properties: {title: {type: string}}}
"""
DESKTOP = """
version: 1
host: desktop
tools:
  - match: "*_file"
    skill: {name: desktop-files, version: "2"}
    permissions: {desktopOnly: true}
  - match: run
    requiresConfirmation: true
"""
WEB = """
version: 1
host: web
exclude: ["github::*"]
tools:
  - match: write_file
    requiresConfirmation: true
    approvalFlow: web-consent
"""
LIST_TARGETS = ("canonical", "openai", "anthropic", "mcp")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("views")
    files = {
        "contracts/core.yaml": CORE,
        "contracts/github.yaml": GITHUB,
        "hosts/desktop.yaml": DESKTOP,
        "hosts/web.yaml": WEB,
        "toolcanon.yaml": "hosts: hosts\nmode-files: true\n"
        f"targets: {json.dumps(list(LIST_TARGETS))}\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text.lstrip("\n"), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert main(["generate", "--no-cache"]) == 0
    return root / "generated"


def _json(folder: Path, path: str) -> Any:
    return json.loads((folder / path).read_text("utf-8"))


def _lists() -> list[Any]:
    return list(tool_lists(enabled(LIST_TARGETS)))


def _entries(folder: Path, tool_list: Any, path: str) -> list[dict[str, Any]]:
    data = _json(folder, path)
    return list(data[tool_list.wrap] if tool_list.wrap else data)


def _at(entry: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        entry = entry[key]
    return entry


def _shared_files(generated: Path) -> list[str]:
    return sorted(
        p.relative_to(generated).as_posix()
        for p in generated.rglob("*.json")
        if p.relative_to(generated).parts[0] in ("openai", "anthropic", "mcp")
    )


@pytest.mark.parametrize("host", ["desktop", "web"])
def test_every_host_list_sends_the_shared_schema_byte_for_byte(generated: Path, host: str) -> None:
    compared = 0
    for tool_list in _lists():
        for path in _shared_files(generated):
            shared_entries = _entries(generated, tool_list, path) if _owns(tool_list, path) else []
            if not (generated / "hosts" / host / path).exists() or not shared_entries:
                continue
            names = tool_list.layout.name
            shared = {_at(e, names): _at(e, tool_list.layout.schema) for e in shared_entries}
            for entry in _entries(generated / "hosts" / host, tool_list, path):
                text = json.dumps(_at(entry, tool_list.layout.schema), ensure_ascii=False)
                assert text == json.dumps(shared[_at(entry, names)], ensure_ascii=False)
                compared += 1
    assert compared >= 8
    canonical = {t["name"]: t for t in _json(generated, "canonical/tools.json")["tools"]}
    for tool in _json(generated, f"hosts/{host}/tools.json")["tools"]:
        for key in ("inputSchema", "parameters"):
            shared_text = json.dumps(canonical[tool["name"]][key], ensure_ascii=False, indent=2)
            assert json.dumps(tool[key], ensure_ascii=False, indent=2) == shared_text


def _owns(tool_list: Any, path: str) -> bool:
    if tool_list.per_server:
        return path.startswith("mcp/")
    return path == str(tool_list.file)


def test_the_strict_tool_keeps_its_openai_transform_on_every_host(generated: Path) -> None:
    """OpenAI gets the strict transform (optional ``limit`` nullable and required) on each
    host, because the host sends what the profile stage made of the shared tool."""
    for folder in (generated, generated / "hosts/desktop", generated / "hosts/web"):
        tools = {t["name"]: t for t in _json(folder, "openai/responses.json")}
        assert tools["read_file"]["parameters"]["required"] == ["path", "limit"]


def test_host_fields_appear_in_that_hosts_files_only(generated: Path) -> None:
    marks = {"desktop": ("desktop-files", "desktopOnly"), "web": ("web-consent",)}
    for host, words in marks.items():
        for path in generated.rglob("*.json"):
            relative = path.relative_to(generated).as_posix()
            text = path.read_text("utf-8")
            for word in words:
                if word in text:
                    assert relative.startswith(f"hosts/{host}/"), (word, relative)
        own = (generated / f"hosts/{host}/tools.json").read_text("utf-8")
        assert all(word in own for word in words)


def test_a_host_carries_its_overlay_and_its_selection(generated: Path) -> None:
    desktop = {t["name"]: t for t in _json(generated, "hosts/desktop/tools.json")["tools"]}
    web = _json(generated, "hosts/web/tools.json")
    assert web["host"] == "web"
    assert [t["name"] for t in web["tools"]] == ["read_file", "run", "write_file"]
    assert not (generated / "hosts/web/mcp/github.json").exists()
    assert (generated / "hosts/desktop/mcp/github.json").exists()
    assert desktop["read_file"]["skill"] == {"name": "desktop-files", "version": "2"}
    assert desktop["run"]["requiresConfirmation"] is True
    meta = _json(generated, "hosts/desktop/mcp/builtin.json")["tools"]
    run = next(t for t in meta if t["name"] == "run")
    assert run["_meta"]["dev.toolcanon/permissions"]["requiresConfirmation"] is True


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("folder", ["", "hosts/desktop/", "hosts/web/"])
def test_a_mode_file_is_the_full_list_without_what_decide_denies(
    generated: Path, mode: str, folder: str
) -> None:
    tools = folder + "tools.json" if folder else "canonical/tools.json"
    descriptors = {t["name"]: t for t in _json(generated, tools)["tools"]}
    by_provider_name = {t["providerName"]: t for t in descriptors.values()}
    for path in ("openai/chat-completions.json", "anthropic/tools.json"):
        full = _json(generated, folder + path)
        masked_path = generated / f"{folder}modes/{mode}/{path}"
        masked = json.loads(masked_path.read_text("utf-8"))
        name = (lambda e: e["function"]["name"]) if "chat" in path else (lambda e: e["name"])
        expected = [
            entry
            for entry in full
            if decide(by_provider_name[name(entry)], mode) != "deny"  # type: ignore[arg-type]
        ]
        assert masked == expected
    assert mode != "plan" or len(expected) < len(full)  # Plan Mode denies something here
