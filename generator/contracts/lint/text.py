"""What a tool's text tells the model: hidden characters, look-alike names, directives.

Tool poisoning hides instructions where a reviewer does not look: characters a screen
does not show (bidirectional controls, zero-width characters, the TAG block's invisible
copy of ASCII, variation selectors), letters of another script that pass for the name
they imitate, and sentences that tell the model to read secrets, to disregard its
instructions, to call other tools instead, or to keep quiet about what it did. Every
text the model reads is checked: names (tool and property names), titles,
descriptions, enum values, defaults and examples. Invisible characters are errors
anywhere; look-alikes are errors in a name and warnings elsewhere; directives are
warnings, which a reviewed exception accepts (``[[tool.toolcanon.accept]]``).

Cost: a text that is ASCII (almost all of them) skips the character checks, and only
titles and descriptions are matched against the directive patterns.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.contracts.lint.finding import Finding
from generator.core.diagnostics import JsonPath, Severity
from generator.core.report import INVISIBLE, escape, lookalike_chars, printable

INVISIBLE_CODE = "TC221"
LOOKALIKE_CODE = "TC222"
TEXT_CODES = ("TC221", "TC222", "TC223", "TC224", "TC225", "TC226")
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_TAGS = re.compile("[\U000e0000-\U000e007f]")
_NEAR = r"[^.!?\n]{0,60}?"  # the same sentence


@dataclass(frozen=True, slots=True)
class Directive:
    """One kind of instruction a tool's text must not give the model."""

    code: str
    what: str
    pattern: re.Pattern[str]


def _words(*alternatives: str) -> str:
    return r"\b(?:" + "|".join(alternatives) + r")\b"


_SECRETS = (
    r"(?:~/\.(?:ssh|aws)\S*|(?<![\w.])\.env\b|/etc/(?:passwd|shadow)\b|"
    + _words(
        r"id_rsa",
        r"id_ed25519",
        r"mcp\.json",
        r"credentials?",
        r"secrets?",
        r"api[ _-]?keys?",
        r"private[ _-]?keys?",
        r"passwords?",
        r"access[ _-]?tokens?",
        r"ssh[ _-]?keys?",
    )
    + ")"
)
DIRECTIVES: tuple[Directive, ...] = (
    Directive(
        "TC223",
        "tells the model to read or send files or secrets",
        re.compile(
            _words("read", "cat", "open", "load", "send", "pass", "include", "upload", "attach")
            + _NEAR
            + _SECRETS,
            re.IGNORECASE,
        ),
    ),
    Directive(
        "TC224",
        "tells the model to disregard its instructions",
        re.compile(
            _words("ignore", "disregard", "forget", "override", "bypass")
            + r"[^.!?\n]{0,40}?"
            + _words("instructions?", "prompts?", "rules", "guidelines", "policies", "guardrails"),
            re.IGNORECASE,
        ),
    ),
    Directive(
        "TC225",
        "tells the model to call or prefer other tools or servers",
        re.compile(
            _words(
                r"instead of (?:the |any |using )?(?:other |\w+ )?(?:tools?|servers?|functions?)",
                r"(?:do not|don't|never) (?:use|call) (?:the |any )?(?:\w+ ){0,2}"
                r"(?:tools?|servers?|functions?)",
                r"(?:always|only) (?:use|call) this (?:tool|function)",
                r"(?:must|always) (?:first )?(?:call|use|invoke) (?:the )?(?:tool|function) \S+",
                r"before (?:using|calling) (?:any )?(?:other |this )?(?:tools?|functions?)"
                r"[^.!?\n]{0,40}?\b(?:call|use|invoke)",
            ),
            re.IGNORECASE,
        ),
    ),
    Directive(
        "TC226",
        "tells the model to hide what it does",
        re.compile(
            _words(
                r"(?:do not|don't|never) (?:tell|inform|mention|reveal|show|notify|alert)"
                r"[^.!?\n]{0,30}?\b(?:the )?users?",
                r"without (?:telling|informing|notifying|alerting|asking) the user",
                r"(?:keep|hide) (?:this|it|that)[^.!?\n]{0,20}?\b(?:secret|hidden|from the user)",
                r"(?:the )?users? (?:must|should) not (?:know|see|notice)",
            ),
            re.IGNORECASE,
        ),
    ),
)
_DIRECTIVE_HINT = (
    "a description says what the tool does; rewrite this, or accept it with a reason "
    "([[tool.toolcanon.accept]]) when it is what the tool is about"
)


