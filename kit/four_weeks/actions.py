"""The actions of the four-week game: small frozen values, each one atomic choice.

`str(action)` is the label a player reads and a save stores, unique among the legal actions of a
state. `kind` groups actions for a panel; this game's kinds are:

- "travel": the Travel step (start, stay, train, plane, free trip);
- "visit": visit a Location card (the Activity);
- "activity": Write, Rest or Plan, or skip the Activity;
- "card": discard a Location card (for Write, Rest or Plan, or at the week's end);
- "answer": the answer to a question (which of effect and bonus comes first; keep the hand);
- "extra": an Extra (a Local tile, a Bucket List, a Festival);
- "turn": end the turn;
- "chance": a card drawn or a Festival revealed.

`place` is the region code of `game.board()` the action concerns: the destination of a trip, the
region where the pawn stays, the region of a visited card, of an Extra or of a revealed Festival;
None for the others. Every action is made once per content (`action_table`), so listing legal
actions builds nothing and `apply` tests membership by identity."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from kit.core.words import plural
from kit.four_weeks.content import ACTIVITIES, MAX_PLAYERS, Content, Rules
from kit.four_weeks.effects import COINS, ENERGY, Effect, amount, describe, payment


@dataclass(frozen=True, slots=True)
class Start:
    """The first placement of the pawn: free, to any region."""

    region: int
    place: str

    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return f"start in {self.place} for free"


@dataclass(frozen=True, slots=True)
class Stay:
    """Travel nowhere this turn."""

    region: int
    place: str

    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return f"stay in {self.place}"


@dataclass(frozen=True, slots=True)
class Train:
    """A train trip along the network; `energy` is paid per segment of the shortest way."""

    origin: int
    region: int
    place: str
    energy: int

    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return f"take the train to {self.place} for {amount(self.energy, ENERGY)}"


@dataclass(frozen=True, slots=True)
class Fly:
    """A plane to any region."""

    region: int
    place: str
    coins: int

    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return f"fly to {self.place} for {amount(self.coins, COINS)}"


@dataclass(frozen=True, slots=True)
class Ticket:
    """A free trip to any region, granted earlier by an effect."""

    region: int
    place: str

    kind: ClassVar[str] = "travel"

    def __str__(self) -> str:
        return f"travel to {self.place} with a free trip"


@dataclass(frozen=True, slots=True)
class Visit:
    """Visit a Location card of the pawn's region, spending `excitement` to shorten it."""

    card: int
    title: str
    place: str
    excitement: int

    kind: ClassVar[str] = "visit"

    def __str__(self) -> str:
        if self.excitement:
            return f"visit {self.title} spending {self.excitement} Excitement"
        return f"visit {self.title}"


@dataclass(frozen=True, slots=True)
class Activity:
    """Write, Rest or Plan (index in `ACTIVITIES`); `text` says what it costs and gives."""

    activity: int
    text: str

    kind: ClassVar[str] = "activity"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Skip:
    """Skip the Activity: the day passes and its Day disc is spent without being placed."""

    days: int

    kind: ClassVar[str] = "activity"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return f"skip the Activity and lose {plural(self.days, 'day', 'days')}"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int
    title: str

    kind: ClassVar[str] = "card"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return f"discard {self.title}"


@dataclass(frozen=True, slots=True)
class Order:
    """Which of a visited card's effect and its matching weekday bonus resolves first."""

    bonus_first: bool

    kind: ClassVar[str] = "answer"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "take the weekday bonus first" if self.bonus_first else "take the effect first"


@dataclass(frozen=True, slots=True)
class UseLocal:
    region: int
    place: str
    paying: str  # the tile's cost in words, or ""

    kind: ClassVar[str] = "extra"

    def __str__(self) -> str:
        return f"use the Local tile in {self.place}" + _paying(self.paying)


@dataclass(frozen=True, slots=True)
class Claim:
    region: int
    place: str
    points: int

    kind: ClassVar[str] = "extra"

    def __str__(self) -> str:
        return f"claim the Bucket List of {self.place} for {plural(self.points, 'point', 'points')}"


@dataclass(frozen=True, slots=True)
class Attend:
    festival: int
    name: str
    place: str
    paying: str  # the Festival's cost in words, or ""

    kind: ClassVar[str] = "extra"

    def __str__(self) -> str:
        return f"attend {self.name} in {self.place}" + _paying(self.paying)


