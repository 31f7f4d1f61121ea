"""The flow of the four-week game as frames on the state's decision stack (`kit.core.frames`).

A turn is three frames pushed at once: the player's Travel, Activity and Extras steps. An answer
pushes what it asks next on top: the cards to discard for Write, Rest or Plan, the order of a
visit's effect and weekday bonus, and the draws an effect owes. The Extras step comes back after
each Extra until the player ends the turn or no Extra is left. When the stack is empty the next
player with a day left takes a turn, or the week ends (`WeekEnd`): the regions score, then the
Festival reveals, income, each player's discards and the next week's start with its draws. Draws
and Festival reveals are chance events; a card drawn is told to its drawer alone.

Frames never change once made (a clone shares them); the turn steps and the chance events are
made once, per player where they have one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from kit.core import CHANCE
from kit.core.frames import Frame, Task
from kit.core.words import plural
from kit.four_weeks import rules
from kit.four_weeks.actions import (
    Activity,
    Attend,
    Claim,
    Discard,
    Draw,
    EndTurn,
    Extra,
    Fly,
    KeepHand,
    Order,
    Reveal,
    Skip,
    Start,
    Stay,
    Train,
    Travel,
    UseLocal,
    Visit,
)
from kit.four_weeks.content import ACTIVITIES, MAX_PLAYERS
from kit.four_weeks.effects import COINS, ENERGY, EXCITEMENT, can_pay, describe, resolve
from kit.four_weeks.rules import BUCKET, FESTIVAL, LOCAL
from kit.four_weeks.scoring import LOCATIONS

if TYPE_CHECKING:
    from kit.four_weeks.state import FourWeeksState

# The steps of a turn, then the week's end and the end of the game (`state.step`).
TRAVEL, ACTIVITY, EXTRAS, WEEK_END, OVER = range(5)
STEPS = ("Travel", "Activity", "Extras", "week's end", "game over")
_EXTRA_BITS = {UseLocal: LOCAL, Claim: BUCKET, Attend: FESTIVAL}


class WeekFrame(Frame):
    """A frame of this game: `step` is the part of the turn or week it belongs to (None for a
    chance event, which belongs to the frame below it); `why` says whose turn it is and why."""

    __slots__ = ()
    step: ClassVar[int | None] = None

    def why(self, state: FourWeeksState) -> str:
        raise NotImplementedError


def draws_owed(state: FourWeeksState) -> None:
    """After an effect: the cards it has the player draw come first."""
    if any(state.owed):
        state.stack.append(DRAWS)


# --- the player's turn ----------------------------------------------------------------------------
@dataclass(slots=True)
class TurnStep(WeekFrame):
    """One step of `player`'s turn: it refuses what belongs to another step in that step's
    words (`out_of_step`)."""

    player: int

    step: ClassVar[int]

    def why(self, state: FourWeeksState) -> str:
        mover, per_week = self.player, state.game.content.rules.days_per_week
        done = [p for p in range(len(state.pos)) if p != mover and state.day[p] >= per_week]
        why = f"player {mover}'s turn"
        if done:
            names = ", ".join(map(str, done))
            why += f" (player{'s' * (len(done) > 1)} {names}: no day left this week)"
        return why

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        return out_of_step(state, self, action)

    def here(self, state: FourWeeksState) -> str:
        return state.game.content.regions[state.pos[self.player]].code


def out_of_step(state: FourWeeksState, frame: TurnStep, action: Any) -> str | None:
    """Why an action of another step than `frame`'s is refused (None: the general reason)."""
    p, step = frame.player, STEPS[frame.step]
    if isinstance(action, Claim) and state.buckets[action.region] >= 0:
        return f"player {state.buckets[action.region]} has claimed this Bucket List"
    if isinstance(action, Travel):
        return f"travel comes first in a turn; player {p} is at the {step} step"
    if isinstance(action, Visit | Activity | Skip):
        return f"player {p} is at the {step} step, not the Activity"
    if isinstance(action, Extra):
        return f"Extras come after the Activity; player {p} is at the {step} step"
    if isinstance(action, EndTurn):
        return f"the turn ends after the Extras; player {p} is at the {step} step"
    if isinstance(action, Discard | Order | KeepHand):
        return f"nothing is asked of player {p} now: it is the {step} step"
    return None


