"""Speed of ``toolcanon verify`` against a local stdio server with 100 tools.

    .venv/bin/python bench/verify.py [--tools 100] [--runs 5] [--seed 1]

Synthetic contracts (bench/synth.py) all declare one server; tests/verify_server.py
(the official SDK) serves what ``generate`` lists for them, 25 tools a page. Each run
times the phases of one verify: loading the contracts (load → check → resolve), server
start (spawn + initialize), listing (every page of tools/list), stop (the SDK's shutdown
and the end of the process group) and comparison (compare + render the report), once
with the server serving the contracts unchanged and once with every tool changed.
Medians of the runs are printed, with the comparison's share of the total (target:
at most 10%).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import anyio  # noqa: E402
import yaml  # noqa: E402
from synth import make_contracts  # noqa: E402

from generator.diff.report import DiffResult, render  # noqa: E402
from generator.project.config import load_config  # noqa: E402
from generator.verify.compare import Expected, compare_listing  # noqa: E402
from generator.verify.expected import from_contracts  # noqa: E402

SERVER = "bench"
PAGE_SIZE = 25
PHASES = ("contracts", "server start", "listing", "stop", "comparison")


def make_project(root: Path, tools: int, seed: int) -> None:
    """Synthetic contracts, every file declaring the one server."""
    make_contracts(tools, seed, root / "contracts")
    for path in (root / "contracts").rglob("*.yaml"):
        data = yaml.safe_load(path.read_text("utf-8"))
        data["server"] = SERVER
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")


def changed(tools: dict[str, Any]) -> dict[str, Any]:
    """Every tool with a longer description and one more optional property."""
    out = {}
    for name, tool in tools.items():
        schema = {**tool["inputSchema"], "properties": dict(tool["inputSchema"]["properties"])}
        schema["properties"]["extra"] = {"type": "string", "description": "New."}
        out[name] = {
            **tool,
            "description": tool["description"] + " Changed.",
            "inputSchema": schema,
        }
    return out


async def listing_phases(listing: Path) -> tuple[dict[str, float], dict[str, Any]]:
    """Start, list and stop the server with the official client, as generator.live does."""
    import mcp_types as types
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from generator.live.stderr import StderrTail
    from generator.live.stdio import end_group, launch

    command = [sys.executable, str(REPO / "tests" / "verify_server.py"), str(listing)]
    program, args = launch([*command, "--page-size", str(PAGE_SIZE)], {})
    params = StdioServerParameters(command=program, args=args, env={})
    times: dict[str, float] = {}
    tools: dict[str, Any] = {}
    with StderrTail() as tail:
        start = time.perf_counter()
        async with stdio_client(params, errlog=tail.writer) as (read, write):
            tail.spawned()
            async with ClientSession(read, write) as session:
                await session.initialize()
                times["server start"] = time.perf_counter() - start
                cursor, start = None, time.perf_counter()
                while True:
                    params_ = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                    page = await session.list_tools(params=params_)
                    for tool in page.tools:
                        entry = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
                        tools[entry["name"]] = entry
                    if (cursor := page.next_cursor) is None:
                        break
                times["listing"] = time.perf_counter() - start
                start = time.perf_counter()
        await end_group(tail.pgid())
        times["stop"] = time.perf_counter() - start
    return times, tools


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def one_run(
    project: Path, listing: Path, served: Callable[[dict[str, Any]], Any]
) -> dict[str, float]:
    config = load_config(project / "pyproject.toml")
    seconds, expected = timed(lambda: from_contracts(config, SERVER))
    times, tools = anyio.run(listing_phases, listing)
    times["contracts"] = seconds
    mine = served(tools)
    times["comparison"], _ = timed(lambda: compare_and_render(expected, mine))
    return times


def compare_and_render(expected: Expected, served: dict[str, Any]) -> str:
    findings = tuple(compare_listing(expected, served))
    result = DiffResult("bench", findings, frozenset({"breaking", "security"}), command="verify")
    return render(result, "text")


def report(label: str, runs: list[dict[str, float]]) -> None:
    medians = {phase: statistics.median(run[phase] for run in runs) for phase in PHASES}
    total = sum(medians.values())
    print(f"\n{label} ({len(runs)} runs, medians)\n")
    print("| phase | ms | share |\n|---|---:|---:|")
    for phase in PHASES:
        print(f"| {phase} | {medians[phase] * 1000:.1f} | {medians[phase] / total:.1%} |")
    print(f"| total | {total * 1000:.1f} | |")
    share = medians["comparison"] / total
    verdict = "met" if share <= 0.10 else "MISSED"
    print(f"\ncomparison share: {share:.2%} of the total (target ≤ 10%: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="toolcanon-bench-verify-") as folder:
        project = Path(folder)
        (project / "pyproject.toml").write_text("[tool.toolcanon]\n", "utf-8")
        make_project(project, args.tools, args.seed)
        expected = from_contracts(load_config(project / "pyproject.toml"), SERVER)
        listing = project / "listing.json"
        listing.write_text(json.dumps({"tools": list(expected.tools.values())}), "utf-8")
        for label, served in (("served unchanged", dict), ("every tool changed", changed)):
            runs = [one_run(project, listing, served) for _ in range(args.runs)]
            report(f"verify, {len(expected.tools)} tools, {label}", runs)


if __name__ == "__main__":
    main()
