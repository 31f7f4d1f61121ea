"""The rules of The Amazing Journey as small functions on a position: the actions a turn offers,
what each does (its further steps go on the stack as frames, `kit.amazing_journey.frames`), what
ends an action (checkpoints, whether the turn passes), and why a turn's action is refused, read
from the action's fields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.amazing_journey import frames, travellers
from kit.amazing_journey.actions import (
    DEPART,
    PLAN,
    POWER,
    REDRAW,
    TICKET,
    WILDCARD,
    Action,
    Explore,
    StepBack,
    Travel,
    Wait,
)
from kit.amazing_journey.content import ROUTE_TYPES, Traveller
from kit.amazing_journey.tables import ROUTE_CACHE_SIZE, RouteHere

if TYPE_CHECKING:
    from kit.amazing_journey.state import JourneyState


# --- the turn's actions -----------------------------------------------------------------------
def turn_actions(state: JourneyState, p: int) -> list[Action]:
    """Explore (the die, or Carlo's power), Yuki's step back, then (unless a Cursed Souvenir
    forces an Explore) Refresh, Refresh and redraw, Plan, and every Travel."""
    tables = state.tables
    book = tables.actions
    power = state.power(p)
    here = state.pos[p]
    token = state.city_token[here]
    actions: list[Action] = []
    info = tables.content.tokens[token] if token >= 0 else None
    if info is not None:
        actions.append(book.explore[here])
        if power is not None and travellers.explores_cursed(power, info):
            actions.append(book.explore_by_power(here, power))
    if power is not None and travellers.steps_back(power, state.day[p]):
        actions.append(book.step_back(power))
    if info is not None and info.cursed:
        return actions  # a forced stop: Explore before anything else
    actions += book.waits[here]
    actions += travels(state, p, power)
    return actions


def travels(state: JourneyState, p: int, power: Traveller | None) -> list[Action]:
    """Travel actions from the player's city: by departure, Ticket, any Tickets, power."""
    tables = state.tables
    rules = tables.rules
    departing = tables.departures[state.day[p] % tables.length]
    tickets = state.tickets[p]
    cost = rules.ticket_cost
    wildcard = sum(tickets) >= rules.wildcard_cost
    power_types = tables.power_types[state.traveller[p]] if power is not None else ()
    through = power is not None and travellers.passes_tokens(power)
    actions: list[Action] = []
    here = state.pos[p]
    rows = tables.route_cache.get((here, state.tokens_mask & tables.near[here]))
    if rows is None:
        rows = routes_here(state, here)
    for route, kind, by_departure, by_ticket, by_any, clear, passing in rows:
        if kind in departing:
            actions += by_departure
        if tickets[kind] >= cost:
            actions += by_ticket
        if wildcard:
            actions += by_any
        if kind in power_types:
            assert power is not None
            for dest in clear:
                if travellers.may_stop(power, state.city_token[dest] >= 0):
                    actions.append(tables.actions.travel(route, dest, POWER, False, power.short))
        if through and passing:
            assert power is not None
            methods = [DEPART] * (kind in departing) + [TICKET] * (tickets[kind] >= cost)
            for method in (*methods, WILDCARD) if wildcard else methods:
                for dest in passing:
                    actions.append(tables.actions.travel(route, dest, method, True, power.short))
    return actions


def routes_here(state: JourneyState, here: int) -> tuple[RouteHere, ...]:
    """Each route through city `here` as the tokens on the map leave it (`Tables.route_here`),
    cached by city and the tokens that matter there."""
    tables = state.tables
    tokens = state.tokens_mask
    rows = tuple(
        tables.route_here(route, here, tokens | tables.checkpoint_mask)
        if tables.passes[route][here] & tokens
        else tables.open_rows[route][here]
        for route in tables.routes_at[here]
    )
    if len(tables.route_cache) > ROUTE_CACHE_SIZE:
        tables.route_cache.clear()
    tables.route_cache[(here, tokens & tables.near[here])] = rows
    return rows


# --- what each action does --------------------------------------------------------------------
def take_action(state: JourneyState, p: int, action: Action) -> None:
    """Carry out a turn's action of player `p` (its further steps go on the stack)."""
    if isinstance(action, Travel):
        travel(state, p, action)
    elif isinstance(action, Explore):
        explore(state, p, action)
    elif isinstance(action, Wait):
        wait(state, p, action)
    elif isinstance(action, StepBack):
        step_back(state, p, action)
    else:
        raise TypeError(f"{action!r} is not an action of a turn")


def travel(state: JourneyState, p: int, action: Travel) -> None:
    """Move along the route: 2 days by departure, 1 by Ticket (discarded), 1 by any Tickets
    (chosen next), the power's days by a Traveller's power; a Long route's extra days on top."""
    tables = state.tables
    rules = tables.rules
    extra = tables.board.routes[action.route].extra_days
    if action.through or action.method == POWER:
        state.fresh[p] = False
    if action.method == DEPART:
        spent = rules.departure_days
    elif action.method == TICKET:
        kind = tables.route_type[action.route]
        state.tickets[p][kind] -= rules.ticket_cost
        state.ticket_discard[kind] += rules.ticket_cost
        spent = rules.ticket_days
    elif action.method == POWER:
        traveller = state.traveller_of(p)
        assert traveller is not None
        spent = traveller.days
    else:  # any Tickets of the player's choice, asked next; the move follows
        made = frames.made
        state.stack.append(made(frames.Arrive, p, action.dest, rules.wildcard_days + extra))
        state.stack += [made(frames.DiscardTicket, p)] * rules.wildcard_cost
        return
    arrive(state, p, action.dest, spent + extra)


def arrive(state: JourneyState, p: int, dest: int, spent: int) -> None:
    state.pos[p] = dest
    state.day[p] += spent


def explore(state: JourneyState, p: int, action: Explore) -> None:
    """Roll the die (a chance step), then collect the token; by Carlo's power, collect a Cursed
    Souvenir without rolling, in the power's days."""
    if not action.by_power:
        state.stack.append(frames.made(frames.RollDie, p))
        return
    traveller = state.traveller_of(p)
    assert traveller is not None
    state.fresh[p] = False
    state.day[p] += traveller.days
    state.stack.append(frames.made(frames.DoubleTickets, p))


def wait(state: JourneyState, p: int, action: Wait) -> None:
    """Plan: wait and draw Tickets. Refresh: wait; with a redraw, discard the Objectives in hand
    and draw a full hand (a full hand even if an empty deck had left it short)."""
    rules = state.tables.rules
    if action.what == PLAN:
        state.day[p] += rules.plan_days
        state.stack += [frames.made(frames.DrawTicket, p)] * rules.plan_tickets
        return
    state.day[p] += rules.refresh_days
    if action.what == REDRAW:
        hand = state.hand[p]
        for kind, n in enumerate(hand):
            state.objective_discard[kind] += n
        state.hand[p] = [0] * len(hand)
        state.stack += [frames.made(frames.DrawObjective, p)] * rules.objectives_in_hand


def step_back(state: JourneyState, p: int, action: StepBack) -> None:
    """Yuki: the Timeline pawn moves back; not an action, so no Checkpoint follows."""
    state.fresh[p] = False
    state.day[p] -= action.days


def collect(state: JourneyState, p: int, doubled: bool) -> None:
    """Take the token of the player's city: an Experience to its type's spaces (a choice to
    give one up when they are full) with the chance to play an Objective; a Souvenir to the
    rows (a choice when full), with its Tickets (twice as many by Lisette's power)."""
    tables = state.tables
    scoring = tables.content.scoring
    here = state.pos[p]
    token = state.city_token[here]
    state.city_token[here] = -1
    state.tokens_mask &= ~(1 << here)
    info = tables.content.tokens[token]
    stack = state.stack
    if info.experience is not None:
        kind = tables.token_type[token]
        stack.append(frames.made(frames.PlayObjective, p, kind))
        same = [t for t in state.experiences[p] if tables.token_type[t] == kind]
        if len(same) < scoring.experience_spaces:
            state.experiences[p].append(token)
        else:
            stack.append(frames.MakeRoom(p, token, False))
        return
    tickets = travellers.lisettes_tickets(info.tickets) if doubled else info.tickets
    stack += [frames.made(frames.DrawTicket, p)] * tickets
    if len(state.souvenirs[p]) < scoring.souvenir_rows * scoring.souvenir_row_length:
        state.souvenirs[p].append(token)
    else:
        stack.append(frames.MakeRoom(p, token, True))


# --- the end of an action ---------------------------------------------------------------------
def end_action(state: JourneyState) -> None:
    """After an action: checkpoints, then the turn passes if this player leads (or ties) and
    has taken the minimum of actions (finished players are ignored; the last one still
    travelling plays on), or has ended the journey."""
    p = state.player
    stage, cities = state.stage[p], state.tables.checkpoint_city
    if stage < len(cities) and state.pos[p] == cities[stage]:
        complete_checkpoints(state, p)
    state.acted += 1
    finish, day = state.finish, state.day
    if finish[p] < 0:
        if state.acted < state.tables.rules.minimum_actions:
            return
        mine = day[p]
        for q, other in enumerate(day):
            if other > mine and finish[q] < 0:
                return  # someone still travelling is ahead
    elif -1 not in finish:
        return  # the game is over
    q = (p + 1) % len(day)
    while finish[q] >= 0:
        q = (q + 1) % len(day)
    state.player, state.acted = q, 0


def complete_checkpoints(state: JourneyState, p: int) -> None:
    """Complete the next checkpoints in order if the traveller is there on or after their
    activation day: points by bar, power refreshed; the Final one ends the journey."""
    tables = state.tables
    cities = tables.checkpoint_city
    while state.stage[p] < len(cities):
        checkpoint = tables.board.checkpoints[state.stage[p]]
        if state.pos[p] != cities[state.stage[p]] or state.day[p] < checkpoint.activation:
            return
        state.points[p] += checkpoint.points(state.day[p])
        state.stage[p] += 1
        state.fresh[p] = True
        if state.stage[p] == len(cities):
            state.finish[p] = state.day[p]


# --- why a turn's action is refused -----------------------------------------------------------
def why_refused(state: JourneyState, p: int, action: Action | None) -> str:
    """Why player `p` may not take `action` (None: no action of the game has that name) now,
    at the start of an action of their turn."""
    if action is not None and state.tables.actions.named(str(action)) is not action:
        action = None  # an action of another board: none of its fields is read here
    token = state.city_token[state.pos[p]]
    if token >= 0 and state.tables.content.tokens[token].cursed:
        return "a Cursed Souvenir is a forced stop: Explore first"
    if isinstance(action, Explore) and token < 0:
        return "there is no Location token here to Explore"
    if isinstance(action, Travel | Explore | StepBack) and action.owner:
        why = why_no_power(state, p, action, token)
        if why:
            return why
    if isinstance(action, Travel):
        return why_no_travel(state, p, action) or "that Travel is not possible now"
    return "it is not among the legal actions in this state"


def why_no_power(
    state: JourneyState, p: int, action: Travel | Explore | StepBack, token: int
) -> str:
    """Why a power cannot be used now ('' if the reason lies in the Travel itself)."""
    owner = action.owner
    traveller = state.traveller_of(p)
    if traveller is None or traveller.short != owner:
        return "that is not your Traveller's power"
    if not state.fresh[p]:
        return f"{owner}'s power is exhausted until the next Checkpoint"
    if isinstance(action, Explore) and not state.tables.content.tokens[token].cursed:
        return f"{owner}'s power is only for a Cursed Souvenir"
    if isinstance(action, StepBack):
        return "the Timeline pawn cannot move back before day 0"
    return ""


def why_no_travel(state: JourneyState, p: int, action: Travel) -> str:
    """Why `action` cannot be taken from the player's city now ('' if nothing is found): the
    route, the tokens on the way, then how it is paid."""
    tables, here = state.tables, state.pos[p]
    cities = tables.board.cities
    route_id = tables.board.routes[action.route].id
    if here not in tables.reach[action.route]:
        return f"route {route_id} does not pass through {cities[here].name}"
    ends = dict(tables.reach[action.route][here])
    if action.dest not in ends:
        return (
            f"route {route_id} does not reach {cities[action.dest].name} from {cities[here].name}"
        )
    stops = ends[action.dest] & state.blocked()
    if stops and not (action.through and travellers.passes_tokens(state.power(p))):
        names = ", ".join(c.name for c in cities if stops >> c.index & 1)
        return f"it must stop at {names} on the way (a Location or Checkpoint token)"
    return why_not_paid(state, p, action)


def why_not_paid(state: JourneyState, p: int, action: Travel) -> str:
    """Why the Travel cannot be paid its way: no departure today, too few Tickets, a power that
    does not take the route or must stop at an empty city ('' if it can)."""
    tables = state.tables
    rules = tables.rules
    kind = tables.route_type[action.route]
    route_type = ROUTE_TYPES[kind]
    day = state.day[p] % tables.length
    method = action.method
    if method == DEPART and route_type == "secret":
        return "Secret routes never depart: they take Tickets or a Traveller's power"
    if method == DEPART and kind not in tables.departures[day]:
        return f"no {route_type} departs on day {day} of the Timeline"
    if method == WILDCARD and sum(state.tickets[p]) < rules.wildcard_cost:
        return f"any {rules.wildcard_cost} Tickets are needed"
    if method == TICKET and state.tickets[p][kind] < rules.ticket_cost:
        return f"no {route_type} Ticket in hand"
    power = state.power(p)
    if method == POWER and power is not None:
        if kind not in tables.power_types[state.traveller[p]]:
            return f"{power.short}'s power does not take {route_type} routes"
        if not travellers.may_stop(power, state.city_token[action.dest] >= 0):
            return f"{power.short}'s power must stop at an empty city"
    return ""