@dataclass(slots=True)
class TravelStep(TurnStep):
    """The first placement is free; then stay, a train along the network for Energy, a plane
    to any region for Coins, or a free trip."""

    step: ClassVar[int] = TRAVEL

    def question(self, state: FourWeeksState) -> str:
        if state.pos[self.player] < 0:
            return f"where player {self.player} places the pawn (the first placement is free)"
        return (
            f"where player {self.player} travels from {self.here(state)}, or whether the pawn stays"
        )

    def choices(self, state: FourWeeksState) -> Sequence[Travel]:
        table, p = state.game.actions, self.player
        here = state.pos[p]
        if here < 0:
            return table.start
        actions: list[Travel] = [table.stay[here]]
        energy = state.res[p][ENERGY]
        actions += [t for t in table.train[here] if t.energy <= energy]
        if state.res[p][COINS] >= state.game.content.rules.plane_coins:
            actions += [f for f in table.fly if f.region != here]
        if state.tickets[p]:
            actions += [t for t in table.ticket if t.region != here]
        return actions

    def answer(self, state: FourWeeksState, action: Travel) -> None:
        rules.travel(state, self.player, action)

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if not isinstance(action, Travel):
            return out_of_step(state, self, action)
        p, here = self.player, state.pos[self.player]
        if here < 0:
            return f"player {p} has not placed the pawn yet; the first placement is free"
        if isinstance(action, Start):
            return f"player {p}'s pawn is already placed"
        code = self.here(state)
        if isinstance(action, Stay):
            return f"player {p}'s pawn is in {code}"
        if action.region == here:
            return f"player {p}'s pawn is already in {code}"
        if isinstance(action, Train):
            content = state.game.content
            energy = content.distance[here][action.region] * content.rules.train_energy_per_segment
            if energy != action.energy:
                return f"the train from {code} to {action.place} costs {energy} Energy"
            return f"it costs {energy} Energy and player {p} has {state.res[p][ENERGY]}"
        if isinstance(action, Fly):
            return f"a plane costs {action.coins} Coins and player {p} has {state.res[p][COINS]}"
        return f"player {p} has no free trip"


@dataclass(slots=True)
class ActivityStep(TurnStep):
    """One Activity: visit a card of the pawn's region (its days less the Excitement spent),
    Write, Rest or Plan, or none, which loses a day."""

    step: ClassVar[int] = ACTIVITY

    def question(self, state: FourWeeksState) -> str:
        return (
            f"which Activity player {self.player} takes on {state.weekday()} in "
            f"{self.here(state)}: a visit, Write, Rest or Plan, or none"
        )

    def choices(self, state: FourWeeksState) -> list[Visit | Activity | Skip]:
        content, table, p = state.game.content, state.game.actions, self.player
        rules_ = content.rules
        here, left = state.pos[p], rules_.days_per_week - state.day[p]
        excitement = state.res[p][EXCITEMENT]
        actions: list[Visit | Activity | Skip] = []
        for c in state.hands[p]:
            card = content.locations[c]
            if card.region == here:
                for spent in range(min(excitement, card.days - 1) + 1):
                    if card.days - spent <= left:
                        actions.append(table.visit[c][spent])
        if len(state.hands[p]) >= rules_.activity_discards and rules_.activity_days <= left:
            actions += table.activity
        actions.append(table.skip)
        return actions

    def answer(self, state: FourWeeksState, action: Visit | Activity | Skip) -> None:
        p = self.player
        if isinstance(action, Skip):
            rules.skip(state, p, action.days)
            return
        if isinstance(action, Visit):
            card = state.game.content.locations[action.card]
            weekday = rules.visit(state, p, action.card, action.excitement)
            if card.bonus and weekday in card.bonus_days:
                state.stack.append(EffectOrder(p, card.index, weekday))
                return
            resolve(state, p, card.effect, LOCATIONS)
        else:
            discards = state.game.content.rules.activity_discards
            if discards:
                state.stack.append(ActivityDiscards(p, action.activity, discards))
                return
            rules.finish_activity(state, p, action.activity)
        draws_owed(state)

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if isinstance(action, Visit):
            return self._visit_refusal(state, action)
        if not isinstance(action, Activity | Skip):
            return out_of_step(state, self, action)
        p, rules_ = self.player, state.game.content.rules
        held, left = len(state.hands[p]), rules_.days_per_week - state.day[p]
        if isinstance(action, Activity) and held < rules_.activity_discards:
            name = ACTIVITIES[action.activity].capitalize()
            return f"{name} discards {rules_.activity_discards} cards and player {p} holds {held}"
        return f"it takes {rules_.activity_days} days and {left} are left this week"

    def _visit_refusal(self, state: FourWeeksState, action: Visit) -> str:
        p, content = self.player, state.game.content
        card = content.locations[action.card]
        if card.index not in state.hands[p]:
            return f"{card.id} is not in player {p}'s hand"
        if state.pos[p] != card.region:
            return f"{card.id} is in {action.place}, the pawn is in {self.here(state)}"
        if action.excitement > state.res[p][EXCITEMENT]:
            return f"player {p} has only {state.res[p][EXCITEMENT]} Excitement"
        left = content.rules.days_per_week - state.day[p]
        return f"it takes {card.days - action.excitement} days and {left} are left this week"


