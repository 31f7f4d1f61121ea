"""A position of Timeless Journeys and the rules that move it on.

Everything the game still has to do is a stack of frames (`kit.core.frames`): the rounds, the
turns, a chain of cards, an effect's alternatives, one step's question, a chance draw. A `Task`
frame does its work at once; a `Question` frame (see `actions.py`) asks its player and is answered
by one action; a `Draw` is a chance event. `StackState._advance` runs tasks until a question has a
possible answer, so every action is one atomic choice, a chain of actions resolves card by card in
the order the player picks, and any effect can be declined. Frames never change, so a clone
shares them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from kit.core import CHANCE, TERMINAL, ScoreSheet
from kit.core.frames import Frame, StackState
from kit.timeless_journeys import phases, scoring, travellers
from kit.timeless_journeys.actions import Choice, roman
from kit.timeless_journeys.content import LOCALS, Content, Edition, Effect, Step
from kit.timeless_journeys.effects import FRIEND_SLOT, TILE_SLOT

if TYPE_CHECKING:
    from kit.timeless_journeys.game import TimelessJourneys


class TimelessState(StackState):
    """One position: the board, the players' areas, the market and the stack of what is due.

    `where` maps the ability (`rule`) of each traveller in play to its city this round."""

    CACHES = StackState.CACHES | {"content", "edition", "_origin"}
    game: TimelessJourneys

    def __init__(self, game: TimelessJourneys) -> None:
        super().__init__(game)
        content, players = game.content, game.num_players
        self.content: Content = content  # the game's, kept at hand: rules code reads it a lot
        self.edition: Edition = game.edition
        rules = content.rules
        genres = len(rules.genres)
        self.round = 0
        self.phase = "setup"
        self.first = 0
        self.side: str = game.options.get("gazette") or ""
        self.picked: list[str] = list(game.chosen_travellers)
        self.travellers: list[str] = []
        self.where: dict[str, str] = {}
        self.favour: dict[str, str] = {}
        self.friend: dict[str, int] = {}
        self.city_tiles: dict[str, list[str]] = {c: [] for c in content.cities}
        self.letters: dict[str, list[tuple[int, int]]] = {c: [] for c in content.cities}
        self.cafes: dict[str, list[list[int]]] = {
            c: [[] for _ in city.cafes] for c, city in content.cities.items()
        }
        self.gazette: list[list[tuple[int, int, int, str]]] = [[] for _ in range(rules.travellers)]
        self.bonus_taken: list[int] = []
        levels = range(1, rules.levels + 1)
        self.market: list[list[str]] = [[] for _ in levels]
        self.deck: list[list[str]] = [list(deck) for deck in content.decks]
        self.bottom: list[list[str]] = [[] for _ in levels]
        self.box: list[str] = []  # the cards out of the game, sorted: their order means nothing
        self.loc = [content.start] * players
        self.coins = list(rules.starting_coins[players - 1])
        self.vp = [0] * players
        self.ideas = [[0] * genres for _ in range(players)]
        self.supply = [rules.ideas_per_genre] * genres
        seventh = set(game.options.get("without_seventh") or ())
        self.hand = [
            sorted(c for c in content.basic if not (c == "move2" and p in seventh))
            for p in range(players)
        ]
        self.played: list[list[tuple[str, bool]]] = [[] for _ in range(players)]
        self.tiles: list[list[str]] = [[] for _ in range(players)]
        self.used: list[list[str]] = [[] for _ in range(players)]
        self.friends: list[list[str]] = [[] for _ in range(players)]
        self.journals: list[list[str]] = [[] for _ in range(players)]
        self.written: list[list[list[int | str]]] = [[] for _ in range(players)]
        self.exp = [sorted(rules.experience_tokens) for _ in range(players)]
        self.paintings: list[list[str]] = [[] for _ in range(players)]
        remove = game.edition.lebrun_remove_per_type[players]
        self.painting_pile = {name: copies - remove for name, copies in content.paintings}
        self.revealed: list[str] = []
        self.painting_discard: list[str] = []
        self.advanced_played = [0] * players
        self.dickens_used = 0
        self.push(phases.Setup())
        self._advance()

    # --- shortcuts --------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.loc)

    def seats_from_first(self) -> list[int]:
        players = self.num_players
        return [(self.first + i) % players for i in range(players)]

    def letters_left(self, player: int) -> int:
        placed = sum(1 for markers in self.letters.values() for p, _ in markers if p == player)
        return self.content.rules.letter_markers - placed

    def cafe_markers_left(self, player: int) -> int:
        placed = sum(d.count(player) for discussions in self.cafes.values() for d in discussions)
        return self.content.rules.cafe_markers - placed

    def has_tile_of(self, player: int, city: str) -> bool:
        """A player holds at most one Exploration tile of each city."""
        tiles = self.content.tiles
        return any(tiles[t].city == city for t in self.tiles[player])

    def tile_written(self, player: int, tile: str) -> bool:
        return any(slots[TILE_SLOT] == tile for slots in self.written[player])

    def friend_written(self, player: int, city: str) -> bool:
        return any(slots[FRIEND_SLOT] == city for slots in self.written[player])

    def ideas_written(self, player: int) -> int:
        return sum(1 for slots in self.written[player] for filled in slots[:TILE_SLOT] if filled)

    def categories_played(self, player: int) -> int:
        """Different categories played this round, as the Market phase counts them: those of
        the face-up cards, and face-down cards as one more category."""
        played = self.played[player]
        of = self.content.categories
        categories = {of[c] for c, up in played if up}
        return len(categories) + any(not up for _, up in played)

    # --- hooks used by effects: where the travellers' abilities come in ---------------------
    def gain_idea(self, player: int, genre: int) -> None:
        """One Idea token from the supply, if any is left (the supply never goes negative)."""
        if self.supply[genre] > 0:
            self.supply[genre] -= 1
            self.ideas[player][genre] += 1
            if self.where:
                travellers.twain(self, player)

    def after_explore(self, player: int, city: str) -> None:
        travellers.addison(self, player, city)
        travellers.lebrun_explore(self, player, city)

    def after_friendship(self, player: int, city: str) -> None:
        travellers.addison(self, player, city)

    after_letter = after_friendship

    def cafe_discount(self, city: str) -> int:
        return travellers.craven_discount(self, city)

    def cafe_bonus(self, city: str) -> int:
        return travellers.montesquieu_bonus(self, city)

    def card_effect(self, card_id: str) -> Effect:
        """A card's effect; the card the edition names also lets a used tile be used again."""
        effect = self.content.card(card_id).effect
        if card_id == self.edition.tile_reuse_card:
            effect = tuple((*sequence, Step("reuse_tile")) for sequence in effect)
        return effect

    def card_text(self, card_id: str) -> str:
        """A card's text; the card the edition names also says that it reuses a tile."""
        text = self.content.card(card_id).text
        if card_id == self.edition.tile_reuse_card:
            text += " Then use an Exploration tile already used once more."
        return text

    # --- the flow: what `StackState` asks of a game ----------------------------------------
    def _stack_empty(self) -> bool:
        """Nothing left after the last round's Reorganisation: the game is over."""
        self.phase = "over"
        return False

    def _refused(self, frame: Frame, action: Any) -> str:
        """Whatever is asked, a card is played once a turn."""
        if phases.is_play(action) and phases.turn(frame.player, True) in self.stack:
            return f"player {frame.player} has already played a card this turn"
        return super()._refused(frame, action)

    def action_called(self, name: str) -> Choice | None:
        """The action of the game called `name`, legal now or not (`phases.action_table`)."""
        return phases.action_table(self.content).get(name)

    def scores(self) -> list[ScoreSheet]:
        return scoring.score_sheets(self)

    LENGTH_UNIT = "rounds"

    def lengths(self) -> list[int]:
        """The rounds begun (all players play every round: 5 at the end)."""
        begun = 0 if self.phase == "setup" else self.round + 1
        return [begun] * self.num_players

    # --- what a player sees -------------------------------------------------------------------
    def _phase_text(self) -> str:
        if self.phase in ("setup", "over"):
            return "setup" if self.phase == "setup" else "game over"
        return f"round {roman(self.round)}: {self.phase} phase"

    def _turn_text(self) -> str:
        """Whose turn it is and why."""
        mover = self.current_player
        if mover == TERMINAL:
            return "the game is over"
        top = self.stack[-1]
        if mover == CHANCE:
            return f"chance: {top.question(self)}"
        if self.phase == "Action":
            # the card of the turn is still to be played while its unstarted Turn waits (under
            # the beginning-of-turn effects, if any)
            plays = len(self.played[mover]) + (phases.turn(mover, False) in self.stack)
            return f"player {mover}'s turn, play {plays} of {self.content.rules.plays_per_round}"
        if isinstance(top, phases.LostInAdmiration):
            return f"player {mover}: a Lost in Admiration token may give its reward again"
        if isinstance(top, travellers.MontaguReward):
            return f"player {mover}: {self.content.by_rule['montagu'].name}'s end-of-round reward"
        if isinstance(top, phases.MarketPick):
            return (
                f"player {mover}: a free market card, counter-clockwise from the right of the "
                f"first player"
            )
        if isinstance(top, phases.HandLimit):
            return f"player {mover}: back to the hand limit"
        return f"player {mover}: a reward of the {self.phase} phase"

    def _card_names(self, cards: Sequence[str]) -> list[str]:
        card = self.content.card
        return [card(c).name for c in cards]

    def _tile_seen(self, owner: int, tile: str, viewer: int) -> str:
        """An Exploration tile in a play area: face up until used; a used one is face down,
        known to its owner only (its city shows, as the tiles of a city are told apart)."""
        if viewer == owner or tile not in self.used[owner]:
            return tile
        return f"a used tile of {self.content.tiles[tile].city}"

    def _player_seen(self, owner: int, viewer: int) -> dict[str, Any]:
        content, genres = self.content, self.content.rules.genres
        journals = []
        for journal_id, slots in zip(self.journals[owner], self.written[owner], strict=True):
            journal = content.journals[journal_id]
            tile = slots[TILE_SLOT]
            journals.append(
                {
                    "journal": journal_id,
                    "ideas": [
                        {"genre": genres[g].capitalize(), "written": bool(slots[i])}
                        for i, g in enumerate(journal.ideas)
                    ],
                    "city": journal.city,
                    "tile": self._tile_seen(owner, str(tile), viewer) if tile else None,
                    "friend": slots[FRIEND_SLOT] or None,
                }
            )
        played = [
            content.card(c).name if up or owner == viewer else "a face-down card"
            for c, up in self.played[owner]
        ]
        names = content.rules.experience_names
        return {
            "player": owner,
            "marker": self.loc[owner],
            "coins": self.coins[owner],
            "vp": self.vp[owner],
            "ideas": {g.capitalize(): n for g, n in zip(genres, self.ideas[owner], strict=True)},
            "play_area": played,
            "hand": self._card_names(self.hand[owner]) if owner == viewer else None,
            "hand_size": len(self.hand[owner]),
            "exploration_tiles": [self._tile_seen(owner, t, viewer) for t in self.tiles[owner]],
            "journals": journals,
            "friends": list(self.friends[owner]),
            "experience_tokens": [names[kind] for kind in self.exp[owner]],
            "letter_markers_left": self.letters_left(owner),
            "cafe_markers_left": self.cafe_markers_left(owner),
            "paintings": list(self.paintings[owner]),
        }

    def _observation(self, player: int) -> dict[str, Any]:
        """The public board and play areas, the player's own hand and face-down cards; the hands
        of others by size only, their face-down cards and used (face-down) tiles unnamed; the
        face-down Exploration tiles of the cities and the decks by number only."""
        content = self.content
        by_id = content.travellers
        side = content.sides.get(self.side)
        names = content.rules.experience_names
        return {
            "phase": self._phase_text(),
            "turn": self._turn_text(),
            "round": roman(self.round) if self.phase != "setup" else None,
            "first_player": self.first,
            "travellers": [
                {
                    "name": by_id[t].name,
                    "id": t,
                    "city": self.where.get(by_id[t].rule),
                    "text": by_id[t].text,
                }
                for t in self.travellers
            ],
            "players": [self._player_seen(p, player) for p in range(self.num_players)],
            "market": {
                f"Level {roman(level)}": self._card_names(cards)
                for level, cards in enumerate(self.market)
            },
            "deck_sizes": {
                f"Level {roman(level)}": len(deck) + len(self.bottom[level])
                for level, deck in enumerate(self.deck)
            },
            "cities": {
                city: {
                    "favour_tile": self.favour.get(city),
                    "friend_tile": (
                        f"{LOCALS[self.friend[city]]} local" if city in self.friend else None
                    ),
                    "face_down_tiles": len(self.city_tiles[city]),
                    "letters": [{"player": p, "local": LOCALS[s]} for p, s in self.letters[city]],
                    "cafes": [list(d) for d in self.cafes[city]],
                }
                for city in content.cities
            },
            "gazette": {
                "side": self.side or None,
                "columns": [
                    {
                        "traveller": by_id[t].name,
                        "city": self.where.get(by_id[t].rule),
                        "tokens": [
                            {
                                "round": roman(rnd),
                                "slot": slot + 1,
                                "player": p,
                                "token": names[kind],
                            }
                            for rnd, slot, p, kind in self.gazette[column]
                        ],
                    }
                    for column, t in enumerate(self.travellers)
                ],
                "slots_open": (
                    sum(need <= self.num_players for need in side.slot_players) if side else 0
                ),
            },
            "paintings_revealed": list(self.revealed),
            "idea_supply": {
                g.capitalize(): n for g, n in zip(content.rules.genres, self.supply, strict=True)
            },
        }

    # --- history ------------------------------------------------------------------------------
    def clone(self) -> TimelessState:
        """A copy of the position's lists and dicts, each copied as deep as its shape needs;
        frames, actions and the game are shared (they never change)."""
        twin = object.__new__(type(self))
        data = self.__dict__.copy()
        origin = data.pop("_origin", self).__dict__
        for key, copy in SHAPES.items():
            data[key] = copy(data[key] if key in data else origin[key])
        twin.__dict__ = data
        return twin

    def trial(self) -> TimelessState:
        """A position to try actions on with `_apply` (legal ones, read from `legal_actions`)
        and then throw away: a greedy game makes thousands of these. It copies the parts
        nearly every action and judgement reads (`EAGER`) and those its own position had
        copied if that was a trial; any other part is copied when first read, from the
        position the first trial was made from, which must therefore not change while its
        trials are in use. The history is left out (hundreds of actions long, never read by a
        trial): `apply` on a trial is refused (no history to extend), so that a trial cannot
        pass for a game."""
        data = self.__dict__.copy()
        if "_origin" in data:
            for key in data.keys() & SHAPES.keys():
                data[key] = SHAPES[key](data[key])
        else:
            for key in LAZY:
                del data[key]
            for key in EAGER:
                data[key] = SHAPES[key](data[key])
            data["_origin"] = self
        data["history"] = ()
        twin = object.__new__(type(self))
        twin.__dict__ = data
        return twin

    def look(self) -> TimelessState:
        """The position as it stands, read-only, to judge it: a trial's parts not read yet are
        its origin's, not copied (changing the look would change the origin)."""
        data = self.__dict__
        if "_origin" not in data:
            return self
        view = object.__new__(type(self))
        view.__dict__ = data["_origin"].__dict__ | data
        return view

    if not TYPE_CHECKING:  # mypy would take any attribute name for a part of a trial

        def __getattr__(self, name: str) -> Any:
            """A part of a trial read for the first time: its own copy, made now."""
            data = self.__dict__
            copy = SHAPES.get(name)
            if copy is None or "_origin" not in data:
                raise AttributeError(f"'TimelessState' object has no attribute {name!r}")
            value = data[name] = copy(data["_origin"].__dict__[name])
            return value

    def _key(self) -> dict[str, Any]:
        """Everything that defines the position (a trial's parts not read yet included)."""
        origin = self.__dict__.get("_origin", self).__dict__
        return {name: origin[name] for name in SHAPES} | super()._key()

    # --- text -------------------------------------------------------------------------------
    def describe(self, player: int) -> str:
        """The position as the player sees it, for the terminal."""
        seen = self.observation(player)
        content = self.content
        lines = [
            f"{seen['phase'][:1].upper()}{seen['phase'][1:]}; first player {seen['first_player']}"
        ]
        for traveller in seen["travellers"]:
            lines.append(f"  {traveller['name']} in {traveller['city']}: {traveller['text']}")
        for area in seen["players"]:
            ideas = ", ".join(f"{n} {g}" for g, n in area["ideas"].items() if n) or "no ideas"
            lines.append(
                f"player {area['player']}: {area['marker']}, {area['coins']} coins, "
                f"{area['vp']} VP, {ideas}; played [{', '.join(area['play_area'])}]"
            )
        mine = seen["players"][player]
        lines.append(f"your hand: {', '.join(mine['hand'])}")
        lines.append(
            f"your tiles: {', '.join(mine['exploration_tiles']) or '-'}; "
            f"friends: {', '.join(mine['friends']) or '-'}"
        )
        for journal in mine["journals"]:
            ideas = " ".join(i["genre"] + ("*" if i["written"] else "") for i in journal["ideas"])
            lines.append(
                f"Journal {journal['journal']} (* = written): {ideas}; city {journal['city']} "
                f"{journal['tile'] or '-'}; friend {journal['friend'] or '-'}"
            )
        market = "; ".join(
            f"{level}: {', '.join(cards)}" for level, cards in seen["market"].items()
        )
        lines.append(f"market {market}")
        shown = [*self.hand[player], *(c for m in self.market for c in m)]
        for card_id in dict.fromkeys(shown):
            card = content.card(card_id)
            text = self.card_text(card_id)
            lines.append(f"  {card.name} ({card.category}, {card.vp} VP): {text}")
        lines.append(f"player {self.current_player}: {seen['question']}")
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.is_terminal:
            return "\n".join(str(sheet) for sheet in self.scores())
        return self.describe(self.current_player if self.current_player >= 0 else 0)


