"""Running a tournament: who sits where in each game, and the games shipped to an executor.

A game is a `Match`: the game's name and options, its seed, and for every seat the entrant's
label and its bot (a name of the game's `BOTS`, or a bot factory). `play_match` turns it into a
`GameResult` in whatever process receives it; every random choice follows the match's seed (the
game's chance and each bot's own generator), so where a match is played cannot change its result.
"""

from __future__ import annotations

import collections
import inspect
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from typing import Any, cast

import kit
from kit.core import limits, pools
from kit.core.bots import BotFactory, play
from kit.core.errors import KitError, shown
from kit.core.progress import Progress
from kit.core.rng import check_seeds, rng_for
from kit.core.state import Action, Game, State, ranking
from kit.tournament.report import Failure, GameResult, Tournament

SEATINGS = ("rotate", "fixed", "random")
"""How entrants sit: `rotate` moves every entrant one seat on each game (each sits in every seat
equally often over a multiple of the players' number of games), `fixed` keeps the order given,
`random` shuffles the seats of each game by the tournament's seed."""


Choose = Callable[[State], Action]
Entrant = str | BotFactory | Choose
"""An entrant's bot: a name of the game's `BOTS`, a factory `(seed, player) -> bot`, or a
plain function `choose(state) -> action` (a callable with one required argument)."""


@dataclass(frozen=True)
class FunctionBot:
    """A plain function `choose(state) -> action` as a bot, the same in every seat: its own
    factory (a module's function travels to a worker by name)."""

    choose: Choose

    def __call__(self, seed: int | None, player: int) -> FunctionBot:
        return self


def _is_choose(bot: Callable[..., Any]) -> bool:
    """Whether a callable is a `choose(state)` function rather than a bot factory: it needs
    exactly one argument (a factory takes the seed and the seat, or has defaults for both)."""
    try:
        parameters = inspect.signature(bot).parameters.values()
    except (TypeError, ValueError):  # no signature to read (a builtin): taken as a factory
        return False
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in parameters if p.kind in positional and p.default is p.empty]
    return len(required) == 1


def _as_factory(bot: Entrant) -> str | BotFactory:
    """A name or a factory as given; a `choose(state)` function as a `FunctionBot`."""
    if callable(bot) and _is_choose(bot):
        return FunctionBot(cast(Choose, bot))
    return cast(str | BotFactory, bot)


@dataclass(frozen=True)
class Match:
    """One game of a tournament, as it travels to a worker: plain data and the bots to build."""

    index: int
    game: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[str, ...]  # the entrant's label in each seat
    bots: tuple[str | BotFactory, ...]  # the bot of each seat: a name of the game's BOTS, or one


def play_match(match: Match) -> GameResult:
    """Play one match to the end and report it (a top-level function, so that a pool of
    processes or a Dask worker can call it)."""
    game = kit.load(match.game, **{**match.options, "seed": match.seed})
    registry = kit.game_module(match.game).BOTS
    bots = [
        (registry[bot] if isinstance(bot, str) else bot)(match.seed, seat)
        for seat, bot in enumerate(match.bots)
    ]
    final = play(game.new_game(), bots)
    sheets = final.scores()
    return GameResult(
        index=match.index,
        seed=match.seed,
        seats=match.seats,
        scores=tuple(sheet.total for sheet in sheets),
        ranks=tuple(ranking(sheets)),
        lengths=tuple(final.lengths()),
        actions=len(final.history),
        save=final.to_json(),
    )


