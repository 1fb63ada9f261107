"""A real headless Chromium for the try-it page tests (a pytest plugin).

Debian's ``chromium`` driven from Python by Playwright (PyPI ``playwright``) with the
system browser — Playwright never downloads one, and gives each launch a fresh temporary
profile (--user-data-dir). One browser for the page tests: they are one module, and the
browser lives as long as it, because Playwright's sync API keeps an event loop running in
the thread until it stops (later tests call ``asyncio.run``). A fresh context per test;
every console message, page error and dialog of a page is recorded, so a test can show
that nothing ran that should not. ``make test`` installs the browser when it can
(apt-get, as root); without it these tests skip and say why.

Screenshots a test takes go to the session's temporary folder, and their paths are
printed at the end of the run (they are for a reviewer to look at, never committed).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags that work on a bare machine; Playwright adds a fresh --user-data-dir itself."""
SCREENSHOTS: list[Path] = []


def chromium() -> str | None:
    """The system Chromium: $TOOLCANON_CHROMIUM, else `chromium` on PATH."""
    return os.environ.get("TOOLCANON_CHROMIUM") or shutil.which("chromium")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[test]' (make test does)")
    path = chromium()
    if path is None:
        pytest.skip("Chromium is not installed: apt-get install chromium (make test does, as root)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Watched:
    """A page with everything it said: console messages, uncaught errors, dialogs."""

    page: Any
    console: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def open(self, html: Path, tool: str | None = None) -> None:
        """Opens the page from file:// (a tool by its address) and waits until the
        validators are loaded."""
        address = html.resolve().as_uri()
        if tool is not None:
            from urllib.parse import quote

            address += "#tool=" + quote(tool, safe="")
        self.page.goto(address)
        self.page.wait_for_selector("html[data-state=ready], html[data-state=failed]")
        assert self.page.locator("html").get_attribute("data-state") == "ready"

    def quiet(self) -> bool:
        """Nothing went wrong: no error or warning on the console, no uncaught error,
        no dialog."""
        noisy = [text for kind, text in self.console if kind in ("error", "warning")]
        return not (noisy or self.errors or self.dialogs)


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    seen = Watched(page)
    page.on("console", lambda message: seen.console.append((message.type, message.text)))
    page.on("pageerror", lambda error: seen.errors.append(str(error)))

    def dialog(opened: Any) -> None:
        seen.dialogs.append(opened.message)
        opened.dismiss()

    page.on("dialog", dialog)
    yield seen
    context.close()


def screenshot(seen: Watched, folder: Path, name: str) -> Path:
    """A full-page PNG in ``folder``, listed at the end of the run."""
    path = folder / f"{name}.png"
    seen.page.screenshot(path=str(path), full_page=True)
    SCREENSHOTS.append(path)
    return path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for path in SCREENSHOTS:
        terminalreporter.write_line(f"try-it page screenshot: {path}")