@dataclass(slots=True)
class ExtrasStep(TurnStep):
    """At most one Local tile action, one Bucket List claim and one Festival action; the turn
    ends when the player says so or when no Extra is left to take."""

    step: ClassVar[int] = EXTRAS

    def question(self, state: FourWeeksState) -> str:
        here = self.here(state)
        return f"which Extra player {self.player} takes in {here}, or whether the turn ends"

    def choices(self, state: FourWeeksState) -> list[Extra | EndTurn]:
        content, table, p = state.game.content, state.game.actions, self.player
        here, taken = state.pos[p], state.extras
        actions: list[Extra | EndTurn] = []
        tile, local = content.local_tiles[here], table.local[here]
        if (
            local
            and tile
            and not taken & LOCAL
            and not state.used_local[p] >> here & 1
            and can_pay(state, p, tile.cost)
        ):
            actions.append(local)
        bucket, claim = content.bucket_lists[here], table.claim[here]
        if claim and bucket and not taken & BUCKET and state.buckets[here] < 0:
            held = state.tags[p]
            if all(held[tag] >= count for tag, count in bucket.needs):
                actions.append(claim)
        if not taken & FESTIVAL:
            for f in state.festivals:
                festival = content.festivals[f]
                if (
                    festival.region == here
                    and not state.used_festival[p] >> f & 1
                    and can_pay(state, p, festival.cost)
                ):
                    actions.append(table.attend[f])
        if actions:
            actions.append(table.end_turn)
        return actions

    def answer(self, state: FourWeeksState, action: Extra | EndTurn) -> None:
        if isinstance(action, EndTurn):
            return
        rules.take_extra(state, self.player, action)
        state.stack.append(self)
        draws_owed(state)

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if not isinstance(action, Extra):
            return out_of_step(state, self, action)
        p, here = self.player, state.pos[self.player]
        if isinstance(action, Claim) and state.buckets[action.region] >= 0:
            return f"player {state.buckets[action.region]} has claimed this Bucket List"
        code = self.here(state)
        if isinstance(action, Attend) and action.festival not in state.festivals:
            return f"{action.name} is not on the Festival display this week"
        if action.place != code:
            return f"it is in {action.place} and player {p}'s pawn is in {code}"
        if state.extras & _EXTRA_BITS[type(action)]:
            return "only one action of each kind of Extra is allowed per turn"
        if isinstance(action, UseLocal) and state.used_local[p] >> here & 1:
            return f"player {p} has used this Local tile this week"
        if isinstance(action, Attend) and state.used_festival[p] >> action.festival & 1:
            return f"player {p} has attended {action.name}"
        return "its requirements are not met"


TRAVEL_STEPS = tuple(TravelStep(p) for p in range(MAX_PLAYERS))
ACTIVITY_STEPS = tuple(ActivityStep(p) for p in range(MAX_PLAYERS))
EXTRAS_STEPS = tuple(ExtrasStep(p) for p in range(MAX_PLAYERS))