def tournament(
    game: Game | str,
    bots: Sequence[str] | Mapping[str, Entrant],
    *,
    games: int = 100,
    seats: str = "rotate",
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Tournament:
    """Play `games` games between `bots` and report them.

    `game` is a game (its options are kept, its seed replaced by each game's) or a game's name
    (then it is loaded with one player per bot). `bots` are names of the game's `BOTS` (a name
    given twice enters twice: "greedy" and "greedy 2"), or a mapping from labels to such names,
    to bot factories `(seed, player) -> bot`, or to plain functions `choose(state) -> action`.
    Game `i` has seed `seed + i`, so a tournament is the same on any executor: a given one, else
    a pool of `workers` processes (one per core by default; `workers=1` plays in this process,
    where bots defined in a notebook always work). With an executor given, `workers` is how
    many workers it has (two batches of games each are in flight at a time; by default this
    machine's cores).

    Ctrl-C (or interrupting the kernel) stops it: the report holds the games finished by then
    and says it was interrupted."""
    _check(games, seats, seed, executor, progress)
    if workers is not None:
        workers = limits.workers(workers, cap=executor is None)  # a cluster's are its own
    entrants = _entrants(bots)
    played = _game(game, len(entrants))
    registry = kit.game_module(played.name).BOTS
    for label, bot in entrants.items():
        if isinstance(bot, str) and bot not in registry:
            raise KitError(
                f"unknown bot {shown(bot)} for {label!r}; {played.name} has {', '.join(registry)}"
            )
    labels = tuple(entrants)
    try:
        matches = [_match(played, labels, entrants, seats, seed, index) for index in range(games)]
        outcomes, interrupted = _run(matches, executor, workers, progress)
    except KeyboardInterrupt:  # before the games began
        outcomes, interrupted = [], True
    outcomes.sort(key=lambda outcome: outcome.index)
    options = {key: value for key, value in played.options.items() if key != "seed"}
    return Tournament(
        game=played.name,
        options=options,
        entrants=labels,
        results=tuple(o for o in outcomes if isinstance(o, GameResult)),
        interrupted=interrupted,
        unit=type(played.new_game()).LENGTH_UNIT,
        failures=tuple(o for o in outcomes if isinstance(o, Failure)),
    )


MOST_GAMES = 1_000_000
"""The most games one tournament may play (the games' list is made up front)."""


def _check(games: object, seats: object, seed: object, executor: object, progress: object) -> None:
    """`KitError` naming the first of `tournament`'s arguments that is not what it may be."""
    if not limits.whole(games) or not 1 <= cast(int, games) <= MOST_GAMES:
        raise KitError(
            f"the number of games must be a whole number from 1 to {MOST_GAMES}, not {shown(games)}"
        )
    if not isinstance(seats, str) or seats not in SEATINGS:
        raise KitError(f"unknown seating {shown(seats)}; choose {', '.join(SEATINGS)}")
    check_seeds(seed, cast(int, games))
    if executor is not None and not isinstance(executor, Executor):
        raise KitError(
            f"the executor must be a concurrent.futures.Executor (a process pool, a Dask "
            f"client's executor), not {shown(executor)}"
        )
    if progress is not None and not callable(progress):
        raise KitError(f"progress must be called with (done, total, text), not {shown(progress)}")


def _entrants(bots: Sequence[str] | Mapping[str, Entrant]) -> dict[str, str | BotFactory]:
    """Each entrant's label and bot (a function `choose(state)` made a factory); a name listed
    again gets a number ("greedy 2")."""
    entrants: dict[str, str | BotFactory]
    if isinstance(bots, Mapping):
        entrants = {label: _as_factory(bot) for label, bot in bots.items()}
    elif isinstance(bots, str) or not isinstance(bots, Sequence):
        raise KitError(f"bots must be a list of bot names or a mapping, not {shown(bots)}")
    else:
        entrants = {}
        for name in bots:
            if not isinstance(name, str):
                raise KitError(f"a bot of the list must be a name, not {shown(name)}")
            label, copy = name, 1
            while label in entrants:
                copy += 1
                label = f"{name} {copy}"
            entrants[label] = name
    if len(entrants) < 2:
        raise KitError(f"a tournament needs at least two bots, not {len(entrants)}")
    for label, bot in entrants.items():
        if not isinstance(bot, str) and not callable(bot):
            raise KitError(
                f"the bot of {label!r} must be a name, a factory or a function, not {shown(bot)}"
            )
    return entrants


def _game(game: Game | str, players: int) -> Game:
    if isinstance(game, Game):
        if game.num_players != players:
            raise KitError(
                f"{players} bots for a game of {game.num_players} players: give one bot per "
                "seat (a bot may be listed more than once)"
            )
        return game
    if not isinstance(game, str):
        raise KitError(f"the game must be a game or its name, not {shown(game)}")
    return kit.load(game, players=players)


def _match(
    game: Game,
    labels: tuple[str, ...],
    entrants: Mapping[str, str | BotFactory],
    seats: str,
    seed: int,
    index: int,
) -> Match:
    """Match `index`: entrant order by the seating, seed `seed + index`."""
    players = len(labels)
    if seats == "rotate":
        order = [labels[(seat + index) % players] for seat in range(players)]
    elif seats == "random":
        order = list(labels)
        rng_for(seed, "tournament-seats", index).shuffle(order)
    else:
        order = list(labels)
    options = {key: value for key, value in game.options.items() if key != "seed"}
    return Match(
        index, game.name, options, seed + index, tuple(order), tuple(entrants[e] for e in order)
    )


Outcome = GameResult | Failure


BATCH_SECONDS = 1.0
"""The work aimed at in one batch once a game's time is known: a cluster's cost per task (a
few milliseconds each way) stays small beside it, and progress still moves."""


def play_batch(batch: Sequence[Match]) -> tuple[list[Outcome], float]:
    """Play a few matches in a row (one task of an executor: fewer round trips on a cluster),
    and say how long a game took there: the mean of those after the first (a worker's first
    game also loads the game's content), else the first's; a match that fails is reported as
    such and the others are still played."""
    outcomes, times = [], []
    for match in batch:
        start = time.perf_counter()
        outcomes.append(_outcome(match))
        times.append(time.perf_counter() - start)
    warm = times[1:] or times
    return outcomes, sum(warm) / len(warm)


def _outcome(match: Match) -> Outcome:
    """The match's result, or its failure with the error (a bot's bug)."""
    try:
        return play_match(match)
    except Exception as error:  # a bot's error: reported, the other games go on
        return Failure(match.index, match.seed, match.seats, f"{type(error).__name__}: {error}")


def _batch_size(game_seconds: float | None, left: int, workers: int) -> int:
    """How many matches the next batch takes: two while no game's time is known, then about
    BATCH_SECONDS of play, but no more than a share of what is left that gives every worker two
    batches more (so that the cores stay busy to the end)."""
    if game_seconds is None:
        return min(2, left)
    by_time = int(BATCH_SECONDS / max(game_seconds, 1e-6))
    return max(1, min(by_time, left // (2 * workers)))


def _run(
    matches: list[Match],
    executor: Executor | None,
    workers: int | None,
    progress: Progress | None,
) -> tuple[list[Outcome], bool]:
    """Every match's outcome (those finished, if Ctrl-C came first) and whether it came: its
    result, or what went wrong (a bot's error, a worker lost), which loses no other game.

    The first batches are of two games each; the time the workers measure sizes the next ones
    (a four-week game takes milliseconds, a four-player ISMCTS game of Timeless Journeys half a
    minute). An executor is given two batches per worker at a time (a long tournament does not
    queue all its games up front): a pool's processes, or for an executor given, `workers` (by
    default this machine's cores; say a cluster's size). Which games go together changes nothing
    in their results."""
    workers = workers or limits.cores()
    if executor is None and workers == 1:
        return _run_here(matches, progress)
    own = executor is None
    pool = executor or pools.process_pool(workers)
    waiting = collections.deque(matches)
    game_seconds: float | None = None
    results: list[Outcome] = []
    running: dict[Future[tuple[list[Outcome], float]], tuple[Match, ...]] = {}

    def submit(count: int) -> None:
        for _ in range(count):
            if not waiting:
                return
            size = _batch_size(game_seconds, len(waiting), workers)
            batch = tuple(waiting.popleft() for _ in range(min(size, len(waiting))))
            running[pool.submit(play_batch, batch)] = batch

    def ship(stop: threading.Event) -> None:
        nonlocal game_seconds
        submit(2 * workers)
        while running and not stop.is_set():
            done, _ = wait(running, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                batch = running.pop(future)
                outcomes, seconds = _batch_outcomes(batch, future)
                if seconds is not None:
                    game_seconds = seconds
                results.extend(outcomes)
                _report(progress, len(results), len(matches))
            submit(len(done))

    stop = threading.Event()
    try:
        with pools.stops_set(stop):
            ship(stop)
    except KeyboardInterrupt:  # raised by a progress report (Ctrl-C in a notebook's bar)
        stop.set()
    finally:  # games still in flight (stopped, or an error): a pool of our own is ended now
        for future in running:
            future.cancel()
        if own:
            pools.close(pool, at_once=bool(running))
    return results, stop.is_set()


POLL_SECONDS = 0.1
"""How often the loop waiting on the executor looks whether Ctrl-C came."""


def _batch_outcomes(
    batch: tuple[Match, ...], future: Future[tuple[list[Outcome], float]]
) -> tuple[list[Outcome], float | None]:
    """A finished batch's outcomes and time a game; if its worker was lost, each of its
    matches failed so (and there is no time)."""
    try:
        return future.result()
    except Exception as error:
        why = f"{type(error).__name__}: {error}"
        return [Failure(match.index, match.seed, match.seats, why) for match in batch], None


def _run_here(matches: list[Match], progress: Progress | None) -> tuple[list[Outcome], bool]:
    results: list[Outcome] = []
    try:
        for match in matches:
            results.append(_outcome(match))
            _report(progress, len(results), len(matches))
    except KeyboardInterrupt:
        return results, True
    return results, False


def _report(progress: Callable[..., None] | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total, f"{done} of {total} games")
