"""The ES modules the try-it page runs: the very code the TypeScript package ships.

The page validates with the Zod validators ``parseArguments`` uses (``zod_module`` and
its helper module ``_jsonschema.js``), decides with the generated ``decide`` and checks
its provider calls with the generated ``undo`` — rendered here from the same converter
and templates as ``typescript/``, so the page cannot drift from the package. Zod itself
is the vendored build in ``templates/page/vendor/`` (how it is made:
``templates/page/vendor/recipe/README.md``).

The page loads each module from a ``blob:`` URL made from its text (a page opened from
``file://`` may import nothing else). The validators import Zod and the helpers by the
specifiers below; ``LINKS`` tells the page's loader which module each one names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from generator.core.templating import raw, render
from generator.emit import decisions
from generator.emit.common import GENERATED_NOTE
from generator.emit.typescript.text import line_comment, ts_string
from generator.emit.typescript.zod.module import runtime_module, zod_module
from generator.ir.fields import descriptor_json
from generator.ir.model import Toolset

ZOD_FILE: Final = "page/vendor/zod.min.js"
ZOD_LICENSE_FILE: Final = "page/vendor/zod.LICENSE.txt"
ZOD_SPECIFIER: Final = "toolcanon:zod"
RUNTIME_SPECIFIER: Final = "toolcanon:jsonschema"
LINKS: Final = {"validators": {ZOD_SPECIFIER: "zod", RUNTIME_SPECIFIER: "jsonschema"}}
"""Module → {specifier it imports: module the loader links it to}."""


def _filters() -> dict[str, Callable[..., Any]]:
    return {"ts_line_comment": line_comment, "ts_string": ts_string, **decisions.FILTERS}


def page_modules(toolset: Toolset) -> dict[str, str]:
    """Module name → JavaScript text, in the order the page loads them."""
    schemas = [(tool.name, descriptor_json(tool)["inputSchema"]) for tool in toolset]
    context = {"note": GENERATED_NOTE, **decisions.context()}
    return {
        "zod": raw(ZOD_FILE),
        "jsonschema": runtime_module(),
        "validators": zod_module(schemas, zod=ZOD_SPECIFIER, runtime=RUNTIME_SPECIFIER),
        "decide": render("typescript/decide.js.j2", _filters(), **context),
        "undo": render("typescript/_undo.js.j2", _filters(), **context),
    }


def zod_version() -> str:
    """The Zod release the vendored build was made from, as its banner names it."""
    found = re.match(r"/\*! zod (\S+) ", raw(ZOD_FILE))
    if found is None:
        raise RuntimeError(f"{ZOD_FILE} has no version banner: rebuild it (make vendor-zod)")
    return found.group(1)


def licences() -> list[dict[str, str]]:
    """The licences of the third-party code the page embeds, shown in its footer."""
    return [{"name": f"Zod {zod_version()}", "text": raw(ZOD_LICENSE_FILE)}]
