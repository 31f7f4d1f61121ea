"""ISMCTS: the time of a move and its strength against the greedy bot, in every game.

    python benchmarks/bots.py [--iterations 1000] [--positions 10] [--games 200]
                              [--strength-iterations 300] [--workers 2] [game ...]

First the move time: positions are taken from a seeded greedy game of 3 players (every
`--positions`-th decision), and the ISMCTS bot searches each with `--iterations` iterations on
one core (CPU time, median and worst). Then, with `--games` above 0, a tournament of the ISMCTS
bot (at `--strength-iterations` a move) against the greedy bot in 2-player games, seats rotating:
the win rates and head-to-head table with 95 % intervals. The load average comes first."""

from __future__ import annotations

import functools
import statistics
import sys
import time
from collections.abc import Sequence

import kit
from kit.core.bench import load_average
from kit.core.bots import Bot, play
from kit.core.commands import ArgumentParser, count, run, whole
from kit.core.state import State
from kit.tournament import tournament

OPTIONS = {
    "amazing_journey": {},
    "timeless_journeys": {"mode": "historical", "travellers": "D"},
    "four_weeks": {},
}


def positions(game: str, every: int) -> list[State]:
    """Every `every`-th decision of a seeded 3-player greedy game."""
    loaded = kit.load(game, players=3, seed=1, **OPTIONS[game])
    greedy = kit.game_module(game).BOTS["greedy"]
    found: list[State] = []

    def keep(state: State) -> bool:
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        return False  # never stop: see every decision

    play(loaded.new_game(), [greedy(1, p) for p in range(3)], stop=keep)
    return found[::every]


def move_times(game: str, iterations: int, every: int) -> list[float]:
    bot = kit.game_module(game).MctsBot
    times = []
    for state in positions(game, every):
        search = bot(1, state.current_player, iterations=iterations)
        start = time.process_time()
        search.choose(state)
        times.append(time.process_time() - start)
    return times


def mcts(iterations: int, module: str, seed: int | None, player: int) -> Bot:
    bot: Bot = kit.game_module(module).MctsBot(seed, player, iterations=iterations)
    return bot


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="bots", description=__doc__)
    parser.add_argument("games_of", nargs="*", default=list(kit.GAMES), metavar="game")
    parser.add_argument("--iterations", type=count, default=1000)
    parser.add_argument("--positions", type=count, default=10, help="every Nth decision")
    parser.add_argument("--games", type=whole, default=200)
    parser.add_argument("--strength-iterations", type=count, default=300)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args(argv)
    print(load_average(), flush=True)
    for game in args.games_of:
        times = move_times(game, args.iterations, args.positions)
        print(
            f"{game:<18} ISMCTS {args.iterations} iterations: {len(times)} positions, "
            f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s (CPU)",
            flush=True,
        )
    for game in args.games_of if args.games else []:
        bot = functools.partial(mcts, args.strength_iterations, game)
        start = time.perf_counter()
        result = tournament(
            kit.load(game, players=2, **OPTIONS[game]),
            {"mcts": bot, "greedy": "greedy"},
            games=args.games,
            seed=1000,
            workers=args.workers,
        )
        print(f"{result}\n({time.perf_counter() - start:.0f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="bots"))
