"""A greedy bot: heads for the next checkpoint, collecting tokens on the way while the
estimated return day leaves a margin before day 80; and ISMCTS, which deals again what a player
cannot see: the face-down tokens (among those with the same back), the other hands."""

from __future__ import annotations

import random
from collections import defaultdict
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
from kit.amazing_journey.content import Token
from kit.amazing_journey.state import DiscardTicket, JourneyState, MakeRoom
from kit.amazing_journey.tables import Tables
from kit.core import KitError, State
from kit.core.mcts import ISMCTSBot
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


def position_value(state: JourneyState, player: int) -> float:
    """The score sheet now, less a point for each day the journey is estimated to end late,
    or within the greedy bot's MARGIN of the end (the estimate is a hopeful one)."""
    sheet = state.sheet(player).total
    if state.finish[player] >= 0:
        return float(sheet)
    back = estimated_return(state, player, state.pos[player], state.day[player])
    return sheet - max(0.0, back - (state.tables.length - MARGIN))


def determinize(state: JourneyState, player: int, rng: random.Random) -> JourneyState:
    """A copy where what `player` cannot see is dealt again: the tokens not in their hands, each
    among the places holding a token with the same back (a map city, another player's board,
    where it keeps its Experience type or its being a Souvenir, the box, or not yet placed), and
    the other players' Tickets and Objectives with the decks, each hand keeping its size."""
    world = state.clone()
    _deal_tokens(world, player, rng)
    others = [q for q in range(world.num_players) if q != player]
    world.ticket_deck = _deal_counts(world.ticket_deck, [world.tickets[q] for q in others], rng)
    world.objective_deck = _deal_counts(world.objective_deck, [world.hand[q] for q in others], rng)
    world._outcomes = (-1, ())  # chance outcomes are worked out again
    return world


Slot = tuple[str, int, int]  # ("map", city, 0), ("experience", q, i), ("souvenir", q, i), ...


def _deal_tokens(world: JourneyState, player: int, rng: random.Random) -> None:
    tokens = world.tables.content.tokens
    slots: dict[int, Slot] = {}
    for city, token in enumerate(world.city_token):
        if token >= 0:
            slots[token] = ("map", city, 0)
    for q in range(world.num_players):
        if q != player:
            for i, token in enumerate(world.experiences[q]):
                slots[token] = ("experience", q, i)
            for i, token in enumerate(world.souvenirs[q]):
                slots[token] = ("souvenir", q, i)
    for name in ("boxed", "discarded"):
        for i, token in enumerate(getattr(world, name)):
            slots[token] = (name, i, 0)
    mine = set(world.experiences[player] + world.souvenirs[player])
    for token in range(len(tokens)):
        if token not in slots and token not in mine:
            slots[token] = ("unplaced", token, 0)
    by_back: dict[tuple[str, str | None, bool], list[int]] = defaultdict(list)
    for token in sorted(slots):
        t = tokens[token]
        by_back[t.region, t.symbol, t.cursed].append(token)
    for group in by_back.values():
        places = sorted(slots[token] for token in group)
        wanted = {slots[token]: _kind(tokens[token], slots[token]) for token in group}
        pool = list(group)
        rng.shuffle(pool)
        for place in sorted(places, key=lambda p: wanted[p] is None):  # constrained ones first
            token = next(t for t in pool if wanted[place] in (None, _kind(tokens[t], place)))
            pool.remove(token)
            _put(world, place, token)


def _kind(token: Token, place: Slot) -> str | None:
    """What a place shows of its token: on a Travel board, an Experience's type (by its space)
    or that it is a Souvenir; nothing elsewhere."""
    if place[0] in ("experience", "souvenir"):
        return token.experience or "souvenir"
    return None


def _put(world: JourneyState, place: Slot, token: int) -> None:
    where, a, b = place
    if where == "map":
        world.city_token[a] = token
    elif where in ("experience", "souvenir"):
        (world.experiences if where == "experience" else world.souvenirs)[a][b] = token
    elif where in ("boxed", "discarded"):
        getattr(world, where)[a] = token


def _deal_counts(deck: list[int], hands: list[list[int]], rng: random.Random) -> list[int]:
    """Deal `hands` (counts by type, changed in place, each keeping its size) again from the
    cards of the deck and those hands; the counts by type left for the deck."""
    pool = [kind for counts in [deck, *hands] for kind, n in enumerate(counts) for _ in range(n)]
    pool.sort()
    rng.shuffle(pool)
    for hand in hands:
        size = sum(hand)
        hand[:] = [0] * len(hand)
        for kind in pool[:size]:
            hand[kind] += 1
        pool = pool[size:]
    left = [0] * len(deck)
    for kind in pool:
        left[kind] += 1
    return left


class MctsBot(ISMCTSBot):
    """ISMCTS with short random playouts, positions valued by the score sheet and the
    estimated lateness."""

    determinize = determinize
    value = position_value
    depth = 6
    scale = 4.0
