"""The rules engine of the four-week Europe calendar game.

Four weeks of seven days. At the start of a week each player draws up to seven Location cards;
then players take turns, skipping those with no day left this week, until nobody has one. A turn:

1. Travel: the first placement is free; a plane costs 4 Coins to any region; a train costs 1 Energy
   per segment along the network; a ticket (from an effect) is a free trip anywhere.
2. One Activity: visit a Location card of the current region (its day cost less one per
   Excitement spent, at least one day; the leftmost available Day disc of the week goes to the
   region; its effect and a matching weekday bonus in the order the player chooses), or Write,
   Rest or Plan (discard three cards, spend one day placed in the region). Skipping the Activity
   loses a day (its disc is spent, not placed), so that every turn brings the week's end nearer.
3. Extras: at most one Local tile action, one Bucket List claim and one Festival action.

End of a week: score the regions, refresh the two Festival regions, income (2 plus the Income
track), discard down to seven and pass the First Player token (these two not after week 4); then
final scoring.

Every atomic choice is one action; draws and Festival reveals are chance events."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

import networkx as nx

from kit.core import CHANCE, TERMINAL, Game, ScoreSheet, State
from kit.core.options import CONTENT, SEED, players_option
from kit.four_weeks.content import DATA_DIR, TAGS, Content, load_content
from kit.four_weeks.effects import COINS, ENERGY, EXCITEMENT, RESOURCES, can_pay, describe, resolve
from kit.four_weeks.scoring import (
    BUCKET_LISTS,
    FESTIVALS,
    LOCAL_TILES,
    LOCATIONS,
    score_regions,
    score_sheet,
)

MIN_PLAYERS, MAX_PLAYERS = 1, 4

# Steps of a turn and of the week's end (`state.phase`).
TRAVEL, ACTIVITY, DISCARD, ORDER, EXTRAS, REFRESH, KEEP, OVER = range(8)
PHASES = (
    "Travel",
    "Activity",
    "discard for Write, Rest or Plan",
    "effect-or-bonus order",
    "Extras",
    "Festival refresh",
    "end-of-week discard",
    "game over",
)
# A Day disc on the calendar: still available, spent without being placed, or a region index.
AVAILABLE, SPENT = -1, -2
# Extras taken this turn (`state.extras` bits).
LOCAL, BUCKET, FESTIVAL = 1, 2, 4
ACTIVITIES = ("write", "rest", "plan")


# --- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Start:
    """The first placement of the pawn: free, to any region."""

    region: int
    code: str

    kind: ClassVar[str] = "travel"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"start in {self.code}"


@dataclass(frozen=True, slots=True)
class Stay:
    kind: ClassVar[str] = "travel"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Train:
    """A train trip along the network; `energy` is 1 per segment of the shortest way."""

    origin: int
    region: int
    code: str
    energy: int

    kind: ClassVar[str] = "travel"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"train to {self.code} ({self.energy} Energy)"


@dataclass(frozen=True, slots=True)
class Fly:
    region: int
    code: str
    coins: int

    kind: ClassVar[str] = "travel"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"fly to {self.code} ({self.coins} Coins)"


@dataclass(frozen=True, slots=True)
class Ticket:
    """A free trip granted by an effect."""

    region: int
    code: str

    kind: ClassVar[str] = "travel"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"free trip to {self.code}"


@dataclass(frozen=True, slots=True)
class Visit:
    card: int
    id: str
    excitement: int

    kind: ClassVar[str] = "visit"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        if self.excitement:
            return f"visit {self.id} spending {self.excitement} Excitement"
        return f"visit {self.id}"


@dataclass(frozen=True, slots=True)
class Activity:
    """Write, Rest or Plan."""

    activity: int

    kind: ClassVar[str] = "activity"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return ACTIVITIES[self.activity]


@dataclass(frozen=True, slots=True)
class Skip:
    """Skip the Activity: the day passes and its Day disc is spent without being placed."""

    kind: ClassVar[str] = "activity"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "skip the activity (lose a day)"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int
    id: str

    kind: ClassVar[str] = "card"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return f"discard {self.id}"


@dataclass(frozen=True, slots=True)
class Order:
    """Which of a visited card's effect and its matching weekday bonus resolves first."""

    bonus_first: bool

    kind: ClassVar[str] = "answer"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "bonus first" if self.bonus_first else "effect first"


