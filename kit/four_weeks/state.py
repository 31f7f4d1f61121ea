"""The rules' flow of the four-week Europe calendar game.

Four weeks of seven days. At the start of a week each player draws up to seven Location cards;
then players take turns, skipping those with no day left this week, until nobody has one. A turn:

1. Travel: the first placement is free; a plane costs 4 Coins to any region; a train costs 1 Energy
   per segment along the network; a free trip (from an effect) goes anywhere.
2. One Activity: visit a Location card of the current region (its day cost less one per
   Excitement spent, at least one day; the leftmost available Day disc of the week goes to the
   region; its effect and a matching weekday bonus in the order the player chooses), or Write,
   Rest or Plan (discard three cards, spend one day placed in the region). Skipping the Activity
   loses a day (its disc is spent, not placed), so that every turn brings the week's end nearer.
3. Extras: at most one Local tile action, one Bucket List claim and one Festival action.

End of a week: score the regions, refresh the two Festival regions, income (2 plus the Income
track), discard down to seven and pass the First Player token (these two not after week 4); then
final scoring. (The numbers come from `seeds/four_weeks/rules.toml`.)

Every atomic choice is one action. The turn's step is `state.step`; a question asked in the middle
of an action (the cards to discard, the order of effect and bonus, the week's-end discards) is a
decision object in `state.decision`, in the shape of `kit.core.Decision`. Draws and Festival
reveals are chance events."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.core import CHANCE, TERMINAL, ScoreSheet, State
from kit.core.words import plural
from kit.four_weeks.actions import (
    Activity,
    Attend,
    Claim,
    Discard,
    Draw,
    EndTurn,
    Extra,
    Fly,
    FourWeeksAction,
    KeepHand,
    Order,
    Reveal,
    Skip,
    Start,
    Stay,
    Ticket,
    Train,
    Travel,
    UseLocal,
    Visit,
)
from kit.four_weeks.content import ACTIVITIES, TAGS
from kit.four_weeks.effects import (
    COINS,
    ENERGY,
    EXCITEMENT,
    RESOURCE_NAMES,
    can_pay,
    describe,
    resolve,
)
from kit.four_weeks.scoring import (
    BUCKET_LISTS,
    FESTIVALS,
    LINES,
    LOCAL_TILES,
    LOCATIONS,
    score_regions,
    score_sheet,
)

if TYPE_CHECKING:
    from kit.four_weeks.game import FourWeeks

# The steps of a turn, then the week's end and the end of the game (`state.step`).
TRAVEL, ACTIVITY, EXTRAS, WEEK_END, OVER = range(5)
STEPS = ("Travel", "Activity", "Extras", "week's end", "game over")
# A Day disc on the calendar: still available, spent without being placed, or a region index.
AVAILABLE, SPENT = -1, -2
# Extras taken this turn (`state.extras` bits).
LOCAL, BUCKET, FESTIVAL = 1, 2, 4


# --- questions asked in the middle of an action -------------------------------------------------
# Each is a value: an answer replaces the state's decision (or clears it) and never changes the
# object, so clones of a state may share it.
@dataclass(slots=True)
class ActivityDiscards:
    """Write, Rest or Plan: the player chooses the cards to discard, one at a time; after the
    last, the day is spent in the pawn's region and the activity's effect resolves."""

    player: int
    activity: int  # index in ACTIVITIES
    left: int  # cards still to discard

    def question(self, state: FourWeeksState) -> str:
        cards = plural(self.left, "card", "cards")
        return f"which card player {self.player} discards for {self.name} ({cards} to go)"

    def reason(self, state: FourWeeksState) -> str:
        return f"player {self.player} chose {self.name}"

    @property
    def name(self) -> str:
        return ACTIVITIES[self.activity].capitalize()

    def choices(self, state: FourWeeksState) -> list[Discard]:
        discard = state.game.actions.discard
        return [discard[c] for c in state.hands[self.player]]

    def answer(self, state: FourWeeksState, action: FourWeeksAction) -> None:
        assert isinstance(action, Discard)
        state._discard_card(self.player, action.card)
        if self.left > 1:
            state.decision = ActivityDiscards(self.player, self.activity, self.left - 1)
        else:
            state.decision = None
            state._finish_activity(self.activity)


@dataclass(slots=True)
class EffectOrder:
    """A visit whose placed Day disc matches the card's weekday bonus: the player chooses which
    of effect and bonus resolves first (it matters when one pays for the other)."""

    player: int
    card: int
    weekday: int

    def question(self, state: FourWeeksState) -> str:
        content = state.game.content
        card = content.locations[self.card]
        day = content.rules.weekdays[self.weekday]
        return (
            f"which player {self.player} takes first for {card.title}: the effect "
            f"({describe(card.effect)}) or the {day} bonus ({describe(card.bonus)})"
        )

    def reason(self, state: FourWeeksState) -> str:
        return f"player {self.player}'s visit matches its weekday bonus"

    def choices(self, state: FourWeeksState) -> Sequence[Order]:
        return state.game.actions.order

    def answer(self, state: FourWeeksState, action: FourWeeksAction) -> None:
        assert isinstance(action, Order)
        card = state.game.content.locations[self.card]
        first, second = card.effect, card.bonus
        if action.bonus_first:
            first, second = second, first
        resolve(state, self.player, first, LOCATIONS)
        resolve(state, self.player, second, LOCATIONS)
        state.decision = None
        state.step = EXTRAS


@dataclass(slots=True)
class WeekEndDiscards:
    """After weeks 1 to 3, in turn order from the First Player, each player discards down to the
    hand size (or more, to draw more next week) and then keeps the hand."""

    player: int
    later: tuple[int, ...]  # the players who discard after this one

    def question(self, state: FourWeeksState) -> str:
        size, held = state.game.content.rules.hand_size, len(state.hands[self.player])
        week = state.week + 2
        if held > size:
            return (
                f"which card player {self.player} discards before week {week} "
                f"({held} in hand, at most {size} kept)"
            )
        return (
            f"whether player {self.player} discards more before week {week} "
            f"({plural(held, 'card', 'cards')} in hand) or keeps the hand"
        )

    def reason(self, state: FourWeeksState) -> str:
        return f"player {self.player} discards at the end of week {state.week + 1}"

    def choices(self, state: FourWeeksState) -> list[Discard | KeepHand]:
        table, hand = state.game.actions, state.hands[self.player]
        choices: list[Discard | KeepHand] = [table.discard[c] for c in hand]
        if len(hand) <= state.game.content.rules.hand_size:
            choices.append(table.keep)
        return choices

    def answer(self, state: FourWeeksState, action: FourWeeksAction) -> None:
        if isinstance(action, Discard):
            state._discard_card(self.player, action.card)
        elif self.later:
            state.decision = WeekEndDiscards(self.later[0], self.later[1:])
        else:
            state.decision = None
            state._start_week()


FourWeeksDecision = ActivityDiscards | EffectOrder | WeekEndDiscards


class FourWeeksState(State):
    """A position: compact lists of ints per player, so clone and replay stay cheap."""

    game: FourWeeks
    CACHES = State.CACHES | {"_outcomes", "_extras"}

    def __init__(self, game: FourWeeks) -> None:
        super().__init__(game)
        content, rules, n = game.content, game.content.rules, game.num_players
        self.week = 0
        self.step = TRAVEL
        self.decision: FourWeeksDecision | None = None
        self.first = rules.first_player
        self.player = self.first  # whose turn it is
        self.res = [list(rules.start_resources) for _ in range(n)]
        self.pts = [[0] * len(LINES) for _ in range(n)]
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
        self._outcomes: tuple[tuple[Draw | Reveal, float], ...] | None = None
        self._extras: list[Extra] | None = None  # the Extras `_settle` found
        self._mover = self._settle()  # who moves: kept, since it is asked far more often

    # --- whose turn -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._mover  # set by `_settle` after each action

    def _drawer(self) -> int:
        """Who draws next: in turn order from the First Player."""
        n = len(self.owed)
        return next(p for k in range(n) if self.owed[p := (self.first + k) % n])

    def _chance_outcomes(self) -> tuple[tuple[Draw | Reveal, float], ...]:
        """The Festival cards left, or the cards the next drawer may draw; kept until the next
        action (the contract asks for them twice per chance event)."""
        if self._outcomes is None:
            table = self.game.actions
            if self.festival_needed:
                chance = 1 / len(self.festival_deck)
                reveals = table.reveal
                self._outcomes = tuple((reveals[f], chance) for f in self.festival_deck)
            else:
                pile = self.deck or self.discard  # an empty deck is refilled from the discards
                chance, row = 1 / len(pile), table.draw[self._drawer()]
                self._outcomes = tuple([(row[c], chance) for c in pile])
        return self._outcomes

    # --- legal actions ----------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[FourWeeksAction]:
        if self.decision is not None:
            return self.decision.choices(self)
        step = self.step
        if step == TRAVEL:
            return self._travel_actions()
        if step == ACTIVITY:
            return self._activity_actions()
        extras = self._extras_actions() if self._extras is None else self._extras
        return [*extras, self.game.actions.end_turn]

    def _travel_actions(self) -> Sequence[Travel]:
        table, p = self.game.actions, self.player
        here = self.pos[p]
        if here < 0:
            return table.start
        actions: list[Travel] = [table.stay[here]]
        energy = self.res[p][ENERGY]
        actions += [t for t in table.train[here] if t.energy <= energy]
        if self.res[p][COINS] >= self.game.content.rules.plane_coins:
            actions += [f for f in table.fly if f.region != here]
        if self.tickets[p]:
            actions += [t for t in table.ticket if t.region != here]
        return actions

    def _activity_actions(self) -> list[Visit | Activity | Skip]:
        content, table, p = self.game.content, self.game.actions, self.player
        rules = content.rules
        here, left = self.pos[p], rules.days_per_week - self.day[p]
        excitement = self.res[p][EXCITEMENT]
        actions: list[Visit | Activity | Skip] = []
        for c in self.hands[p]:
            card = content.locations[c]
            if card.region == here:
                for spent in range(min(excitement, card.days - 1) + 1):
                    if card.days - spent <= left:
                        actions.append(table.visit[c][spent])
        if len(self.hands[p]) >= rules.activity_discards and rules.activity_days <= left:
            actions += table.activity
        actions.append(table.skip)
        return actions

    def _extras_actions(self) -> list[Extra]:
        content, table, p = self.game.content, self.game.actions, self.player
        here = self.pos[p]
        actions: list[Extra] = []
        tile, local = content.local_tiles[here], table.local[here]
        if (
            local
            and tile
            and not self.extras & LOCAL
            and not self.used_local[p] >> here & 1
            and can_pay(self, p, tile.cost)
        ):
            actions.append(local)
        bucket, claim = content.bucket_lists[here], table.claim[here]
        if claim and bucket and not self.extras & BUCKET and self.buckets[here] < 0:
            held = self.tags[p]
            if all(held[tag] >= count for tag, count in bucket.needs):
                actions.append(claim)
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

    def action_named(self, name: str) -> FourWeeksAction:
        """The legal action called `name`: first looked up in the action table (replaying a save
        is faster so), else found among the legal actions (a train's name is the same from every
        region it can leave from)."""
        action = self.game.actions.by_name.get(name)
        if action is not None and action in self.legal_actions():
            return action
        found: FourWeeksAction = super().action_named(name)
        return found

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, action: FourWeeksAction) -> None:
        self._extras = None
        if self.decision is not None:
            self.decision.answer(self, action)
        else:
            _HANDLERS[type(action)](self, action)
        self._mover = self._settle()
        self._outcomes = None

    def _settle(self) -> int:
        """Run what follows without a choice: cancel draws from an empty deck, end a turn with
        no Extras left to take, and the week's end up to the next decision. Returns who moves
        next: a player, `CHANCE` or `TERMINAL`."""
        while True:
            if self.festival_needed:
                if self.festival_deck:
                    return CHANCE
                self.festival_needed = 0
            if any(self.owed):
                if self.deck or self.discard:
                    return CHANCE
                self.owed = [0] * len(self.owed)
            if self.decision is not None:
                return self.decision.player
            step = self.step
            if step == EXTRAS:
                self._extras = self._extras_actions()
                if self._extras:
                    return self.player
                self._next_turn()
            elif step == WEEK_END:
                self._resolve_income()
                n = len(self.pos)
                order = tuple((self.first + k) % n for k in range(n))
                self.decision = WeekEndDiscards(order[0], order[1:])
                return order[0]
            else:
                return TERMINAL if step == OVER else self.player

    def _travel(self, region: int) -> None:
        self.pos[self.player] = region
        self.step = ACTIVITY

    def _start(self, action: Start) -> None:
        self._travel(action.region)

    def _stay(self, action: Stay) -> None:
        self.step = ACTIVITY

    def _train(self, action: Train) -> None:
        self.res[self.player][ENERGY] -= action.energy
        self._travel(action.region)

    def _fly(self, action: Fly) -> None:
        self.res[self.player][COINS] -= action.coins
        self._travel(action.region)

    def _ticket(self, action: Ticket) -> None:
        self.tickets[self.player] -= 1
        self._travel(action.region)

    def _spend(self, days: int, region: int) -> int:
        """Spend `days` days: the leftmost available Day disc goes to `region`, the others are
        spent; returns the weekday of the placed disc (0 = the first day of the week)."""
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
            self.tags[p][tag] += 1
        if card.bonus and weekday in card.bonus_days:
            self.decision = EffectOrder(p, card.index, weekday)
        else:
            resolve(self, p, card.effect, LOCATIONS)
            self.step = EXTRAS

    def _activity(self, action: Activity) -> None:
        discards = self.game.content.rules.activity_discards
        if discards:
            self.decision = ActivityDiscards(self.player, action.activity, discards)
        else:
            self._finish_activity(action.activity)

    def _finish_activity(self, activity: int) -> None:
        """After the discards: spend the day in the current region, then the activity's effect."""
        p, rules = self.player, self.game.content.rules
        self._spend(rules.activity_days, self.pos[p])
        resolve(self, p, rules.activities[activity], LOCATIONS)
        self.step = EXTRAS

    def _skip(self, action: Skip) -> None:
        left = self.game.content.rules.days_per_week - self.day[self.player]
        self._spend(min(action.days, left), SPENT)
        self.step = EXTRAS

    def _discard_card(self, player: int, card: int) -> None:
        self.hands[player].remove(card)
        insort(self.discard, card)

    def _use_local(self, action: UseLocal) -> None:
        tile = self.game.content.local_tiles[action.region]
        assert tile is not None  # only offered where the region has a tile
        self.used_local[self.player] |= 1 << action.region
        self.extras |= LOCAL
        resolve(self, self.player, tile.cost + tile.reward, LOCAL_TILES)

    def _claim(self, action: Claim) -> None:
        self.buckets[action.region] = self.player
        self.extras |= BUCKET
        self.pts[self.player][BUCKET_LISTS] += action.points

    def _attend(self, action: Attend) -> None:
        festival = self.game.content.festivals[action.festival]
        self.used_festival[self.player] |= 1 << action.festival
        self.extras |= FESTIVAL
        resolve(self, self.player, festival.cost + festival.reward, FESTIVALS)

    def _end_turn(self, action: EndTurn) -> None:
        self._next_turn()

    def _draw(self, action: Draw) -> None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
        self.deck.remove(action.card)
        insort(self.hands[action.player], action.card)
        self.owed[action.player] -= 1

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
                self.step = TRAVEL
                return
        self._end_week()

    def _end_week(self) -> None:
        """Score the regions; then the Festival refresh, or after the last week income and the
        end of the game (no discard and no First Player token after the last week)."""
        rules = self.game.content.rules
        score_regions(self)
        if self.week == rules.weeks - 1:
            self._resolve_income()
            self.step = OVER
            return
        self.festivals = []
        self.festival_needed = rules.festivals_per_week
        self.step = WEEK_END

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
        self.step = TRAVEL

    # --- reasons for refusals -----------------------------------------------------------------
    def _why_illegal(self, action: Any) -> str:
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if isinstance(action, str):
            action = self.game.actions.by_name.get(action, action)
            if isinstance(action, str):
                return "no action of this game has this name"
        if player == CHANCE:
            if isinstance(action, Draw | Reveal):
                return f"it is not among the chance outcomes now, {self.question()}"
            return f"a chance event is due first: {self.question()}"
        if self.decision is not None:
            return self._decision_reason(action)
        reason = _REASONS.get(type(action), _no_reason)(self, action)
        return reason or f"it is not allowed at player {player}'s {STEPS[self.step]} step"

    def _decision_reason(self, action: FourWeeksAction) -> str:
        decision, rules = self.decision, self.game.content.rules
        assert decision is not None
        hand = self.hands[decision.player]
        if isinstance(action, Discard) and action.card not in hand:
            return f"{action.title} is not in player {decision.player}'s hand"
        if isinstance(action, KeepHand) and isinstance(decision, WeekEndDiscards):
            return f"the hand holds {len(hand)} cards; discard down to {rules.hand_size}"
        return f"first comes the answer to {decision.question(self)}"

    def _travel_reason(self, action: Travel) -> str | None:
        p, here = self.player, self.pos[self.player]
        codes = [r.code for r in self.game.content.regions]
        if self.step != TRAVEL:
            return f"travel comes first in a turn; player {p} is at the {STEPS[self.step]} step"
        if here < 0:
            return f"player {p} has not placed the pawn yet; the first placement is free"
        if isinstance(action, Start):
            return f"player {p}'s pawn is already placed"
        if isinstance(action, Stay):
            return f"player {p}'s pawn is in {codes[here]}"
        if action.region == here:
            return f"player {p}'s pawn is already in {codes[here]}"
        if isinstance(action, Train):
            energy = self.game.content.distance[here][action.region]
            energy *= self.game.content.rules.train_energy_per_segment
            if energy != action.energy:
                return f"the train from {codes[here]} to {action.place} costs {energy} Energy"
            return f"it costs {energy} Energy and player {p} has {self.res[p][ENERGY]}"
        if isinstance(action, Fly):
            return f"a plane costs {action.coins} Coins and player {p} has {self.res[p][COINS]}"
        return f"player {p} has no free trip"

    def _visit_reason(self, action: Visit) -> str | None:
        p, content = self.player, self.game.content
        card = content.locations[action.card]
        left = content.rules.days_per_week - self.day[p]
        if self.step != ACTIVITY:
            return f"player {p} is at the {STEPS[self.step]} step, not the Activity"
        if card.index not in self.hands[p]:
            return f"{card.id} is not in player {p}'s hand"
        if self.pos[p] != card.region:
            here = content.regions[self.pos[p]].code
            return f"{card.id} is in {action.place}, the pawn is in {here}"
        if action.excitement > self.res[p][EXCITEMENT]:
            return f"player {p} has only {self.res[p][EXCITEMENT]} Excitement"
        return f"it takes {card.days - action.excitement} days and {left} are left this week"

    def _activity_reason(self, action: Activity | Skip) -> str | None:
        p, rules = self.player, self.game.content.rules
        if self.step != ACTIVITY:
            return f"player {p} is at the {STEPS[self.step]} step, not the Activity"
        held, left = len(self.hands[p]), rules.days_per_week - self.day[p]
        if isinstance(action, Activity) and held < rules.activity_discards:
            name = ACTIVITIES[action.activity].capitalize()
            return f"{name} discards {rules.activity_discards} cards and player {p} holds {held}"
        return f"it takes {rules.activity_days} days and {left} are left this week"

    def _extra_reason(self, action: Extra) -> str | None:
        p, here = self.player, self.pos[self.player]
        if isinstance(action, Claim) and self.buckets[action.region] >= 0:
            return f"player {self.buckets[action.region]} has claimed this Bucket List"
        if self.step != EXTRAS:
            return f"Extras come after the Activity; player {p} is at the {STEPS[self.step]} step"
        codes = [r.code for r in self.game.content.regions]
        if isinstance(action, Attend) and action.festival not in self.festivals:
            return f"{action.name} is not on the Festival display this week"
        if action.place != codes[here]:
            return f"it is in {action.place} and player {p}'s pawn is in {codes[here]}"
        if self.extras & _EXTRA_BITS[type(action)]:
            return "only one action of each kind of Extra is allowed per turn"
        if isinstance(action, UseLocal) and self.used_local[p] >> here & 1:
            return f"player {p} has used this Local tile this week"
        if isinstance(action, Attend) and self.used_festival[p] >> action.festival & 1:
            return f"player {p} has attended {action.name}"
        return "its requirements are not met"

    def _end_reason(self, action: EndTurn) -> str | None:
        step = STEPS[self.step]
        return f"the turn ends after the Extras; player {self.player} is at the {step} step"

    def _answer_reason(self, action: Discard | Order | KeepHand) -> str | None:
        return f"nothing is asked of player {self.player} now: it is the {STEPS[self.step]} step"

    # --- what players see -------------------------------------------------------------------
    def _in_setup(self) -> bool:
        return self.week == 0 and self._mover == CHANCE and max(self.pos) < 0

    def _weekday(self) -> str:
        rules = self.game.content.rules
        return rules.weekdays[min(self.day[self.player], rules.days_per_week - 1)]

    def _phase(self) -> str:
        week = self.week + 1
        if self.step == OVER:
            return "game over"
        if self._in_setup():
            return "setup: the Festivals and the opening hands"
        if self.step == WEEK_END:
            part = "the Festival refresh" if self.festival_needed else "discards"
            return f"end of week {week}: {part}"
        return f"week {week}, {self._weekday()}: player {self.player}'s {STEPS[self.step]} step"

    def _turn(self) -> str:
        """Whose turn it is and why."""
        mover, n = self._mover, len(self.pos)
        if mover == TERMINAL:
            return "nobody: the game is over"
        if mover == CHANCE:
            if self.festival_needed:
                week = self.week + (2 if self.step == WEEK_END else 1)
                return f"chance: a Festival is revealed for week {week}"
            drawer, why = self._drawer(), "an effect or Plan"
            if self.step == TRAVEL and max(self.day) == 0:
                why = f"up to {self.game.content.rules.hand_size} for week {self.week + 1}"
            return f"chance: player {drawer} draws a Location card ({why})"
        if self.decision is not None:
            return f"player {mover}: {self.decision.reason(self)}"
        per_week = self.game.content.rules.days_per_week
        done = [p for p in range(n) if p != mover and self.day[p] >= per_week]
        why = f"player {mover}'s turn"
        if done:
            names = ", ".join(map(str, done))
            why += f" (player{'s' * (len(done) > 1)} {names}: no day left this week)"
        return why

    def question(self) -> str:
        mover = self._mover
        if mover == TERMINAL:
            return "the game is over"
        if mover == CHANCE:
            if self.festival_needed:
                return "which Festival is revealed"
            return f"which Location card player {self._drawer()} draws"
        if self.decision is not None:
            return self.decision.question(self)
        codes = [r.code for r in self.game.content.regions]
        p, here = self.player, self.pos[self.player]
        if self.step == TRAVEL:
            if here < 0:
                return f"where player {p} places the pawn (the first placement is free)"
            return f"where player {p} travels from {codes[here]}, or whether the pawn stays"
        if self.step == ACTIVITY:
            return (
                f"which Activity player {p} takes on {self._weekday()} in {codes[here]}: a "
                f"visit, Write, Rest or Plan, or none"
            )
        return f"which Extra player {p} takes in {codes[here]}, or whether the turn ends"

    def _observation(self, player: int) -> dict[str, Any]:
        """The public board and `player`'s own hand; other hands are counted, not shown, and
        the deck is face down."""
        content = self.game.content
        titles = [card.title for card in content.locations]
        codes = [r.code for r in content.regions]
        return {
            "phase": self._phase(),
            "turn": self._turn(),
            "week": self.week + 1,
            "weekday": None if self.step >= WEEK_END else self._weekday(),
            "step": "setup" if self._in_setup() else STEPS[self.step],
            "first_player": self.first,
            "players": [self._player_view(p) for p in range(len(self.pos))],
            "hand": [titles[c] for c in self.hands[player]],
            "deck_size": len(self.deck),
            "discard_pile": [titles[c] for c in self.discard],
            "festivals": [
                {
                    "name": content.festivals[f].name,
                    "region": codes[content.festivals[f].region],
                    "effect": describe(content.festivals[f].cost + content.festivals[f].reward),
                    "attended_by": self._players_with_bit(self.used_festival, f),
                }
                for f in self.festivals
            ],
            "festivals_left": len(self.festival_deck),
            "bucket_lists": [
                {
                    "region": codes[bucket.region],
                    "needs": ", ".join(f"{count} {TAGS[tag]}" for tag, count in bucket.needs),
                    "points": bucket.points,
                    "claimed_by": self.buckets[r] if self.buckets[r] >= 0 else None,
                }
                for r, bucket in enumerate(content.bucket_lists)
                if bucket
            ],
            "local_tiles": [
                {
                    "region": codes[tile.region],
                    "effect": describe(tile.cost + tile.reward),
                    "used_this_week_by": self._players_with_bit(self.used_local, r),
                }
                for r, tile in enumerate(content.local_tiles)
                if tile
            ],
        }

    def _players_with_bit(self, bits: list[int], bit: int) -> list[int]:
        return [p for p, mask in enumerate(bits) if mask >> bit & 1]

    def _player_view(self, p: int) -> dict[str, Any]:
        """A player's public area: pawn, resources, tracks, calendar and visited cards."""
        content, rules = self.game.content, self.game.content.rules
        where = self.pos[p]
        track = rules.income_track[self.income[p]]
        return {
            "pawn": content.regions[where].code if where >= 0 else None,
            "days_left": rules.days_per_week - self.day[p] if self.step < WEEK_END else 0,
            "resources": {
                names[1]: held for names, held in zip(RESOURCE_NAMES, self.res[p], strict=True)
            },
            "income_track": self.income[p],
            "income": f"{rules.income_base} plus {describe(track)}" if track else "",
            "free_trips": self.tickets[p],
            "hand_size": len(self.hands[p]),
            "visited": [content.locations[c].title for c in self.visited[p]],
            "tags": dict(zip(TAGS, self.tags[p], strict=True)),
            "calendar": self._calendar(p),
            "points": score_sheet(self, p).total,
        }

    def _calendar(self, p: int) -> list[list[dict[str, Any]]]:
        """The player's Day discs, week by week: available, spent, or placed in a region, and
        whether the disc shows its Insider Tip side."""
        rules, codes = self.game.content.rules, [r.code for r in self.game.content.regions]
        per_week, row, mask = rules.days_per_week, self.calendar[p], self.insider[p]
        weeks = []
        for week in range(rules.weeks):
            days = []
            for weekday, name in enumerate(rules.weekdays):
                slot = week * per_week + weekday
                disc = row[slot]
                shown = "available" if disc == AVAILABLE else "spent" if disc == SPENT else ""
                days.append(
                    {
                        "weekday": name,
                        "disc": shown or f"in {codes[disc]}",
                        "insider_tip": bool(mask >> slot & 1),
                    }
                )
            weeks.append(days)
        return weeks

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
            tags = "+".join(TAGS[tag] for tag in card.tags)
            rows.append(
                f"  {card.id:<5} {card.name:<26} {card.days}d {tags:<18} "
                f"{describe(card.effect)}{bonus}"
            )
        return "\n".join(rows)

    def __str__(self) -> str:
        content, rules = self.game.content, self.game.content.rules
        festivals = ", ".join(
            f"{content.festivals[f].name} ({content.regions[content.festivals[f].region].code})"
            for f in self.festivals
        )
        rows = [self._phase(), f"festivals: {festivals or 'none'}"]
        for p, res in enumerate(self.res):
            where = content.regions[self.pos[p]].code if self.pos[p] >= 0 else "-"
            first = "*" if p == self.first else " "
            rows.append(
                f"{first}player {p} in {where}: day {self.day[p]}/{rules.days_per_week}, "
                + ", ".join(f"{n} {names[1]}" for names, n in zip(RESOURCE_NAMES, res, strict=True))
                + f", income {self.income[p]}, hand {len(self.hands[p])}, "
                f"visited {len(self.visited[p])}, points {score_sheet(self, p).total}"
            )
        return "\n".join(rows)

    # --- copies and scores --------------------------------------------------------------------
    def clone(self) -> FourWeeksState:
        """A copy of the small lists (much cheaper than a deep copy); decisions are values."""
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

    def lengths(self) -> list[int]:
        """The days of the calendar each player has spent (28 at the end of four weeks)."""
        per_week = self.game.content.rules.days_per_week
        return [self.week * per_week + days for days in self.day]


