"""A position of Timeless Journeys and the rules that move it on.

Everything the game still has to do is a stack of frames (plain tuples): the rounds, the turns,
a chain of cards, an effect's alternatives, one step's question, a chance draw. The top frame asks
its player a question (or is a chance event); frames that ask nothing are run at once by
`_advance`, which stops at the next question. So every action is one atomic choice, a chain of
actions resolves card by card in the order the player picks, and any effect can be declined.

Frames:
  ("setup",) ("round", r) ("begin_turn", p) ("travellers_phase",) ("traveller_end", column)
  ("lost_phase",) ("market_phase",) ("reorganise", r) ("market_draw", level)   -- run at once
  ("turn", p, started) ("chain", p, cards) ("facedown", p) ("effect", p, effect, ctx)
  ("step", p, step, ctx) ("follow", p, city, side) ("lebrun", p) ("montagu", p)
  ("lost", p, column, round, slot) ("market", p) ("hand_limit", p)         -- questions
  ("draw", what, *args)                                                     -- chance
"""

from __future__ import annotations

from kit.core import CHANCE, TERMINAL, IllegalAction, State
from kit.timeless_journeys import phases, scoring, travellers
from kit.timeless_journeys.content import ROMAN, Step

SNAPSHOT_EVERY = 64  # actions between the copies that make `undo` cheap


