"""The `kit` command: demo, play, simulate, solve and bench, the same way for every game."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

import kit
from kit.core import CHANCE, IllegalAction, KitError, ranking
from kit.core.bench import engine_speed
from kit.core.bots import simulate
from kit.core.progress import TqdmProgress


def _options(args: argparse.Namespace) -> dict:
    """Game options given on the command line; only those given (games keep their defaults)."""
    options = {"players": args.players, "seed": args.seed}
    for name in ("side", "edition", "mode"):
        if getattr(args, name, None) is not None:
            options[name] = getattr(args, name)
    for item in args.option or []:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    return {k: v for k, v in options.items() if v is not None}


def _bot(module, name: str):
    try:
        return module.BOTS[name]
    except KeyError:
        raise KitError(f"unknown bot {name!r}; this game has {', '.join(module.BOTS)}") from None


def cmd_demo(args: argparse.Namespace) -> int:
    """The main job on the built-in reference board."""
    from kit.amazing_journey import demo

    demo.main(seed=args.seed, out=sys.stdout)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    module = kit.game_module(args.game)
    game = module.load(**_options(args))
    bots = [_bot(module, args.bot)] * game.num_players
    bar = TqdmProgress(f"{args.game}: {args.games} games")
    result = simulate(game, bots, args.games, first_seed=args.seed or 0, progress=bar)
    bar.close()
    print(result)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    module = kit.game_module(args.game)
    game = module.load(**_options(args))
    bot = _bot(module, args.bot)
    bots = {seat: bot(args.seed, seat) for seat in range(game.num_players) if seat != args.seat}
    state = game.new_game()
    while not state.is_terminal:
        player = state.current_player
        if player == CHANCE:
            outcome = state.sample_chance()
            state.apply(outcome)
            continue
        if player in bots:
            action = bots[player].choose(state)
            print(f"player {player}: {action}")
            state.apply(action)
            continue
        if not _human_turn(state, player):
            return 0
    for sheet, place in zip(state.scores(), ranking(state.scores()), strict=True):
        print(f"#{place} {sheet}")
    return 0


def _human_turn(state, player: int) -> bool:
    """One decision typed at the terminal: a number, an action's name, 'u' to undo, 'q' to quit."""
    describe = getattr(state, "describe", None)
    print(describe(player) if describe else state)
    actions = state.legal_actions()
    for index, action in enumerate(actions):
        print(f"  {index:>3}  {action}")
    while True:
        try:
            answer = input(f"player {player}> ").strip()
        except EOFError:
            return False
        if answer in ("q", "quit"):
            return False
        if answer in ("u", "undo"):
            _undo_to_decision(state, player)
            return True
        try:
            state.apply(actions[int(answer)] if answer.isdigit() else answer)
            return True
        except (IndexError, IllegalAction) as error:
            print(f"not possible: {error}")


def _undo_to_decision(state, player: int) -> None:
    """Undo back to this player's previous decision (through bots' moves and chance)."""
    while state.history:
        state.undo()
        if state.current_player == player:
            return


def cmd_solve(args: argparse.Namespace) -> int:
    name = args.planner.replace("-", "_")
    try:
        module = importlib.import_module(f"kit.solve.{name}")
    except ModuleNotFoundError:
        raise KitError(f"unknown planner {args.planner!r}") from None
    return module.main(args.rest)


def cmd_bench(args: argparse.Namespace) -> int:
    for name in args.games or list(kit.GAMES):
        module = kit.game_module(name)
        game = module.load(**{**_options(args), "players": args.players or 4})
        print(engine_speed(game, games=args.count))
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="kit", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("game", help="amazing-journey, timeless-journeys or four-weeks")
        _game_flags(sub)
        return sub

    demo = commands.add_parser("demo", help="the main job on the built-in reference board")
    demo.add_argument("--seed", type=int, default=1)
    demo.set_defaults(run=cmd_demo)

    play = game_command("play", "play in the terminal against bots")
    play.add_argument("--seat", type=int, default=0, help="your seat (0 = first)")
    play.set_defaults(run=cmd_play)

    sim = game_command("simulate", "bot games with a progress bar and score statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.set_defaults(run=cmd_simulate)

    solve = commands.add_parser("solve", help="run a planner, e.g. `kit solve eighty-days`")
    solve.add_argument("planner")
    solve.add_argument("rest", nargs=argparse.REMAINDER)
    solve.set_defaults(run=cmd_solve)

    bench = commands.add_parser("bench", help="engine speed of random games")
    bench.add_argument("games", nargs="*")
    bench.add_argument("--count", type=int, default=100)
    _game_flags(bench)
    bench.set_defaults(run=cmd_bench)
    return top


def _game_flags(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--players", type=int, default=None)
    sub.add_argument("--seed", type=int, default=None)
    sub.add_argument("--bot", default="greedy", help="random or greedy")
    sub.add_argument("--side", help="The Amazing Journey: regular or fast")
    sub.add_argument("--edition", help="Timeless Journeys: en or ja")
    sub.add_argument("--mode", help="Timeless Journeys: how travellers are chosen")
    sub.add_argument("--option", action="append", help="any other game option, key=value")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except KitError as error:
        print(f"kit: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
