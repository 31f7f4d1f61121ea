"""The primal search: a beam search over whole turns, played in the engine itself.

A turn of Timeless Journeys is many atomic decisions (the card, face up or down, which cards of
the chain and in which order, every choice inside them, the tiles used, and at a round's end the
travellers' rewards, the market pick and the hand limit). The search works a turn at a time:
from a position at the start of a turn it enumerates every position the turn can end in,
answering each question in every legal way (`turn_ends`), positions reached twice by different
orders counted once. Of all the turn ends of the beam's positions it keeps the `width` best by
`evaluate`, and goes on to the next turn, until the game is over. A turn whose answers grow past
`TURN_NODES` positions (the end of a round multiplies the market pick by the hand limit and the
travellers' rewards) has its unexplored positions finished greedily, one question at a time.

Every position is an engine state and every step an engine action, so a plan the search finds is
legal by construction; the replay checks its score. `Search.run` repeats the beam with a wider
beam (1, 2, 4, ...) while time is left and keeps the best game.

What the search leaves out, and why it cannot prove anything: it judges a turn's end by
`evaluate` (the VP won, the final scoring as it stands, and a little for Ideas, coins, Friends,
Experience tokens and Letter markers not yet turned into VP), so a turn that only pays later (a
café discussion prepared over two rounds) may fall out of a narrow beam."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kit.solve.five_rounds.puzzle import Puzzle
from kit.timeless_journeys import scoring, travellers
from kit.timeless_journeys.phases import Turn
from kit.timeless_journeys.state import TimelessState

TURN_NODES = 3000
"""Positions one turn's enumeration may make before it finishes the rest greedily."""

IDEA, COIN, LETTER = 0.6, 0.3, 0.5
"""What `evaluate` counts for an Idea token held, a coin and a Letter marker placed."""

OnGame = Callable[[int, float], None]
"""Called with the score and the seconds elapsed each time the search finds a better game."""


class OutOfTime(Exception):
    """The search's deadline has passed."""


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


def final_score(state: TimelessState) -> int:
    """The score sheet's total if the game ended now (the cards played this round counted in
    hand, as they come back before the final scoring)."""
    return (
        state.vp[0] + scoring.exploration(state, 0) + scoring.journals(state, 0)
        + scoring.advanced_cards(state, 0) + scoring.affinities(state, 0)
        + scoring.majorities(state)[0] + travellers.lebrun_score(state, 0)
    )  # fmt: skip


@dataclass(frozen=True)
class Weights:
    """What `evaluate` counts, on top of the score, for an Idea token held, a coin and a Letter
    marker placed, at the game's start; `fading` makes them count less as the game goes on (at
    the end they are worth nothing unless turned into VP)."""

    idea: float = 0.6
    coin: float = 0.3
    letter: float = 0.5
    fading: bool = True


PORTFOLIO = (Weights(), Weights(0.3, 0.15, 0.3, False), Weights(1.0, 0.5, 1.0))
"""The evaluations the search's beams take in turn: no single one is best on every puzzle."""


def evaluate(state: TimelessState, weights: Weights = PORTFOLIO[0]) -> float:
    """A position's worth to the search: its score if the game ended now, and a little for the
    means of scoring more later; at the end, the score itself."""
    score = final_score(state)
    if state.is_terminal:
        return score
    rules = state.content.rules
    share = 1 - stage(state) / (rules.rounds * (rules.plays_per_round + 1)) if weights.fading else 1
    letters = rules.letter_markers - state.letters_left(0)
    means = weights.idea * sum(state.ideas[0]) + weights.coin * state.coins[0]
    return score + share * (means + weights.letter * letters)


@dataclass
class Search:
    """The beam search on a puzzle (see the module's docstring)."""

    puzzle: Puzzle
    turn_nodes: int = TURN_NODES

    def turn_ends(
        self, state: TimelessState, deadline: float = float("inf"), weights: Weights = PORTFOLIO[0]
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
            if made >= self.turn_nodes:
                ends.append(self._finish(here, start, weights))
                continue
            if time.perf_counter() > deadline:
                raise OutOfTime
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

    def _finish(self, state: TimelessState, start: int, weights: Weights) -> TimelessState:
        """The stage finished greedily: each question answered by the best one-step position."""
        while not (at_stage_start(state) and stage(state) > start):
            options = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                self.puzzle.advance(child)
                options.append(child)
            state = max(options, key=lambda option: evaluate(option, weights))
        return state

    def beam(
        self, width: int, weights: Weights = PORTFOLIO[0], deadline: float = float("inf")
    ) -> TimelessState:
        """The final state of the best game a beam of `width` positions per stage finds."""
        layer = [self.puzzle.state()]
        while not all(s.is_terminal for s in layer):
            ends: dict[tuple[Any, ...], TimelessState] = {}
            for state in layer:
                for end in self.turn_ends(state, deadline, weights):
                    ends.setdefault(position_key(end), end)
            layer = sorted(ends.values(), key=lambda e: evaluate(e, weights), reverse=True)
            layer = layer[:width]
        return max(layer, key=final_score)

    def run(self, time_limit: float, on_game: OnGame | None = None) -> TimelessState:
        """The best final state found within `time_limit` seconds: a beam of width 1 with each
        evaluation of the portfolio (the first always finished), then ever wider beams, each
        width sized by the time the last beam took and the time left, while one can finish."""
        began = time.perf_counter()
        deadline = began + time_limit
        best: TimelessState | None = None
        width, took = 1, 0.0
        while True:
            for weights in PORTFOLIO:
                start = time.perf_counter()
                try:
                    final = self.beam(width, weights, deadline if best else float("inf"))
                except OutOfTime:
                    assert best is not None
                    return best
                took = max(took, time.perf_counter() - start)
                if best is None or final_score(final) > final_score(best):
                    best = final
                    if on_game is not None:
                        on_game(final_score(best), time.perf_counter() - began)
            left = deadline - time.perf_counter()
            if left <= 0 and best is not None:
                return best
            width = max(width + 1, int(width * left / len(PORTFOLIO) / max(took, 1e-3)))
            took = 0.0
