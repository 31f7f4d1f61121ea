"""Engine cost in instructions per action, a figure a busy machine does not disturb.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/g10.out \\
        python benchmarks/engine_instructions.py timeless_journeys 10 [--option edition=ja]

plays one warm-up game and then GAMES seeded games of random bots (4 players, seeds 1, 2, ...)
and prints the number of actions of those games. Run it under callgrind for two counts (say 10
and 30): the difference of the instructions counted ("Collected" in the output, or `events:` in
the file) divided by the difference of the actions is the cost of one action, free of the
start-up (imports, content loading) and of the clock's noise. `callgrind_annotate` on the files
shows where the instructions go. Without valgrind the script runs as a plain check that the
games play."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import kit
from kit.core.bots import RandomBot, play
from kit.core.commands import ArgumentParser, count, run


def option(text: str) -> tuple[str, str]:
    """`name=value`, as given on the command line."""
    name, _, value = text.partition("=")
    return name, value


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="engine_instructions", description=__doc__)
    parser.add_argument("game", choices=("amazing_journey", "timeless_journeys", "four_weeks"))
    parser.add_argument("games", type=count)
    parser.add_argument("--players", type=count, default=4)
    parser.add_argument("--option", type=option, action="append", default=[])
    args = parser.parse_args(argv)
    game = kit.load(args.game, players=args.players, seed=0, **dict(args.option))
    actions = 0
    for seed in range(args.games + 1):  # seed 0 warms up the caches and is not counted
        seeded = type(game)(**{**game.options, "seed": seed})
        bots = [RandomBot(seed, seat) for seat in range(seeded.num_players)]
        final = play(seeded.new_game(), bots)
        if seed:
            actions += len(final.history)
    print(f"{args.game} {dict(args.option)}: {args.games} games, {actions} actions")
    return 0


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="engine_instructions"))
