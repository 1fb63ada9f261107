"""What the chatgpt-submission target costs: cold ``generate`` with and without it.

    .venv/bin/python bench/submission.py [--sizes 216 1000] [--runs 3]

For each synthetic set (bench/synth.py; a tool whose schema requires nothing gets the
example ``{}``, in both configurations) it times a cold ``toolcanon generate --no-cache``
as a whole process, the configurations taking turns, medians of ``--runs`` after one
warm-up round:

* ``without``: the default targets, contracts without ``submission:`` blocks;
* ``with``: the same plus ``chatgpt-submission`` for the builtin server, every tool
  with a ``submission:`` block (OpenAI's openWorldHint, three justifications, a prompt
  per example) and three negative prompts in the config.

It prints wall and CPU seconds and the ratio with/without (the issue's target: at most
5% more), then the main process's CPU for ``pipeline.build`` without the Python models
(they run in worker processes), the fastest of ``--runs`` alternating runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.providers import cold_runs  # noqa: E402
from bench.synth import make_contracts  # noqa: E402

SUBMISSION_CONFIG = """targets: [canonical, openai, anthropic, bedrock, gemini, mcp, python,
  typescript, docs, schema, chatgpt-submission]
chatgpt-submission:
  display-name: Synthetic
  category: DEVELOPER_TOOLS
  negative-prompts: [What is the weather?, Write a poem., Convert 20 euros to dollars.]
"""


def project(folder: Path, size: int, *, submission: bool) -> Path:
    make_contracts(size, 1, folder / "contracts")
    for path in sorted((folder / "contracts").rglob("*.yaml")):
        document = yaml.safe_load(path.read_text("utf-8"))
        for tool in document["tools"]:
            _extend(tool, submission=submission)
        path.write_text(yaml.safe_dump(document, sort_keys=False, width=100), "utf-8")
    config = "contracts: contracts\noutput: generated\n"
    config += SUBMISSION_CONFIG if submission else ""
    (folder / "toolcanon.yaml").write_text(config, encoding="utf-8")
    return folder


def _extend(tool: dict[str, object], *, submission: bool) -> None:
    schema = tool["inputSchema"]
    assert isinstance(schema, dict)
    examples = [] if schema.get("required") else [{}]
    if examples:
        tool["examples"] = examples
    if submission:
        tool["submission"] = {
            "openWorldHint": False,
            "readOnlyJustification": "What the tool reads and writes, in a sentence.",
            "openWorldJustification": "Nothing public changes: it acts in the account.",
            "destructiveJustification": "Whether a call can delete or overwrite data.",
            "prompts": [f"Please run {tool['name']}." for _ in examples],
        }


def in_process(folders: dict[str, Path], runs: int) -> dict[str, float]:
    """Fastest main-process CPU seconds of ``pipeline.build`` (no Python models)."""
    from dataclasses import replace

    from generator.project.config import load_config
    from generator.run import pipeline

    configs = {}
    for name, folder in folders.items():
        config = load_config(folder / "toolcanon.yaml")
        targets = tuple(t for t in config.emit.targets if t != "python")
        configs[name] = replace(config, emit=replace(config.emit, targets=targets), cache=None)
    pipeline.build(configs["with"])  # imports
    times: dict[str, list[float]] = {name: [] for name in configs}
    for _ in range(runs):
        for name, each in configs.items():
            start = time.process_time()
            pipeline.build(each)
            times[name].append(time.process_time() - start)
    return {name: min(found) for name, found in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[216, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="toolcanon-bench-submission-") as tmp:
        root = Path(tmp)
        for size in args.sizes:
            folders = {
                name: project(root / f"{name}-{size}", size, submission=name == "with")
                for name in ("without", "with")
            }
            configs = {name: (folder, None) for name, folder in folders.items()}
            medians = {}
            for name, (walls, cpus) in cold_runs(configs, args.runs).items():
                medians[name] = (statistics.median(walls), statistics.median(cpus))
                print(
                    f"{size:5} tools  {name:8} wall {medians[name][0]:7.3f} s  "
                    f"cpu {medians[name][1]:7.3f} s",
                    flush=True,
                )
            wall = medians["with"][0] / medians["without"][0]
            cpu = medians["with"][1] / medians["without"][1]
            print(f"{size:5} tools  with/without: wall {wall:.3f}  cpu {cpu:.3f}")
            built = in_process(folders, args.runs)
            ratio = built["with"] / built["without"]
            print(
                f"{size:5} tools  build() main-process CPU: without {built['without']:.3f} s,"
                f" with {built['with']:.3f} s, ratio {ratio:.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
