"""A greedy bot: heads for the next checkpoint, collecting tokens on the way while the
estimated return day leaves a margin before day 80."""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from kit.amazing_journey.actions import (
    DEPART,
    PLAN,
    REDRAW,
    TICKET,
    WILDCARD,
    Action,
    Answer,
    Explore,
    StepBack,
    Travel,
    Wait,
)
from kit.amazing_journey.state import DiscardTicket, JourneyState, MakeRoom
from kit.amazing_journey.tables import Tables
from kit.core import KitError, State
from kit.core.rng import rng_for

WAIT = 0.5  # days of waiting for a departure, on average, added to each route segment
SECRET_COST = 1.0  # Secret routes need Tickets: counted as a day more
MARGIN = 6  # days of slack kept before collecting another token
TOKEN_BONUS = 2.0  # how many days of detour a token city is worth
TICKET_COST = {"depart": 0.0, "ticket": 0.6, "wildcard": 1.4, "power": 1.0}

_DAYS: dict[int, list[list[float]]] = {}


def travel_days(tables: Tables) -> list[list[float]]:
    """Estimated days between every two cities, one departure per route segment (Dijkstra)."""
    key = id(tables)
    if key not in _DAYS:
        graph = nx.Graph()
        departure = tables.rules.departure_days
        for number, reach in enumerate(tables.reach):
            route = tables.board.routes[number]
            days = departure + WAIT + route.extra_days + SECRET_COST * (route.type == "secret")
            for city, ends in reach.items():
                for dest, between in ends:
                    if not between and graph.get_edge_data(city, dest, {"w": 99})["w"] > days:
                        graph.add_edge(city, dest, w=days)
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph, weight="w"))
        cities = range(tables.n_cities)
        _DAYS[key] = [[lengths[a][b] for b in cities] for a in cities]
    return _DAYS[key]


def estimated_return(state: JourneyState, p: int, city: int, day: float) -> float:
    """The day the journey would end from `city` on `day`, going straight through the
    remaining checkpoints (waiting for their activation days)."""
    tables = state.tables
    table = travel_days(tables)
    for stage in range(state.stage[p], len(tables.checkpoint_city)):
        target = tables.checkpoint_city[stage]
        day = max(day + table[city][target], tables.board.checkpoints[stage].activation)
        city = target
    return day


class GreedyBot:
    """Collects tokens while the estimated return stays MARGIN days before the Timeline's end,
    else goes
    straight for the next checkpoint; answers sub-decisions by simple preferences."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "greedy-bot", player)
        self._estimates: dict[tuple[int, int], float] = {}

    def choose(self, state: State) -> Action:
        if not isinstance(state, JourneyState):
            raise KitError("the greedy bot plays The Amazing Journey only")
        actions: tuple[Action, ...] = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.steps:
            return self._answer(state, actions)
        self._estimates = {}
        values = [self._value(state, action) for action in actions]
        best = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True) if v == best])

    def _estimate(self, state: JourneyState, city: int, day: int) -> float:
        """`estimated_return` for the player to move, remembered during one choice."""
        key = (city, day)
        if key not in self._estimates:
            self._estimates[key] = estimated_return(state, state.player, city, day)
        return self._estimates[key]

    def _value(self, state: JourneyState, action: Action) -> float:
        """Days gained against the estimate, plus a bonus for a token (while there is slack)."""
        p = state.player
        tables = state.tables
        rules = tables.rules
        here, day = state.pos[p], state.day[p]
        now = self._estimate(state, here, day)
        limit = tables.length - MARGIN
        if isinstance(action, Travel):
            after = self._estimate(state, action.dest, day + travel_time(state, action))
            bonus = TOKEN_BONUS if state.city_token[action.dest] >= 0 and after + 3 <= limit else 0
            return bonus - (after - now) - TICKET_COST[action.method] - action.through
        if isinstance(action, Explore):
            forced = tables.content.tokens[state.city_token[here]].cursed
            return 100.0 if forced or now + 3 <= limit else -100.0
        if isinstance(action, StepBack):
            return 0.5
        assert isinstance(action, Wait)
        if action.what == PLAN:
            later = self._estimate(state, here, day + rules.plan_days)
            return -(later - now) + (sum(state.tickets[p]) < rules.wildcard_cost)
        later = self._estimate(state, here, day + rules.refresh_days)
        return -(later - now) - 0.1 * (action.what == REDRAW)

    def _answer(self, state: JourneyState, actions: Sequence[Action]) -> Action:
        """Discard the most plentiful Ticket, keep tokens of new regions or higher value, play
        every matching Objective, use Lisette's power."""
        step = state.steps[-1]
        p = step.player
        tokens = state.tables.content.tokens
        answers = [a for a in actions if isinstance(a, Answer)]
        if isinstance(step, DiscardTicket):
            return max(answers, key=lambda a: state.tickets[p][a.value])
        if isinstance(step, MakeRoom):
            held = state.experiences[p] + state.souvenirs[p]

            def keep(action: Answer) -> tuple[bool, int]:
                token = tokens[action.value]
                others = sum(tokens[t].region == token.region for t in held if t != action.value)
                return (others > 0, -(token.souvenir or 0))

            return max(answers, key=keep)
        return actions[0]


def travel_time(state: JourneyState, action: Travel) -> int:
    """The days a Travel takes: by departure, Ticket(s) or power, plus a Long route's days."""
    rules = state.tables.rules
    if action.method == DEPART:
        spent = rules.departure_days
    elif action.method == TICKET:
        spent = rules.ticket_days
    elif action.method == WILDCARD:
        spent = rules.wildcard_days
    else:
        traveller = state.traveller_of(state.player)
        spent = traveller.days if traveller else 0
    return spent + state.tables.board.routes[action.route].extra_days
