"""The exhaustive search: the optimum by depth-first search over engine states, for tiny boards.

It knows nothing of networks, labels or models: it tries every legal action of the engine itself
(memoised on the state), so it is the reference the other parts are tested against, and it works
without OR-Tools. Chance follows the planner's assumptions: the die as assumed, and each Ticket
or Objective drawn is of the type least present on the board (so that, on a board without that
type, a drawn card is as unknown to the search as to the planner).

A state from which the journey cannot end by the limit even at the fastest (`fastest_end`) is
worth nothing and is not searched further: on the tiny boards nearly every state of a journey
whose day limit bites is such a one, and the plan found is the same (that state's value is the
same: no journey from it ends in time)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import Action, Explore
from kit.amazing_journey.content import ROUTE_TYPES, Traveller
from kit.amazing_journey.frames import DrawObjective, DrawTicket, RollDie
from kit.amazing_journey.state import JourneyState
from kit.amazing_journey.tables import Tables
from kit.core import KitError
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.replay import value_of
from kit.solve.plan import INFEASIBLE, OPTIMAL, Plan, Step

MAX_STATES = 2_000_000
"""The exhaustive search gives up beyond this many states (the board is not tiny)."""


UNREACHABLE = 10**6
"""A day no journey reaches (a city no route leads to)."""


def fastest_hop(tables: Tables) -> int:
    """The days of the fastest Travel of one hop: a departure, a Ticket or the wildcard."""
    rules = tables.rules
    return min(rules.departure_days, rules.ticket_days, rules.wildcard_days)


def fastest_days(tables: Tables) -> list[list[int]]:
    """The fewest days from each city to each other one by Travels alone, every hop at its
    fastest (a Ticket's or the wildcard's day, plus a Long route's days), whatever lies in the
    way and whatever the Tickets in hand."""
    fastest = fastest_hop(tables)
    n = tables.n_cities
    days = [[0 if a == b else UNREACHABLE for b in range(n)] for a in range(n)]
    for number, reach in enumerate(tables.reach):
        hop = fastest + tables.board.routes[number].extra_days
        for city, ends in reach.items():
            for dest, _ in ends:
                days[city][dest] = min(days[city][dest], hop)
    for via in range(n):  # Floyd–Warshall: the boards are small
        for a in range(n):
            for b in range(n):
                days[a][b] = min(days[a][b], days[a][via] + days[via][b])
    return days


def power_saving(tables: Tables, traveller: Traveller | None) -> int:
    """The most days a Traveller's power saves once between two checkpoints: a Travel by the
    power in its days instead of the fastest hop's, or Yuki's step back."""
    if traveller is None:
        return 0
    if travellers.travel_types(traveller):
        return max(0, fastest_hop(tables) - traveller.days)
    if traveller.effect == "timeline_back":
        return traveller.days
    return 0


def fastest_end(tables: Tables, days: list[list[int]], saving: int, s: JourneyState, p: int) -> int:
    """A day the journey of player `p` cannot end before, from `s`: the checkpoints still due,
    in order, each reached at the fastest (`days`, less the power's `saving` once between two
    checkpoints, if fresh) and not before its activation day. At any step of an action it
    holds too (the day and city move on only by more days)."""
    board = tables.board
    city, day, fresh = s.pos[p], s.day[p], s.fresh[p]
    for stage in range(s.stage[p], len(board.checkpoints)):
        target = tables.checkpoint_city[stage]
        hop = days[city][target] - (saving if fresh else 0)
        day = max(day + max(hop, 0), board.checkpoints[stage].activation)
        city, fresh = target, True
    return day


def exact_search(puzzle: Puzzle, max_states: int = MAX_STATES) -> Plan:
    """The optimum of a puzzle with the tokens revealed, over every engine state reachable
    from `puzzle.state()` (see the module's docstring)."""
    if puzzle.hidden:
        raise KitError("the exact search needs the tokens revealed (Puzzle revealed=True)")
    began = time.perf_counter()
    state, p = puzzle.state(), puzzle.player
    exact = _Exact(puzzle, state, max_states)
    value = exact.best(state.clone(), 0)
    elapsed = time.perf_counter() - began
    if value <= WORST:
        return Plan(INFEASIBLE, (), None, None, None, elapsed, puzzle.assumptions())
    played = exact.played(state)
    history = [str(action) for action in played]
    steps = _steps(puzzle.state(), played, p)
    sheet = state.scores()[p]
    return Plan(
        OPTIMAL, tuple(steps), sheet, value, value, time.perf_counter() - began,
        puzzle.assumptions(),
        state.finish[p], tuple(history),
    )  # fmt: skip


WORST = -(10**9)
"""The value of a state from which no journey ends in time."""


class _Exact:
    """The exact search's tables: the best value of every state met (`memo`, by `key`), with
    the action that reaches it."""

    def __init__(self, puzzle: Puzzle, state: JourneyState, max_states: int) -> None:
        self.p = puzzle.player
        self.tables = tables = state.tables
        self.explore = puzzle.durations
        self.limit = puzzle.limit
        self.max_states = max_states
        self.route_count = [sum(t == k for t in tables.route_type) for k in range(len(ROUTE_TYPES))]
        self.days, self.saving = fastest_days(tables), power_saving(tables, puzzle.traveller)
        self.memo: dict[tuple[object, ...], tuple[int, Action | None]] = {}

    def chance(self, s: JourneyState, explored: int) -> Action:
        """The outcome of a chance step the puzzle fixes (the die's, the draws')."""
        tables = self.tables
        step = s.steps[-1]
        outcomes: tuple[Action, ...] = s.legal_actions()
        if isinstance(step, RollDie):
            days = self.explore[min(explored - 1, len(self.explore) - 1)]  # this one counted
            return next(a for a in outcomes if tables.rules.explore[value_of(a)].days == days)
        if isinstance(step, DrawTicket):
            return min(outcomes, key=lambda a: (self.route_count[value_of(a)], value_of(a)))
        if isinstance(step, DrawObjective):
            left = [0] * len(tables.experience_types)
            for t in s.city_token:
                if t >= 0 and tables.token_type[t] >= 0:
                    left[tables.token_type[t]] += 1
            return min(outcomes, key=lambda a: (left[value_of(a)], value_of(a)))
        return outcomes[0]

    def key(self, s: JourneyState, explored: int) -> tuple[object, ...]:
        p = self.p
        return (
            s.pos[p], s.day[p], s.stage[p], s.fresh[p], tuple(s.tickets[p]), tuple(s.hand[p]),
            tuple(s.played[p]), tuple(sorted(s.experiences[p])), tuple(sorted(s.souvenirs[p])),
            s.points[p], tuple(s.city_token), tuple(s.steps), explored,
        )  # fmt: skip

    def ended(self, s: JourneyState, explored: int) -> int | None:
        """The value of a state whose journey has ended or cannot end in time, else None."""
        p, limit = self.p, self.limit
        if s.finish[p] >= 0:
            return s.scores()[p].total if s.finish[p] <= limit else WORST
        if s.day[p] > limit or (len(self.explore) > 1 and explored > len(self.explore)):
            return WORST
        if fastest_end(self.tables, self.days, self.saving, s, p) > limit:
            return WORST
        return None

    def best(self, s: JourneyState, explored: int) -> int:
        ended = self.ended(s, explored)
        if ended is not None:
            return ended
        memo = self.memo
        k = self.key(s, explored)
        if k in memo:
            return memo[k][0]
        if len(memo) >= self.max_states:
            raise KitError(
                f"the board is too large for the exact search ({self.max_states} states)"
            )
        memo[k] = (WORST, None)
        choices = [self.chance(s, explored)] if s.is_chance_node else list(s.legal_actions())
        value, pick = WORST, None
        last = len(choices) - 1
        for number, action in enumerate(choices):
            # `s` is needed no more after its last action: that child is `s` itself (a clone
            # of a state costs more than the rest of a step)
            child = s if number == last else s.clone()
            child.apply(action)
            score = self.best(child, explored + _rolls(action))
            if score > value:
                value, pick = score, action
        memo[k] = (value, pick)
        return value

    def played(self, state: JourneyState) -> list[Action]:
        """The best actions from `state` (played on it, to its end)."""
        played: list[Action] = []
        explored = 0
        while state.finish[self.p] < 0:
            action = self.memo[self.key(state, explored)][1]
            assert action is not None
            played.append(action)
            state.apply(action)
            explored += _rolls(action)
        return played


def _rolls(action: Action) -> int:
    return int(isinstance(action, Explore) and not action.by_power)


def _steps(state: JourneyState, played: Sequence[Action], p: int) -> list[Step]:
    """The plan's steps: each of the player's actions with the answers and chance that follow
    it (an Explore's die, a draw, a token kept), as the planner's replay makes them."""
    steps: list[Step] = []
    names: list[str] = []
    main: Action | None = None
    day = state.day[p]
    for number, action in enumerate(played):
        own = not state.is_chance_node and action.kind != "answer"
        if own and main is not None:
            steps.append(Step(day, state.day[p], tuple(names), kind=main.kind, upto=number))
            names = []
        if own:
            main, day = action, state.day[p]
        if not state.is_chance_node:
            names.append(str(action))
        state.apply(action)
    if main is not None:
        steps.append(Step(day, state.day[p], tuple(names), kind=main.kind, upto=len(played)))
    return steps
