"""The rules of The Amazing Journey: a position and the flow of the game.

A player's turn is a series of actions (Travel, Explore, Wait, a Traveller's power) until their
Timeline pawn is furthest ahead (or tied) and they have taken the rules' minimum number of
actions. What an action still has to do is a stack of steps (`JourneyState.steps`): a question
to its player (which Ticket to discard, which token to give up, whether to play an Objective,
whether to use Lisette's power), a chance event (token placement, symbol removal, card draws,
the die), or an automatic step (moving, collecting, ending the action), which runs as soon as it
is on top. Each step is one object that states its question, offers its choices and applies the
answer (the shape of `kit.core.Decision`); setup is the same stack, of chance steps only."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import (
    DEPART,
    PLAN,
    POWER,
    REDRAW,
    TICKET,
    WILDCARD,
    Action,
    Answer,
    Explore,
    Outcome,
    StepBack,
    Travel,
    Wait,
)
from kit.amazing_journey.content import ROUTE_TYPES, SYMBOLS, Token, Traveller
from kit.amazing_journey.scoring import score_sheet
from kit.amazing_journey.tables import ROUTE_CACHE_SIZE, RouteHere, Tables
from kit.core import CHANCE, TERMINAL, Game, ScoreSheet, State
from kit.core.words import article, plural


class JourneyState(State):
    """A position of The Amazing Journey. Everything is small lists of ints (cities, tokens,
    Travellers and types by index) so that clone and replay stay cheap; `steps` is the stack of
    what the action under way (or the setup) still has to do."""

    CACHES = State.CACHES | {"tables", "_outcomes"}

    def __init__(self, game: Game, tables: Tables) -> None:
        super().__init__(game)
        self.tables = tables
        content = tables.content
        n = game.num_players
        types = len(tables.experience_types)
        self.player = 0  # whose turn it is
        self.acted = 0  # actions taken this turn
        self.day = [0] * n
        self.pos = [tables.start] * n
        chosen = game.options.get("travellers")
        self.traveller = (
            [[t.name for t in content.travellers].index(name) for name in chosen]
            if chosen
            else [-1] * n
        )
        self.fresh = [True] * n  # the power is fresh (not exhausted)
        self.stage = [0] * n  # checkpoints completed
        self.points = [0] * n  # point tokens of the checkpoints
        self.finish = [-1] * n  # the day the journey ended, or -1
        self.tickets = [[0] * len(ROUTE_TYPES) for _ in range(n)]
        self.hand = [[0] * types for _ in range(n)]  # Objectives in hand, by type
        self.played: list[list[int]] = [[] for _ in range(n)]  # Objectives played, face up
        self.experiences: list[list[int]] = [[] for _ in range(n)]
        self.souvenirs: list[list[int]] = [[] for _ in range(n)]
        self.city_token = [-1] * tables.n_cities
        self.tokens_mask = 0  # the cities holding a Location token
        self.placed = 0  # the tokens placed at setup
        self.boxed: list[int] = []  # tokens removed with their symbol, unseen
        self.discarded: list[int] = []  # tokens given up when an area was full
        self.symbols_removed: list[int] = []
        self.ticket_deck = list(content.tickets)
        self.ticket_discard = [0] * len(ROUTE_TYPES)
        self.objective_deck = list(content.objectives)
        self.objective_discard = [0] * types
        steps: list[Step] = []
        for p in range(n):
            steps += [DrawTicket(p)] * content.hand_tickets
            steps += [DrawObjective(p)] * content.rules.objectives_in_hand
        steps += [RemoveSymbol()] * content.symbol_removal[n]
        steps += [PlaceToken(c.index) for c in reversed(content.board.cities) if c.tokens]
        if not chosen:
            steps += [DealTraveller(p) for p in reversed(range(n))]
        self.setup_length = len(steps)
        self.steps = steps
        self._outcomes: tuple[int, Sequence[tuple[Outcome, float]]] = (-1, ())

    # --- whose move -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        steps = self.steps
        if steps:
            return steps[-1].player
        if -1 in self.finish:
            return self.player
        return TERMINAL

    def traveller_of(self, player: int) -> Traveller | None:
        index = self.traveller[player]
        return self.tables.content.travellers[index] if index >= 0 else None

    def power(self, player: int) -> Traveller | None:
        """`player`'s Traveller while the power is fresh, else None."""
        index = self.traveller[player]
        if index < 0 or not self.fresh[player]:
            return None
        return self.tables.content.travellers[index]

    def blocked(self) -> int:
        """Cities a Travel must stop at: those with a Location or a Checkpoint token."""
        return self.tokens_mask | self.tables.checkpoint_mask

    def question(self) -> str:
        if self.steps:
            step = self.steps[-1]
            who = "chance" if step.player == CHANCE else f"player {step.player}"
            return f"{who}: {step.question(self)}"
        if self.is_terminal:
            return "the game is over"
        return f"player {self.player}: choose an action"

    # --- the engine's hooks -----------------------------------------------------------------
    def _chance_outcomes(self) -> Sequence[tuple[Outcome, float]]:
        """The chance step's outcomes, remembered for the step of the game they are due at
        (the engine asks for them to sample and again to check the outcome)."""
        step = len(self.history)
        if self._outcomes[0] != step:
            self._outcomes = (step, self.steps[-1].outcomes(self))
        return self._outcomes[1]

    def _legal_actions(self) -> Sequence[Action]:
        if self.steps:
            return self.steps[-1].choices(self)
        return self._turn_actions(self.player)

    def _apply(self, action: Action) -> None:
        steps = self.steps
        if steps:
            steps.pop().answer(self, action)
        else:
            take_action(self, self.player, action)
            if isinstance(action, StepBack):
                return  # not an action of the turn: nothing follows
            if not steps:  # done at once (most Travels and Waits)
                end_action(self)
                return
            steps.insert(0, END_ACTION)  # once the action's own steps are done
        while steps:  # run the steps that wait for nothing, until a question or chance is due
            step = steps[-1]
            if step.waits(self):
                return
            steps.pop()
            step.run(self)

    # --- the turn's actions -----------------------------------------------------------------
    def _turn_actions(self, p: int) -> list[Action]:
        """Explore (the die, or Carlo's power), Yuki's step back, then (unless a Cursed Souvenir
        forces an Explore) Refresh, Refresh and redraw, Plan, and every Travel."""
        tables = self.tables
        book = tables.actions
        power = self.power(p)
        here = self.pos[p]
        token = self.city_token[here]
        actions: list[Action] = []
        info = tables.content.tokens[token] if token >= 0 else None
        if info is not None:
            actions.append(book.explore[here])
            if power is not None and travellers.explores_cursed(power, info):
                actions.append(book.explore_by_power(here, power))
        if power is not None and travellers.steps_back(power, self.day[p]):
            actions.append(book.step_back(power))
        if info is not None and info.cursed:
            return actions  # a forced stop: Explore before anything else
        actions += book.waits[here]
        actions += self._travels(p, power)
        return actions

    def _travels(self, p: int, power: Traveller | None) -> list[Action]:
        """Travel actions from the player's city: by departure, Ticket, any Tickets, power."""
        tables = self.tables
        rules = tables.rules
        departing = tables.departures[self.day[p] % tables.length]
        tickets = self.tickets[p]
        cost = rules.ticket_cost
        wildcard = sum(tickets) >= rules.wildcard_cost
        power_types = tables.power_types[self.traveller[p]] if power is not None else ()
        through = power is not None and travellers.passes_tokens(power)
        actions: list[Action] = []
        here = self.pos[p]
        rows = tables.route_cache.get((here, self.tokens_mask & tables.near[here]))
        if rows is None:
            rows = self._routes_here(here)
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
                    if travellers.may_stop(power, self.city_token[dest] >= 0):
                        actions.append(
                            tables.actions.travel(route, dest, POWER, False, power.short)
                        )
            if through and passing:
                assert power is not None
                methods = [DEPART] * (kind in departing) + [TICKET] * (tickets[kind] >= cost)
                for method in (*methods, WILDCARD) if wildcard else methods:
                    for dest in passing:
                        actions.append(
                            tables.actions.travel(route, dest, method, True, power.short)
                        )
        return actions

    def _routes_here(self, here: int) -> tuple[RouteHere, ...]:
        """Each route through city `here` as the tokens on the map leave it (`Tables.route_here`),
        cached by city and the tokens that matter there."""
        tables = self.tables
        tokens = self.tokens_mask
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

    # --- why an action is refused -----------------------------------------------------------
    def _why_illegal(self, action: object) -> str:
        if self.current_player == TERMINAL:
            return "the game is over"
        if self.steps and self.current_player >= 0:
            return f"player {self.player} must first answer: {self.steps[-1].question(self)}"
        if self.current_player == CHANCE:
            due = self.steps[-1].question(self)
            return f"not a possible outcome of the chance event due now ({due})"
        p = self.player
        token = self.city_token[self.pos[p]]
        tokens = self.tables.content.tokens
        if token >= 0 and tokens[token].cursed:
            return "a Cursed Souvenir is a forced stop: Explore first"
        name = str(action)
        if name.startswith("explore") and token < 0:
            return "there is no Location token here to Explore"
        owner = _POWER_NAME.search(name)
        if owner:
            why = self._why_no_power(p, owner.group(1), name, token)
            if why:
                return why
        travel = _TRAVEL_NAME.match(name)
        if travel:
            return self._why_no_travel(p, *travel.groups()) or "that Travel is not possible now"
        return "it is not among the legal actions in this state"

    def _why_no_power(self, p: int, owner: str, name: str, token: int) -> str:
        """Why a power cannot be used now ('' if the reason lies in the Travel itself)."""
        traveller = self.traveller_of(p)
        if traveller is None or traveller.short != owner:
            return "that is not your Traveller's power"
        if not self.fresh[p]:
            return f"{owner}'s power is exhausted until the next Checkpoint"
        if name.startswith("explore") and not self.tables.content.tokens[token].cursed:
            return f"{owner}'s power is only for a Cursed Souvenir"
        if name.startswith("move back"):
            return "the Timeline pawn cannot move back before day 0"
        return ""

    def _why_no_travel(
        self, p: int, route_id: str, dest: str, how: str | None, through: str | None
    ) -> str:
        """Why a Travel named 'take the <route> ... to <city> ...' cannot be taken now."""
        tables, here = self.tables, self.pos[p]
        rules = tables.rules
        cities = tables.board.cities
        number = tables.route_number.get(route_id)
        if number is None:
            return f"there is no route {route_id} on this side of the board"
        if here not in tables.reach[number]:
            return f"route {route_id} does not pass through {cities[here].name}"
        ends = dict(tables.reach[number][here])
        target = tables.board.index.get(dest, -1)
        if target not in ends:
            return f"route {route_id} does not reach {dest} from {cities[here].name}"
        stops = ends[target] & self.blocked()
        if stops and not (through and travellers.passes_tokens(self.power(p))):
            names = ", ".join(c.name for c in cities if stops >> c.index & 1)
            return f"it must stop at {names} on the way (a Location or Checkpoint token)"
        kind = tables.route_type[number]
        route_type = ROUTE_TYPES[kind]
        day = self.day[p] % tables.length
        if how is None and route_type == "secret":
            return "Secret routes never depart: they take Tickets or a Traveller's power"
        if how is None and kind not in tables.departures[day]:
            return f"no {route_type} departs on day {day} of the Timeline"
        if how is not None and how.startswith(" with any"):
            if sum(self.tickets[p]) < rules.wildcard_cost:
                return f"any {rules.wildcard_cost} Tickets are needed"
        elif (
            how is not None
            and how.startswith(" with")
            and self.tickets[p][kind] < rules.ticket_cost
        ):
            return f"no {route_type} Ticket in hand"
        power = self.power(p)
        if how is not None and how.startswith(" by ") and power is not None:
            if kind not in tables.power_types[self.traveller[p]]:
                return f"{power.short}'s power does not take {route_type} routes"
            if not travellers.may_stop(power, self.city_token[target] >= 0):
                return f"{power.short}'s power must stop at an empty city"
        return ""

    # --- the score sheet and what each player sees ------------------------------------------
    def lengths(self) -> list[int]:
        """The day each journey ended, or the day each traveller has reached."""
        return [end if end >= 0 else day for end, day in zip(self.finish, self.day, strict=True)]

    def scores(self) -> list[ScoreSheet]:
        return [self.sheet(p) for p in range(len(self.day))]

    def sheet(self, p: int) -> ScoreSheet:
        """Player `p`'s score sheet (a search values one player's position many times)."""
        traveller = self.traveller_of(p)
        done = self.finish[p] >= 0
        return score_sheet(
            self.tables.content,
            p,
            f"player {p}" + (f" ({traveller.name})" if traveller else ""),
            tokens=self.experiences[p] + self.souvenirs[p],
            checkpoints=self.stage[p],
            checkpoint_points=self.points[p],
            objectives_played=len(self.played[p]),
            days=self.finish[p] if done else self.day[p],
            returned=done,
        )

    def _observation(self, player: int) -> dict[str, Any]:
        """What `player` sees: the phase and the turn; today's departures for the player to
        move; the routes and checkpoints; the backs of the tokens on the map (region letter,
        symbol, curse mark); every pawn and Travel board (tokens face down: their backs, and
        an Experience's type by its space), the Objectives played face up; their own hand and
        tokens, the others' hand sizes; the decks' sizes and the discard piles."""
        tables = self.tables
        content = tables.content
        board = content.board
        rules = content.rules
        types = tables.experience_types
        setup = len(self.history) < self.setup_length
        p = self.player
        today = self.day[p] % tables.length
        return {
            "phase": "setup" if setup else f"day {self.day[p]}",
            "turn": self._turn_words(setup),
            "actions_this_turn": self.acted,
            "minimum_actions": rules.minimum_actions,
            "turn_may_end": not setup
            and not self.is_terminal
            and self.acted + 1 >= rules.minimum_actions,
            "today": {
                "player": p,
                "day": self.day[p],
                "timeline_day": today,
                "departing": list(board.timeline.departures[today]),
            },
            "routes": [
                {
                    "id": r.id,
                    "name": r.name,
                    "type": r.type,
                    "cities": list(r.cities),
                    "branches": [list(b) for b in r.branches],
                    "extra_days": r.extra_days,
                    "crosses_edge": list(r.edge) if r.edge else None,
                }
                for r in board.routes
            ],
            "checkpoints": [
                {
                    "name": cp.name,
                    "city": cp.city,
                    "activation": cp.activation,
                    "bars": [[b.first, b.last, b.points] for b in cp.bars],
                }
                for cp in board.checkpoints
            ],
            "map": {
                board.cities[c].name: _back(content.tokens[t])
                for c, t in enumerate(self.city_token)
                if t >= 0
            },
            "removed_symbols": [SYMBOLS[s] for s in self.symbols_removed],
            "players": [self._player_view(q, q == player) for q in range(len(self.day))],
            "ticket_deck": sum(self.ticket_deck),
            "ticket_discard": dict(zip(ROUTE_TYPES, self.ticket_discard, strict=True)),
            "objective_deck": sum(self.objective_deck),
            "objective_discard": dict(zip(types, self.objective_discard, strict=True)),
        }

    def _turn_words(self, setup: bool) -> str:
        """Whose turn it is and why it goes on, in words."""
        if setup:
            return "setup: chance deals the Travellers, places the tokens and draws the hands"
        if self.is_terminal:
            return "the game is over: every traveller is back"
        p, rules = self.player, self.tables.rules
        taken = f"{plural(self.acted, 'action')} taken"
        rule = (
            f"it goes on until their pawn is furthest ahead (or tied) after at least "
            f"{rules.minimum_actions} actions"
        )
        ahead = [
            q for q in range(len(self.day)) if self.finish[q] < 0 and self.day[q] > self.day[p]
        ]
        if ahead:
            q = max(ahead, key=lambda q: self.day[q])
            why = f"player {q} is ahead (day {self.day[q]} against day {self.day[p]})"
        elif self.acted < rules.minimum_actions:
            more = rules.minimum_actions - self.acted
            why = f"at least {more} more action{'s' if more != 1 else ''} to take"
        else:
            why = "the action under way can end it"
        return f"player {p}'s turn, {taken}: {rule}; {why}"

    def _player_view(self, q: int, mine: bool) -> dict[str, Any]:
        content = self.tables.content
        tokens = content.tokens
        types = self.tables.experience_types
        traveller = self.traveller_of(q)
        view: dict[str, Any] = {
            "player": q,
            "traveller": traveller.name if traveller else None,
            "power_fresh": self.fresh[q],
            "day": self.day[q],
            "city": content.board.cities[self.pos[q]].name,
            "checkpoints": self.stage[q],
            "points": self.points[q],
            "finished_on": self.finish[q] if self.finish[q] >= 0 else None,
            "objectives_played": [types[k] for k in self.played[q]],
            "experiences": [
                {"type": tokens[t].experience, **_back(tokens[t]), **_face(tokens[t], mine)}
                for t in self.experiences[q]
            ],
            "souvenirs": [
                {**_back(tokens[t]), **_face(tokens[t], mine)} for t in self.souvenirs[q]
            ],
        }
        if mine:
            view["tickets"] = dict(zip(ROUTE_TYPES, self.tickets[q], strict=True))
            view["objectives"] = dict(zip(types, self.hand[q], strict=True))
        else:
            view["tickets"] = sum(self.tickets[q])
            view["objectives"] = sum(self.hand[q])
        return view

    def describe(self, player: int | None) -> str:
        """A few lines for the terminal: each traveller's day, city and progress, and the
        private hand of `player` (everyone's when None)."""
        content = self.tables.content
        board = content.board
        tokens = content.tokens
        types = self.tables.experience_types
        rows = []
        for p in range(len(self.day)):
            traveller = self.traveller_of(p)
            name = traveller.name if traveller else "?"
            power = "fresh" if self.fresh[p] else "exhausted"
            end = f", returned on day {self.finish[p]}" if self.finish[p] >= 0 else ""
            rows.append(
                f"player {p} {name} ({power}): day {self.day[p]} in "
                f"{board.cities[self.pos[p]].name}, {self.stage[p]}/{len(board.checkpoints)} "
                f"checkpoints, {self.points[p]} points{end}"
            )
            if player is None or player == p:
                tickets = [
                    f"{n} {t}" for t, n in zip(ROUTE_TYPES, self.tickets[p], strict=True) if n
                ]
                hand = [f"{n} {t}" for t, n in zip(types, self.hand[p], strict=True) if n]
                held = [str(tokens[t]) for t in self.experiences[p] + self.souvenirs[p]]
                rows.append(f"    tickets: {', '.join(tickets) or 'none'}")
                rows.append(f"    objectives: {', '.join(hand) or 'none'}")
                rows.append(f"    tokens: {', '.join(held) or 'none'}")
        if player is not None and self.current_player == player:
            here = self.pos[player]
            day = self.day[player] % self.tables.length
            departing = ", ".join(board.timeline.departures[day])
            token = self.city_token[here]
            mark = ""
            if token >= 0:
                info = tokens[token]
                mark = f"; a token from region {info.region} lies here" + (
                    " (cursed)" if info.cursed else ""
                )
            rows.append(f"today (day {day} of the Timeline) departing: {departing}{mark}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.describe(None)

    # --- speed ------------------------------------------------------------------------------
    def clone(self) -> JourneyState:
        """A copy of the small lists (much cheaper than a deep copy)."""
        new = object.__new__(JourneyState)
        data = self.__dict__.copy()
        for key, value in data.items():
            if type(value) is list:
                data[key] = value.copy()
        for key in PER_PLAYER_LISTS:
            data[key] = [each.copy() for each in data[key]]
        new.__dict__ = data
        return new


PER_PLAYER_LISTS = ("tickets", "hand", "played", "experiences", "souvenirs")
"""The attributes of a state that hold a list for each player (copied one level deeper)."""


def _back(token: Token) -> dict[str, Any]:
    """What the back of a face-down token shows: its region letter, symbol and curse mark."""
    return {"region": token.region, "symbol": token.symbol, "cursed": token.cursed}


def _face(token: Token, mine: bool) -> dict[str, Any]:
    """What only the token's owner knows: its id and, for a Souvenir, its points."""
    if not mine:
        return {}
    if token.souvenir is None:
        return {"token": token.id}
    return {"token": token.id, "value": token.souvenir}


_POWER_NAME = re.compile(r"by (\w+)'s power")
_TRAVEL_NAME = re.compile(
    r"^take the (\S+) .*? to ([^,]+?)( with .+?| by \w+'s power)?"
    r"(, passing the tokens by \w+'s power)?$"
)


# --- the turn's actions: one small function each ------------------------------------------
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
        state.steps.append(made(Arrive, p, action.dest, rules.wildcard_days + extra))
        state.steps += [made(DiscardTicket, p)] * rules.wildcard_cost
        return
    arrive(state, p, action.dest, spent + extra)


def arrive(state: JourneyState, p: int, dest: int, spent: int) -> None:
    state.pos[p] = dest
    state.day[p] += spent


def explore(state: JourneyState, p: int, action: Explore) -> None:
    """Roll the die (a chance step), then collect the token; by Carlo's power, collect a Cursed
    Souvenir without rolling, in the power's days."""
    if not action.by_power:
        state.steps.append(made(RollDie, p))
        return
    traveller = state.traveller_of(p)
    assert traveller is not None
    state.fresh[p] = False
    state.day[p] += traveller.days
    state.steps.append(made(DoubleTickets, p))


def wait(state: JourneyState, p: int, action: Wait) -> None:
    """Plan: wait and draw Tickets. Refresh: wait; with a redraw, discard the Objectives in hand
    and draw a full hand (a full hand even if an empty deck had left it short)."""
    rules = state.tables.rules
    if action.what == PLAN:
        state.day[p] += rules.plan_days
        state.steps += [made(DrawTicket, p)] * rules.plan_tickets
        return
    state.day[p] += rules.refresh_days
    if action.what == REDRAW:
        hand = state.hand[p]
        for kind, n in enumerate(hand):
            state.objective_discard[kind] += n
        state.hand[p] = [0] * len(hand)
        state.steps += [made(DrawObjective, p)] * rules.objectives_in_hand


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
    if info.experience is not None:
        kind = tables.token_type[token]
        state.steps.append(made(PlayObjective, p, kind))
        same = [t for t in state.experiences[p] if tables.token_type[t] == kind]
        if len(same) < scoring.experience_spaces:
            state.experiences[p].append(token)
        else:
            state.steps.append(MakeRoom(p, token, False))
        return
    tickets = travellers.lisettes_tickets(info.tickets) if doubled else info.tickets
    state.steps += [made(DrawTicket, p)] * tickets
    if len(state.souvenirs[p]) < scoring.souvenir_rows * scoring.souvenir_row_length:
        state.souvenirs[p].append(token)
    else:
        state.steps.append(MakeRoom(p, token, True))


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


# --- the steps of the stack ---------------------------------------------------------------
class Step:
    """One entry of the stack: a question to `player`, a chance event (`player` is CHANCE) or
    an automatic step. `waits` says whether it waits for an answer now; if not, it is taken
    off the stack and `run` (an automatic step's work, or a skipped question's default)."""

    __slots__ = ()
    player: int

    def waits(self, state: JourneyState) -> bool:
        return True

    def run(self, state: JourneyState) -> None:
        return None

    def question(self, state: JourneyState) -> str:
        raise NotImplementedError

    def choices(self, state: JourneyState) -> Sequence[Action]:
        return [outcome for outcome, _ in self.outcomes(state)]

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        raise NotImplementedError

    def answer(self, state: JourneyState, action: Any) -> None:
        raise NotImplementedError


# --- questions to a player -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DiscardTicket(Step):
    """A Ticket of the player's choice is discarded (the die's short Explore, or each of the
    Tickets of a wildcard Travel)."""

    player: int

    def waits(self, state: JourneyState) -> bool:
        return sum(state.tickets[self.player]) > 0  # the die asks, though the hand may be empty

    def question(self, state: JourneyState) -> str:
        return "which Ticket to discard"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        book = state.tables.actions
        return [book.discard_ticket[t] for t, n in enumerate(state.tickets[self.player]) if n]

    def answer(self, state: JourneyState, action: Answer) -> None:
        state.tickets[self.player][action.value] -= 1
        state.ticket_discard[action.value] += 1


@dataclass(frozen=True, slots=True)
class MakeRoom(Step):
    """The new token's area is full: give up the new token or one already there (for an
    Experience, one of the same type)."""

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


@dataclass(frozen=True, slots=True)
class PlayObjective(Step):
    """An Experience of type `kind` was collected: play a matching Objective from the hand (and
    draw a new one), or not."""

    player: int
    kind: int

    def waits(self, state: JourneyState) -> bool:
        return state.hand[self.player][self.kind] > 0  # no Objective matches: nothing to ask

    def question(self, state: JourneyState) -> str:
        return f"whether to play {article(state.tables.experience_types[self.kind])} Objective"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        book = state.tables.actions
        return [book.play_objective[self.kind], book.no_objective]

    def answer(self, state: JourneyState, action: Answer) -> None:
        if action.value >= 0:
            p = self.player
            state.hand[p][action.value] -= 1
            state.played[p].append(action.value)
            state.steps.append(made(DrawObjective, p))


@dataclass(frozen=True, slots=True)
class DoubleTickets(Step):
    """Before an explored token is collected: Lisette's power is offered if it is fresh and
    the token is a Souvenir that grants Tickets; then the token is collected."""

    player: int

    def waits(self, state: JourneyState) -> bool:
        p = self.player
        token = state.tables.content.tokens[state.city_token[state.pos[p]]]
        return travellers.doubles_tickets(state.power(p), token)

    def run(self, state: JourneyState) -> None:
        state.steps.append(made(Collect, self.player, False))

    def question(self, state: JourneyState) -> str:
        traveller = state.traveller_of(self.player)
        assert traveller is not None
        return f"whether to double the Souvenir's Tickets by {traveller.short}'s power"

    def choices(self, state: JourneyState) -> Sequence[Action]:
        traveller = state.traveller_of(self.player)
        assert traveller is not None
        book = state.tables.actions
        return [book.double_tickets(traveller, True), book.double_tickets(traveller, False)]

    def answer(self, state: JourneyState, action: Answer) -> None:
        if action.value:
            state.fresh[self.player] = False
        state.steps.append(made(Collect, self.player, bool(action.value)))


# --- chance -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealTraveller(Step):
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
class PlaceToken(Step):
    """A token of the city's region placed face down there, among those not placed."""

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


@dataclass(frozen=True, slots=True)
class RemoveSymbol(Step):
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
class DrawTicket(Step):
    """Player `who` draws a Ticket; an empty deck is first replaced by its discard pile
    (shuffled: the draw is the chance), and with both empty nothing is drawn."""

    who: int
    player = CHANCE

    def waits(self, state: JourneyState) -> bool:
        if sum(state.ticket_deck):
            return True
        if sum(state.ticket_discard):
            state.ticket_deck, state.ticket_discard = state.ticket_discard, [0] * len(ROUTE_TYPES)
            return True
        return False  # every Ticket is in a hand

    def question(self, state: JourneyState) -> str:
        return f"which Ticket player {self.who} draws"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        deck = state.ticket_deck
        total = sum(deck)
        draws = state.tables.actions.draw_ticket[self.who]
        return [(draws[t], n / total) for t, n in enumerate(deck) if n]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.ticket_deck[action.value] -= 1
        state.tickets[self.who][action.value] += 1


@dataclass(frozen=True, slots=True)
class DrawObjective(Step):
    """Player `who` draws an Objective; an empty deck is first replaced by its discard pile,
    and with both empty nothing is drawn."""

    who: int
    player = CHANCE

    def waits(self, state: JourneyState) -> bool:
        if sum(state.objective_deck):
            return True
        if sum(state.objective_discard):
            state.objective_deck = state.objective_discard
            state.objective_discard = [0] * len(state.objective_deck)
            return True
        return False

    def question(self, state: JourneyState) -> str:
        return f"which Objective player {self.who} draws"

    def outcomes(self, state: JourneyState) -> Sequence[tuple[Outcome, float]]:
        deck = state.objective_deck
        total = sum(deck)
        draws = state.tables.actions.draw_objective[self.who]
        return [(draws[k], n / total) for k, n in enumerate(deck) if n]

    def answer(self, state: JourneyState, action: Outcome) -> None:
        state.objective_deck[action.value] -= 1
        state.hand[self.who][action.value] += 1


@dataclass(frozen=True, slots=True)
class RollDie(Step):
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
        state.steps.append(made(DoubleTickets, p))
        state.steps += [made(DrawTicket, p)] * result.draw_tickets
        state.steps += [made(DiscardTicket, p)] * result.discard_tickets


# --- automatic steps ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Arrive(Step):
    """The move of a wildcard Travel, once its Tickets are chosen."""

    player: int
    dest: int
    days: int

    def waits(self, state: JourneyState) -> bool:
        return False

    def run(self, state: JourneyState) -> None:
        arrive(state, self.player, self.dest, self.days)


@dataclass(frozen=True, slots=True)
class Collect(Step):
    """The token of the player's city is collected (`doubled`: by Lisette's power)."""

    player: int
    doubled: bool

    def waits(self, state: JourneyState) -> bool:
        return False

    def run(self, state: JourneyState) -> None:
        collect(state, self.player, self.doubled)


@dataclass(frozen=True, slots=True)
class EndAction(Step):
    """The end of an action: checkpoints, and whether the turn passes."""

    player = CHANCE  # never on top when a player is asked

    def waits(self, state: JourneyState) -> bool:
        return False

    def run(self, state: JourneyState) -> None:
        end_action(state)


END_ACTION = EndAction()

S = TypeVar("S", bound=Step)


@cache
def made(kind: type[S], *args: Any) -> S:
    """The step `kind(*args)`, made once: steps are values (frozen), and the hot paths of play
    make the same few again and again."""
    return kind(*args)
