"""From bytes to one composed YAML node; every syntax problem becomes a diagnostic.

Plain scalars are resolved by the YAML 1.2 core schema (``on`` and ``yes`` stay
strings, as in JSON), with the C parser where PyYAML has it.
"""

from __future__ import annotations

import re
from typing import ClassVar

import yaml

from generator.core.diagnostics import ContractError, Diagnostic, Position

MAX_FILE_BYTES = 8 * 1024 * 1024
DEEP_HINT = "flatten the structure, or use $defs and $ref for reused parts"

TAG_PREFIX = "tag:yaml.org,2002:"
NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, STR_TAG = (
    TAG_PREFIX + t for t in ("null", "bool", "int", "float", "str")
)
SEQ_TAG, MAP_TAG, MERGE_TAG, TIMESTAMP_TAG = (
    TAG_PREFIX + t for t in ("seq", "map", "merge", "timestamp")
)

# The C parser is several times faster; pure Python reads the same language.
_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Yaml12Loader(_BaseLoader):  # type: ignore[misc]
    """Resolves plain scalars by the YAML 1.2 core schema (``on`` stays a string)."""

    # Our own table, not a copy of YAML 1.1's.
    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}


def _add_resolver(tag: str, pattern: str, first: str) -> None:
    Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


_add_resolver(NULL_TAG, r"^(?:~|null|Null|NULL|)$", "~nN")
Yaml12Loader.add_implicit_resolver(NULL_TAG, re.compile(r"^$"), [""])
_add_resolver(BOOL_TAG, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_add_resolver(INT_TAG, r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_add_resolver(
    FLOAT_TAG,
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    "-+0123456789.",
)
_add_resolver(MERGE_TAG, r"^<<$", "<")


def _fast_resolve(self: Yaml12Loader, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
    """Plain scalars that cannot be anything but text skip PyYAML's resolver loop.

    The C parser calls back into Python for every scalar; most are names and
    descriptions whose first character rules out null, bool, number and merge.
    """
    if kind is yaml.ScalarNode and implicit[0] and value and value[0] not in _SPECIAL_FIRST:
        return STR_TAG
    return str(yaml.resolver.BaseResolver.resolve(self, kind, value, implicit))


_SPECIAL_FIRST = frozenset("~nNtTfF-+0123456789.<")
Yaml12Loader.resolve = _fast_resolve


def at(file: str, line: int, column: int, message: str, hint: str, code: str) -> Diagnostic:
    return Diagnostic(Position(file, line, column), message, code, hint=hint)


def decode(raw: bytes, display: str) -> str:
    if len(raw) > MAX_FILE_BYTES:
        size = len(raw) / (1024 * 1024)
        raise ContractError(
            [
                at(
                    display,
                    1,
                    1,
                    f"file is {size:.1f} MiB; contracts are limited to "
                    f"{MAX_FILE_BYTES // (1024 * 1024)} MiB",
                    "split the tools over several files",
                    "TC001",
                )
            ]
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ContractError(
            [at(display, 1, 1, "file is UTF-16 encoded", "save the file as UTF-8", "TC001")]
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ContractError(
            [
                at(
                    display,
                    line,
                    column,
                    f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                    "save the file as UTF-8",
                    "TC001",
                )
            ]
        ) from None
    return text.removeprefix("\ufeff")


def compose(text: str, display: str, *, allow_empty: bool = False) -> yaml.Node | None:
    """The one YAML document of ``text``; None for a file without one (comments only)
    when ``allow_empty``, else ContractError, as for two documents or bad syntax."""
    try:
        documents = list(yaml.compose_all(text, Loader=Yaml12Loader))
    except yaml.MarkedYAMLError as exc:
        raise ContractError([_yaml_error(exc, text, display)]) from None
    except yaml.reader.ReaderError as exc:
        raise ContractError([_reader_error(exc, text, display)]) from None
    except yaml.YAMLError as exc:
        raise ContractError(
            [at(display, 1, 1, f"invalid YAML: {exc}", "fix the YAML syntax", "TC002")]
        ) from None
    if not documents:
        if allow_empty:
            return None
        raise ContractError(
            [at(display, 1, 1, "file is empty", "write 'version: 1' and a 'tools:' list", "TC010")]
        )
    if len(documents) > 1:
        mark = documents[1].start_mark
        raise ContractError(
            [
                at(
                    display,
                    mark.line + 1,
                    mark.column + 1,
                    "file holds more than one YAML document",
                    "put one contract per file (remove the '---' separator)",
                    "TC010",
                )
            ]
        )
    return documents[0]


def _reader_error(exc: yaml.reader.ReaderError, text: str, display: str) -> Diagnostic:
    """A character YAML does not allow in a file (control characters, mostly)."""
    offset = exc.position
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    code = exc.character if isinstance(exc.character, int) else ord(exc.character)
    return at(
        display,
        line,
        column,
        f"invalid YAML: character U+{code:04X} is not allowed",
        f'write it as an escape in a double-quoted string, e.g. "\\u{code:04x}"',
        "TC002",
    )


def _yaml_error(exc: yaml.MarkedYAMLError, text: str, display: str) -> Diagnostic:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    message = f"invalid YAML: {exc.problem or exc.context or 'syntax error'}"
    context = exc.context_mark
    if exc.context and context is not None and exc.problem:
        message += (
            f" {exc.context} (started at line {context.line + 1}, column {context.column + 1})"
        )
    lines = text.splitlines()
    at_tab = 0 < line <= len(lines) and "\t" in lines[line - 1][:column]
    return at(display, line, column, message, _yaml_hint(message, at_tab=at_tab), "TC002")


def _yaml_hint(message: str, *, at_tab: bool) -> str:
    if at_tab or "\\t" in message:
        return "indent with spaces, not tabs"
    if "nesting depth" in message:
        return DEEP_HINT
    if "escape" in message:
        return "use a valid escape; \\uD800-\\uDFFF are not characters"
    if "quoted" in message:
        return "close the quoted string"
    return "check the indentation and punctuation on this line"
