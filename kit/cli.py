"""The `kit` command: demo, play, simulate, tournament, solve and bench, the same way for every
game.

Each game's flags (`--players`, `--side`, `--edition`, `--travellers`, `--content`, ...) are made
from its declared `OPTIONS` and read by the same checks as `kit.load` and saved games, so the
three can never disagree. A bad argument is one line `kit: ...` and exit status 2; Ctrl-C stops
the work, shows what was done (a simulation's statistics, a planner's best plan, where a game was
saved) and exits with status 130."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from types import ModuleType
from typing import Any

import kit
import kit.solve
from kit.core import CHANCE, Game, IllegalAction, KitError, Option, State, ranking
from kit.core.bench import engine_speed
from kit.core.bots import Bot, simulate
from kit.core.commands import (
    EXIT_INTERRUPTED,
    ArgumentParser,
    UsageError,
    count,
    option_type,
    run,
    seed,
    stopped_by,
    whole,
)
from kit.core.errors import shown
from kit.core.files import FileWriteError, write_file
from kit.core.progress import TqdmProgress
from kit.core.rng import seed_from_text
from kit.core.state import MAX_SAVE_BYTES

GAME_COMMANDS = ("play", "simulate", "tournament", "bench")
DEFAULT_BOT = "greedy"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `kit` command with `argv` (default: the process's arguments); the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    return run(lambda: _dispatch(arguments))


def _dispatch(arguments: list[str]) -> int:
    command = next((word for word in arguments if not word.startswith("-")), None)
    args = parser(command).parse_args(arguments)
    status: int = args.run(args)
    return status


# --- game options on the command line --------------------------------------------------------
def _metavar(option: Option) -> str:
    if option.choices:
        return "{" + ",".join(option.choices) + "}"
    return "N" if option.parse in (int, seed_from_text) else option.name.upper()


def _option_help(option: Option) -> str:
    default = option.default
    given = f" (default {shown(default)})" if default not in (None, [], ()) else ""
    return (option.help + given).replace("%", "%%")


def _games_epilog(command: str) -> str:
    """Every game with its options, for `kit <command> --help`."""
    rows = [f"games and their options (`kit {command} GAME --help` explains each):"]
    for key in kit.GAMES:
        flags = [f"{o.flag} {_metavar(o)}" for o in kit.game_class(key).OPTIONS]
        line = f"{key.replace('_', '-')}: " + "  ".join([*flags, "--option KEY=VALUE"])
        rows.append(textwrap.fill(line, 98, initial_indent="  ", subsequent_indent="      "))
    return "\n".join(rows)


def _add_games(
    command: argparse.ArgumentParser,
    flags: Callable[[argparse.ArgumentParser, ModuleType], None],
    *,
    required: bool,
) -> None:
    """One sub-parser per game under `command`, with that game's option flags and the
    command's own `flags`; the chosen game's registry name lands in `args.game`."""
    games = command.add_subparsers(dest="game_given", metavar="GAME", required=required)
    for key in kit.GAMES:
        cls = kit.game_class(key)
        sub = games.add_parser(
            key.replace("_", "-"), aliases=[key], help=cls.title, description=cls.title
        )
        sub.set_defaults(game=key)
        group = sub.add_argument_group("game options (the same as kit.load's)")
        for option in cls.OPTIONS:
            group.add_argument(
                option.flag,
                dest=f"option:{option.name}",
                type=option_type(option),
                default=argparse.SUPPRESS,
                metavar=_metavar(option),
                help=_option_help(option),
            )
        group.add_argument(
            "--option",
            action="append",
            default=argparse.SUPPRESS,
            metavar="KEY=VALUE",
            help="a game option by its name, for example --option players=3",
        )
        flags(sub, kit.game_module(key))


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (the game keeps its defaults for the rest)."""
    spec = {option.name: option for option in kit.game_class(args.game).OPTIONS}
    options: dict[str, Any] = {}
    for item in getattr(args, "option", []):
        key, equals, text = item.partition("=")
        key = key.strip().replace("-", "_")
        if not equals:
            raise UsageError(f"argument --option: expected KEY=VALUE, got {shown(item)}")
        if key not in spec:
            raise UsageError(
                f"argument --option: unknown option {shown(key)}; the options of "
                f"{args.game} are {', '.join(spec)}"
            )
        try:
            options[key] = option_type(spec[key])(text)
        except argparse.ArgumentTypeError as error:
            raise UsageError(f"argument --option {key}: {error}") from None
    for dest, value in vars(args).items():
        if dest.startswith("option:"):
            name = dest.removeprefix("option:")
            if name in options:
                raise UsageError(f"option {name!r} is given twice: {spec[name].flag} and --option")
            options[name] = value
    return options


