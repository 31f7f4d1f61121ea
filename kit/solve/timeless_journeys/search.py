"""The primal search: the pilot method over whole turns, played in the engine itself.

A turn of Timeless Journeys is many atomic decisions (the card, face up or down, which cards of
the chain and in which order, every choice inside them, the tiles used); a round's end is a few
more (the travellers' rewards, the market pick, the hand limit). The search works a stage (a
turn, or a round's end) at a time: from a position at a stage's start it enumerates every
position the stage can end in, answering each question in every legal way (`turn_ends`),
positions reached twice by different orders counted once. A stage whose answers grow past
`TURN_NODES` positions has its unexplored positions finished greedily, one question at a time.

`Search.run` is the pilot method with the kit's greedy bot as the pilot: it starts from the
best of a few greedy games; then, stage after stage along the best game seen so far, it plays
the best few ends of the stage (by `evaluate`) on to the end of the game with the greedy bot,
keeps any better game, and moves on along the best game. A pass can only keep or better the
best game; passes go on with twice the candidates while time is left, and stop once a pass has
played on every end of every stage it met. Passes of a second kind free only the last `FREED`
rounds of the best game (a large neighbourhood of it): they take as much of the time as the
passes over the whole game, and so reach many more candidates on the stages where the scores
are made (`benchmarks/RESULTS.md`: on the standard puzzles they bettered three plans of ten
within the same minute and worsened none).

Every position is an engine state and every step an engine action, so a plan the search finds is
legal by construction; the replay checks its score. The search proves nothing: a stage end that
only pays off through choices the greedy bot would not make may be judged too low."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.solve.plan import past
from kit.solve.timeless_journeys.puzzle import Puzzle
from kit.timeless_journeys import scoring
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.phases import Turn
from kit.timeless_journeys.state import TimelessState

TURN_NODES = 3000
"""Positions one turn's enumeration may make before it finishes the rest greedily."""

FREED = 2
"""The rounds at the game's end the search's late passes free (the rest of the best game kept
as it is): round IV and V's twelve stages, against the thirty of the game."""

CANDIDATES = 6
"""The ends of a stage the first pass plays on to the end (each later pass doubles them)."""

FIRST_GAMES = 3
"""Greedy games from the puzzle's start the search begins with (the best is kept)."""

OnGame = Callable[[int, float], None]
"""Called with the score and the seconds elapsed each time the search finds a better game."""


class OutOfTime(Exception):
    """The search's deadline has passed."""


class Stopped(KeyboardInterrupt):
    """Ctrl-C during the search: `best` is the final state of the best game found (or None)."""

    def __init__(self, best: TimelessState | None) -> None:
        super().__init__()
        self.best = best


def position_key(state: TimelessState) -> tuple[Any, ...]:
    """What tells two positions of a solo game apart, cheaply: the player's area, the board's
    changing parts and what is left to do this round (the top of the stack and its height).
    The decks are left out (in a solo game they change only by the reveals, the same for every
    plan). Two positions wrongly taken for one would only cost the search a position, never
    make a plan illegal: every plan is the engine's own game."""
    return (
        state.round, state.phase, state.loc[0], state.coins[0], state.vp[0],
        tuple(state.ideas[0]), tuple(state.hand[0]), tuple(state.played[0]),
        tuple(state.tiles[0]), tuple(state.used[0]), tuple(state.friends[0]),
        tuple(tuple(slots) for slots in state.written[0]), tuple(state.exp[0]),
        tuple(state.paintings[0]), tuple(map(tuple, state.market)),
        tuple(tuple(m) for m in state.letters.values()),
        tuple(tuple(map(tuple, d)) for d in state.cafes.values()),
        tuple(map(tuple, state.gazette)), tuple(state.friend.items()),
        tuple(tuple(t) for t in state.city_tiles.values()), tuple(state.revealed),
        tuple(state.bonus_taken), tuple(state.box), state.advanced_played[0],
        state.dickens_used, len(state.stack), tuple(state.stack[-6:]),
    )  # fmt: skip


