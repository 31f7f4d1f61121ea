"""The project's folder on the path of every kernel the tests start: a test notebook (run by
nbmake, or served by Voila) imports its fixtures from `tests`, as the tests themselves do.

The tests hold at any speed, on a quiet machine or a busy one: what a planner happens to find
within a time limit in seconds is never asserted. A test asserts what holds whatever the time
gave (a plan replays in the engine to its score; a bound is at least a known optimum and the
plan; a plan is no worse than the first game its planner always plays), or a result under a
budget of work instead of seconds (the 80-day search's `most_steps`, a count of the four-week
refinements, a search that ends by itself), or a proof of a tiny search given many times the
time it takes. How good a plan a few seconds give is the benchmarks' question. No duration is
asserted either; a wait for something to happen has a limit only so that a hang fails."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test notebook that nbmake runs whole starts a kernel: it is one of the `slow` tests,
    left out of the quick set (`pytest -m "not slow"`)."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)