# The shapes of a state's mutable attributes, for `clone` and `trial` (the tests check that they
# cover all).
FLAT = (
    "stack",
    "picked",
    "travellers",
    "bonus_taken",
    "box",
    "loc",
    "coins",
    "vp",
    "supply",
    "revealed",
    "painting_discard",
    "advanced_played",
    "fixed",
    "history",
)
NESTED = (
    "market",
    "deck",
    "bottom",
    "ideas",
    "hand",
    "played",
    "tiles",
    "used",
    "friends",
    "journals",
    "exp",
    "paintings",
    "gazette",
)
MAPS = ("where", "favour", "friend", "painting_pile")
MAPS_OF_LISTS = ("city_tiles", "letters")
DEEPER = ("cafes", "written")


def _nested(lists: list[list[Any]]) -> list[list[Any]]:
    return list(map(list.copy, lists))


def _map_of_lists(lists: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return dict(zip(lists, map(list.copy, lists.values()), strict=True))


def _cafes(cafes: dict[str, list[list[int]]]) -> dict[str, list[list[int]]]:
    return {city: list(map(list.copy, discussions)) for city, discussions in cafes.items()}


def _written(written: list[list[list[int | str]]]) -> list[list[list[int | str]]]:
    return [list(map(list.copy, journals)) for journals in written]


# How each part is copied (the flat lists by slicing: a trial's history is a tuple)
SHAPES: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(FLAT, itemgetter(slice(None))),
    **dict.fromkeys(NESTED, _nested),
    **dict.fromkeys(MAPS, dict.copy),
    **dict.fromkeys(MAPS_OF_LISTS, _map_of_lists),
    "cafes": _cafes,
    "written": _written,
}
# The parts a trial copies at once: those nearly every action or judgement of a bot reads (the
# stack, the play areas, the hand and the cards played, the marker and the coins, which nine in
# ten of a greedy bot's trials read); the others are copied when first read.
EAGER = ("stack", "used", "tiles", "where", "hand", "played", "loc", "coins")
LAZY = tuple(key for key in SHAPES if key not in EAGER)
