"""How many seat-steps the random-play harness (`tests/contract.py`) checks for secrets: the
seeded games of the three random-play tests, played and checked as the tests play them, then
for each game how many steps times seats had what they were told of the action checked
(`state.told`, games on the decision stack only) and how many had their observation checked.

    python benchmarks/contract.py [--chunks N] [game ...]

`--chunks N` plays the first N of each test's chunks of games only (all of them by default:
the whole random-play suite, minutes)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from kit.core.bench import load_average
from kit.core.commands import ArgumentParser, count, run
from tests import contract
from tests.amazing_journey import test_random_play as amazing
from tests.four_weeks import test_random_play as weeks
from tests.timeless_journeys import test_random_play as timeless


def _amazing(chunk: int) -> None:
    amazing.test_half_random_games(chunk)
    if chunk == 0:
        amazing.test_uniformly_random_games()


# Each game's random-play test by chunk, and its number of chunks.
TESTS: dict[str, tuple[Callable[[int], None], int]] = {
    "amazing_journey": (_amazing, 10),
    "timeless_journeys": (timeless.test_random_games, timeless.CHUNKS),
    "four_weeks": (weeks.test_random_games_keep_the_rules, weeks.CHUNKS),
}


def tested(name: str) -> str:
    if name not in TESTS:
        raise argparse.ArgumentTypeError(f"unknown game {name!r}; the games are {', '.join(TESTS)}")
    return name


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="contract", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", type=tested, default=list(TESTS))
    parser.add_argument("--chunks", type=count, default=None)
    args = parser.parse_args(argv)
    print(load_average(), flush=True)
    print(f"{'game':<20} {'chunks':>6} {'told seat-steps':>16} {'seen seat-steps':>16} {'s':>7}")
    for name in args.games:
        play, chunks = TESTS[name]
        chunks = min(chunks, args.chunks or chunks)
        start = time.perf_counter()
        for chunk in range(chunks):
            play(chunk)
        told, seen = contract.CHECKED[name, "told"], contract.CHECKED[name, "seen"]
        took = time.perf_counter() - start
        print(f"{name:<20} {chunks:>6} {told:>16,} {seen:>16,} {took:>7.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="contract"))
