"""A greedy bot: heads for the next checkpoint, collecting tokens on the way while the
estimated return day leaves a margin before day 80."""

from __future__ import annotations

import networkx as nx

from kit.amazing_journey.state import JourneyState, Rules, Travel
from kit.core.rng import rng_for

WAIT = 0.5  # days of waiting for a departure, on average, added to each route segment
SECRET_COST = 1.0  # Secret routes need Tickets: counted as a day more
MARGIN = 6  # days of slack kept before collecting another token
TOKEN_BONUS = 2.0  # how many days of detour a token city is worth
TICKET_COST = {"depart": 0.0, "ticket": 0.6, "wildcard": 1.4, "power": 1.0}

_DAYS: dict[int, list[list[float]]] = {}


def travel_days(rules: Rules) -> list[list[float]]:
    """Estimated days between every two cities, one departure per route segment (Dijkstra)."""
    key = id(rules)
    if key not in _DAYS:
        graph = nx.Graph()
        for number, reach in enumerate(rules.reach):
            route = rules.board.routes[number]
            days = 2 + WAIT + route.extra_days + SECRET_COST * (route.type == "secret")
            for city, ends in reach.items():
                for dest, between in ends:
                    if not between and graph.get_edge_data(city, dest, {"w": 99})["w"] > days:
                        graph.add_edge(city, dest, w=days)
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph, weight="w"))
        _DAYS[key] = [[lengths[a][b] for b in range(rules.n_cities)] for a in range(rules.n_cities)]
    return _DAYS[key]


def estimated_return(state: JourneyState, p: int, city: int, day: float) -> float:
    """The day the journey would end from `city` on `day`, going straight through the
    remaining checkpoints (waiting for their activation days)."""
    rules = state.rules
    table = travel_days(rules)
    for stage in range(state.stage[p], len(rules.checkpoint_city)):
        target = rules.checkpoint_city[stage]
        day = max(day + table[city][target], rules.board.checkpoints[stage].activation)
        city = target
    return day


class GreedyBot:
    """Collects tokens while the estimated return stays MARGIN days before day 80, else goes
    straight for the next checkpoint; answers sub-decisions by simple preferences."""

    def __init__(self, seed: int | None = None, player: int = 0) -> None:
        self.rng = rng_for(seed, "greedy-bot", player)

    def choose(self, state: JourneyState):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.steps:
            return self._answer(state, actions)
        self._estimates: dict[tuple[int, int], float] = {}
        values = [self._value(state, action) for action in actions]
        best = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True) if v == best])

    def _estimate(self, state: JourneyState, city: int, day: int) -> float:
        """`estimated_return` for the player to move, remembered during one choice."""
        key = (city, day)
        if key not in self._estimates:
            self._estimates[key] = estimated_return(state, state.player, city, day)
        return self._estimates[key]

    def _value(self, state: JourneyState, action) -> float:
        """Days gained against the estimate, plus a bonus for a token (while there is slack)."""
        p = state.player
        rules = state.rules
        here, day = state.pos[p], state.day[p]
        now = self._estimate(state, here, day)
        limit = rules.length - MARGIN
        if isinstance(action, Travel):
            route = rules.board.routes[action.route]
            days = {"depart": 2, "ticket": 1, "wildcard": 1, "power": 0}[action.method]
            after = self._estimate(state, action.dest, day + days + route.extra_days)
            bonus = TOKEN_BONUS if state.city_token[action.dest] >= 0 and after + 3 <= limit else 0
            return bonus - (after - now) - TICKET_COST[action.method] - action.through
        if action.kind in ("explore", "explore_power"):
            forced = state.rules.content.tokens[state.city_token[here]].cursed
            return 100.0 if forced or now + 3 <= limit else -100.0
        if action.kind == "back":
            return 0.5
        if action.kind == "plan":
            return -(self._estimate(state, here, day + 2) - now) + (sum(state.tickets[p]) < 2)
        return -(self._estimate(state, here, day + 1) - now) - 0.1 * action.value

    def _answer(self, state: JourneyState, actions):
        """Discard the most plentiful Ticket, keep tokens of new regions or higher value, play
        every matching Objective, use Lisette's power."""
        step = state.steps[-1]
        p = step[1]
        tokens = state.rules.content.tokens
        if step[0] == "discard_ticket":
            return max(actions, key=lambda a: state.tickets[p][a.value])
        if step[0] in ("experience_full", "souvenir_full"):
            held = state.experiences[p] + state.souvenirs[p]

            def keep(action) -> tuple:
                token = tokens[action.value]
                others = sum(tokens[t].region == token.region for t in held if t != action.value)
                return (others > 0, -(token.souvenir or 0))

            return max(actions, key=keep)
        return actions[0]