def text_findings(text: str, path: JsonPath, *, name: bool, prose: bool) -> list[Finding]:
    """Findings for one string at ``path``: ``name`` when it is a name (a look-alike is
    then an error), ``prose`` when it is a title or a description (directives)."""
    found: list[Finding] = []
    if not text.isascii():
        found += _hidden(text, path)
        found += _lookalikes(text, path, name=name)
    if prose:
        found += _directives(text, path)
    return found


def _hidden(text: str, path: JsonPath) -> list[Finding]:
    chars = list(dict.fromkeys(c for c in _INVISIBLE.findall(text) if not _TAGS.match(c)))
    parts = [f"{escape(c)} ({unicodedata.name(c, 'unnamed')})" for c in chars[:3]]
    if len(chars) > 3:
        parts.append(f"{len(chars) - 3} more")
    tags = "".join(_TAGS.findall(text))
    if tags:
        spelled = printable("".join(chr(ord(c) - 0xE0000) for c in tags))
        parts.append(f"{len(tags)} TAG characters, which spell '{spelled}'")
    if not parts:
        return []
    return [
        Finding(
            path,
            f"text holds characters a reader does not see: {', '.join(parts)}",
            "delete them: the model reads what a reviewer cannot see",
            INVISIBLE_CODE,
        )
    ]


def _lookalikes(text: str, path: JsonPath, *, name: bool) -> list[Finding]:
    chars = lookalike_chars(text)
    if not chars:
        return []
    named = ", ".join(f"{escape(c)} ({unicodedata.name(c, 'unnamed')})" for c in chars[:3])
    what = "name" if name else "text"
    return [
        Finding(
            path,
            f"{what} '{printable(text)}' mixes scripts: {named} passes for an ASCII letter",
            "write it in ASCII letters, or in one script",
            LOOKALIKE_CODE,
            Severity.ERROR if name else Severity.WARNING,
        )
    ]


def _directives(text: str, path: JsonPath) -> list[Finding]:
    found = []
    for directive in DIRECTIVES:
        match = directive.pattern.search(text)
        if match is not None:
            quoted = printable(match.group())
            found.append(
                Finding(
                    path,
                    f"text {directive.what}: '{quoted}'",
                    _DIRECTIVE_HINT,
                    directive.code,
                    Severity.WARNING,
                )
            )
    return found


_PROSE = ("title", "description")
_VALUES = ("default", "const", "enum", "examples")


def schema_text_findings(node: Mapping[str, Any], path: JsonPath) -> list[Finding]:
    """The text findings of one subschema: its title and description, its values, and
    the names of its properties."""
    found: list[Finding] = []
    for key in _PROSE:
        value = node.get(key)
        if isinstance(value, str):
            found += text_findings(value, (*path, key), name=False, prose=True)
    for key in _VALUES:
        if key in node:
            found += value_text_findings(node[key], (*path, key))
    properties = node.get("properties")
    if isinstance(properties, Mapping):
        for key in properties:
            if isinstance(key, str) and not key.isascii():
                found += text_findings(key, (*path, "properties", key), name=True, prose=False)
    return found


def value_text_findings(value: Any, path: JsonPath) -> list[Finding]:
    """The character findings of every string inside a JSON value (keys as names)."""
    return [
        finding
        for text, where, name in _strings(value, path)
        if not text.isascii()
        for finding in text_findings(text, where, name=name, prose=False)
    ]


def tool_text_findings(tool: Mapping[str, Any]) -> list[Finding]:
    """The text findings of a contract tool's own fields (paths inside the tool); its
    name is ASCII by the contract's pattern, its schemas are linted as schemas."""
    found: list[Finding] = []
    for key in _PROSE:
        value = tool.get(key)
        if isinstance(value, str):
            found += text_findings(value, (key,), name=False, prose=True)
    if "examples" in tool:
        found += value_text_findings(tool["examples"], ("examples",))
    return found


def _strings(value: Any, path: JsonPath) -> Iterator[tuple[str, JsonPath, bool]]:
    if isinstance(value, str):
        yield value, path, False
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str):
                yield key, (*path, key), True
            yield from _strings(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))
