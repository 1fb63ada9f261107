"""Zod v4 validators from JSON Schema: the converter's public functions.

``zod_schema`` turns one schema into JavaScript text (declarations for ``$ref``
targets plus one expression); ``zod_module`` lays out a whole ES module of them, each
schema inside a function that builds it, so importing the module builds no validator;
``runtime_module`` is the helper module their checks (and the lazy table) call. All are
pure: text in, text out, same input → same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from generator.core.templating import render as render_template
from generator.emit.typescript.text import camel_name, type_name
from generator.emit.typescript.zod.convert import DRAFT_07, DRAFT_2020_12, Conversion, Problem
from generator.emit.typescript.zod.js import Js, obj, raw, render
from generator.ir.model import thaw

__all__ = ["RUNTIME_FILE", "Problem", "ZodSchema", "runtime_module", "zod_module", "zod_schema"]

RUNTIME_FILE: Final = "_jsonschema.js"
_INDENT: Final = "  "
_RETURN: Final = "return "
_DIALECTS: Final = {
    DRAFT_2020_12: False,
    DRAFT_07: True,
}


@dataclass(frozen=True, slots=True)
class ZodSchema:
    """One schema as JavaScript: ``declarations`` (``const`` statements for its ``$ref``
    targets, in order) and ``expression`` (the Zod schema, which may name them).

    ``problems`` lists what could not be expressed exactly; each such subschema is
    ``z.never()`` in the text, so the validator refuses rather than accepts too much.
    """

    declarations: tuple[str, ...]
    expression: str
    problems: tuple[Problem, ...]


def dialect_is_draft7(schema: Mapping[str, Any]) -> bool | None:
    """True for draft-07, False for 2020-12 (also when ``$schema`` is absent), None otherwise."""
    declared = schema.get("$schema", DRAFT_2020_12)
    if not isinstance(declared, str):
        return None
    spelled = declared.rstrip("#").replace("https://json-schema.org/draft-07", DRAFT_07[:-7])
    return _DIALECTS.get(spelled)


def zod_schema(
    schema: Mapping[str, Any] | bool,
    *,
    prefix: str = "schema",
    indent: str = "",
    lead: str | None = None,
) -> ZodSchema:
    """The Zod v4 schema of ``schema``; the names it declares start with ``prefix``.

    ``expression`` is laid out to follow ``lead`` (``const <prefix> = `` unless given) on
    a line indented by ``indent``; continuation lines, and the declarations', are indented
    from there. When the schema refers to itself (``$ref: "#"``), the declarations already
    hold ``const <prefix> = …`` and ``expression`` is just ``prefix``.
    """
    plain = thaw(schema)
    draft7 = dialect_is_draft7(plain) if isinstance(plain, Mapping) else False
    if draft7 is None:
        message = f"$schema {plain.get('$schema')!r}: the Zod converter reads 2020-12 and draft-07"
        return ZodSchema((), "z.never()", (Problem(("$schema",), message),))
    conversion = Conversion(root=plain, prefix=prefix, draft7=draft7)
    root, targets = conversion.run()
    declarations = [_declaration(name, expression, indent) for name, expression in targets]
    used = len(f"const {prefix} = " if lead is None else lead)
    text = prefix if () in conversion.names else render(root, indent, used)
    return ZodSchema(tuple(declarations), text, tuple(conversion.problems))


def _declaration(name: str, expression: Js, indent: str) -> str:
    head = f"const {name} = "
    return f"{head}{render(expression, indent, len(head) + 1)};"


def zod_module(
    schemas: Sequence[tuple[str, Mapping[str, Any] | bool]],
    *,
    export: str = "inputSchemas",
    field: str = "inputSchema",
    zod: str = "zod",
    runtime: str = f"./{RUNTIME_FILE}",
) -> str:
    """An ES module: one function per schema that builds its validator, and ``export``,
    {name: validator} in the order given, each built the first time it is read.

    ``zod`` and ``runtime`` are the specifiers it imports Zod and the helper module by
    (the try-it page links them to its own copies); ``field`` names the schemas' field in
    the module's opening comment."""
    builders: list[str] = []
    entries: list[tuple[str, Js]] = []
    for prefix, (name, schema) in zip(prefixes([n for n, _ in schemas]), schemas, strict=True):
        builders.append(_builder(prefix, schema))
        entries.append((name, raw(prefix)))
    head = f"export const {export} = js.lazyTable("
    return render_template(
        "zod/schemas.js.j2",
        {},
        zod=zod,
        runtime=runtime,
        builders=builders,
        export=export,
        field=field,
        table=render(obj(entries), "", len(head) + 2),
    )


def _builder(prefix: str, schema: Mapping[str, Any] | bool) -> str:
    """``function <prefix>() { …; return <validator>; }``: the schema's declarations are
    local to it, so a tool's validator costs nothing until its first use."""
    converted = zod_schema(schema, prefix=prefix, indent=_INDENT, lead=_RETURN)
    body = [f"{_INDENT}{declaration}" for declaration in converted.declarations]
    body.append(f"{_INDENT}{_RETURN}{converted.expression};")
    return "\n".join([f"function {prefix}() {{", *body, "}"])


def prefixes(names: Sequence[str]) -> list[str]:
    """A distinct identifier per tool name: ``github::get_issue`` → ``githubGetIssueSchema``.

    The suffix keeps every name clear of JavaScript's reserved words (a tool named
    ``delete``) and of the module's own ``z`` and ``js``.
    """
    taken: dict[str, None] = {}
    found = []
    for name in names:
        base = camel_name(type_name(name)) + "Schema"
        candidate, counter = base, 1
        while candidate in taken:
            counter += 1
            candidate = f"{base}_{counter}"
        taken[candidate] = None
        found.append(candidate)
    return found


def runtime_module() -> str:
    """The text of ``_jsonschema.js``, the helper module the generated checks import."""
    return render_template(f"zod/{RUNTIME_FILE}.j2", {})