@dataclass(frozen=True, slots=True)
class UseLocal:
    region: int
    code: str

    kind: ClassVar[str] = "extra"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"Local tile in {self.code}"


@dataclass(frozen=True, slots=True)
class Claim:
    region: int
    code: str

    kind: ClassVar[str] = "extra"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"claim the Bucket List of {self.code}"


@dataclass(frozen=True, slots=True)
class Attend:
    festival: int
    code: str

    kind: ClassVar[str] = "extra"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"Festival in {self.code}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    kind: ClassVar[str] = "turn"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class KeepHand:
    kind: ClassVar[str] = "answer"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return "keep hand"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the Location card drawn."""

    card: int
    id: str

    kind: ClassVar[str] = "chance"
    place: ClassVar[str | None] = None

    def __str__(self) -> str:
        return f"draw {self.id}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the Festival card drawn for the coming week."""

    festival: int
    code: str

    kind: ClassVar[str] = "chance"

    @property
    def place(self) -> str | None:
        return self.code

    def __str__(self) -> str:
        return f"Festival drawn in {self.code}"


class ActionTable:
    """Every action object made once per content, so that legal actions are cheap to list and
    the membership test in `apply` is an identity test."""

    def __init__(self, content: Content) -> None:
        rules, codes = content.rules, [r.code for r in content.regions]
        regions = range(len(codes))
        self.start = tuple(Start(r, codes[r]) for r in regions)
        self.stay, self.skip, self.end_turn, self.keep = Stay(), Skip(), EndTurn(), KeepHand()
        self.train = tuple(
            tuple(
                Train(o, r, codes[r], content.distance[o][r] * rules.train_energy_per_segment)
                if content.distance[o][r] > 0
                else None
                for r in regions
            )
            for o in regions
        )
        self.fly = tuple(Fly(r, codes[r], rules.plane_coins) for r in regions)
        self.ticket = tuple(Ticket(r, codes[r]) for r in regions)
        self.visit = tuple(
            tuple(Visit(card.index, card.id, e) for e in range(card.days))
            for card in content.locations
        )
        self.activity = tuple(Activity(kind) for kind in range(len(ACTIVITIES)))
        self.discard = tuple(Discard(card.index, card.id) for card in content.locations)
        self.order = (Order(False), Order(True))
        self.local = tuple(UseLocal(r, codes[r]) for r in regions)
        self.claim = tuple(Claim(r, codes[r]) for r in regions)
        self.attend = tuple(Attend(f.index, codes[f.region]) for f in content.festivals)
        self.draw = tuple(Draw(card.index, card.id) for card in content.locations)
        self.reveal = tuple(Reveal(f.index, codes[f.region]) for f in content.festivals)
        everything = [*self.start, self.stay, self.skip, self.end_turn, self.keep, *self.fly]
        everything += [*self.ticket, *self.activity, *self.discard, *self.order, *self.local]
        everything += [*self.claim, *self.attend, *self.draw, *self.reveal]
        everything += [a for row in self.visit for a in row]
        self.by_name = {str(a): a for a in everything}
        for row in self.train:
            self.by_name.update({str(a): a for a in row if a})


@lru_cache(maxsize=4)
def action_table(directory: Path = DATA_DIR) -> ActionTable:
    return ActionTable(load_content(directory))


# --- the game -----------------------------------------------------------------------------------
class FourWeeks(Game):
    """The four-week Europe calendar game for 1 to 4 players (the rulebook gives no title)."""

    name = "four_weeks"
    title = "Four weeks in Europe"

    OPTIONS = (players_option(MIN_PLAYERS, MAX_PLAYERS), SEED, CONTENT)

    def configure(self) -> None:
        directory = Path(self.options["content"]) if self.options["content"] else DATA_DIR
        self.content = load_content(directory)
        self.actions = action_table(directory)

    def board(self) -> nx.Graph:
        return self.content.graph

    def new_game(self) -> FourWeeksState:
        return FourWeeksState(self)