def _bot_flag(sub: argparse.ArgumentParser, module: ModuleType) -> None:
    bots = list(module.BOTS)
    sub.add_argument(
        "--bot",
        choices=bots,
        default=argparse.SUPPRESS,
        help=f"the bots' kind: {', '.join(bots)} (default {DEFAULT_BOT})",
    )


def _bot(module: ModuleType, args: argparse.Namespace) -> Callable[[int | None, int], Bot]:
    name = getattr(args, "bot", DEFAULT_BOT)
    if name not in module.BOTS:
        raise UsageError(
            f"argument --bot: unknown bot {shown(name)}; choose {', '.join(module.BOTS)}"
        )
    factory: Callable[[int | None, int], Bot] = module.BOTS[name]
    return factory


# --- demo -------------------------------------------------------------------------------------
def cmd_demo(args: argparse.Namespace) -> int:
    """The main job on the built-in reference board."""
    from kit import demo

    demo.main(seed=args.seed, out=sys.stdout)
    return 0


# --- simulate ---------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    module = kit.game_module(args.game)
    game: Game = module.load(**_game_options(args))
    bots = [_bot(module, args)] * game.num_players
    games = getattr(args, "games", 100)
    bar = TqdmProgress(f"{args.game}: {games} games")
    try:
        result = simulate(game, bots, games, first_seed=game.seed or 0, progress=bar)
    finally:
        bar.close()
    print(result)
    return EXIT_INTERRUPTED if result.interrupted else 0


def _simulate_flags(sub: argparse.ArgumentParser, module: ModuleType) -> None:
    sub.add_argument(
        "--games", type=count, default=argparse.SUPPRESS, metavar="N", help="how many (default 100)"
    )
    _bot_flag(sub, module)


# --- tournament -------------------------------------------------------------------------------
def cmd_tournament(args: argparse.Namespace) -> int:
    """Every bot in every seat; the win-rate, head-to-head and rating tables, and a plot."""
    from kit.tournament import tournament

    module = kit.game_module(args.game)
    names = [name.strip() for name in args.bots.split(",")]
    unknown = [name for name in names if name not in module.BOTS]
    if unknown:
        raise UsageError(
            f"argument --bots: unknown bot {shown(unknown[0])}; "
            f"choose among {', '.join(module.BOTS)}"
        )
    options = {"players": len(names), **_game_options(args)}
    game: Game = module.load(**options)
    games = args.games
    plot = _plot_file(args.plot) if args.plot is not None else None
    with contextlib.ExitStack() as stack:
        executor = stack.enter_context(_cluster(args.scheduler)) if args.scheduler else None
        bar = TqdmProgress(f"{args.game}: {games} games")
        stack.callback(bar.close)
        result = tournament(
            game,
            names,
            games=games,
            seats=args.seats,
            seed=game.seed or 0,
            executor=executor,
            workers=args.workers,
            progress=bar,
        )
    print(result)
    if plot is not None and not result.results:
        print(f"no plot saved to {plot}: no game was finished")
    elif plot is not None:
        print(f"plot saved to {result.plot().save(plot)}")
    return EXIT_INTERRUPTED if result.interrupted else 0


def _plot_file(text: str) -> Path:
    """The file `--plot` asks for, checked before the games start (`plot_file`)."""
    from kit.tournament.chart import plot_file

    try:
        return plot_file(text)
    except KitError as error:
        raise UsageError(f"argument --plot: {error}") from None


