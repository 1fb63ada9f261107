"""One module per command: ``add_parser(subparsers)`` and ``run(args) -> ExitCode``.

``COMMANDS`` is the order ``toolcanon --help`` lists them in. A command module imports
only what parsing needs; the work is imported inside ``run``, so ``check`` on a
current tree never pays for the generator's heavy parts.
"""

from __future__ import annotations

import importlib
from types import ModuleType

COMMANDS = (
    "generate",
    "check",
    "validate",
    "list",
    "tokens",
    "diff",
    "verify",
    "init",
    "import",
)
_MODULE = {"import": "import_", "list": "list_"}


def module(name: str) -> ModuleType:
    """The module of command ``name``."""
    return importlib.import_module(f"generator.commands.{_MODULE.get(name, name)}")
