"""The scenario builder: a game's setup with chance outcomes fixed by name, then a position
reached by real actions. Tests, lessons and puzzles build positions with it, never by writing a
state's fields.

    game = kit.load("timeless_journeys", players=2, mode="chosen",
                    travellers=["goethe", "Lord Byron", "twain"], seed=3)
    state = setup(
        game,
        side="A",
        travellers=["Lord Byron", "goethe", "twain"],   # the portraits from the left
        favours={"Torino": "FT04"},
        tiles={"Torino": ["Torino-1", "Torino-3"]},
        journals=[["A1", "B1"], ["A2", "B2"]],
        market=[["12", "04"], ["17"], []],
        actions=["play the Movement card face up", "activate the Movement card",
                 "move to Milano for 1 coin"],
    )

Every fixed outcome is an ordinary chance action of the history, recorded in `state.fixed`
where it is not the seed's own pick, so the position saves and loads like any other. What is
not given is picked by the game's seed among the outcomes left free (a tile given to a city
later is never dealt elsewhere first). Travellers and cards may be named by id or by name
("goethe" or "Goethe"; "12" or "card 12")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from kit.core import IllegalAction, KitError
from kit.core.options import name, name_list, name_lists, name_table
from kit.timeless_journeys.actions import Choice, roman
from kit.timeless_journeys.content import LOCALS, Content
from kit.timeless_journeys.draws import (
    FavourDraw,
    FriendDraw,
    JournalDeal,
    MarketReveal,
    PaintingReveal,
    PortraitDraw,
    SetDraw,
    SideDraw,
    TileDraw,
    TravellerDraw,
)
from kit.timeless_journeys.game import traveller_ids

if TYPE_CHECKING:
    from kit.timeless_journeys.game import TimelessJourneys
    from kit.timeless_journeys.state import TimelessState


def setup(
    game: TimelessJourneys,
    *,
    side: str | None = None,
    travellers: Sequence[str] | None = None,
    friends: Mapping[str, str] | None = None,
    favours: Mapping[str, str] | None = None,
    tiles: Mapping[str, Sequence[str]] | None = None,
    journals: Sequence[Sequence[str]] | None = None,
    market: Sequence[Sequence[str]] | None = None,
    paintings: Sequence[str] = (),
    actions: Iterable[str] = (),
) -> TimelessState:
    """The state after the setup, with these chance outcomes fixed, then `actions` (action
    names, chance outcomes among them where a later draw is to be fixed) followed as
    `State.follow` does.

    `side`: the Gazette side. `travellers`: the three Famous Travellers in portrait order, left
    to right (they must be the game's own if its options fix them). `friends`: city -> "left" or
    "right", the local offering that city's Friend tile. `favours`: city -> Favour tile id.
    `tiles`: city -> its face-down Exploration tiles. `journals`: per player, the Journals of
    stacks A and B. `market`: per level, the first display. `paintings`: Le Brun's Paintings
    revealed in round I (English edition). A wish the rules cannot grant raises
    `IllegalAction` naming it; a name that is nothing of the game raises `KitError`."""
    content = game.content
    market = [] if market is None else market
    wishes = _Wishes(
        content,
        None if side is None else name(side, "side"),
        None if travellers is None else traveller_ids(content, name_list(travellers, "travellers")),
        name_table({} if friends is None else friends, "friends", name),
        name_table({} if favours is None else favours, "favours", name),
        name_table({} if tiles is None else tiles, "tiles", name_list),
        name_lists([] if journals is None else journals, "journals"),
        [[_card_id(content, c) for c in level] for level in name_lists(market, "market")],
        name_list(paintings, "paintings"),
    )
    state = game.new_game()
    while state.is_chance_node and state.phase == "setup" or _first_reveals(state):
        draw = state.stack[-1]
        outcomes = state.legal_actions()
        wanted = wishes.outcome(state, draw, outcomes)
        if wanted is None:
            free = [o for o in outcomes if not wishes.reserved(draw, o)]
            wanted = state.seeded_outcome(among=free or outcomes)
        state.apply(wanted)
    wishes.check_all_granted()
    state.follow(actions)
    return state


def _first_reveals(state: TimelessState) -> bool:
    """Le Brun's Paintings revealed as round I begins, before the first turn."""
    return (
        state.is_chance_node
        and isinstance(state.stack[-1], PaintingReveal)
        and not any(state.played)
        and state.round == 0
    )


def _card_id(content: Content, name: str) -> str:
    for card in content.advanced.values():
        if name in (card.id, card.name):
            return card.id
    raise KitError(f"{name!r} is not an Advanced card of the game")


class _Wishes:
    """The outcomes a scenario asks for, consumed as their draws come."""

    def __init__(
        self,
        content: Content,
        side: str | None,
        travellers: tuple[str, ...] | None,
        friends: dict[str, str],
        favours: dict[str, str],
        tiles: dict[str, list[str]],
        journals: list[list[str]],
        market: list[list[str]],
        paintings: list[str],
    ) -> None:
        for city in [*friends, *favours, *tiles]:
            if city not in content.cities:
                raise KitError(f"{city!r} is not a city of the game")
        for city, local in friends.items():
            if local not in LOCALS:
                raise KitError(f"the Friend tile of {city}: {local!r} is not 'left' or 'right'")
        self.side, self.travellers = side, travellers
        self.friends, self.favours, self.tiles = friends, favours, tiles
        self.journals = [list(pair) for pair in journals]
        self.market, self.paintings = market, paintings
        self.traveller_draws = list(travellers or ())

    def outcome(
        self, state: TimelessState, draw: object, outcomes: Sequence[Choice]
    ) -> Choice | None:
        """The outcome asked for at this draw, or None to leave it to the seed."""
        content = state.content
        if isinstance(draw, SideDraw) and self.side is not None:
            return _find(outcomes, (self.side,), f"Gazette side {self.side!r}")
        if isinstance(draw, SetDraw) and self.travellers:
            period = content.travellers[self.travellers[0]].set
            return _find(outcomes, (period,), f"historical set {period}")
        if isinstance(draw, TravellerDraw) and self.traveller_draws:
            wanted = next((t for t in self.traveller_draws if t not in state.picked), None)
            if wanted is not None:
                return _find(outcomes, (wanted,), f"traveller {wanted!r}")
        if isinstance(draw, PortraitDraw) and self.travellers:
            return _find(
                outcomes,
                (self.travellers,),
                f"the travellers {', '.join(self.travellers)} (the game has {state.picked})",
            )
        if isinstance(draw, FriendDraw) and self.friends:
            city, local = next(iter(self.friends.items()))
            del self.friends[city]
            return _find(outcomes, (city, LOCALS.index(local)), f"a Friend tile for {city}")
        if isinstance(draw, FavourDraw) and draw.city in self.favours:
            favour = self.favours.pop(draw.city)
            return _find(outcomes, (draw.city, favour), f"Favour tile {favour!r} in {draw.city}")
        if isinstance(draw, TileDraw) and self.tiles.get(draw.city):
            tile = self.tiles[draw.city].pop(0)
            return _find(outcomes, (draw.city, tile), f"Exploration tile {tile!r} in {draw.city}")
        if isinstance(draw, JournalDeal) and draw.receiver < len(self.journals):
            pair = self.journals[draw.receiver]
            if pair:
                journal = pair.pop(0)
                return _find(
                    outcomes,
                    (draw.receiver, journal),
                    f"Journal {journal!r} of stack {draw.stack} for player {draw.receiver}",
                )
        if isinstance(draw, MarketReveal) and draw.level < len(self.market):
            level = self.market[draw.level]
            if level:
                card = level.pop(0)
                return _find(
                    outcomes, (draw.level, card), f"card {card} at Level {roman(draw.level)}"
                )
        if isinstance(draw, PaintingReveal) and self.paintings:
            painting = self.paintings.pop(0)
            return _find(outcomes, (painting,), f"a {painting} painting")
        return None

    def reserved(self, draw: object, outcome: Choice) -> bool:
        """Whether the seed must leave `outcome` alone: it is asked for at a later draw."""
        args = outcome.args
        if isinstance(draw, FriendDraw):
            return args[0] in self.friends
        if isinstance(draw, FavourDraw):
            return args[1] in self.favours.values()
        if isinstance(draw, TileDraw):
            return args[1] in self.tiles.get(draw.city, ())
        if isinstance(draw, JournalDeal):
            return any(args[1] in pair for pair in self.journals)
        if isinstance(draw, MarketReveal):
            return any(args[1] in level for level in self.market)
        return False

    def check_all_granted(self) -> None:
        """Wishes no draw took: more than the setup deals (an extra tile, a second market)."""
        left = [
            *(f"a Friend tile for {city}" for city in self.friends),
            *(f"Exploration tile {t}" for ids in self.tiles.values() for t in ids),
            *(f"Journal {j}" for pair in self.journals for j in pair),
            *(f"card {c}" for level in self.market for c in level),
            *(f"a {p} painting" for p in self.paintings),
        ]
        if left:
            raise IllegalAction(
                f"the fixed setup cannot be made: the setup never draws {', '.join(left)}"
            )


def _find(outcomes: Sequence[Choice], args: tuple[object, ...], wish: str) -> Choice:
    for outcome in outcomes:
        if outcome.args[-len(args) :] == args:
            return outcome
    raise IllegalAction(f"the fixed setup cannot be made: {wish} is not possible here")