@contextlib.contextmanager
def _cluster(address: str) -> Iterator[Executor]:
    """The executor of the Dask scheduler at `address` (the `cluster` extra)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            'argument --scheduler: Dask is not installed; pip install -e ".[cluster]"'
        ) from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:
        raise KitError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        yield client.get_executor()  # type: ignore[no-untyped-call]


def _tournament_flags(sub: argparse.ArgumentParser, module: ModuleType) -> None:
    sub.add_argument(
        "--bots",
        default="random,greedy",
        metavar="A,B,...",
        help=f"the entrants among {', '.join(module.BOTS)}, one per seat; a name given twice "
        "enters twice (default random,greedy)",
    )
    sub.add_argument("--games", type=count, default=100, metavar="N", help="how many (default 100)")
    sub.add_argument(
        "--seats",
        choices=("rotate", "fixed", "random"),
        default="rotate",
        help="rotate: each bot in every seat in turn (default); fixed; random",
    )
    sub.add_argument(
        "--workers",
        type=count,
        default=None,
        metavar="N",
        help="processes playing the games (default one per core; 1 plays here)",
    )
    sub.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="play the games on this Dask cluster (the cluster extra) instead of local processes",
    )
    sub.add_argument(
        "--plot",
        metavar="FILE",
        help="save the score and rating plot (PNG, SVG…; .png is added to a name without "
        "an extension)",
    )


# --- play -------------------------------------------------------------------------------------
UNDO, SAVE, QUIT = "undo", "save", "quit"
HELP = (
    "Type the number of an action or its name; u = undo your last decision, "
    "s = save and stop, q = quit, ? = list the actions again"
)


def cmd_play(args: argparse.Namespace) -> int:
    """A game at the terminal against bots: a new one, or a saved one with --load."""
    load = getattr(args, "load", None)
    if load is not None and getattr(args, "game", None) is not None:
        raise UsageError("argument --load: give a game or --load FILE, not both")
    if load is not None:
        state = _read_save(load)
    elif getattr(args, "game", None) is not None:
        state = kit.game_module(args.game).load(**_game_options(args)).new_game()
    else:
        games = ", ".join(key.replace("_", "-") for key in kit.GAMES)
        raise UsageError(f"play: give a game ({games}) or --load FILE")
    module = kit.game_module(state.game.name)
    players = state.num_players
    seat = getattr(args, "seat", 0)
    if not 0 <= seat < players:
        seats = "the only seat is 0" if players == 1 else f"the seats are 0 to {players - 1}"
        raise UsageError(f"argument --seat: {seat} is not a seat of this game; {seats}")
    bot = _bot(module, args)
    bots = {other: bot(state.game.seed, other) for other in range(players) if other != seat}
    bot_name = getattr(args, "bot", DEFAULT_BOT)
    return _play(state, seat, bots, bot_name)


def _read_save(file: str) -> State:
    try:
        with Path(file).open("rb") as handle:
            text = handle.read(MAX_SAVE_BYTES + 1)  # more is refused as too long
    except OSError as error:
        raise KitError(f"{file}: cannot be read: {error.strerror or error}") from None
    try:
        return kit.load_json(text)
    except KitError as error:
        raise KitError(f"{file}: {error}") from None


def _play(state: State, seat: int, bots: dict[int, Bot], bot_name: str) -> int:
    others = len(bots)
    company = f"; the other {others} player(s) are {bot_name} bots" if others else " alone"
    print(f"{state.game.title}: you are player {seat}{company}. {HELP}.")
    if state.fixed:
        print(f"This game has {state.hand_fixed()}.")
    try:
        while not state.is_terminal:
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance())
            elif player != seat:
                action = bots[player].choose(state)
                print(f"player {player} ({bot_name} bot): {state.told(action, seat)}")
                state.apply(action)
            else:
                choice = _ask(state, seat)
                if choice == QUIT:
                    return 0
                if choice == SAVE:
                    if _say_saved(state, seat, "stopped"):
                        return 0
                    print("the game goes on: free some space and s again, or q to quit")
                    continue
                if choice == UNDO:
                    earlier = _before_last_decision(state, seat)
                    if earlier is None:
                        print("nothing to undo: you have not decided anything yet")
                    else:
                        state = earlier
                    continue
                state.apply(choice)
    except KeyboardInterrupt:
        print()
        try:
            _say_saved(state, seat, f"stopped by {stopped_by()}")
        except KeyboardInterrupt:  # the save is written whole or not at all: here, not at all
            print(f"stopped again by {stopped_by()} while saving: the game was not saved")
        return EXIT_INTERRUPTED
    _final_scores(state, seat)
    return 0


def _ask(state: State, seat: int) -> Any:
    """The action the player at the terminal chooses, or UNDO, SAVE or QUIT; anything else typed
    gets a plain answer and the question again."""
    describe = getattr(state, "describe", None)
    print(describe(seat) if callable(describe) else state)
    actions = state.legal_actions()
    _list(actions)
    while True:
        try:
            answer = input(f"player {seat} (you)> ").strip()
        except EOFError:
            print()
            return QUIT
        if answer in ("?", "help", "h"):
            _list(actions)
            print(HELP)
        elif answer in ("q", "quit"):
            return QUIT
        elif answer in ("s", "save"):
            return SAVE
        elif answer in ("u", "undo"):
            return UNDO
        elif not answer:
            print(f"type a number from 0 to {len(actions) - 1}, or ? for help")
        elif _is_number(answer):
            number = int(answer)
            if 0 <= number < len(actions):
                return actions[number]
            print(
                f"there is no action {number}: choose from 0 to {len(actions) - 1} (? lists them)"
            )
        else:
            try:
                return state.action_named(answer)
            except IllegalAction as error:
                print(f"not possible: {error} (? lists the actions)")


def _is_number(text: str) -> bool:
    return text.lstrip("+-").isdecimal() and len(text) < 20


def _list(actions: Iterable[Any]) -> None:
    for index, action in enumerate(actions):
        print(f"  {index:>3}  {action}")


def _before_last_decision(state: State, seat: int) -> State | None:
    """The position at `seat`'s previous decision (taking back the bots' moves and chance
    since), or None when that player has not decided anything yet."""
    replay = state.game.new_game()
    last = None
    for index, action in enumerate(state.history):
        if replay.current_player == seat:
            last = index
        replay.apply(action)
    return None if last is None else state.game.replay(state.history[:last])


def _say_saved(state: State, seat: int, why: str) -> bool:
    """Save `state` and say where and how to go on, or say why it could not be saved; whether
    it was saved."""
    try:
        path = save_game(state)
    except FileWriteError as error:
        print(f"{why}; the game could not be saved: {error}")
        return False
    print(f"{why}; the game is saved in {path}: go on with `kit play --load {path} --seat {seat}`")
    return True


def save_game(state: State, folder: Path | str = ".") -> Path:
    """Save `state` as JSON in `folder`, in a new file named after the game and the time
    (`kit-four-weeks-20250101-183000.json`); `kit play --load FILE` or `kit.load_json` reads
    it. The save is rebuilt from the history alone, so a game interrupted in the middle of a
    move is saved as it was before that move. It is written atomically (`write_file`): a save
    that cannot be written raises `FileWriteError` naming the file and why, and leaves no file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = f"kit-{state.game.name.replace('_', '-')}-{stamp}"
    path = Path(folder) / f"{stem}.json"
    number = 2
    while path.exists():
        path, number = Path(folder) / f"{stem}-{number}.json", number + 1
    text = state.game.replay(list(state.history)).to_json()
    return write_file(path, text)


