"""Check loaded contracts: the contract schema, JSON Schema validity, semantic rules.

Every check runs and every finding is returned; nothing is raised for bad input.
"""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from generator.contracts.examples import example_problems
from generator.contracts.lint import check_schema
from generator.contracts.lint.text import tool_text_findings
from generator.contracts.loader import LoadedFile
from generator.contracts.review import review_findings
from generator.contracts.selection import exclusion_problems
from generator.core.diagnostics import Diagnostic, JsonPath, Severity
from generator.core.resources import CONTRACT_SCHEMA, shipped_schema
from generator.ir.policy import SKILL_KIND, contradictions

NAME_HINT = "use letters, digits, '_', '.' and '-' (at most 64, not starting with '.' or '-')"
_WINDOWS_DEVICES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)]
)


@functools.cache
def contract_schema() -> dict[str, Any]:
    """The JSON Schema of a contract file, shipped inside the package."""
    schema: dict[str, Any] = json.loads(shipped_schema(CONTRACT_SCHEMA))
    return schema


@functools.cache
def _contract_validator() -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(contract_schema())


def tool_label(data: Any, index: int) -> str:
    """How diagnostics name a tool: its name, or its place when it has none."""
    if isinstance(data, Mapping) and isinstance(data.get("name"), str):
        return str(data["name"])
    return f"#{index + 1}"


class _FileChecker:
    """Collects the diagnostics of one loaded file."""

    def __init__(self, loaded: LoadedFile, extensions: frozenset[str] = frozenset()) -> None:
        self.loaded = loaded
        self.extensions = extensions  # schema keywords the project allows (schema-extensions)
        self.found: list[Diagnostic] = []
        self.paths: list[JsonPath] = []  # file-relative path of each finding

    def report(
        self,
        path: JsonPath,
        message: str,
        hint: str | None,
        code: str,
        *,
        severity: Severity = Severity.ERROR,
    ) -> None:
        tool, relative = _split_tool(self.loaded.data, path)
        self.found.append(
            Diagnostic(self.loaded.position(path), message, code, severity, tool, relative, hint)
        )
        self.paths.append(path)

    def run(self) -> list[Diagnostic]:
        data = self.loaded.data
        if not isinstance(data, Mapping):
            kind = _json_type(data)
            self.report(
                (),
                f"a contract file must be a mapping, not {kind}",
                "start the file with 'version: 1' and a 'tools:' list",
                "TC100",
            )
            return self.found
        self.check_structure(data)
        broken = {p[:2] for p in self.paths} | {
            ("defaults",) for p in self.paths if p[:1] == ("defaults",)
        }
        tools = data.get("tools")
        if isinstance(tools, list):
            found = data.get("defaults")
            defaults: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
            for index, tool in enumerate(tools):
                if isinstance(tool, Mapping):
                    self.check_schemas(tool, ("tools", index))
                    if not broken & {("tools", index), ("defaults",)}:
                        self.check_tool(tool, {**defaults, **tool}, ("tools", index))
        return self.found

    def check_structure(self, data: Mapping[str, Any]) -> None:
        for error in _contract_validator().iter_errors(data):
            for path, message, hint, code in _explain(error):
                self.report(path, message, hint, code)
        names: list[tuple[JsonPath, Any]] = [(("server",), data.get("server"))]
        found = data.get("tools")
        tools: list[Any] = found if isinstance(found, list) else []
        names += [
            (("tools", i, "name"), t.get("name"))
            for i, t in enumerate(tools)
            if isinstance(t, Mapping)
        ]
        for path, name in names:
            if isinstance(name, str) and windows_device_name(name):
                self.report(
                    path,
                    f"name '{name}' is a reserved device name on Windows",
                    "choose another name; it would break file paths there",
                    "TC106",
                )

    def check_schemas(self, tool: Mapping[str, Any], path: JsonPath) -> None:
        valid = True
        for key in ("inputSchema", "outputSchema"):
            schema = tool.get(key)
            if isinstance(schema, Mapping):
                inputs = key == "inputSchema"
                for found in check_schema(schema, self.extensions, inputs=inputs):
                    where = (*path, key, *found.path)
                    self.report(
                        where, found.message, found.hint, found.code, severity=found.severity
                    )
                    if found.severity is Severity.ERROR and key == "inputSchema":
                        valid = False  # examples are judged against a valid schema only
        for sub, message, hint, code in example_problems(tool) if valid else ():
            self.report((*path, *sub), message, hint, code)
        for found in tool_text_findings(tool):
            self.report(
                (*path, *found.path), found.message, found.hint, found.code, severity=found.severity
            )

    def check_tool(
        self, tool: Mapping[str, Any], merged: Mapping[str, Any], path: JsonPath
    ) -> None:
        """Semantic rules; only for tools whose fields all have the right types."""
        self.check_track_args(tool, merged, path)
        owner = path if "targets" in tool else ("defaults",)
        for where, message, hint, code in exclusion_problems(merged.get("targets"), owner):
            self.report(where, message, hint, code)
        for problem in contradictions(merged):
            where = (*path, problem.key) if problem.key in tool else path
            self.report(where, problem.message, problem.hint, "TC120")
        if merged.get("kind") == SKILL_KIND and not merged.get("skill"):
            where = (*path, "skill") if "skill" in tool else path
            self.report(
                where,
                "a tool of kind 'skill' names no skill",
                "add skill: {name: <the skill's name>} (version and path are optional)",
                "TC125",
            )
        for found in review_findings(tool, merged):
            where = (*path, *found.path)
            self.report(where, found.message, found.hint, found.code, severity=found.severity)

    def check_track_args(
        self, tool: Mapping[str, Any], merged: Mapping[str, Any], path: JsonPath
    ) -> None:
        telemetry = merged.get("telemetry")
        schema = tool.get("inputSchema")
        if not isinstance(telemetry, Mapping) or not isinstance(schema, Mapping):
            return
        properties = schema.get("properties", {})
        names = properties if isinstance(properties, Mapping) else {}
        owner = path if "telemetry" in tool else ("defaults",)
        # From the file's defaults, the place is shared: the message names the tool.
        whose = "inputSchema" if owner == path else f"the inputSchema of tool '{tool.get('name')}'"
        for index, arg in enumerate(telemetry.get("trackArgs") or []):
            if isinstance(arg, str) and arg not in names:
                self.report(
                    (*owner, "telemetry", "trackArgs", index),
                    f"trackArgs names '{arg}', which is not a property of {whose}",
                    _suggest(arg, names) or "list only properties of inputSchema",
                    "TC121",
                )