def _no_reason(state: FourWeeksState, action: Any) -> None:
    return None


_HANDLERS: dict[type, Callable[[FourWeeksState, Any], None]] = {
    Start: FourWeeksState._start,
    Stay: FourWeeksState._stay,
    Train: FourWeeksState._train,
    Fly: FourWeeksState._fly,
    Ticket: FourWeeksState._ticket,
    Visit: FourWeeksState._visit,
    Activity: FourWeeksState._activity,
    Skip: FourWeeksState._skip,
    UseLocal: FourWeeksState._use_local,
    Claim: FourWeeksState._claim,
    Attend: FourWeeksState._attend,
    EndTurn: FourWeeksState._end_turn,
    Draw: FourWeeksState._draw,
    Reveal: FourWeeksState._reveal,
}
_REASONS: dict[type, Callable[[FourWeeksState, Any], str | None]] = {
    Start: FourWeeksState._travel_reason,
    Stay: FourWeeksState._travel_reason,
    Train: FourWeeksState._travel_reason,
    Fly: FourWeeksState._travel_reason,
    Ticket: FourWeeksState._travel_reason,
    Visit: FourWeeksState._visit_reason,
    Activity: FourWeeksState._activity_reason,
    Skip: FourWeeksState._activity_reason,
    UseLocal: FourWeeksState._extra_reason,
    Claim: FourWeeksState._extra_reason,
    Attend: FourWeeksState._extra_reason,
    EndTurn: FourWeeksState._end_reason,
    Discard: FourWeeksState._answer_reason,
    Order: FourWeeksState._answer_reason,
    KeepHand: FourWeeksState._answer_reason,
}
_EXTRA_BITS = {UseLocal: LOCAL, Claim: BUCKET, Attend: FESTIVAL}
_FLAT_LISTS = (
    "history",
    "fixed",
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
)
_NESTED_LISTS = ("res", "pts", "calendar", "hands", "visited", "tags")
