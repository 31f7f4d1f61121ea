"""A greedy bot: heads for the next checkpoint, collecting tokens on the way while the
estimated return day leaves a margin before day 80; and ISMCTS, which deals again what a player
cannot see: the face-down tokens (among those with the same back), the other hands."""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from functools import cache

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
from kit.amazing_journey.frames import DiscardTicket, MakeRoom
from kit.amazing_journey.state import JourneyState
from kit.amazing_journey.tables import Tables
from kit.core import KitError, State
from kit.core.mcts import ISMCTSBot
from kit.core.rng import rng_for

WAIT = 0.5  # days of waiting for a departure, on average, added to each route segment
SECRET_COST = 1.0  # Secret routes need Tickets: counted as a day more
MARGIN = 6  # days of slack kept before collecting another token
TOKEN_BONUS = 2.0  # how many days of detour a token city is worth
SLACK_POINTS = 0.6  # what a day to spare is worth: about what a journey scores a day
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
        values = self.values(state, actions)
        best = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True) if v == best])

    def values(self, state: JourneyState, actions: Sequence[Action]) -> list[float]:
        """What each of the turn's actions is worth (days gained, a token's bonus)."""
        self._estimates = {}
        return [self._value(state, action) for action in actions]

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
    or within the greedy bot's MARGIN of the end (the estimate is a hopeful one), plus
    SLACK_POINTS for each day to spare before then: time left is tokens still to collect, so
    a wasted day costs and coming home early gives the spare days up."""
    sheet = _total(state, player)
    if state.finish[player] >= 0:
        return float(sheet)
    back = estimated_return(state, player, state.pos[player], state.day[player])
    spare = state.tables.length - MARGIN - back
    return sheet + (SLACK_POINTS * spare if spare > 0 else spare)


_TOTALS: dict[tuple[object, ...], int] = {}


def _total(state: JourneyState, p: int) -> int:
    """Player `p`'s score sheet total, remembered by what it counts (a search values the same
    hands again and again; building the sheet's lines is most of the cost)."""
    done = state.finish[p] >= 0
    key = (
        state.tables,
        *state.experiences[p],
        -1,
        *state.souvenirs[p],
        -1,
        state.stage[p],
        state.points[p],
        len(state.played[p]),
        state.finish[p] if done else state.day[p],
        done,
    )
    total = _TOTALS.get(key)
    if total is None:
        if len(_TOTALS) > 100_000:
            _TOTALS.clear()
        total = _TOTALS[key] = state.sheet(p).total
    return total


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
    world._advance()  # the answers or outcomes due are worked out again
    return world


Slot = tuple[str, int, int]  # ("map", city, 0), ("experience", q, i), ("souvenir", q, i), ...


Group = tuple[tuple[int, ...], tuple[tuple[Slot, str], ...], tuple[Slot, ...]]
"""A back's tokens, the places that show an Experience type or a Souvenir (with it), and the
places that show nothing."""
_PLANS: dict[tuple[object, ...], list[Group]] = {}


def _deal_tokens(world: JourneyState, player: int, rng: random.Random) -> None:
    """Deal each back's tokens again among its places, those that show an Experience type or
    a Souvenir first (each takes the first token of the shuffle that fits)."""
    shows = _shows(world.tables)
    for group, shown, hidden in _plan(world, player):
        pool = list(group)
        rng.shuffle(pool)
        for place, wanted in shown:
            token = next(t for t in pool if shows[t] == wanted)
            pool.remove(token)
            _put(world, place, token)
        for place, token in zip(hidden, pool, strict=True):
            _put(world, place, token)


def _plan(world: JourneyState, player: int) -> list[Group]:
    """The tokens to deal again, by back (a back of its own has nothing to deal), each group
    with its places. A search deals the same position a thousand times: the
    last plan is kept, under everything it depends on."""
    key = (
        world.tables,
        player,
        tuple(world.city_token),
        tuple(world.boxed),
        tuple(world.discarded),
        *map(tuple, world.experiences),
        *map(tuple, world.souvenirs),
    )
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
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
    plan = []
    for group in by_back.values():
        if len(group) == 1:
            continue
        kinds = [(slots[token], _kind(tokens[token], slots[token])) for token in group]
        shown = tuple((place, kind) for place, kind in kinds if kind is not None)
        hidden = tuple(place for place, kind in kinds if kind is None)
        plan.append((tuple(group), shown, hidden))
    _PLANS.clear()
    _PLANS[key] = plan
    return plan


@cache
def _shows(tables: Tables) -> tuple[str, ...]:
    """What each token shows on a Travel board: its Experience type, or that it is a Souvenir."""
    return tuple(token.experience or "souvenir" for token in tables.content.tokens)


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
    left = [0] * len(deck)
    for kind in pool:
        left[kind] += 1
    dealt = iter(rng.sample(pool, sum(map(sum, hands))))
    for hand in hands:
        size = sum(hand)
        hand[:] = [0] * len(hand)
        for kind in itertools.islice(dealt, size):
            hand[kind] += 1
            left[kind] -= 1
    return left


TEMPERATURE = 1.0  # days: the prior of an action a day worse is e times smaller
ANSWER_PRIOR = 0.6  # the share of the greedy bot's answer to a sub-decision
_GUIDE = GreedyBot()


def prior(state: State, actions: Sequence[Action]) -> list[float]:
    """The greedy bot's judgement as ISMCTS's prior: a softmax of its action values (in days)
    for a turn's action; for a sub-decision, its answer gets ANSWER_PRIOR and the others share
    the rest."""
    assert isinstance(state, JourneyState)
    if state.steps:
        answer = _GUIDE._answer(state, actions)
        rest = (1 - ANSWER_PRIOR) / max(1, len(actions) - 1)
        return [ANSWER_PRIOR if action is answer else rest for action in actions]
    values = _GUIDE.values(state, actions)
    best = max(values)
    weights = [math.exp((value - best) / TEMPERATURE) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


class MctsBot(ISMCTSBot):
    """ISMCTS guided by the greedy bot's prior, positions valued by the score sheet and the
    estimated lateness right after the tree (no playout)."""

    determinize = determinize
    value = position_value
    prior = prior
    depth = 0
    exploration = 1.5