def check_files(
    files: Iterable[LoadedFile], extensions: frozenset[str] = frozenset()
) -> list[Diagnostic]:
    """Every diagnostic for the given files, including names used twice across files."""
    files = list(files)
    found = [diagnostic for loaded in files for diagnostic in check_file(loaded, extensions)]
    return found + duplicate_names(files)


def check_file(loaded: LoadedFile, extensions: frozenset[str] = frozenset()) -> list[Diagnostic]:
    """Every diagnostic that one file has on its own (what can be cached per file);
    ``extensions`` are the schema keywords the project allows besides its dialects'."""
    return _FileChecker(loaded, extensions).run()


def duplicate_names(files: Iterable[LoadedFile]) -> list[Diagnostic]:
    """A diagnostic for each tool name that an earlier file (or tool) already uses."""
    owners: dict[str, tuple[LoadedFile, JsonPath]] = {}
    return [diagnostic for loaded in files for diagnostic in _duplicates(loaded, owners)]


def _duplicates(
    loaded: LoadedFile, owners: dict[str, tuple[LoadedFile, JsonPath]]
) -> Iterator[Diagnostic]:
    data = loaded.data
    if not isinstance(data, Mapping) or not isinstance(data.get("tools"), list):
        return
    server = data.get("server") if isinstance(data.get("server"), str) else None
    for index, tool in enumerate(data["tools"]):
        if not isinstance(tool, Mapping) or not isinstance(tool.get("name"), str):
            continue
        canonical = f"{server}::{tool['name']}" if server else tool["name"]
        path: JsonPath = ("tools", index, "name")
        if canonical in owners:
            first, first_path = owners[canonical]
            where = first.position(first_path)
            yield Diagnostic(
                loaded.position(path),
                f"tool name '{canonical}' is already used",
                "TC130",
                tool=canonical,
                path=("name",),
                hint=f"first defined at {where.file}:{where.line}:{where.column}; rename one",
            )
        else:
            owners[canonical] = (loaded, path)