class TimelessState(State):
    """One position: the board, the players' areas, the market and the stack of what is due."""

    CACHES = State.CACHES | {"_pending", "_marks"}

    def __init__(self, game) -> None:
        super().__init__(game)
        content, players = game.content, game.num_players
        rules = content.rules
        genres = len(rules.genres)
        self.round = 0
        self.first = 0
        self.stack: list[tuple] = [("setup",)]
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
        self.gazette: list[list[tuple[int, int, int, str]]] = [[], [], []]
        self.bonus_taken: list[int] = []
        self.market: list[list[str]] = [[], [], []]
        self.deck: list[list[str]] = [
            sorted(c for c, card in content.advanced.items() if card.level == level)
            for level in (1, 2, 3)
        ]
        self.bottom: list[list[str]] = [[], [], []]
        self.box: list[str] = []
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
        self.written: list[list[list]] = [[] for _ in range(players)]
        self.exp = [sorted(rules.experience_tokens) for _ in range(players)]
        self.paintings: list[list[str]] = [[] for _ in range(players)]
        remove = game.edition.lebrun_remove_per_type[players]
        self.painting_pile = {name: copies - remove for name, copies in content.paintings}
        self.revealed: list[str] = []
        self.painting_discard: list[str] = []
        self.advanced_played = [0] * players
        self.dickens_used = 0
        self._pending: tuple = ()
        self._marks: list[TimelessState] = []
        self._advance()

    # --- shortcuts --------------------------------------------------------------------------
    @property
    def content(self):
        return self.game.content

    @property
    def edition(self):
        return self.game.edition

    @property
    def num_players(self) -> int:
        return len(self.loc)

    def seats_from_first(self) -> list[int]:
        players = self.num_players
        return [(self.first + i) % players for i in range(players)]

    def city_of(self, traveller: str) -> str | None:
        """The city of a Famous Traveller in play this round (None if not in play)."""
        return self.where.get(traveller)

    def push(self, *frames: tuple) -> None:
        """Put frames on the stack so that the first one given is resolved first."""
        self.stack.extend(reversed(frames))

    def letters_left(self, player: int) -> int:
        placed = sum(1 for markers in self.letters.values() for p, _ in markers if p == player)
        return self.content.rules.letter_markers - placed

    def cafe_markers_left(self, player: int) -> int:
        placed = sum(d.count(player) for discussions in self.cafes.values() for d in discussions)
        return self.content.rules.cafe_markers - placed

    def tile_written(self, player: int, tile: str) -> bool:
        return any(slots[6] == tile for slots in self.written[player])

    def friend_written(self, player: int, city: str) -> bool:
        return any(slots[7] == city for slots in self.written[player])

    def ideas_written(self, player: int) -> int:
        return sum(sum(slots[:6]) for slots in self.written[player])

    # --- hooks used by effects ----------------------------------------------------------------
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

    def card_effect(self, card_id: str):
        """A card's effect; the card the edition names also lets a used tile be used again."""
        effect = self.content.card(card_id).effect
        if card_id == self.edition.tile_reuse_card:
            effect = tuple((*sequence, Step("reuse_tile")) for sequence in effect)
        return effect

    # --- the contract ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if not self.stack:
            return TERMINAL
        top = self.stack[-1]
        return CHANCE if top[0] == "draw" else top[1]

    def _legal_actions(self):
        return self._pending

    def _chance_outcomes(self):
        return self._pending

    def _apply(self, action) -> None:
        if not action.code:
            action = next(a for a in self.legal_actions() if a == action)
        self.stack.pop()
        action.run(self)
        self._advance()

    def _why_illegal(self, action) -> str:
        if self.is_terminal:
            return "the game is over"
        return phases.refusal(self, str(action))

    def _advance(self) -> None:
        """Run the frames that ask nothing until a question, a chance event or the end."""
        stack = self.stack
        while stack:
            frame = stack[-1]
            kind = frame[0]
            run = phases.RUN.get(kind)
            if run is not None:
                stack.pop()
                run(self, frame)
                continue
            found = phases.ASK[kind](self, frame)
            if found is None:
                continue
            if found:
                if kind == "draw":
                    share = 1 / sum(weight for _, weight in found)
                    self._pending = tuple((choice, weight * share) for choice, weight in found)
                else:
                    self._pending = tuple(found)
                return
            stack.pop()
        self._pending = ()

    def scores(self):
        return scoring.score_sheets(self)

    def _observation(self, player: int) -> dict:
        """The public board and play areas, the player's own hand and face-down cards; the hands
        of others by size only, their face-down cards and used (face-down) tiles unnamed."""
        mover = self.current_player
        return {
            "phase": f"round {ROMAN[min(self.round, 4)]}",
            "turn": f"player {mover}" if mover >= 0 else "",
            "round": self.round + 1,
            "travellers": {t: self.where.get(t) for t in self.travellers},
            "markers": list(self.loc),
            "coins": list(self.coins),
            "vp": list(self.vp),
            "ideas": [list(i) for i in self.ideas],
            "market": [list(m) for m in self.market],
            "hand": list(self.hand[player]),
            "hand_sizes": [len(h) for h in self.hand],
            "played": [
                [c if up or p == player else "face-down" for c, up in cards]
                for p, cards in enumerate(self.played)
            ],
            "tiles": list(self.tiles[player]),
            "tile_counts": [len(t) for t in self.tiles],
            "tiles_in_play": [
                [t if p == player or t not in self.used[p] else "face-down" for t in tiles]
                for p, tiles in enumerate(self.tiles)
            ],
            "journals": [
                [
                    (j, list(slots))
                    for j, slots in zip(self.journals[p], self.written[p], strict=True)
                ]
                for p in range(self.num_players)
            ],
            "friends": [list(f) for f in self.friends],
            "paintings": [list(p) for p in self.paintings],
            "revealed_paintings": list(self.revealed),
            "experience_left": [list(e) for e in self.exp],
            "favours": dict(self.favour),
            "friend_tiles": dict(self.friend),
            "city_tiles": {c: len(t) for c, t in self.city_tiles.items()},
            "letters": {c: list(m) for c, m in self.letters.items()},
            "cafes": {c: [list(d) for d in ds] for c, ds in self.cafes.items()},
            "gazette": [list(col) for col in self.gazette],
        }

    def apply(self, action) -> None:
        """Apply one legal action; every `SNAPSHOT_EVERY` actions keep a copy for `undo`."""
        super().apply(action)
        if len(self.history) % SNAPSHOT_EVERY == 0:
            self._marks.append(self.clone())

    def undo(self):
        """Take back the last action by replaying from the latest snapshot before it."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        last, target = self.history[-1], len(self.history) - 1
        marks = [mark for mark in self._marks if len(mark.history) <= target]
        base = marks[-1].clone() if marks else self.game.new_game()
        for action in self.history[len(base.history) : target]:
            base.apply(action)
        self.__dict__.update(base.__dict__)
        return last

    def clone(self) -> TimelessState:
        """A copy of the plain lists and dicts (cheaper than a deep copy; frames are tuples)."""
        twin = object.__new__(type(self))
        for key, value in self.__dict__.items():
            twin.__dict__[key] = _copy(value) if key != "game" else value
        return twin

    # --- text -------------------------------------------------------------------------------
    def describe(self, player: int) -> str:
        """The position as the player sees it, for the terminal."""
        genres = self.content.rules.genres
        lines = [f"Round {ROMAN[min(self.round, 4)]}, first player {self.first}"]
        for traveller_id in self.travellers:
            lines.append(
                f"  {self.content.travellers[traveller_id].name} in {self.where.get(traveller_id)}"
            )
        for p in range(self.num_players):
            ideas = (
                ", ".join(f"{n} {genres[g]}" for g, n in enumerate(self.ideas[p]) if n)
                or "no ideas"
            )
            played = " ".join(c if up else "(down)" for c, up in self.played[p])
            lines.append(
                f"player {p}: {self.loc[p]}, {self.coins[p]} coins, {self.vp[p]} VP, {ideas};"
                f" played [{played}]"
            )
        lines.append(f"your hand: {' '.join(self.hand[player])}")
        lines.append(
            f"your tiles: {' '.join(self.tiles[player]) or '-'}; "
            f"friends: {' '.join(self.friends[player]) or '-'}"
        )
        genres = self.content.rules.genres
        for j, journal_id in enumerate(self.journals[player]):
            journal, slots = self.content.journals[journal_id], self.written[player][j]
            ideas = " ".join(
                genres[g] + ("*" if slots[i] else "") for i, g in enumerate(journal.ideas)
            )
            lines.append(
                f"journal {journal_id} (* = written): {ideas}; city {journal.city}"
                f" {slots[6] or '-'}; friend {slots[7] or '-'}"
            )
        market = "; ".join(f"{ROMAN[i]}: {' '.join(m)}" for i, m in enumerate(self.market))
        lines.append(f"market {market}")
        shown = [*self.hand[player], *(c for m in self.market for c in m)]
        for card_id in dict.fromkeys(shown):
            card = self.content.card(card_id)
            lines.append(f"  {card_id} ({card.category}, {card.vp} VP): {card.text}")
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.is_terminal:
            return "\n".join(str(sheet) for sheet in self.scores())
        return self.describe(self.current_player if self.current_player >= 0 else 0)


def _copy(value):
    if isinstance(value, list):
        return (
            [_copy(v) for v in value]
            if value and isinstance(value[0], list | dict)
            else list(value)
        )
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, list | dict) else v for k, v in value.items()}
    return value