TURNS: tuple[tuple[WeekFrame, ...], ...] = tuple(
    (EXTRAS_STEPS[p], ACTIVITY_STEPS[p], TRAVEL_STEPS[p]) for p in range(MAX_PLAYERS)
)  # each player's turn in the stack's order: its Travel step on top


# --- questions asked in the middle of an action or at the week's end ------------------------------
class Question(WeekFrame):
    """A question in the middle of an action: a card named that the player does not hold is
    refused as such, anything else until the question is answered."""

    __slots__ = ()
    player: int

    def reason(self, state: FourWeeksState) -> str:
        raise NotImplementedError

    def why(self, state: FourWeeksState) -> str:
        return f"player {self.player}: {self.reason(state)}"

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if action is None:
            return None
        if isinstance(action, Discard) and action.card not in state.hands[self.player]:
            return f"{action.title} is not in player {self.player}'s hand"
        return f"first comes the answer to {self.question(state)}"


@dataclass(slots=True)
class ActivityDiscards(Question):
    """Write, Rest or Plan: the player chooses the cards to discard, one at a time; after the
    last, the day is spent in the pawn's region and the activity's effect resolves."""

    player: int
    activity: int  # index in ACTIVITIES
    left: int  # cards still to discard

    step: ClassVar[int] = ACTIVITY

    @property
    def name(self) -> str:
        return ACTIVITIES[self.activity].capitalize()

    def question(self, state: FourWeeksState) -> str:
        cards = plural(self.left, "card", "cards")
        return f"which card player {self.player} discards for {self.name} ({cards} to go)"

    def reason(self, state: FourWeeksState) -> str:
        return f"player {self.player} chose {self.name}"

    def choices(self, state: FourWeeksState) -> list[Discard]:
        discard = state.game.actions.discard
        return [discard[c] for c in state.hands[self.player]]

    def answer(self, state: FourWeeksState, action: Discard) -> None:
        rules.discard_card(state, self.player, action.card)
        if self.left > 1:
            state.stack.append(ActivityDiscards(self.player, self.activity, self.left - 1))
        else:
            rules.finish_activity(state, self.player, self.activity)
            draws_owed(state)


@dataclass(slots=True)
class EffectOrder(Question):
    """A visit whose placed Day disc matches the card's weekday bonus: the player chooses which
    of effect and bonus resolves first (it matters when one pays for the other)."""

    player: int
    card: int
    weekday: int

    step: ClassVar[int] = ACTIVITY

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

    def answer(self, state: FourWeeksState, action: Order) -> None:
        card = state.game.content.locations[self.card]
        first, second = card.effect, card.bonus
        if action.bonus_first:
            first, second = second, first
        resolve(state, self.player, first, LOCATIONS)
        resolve(state, self.player, second, LOCATIONS)
        draws_owed(state)


@dataclass(slots=True)
class WeekEndDiscards(Question):
    """After weeks 1 to 3, in turn order from the First Player, each player discards down to the
    hand size (or more, to draw more next week) and then keeps the hand."""

    player: int
    later: tuple[int, ...]  # the players who discard after this one

    step: ClassVar[int] = WEEK_END

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

    def answer(self, state: FourWeeksState, action: Discard | KeepHand) -> None:
        if isinstance(action, Discard):
            rules.discard_card(state, self.player, action.card)
            state.stack.append(self)
        elif self.later:
            state.stack.append(WeekEndDiscards(self.later[0], self.later[1:]))

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if isinstance(action, KeepHand):
            size, held = state.game.content.rules.hand_size, len(state.hands[self.player])
            return f"the hand holds {held} cards; discard down to {size}"
        return Question.refusal(self, state, action)


# --- chance ---------------------------------------------------------------------------------------
class Chance(WeekFrame):
    """A chance event: it belongs to the step below it; an action that is none of its outcomes
    is refused in the event's words."""

    __slots__ = ()
    player = CHANCE

    def refusal(self, state: FourWeeksState, action: Any) -> str | None:
        if action is None:
            return None
        if isinstance(action, Draw | Reveal):
            return f"it is not among the chance outcomes now, {state.question()}"
        return f"a chance event is due first: {state.question()}"


