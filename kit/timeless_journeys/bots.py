"""A greedy bot: judges each choice by the position it leads to once the bot has finished the
sub-decisions that choice opens (the chain, the steps of each card), each made greedily too;
and ISMCTS, which deals again what a player cannot see: the face-down Exploration tiles of the
cities and which of another player's cards lie face down."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from kit.core.frames import Frame
from kit.core.mcts import ISMCTSBot
from kit.core.rng import rng_for
from kit.timeless_journeys import scoring
from kit.timeless_journeys.actions import Choice
from kit.timeless_journeys.content import Content
from kit.timeless_journeys.effects import TILE_SLOT
from kit.timeless_journeys.phases import HandLimit, Turn, face_down_class
from kit.timeless_journeys.state import TimelessState

LOOKAHEAD = 12  # most sub-decisions finished before judging a choice


def position_value(state: TimelessState, player: int) -> float:
    """VP now and at the end, plus a little for the means of scoring more later."""
    return lasting_value(state, player) + changing_value(state, player)


def lasting_value(state: TimelessState, player: int) -> float:
    """The part of the value that few actions change: VP, Journals, Ideas, Friends, and the
    Experience tokens and Letter markers placed (a term for each part of the state, `LASTING`)."""
    return sum(term(state, player) for term in LASTING.values())


def _vp(state: TimelessState, player: int) -> float:
    return state.vp[player]


def _ideas(state: TimelessState, player: int) -> float:
    return 0.6 * sum(state.ideas[player])


def _friends(state: TimelessState, player: int) -> float:
    return 0.5 * len(state.friends[player])


def _experience(state: TimelessState, player: int) -> float:
    return 1.5 * (len(state.content.rules.experience_tokens) - len(state.exp[player]))


def _letters(state: TimelessState, player: int) -> float:
    return 0.5 * (state.content.rules.letter_markers - state.letters_left(player))


LASTING: dict[str, Callable[[TimelessState, int], float]] = {
    "vp": _vp,
    "written": scoring.journals,
    "ideas": _ideas,
    "friends": _friends,
    "exp": _experience,
    "letters": _letters,
}
"""The terms of `lasting_value`, each by the one part of the state it reads."""


def changing_value(state: TimelessState, player: int) -> float:
    """The part of the value that nearly every action changes: the Exploration tiles, the
    Advanced cards held (which also count what their conditions name) and the coins."""
    value = scoring.exploration(state, player) + scoring.advanced_cards(state, player)
    return value + 0.3 * state.coins[player]


class GreedyBot:
    """Tries every legal action on a copy and keeps the best (ties broken at random).

    The copies are trials (`TimelessState.trial`: no history, the parts an action rarely reads
    copied only when it does) on which the actions are applied by `_apply`, as they come from
    `legal_actions`: the engine's check of each is not needed; each is judged through its
    `look`, which copies nothing more. A follow-up question is answered on the copy its best
    answer was tried on, and its last answer is tried on the copy being finished, which is
    not needed afterwards.

    Two kinds of choice are judged more cheaply, for the same choices: the cards played face
    down that are the same play (`phases.face_down_class`) are tried once, the first with the
    face-down card's choices standing for the others; and a discard down to the hand limit is
    judged by the position right after it (the next discard is a choice of its own), where
    trying each with the discards after it tried each discard again."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "greedy-bot", player)
        self.player = player
        self.line: list[tuple[Frame, Choice]] = []  # the judged line's answers still to come
        # the position judged, its lasting value and the terms of it
        self.origin: tuple[TimelessState, float, dict[str, float]] | None = None

    def choose(self, state: TimelessState) -> Choice:
        actions: tuple[Choice, ...] = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.line:
            question, answer = self.line.pop(0)
            if question == state.stack[-1] and answer in actions:
                return answer
            self.line = []
        deep = not isinstance(state.stack[-1], HandLimit)
        self.origin = None  # the position may have changed since the last judgement
        action, _, self.line = self._best(state, actions, deep)
        return action

    def _value(self, trial: TimelessState) -> float:
        """`position_value` of a trial: the terms of its lasting part are the origin's, worked
        out once per judgement, except those of the parts the trial has copied (read or
        changed), which are read on the trial itself without copying any other."""
        own = trial.__dict__
        origin = own.get("_origin")
        if origin is None:
            return position_value(trial, self.player)
        if self.origin is None or self.origin[0] is not origin:
            terms = {part: term(origin, self.player) for part, term in LASTING.items()}
            self.origin = origin, sum(terms.values()), terms
        value = changing_value(trial, self.player)
        if LASTING.keys().isdisjoint(own.keys()):  # keys: the six looked up, not all read
            return self.origin[1] + value
        terms = self.origin[2]
        for part, term in LASTING.items():
            value += term(trial, self.player) if part in own else terms[part]
        return value

    def _best(
        self, state: TimelessState, actions: Sequence[Choice], deep: bool, spare: bool = False
    ) -> tuple[Choice, TimelessState, list[tuple[Frame, Choice]]]:
        """The best action with the position it leads to and, with `deep`, the answers given
        on the way; `spare`: `state` is a trial no longer needed, on which the last action is
        tried. With `deep`, a face-down play takes the value (and the position) of the first
        of its class."""
        best: list[tuple[Choice, TimelessState, list[tuple[Frame, Choice]]]] = []
        best_value: float | None = None
        judged: dict[str, tuple[float, TimelessState, list[tuple[Frame, Choice]]]] = {}
        last = len(actions) - 1
        for index, action in enumerate(actions):
            alike = face_down_class(state, action) if deep else None
            if alike in judged:
                value, trial, line = judged[alike]
            else:
                trial = state if spare and index == last else state.trial()
                trial._apply(action)
                line = []
                if deep:
                    trial = self._finish(trial, line)
                value = self._value(trial)
                if alike is not None:
                    judged[alike] = value, trial, line
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [(action, trial, line)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((action, trial, line))
        return self.rng.choice(best)

    def _finish(self, trial: TimelessState, line: list[tuple[Frame, Choice]]) -> TimelessState:
        """Answer the bot's own follow-up questions one step greedily, up to the turn's end,
        each answer added to `line`; the position reached."""
        for _ in range(LOOKAHEAD):
            if trial.current_player != self.player or isinstance(trial.stack[-1], Turn):
                break
            actions = trial.legal_actions()
            if len(actions) == 1:
                trial._apply(actions[0])
            else:
                question = trial.stack[-1]
                action, trial, _ = self._best(trial, actions, False, spare=True)
                line.append((question, action))
        return trial


def determinize(state: TimelessState, player: int, rng: random.Random) -> TimelessState:
    """A copy where what `player` cannot see is dealt again: each city's face-down tiles from
    that city's tiles nobody holds (a city whose tiles the player is looking at, in an
    exploration, keeps them), and each other player's face-down cards from their cards."""
    world = state.clone()
    content = world.content
    seen = {t for q in range(world.num_players) for t in world.tiles[q] + world.used[q]}
    seen |= {str(slots[TILE_SLOT]) for journals in world.written for slots in journals}
    shown = {
        arg
        for action in state.legal_actions()
        for arg in action.args
        if isinstance(arg, str) and arg in content.tiles
    }
    for city, tiles in world.city_tiles.items():
        if tiles and shown.isdisjoint(tiles):
            candidates = [t for t in _tiles_of(content)[city] if t not in seen]
            world.city_tiles[city] = sorted(rng.sample(candidates, len(tiles)))
    for other in range(world.num_players):
        down = [i for i, (_, up) in enumerate(world.played[other]) if not up]
        if other != player and down:
            cards = sorted(world.hand[other] + [world.played[other][i][0] for i in down])
            rng.shuffle(cards)
            for i in down:
                world.played[other][i] = (cards.pop(), False)
            world.hand[other] = sorted(cards)
    return world


@cache
def _tiles_of(content: Content) -> dict[str, list[str]]:
    """Each city's Exploration tiles, in a fixed order."""
    found: dict[str, list[str]] = {city: [] for city in content.cities}
    for tile in sorted(content.tiles):
        found[content.tiles[tile].city].append(tile)
    return found


class MctsBot(ISMCTSBot):
    """ISMCTS with short random playouts, positions valued as the greedy bot does."""

    determinize = determinize
    value = position_value
    depth = 10
    scale = 5.0
