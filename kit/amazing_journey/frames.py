"""The steps of The Amazing Journey as frames of the decision stack (`kit.core.frames`).

A player's turn is a frame (`Turn`) whose choices are the turn's actions; an action's further
steps go on the stack above the end of the action: questions to its player (which Ticket to
discard, which token to give up, whether to play an Objective, whether to use Lisette's power),
chance events (token placement, symbol removal, card draws, the die) and tasks that run at once
(moving, collecting, ending the action). Setup is the same stack, of chance frames only.

What is secret: the token placed face down in a city, the type of a Ticket or Objective drawn
(the drawer's), and the token given up to make room (its owner's); each of these frames tells
the other seats that it happened, not what (`told`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from kit.amazing_journey import rules, travellers
from kit.amazing_journey.actions import Action, Answer, Outcome, StepBack
from kit.amazing_journey.content import ROUTE_TYPES, SYMBOLS
from kit.core import CHANCE
from kit.core.frames import Frame, Task
from kit.core.words import article

if TYPE_CHECKING:
    from kit.amazing_journey.state import JourneyState


# --- the turn -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """Player `player` chooses the next action of their turn; the action's own steps, then the
    end of the action, follow (Yuki's step back is no action: nothing follows it)."""

    player: int

    def question(self, state: JourneyState) -> str:
        return "choose an action"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        return rules.turn_actions(state, self.player)

    def answer(self, state: JourneyState, action: Action) -> None:
        rules.take_action(state, self.player, action)
        if isinstance(action, StepBack):
            return
        if state.stack:
            state.stack.insert(0, END_ACTION)  # once the action's own steps are done
        else:  # done at once (most Travels and Waits)
            rules.end_action(state)

    def refusal(self, state: JourneyState, action: Any) -> str:
        return rules.why_refused(state, self.player, action)


# --- questions to a player ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DiscardTicket(Frame):
    """A Ticket of the player's choice is discarded (the die's short Explore, or each of the
    Tickets of a wildcard Travel); with no Ticket in hand, nothing is asked."""

    player: int

    def question(self, state: JourneyState) -> str:
        return "which Ticket to discard"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        book = state.tables.actions
        return [book.discard_ticket[t] for t, n in enumerate(state.tickets[self.player]) if n]

    def answer(self, state: JourneyState, action: Answer) -> None:
        state.tickets[self.player][action.value] -= 1
        state.ticket_discard[action.value] += 1


@dataclass(frozen=True, slots=True)
class MakeRoom(Frame):
    """The new token's area is full: give up the new token or one already there (for an
    Experience, one of the same type). Which token is the player's secret."""

    player: int
    token: int
    souvenir: bool

    def question(self, state: JourneyState) -> str:
        return f"which {'Souvenir' if self.souvenir else 'Experience'} token to give up"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        tables = state.tables
        p, new = self.player, self.token
        if self.souvenir:
            kept = state.souvenirs[p]
        else:
            kind = tables.token_type[new]
            kept = [t for t in state.experiences[p] if tables.token_type[t] == kind]
        book = tables.actions
        return [book.make_room(new, new)] + [book.make_room(new, t) for t in kept]

    def answer(self, state: JourneyState, action: Answer) -> None:
        out = action.value
        state.discarded.append(out)
        if out != self.token:
            area = state.souvenirs if self.souvenir else state.experiences
            held = area[self.player]
            held[held.index(out)] = self.token

    def told(self, state: JourneyState, action: Answer, seat: int) -> str:
        return str(action) if seat == self.player else "a token is given up to make room"


@dataclass(frozen=True, slots=True)
class PlayObjective(Frame):
    """An Experience of type `kind` was collected: play a matching Objective from the hand (and
    draw a new one), or not; with none in hand, nothing is asked."""

    player: int
    kind: int

    def question(self, state: JourneyState) -> str:
        return f"whether to play {article(state.tables.experience_types[self.kind])} Objective"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        if not state.hand[self.player][self.kind]:
            return ()
        book = state.tables.actions
        return (book.play_objective[self.kind], book.no_objective)

    def answer(self, state: JourneyState, action: Answer) -> None:
        if action.value >= 0:
            p = self.player
            state.hand[p][action.value] -= 1
            state.played[p].append(action.value)
            state.stack.append(made(DrawObjective, p))


@dataclass(frozen=True, slots=True)
class DoubleTickets(Frame):
    """Before an explored token is collected: Lisette's power is offered if it is fresh and
    the token is a Souvenir that grants Tickets; then the token is collected."""

    player: int

    def question(self, state: JourneyState) -> str:
        traveller = state.traveller_of(self.player)
        assert traveller is not None
        return f"whether to double the Souvenir's Tickets by {traveller.short}'s power"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        p = self.player
        power = state.power(p)
        token = state.tables.content.tokens[state.city_token[state.pos[p]]]
        if not travellers.doubles_tickets(power, token):
            return ()
        assert power is not None
        book = state.tables.actions
        return (book.double_tickets(power, True), book.double_tickets(power, False))

    def answer(self, state: JourneyState, action: Answer) -> None:
        if action.value:
            state.fresh[self.player] = False
        state.stack.append(made(Collect, self.player, bool(action.value)))

    def passed(self, state: JourneyState) -> None:
        state.stack.append(made(Collect, self.player, False))


# --- chance ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealTraveller(Frame):
    """A Traveller card dealt to player `who`, among those not dealt."""

    who: int
    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return f"which Traveller player {self.who} is"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        taken = set(state.traveller)
        deal = state.tables.actions.deal[self.who]
        left = [i for i in range(len(deal)) if i not in taken]
        return [(deal[i], 1 / len(left)) for i in left]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.traveller[self.who] = action.value


@dataclass(frozen=True, slots=True)
class PlaceToken(Frame):
    """A token of the city's region placed face down there, among those not placed: every seat
    learns only that a token lies there."""

    city: int
    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return f"which token lies face down in {state.tables.board.cities[self.city].name}"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        tables = state.tables
        region = tables.board.cities[self.city].region
        left = [t for t in tables.region_tokens[region] if not state.placed >> t & 1]
        placements = tables.actions.placements
        return [(placements[(self.city, t)], 1 / len(left)) for t in left]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.city_token[self.city] = action.value
        state.tokens_mask |= 1 << self.city
        state.placed |= 1 << action.value

    def told(self, state: JourneyState, action: Outcome, seat: int) -> str:
        return f"a token is placed face down in {action.place}"


@dataclass(frozen=True, slots=True)
class RemoveSymbol(Frame):
    """A symbol chosen at random: every token showing it goes back to the box, unseen."""

    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return "which symbol is removed"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        left = [s for s in range(len(SYMBOLS)) if s not in state.symbols_removed]
        return [(state.tables.actions.remove[s], 1 / len(left)) for s in left]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.symbols_removed.append(action.value)
        name = SYMBOLS[action.value]
        tokens = state.tables.content.tokens
        for city, token in enumerate(state.city_token):
            if token >= 0 and tokens[token].symbol == name:
                state.boxed.append(token)
                state.city_token[city] = -1
                state.tokens_mask &= ~(1 << city)


@dataclass(frozen=True, slots=True)
class DrawTicket(Frame):
    """Player `who` draws a Ticket (its type is theirs to know); an empty deck is replaced by
    its discard pile as the draw comes due (shuffled: the draw is the chance), and with both
    empty nothing is drawn."""

    who: int
    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return f"which Ticket player {self.who} draws"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        deck = state.ticket_deck
        total = sum(deck)
        if not total:  # asked once, as the draw comes to the top of the stack
            deck, state.ticket_discard = state.ticket_discard, [0] * len(ROUTE_TYPES)
            state.ticket_deck = deck
            total = sum(deck)
        draws = state.tables.actions.draw_ticket[self.who]
        return [(draws[t], n / total) for t, n in enumerate(deck) if n]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.ticket_deck[action.value] -= 1
        state.tickets[self.who][action.value] += 1

    def told(self, state: JourneyState, action: Outcome, seat: int) -> str:
        return str(action) if seat == self.who else f"player {self.who} draws a ticket"


@dataclass(frozen=True, slots=True)
class DrawObjective(Frame):
    """Player `who` draws an Objective, face down (its type is theirs to know); an empty deck
    is replaced by its discard pile as the draw comes due, and with both empty nothing is
    drawn."""

    who: int
    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return f"which Objective player {self.who} draws"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        deck = state.objective_deck
        total = sum(deck)
        if not total:  # asked once, as the draw comes to the top of the stack
            deck, state.objective_discard = state.objective_discard, [0] * len(deck)
            state.objective_deck = deck
            total = sum(deck)
        draws = state.tables.actions.draw_objective[self.who]
        return [(draws[k], n / total) for k, n in enumerate(deck) if n]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.objective_deck[action.value] -= 1
        state.hand[self.who][action.value] += 1

    def told(self, state: JourneyState, action: Outcome, seat: int) -> str:
        return str(action) if seat == self.who else f"player {self.who} draws an objective"


@dataclass(frozen=True, slots=True)
class RollDie(Frame):
    """The Exploration die of player `who`: the Explore's days and its Tickets to draw or
    discard (before the token is collected, with Lisette's question first)."""

    who: int
    player = CHANCE

    def question(self, state: JourneyState) -> str:
        return f"what the die shows for player {self.who}"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        return state.tables.rolls[self.who]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        p = self.who
        result = state.tables.rules.explore[action.value]
        state.day[p] += result.days
        stack = state.stack
        stack.append(made(DoubleTickets, p))
        stack += [made(DrawTicket, p)] * result.draw_tickets
        stack += [made(DiscardTicket, p)] * result.discard_tickets


# --- tasks ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Arrive(Task):
    """The move of a wildcard Travel, once its Tickets are chosen."""

    player: int
    dest: int
    days: int

    def run(self, state: JourneyState) -> None:
        rules.arrive(state, self.player, self.dest, self.days)


@dataclass(frozen=True, slots=True)
class Collect(Task):
    """The token of the player's city is collected (`doubled`: by Lisette's power)."""

    player: int
    doubled: bool

    def run(self, state: JourneyState) -> None:
        rules.collect(state, self.player, self.doubled)


@dataclass(frozen=True, slots=True)
class EndAction(Task):
    """The end of an action: checkpoints, and whether the turn passes."""

    player = CHANCE  # never asks anyone

    def run(self, state: JourneyState) -> None:
        rules.end_action(state)


END_ACTION = EndAction()

F = TypeVar("F", bound=Frame)


@cache
def made(kind: type[F], *args: Any) -> F:
    """The frame `kind(*args)`, made once: frames are values (frozen), and the hot paths of
    play make the same few again and again."""
    return kind(*args)
