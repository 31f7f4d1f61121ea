"""A Grand Tour in progress as the player to move sees it: the position the five-round planner
plans from when it advises a player of any game (`observed`).

The planner plans for player 0 of a game where nobody else moves. A game in progress becomes
one in three ways, each keeping to what the player to move may see:

- Seats: the player to move takes seat 0, the others follow in the order of play (the
  colours turn round with them, as the Ideas card gives the genre of its owner's colour).
- The others stand still (`Frozen`): their markers, Letter and Café markers, Gazette tokens,
  tiles, Friends, Journals and Paintings stay where they are, so they still take room and
  still count in the majorities; but they play no more cards and answer no more questions
  (each of their questions passes, as a question without an answer does), and their hands
  and play areas leave the game unread, face-down cards with them.
- What the player cannot see is dealt again by a seed from what they have not seen: each
  market level's deck from that level's cards out of sight (the deck, the others' hands and
  face-down cards hold them, in some way the player does not know), and each city's
  face-down Exploration tiles, with the others' used (face-down) tiles of that city, from
  the city's tiles out of sight. A city whose tiles the player is looking at (exploring it
  now) keeps them.

Two positions that differ only in what the player cannot see (another hand, the decks'
order, a face-down tile) become the same position, so the advice cannot depend on it."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from functools import cache

from kit.core import KitError
from kit.core.frames import Frame
from kit.core.rng import rng_for
from kit.solve.position import mover_of
from kit.timeless_journeys.content import Content
from kit.timeless_journeys.effects import TILE_SLOT
from kit.timeless_journeys.state import TimelessState

SEATED = (
    "loc", "coins", "vp", "ideas", "hand", "played", "tiles", "used", "friends", "journals",
    "written", "exp", "paintings", "advanced_played",
)  # fmt: skip
"""The state's lists indexed by seat."""


class Frozen(TimelessState):
    """A game where only player 0 still moves: a question of another player passes at once,
    as a question without any possible answer does (what the others would gain without a
    choice, such as a traveller's VP, they still gain)."""

    def _advance(self) -> None:
        super()._advance()
        while self.current_player > 0:
            self.stack.pop()
            super()._advance()


def observed(state: TimelessState, seed: int) -> Frozen:
    """The position of `state` as its player to move sees it, that player in seat 0 and the
    others standing still (see the module's docstring); what is out of sight is dealt by
    `seed`. `KitError` when no player is to move."""
    mover = mover_of(state)
    seen = state.clone()
    rng = rng_for(seed, "five-rounds-observed")  # its first name: the same guesses as ever
    decks = _decks(seen, mover, rng)
    tiles = _tiles(seen, mover, rng)
    world = object.__new__(Frozen)
    world.__dict__ = seen.__dict__
    _turn_seats(world, mover)
    for other in range(1, world.num_players):
        world.hand[other], world.played[other] = [], []
    world.deck = decks
    for city, pool in tiles.items():
        _deal_tiles(world, city, pool)
    world.history, world.fixed = [], []
    world._legal_cache = world._sampled = None
    world._advance()
    return world


def _decks(state: TimelessState, mover: int, rng: random.Random) -> list[list[str]]:
    """Each market level's deck as the player to move can know it: as many cards as it holds,
    drawn by `rng` from that level's cards out of the player's sight."""
    content = state.content
    sight = Counter(
        [c for shown in (*state.market, *state.bottom) for c in shown]
        + state.box
        + state.hand[mover]
        + [card for card, _ in state.played[mover]]
        + [card for p, area in enumerate(state.played) if p != mover for card, up in area if up]
    )
    decks = []
    for level, cards in enumerate(content.decks):
        unseen = sorted((Counter(cards) - sight).elements())
        size = len(state.deck[level])
        if len(unseen) < size:  # pragma: no cover - every card is somewhere
            raise KitError(f"the Level {level + 1} cards do not add up")
        decks.append(sorted(rng.sample(unseen, size)))
    return decks


def _tiles(state: TimelessState, mover: int, rng: random.Random) -> dict[str, list[str]]:
    """Each city's tiles out of the player's sight (face down in the city, or used and face
    down in another's area), shuffled by `rng`: those for the city's face-down places first,
    then those for the others' used tiles, seat by seat. A city the player is exploring (its
    tiles named by the choices) keeps its face-down tiles."""
    content = state.content
    looking = {
        arg
        for action in state.legal_actions()
        for arg in action.args
        if isinstance(arg, str) and arg in content.tiles
    }
    sight = set(state.tiles[mover])
    for other, tiles in enumerate(state.tiles):
        if other != mover:
            sight.update(t for t in tiles if t not in state.used[other])  # face up until used
    dealt = {}
    for city, there in state.city_tiles.items():
        unseen = sorted(t for t in content.cities[city].tiles if t not in sight)
        shown = there if looking.intersection(there) else []
        rest = [t for t in unseen if t not in shown]
        rng.shuffle(rest)
        dealt[city] = [*shown, *rest]
    return dealt


def _deal_tiles(world: TimelessState, city: str, pool: list[str]) -> None:
    """Lay `pool` out as the city's face-down tiles, then as the others' used tiles of that
    city (in their areas and Journals), seat by seat."""
    size = len(world.city_tiles[city])
    world.city_tiles[city] = sorted(pool[:size])
    rest = iter(pool[size:])
    tiles = world.content.tiles
    for other in range(1, world.num_players):
        for old in [t for t in world.used[other] if tiles[t].city == city]:
            new = next(rest)
            world.tiles[other] = [new if t == old else t for t in world.tiles[other]]
            world.used[other] = [new if t == old else t for t in world.used[other]]
            for slots in world.written[other]:
                if slots[TILE_SLOT] == old:
                    slots[TILE_SLOT] = new


def _turn_seats(world: TimelessState, mover: int) -> None:
    """Turn the seats round so that `mover` sits in seat 0: every list by seat, the first
    player, the markers and tokens on the board, the questions due and the colours."""
    players = world.num_players

    def seat(old: int) -> int:
        return (old - mover) % players if old >= 0 else old

    for name in SEATED:
        rows = getattr(world, name)
        rows[:] = [rows[(mover + k) % players] for k in range(players)]
    world.first = seat(world.first)
    world.bonus_taken = [seat(p) for p in world.bonus_taken]
    world.letters = {c: [(seat(p), side) for p, side in m] for c, m in world.letters.items()}
    world.cafes = {c: [[seat(p) for p in d] for d in ds] for c, ds in world.cafes.items()}
    world.gazette = [[(r, s, seat(p), kind) for r, s, p, kind in col] for col in world.gazette]
    world.stack = [_reseated(frame, seat) for frame in world.stack]
    world.content = _seated_content(world.content, mover, players)


def _reseated(frame: Frame, seat: Callable[[int], int]) -> Frame:
    """A frame of the stack with its player in the new seats (frames never change: a new one);
    a frame of nobody's, or of chance, as it is."""
    player = getattr(frame, "player", None)
    if player is None or player < 0:
        return frame
    return dataclasses.replace(frame, player=seat(player))  # type: ignore[type-var]


@cache
def _seated_content(content: Content, mover: int, players: int) -> Content:
    """The game's content with the colours turned round as the seats are (made once a seat)."""
    if mover == 0:
        return content
    colours = list(content.colours)
    colours[:players] = [content.colours[(mover + k) % players] for k in range(players)]
    return dataclasses.replace(content, colours=tuple(colours))