def stage(state: TimelessState) -> int:
    """How far the game has come, in stages: each turn of a round, then the round's end (the
    travellers' rewards, the market pick, the hand limit); the end of the game after all."""
    rules = state.content.rules
    per_round = rules.plays_per_round + 1
    if state.is_terminal:
        return rules.rounds * per_round
    if state.phase != "Action":
        return state.round * per_round + rules.plays_per_round
    return state.round * per_round + len(state.played[0])


def at_stage_start(state: TimelessState) -> bool:
    """Whether the player is to play a card, or to answer the first question of a round's
    end (or the game is over)."""
    if state.is_terminal or state.phase != "Action":
        return True
    top = state.stack[-1]
    return isinstance(top, Turn) and not top.started


def position_at(puzzle: Puzzle, history: Sequence[str], target: int) -> TimelessState:
    """The position a game of `puzzle` (its action names from the puzzle's start) reaches at
    the start of stage `target`; `ValueError` if it never does."""
    state = puzzle.state()
    for name in history:
        if at_stage_start(state) and not state.is_chance_node and stage(state) == target:
            return state
        state.apply(name)
    raise ValueError(f"the game never reaches stage {target}")


def final_score(state: TimelessState) -> int:
    """The score sheet's total if the game ended now (`scoring.total`)."""
    return scoring.total(state, 0)


IDEA, COIN, LETTER = 0.6, 0.3, 0.5
"""What `evaluate` counts, on top of the score, for an Idea token held, a coin and a Letter
marker placed, at the game's start (less as the game goes on: at the end, nothing)."""


def evaluate(state: TimelessState) -> float:
    """A position's worth to the search: its score if the game ended now, and a little for the
    means of scoring more later; at the end, the score itself."""
    score = final_score(state)
    if state.is_terminal:
        return score
    rules = state.content.rules
    share = 1 - stage(state) / (rules.rounds * (rules.plays_per_round + 1))
    letters = rules.letter_markers - state.letters_left(0)
    means = IDEA * sum(state.ideas[0]) + COIN * state.coins[0] + LETTER * letters
    return score + share * means


