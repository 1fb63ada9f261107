"""A model worker makes what this process would make: it only collects garbage more
rarely (what it loaded frozen out of the collector's scans)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from generator.core.cache import CacheView
from generator.models.build import start
from generator.models.make import run
from generator.models.workers import RARELY, Workers, collect_rarely, cores
from tests import toolsets


@pytest.mark.skipif(cores() < 2, reason="workers are forked on Linux with two cores or more")
def test_a_worker_makes_the_same_models_as_this_process(tmp_path: Path) -> None:
    jobs = [job for job, _ in start(toolsets.sample(tmp_path), CacheView(None)).runs]
    assert jobs
    here = [run(job) for job in jobs]
    workers = Workers(1)
    try:
        workers.give(jobs)
        there = workers.results(len(jobs))
    finally:
        workers.close()
    assert there == here


def test_a_worker_collects_rarely_and_not_what_it_had_loaded() -> None:
    before = gc.get_threshold()
    try:
        collect_rarely()
        assert gc.get_threshold() == RARELY
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