@dataclass(frozen=True, slots=True)
class EndTurn:
    kind: ClassVar[str] = "turn"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class KeepHand:
    """End the week's discarding: keep the cards now in hand."""

    kind: ClassVar[str] = "answer"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "keep the hand"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the Location card `player` draws."""

    player: int
    card: int
    title: str

    kind: ClassVar[str] = "chance"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return f"player {self.player} draws {self.title}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the Festival card revealed for the display."""

    festival: int
    name: str
    place: str

    kind: ClassVar[str] = "chance"

    def __str__(self) -> str:
        return f"the Festival {self.name} is revealed in {self.place}"


FourWeeksAction = (
    Start
    | Stay
    | Train
    | Fly
    | Ticket
    | Visit
    | Activity
    | Skip
    | Discard
    | Order
    | UseLocal
    | Claim
    | Attend
    | EndTurn
    | KeepHand
    | Draw
    | Reveal
)
Travel = Start | Stay | Train | Fly | Ticket
Extra = UseLocal | Claim | Attend


def _paying(cost: str) -> str:
    return f" paying {cost}" if cost else ""


def activity_text(name: str, rules: Rules, effect: Effect) -> str:
    """'write: discard 3 cards and spend 1 day for 1 Income track step'."""
    cost = f"spend {plural(rules.activity_days, 'day', 'days')}"
    if rules.activity_discards:
        cost = f"discard {plural(rules.activity_discards, 'card', 'cards')} and {cost}"
    return f"{name}: {cost} for {describe(effect)}"


class ActionTable:
    """Every action object of a content, made once, indexed the way the rules look them up."""

    def __init__(self, content: Content) -> None:
        rules, codes = content.rules, [r.code for r in content.regions]
        regions = range(len(codes))
        self.start = tuple(Start(r, codes[r]) for r in regions)
        self.stay = tuple(Stay(r, codes[r]) for r in regions)
        self.skip, self.end_turn, self.keep = Skip(rules.skip_days), EndTurn(), KeepHand()
        segment = rules.train_energy_per_segment
        self.train: tuple[tuple[Train, ...], ...] = tuple(
            tuple(
                Train(o, r, codes[r], content.distance[o][r] * segment) for r in regions if r != o
            )
            for o in regions
        )
        self.fly = tuple(Fly(r, codes[r], rules.plane_coins) for r in regions)
        self.ticket = tuple(Ticket(r, codes[r]) for r in regions)
        self.visit = tuple(
            tuple(Visit(card.index, card.title, codes[card.region], e) for e in range(card.days))
            for card in content.locations
        )
        self.activity = tuple(
            Activity(index, activity_text(name, rules, rules.activities[index]))
            for index, name in enumerate(ACTIVITIES)
        )
        self.discard = tuple(Discard(card.index, card.title) for card in content.locations)
        self.order = (Order(False), Order(True))
        self.local = tuple(
            UseLocal(r, codes[r], payment(tile.cost)) if (tile := content.local_tiles[r]) else None
            for r in regions
        )
        self.claim = tuple(
            Claim(r, codes[r], bucket.points) if (bucket := content.bucket_lists[r]) else None
            for r in regions
        )
        self.attend = tuple(
            Attend(f.index, f.name, codes[f.region], payment(f.cost)) for f in content.festivals
        )
        self.draw = tuple(
            tuple(Draw(p, card.index, card.title) for card in content.locations)
            for p in range(MAX_PLAYERS)
        )
        self.reveal = tuple(Reveal(f.index, f.name, codes[f.region]) for f in content.festivals)
        everything: list[FourWeeksAction] = [*self.start, *self.stay, *self.fly, *self.ticket]
        everything += [self.skip, self.end_turn, self.keep, *self.activity, *self.discard]
        everything += [*self.order, *self.attend, *self.reveal]
        everything += [a for a in (*self.local, *self.claim) if a]
        everything += [a for row in self.train for a in row]
        everything += [a for row in self.visit for a in row]
        everything += [a for row in self.draw for a in row]
        # A train's name is the same from every region it leaves from: the last one is kept
        # here, and `FourWeeksState.action_named` falls back to the legal actions.
        self.by_name = {str(a): a for a in everything}
        self._draws: dict[tuple[int, int], tuple[tuple[Draw, float], ...]] = {}

    def draws(self, player: int, pile: int) -> tuple[tuple[Draw, float], ...]:
        """Each card's draw by `player` with its chance from a pile of `pile` cards, by card
        index: made once, as a draw is a quarter of a game's steps."""
        key = (player, pile)
        found = self._draws.get(key)
        if found is None:
            chance = 1 / pile
            found = self._draws[key] = tuple([(draw, chance) for draw in self.draw[player]])
        return found


@lru_cache(maxsize=8)
def action_table(content: Content) -> ActionTable:
    return ActionTable(content)