@dataclass
class Search:
    """The search on a puzzle (see the module's docstring)."""

    puzzle: Puzzle
    turn_nodes: int = TURN_NODES
    seed: int = 0
    """Which greedy games the search starts from and plays on with (searches of different
    seeds, on different workers, take different ways)."""

    def turn_ends(
        self, state: TimelessState, deadline: float = float("inf")
    ) -> list[TimelessState]:
        """Every position the stage begun in `state` (a turn, or a round's end) can end in
        (the start of the next stage or the end of the game), each once."""
        puzzle, start = self.puzzle, stage(state)
        seen: set[tuple[Any, ...]] = set()
        ends: list[TimelessState] = []
        todo = [state]
        made = 0
        while todo:
            here = todo.pop()
            if past(deadline):
                raise OutOfTime
            if made >= self.turn_nodes:
                ends.append(self._finish(here, start))
                continue
            for action in here.legal_actions():
                child = here.clone()
                child.apply(action)
                puzzle.advance(child)
                made += 1
                key = position_key(child)
                if key in seen:
                    continue
                seen.add(key)
                if at_stage_start(child) and stage(child) > start:
                    ends.append(child)
                else:
                    todo.append(child)
        return ends

    def _finish(self, state: TimelessState, start: int) -> TimelessState:
        """The stage finished greedily: each question answered by the best one-step position."""
        while not (at_stage_start(state) and stage(state) > start):
            options = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                self.puzzle.advance(child)
                options.append(child)
            state = max(options, key=evaluate)
        return state

    def rollout(
        self, state: TimelessState, seed: int = 1, deadline: float = float("inf")
    ) -> TimelessState:
        """The greedy bot's game from `state` to the end (its ties broken by `seed`);
        `OutOfTime` once the deadline has passed."""
        state = state.clone()
        bot = GreedyBot(seed, 0)
        while not state.is_terminal:
            if past(deadline):
                raise OutOfTime
            if state.is_chance_node:
                self.puzzle.advance(state)
            else:
                state.apply(bot.choose(state))
        return state

    def run(
        self, time_limit: float, on_game: OnGame | None = None, candidates: int = CANDIDATES
    ) -> TimelessState:
        """The best final state found within `time_limit` seconds (see `search`); Ctrl-C
        raises `Stopped` with the best one found so far."""
        found: list[TimelessState] = []

        def better(final: TimelessState, elapsed: float) -> None:
            found.append(final)
            if on_game is not None:
                on_game(final_score(final), elapsed)

        try:
            return self._pilot(time_limit, better, candidates)
        except KeyboardInterrupt:
            raise Stopped(found[-1] if found else None) from None

    def _pilot(
        self,
        time_limit: float,
        on_game: Callable[[TimelessState, float], None],
        candidates: int,
    ) -> TimelessState:
        """The best final state found within `time_limit` seconds by the pilot method: from
        the best of a few greedy games, passes (`_pass`) from the game's start and passes that
        free only the last `FREED` rounds of the best game, each kind with twice the
        candidates of its last pass; the kind that has taken less time so far goes next.
        The search ends once a pass from the start has played on every end it met (a wider
        one would play the same games), or at the deadline."""
        began = time.perf_counter()
        deadline = began + time_limit
        found = [
            max(
                (
                    self.rollout(self.puzzle.state(), self.seed * FIRST_GAMES + g)
                    for g in range(1, FIRST_GAMES + 1)
                ),
                key=final_score,
            )
        ]

        def better(final: TimelessState) -> None:
            found.append(final)
            on_game(final, time.perf_counter() - began)

        on_game(found[0], time.perf_counter() - began)
        rules = found[0].content.rules
        late = (rules.rounds - FREED) * (rules.plays_per_round + 1)
        origins = [0] if late <= stage(self.puzzle.state()) else [0, late]
        width = dict.fromkeys(origins, candidates)
        spent = dict.fromkeys(origins, 0.0)
        try:
            while 0 in width and not past(deadline):
                origin = min(width, key=lambda o: (spent[o], o))
                started = time.perf_counter()
                if self._pass(origin, width[origin], found[-1], deadline, better):
                    del width[origin]  # a wider pass from there would play the same games
                    continue
                spent[origin] += time.perf_counter() - started
                width[origin] *= 2
        except OutOfTime:
            pass
        return found[-1]

    def _pass(
        self,
        origin: int,
        width: int,
        best: TimelessState,
        deadline: float,
        better: Callable[[TimelessState], None],
    ) -> bool:
        """One pass of the pilot method along `best` from its position at stage `origin`:
        stage after stage, the `width` best ends of the stage (by `evaluate`) are each played
        on to the end by the greedy bot, each better game is given to `better` and kept, and
        the next stage starts from the best game's position there. Whether the pass played
        on every end of every stage it met; `OutOfTime` at the deadline."""
        here = self.puzzle.state()
        while stage(here) < origin and not here.is_terminal:
            here = self.along(here, best)
        every = True
        while not here.is_terminal:
            ends = self.turn_ends(here, deadline)
            ends.sort(key=evaluate, reverse=True)
            every = every and len(ends) <= width
            for end in ends[:width]:
                final = self.rollout(end, self.seed + 1, deadline)
                if final_score(final) > final_score(best):
                    best = final
                    better(best)
            here = self.along(here, best)
        return every

    def along(self, state: TimelessState, game: TimelessState) -> TimelessState:
        """The position at the start of the next stage on the way `game` took from `state`
        (one of its positions)."""
        state = state.clone()
        start = stage(state)
        for action in game.history[len(state.history) :]:
            state.apply(action)
            if at_stage_start(state) and not state.is_chance_node and stage(state) > start:
                break
        return state