def _split_tool(data: Any, path: JsonPath) -> tuple[str | None, JsonPath]:
    if len(path) >= 2 and path[0] == "tools" and isinstance(path[1], int):
        tools = data.get("tools") if isinstance(data, Mapping) else None
        tool = tools[path[1]] if isinstance(tools, list) and path[1] < len(tools) else None
        return tool_label(tool, path[1]), path[2:]
    return None, path


def _json_type(value: Any) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _suggest(word: str, choices: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{match[0]}'?" if match else None


Explained = tuple[JsonPath, str, str | None, str]


def _explain(error: ValidationError) -> Iterator[Explained]:
    """Turn a jsonschema error on a contract into messages a person can act on."""
    path: JsonPath = tuple(error.absolute_path)
    instance, schema = error.instance, error.schema
    kind = error.validator
    if kind == "additionalProperties" and isinstance(instance, Mapping):
        allowed = list(schema.get("properties", {}))
        for key in instance:
            if key not in allowed:
                yield _unknown_key(path, key, allowed)
    elif kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "?"
        yield path, f"missing required key '{missing}'", _required_hint(missing), "TC102"
    elif kind == "type":
        expected = schema["type"]
        yield path, f"expected {_article(expected)}, got {_json_type(instance)}", None, "TC103"
    elif kind == "enum":
        options = ", ".join(json.dumps(o) for o in schema["enum"])
        yield path, f"{_show(instance)} is not allowed here", f"use one of {options}", "TC104"
    elif kind == "const" and path == ("version",):
        yield path, f"unsupported contract version {_show(instance)}", "write 'version: 1'", "TC105"
    elif kind == "pattern" and path[-2:] == ("namespace", "name"):
        message = f"namespace name {_show(instance)} is not valid for OpenAI Responses"
        yield path, message, "use 1 to 64 of: letters, digits, '_' and '-'", "TC106"
    elif kind == "pattern" and path and path[-1] in ("name", "server"):
        what = "server name" if path[-1] == "server" else "tool name"
        what = "skill name" if path[-2:-1] == ("skill",) else what
        yield path, f"{what} {_show(instance)} is not a valid MCP name", NAME_HINT, "TC106"
    elif kind == "pattern" and path and path[-1] == "providerName":
        message = f"providerName {_show(instance)} is not valid for OpenAI and Claude"
        yield path, message, "use 1 to 64 of: letters, digits, '_' and '-'", "TC106"
    elif kind == "minLength":
        yield path, "must not be empty", None, "TC107"
    elif kind == "uniqueItems":
        yield path, "lists the same name twice", "list each name once", "TC108"
    elif kind == "pattern":
        yield (
            path,
            f"{_show(instance)} does not match {schema['pattern']}",
            _pattern_hint(path),
            "TC106",
        )
    else:
        yield path, error.message, None, "TC109"


def explain(error: ValidationError) -> Iterator[Explained]:
    """What a schema error means, as :func:`check_file` says it (also for host overlays,
    whose schema is built like the contract's)."""
    return _explain(error)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _pattern_hint(path: JsonPath) -> str | None:
    if path and path[-1] == "kind":
        return "use lowercase letters, digits and '-', e.g. builtin, mcp, computer-use"
    return None


def _unknown_key(path: JsonPath, key: str, allowed: list[str]) -> Explained:
    where = (*path, key)
    if key == "parameters" and "inputSchema" in allowed:
        return (
            where,
            "'parameters' is generated from inputSchema and must not be written",
            "move the schema to inputSchema and delete parameters",
            "TC101",
        )
    hint = _suggest(key, allowed) or f"allowed keys: {', '.join(allowed)}"
    return where, f"unknown key '{key}'", hint, "TC110"


def _required_hint(key: str) -> str | None:
    hints = {
        "version": "write 'version: 1' at the top",
        "tools": "add a 'tools:' list",
        "name": "give the tool a name",
        "inputSchema": "add an inputSchema (type: object)",
    }
    return hints.get(key)


def _article(kind: Any) -> str:
    names = {
        "object": "an object",
        "array": "a list",
        "string": "a string",
        "boolean": "a boolean (true or false)",
        "integer": "an integer",
        "number": "a number",
    }
    return names.get(kind, str(kind)) if isinstance(kind, str) else " or ".join(map(str, kind))


def windows_device_name(name: str) -> bool:
    """True for names Windows cannot use as a file name (``con``, ``nul.json``…)."""
    return name.split(".")[0].lower() in _WINDOWS_DEVICES
