"""profiles/chatgpt_submission.py: what the ChatGPT app submission still needs from a
person, as warnings at the contract line or the config line; none with the target off."""

from __future__ import annotations

from tests.conftest import Project

CONTRACT = """
version: 1
server: gallery
tools:
  - name: list_albums
    description: List the albums of the signed-in user.
    riskLevel: low
    isReadOnly: true
    examples: [{}]
    submission:
      openWorldHint: false
      readOnlyJustification: It only reads the album list.
      prompts: [Show me my albums, Show me my albums again]
    inputSchema: {type: object}
  - name: delete_album
    description: Delete an album.
    riskLevel: high
    inputSchema: {type: object}
"""
CONFIG = """
targets: [mcp, chatgpt-submission]
chatgpt-submission:
  server: gallery
  negative-prompts: [What is the weather today?]
"""


def _validate(project: Project, config: str) -> list[str]:
    project.write("contracts/gallery.yaml", CONTRACT)
    project.write("toolcanon.yaml", config)
    result = project.run("validate")
    assert result.code == 0, result.err
    return result.diagnostics


def test_every_missing_piece_is_a_warning_at_its_line(project: Project) -> None:
    assert _validate(project, CONFIG) == [
        "contracts/gallery.yaml:9:5: warning[TC190]: tool 'gallery::list_albums':"
        " $.submission: chatgpt-submission: no openWorldJustification,"
        " destructiveJustification: the form asks why openWorldHint is false,"
        " destructiveHint is false (write submission: {openWorldJustification: …}: what the"
        " tool does that makes the hint so)",
        "contracts/gallery.yaml:12:36: warning[TC191]: tool 'gallery::list_albums':"
        " $.submission.prompts[1]: chatgpt-submission: prompt 2 has no example to call the"
        " tool with (add example 2 (its arguments), or remove the prompt)",
        "contracts/gallery.yaml:14:5: warning[TC190]: tool 'gallery::delete_album': $.submission:"
        " chatgpt-submission: no readOnlyJustification, openWorldJustification,"
        " destructiveJustification: the form asks why readOnlyHint is false, openWorldHint is"
        " true, destructiveHint is true (write submission: {readOnlyJustification: …}: what"
        " the tool does that makes the hint so)",
        "toolcanon.yaml:2:1: warning[TC192]: chatgpt-submission: the app's tools give 1 test"
        " case; the form takes 5: 4 more needed (a tool's submission.prompts gives one test"
        " case per example it has a prompt for)",
        "toolcanon.yaml:2:1: warning[TC193]: chatgpt-submission: 1 negative prompt; the form"
        " takes 3: 2 more needed (list requests the app must not act on in"
        " chatgpt-submission.negative-prompts)",
    ]


def test_a_server_without_tools_is_named_with_did_you_mean(project: Project) -> None:
    config = "targets: [chatgpt-submission]\nchatgpt-submission: {server: galery}\n"
    assert _validate(project, config) == [
        "toolcanon.yaml:2:1: warning[TC194]: chatgpt-submission: server 'galery' has no tools"
        " to submit; set chatgpt-submission.server to the app's server (did you mean"
        " 'gallery'?)",
    ]


def test_with_the_target_off_the_submission_says_nothing(project: Project) -> None:
    config = CONFIG.replace("targets: [mcp, chatgpt-submission]", "targets: [mcp]")
    assert _validate(project, config) == []
    assert _validate(project, "targets: [mcp]\n") == []
