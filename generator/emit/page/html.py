"""The page target: ``docs/index.html``, the try-it catalogue.

One static file that works from ``file://`` with no server and no network: the
catalogue (search, filters), and per tool a form built from its inputSchema when the
tool is opened, validated as the user types by the package's own Zod validators,
with the exact call each provider would send and ``decide`` for every mode.

The page never executes contract text. Every value a contract supplies travels in one
``<script type="application/json">`` block (``<``, ``>``, ``&``, U+2028 and U+2029
escaped, so no text can end the element) and reaches the document only through
``textContent`` and DOM properties. The page's own script and style are inline and
named by their hashes in a Content-Security-Policy that allows nothing else: no other
inline script, no ``eval`` (Zod runs jitless), no network at all.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import PurePosixPath
from typing import Any, Final

from generator.core.templating import raw, render
from generator.emit.common import GENERATED_NOTE, NO_INPUTS, Inputs, Rendered
from generator.emit.page.data import page_data
from generator.emit.page.modules import LINKS, licences, page_modules
from generator.ir.model import Toolset
from generator.ir.options import EmitOptions

PAGE_PATH: Final = PurePosixPath("docs/index.html")
DATA_ID: Final = "toolcanon-data"
SCRIPTS: Final = (
    "dom.js",
    "schema.js",
    "widgets.js",
    "compound.js",
    "problems.js",
    "calls.js",
    "loader.js",
    "detail.js",
    "catalogue.js",
    "main.js",
)
"""The page's own script, in order: one classic script, one scope."""
STYLE: Final = "page/page.css"
_ESCAPES: Final = {ord(char): f"\\u{ord(char):04x}" for char in "<>&\u2028\u2029"}


def emit(toolset: Toolset, options: EmitOptions, inputs: Inputs = NO_INPUTS) -> Rendered:
    data = page_data(toolset, options, inputs)
    data["modules"] = page_modules(toolset)
    data["links"] = LINKS
    data["licences"] = licences()
    return {PAGE_PATH: page_html(data)}


def page_html(data: Any) -> str:
    """The page around ``data``: the static skeleton, the style, the script and the CSP."""
    script = page_script()
    style = raw(STYLE)
    _inert(script, "</script")
    _inert(style, "</style")
    csp = content_security_policy(script, style)
    return render(
        "page/index.html.j2",
        {},
        csp=csp,
        style=style,
        script=script,
        data_id=DATA_ID,
        data=embed_json(data),
        note=GENERATED_NOTE,
    )


def page_script() -> str:
    """The page's own code: its files joined inside one strict-mode function."""
    body = "\n".join(raw(f"page/js/{name}") for name in SCRIPTS)
    return f'(() => {{\n"use strict";\n{body}\n}})();\n'


def embed_json(data: Any) -> str:
    """JSON that cannot end or confuse the ``<script>`` element holding it: the
    characters HTML and JavaScript treat specially are escaped (JSON reads them back)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_ESCAPES)


def content_security_policy(script: str, style: str) -> str:
    """Nothing but this script (by hash), the modules it makes (``blob:``) and this style."""
    return "; ".join(
        (
            "default-src 'none'",
            f"script-src '{sha256(script)}' blob:",
            f"style-src '{sha256(style)}'",
            "base-uri 'none'",
            "form-action 'none'",
        )
    )


def sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _inert(text: str, closing: str) -> None:
    """The page's own code must not close its element early (a bug, not bad input)."""
    if closing in text.lower() or "<!--" in text:
        raise RuntimeError(f"page code holds {closing!r} or '<!--': it would break the page")