def _final_scores(state: State, seat: int) -> None:
    sheets = state.scores()
    print("\nThe game is over. Score sheets:")
    for sheet in sheets:
        print(sheet)
    print("Ranking:")
    for place, sheet in sorted(zip(ranking(sheets), sheets, strict=True), key=lambda p: p[0]):
        you = " (you)" if sheet.player == seat else ""
        name = "" if sheet.name == f"player {sheet.player}" else f", {sheet.name}"
        print(f"  {place}. player {sheet.player}{you}{name}: {sheet.total}")


def _play_flags(sub: argparse.ArgumentParser, module: ModuleType | None = None) -> None:
    sub.add_argument(
        "--seat",
        type=whole,
        default=argparse.SUPPRESS,
        metavar="N",
        help="your seat (default 0, the first)",
    )
    if module is None:
        sub.add_argument("--bot", default=argparse.SUPPRESS, help="the bots' kind (default greedy)")
    else:
        _bot_flag(sub, module)


# --- solve ------------------------------------------------------------------------------------
def planners() -> dict[str, str]:
    """Every planner's module by its command-line name: each game's, in the order of the games'
    records (`kit.GAMES`), then orienteering's."""
    paths = [*(game.planner for game in kit.GAMES.values()), "kit.solve.orienteering"]
    return {path.rpartition(".")[2].replace("_", "-"): path for path in paths}


