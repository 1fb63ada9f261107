"""Bench: the try-it page (docs/index.html) for 216 and 1,000 synthetic tools.

For each size: the time ``generate`` spends emitting the page (in this process), the
page's size and what it is made of (data, Zod, validators), and in a headless Chromium
(Debian's, driven by Playwright, as the tests run it), from ``file://``:

* catalogue: the page's own mark once every tool row is in the document;
* first paint: the browser's first-contentful-paint;
* ready: the validators, ``decide`` and ``undo`` loaded (forms validate from then on);
* open: clicking a tool until its form and provider calls are shown.

Times are the median of ``--repeat`` loads, each in a fresh browser context.

    .venv/bin/python -m bench.page [--sizes 216 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.synth import make_contracts
from bench.typescript_emit import load
from generator.emit.common import Inputs
from generator.emit.page import html as page
from generator.emit.page.modules import page_modules
from generator.ir.options import EmitOptions
from generator.profiles.stage import adapt
from tests.browser import CHROMIUM_ARGS, chromium

TARGETS = ("canonical", "openai", "anthropic", "mcp", "page")


def build(count: int, folder: Path) -> tuple[str, float, dict[str, int]]:
    """The page for ``count`` synthetic tools, the seconds its emit took, and sizes."""
    make_contracts(count, seed=1, out_dir=folder / "contracts")
    toolset = load(folder / "contracts")
    options = EmitOptions(targets=TARGETS)
    adapted, _ = adapt(toolset, ["openai"])
    inputs = Inputs(adapted=adapted)
    start = time.perf_counter()
    html = page.emit(toolset, options, inputs)[page.PAGE_PATH]
    seconds = time.perf_counter() - start
    modules = page_modules(toolset)
    sizes = {
        "page": len(html.encode()),
        "zod": len(modules["zod"].encode()),
        "validators": len(modules["validators"].encode()),
    }
    return html, seconds, sizes


def measure(browser: Any, html: Path, repeat: int) -> dict[str, float]:
    """Median milliseconds of each stage over ``repeat`` loads."""
    runs: dict[str, list[float]] = {"catalogue": [], "first paint": [], "ready": [], "open": []}
    for _ in range(repeat):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        tab = context.new_page()
        tab.goto(html.as_uri())
        tab.wait_for_selector("html[data-state=ready]", timeout=60_000)
        marks = tab.evaluate(
            "JSON.stringify(Object.fromEntries(performance.getEntries()"
            ".filter(e => e.entryType === 'mark' || e.name === 'first-contentful-paint')"
            ".map(e => [e.name, e.startTime])))"
        )
        found = json.loads(marks)
        runs["catalogue"].append(found["toolcanon:catalogue"])
        runs["first paint"].append(found["first-contentful-paint"])
        runs["ready"].append(found["toolcanon:ready"])
        row = tab.locator("#tool-list button").nth(len(runs["open"]) * 7)
        start = time.perf_counter()
        row.click()
        tab.wait_for_selector("#detail .call pre")
        runs["open"].append((time.perf_counter() - start) * 1000)
        context.close()
    return {name: statistics.median(values) for name, values in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[216, 1000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    path = chromium()
    if path is None:
        raise SystemExit("Chromium is not installed (apt-get install chromium)")
    header = "| tools | page KiB | data+schemas KiB | Zod KiB | validators KiB | emit s |"
    header += " catalogue ms | first paint ms | ready ms | open a tool ms |"
    rows = [header, "|" + "---|" * 10]
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as temp:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        for count in args.sizes:
            folder = Path(temp) / str(count)
            html, seconds, sizes = build(count, folder)
            target = folder / "index.html"
            target.write_text(html, "utf-8")
            times = measure(browser, target, args.repeat)
            data = sizes["page"] - sizes["zod"] - sizes["validators"]
            rows.append(
                f"| {count} | {sizes['page'] / 1024:.0f} | {data / 1024:.0f} "
                f"| {sizes['zod'] / 1024:.0f} | {sizes['validators'] / 1024:.0f} | {seconds:.2f} | "
                + " | ".join(f"{times[name]:.0f}" for name in times)
                + " |"
            )
        browser.close()
    print("\n".join(rows))


if __name__ == "__main__":
    main()
