"""The generated package's runtime modules (validator, inverse), loaded without generating.

They are the same in every package, so in-process tests render them once into a
temporary package and import it: breadth without datamodel-code-generator.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from generator.core.templating import render
from generator.emit.python.package import HEADER, RUNTIME

PACKAGE = "toolcanon_runtime_under_test"


def load_runtime(folder: Path) -> ModuleType:
    """Render the runtime modules into ``folder`` and import them as one package."""
    package = folder / PACKAGE
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for module in RUNTIME:
        text = render(f"python/{module}.j2", {}, header=HEADER)
        (package / module).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        root = importlib.import_module(PACKAGE)
        for module in RUNTIME:
            importlib.import_module(f"{PACKAGE}.{module.removesuffix('.py')}")
    finally:
        sys.path.remove(str(folder))
    return root