def _planner(name: str) -> ModuleType:
    path = planners().get(name.replace("_", "-"))
    if path is None:
        raise UsageError(f"unknown planner {shown(name)}; the planners are {', '.join(planners())}")
    return importlib.import_module(path)


def _planners_epilog() -> str:
    rows = ["planners (`kit solve PLANNER --help` gives each one's arguments):"]
    for name in planners():
        rows.append(f"  {name:<18} {(_planner(name).__doc__ or '').strip().splitlines()[0]}")
    return "\n".join(rows)


def cmd_solve(args: argparse.Namespace) -> int:
    if args.planner is None:
        raise UsageError(f"solve: give a planner: {', '.join(planners())}")
    status: int = _planner(args.planner).main(args.rest)
    return status


# --- bench ------------------------------------------------------------------------------------
def cmd_bench(args: argparse.Namespace) -> int:
    games = getattr(args, "count", 100)
    if getattr(args, "game", None) is None:
        chosen = [kit.load(key, players=4) for key in kit.GAMES]
    else:
        chosen = [kit.load(args.game, **{"players": 4, **_game_options(args)})]
    for game in chosen:
        print(engine_speed(game, games=games), flush=True)
    return 0


def _bench_flags(sub: argparse.ArgumentParser, module: ModuleType | None = None) -> None:
    sub.add_argument(
        "--count",
        type=count,
        default=argparse.SUPPRESS,
        metavar="N",
        help="games of each game (default 100)",
    )


# --- the parser ---------------------------------------------------------------------------------
class _Parser(ArgumentParser):
    """A command's parser whose help ends with a text made only when help is asked for (the
    games' options, the planners), so that running a command loads no more than it needs."""

    epilog_from: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.epilog_from is not None:
            self.epilog = self.epilog_from()
        return super().format_help()


def parser(command: str | None = None) -> ArgumentParser:
    """The `kit` command's parser. The games' option flags are read from the games (each loaded
    once) only when `command` is play, simulate or bench."""
    top = ArgumentParser(
        prog="kit",
        description="Learn, play and solve three travel board games, the same way for each.",
        epilog="`kit COMMAND --help` gives a command's arguments and every game's options.",
    )
    commands = top.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )

    def add(
        name: str,
        help_text: str,
        epilog: Callable[[], str] | None = None,
        description: str | None = None,
    ) -> _Parser:
        sub: _Parser = commands.add_parser(
            name,
            help=help_text,
            description=description or help_text,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.epilog_from = epilog
        return sub

    demo = add("demo", "the main job on the built-in reference board")
    demo.add_argument("--seed", type=seed, default=1, help="(default 1)")
    demo.set_defaults(run=cmd_demo)

    play = add(
        "play",
        "play in the terminal against bots (? = help, u = undo, s = save, q = quit)",
        lambda: _games_epilog("play"),
    )
    play.add_argument("--load", metavar="FILE", help="go on with a saved game")
    _play_flags(play)
    play.set_defaults(run=cmd_play, game=None)

    sim = add(
        "simulate",
        "bot games with a progress bar and score statistics",
        lambda: _games_epilog("simulate"),
    )
    sim.set_defaults(run=cmd_simulate)

    match = add(
        "tournament",
        "bots against each other in every seat: win rates, ratings and a plot",
        lambda: _games_epilog("tournament"),
    )
    match.set_defaults(run=cmd_tournament)

    solve = add(
        "solve",
        "run a planner (`kit solve --help` lists them)",
        _planners_epilog,
        "run a planner of kit.solve with its own arguments",
    )
    solve.add_argument("planner", nargs="?", help="the planner's name")
    solve.add_argument("rest", nargs=argparse.REMAINDER, help="the planner's own arguments")
    solve.set_defaults(run=cmd_solve)

    bench = add(
        "bench",
        "engine speed of random games (every game, or one with its options)",
        lambda: _games_epilog("bench"),
    )
    _bench_flags(bench)
    bench.set_defaults(run=cmd_bench, game=None)

    if command in GAME_COMMANDS:
        _add_games(play, _play_flags, required=False)
        _add_games(sim, _simulate_flags, required=True)
        _add_games(match, _tournament_flags, required=True)
        _add_games(bench, _bench_flags, required=False)
    return top


if __name__ == "__main__":
    sys.exit(main())
