"""hypothesis-jsonschema 0.23 drives ``many.more()``, which newer hypothesis replaced.

Recent hypothesis (6.16x+) spells the loop ``with many(...) as e: for _ in e:``;
hypothesis-jsonschema has no release that does. ``install()`` gives ``many`` the
old ``more()`` on top of the new protocol, and does nothing where ``more`` exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis.internal.conjecture import utils


def _more(self: Any) -> bool:
    steps: Iterator[None] | None = getattr(self, "_compat_steps", None)
    if steps is None:
        self.__enter__()
        steps = self._compat_steps = iter(self)
    try:
        next(steps)
    except StopIteration:
        self.__exit__(None)
        return False
    return True


def install() -> None:
    many: Any = utils.many
    if not hasattr(many, "more"):
        many.more = _more