class Draws(Chance):
    """The cards owed are drawn one at a time, in turn order from the First Player; when the
    deck and the discards are both empty, the draws left are cancelled. The card is told to its
    drawer alone."""

    __slots__ = ()

    def question(self, state: FourWeeksState) -> str:
        return f"which Location card player {rules.drawer(state)} draws"

    def why(self, state: FourWeeksState) -> str:
        why = "an effect or Plan"
        if state.step == TRAVEL and max(state.day) == 0:
            why = f"up to {state.game.content.rules.hand_size} for week {state.week + 1}"
        return f"chance: player {rules.drawer(state)} draws a Location card ({why})"

    def outcomes(self, state: FourWeeksState) -> tuple[tuple[Draw, float], ...]:
        if not any(state.owed):
            return ()
        pile = state.deck or state.discard  # an empty deck is refilled from the discards
        if not pile:
            return ()
        draws = state.game.actions.draws(rules.drawer(state), len(pile))
        return tuple([draws[c] for c in pile])

    def passed(self, state: FourWeeksState) -> None:
        state.owed = [0] * len(state.owed)

    def answer(self, state: FourWeeksState, action: Draw) -> None:
        rules.draw(state, action)
        if any(state.owed):
            state.stack.append(self)

    def told(self, state: FourWeeksState, action: Any, seat: int) -> str:
        if isinstance(action, Draw) and action.player != seat:
            return f"player {action.player} draws a Location card"
        return str(action)


class Reveals(Chance):
    """The Festival display is filled from the Festival deck (while it lasts)."""

    __slots__ = ()

    def question(self, state: FourWeeksState) -> str:
        return "which Festival is revealed"

    def why(self, state: FourWeeksState) -> str:
        week = state.week + (2 if state.step == WEEK_END else 1)
        return f"chance: a Festival is revealed for week {week}"

    def outcomes(self, state: FourWeeksState) -> tuple[tuple[Reveal, float], ...]:
        deck = state.festival_deck
        if not state.festival_needed or not deck:
            return ()
        chance, reveals = 1 / len(deck), state.game.actions.reveal
        return tuple([(reveals[f], chance) for f in deck])

    def passed(self, state: FourWeeksState) -> None:
        state.festival_needed = 0

    def answer(self, state: FourWeeksState, action: Reveal) -> None:
        rules.reveal(state, action)
        if state.festival_needed:
            state.stack.append(self)


DRAWS, REVEALS = Draws(), Reveals()


# --- the weeks ------------------------------------------------------------------------------------
class WeekTask(Task, WeekFrame):
    """A task of the week's end."""

    __slots__ = ()
    step: ClassVar[int | None] = WEEK_END


class WeekEnd(WeekTask):
    """Nobody has a day left: score the regions; after the last week, income and the end; else
    the Festival refresh, income, the discards in turn order from the First Player and the
    next week's start."""

    __slots__ = ()

    def run(self, state: FourWeeksState) -> None:
        if rules.end_week(state):
            draws_owed(state)
            return
        n = len(state.pos)
        order = tuple((state.first + k) % n for k in range(n))
        state.push(REVEALS, INCOME, WeekEndDiscards(order[0], order[1:]), START_WEEK)


class Income(WeekTask):
    """Everyone's income, after the Festival refresh; cards it has a player draw come before
    the discards."""

    __slots__ = ()

    def run(self, state: FourWeeksState) -> None:
        rules.resolve_income(state)
        draws_owed(state)


class StartWeek(WeekTask):
    """The First Player token passes; everyone draws up to the hand size; the first turn."""

    __slots__ = ()

    def run(self, state: FourWeeksState) -> None:
        rules.start_week(state)
        state.stack += TURNS[state.first]
        draws_owed(state)


WEEK_END_TASK, INCOME, START_WEEK = WeekEnd(), Income(), StartWeek()


def what_next(state: FourWeeksState) -> tuple[WeekFrame, ...]:
    """Once a turn is over: the next player's turn, or the week's end (in the stack's order)."""
    player = rules.next_player(state)
    return (WEEK_END_TASK,) if player is None else TURNS[player]