class FourWeeksState(State):
    """A position: compact lists of ints per player, so clone and replay stay cheap."""

    game: FourWeeks

    def __init__(self, game: FourWeeks) -> None:
        super().__init__(game)
        content, rules, n = game.content, game.content.rules, game.num_players
        self.week = 0
        self.phase = TRAVEL
        self.first = rules.first_player % n
        self.player = self.first
        self.res = [list(rules.start_resources) for _ in range(n)]
        self.pts = [[0] * 5 for _ in range(n)]
        self.income = [0] * n
        self.pos = [-1] * n
        self.day = [0] * n  # days spent this week
        self.calendar = [[AVAILABLE] * (rules.weeks * rules.days_per_week) for _ in range(n)]
        self.insider = [0] * n  # bit per calendar slot: the disc shows its Insider Tip side
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.visited: list[list[int]] = [[] for _ in range(n)]
        self.tags = [[0] * len(TAGS) for _ in range(n)]
        self.tickets = [0] * n
        self.deck = list(range(len(content.locations)))
        self.discard: list[int] = []
        self.owed = [rules.hand_size] * n  # cards still to draw
        self.festival_deck = list(range(len(content.festivals)))
        self.festivals: list[int] = []
        self.festival_needed = rules.festivals_per_week
        self.used_local = [0] * n  # bit per region, this week
        self.used_festival = [0] * n  # bit per Festival card
        self.buckets = [-1] * len(content.regions)  # who claimed each region's Bucket List
        self.extras = 0
        self.pending = -1  # the visited card (ORDER) or the activity (DISCARD)
        self.discards_left = 0
        self.keep_queue: list[int] = []

    # --- whose turn -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.festival_needed or any(self.owed):
            return CHANCE
        return self.player

    def _drawer(self) -> int:
        """Who draws next: in turn order from the First Player."""
        n = len(self.owed)
        return next(p for k in range(n) if self.owed[p := (self.first + k) % n])

    def _chance_outcomes(self):
        table = self.game.actions
        if self.festival_needed:
            chance = 1 / len(self.festival_deck)
            return [(table.reveal[f], chance) for f in self.festival_deck]
        pile = self.deck or self.discard  # an empty deck is refilled from the discard pile
        chance = 1 / len(pile)
        return [(table.draw[c], chance) for c in pile]

    # --- legal actions ----------------------------------------------------------------------
    def _legal_actions(self):
        phase = self.phase
        if phase == TRAVEL:
            return self._travel_actions()
        if phase == ACTIVITY:
            return self._activity_actions()
        if phase == EXTRAS:
            return [*self._extras_actions(), self.game.actions.end_turn]
        if phase == ORDER:
            return self.game.actions.order
        discards = [self.game.actions.discard[c] for c in self.hands[self.player]]
        if phase == KEEP and len(self.hands[self.player]) <= self.game.content.rules.hand_size:
            discards.append(self.game.actions.keep)
        return discards

    def _travel_actions(self) -> list:
        table, p = self.game.actions, self.player
        here = self.pos[p]
        if here < 0:
            return list(table.start)
        actions = [table.stay]
        energy = self.res[p][ENERGY]
        actions += [t for t in table.train[here] if t and t.energy <= energy]
        if self.res[p][COINS] >= self.game.content.rules.plane_coins:
            actions += [f for f in table.fly if f.region != here]
        if self.tickets[p]:
            actions += [t for t in table.ticket if t.region != here]
        return actions

    def _activity_actions(self) -> list:
        content, table, p = self.game.content, self.game.actions, self.player
        here, left = self.pos[p], content.rules.days_per_week - self.day[p]
        excitement = self.res[p][EXCITEMENT]
        actions = []
        for c in self.hands[p]:
            card = content.locations[c]
            if card.region == here:
                for spent in range(min(excitement, card.days - 1) + 1):
                    if card.days - spent <= left:
                        actions.append(table.visit[c][spent])
        rules = content.rules
        if len(self.hands[p]) >= rules.activity_discards and rules.activity_days <= left:
            actions += table.activity
        actions.append(table.skip)
        return actions

    def _extras_actions(self) -> list:
        content, table, p = self.game.content, self.game.actions, self.player
        here = self.pos[p]
        actions = []
        tile = content.local_tiles[here]
        if (
            not self.extras & LOCAL
            and tile
            and not self.used_local[p] >> here & 1
            and can_pay(self, p, tile.cost)
        ):
            actions.append(table.local[here])
        bucket = content.bucket_lists[here]
        if not self.extras & BUCKET and bucket and self.buckets[here] < 0:
            held = self.tags[p]
            if all(held[tag] >= count for tag, count in bucket.needs):
                actions.append(table.claim[here])
        if not self.extras & FESTIVAL:
            for f in self.festivals:
                festival = content.festivals[f]
                if (
                    festival.region == here
                    and not self.used_festival[p] >> f & 1
                    and can_pay(self, p, festival.cost)
                ):
                    actions.append(table.attend[f])
        return actions

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, action) -> None:
        _HANDLERS[type(action)](self, action)
        self._settle()

    def _settle(self) -> None:
        """Run what follows without a choice: cancel draws from an empty deck, end a turn with
        no Extras left to take, and the end-of-week steps up to the next decision."""
        while True:
            if any(self.owed) and not self.deck and not self.discard:
                self.owed = [0] * len(self.owed)
            if self.festival_needed and not self.festival_deck:
                self.festival_needed = 0
            if self.festival_needed or any(self.owed):
                return
            if self.phase == REFRESH:
                self._resolve_income()
                n = len(self.pos)
                self.keep_queue = [(self.first + k) % n for k in range(n)]
                self.player = self.keep_queue[0]
                self.phase = KEEP
            elif self.phase == EXTRAS and not self._extras_actions():
                self._next_turn()
            else:
                return

    def _start(self, action: Start) -> None:
        self.pos[self.player] = action.region
        self.phase = ACTIVITY

    def _stay(self, action: Stay) -> None:
        self.phase = ACTIVITY

    def _train(self, action: Train) -> None:
        self.res[self.player][ENERGY] -= action.energy
        self.pos[self.player] = action.region
        self.phase = ACTIVITY

    def _fly(self, action: Fly) -> None:
        self.res[self.player][COINS] -= action.coins
        self.pos[self.player] = action.region
        self.phase = ACTIVITY

    def _ticket(self, action: Ticket) -> None:
        self.tickets[self.player] -= 1
        self.pos[self.player] = action.region
        self.phase = ACTIVITY

    def _spend(self, days: int, region: int) -> int:
        """Spend `days` days: the leftmost available Day disc goes to `region`, the others are
        spent; returns the weekday of the placed disc (0 = Monday)."""
        p, per_week = self.player, self.game.content.rules.days_per_week
        weekday = self.day[p]
        slot = self.week * per_week + weekday
        calendar = self.calendar[p]
        calendar[slot] = region
        for other in range(slot + 1, slot + days):
            calendar[other] = SPENT
        self.day[p] += days
        return weekday

    def _visit(self, action: Visit) -> None:
        p, card = self.player, self.game.content.locations[action.card]
        self.res[p][EXCITEMENT] -= action.excitement
        weekday = self._spend(card.days - action.excitement, card.region)
        self.hands[p].remove(card.index)
        self.visited[p].append(card.index)
        for tag in card.tags:
            self.tags[p][TAGS.index(tag)] += 1
        self.phase = EXTRAS
        if card.bonus and weekday in card.bonus_days:
            self.pending = card.index
            self.phase = ORDER
        else:
            resolve(self, p, card.effect, LOCATIONS)

    def _activity(self, action: Activity) -> None:
        self.pending = action.activity
        self.discards_left = self.game.content.rules.activity_discards
        self.phase = DISCARD
        if not self.discards_left:
            self._finish_activity()

    def _skip(self, action: Skip) -> None:
        self._spend(1, SPENT)
        self.phase = EXTRAS

    def _discard(self, action: Discard) -> None:
        self.hands[self.player].remove(action.card)
        insort(self.discard, action.card)
        if self.phase == DISCARD:
            self.discards_left -= 1
            if not self.discards_left:
                self._finish_activity()

    def _finish_activity(self) -> None:
        """After the discards: spend the day in the current region, then the activity's effect."""
        p, rules = self.player, self.game.content.rules
        self._spend(rules.activity_days, self.pos[p])
        resolve(self, p, rules.activities[ACTIVITIES[self.pending]], LOCATIONS)
        self.pending = -1
        self.phase = EXTRAS

    def _order(self, action: Order) -> None:
        p, card = self.player, self.game.content.locations[self.pending]
        first, second = (
            (card.bonus, card.effect) if action.bonus_first else (card.effect, card.bonus)
        )
        resolve(self, p, first, LOCATIONS)
        resolve(self, p, second, LOCATIONS)
        self.pending = -1
        self.phase = EXTRAS

    def _use_local(self, action: UseLocal) -> None:
        tile = self.game.content.local_tiles[action.region]
        self.used_local[self.player] |= 1 << action.region
        self.extras |= LOCAL
        resolve(self, self.player, tile.cost + tile.reward, LOCAL_TILES)

    def _claim(self, action: Claim) -> None:
        bucket = self.game.content.bucket_lists[action.region]
        self.buckets[action.region] = self.player
        self.extras |= BUCKET
        self.pts[self.player][BUCKET_LISTS] += bucket.points

    def _attend(self, action: Attend) -> None:
        festival = self.game.content.festivals[action.festival]
        self.used_festival[self.player] |= 1 << action.festival
        self.extras |= FESTIVAL
        resolve(self, self.player, festival.cost + festival.reward, FESTIVALS)

    def _end_turn(self, action: EndTurn) -> None:
        self._next_turn()

    def _keep(self, action: KeepHand) -> None:
        self.keep_queue.pop(0)
        if self.keep_queue:
            self.player = self.keep_queue[0]
        else:
            self._start_week()

    def _draw(self, action: Draw) -> None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
        self.deck.remove(action.card)
        drawer = self._drawer()
        insort(self.hands[drawer], action.card)
        self.owed[drawer] -= 1

    def _reveal(self, action: Reveal) -> None:
        self.festival_deck.remove(action.festival)
        self.festivals.append(action.festival)
        self.festival_needed -= 1

    # --- turns and weeks ----------------------------------------------------------------------
    def _next_turn(self) -> None:
        """The next player in turn order with a day left this week, or the end of the week."""
        n, per_week = len(self.pos), self.game.content.rules.days_per_week
        self.extras = 0
        for k in range(1, n + 1):
            other = (self.player + k) % n
            if self.day[other] < per_week:
                self.player = other
                self.phase = TRAVEL
                return
        self._end_week()

    def _end_week(self) -> None:
        """Score the regions; then the Festival refresh, or after the last week income and the
        end of the game (no discard and no First Player token after the last week)."""
        rules = self.game.content.rules
        score_regions(self)
        if self.week == rules.weeks - 1:
            self._resolve_income()
            self.phase = OVER
            return
        self.festivals = []
        self.festival_needed = rules.festivals_per_week
        self.phase = REFRESH

    def _resolve_income(self) -> None:
        rules = self.game.content.rules
        for p, position in enumerate(self.income):
            self.res[p][rules.income_resource] += rules.income_base
            resolve(self, p, rules.income_track[position], LOCATIONS)

    def _start_week(self) -> None:
        """Pass the First Player token; everyone draws up to the hand size."""
        n, rules = len(self.pos), self.game.content.rules
        self.first = (self.first + 1) % n
        self.player = self.first
        self.week += 1
        self.day = [0] * n
        self.used_local = [0] * n
        self.owed = [max(0, rules.hand_size - len(hand)) for hand in self.hands]
        self.phase = TRAVEL

    def action_named(self, name: str):
        """The legal action called `name`: first looked up in the action table (replaying a save
        is faster so), else found among the legal actions (a train's name is the same from every
        region it can leave from)."""
        action = self.game.actions.by_name.get(name)
        if action is not None and action in self.legal_actions():
            return action
        return super().action_named(name)

    # --- reasons for refusals -----------------------------------------------------------------
    def _why_illegal(self, action) -> str:
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            if isinstance(action, Draw | Reveal) or str(action).startswith(("draw", "Festival d")):
                return "that card is not among the chance outcomes now (not in the deck)"
            return "a chance event (a card draw or a Festival reveal) is due"
        if isinstance(action, str):
            action = self.game.actions.by_name.get(action, action)
            if isinstance(action, str):
                return "no action of this game has this name"
        reason = _REASONS.get(type(action), _no_reason)(self, action)
        return reason or f"it is not allowed at player {player}'s {PHASES[self.phase]} step"

    def _travel_reason(self, action) -> str | None:
        p = self.player
        if self.phase != TRAVEL:
            return f"travel comes first in a turn; player {p} is at the {PHASES[self.phase]} step"
        if self.pos[p] < 0 and not isinstance(action, Start):
            return f"player {p} has not placed the pawn yet; the first placement is free"
        if self.pos[p] >= 0 and isinstance(action, Start):
            return f"player {p}'s pawn is already placed"
        if isinstance(action, Train):
            if action.origin != self.pos[p]:
                return f"this train leaves from {self.game.content.regions[action.origin].code}"
            return f"it costs {action.energy} Energy and player {p} has {self.res[p][ENERGY]}"
        if isinstance(action, Fly):
            return f"a plane costs {action.coins} Coins and player {p} has {self.res[p][COINS]}"
        if isinstance(action, Ticket):
            return f"player {p} has no free trip"
        return None

    def _visit_reason(self, action: Visit) -> str | None:
        p, content = self.player, self.game.content
        card = content.locations[action.card]
        left = content.rules.days_per_week - self.day[p]
        if self.phase != ACTIVITY:
            return f"player {p} is at the {PHASES[self.phase]} step, not the Activity"
        if card.index not in self.hands[p]:
            return f"{card.id} is not in player {p}'s hand"
        if self.pos[p] != card.region:
            here = content.regions[self.pos[p]].code
            return f"{card.id} is in {content.regions[card.region].code}, the pawn is in {here}"
        if action.excitement > self.res[p][EXCITEMENT]:
            return f"player {p} has only {self.res[p][EXCITEMENT]} Excitement"
        return f"it takes {card.days - action.excitement} days and {left} are left this week"

    def _extra_reason(self, action) -> str | None:
        p = self.player
        if self.phase != EXTRAS:
            return f"Extras come after the Activity; player {p} is at the {PHASES[self.phase]} step"
        bit = {UseLocal: LOCAL, Claim: BUCKET, Attend: FESTIVAL}[type(action)]
        if self.extras & bit:
            return "only one action of each kind of Extra is allowed per turn"
        if isinstance(action, Claim) and self.buckets[action.region] >= 0:
            return f"player {self.buckets[action.region]} has claimed this Bucket List"
        return "it is not available here, or its requirements are not met"

    def _activity_reason(self, action: Activity) -> str | None:
        p, rules = self.player, self.game.content.rules
        if self.phase != ACTIVITY:
            return f"player {p} is at the {PHASES[self.phase]} step, not the Activity"
        held = len(self.hands[p])
        return f"{action} discards {rules.activity_discards} cards and player {p} holds {held}"

    def _keep_reason(self, action: KeepHand) -> str | None:
        if self.phase == KEEP:
            size = self.game.content.rules.hand_size
            return f"the hand holds {len(self.hands[self.player])} cards; discard down to {size}"
        return None

    # --- copies, views and scores -------------------------------------------------------------
    def clone(self) -> FourWeeksState:
        new = object.__new__(FourWeeksState)
        data = self.__dict__.copy()
        for key in _FLAT_LISTS:
            data[key] = data[key][:]
        for key in _NESTED_LISTS:
            data[key] = [row[:] for row in data[key]]
        new.__dict__ = data
        return new

    def scores(self) -> list[ScoreSheet]:
        return [score_sheet(self, p) for p in range(len(self.pos))]

    def _observation(self, player: int) -> dict:
        """The public board and `player`'s own hand; other hands are counted, not shown."""
        content = self.game.content
        return {
            "turn": f"player {self.current_player}" if self.current_player >= 0 else "",
            "week": self.week + 1,
            "phase": PHASES[self.phase],
            "player": self.current_player,
            "first_player": self.first,
            "pawns": [content.regions[r].code if r >= 0 else None for r in self.pos],
            "days_spent": list(self.day),
            "resources": [dict(zip(RESOURCES, res, strict=True)) for res in self.res],
            "income_track": list(self.income),
            "tickets": list(self.tickets),
            "calendar": [list(c) for c in self.calendar],
            "insider_tips": list(self.insider),
            "visited": [[content.locations[c].id for c in v] for v in self.visited],
            "hand": [content.locations[c].id for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": [content.locations[c].id for c in self.discard],
            "festivals": [
                content.regions[content.festivals[f].region].code for f in self.festivals
            ],
            "bucket_lists": list(self.buckets),
            "points": [sheet.total for sheet in self.scores()],
        }

    def describe(self, player: int) -> str:
        """The board and `player`'s hand with each card's cost and effects, for terminal play."""
        content = self.game.content
        rows = [str(self), f"your hand (player {player}):"]
        for c in self.hands[player]:
            card = content.locations[c]
            bonus = ""
            if card.bonus:
                days = "/".join(content.rules.weekdays[d] for d in sorted(card.bonus_days))
                bonus = f"; {days}: {describe(card.bonus)}"
            rows.append(
                f"  {card.id:<5} {card.name:<26} {card.days}d {'+'.join(card.tags):<16} "
                f"{describe(card.effect)}{bonus}"
            )
        return "\n".join(rows)

    def __str__(self) -> str:
        content, rules = self.game.content, self.game.content.rules
        if self.phase == OVER:
            head = "game over"
        else:
            weekday = rules.weekdays[min(self.day[self.player], rules.days_per_week - 1)]
            head = f"week {self.week + 1}, player {self.player} ({weekday}), {PHASES[self.phase]}"
        festivals = ", ".join(
            f"{content.festivals[f].name} ({content.regions[content.festivals[f].region].code})"
            for f in self.festivals
        )
        rows = [head, f"festivals: {festivals or 'none'}"]
        for p, res in enumerate(self.res):
            where = content.regions[self.pos[p]].code if self.pos[p] >= 0 else "-"
            first = "*" if p == self.first else " "
            rows.append(
                f"{first}player {p} in {where}: day {self.day[p]}/{rules.days_per_week}, "
                + ", ".join(f"{n} {name}" for name, n in zip(RESOURCES, res, strict=True))
                + f", income {self.income[p]}, hand {len(self.hands[p])}, "
                f"visited {len(self.visited[p])}, points {score_sheet(self, p).total}"
            )
        return "\n".join(rows)


def _no_reason(state: FourWeeksState, action) -> None:
    return None


_HANDLERS = {
    Start: FourWeeksState._start,
    Stay: FourWeeksState._stay,
    Train: FourWeeksState._train,
    Fly: FourWeeksState._fly,
    Ticket: FourWeeksState._ticket,
    Visit: FourWeeksState._visit,
    Activity: FourWeeksState._activity,
    Skip: FourWeeksState._skip,
    Discard: FourWeeksState._discard,
    Order: FourWeeksState._order,
    UseLocal: FourWeeksState._use_local,
    Claim: FourWeeksState._claim,
    Attend: FourWeeksState._attend,
    EndTurn: FourWeeksState._end_turn,
    KeepHand: FourWeeksState._keep,
    Draw: FourWeeksState._draw,
    Reveal: FourWeeksState._reveal,
}
_REASONS = {
    Start: FourWeeksState._travel_reason,
    Stay: FourWeeksState._travel_reason,
    Train: FourWeeksState._travel_reason,
    Fly: FourWeeksState._travel_reason,
    Ticket: FourWeeksState._travel_reason,
    Visit: FourWeeksState._visit_reason,
    Activity: FourWeeksState._activity_reason,
    UseLocal: FourWeeksState._extra_reason,
    Claim: FourWeeksState._extra_reason,
    Attend: FourWeeksState._extra_reason,
    KeepHand: FourWeeksState._keep_reason,
}
_FLAT_LISTS = (
    "history",
    "income",
    "pos",
    "day",
    "insider",
    "tickets",
    "deck",
    "discard",
    "owed",
    "festival_deck",
    "festivals",
    "used_local",
    "used_festival",
    "buckets",
    "keep_queue",
)
_NESTED_LISTS = ("res", "pts", "calendar", "hands", "visited", "tags")
