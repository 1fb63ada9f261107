"""The one jinja2 environment, and where templates live.

Templates are the top-level ``templates/`` folder of the source tree; a built
wheel carries the same folder as ``generator/templates``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jinja2

from generator.core.fingerprint import templates_dir


@functools.cache
def environment() -> jinja2.Environment:
    """Strict, whitespace-exact jinja2 environment; filters are added by the emitters."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


def render(name: str, filters: dict[str, Callable[..., Any]], **context: Any) -> str:
    """Render template ``name`` with extra ``filters`` available to it."""
    env = environment()
    missing = {k: v for k, v in filters.items() if env.filters.get(k) is not v}
    env.filters.update(missing)
    return env.get_template(name).render(**context)


def raw(name: str) -> str:
    """The text of a file under ``templates/`` as it is, not rendered (vendored code,
    static scripts and styles that must reach the output byte for byte)."""
    env = environment()
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, name)
    return source
