"""The 80-day planner for The Amazing Journey: the best whole journey for one player, on CP-SAT.

    from kit.solve.eighty_days import standard_puzzle, solve
    plan = solve(standard_puzzle("regular", "Paulo", explore=3))
    print(plan)                      # a day-by-day timeline and the engine's score sheet

A *puzzle* is a position of one player (`Puzzle.from_state(state, player)` takes any position of
a game at the start of an action; `standard_puzzle` makes the reference ones) plus what the
player cannot know: how long each Explore takes (`explore`: one of the die's results, 2, 3 or 4
days, for all, or the results in order) and the day limit (the Timeline's 80 days by default).

The model is a time-expanded network. A node is (city, day, stage), the stage counting the
checkpoints completed; each arc is one action, its days and Tickets as `rules.toml` gives them:
Travel by departure (only on days whose Timeline shows the type; 2 days plus the Long-route
days), by a Ticket (1 day, a Ticket of a type the player holds now), by any two Tickets as a
wildcard (any route, Secret ones too), by a Traveller's power (`travellers.py`); Explore (the
assumed days, collecting the city's token); Refresh (1 day) and Plan (2 days, one Ticket). An
arc that ends where a checkpoint is due jumps to the next stage and earns its bar's
points, so checkpoints are met in order exactly as the engine completes them. The rules'
subtleties are constraints on arcs: a Travel only passes a token city once that token was
collected, never a checkpoint city; a city with a Cursed Souvenir is left only after Exploring it;
a Traveller's power is used at most once per stage (it refreshes at each checkpoint); Yuki's step
back is folded into the action that follows it, so days never decrease along a path.

Tickets: the starting hand's types are known; every Ticket drawn later is of unknown type, so the
plan spends drawn Tickets only where any type works (wildcards and the die's discard). A
running balance per day keeps the Tickets the plan will spend by type out of reach of the others.
Objectives: only the hand in view can be planned (a replacement is drawn face down), and the
plan never redraws. The objective is the engine's final score, line by line.

The search: first the best of a few hundred randomised greedy-bot journeys held to the plan's
assumptions (mapped onto the network's arcs, scored by a model over those arcs alone, replayed).
On a small network (tiny boards, late positions) CP-SAT then looks on the whole network for a
better plan only, so that finding none proves the first one optimal; this takes a second or so.
On the reference board (about 12,000 nodes and 120,000-370,000 arcs) that model is hopeless:
its LP relaxation is weak (on a 12,000-arc position 20 days from the end, 71 against a best
plan of 52) and slow (GLOP needs minutes from 50,000 arcs on), and CP-SAT's bound stays at
95-600. There the plan is improved one window of `WINDOW_DAYS` days at a time instead
(`_windows`): each window's model is small enough for CP-SAT to find a better plan or prove in
a second or two that none exists. The plan then comes back "feasible" with no bound, and says
so when a whole pass of windows proved that no change within that many days improves it.

Every plan is replayed in the engine, from the puzzle's own position with the die fixed to the
assumption, and must score exactly what the solver claims, otherwise `PlanError` is raised.
`exact_search` (pure Python, over engine states) finds the same optimum on tiny boards and works
without OR-Tools.

Ctrl-C stops a search at once: `solve` raises `Interrupted` (a KeyboardInterrupt) holding the
best replay-verified plan found so far; CP-SAT runs in a helper thread so that Python sees the
interrupt (`kit.solve.plan.run_solver`)."""

from __future__ import annotations

import argparse
import copy
import dataclasses
import math
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import (
    DEPART,
    PLAN,
    POWER,
    REDRAW,
    REFRESH,
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
from kit.amazing_journey.bots import GreedyBot
from kit.amazing_journey.content import ROUTE_TYPES, Content, DieResult, Token, Traveller
from kit.amazing_journey.game import AmazingJourney
from kit.amazing_journey.setup import setup
from kit.amazing_journey.state import (
    DiscardTicket,
    DoubleTickets,
    DrawObjective,
    DrawTicket,
    JourneyState,
    MakeRoom,
    PlayObjective,
    RollDie,
)
from kit.amazing_journey.tables import Tables
from kit.core import CHANCE, IllegalAction, KitError
from kit.solve.plan import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Plan,
    Step,
    bound_text,
    run_solver,
)

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - exact_search still works
    cp_model = None  # type: ignore[assignment]

Var = Any
"""A CP-SAT variable (`cp_model.IntVar`; its Booleans too)."""

Expr = Any
"""A CP-SAT linear expression, or a plain number where nothing varies."""

MODEL_SECONDS_PER_ARC = 2e-5
"""About the time to build the CP-SAT model, per arc (measured on the reference board)."""

PRESOLVE_SECONDS_PER_ARC = 6e-5
"""About the time CP-SAT's presolve takes per arc on the reference board: it does not stop at
the time limit, so it is skipped when the time left is shorter."""

SLACKS = (0.0, 0.25, 0.5)
"""How far below the best value (in the greedy bot's days) the first plans' bots may pick an
action, in turn: a little randomness finds better journeys than the bot's ties alone."""

FIRST_PLAN_SHARE = 0.3
"""The share of the time left once the network is built that the randomised greedy journeys
may take (see `_first_plan`); up to half while none of them fits the model."""

WHOLE_MODEL_ARCS = 20_000
"""Above this many arcs, CP-SAT on the whole network finds nothing in seconds (its bound stays
far above any plan): the plan is improved window by window instead (`_windows`)."""

WINDOW_DAYS = 8
"""The stretch of days one window may change."""

WINDOW_SECONDS = 3.0
"""The most time one window's search may take."""

WINDOW_MIN_SECONDS = 1.0
"""No window is started with less time left than this (building its model takes about half)."""

SINK = -1
"""The node id of "journey ended" (Final checkpoint completed)."""

TRAVEL, EXPLORE = "travel", "explore"
"""The kinds of arc besides the Wait actions' REFRESH and PLAN (`Arc.kind`)."""

Node = tuple[int, int, int]
"""A node of the network: (city, day, checkpoints completed)."""

Move = tuple[Node, bool, Action, list[Action]]
"""A move of `greedy_game`: where it starts, whether Yuki stepped back first, the action and
the answers to its questions."""

OnSolution = Callable[[int, float, float], None]
"""Progress callback: `(score, bound, elapsed_seconds)` for every improving plan."""


class PlanError(KitError):
    """A plan the engine does not accept or scores differently from the solver: a bug, never
    a result."""


# --------------------------------------------------------------------------------------------
# Puzzles
# --------------------------------------------------------------------------------------------


Hidden = dict[str, tuple[list[int], list[int]]]
"""Per region: the face-down cities whose tokens are unknown, and the tokens assumed there."""

Explores = int | Sequence[int]
"""The days of every Explore, or the die's results in order."""


@dataclass(frozen=True)
class Puzzle:
    """One player's position and the assumptions the plan is made under.

    `explore` is one duration for every Explore, or the die results in order (a plan then
    explores at most that many times). `days` is the last day the journey may end on (by
    default the Timeline's length: a journey that ends later is late)."""

    state: JourneyState = field(repr=False, compare=False)
    player: int = 0
    explore: Explores = (3,)
    days: int | None = None
    revealed: bool = True
    hidden: Hidden = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        state, p = self.state, self.player
        if state.is_terminal or state.finish[p] >= 0:
            raise KitError(f"player {p} has already ended the journey")
        if state.steps or state.current_player != p:
            raise KitError(
                f"plan from the start of an action of player {p} (a decision or chance is due)"
            )
        durations = {result.days for _, result, _ in state.tables.faces}
        explore = (self.explore,) if isinstance(self.explore, int) else tuple(self.explore)
        if not explore or any(d not in durations for d in explore):
            raise KitError(f"Explore durations must be among {sorted(durations)}, got {explore}")
        object.__setattr__(self, "explore", explore)
        if self.days is None:
            object.__setattr__(self, "days", state.tables.length)
        object.__setattr__(self, "hidden", {} if self.revealed else _hidden(state, p))

    @property
    def durations(self) -> tuple[int, ...]:
        """`explore` as a tuple (one duration, or the die's results in order)."""
        return (self.explore,) if isinstance(self.explore, int) else tuple(self.explore)

    @property
    def limit(self) -> int:
        """The last day the journey may end on."""
        return self.state.tables.length if self.days is None else self.days

    @classmethod
    def from_state(
        cls,
        state: JourneyState,
        player: int | None = None,
        explore: Explores = 3,
        days: int | None = None,
        revealed: bool = False,
    ) -> Puzzle:
        """The puzzle of `player` (the one to move by default) in a position of any game. The
        tokens on the map lie face down, as in play, unless `revealed` (a study of the position
        with every token shown)."""
        player = state.current_player if player is None else player
        return cls(state.clone(), player, explore, days, revealed)

    @property
    def tables(self) -> Tables:
        return self.state.tables

    @property
    def traveller(self) -> Traveller | None:
        return self.state.traveller_of(self.player)

    def alone(self, explored: Sequence[int] = ()) -> JourneyState:
        """A copy of the position where the other travellers stand still (marked as ended), so
        that the player plays on alone as the rules let the last traveller do. With face-down
        tokens, each region's unmarked cities hold the tokens the plan assumes: the first of
        them `explored` (cities in the plan's order) holds the least valuable token the region
        can still hold, the next one the next, the others the rest."""
        state = self.state.clone()
        for q in range(len(state.day)):
            if q != self.player and state.finish[q] < 0:
                state.finish[q] = state.day[q]
        for cities, pool in self.hidden.values():
            order = [c for c in dict.fromkeys(explored) if c in cities]
            order += [c for c in cities if c not in order]
            for city, token in zip(order, pool, strict=True):
                state.city_token[city] = token
        return state

    @property
    def content(self) -> Content:
        return self.state.tables.content

    def assumptions(self) -> tuple[str, ...]:
        """The assumptions in words, printed with every plan."""
        explore = self.durations
        if len(explore) == 1:
            dice = f"every Explore takes {explore[0]} days"
        else:
            dice = "the die shows " + ", ".join(map(str, explore)) + " days in order"
        return (
            dice,
            f"the journey ends by day {self.limit}",
            "Tickets drawn during the game are of unknown type (spent only as any "
            f"{self.tables.rules.wildcard_cost} Tickets or as the die's discard)",
            "only the Objectives in hand are planned; they are never redrawn",
            "the tokens on the map are known face up"
            if self.revealed
            else "a face-down token with a symbol or a curse mark on its back is the one that "
            "back names; an unmarked one is worth what its region can still hold, least "
            "valuable first (Experiences, then Souvenirs by value), and its Tickets are not "
            "counted on",
        )


def _worth(token: Token) -> tuple[int, int]:
    """The order "least valuable first" of face-down tokens: Experiences (one point alone),
    then Souvenirs by value."""
    return (0 if token.souvenir is None else token.souvenir, token.index)


def _hidden(state: JourneyState, player: int) -> Hidden:
    """Per region, the face-down cities whose back shows neither a symbol nor a curse mark, and
    the tokens they are assumed to hold, least valuable first. A back with a symbol names its
    token (one per symbol and region), so does a curse mark (one per region). The candidates
    are the region's unmarked tokens the player does not know to be off the map: not on their
    own Travel board, nor of an Experience type another player took from the region unmarked;
    another player's unmarked Souvenirs are face down, so the candidates keep them and the
    least valuable ones are kept in the pool (the most valuable assumed taken)."""
    tokens = state.tables.content.tokens
    cities: dict[str, list[int]] = {}
    for city, token in enumerate(state.city_token):
        info = tokens[token] if token >= 0 else None
        if info is not None and info.symbol is None and not info.cursed:
            cities.setdefault(info.region, []).append(city)
    gone = set(state.experiences[player] + state.souvenirs[player])
    taken: list[tuple[str, str | None]] = []
    for q in range(len(state.day)):
        if q != player:
            taken += [
                (tokens[t].region, tokens[t].experience)
                for t in state.experiences[q]
                if tokens[t].symbol is None
            ]
    hidden: Hidden = {}
    for region, places in cities.items():
        candidates = [
            t.index
            for t in tokens
            if t.region == region and t.symbol is None and not t.cursed and t.index not in gone
        ]
        for kind in (k for r, k in taken if r == region):
            match = [t for t in candidates if tokens[t].experience == kind]
            if match:
                candidates.remove(match[0])
        pool = sorted(candidates, key=lambda t: _worth(tokens[t]))[: len(places)]
        hidden[region] = (places, pool)
    return hidden


def standard_puzzle(
    side: str = "regular",
    traveller: str = "Paulo",
    explore: Explores = 3,
    seed: int = 1,
    days: int | None = None,
    board: str | None = None,
    **fixed: Any,
) -> Puzzle:
    """A solo puzzle: a one-player game set up by `seed` on `side` with `traveller` (tokens,
    removed symbols, starting Ticket and Objectives as the seed deals them, or as `fixed` gives
    them: `placement`, `tickets`, `objectives` as for `kit.amazing_journey.setup`). `board` is
    a folder of content files in the format of `seeds/amazing_journey/` (default: the reference
    board)."""
    game = AmazingJourney(
        players=1,
        seed=seed,
        side=side,
        travellers=[traveller],
        content=None if board is None else str(board),
    )
    return Puzzle(setup(game, **fixed), 0, explore, days)


# --------------------------------------------------------------------------------------------
# The time-expanded network
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Arc:
    """One action from node `tail` (on day `start`) to node `head` (ending on day `end`).

    `needs` lists token cities that must have been explored by `start` (passed through, left
    after a Cursed stop, or an empty stop for Catalina). Ticket effects: `gain` drawn (unknown
    type), `spend` any Tickets, `typed` the type of the held Tickets a Ticket travel spends (or
    -1), `discard` the die's discard of Tickets (as many as are held, up to that)."""

    tail: int
    head: int
    start: int
    end: int
    kind: str  # TRAVEL, EXPLORE, REFRESH, PLAN
    stage: int
    route: int = -1
    dest: int = -1
    method: str = ""
    through: bool = False
    back: bool = False
    power: bool = False
    city: int = -1
    duration: int = 0
    doubled: bool = False
    gain: int = 0
    spend: int = 0
    typed: int = -1
    discard: int = 0
    needs: tuple[int, ...] = ()
    points: int = 0


class Network:
    """The (city, day, stage) nodes reachable from the puzzle's position that can still end the
    journey by the limit, and the arcs between them."""

    def __init__(self, puzzle: Puzzle, limit: int | None = None) -> None:
        self.puzzle = puzzle
        state, p = puzzle.state, puzzle.player
        tables = self.tables = puzzle.tables
        self.rules = tables.rules
        self.limit = puzzle.limit if limit is None else limit
        self.token = list(puzzle.alone().city_token)
        self.hidden = {c for cities, _ in puzzle.hidden.values() for c in cities}
        tokens = tables.content.tokens
        self.cursed = {c for c, t in enumerate(self.token) if t >= 0 and tokens[t].cursed}
        self.traveller = puzzle.traveller
        self.power_types = {ROUTE_TYPES.index(t) for t in travellers.travel_types(self.traveller)}
        self.known = tuple(state.tickets[p])
        self.durations = sorted(set(puzzle.durations))
        self.die = {result.days: result for _, result, _ in tables.faces}
        self.nodes: dict[Node, int] = {}
        self.keys: list[Node] = []
        self.arcs: list[Arc] = []
        self.start = self._node((state.pos[p], state.day[p], state.stage[p]))
        self.fresh = state.fresh[p]
        self._by_tail: dict[int, list[int]] | None = None
        self._build()

    def simple_path(self) -> list[int]:
        """Arc numbers of a plain journey (departures and waits only, no token collected), found
        breadth-first: a first solution for the solver to improve, or [] if there is none."""
        by_tail: dict[int, list[int]] = {}
        for number, arc in enumerate(self.arcs):
            if arc.method == DEPART and not arc.needs or arc.kind == REFRESH and not arc.needs:
                by_tail.setdefault(arc.tail, []).append(number)
        parent = {self.start: -1}
        queue = deque([self.start])
        while queue:
            node = queue.popleft()
            for number in by_tail.get(node, ()):
                head = self.arcs[number].head
                if head not in parent:
                    parent[head] = number
                    queue.append(head)
        if SINK not in parent:
            return []
        path, node = [], SINK
        while parent[node] >= 0:
            path.append(parent[node])
            node = self.arcs[parent[node]].tail
        return path[::-1]

    def journey(self, moves: Sequence[Move]) -> list[int]:
        """Arc numbers of a journey given as `greedy_game` moves, or [] if one of its actions
        has no arc. A Ticket travel beyond the starting hand's Tickets of that type becomes a
        wildcard travel (drawn Tickets are of unknown type to the plan)."""
        if self._by_tail is None:
            self._by_tail = {}
            for number, arc in enumerate(self.arcs):
                self._by_tail.setdefault(arc.tail, []).append(number)
        by_tail = self._by_tail
        typed = [0] * len(self.known)
        path: list[int] = []
        for key, back, action, answers in moves:
            want = _arc_fields(action, answers)
            if want.get("method") == TICKET:
                assert isinstance(action, Travel)
                kind = self.tables.route_type[action.route]
                typed[kind] += self.rules.ticket_cost
                if typed[kind] > self.known[kind]:
                    want["method"] = WILDCARD
            tail = self.nodes.get(key, SINK)
            match = [
                n
                for n in by_tail.get(tail, ())
                if self.arcs[n].back == back
                and all(getattr(self.arcs[n], k) == v for k, v in want.items())
            ]
            if len(match) != 1 or (path and self.arcs[path[-1]].head != tail):
                return []
            path.append(match[0])
        return path if path and self.arcs[path[-1]].head == SINK else []

    def restricted(self, numbers: Sequence[int]) -> Network:
        """The same network with only the arcs `numbers` (a model over part of it)."""
        part = copy.copy(self)
        part.arcs = [self.arcs[n] for n in numbers]
        return part

    def _node(self, key: Node) -> int:
        node = self.nodes.get(key)
        if node is None:
            node = self.nodes[key] = len(self.keys)
            self.keys.append(key)
        return node

    def _head(self, city: int, day: int, stage: int) -> tuple[Node | None, int]:
        """Where an action ending in `city` on `day` leaves the traveller: checkpoints due there
        are completed in order (their points returned); None once the Final one is done."""
        checkpoints = self.tables.board.checkpoints
        points = 0
        while stage < len(checkpoints):
            checkpoint = checkpoints[stage]
            if city != self.tables.checkpoint_city[stage] or day < checkpoint.activation:
                return (city, day, stage), points
            points += checkpoint.points(day)
            stage += 1
        return None, points

    def _build(self) -> None:
        """Breadth-first over nodes from the start, then keep what can reach the end."""
        queue = deque([self.start])
        seen = {self.start}
        while queue:
            tail = queue.popleft()
            for arc in self._arcs_from(tail):
                if arc.head != SINK and arc.head not in seen:
                    seen.add(arc.head)
                    queue.append(arc.head)
        into: dict[int, list[int]] = {}
        for arc in self.arcs:
            into.setdefault(arc.head, []).append(arc.tail)
        alive, queue = {SINK}, deque([SINK])
        while queue:
            for tail in into.get(queue.popleft(), ()):
                if tail not in alive:
                    alive.add(tail)
                    queue.append(tail)
        self.arcs = [a for a in self.arcs if a.head in alive and a.tail in alive]
        self.alive = alive

    def _arcs_from(self, tail: int) -> list[Arc]:
        city, day, stage = self.keys[tail]
        made: list[Arc] = []
        traveller = self.traveller
        backs = (False, True) if travellers.steps_back(traveller, day) else (False,)
        for back in backs:
            start = day - traveller.days if back and traveller else day
            for arc in self._actions(city, start, stage):
                arc.start, arc.back = day, back
                arc.power = arc.power or back
                if back and arc.end <= day and arc.kind == REFRESH:
                    continue  # stepping back to wait a day is no move at all
                if arc.end > self.limit:
                    continue
                key, points = self._head(arc.dest if arc.kind == TRAVEL else city, arc.end, stage)
                arc.tail, arc.points = tail, points
                arc.head = SINK if key is None else self._node(key)
                if city in self.cursed and arc.kind != EXPLORE:
                    arc.needs += (city,)
                made.append(arc)
        self.arcs += made
        return made

    def _actions(self, city: int, day: int, stage: int) -> list[Arc]:
        """The actions from `city` taken on Timeline `day` (before checkpoints and limits)."""
        tables, rules = self.tables, self.rules
        traveller = self.traveller
        arcs = []
        token = self.token[city]
        if token >= 0:
            info = tables.content.tokens[token]
            tickets = 0 if city in self.hidden else info.tickets  # a face-down token's: unknown
            for duration in self.durations:
                result = self.die[duration]
                arcs.append(self._explore(city, day, stage, duration, result, tickets))
                if travellers.doubles_tickets(traveller, info) and tickets:
                    twice = travellers.lisettes_tickets(tickets)
                    arc = self._explore(city, day, stage, duration, result, twice)
                    arc.power = arc.doubled = True
                    arcs.append(arc)
            if traveller is not None and travellers.explores_cursed(traveller, info):
                arc = self._explore(city, day, stage, traveller.days, None, info.tickets)
                arc.power, arc.method = True, POWER
                arcs.append(arc)
        arcs.append(Arc(0, 0, day, day + rules.refresh_days, REFRESH, stage))
        arcs.append(Arc(0, 0, day, day + rules.plan_days, PLAN, stage, gain=rules.plan_tickets))
        departing = tables.departures[day % tables.length]
        blocked = tables.checkpoint_mask
        for route in tables.routes_at[city]:
            kind = tables.route_type[route]
            extra = tables.board.routes[route].extra_days
            methods = []  # how, days, Tickets of any type spent, the type of those spent
            if kind in departing:
                methods.append((DEPART, rules.departure_days, 0, -1))
            if self.known[kind] >= rules.ticket_cost:
                methods.append((TICKET, rules.ticket_days, 0, kind))
            methods.append((WILDCARD, rules.wildcard_days, rules.wildcard_cost, -1))
            if traveller is not None and kind in self.power_types:
                methods.append((POWER, traveller.days, 0, -1))
            for dest, between in tables.reach[route][city]:
                passed = tuple(c for c in _cities(between) if self.token[c] >= 0)
                for method, days, spend, typed in methods:
                    arc = Arc(
                        0, 0, day, day + days + extra, TRAVEL, stage, route, dest, method,
                        spend=spend, typed=typed, power=method == POWER, needs=passed,
                    )  # fmt: skip
                    if (
                        method == POWER
                        and traveller is not None
                        and not travellers.may_stop(traveller, self.token[dest] >= 0)
                    ):
                        arc.needs += (dest,)
                    if not between & blocked:
                        arcs.append(arc)
                    if travellers.passes_tokens(traveller) and (between & blocked or passed):
                        arcs.append(_through(arc))
        return arcs

    def _explore(
        self, city: int, day: int, stage: int, duration: int, result: DieResult | None, tickets: int
    ) -> Arc:
        """An Explore arc: the die's `result` (None: Carlo's power, no die) and the token's
        `tickets`."""
        draw = result.draw_tickets if result else 0
        discard = result.discard_tickets if result else 0
        return Arc(
            0, 0, day, day + duration, EXPLORE, stage, city=city, duration=duration,
            gain=tickets + draw, discard=discard,
        )  # fmt: skip


def _arc_fields(action: Action, answers: Sequence[Action]) -> dict[str, object]:
    """The `Arc` fields that identify an engine action (for `Network.journey`)."""
    if isinstance(action, Travel):
        return {
            "kind": TRAVEL, "route": action.route, "dest": action.dest,
            "method": action.method, "through": action.through,
        }  # fmt: skip
    if isinstance(action, Explore) and action.by_power:
        return {"kind": EXPLORE, "method": POWER}
    if isinstance(action, Explore):
        doubled = any(
            isinstance(a, Answer) and a.question == "double_tickets" and a.value for a in answers
        )
        return {"kind": EXPLORE, "method": "", "doubled": doubled}
    if isinstance(action, Wait) and action.what != REDRAW:
        return {"kind": action.what}
    return {"kind": "none"}  # the plan never redraws, nor steps back alone: no arc


def _through(arc: Arc) -> Arc:
    """Hendrika's variant of a Travel: passes token and checkpoint cities, uses the power."""
    fields = {name: getattr(arc, name) for name in Arc.__slots__}
    return Arc(**{**fields, "through": True, "power": True, "needs": ()})


def _cities(mask: int) -> list[int]:
    cities, c = [], 0
    while mask:
        if mask & 1:
            cities.append(c)
        mask >>= 1
        c += 1
    return cities


# --------------------------------------------------------------------------------------------
# The CP-SAT model
# --------------------------------------------------------------------------------------------


class Model:
    """CP-SAT variables and constraints over a `Network`: one Boolean per arc forming a single
    path from the start to the end, with the Ticket balance, power uses, explore order and the
    score sheet as linear expressions. `minimize_days` asks for the earliest end instead."""

    def __init__(self, network: Network, minimize_days: bool = False) -> None:
        if cp_model is None:
            raise KitError("OR-Tools is not installed: use exact_search on small boards")
        self.network = network
        puzzle, state, p = network.puzzle, network.puzzle.state, network.puzzle.player
        m = self.model = cp_model.CpModel()
        arcs = network.arcs
        x: list[Var] = [m.new_bool_var(f"a{i}") for i in range(len(arcs))]
        self.x = x
        outs: dict[int, list[Var]] = {}
        ins: dict[int, list[Var]] = {}
        for var, arc in zip(x, arcs, strict=True):
            outs.setdefault(arc.tail, []).append(var)
            ins.setdefault(arc.head, []).append(var)
        for node in set(outs) | set(ins):
            if node == network.start:
                m.add(sum(outs.get(node, [])) == 1)
                m.add(sum(ins.get(node, [])) == 0)
            elif node == SINK:
                m.add(sum(ins[node]) == 1)
            else:
                m.add(sum(ins.get(node, [])) == sum(outs.get(node, [])))
                m.add(sum(ins.get(node, [])) <= 1)
        first_stage = state.stage[p]
        for stage in range(first_stage, len(network.tables.checkpoint_city)):
            uses = [v for v, a in zip(x, arcs, strict=True) if a.power and a.stage == stage]
            allowed = 1 if stage > first_stage or network.fresh else 0
            if uses:
                m.add(sum(uses) <= allowed)
        self._collection(arcs)
        self._tickets(arcs, state.day[p])
        self._explore_order(arcs, state.day[p])
        self.score: Expr = 0
        if minimize_days:
            m.minimize(sum(a.end * v for v, a in zip(x, arcs, strict=True) if a.head == SINK))
        else:
            self.score = self._score(arcs, puzzle)
            m.maximize(self.score)

    def better_than(self, plan: Plan) -> None:
        """Only plans scoring more than `plan` are wanted."""
        self.model.add(self.score >= (plan.objective or 0) + 1)

    def hint(self, path: Sequence[int]) -> None:
        """Start the search from the arcs of `path` (a known feasible journey)."""
        for number in path:
            self.model.add_hint(self.x[number], 1)

    def _collection(self, arcs: list[Arc]) -> None:
        """Each token city explored at most once; `needs` only after that Explore ended."""
        m, x = self.model, self.x
        explores: dict[int, list[tuple[int, Var]]] = {}
        for var, arc in zip(x, arcs, strict=True):
            if arc.kind == EXPLORE:
                explores.setdefault(arc.city, []).append((arc.end, var))
        self.collected: dict[int, Expr] = {
            c: sum(v for _, v in items) for c, items in explores.items()
        }
        for expr in self.collected.values():
            m.add(expr <= 1)
        needed: dict[int, set[int]] = {}
        for arc in arcs:
            for city in arc.needs:
                needed.setdefault(city, set()).add(arc.start)
        done: dict[tuple[int, int], Expr] = {}
        for city, days in needed.items():
            ending: dict[int, list[Var]] = {}
            for end, var in explores.get(city, ()):
                ending.setdefault(end, []).append(var)
            running: Expr = 0  # explored by `day`: a chain, so each Explore is in one sum only
            for day in range(min([*days, *ending]), max(days) + 1):
                if ending.get(day):
                    chain = m.new_bool_var(f"done{city}_{day}")
                    m.add(chain == running + sum(ending[day]))
                    running = chain
                done[(city, day)] = running
        for var, arc in zip(x, arcs, strict=True):
            for city in arc.needs:
                key = (city, arc.start)
                if isinstance(done[key], int):
                    m.add(var == 0)
                    continue
                m.add_implication(var, done[key])

    def _tickets(self, arcs: list[Arc], first: int) -> None:
        """Day by day: Tickets spent on wildcards and discards never exceed those drawn plus the
        starting ones not kept back for the typed Ticket travels; typed ones by the hand. The
        die's discard takes its count of Tickets, or every Ticket held if there are fewer."""
        m, x = self.model, self.x
        net = self.network
        cost = net.rules.ticket_cost
        last = net.limit
        gains: list[list[Expr]] = [[] for _ in range(last + 2)]
        spends: list[list[Expr]] = [[] for _ in range(last + 2)]
        typed_at: list[list[Expr]] = [[] for _ in range(last + 2)]
        discards: list[tuple[int, Var, Var]] = []
        typed_by_kind: dict[int, list[Var]] = {}
        for var, arc in zip(x, arcs, strict=True):
            if arc.gain:
                gains[arc.end].append(arc.gain * var)
            if arc.spend:
                spends[arc.start].append(arc.spend * var)
            if arc.typed >= 0:
                typed_at[arc.start].append(cost * var)
                typed_by_kind.setdefault(arc.typed, []).append(var)
            if arc.discard:
                full = m.new_bool_var("")  # as many as the die says
                m.add(full <= var)
                spends[arc.start].append(arc.discard * full)
                if arc.discard > 1:  # or the fewer held
                    part = m.new_int_var(0, arc.discard - 1, "")
                    m.add(part <= (arc.discard - 1) * var)
                    m.add(part == 0).only_enforce_if(full)
                    spends[arc.start].append(part)
                discards.append((arc.start, var, full))
        for kind, uses in typed_by_kind.items():
            m.add(cost * sum(uses) <= net.known[kind])
        typed_total = cost * sum(v for uses in typed_by_kind.values() for v in uses)
        start = sum(net.known)
        balance: dict[int, Var] = {}
        remaining: dict[int, Expr] = {}
        previous: Expr = start - typed_total
        for day in range(first, last + 1):
            level = m.new_int_var(0, start + 4 * (last + 1), f"r{day}")
            m.add(level == previous + sum(gains[day]) - sum(spends[day]))
            balance[day] = level
            previous = level
        later: Expr = 0
        for day in range(last, first - 1, -1):
            remaining[day] = later
            if typed_at[day]:
                reserved = m.new_int_var(0, start, f"typed{day}")
                m.add(reserved == remaining[day] + sum(typed_at[day]))
                later = reserved
        for day, var, full in discards:
            m.add(balance[day] + remaining[day] <= 0).only_enforce_if([var, full.negated()])

    def _explore_order(self, arcs: list[Arc], first: int) -> None:
        """With die results in order, the i-th Explore takes the i-th result."""
        sequence = self.network.puzzle.durations
        if len(sequence) == 1:
            return
        m, x = self.model, self.x
        per_day: list[list[tuple[Var, int]]] = [[] for _ in range(self.network.limit + 2)]
        for var, arc in zip(x, arcs, strict=True):
            if arc.kind == EXPLORE and arc.method != POWER:
                per_day[arc.start].append((var, arc.duration))
        done: Expr = 0
        for day in range(first, self.network.limit + 1):
            for var, duration in per_day[day]:
                allowed = [i for i, d in enumerate(sequence) if d == duration]
                m.add_linear_expression_in_domain(
                    done, cp_model.Domain.from_values(allowed)
                ).only_enforce_if(var)
            if per_day[day]:
                count = m.new_int_var(0, len(sequence), f"explored{day}")
                m.add(count == done + sum(var for var, _ in per_day[day]))
                done = count

    def _items(self) -> list[tuple[int, Expr]]:
        """The tokens the plan may collect, each with its "collected" expression: a known token
        by its city's Explores; for face-down cities, the i-th token of the region's pool once
        at least i + 1 of those cities are explored (`Puzzle.alone` arranges them so)."""
        m, net = self.model, self.network
        items: list[tuple[int, Expr]] = [
            (net.token[c], expr) for c, expr in self.collected.items() if c not in net.hidden
        ]
        for region, (cities, pool) in net.puzzle.hidden.items():
            count = sum(self.collected.get(c, 0) for c in cities)
            if isinstance(count, int):
                continue  # none of them can be explored
            firsts = [m.new_bool_var(f"h{region}{i}") for i in range(len(pool))]
            m.add(sum(firsts) == count)
            for earlier, later in zip(firsts, firsts[1:], strict=False):
                m.add_implication(later, earlier)
            items += zip(pool, firsts, strict=True)
        return items

    def _score(self, arcs: list[Arc], puzzle: Puzzle) -> Expr:
        """The engine's final score sheet as a linear expression (see `scoring.score_sheet`)."""
        m, x = self.model, self.x
        state, p = puzzle.state, puzzle.player
        content = puzzle.content
        scoring = content.scoring
        tokens = content.tokens
        items = self._items()
        self.kept = [(token, m.new_bool_var(f"k{token}")) for token, _ in items]
        for (_, var), (_, collected) in zip(self.kept, items, strict=True):
            m.add(var <= collected)
        held = [tokens[t] for t in state.experiences[p] + state.souvenirs[p]]
        terms = []
        counts = []
        for kind in scoring.experience_types:
            n = sum(t.experience == kind for t in held) + sum(
                v for t, v in self.kept if tokens[t].experience == kind
            )
            counts.append(n)
            terms.append(_table(m, n, scoring.experience_points))
        bonus = m.new_bool_var("bonus")
        for n in counts:
            m.add(bonus <= n)
        terms.append(scoring.all_types_bonus * bonus)
        souvenirs = [(t, v) for t, v in self.kept if tokens[t].souvenir is not None]
        n_souvenirs = len(state.souvenirs[p]) + sum(v for _, v in souvenirs)
        room = scoring.souvenir_rows * scoring.souvenir_row_length
        m.add(n_souvenirs <= room)
        terms.append(sum(tokens[t].souvenir or 0 for t in state.souvenirs[p]))
        terms.append(sum((tokens[t].souvenir or 0) * v for t, v in souvenirs))
        rows = m.new_int_var(0, scoring.souvenir_rows, "rows")
        m.add(scoring.souvenir_row_length * rows <= n_souvenirs)
        terms.append(_table(m, rows, scoring.souvenir_row_points))
        for region in content.board.regions:
            has = sum(t.region == region.code for t in held)
            if has:
                terms.append(scoring.region_points)
                continue
            visited = m.new_bool_var(f"region{region.code}")
            m.add(visited <= sum(v for t, v in self.kept if tokens[t].region == region.code))
            terms.append(scoring.region_points * visited)
        self.plays = {}
        for k, kind in enumerate(scoring.experience_types):
            if state.hand[p][k]:
                play = self.plays[k] = m.new_int_var(0, state.hand[p][k], f"play{kind}")
                m.add(play <= sum(v for t, v in items if tokens[t].experience == kind))
                terms.append(scoring.objective_points * play)
        terms.append(scoring.objective_points * len(state.played[p]) + state.points[p])
        length, penalty = puzzle.tables.length, puzzle.tables.rules.late_penalty
        for var, arc in zip(x, arcs, strict=True):
            late = max(0, arc.end - length) * penalty if arc.head == SINK else 0
            value = arc.points - late
            if value:
                terms.append(value * var)
        return sum(terms)

    def answer(self, solver: Any) -> tuple[list[int], set[int], dict[int, int], int]:
        """The solver's plan: the positions of its arcs in the network, the tokens it keeps on
        the Travel board, the Objectives it plays per type, and its score."""
        chosen = [i for i, var in enumerate(self.x) if solver.value(var)]
        kept = {token for token, var in self.kept if solver.value(var)}
        plays = {k: solver.value(var) for k, var in self.plays.items()}
        return chosen, kept, plays, round(solver.objective_value)


def _table(m: Any, count: Expr, points: Sequence[int]) -> Expr:
    """`points[count]` for an integer expression `count`, as a one-hot choice (points grow)."""
    picks = [m.new_bool_var("") for _ in points]
    m.add_exactly_one(picks)
    m.add(sum(i * v for i, v in enumerate(picks)) == count)
    return sum(value * v for value, v in zip(points, picks, strict=True))


# --------------------------------------------------------------------------------------------
# Solving, and replaying in the engine
# --------------------------------------------------------------------------------------------


class _Progress(cp_model.CpSolverSolutionCallback if cp_model else object):  # type: ignore[misc]
    """Reports each improving plan to `on_solution(score, bound, elapsed)`."""

    def __init__(self, on_solution: OnSolution | None, sign: int, began: float) -> None:
        super().__init__()
        self.on_solution, self.sign, self.began = on_solution, sign, began

    def on_solution_callback(self) -> None:
        if self.on_solution:
            self.on_solution(
                round(self.sign * self.objective_value),
                self.sign * self.best_objective_bound,
                _since(self.began),
            )


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the planner: `plan` is the best replay-verified plan found by then (None
    if there was none yet). It is a KeyboardInterrupt, so a script or a notebook cell stops as
    Ctrl-C asks, with the plan in hand."""

    def __init__(self, plan: Plan | None) -> None:
        super().__init__("the planner was interrupted")
        self.plan = plan


@dataclass
class _Found:
    """The best replay-verified plan of a search so far, for an interrupted search."""

    began: float
    plan: Plan | None = None

    def keep(self, plan: Plan) -> Plan:
        if self.plan is None or (plan.objective or 0) >= (self.plan.objective or 0):
            self.plan = plan
        return plan

    def interrupted(self) -> Interrupted:
        if self.plan is None:
            return Interrupted(None)
        return Interrupted(_restamp(self.plan, FEASIBLE, None, self.began))


def solve(
    puzzle: Puzzle,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
    seed: int = 1,
    starts: int = 512,
) -> Plan:
    """The best plan for `puzzle` within `time_limit` seconds on `workers` threads, replayed and
    scored by the engine. An impossible puzzle gives an infeasible `Plan` with the earliest day
    the journey could end (`earliest`).

    The search starts from the best of `starts` randomised greedy journeys (bot seeds from
    `seed`, see `SLACKS`; started within `FIRST_PLAN_SHARE` of the time left): that journey,
    scored and replayed, is the plan returned if nothing better is found. A small network is
    then searched whole for a better plan only, so that finding none proves the first one
    optimal (status optimal; feasible, with the solver's bound if it proved one, when time runs
    out); a large one window by window (`_windows`). Without a first plan, a plain journey by
    departures is the solver's hint.

    Ctrl-C (a KeyboardInterrupt) stops the search at once and raises `Interrupted` with the
    best replay-verified plan found so far."""
    began = time.perf_counter()
    found = _Found(began)
    try:
        return _search(puzzle, time_limit, workers, on_solution, seed, starts, found)
    except Interrupted:
        raise
    except KeyboardInterrupt:
        raise found.interrupted() from None


def _search(
    puzzle: Puzzle,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    seed: int,
    starts: int,
    found: _Found,
) -> Plan:
    """`solve`'s search; every verified plan goes to `found`."""
    began = found.began
    network = Network(puzzle)
    if network.start not in network.alive:
        return _infeasible(puzzle, began, time_limit, workers)
    built = _since(began)  # the network takes seconds on the largest boards
    share = built + FIRST_PLAN_SHARE * (time_limit - built)
    first = _first_plan(network, seed, starts, began, share, (built + time_limit) / 2, found)
    if first is not None:
        if on_solution:
            on_solution(first.plan.objective or 0, float("inf"), _since(began))
        if len(network.arcs) > WHOLE_MODEL_ARCS:
            best, settled = _windows(network, first, time_limit, workers, on_solution, found)
            plan = _restamp(best.plan, FEASIBLE, None, began)
            if settled:
                proven = f"no change within any {WINDOW_DAYS} days in a row scores more"
                plan = dataclasses.replace(plan, proven=proven)
            return plan
        if time_limit - _since(began) < 3 * MODEL_SECONDS_PER_ARC * len(network.arcs):
            return _restamp(first.plan, FEASIBLE, None, began)  # no time to build and search
    model = Model(network)
    if first is None:
        model.hint(network.simple_path())
    else:
        model.better_than(first.plan)
    left = max(0.1, time_limit - _since(began))
    solver = _solver(left, workers)
    # CP-SAT's presolve overruns short time limits on large networks: skip it then.
    solver.parameters.cp_model_presolve = left >= PRESOLVE_SECONDS_PER_ARC * len(network.arcs)
    status, interrupted = run_solver(solver, model.model, _Progress(on_solution, 1, began))
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if interrupted:
            raise KeyboardInterrupt
        if first is not None and status == cp_model.INFEASIBLE:
            return _restamp(first.plan, OPTIMAL, first.plan.objective, began)  # none is better
        if first is not None:
            bound = solver.best_objective_bound
            proven = bound >= (first.plan.objective or 0) + 1  # else stopped before any bound
            return _restamp(first.plan, FEASIBLE, bound if proven else None, began)
        if status == cp_model.INFEASIBLE:
            return _infeasible(puzzle, began, time_limit, workers)
        return Plan(UNKNOWN, (), None, None, solver.best_objective_bound, _since(began))
    verdict = OPTIMAL if status == cp_model.OPTIMAL else FEASIBLE
    chosen, kept, plays, objective = model.answer(solver)
    plan = found.keep(
        _verified(
            network, chosen, kept, plays, objective, verdict, solver.best_objective_bound, began
        )
    )
    if interrupted:
        raise KeyboardInterrupt
    return plan


@dataclass(frozen=True)
class _Journey:
    """A verified journey of the search: its arcs, the tokens kept, the Objectives played per
    type, and the engine's replay of it."""

    path: list[int]
    kept: set[int]
    plays: dict[int, int]
    plan: Plan


def _windows(
    network: Network,
    best: _Journey,
    time_limit: float,
    workers: int,
    on_solution: OnSolution | None,
    found: _Found,
) -> tuple[_Journey, bool]:
    """Improve the journey `best` one stretch of days at a time: CP-SAT keeps the plan outside
    a window of `WINDOW_DAYS` days and may change everything inside it (the score still counts
    the whole journey), asking only for a better plan. Windows slide from the end of the
    journey to its start, half a window at a time, and again from the end while one of them
    improves and time is left. Returns the best journey and whether a whole pass proved that no
    window holds a better one."""
    began = found.began
    first_day = network.keys[network.start][1]
    settled = False
    while not settled:
        settled = True
        high = network.arcs[best.path[-1]].end
        while high > first_day:
            left = time_limit - _since(began)
            if left < WINDOW_MIN_SECONDS:
                return best, False
            low = max(first_day, high - WINDOW_DAYS)
            keep = set(best.path)
            subset = [
                n
                for n, arc in enumerate(network.arcs)
                if n in keep or arc.start >= low and arc.end <= high
            ]
            model = Model(network.restricted(subset))
            model.hint([i for i, n in enumerate(subset) if n in keep])
            model.better_than(best.plan)
            left = time_limit - _since(began)  # building the model took some of it
            solver = _solver(max(0.1, min(left, WINDOW_SECONDS)), workers)
            status, interrupted = run_solver(solver, model.model)
            settled = settled and status == cp_model.INFEASIBLE
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                chosen, kept, plays, objective = model.answer(solver)
                path = [subset[i] for i in chosen]
                plan = _verified(network, path, kept, plays, objective, FEASIBLE, None, began)
                best = _Journey(path, kept, plays, found.keep(plan))
                if on_solution:
                    on_solution(objective, float("inf"), _since(began))
            if interrupted:
                raise KeyboardInterrupt
            high -= WINDOW_DAYS // 2
    return best, True


def _first_plan(
    network: Network,
    seed: int,
    starts: int,
    began: float,
    budget: float = float("inf"),
    most: float = float("inf"),
    found: _Found | None = None,
) -> _Journey | None:
    """The best of `starts` greedy journeys (bot seeds from `seed`; held to the plan's Ticket
    assumption) as a verified journey, or None when the model can follow none of them. The
    bot's ties and the engine's draws differ by seed, and so do the journeys; no new one is
    started after `budget` seconds (a slow machine then tries fewer), or, while the model can
    follow none of them yet, after `most` seconds. The five best by the engine's score (more if
    none of them fits the model) are scored by a model over their arcs alone (which picks the
    tokens kept and the Objectives played); the best is replayed. Ctrl-C ends the greedy
    journeys: the best of those played is still scored and replayed (into `found`), then the
    interrupt goes on."""
    journeys: dict[tuple[int, ...], int] = {}
    interrupted = False
    try:
        for bot_seed in range(seed, seed + starts):
            if _since(began) > (budget if journeys else most):
                break
            slack = SLACKS[bot_seed % len(SLACKS)]
            final, moves = greedy_game(network.puzzle, bot_seed, planned=True, slack=slack)
            path = tuple(network.journey(moves))
            if path:
                journeys[path] = final.scores()[network.puzzle.player].total
    except KeyboardInterrupt:
        interrupted = True
    best: tuple[list[int], set[int], dict[int, int], int] | None = None
    for rank, path in enumerate(sorted(journeys, key=lambda p: journeys[p], reverse=True)):
        if rank >= 5 and best is not None:
            break
        model = Model(network.restricted(path))
        solver = _solver(5.0, 1)
        status, stopped = run_solver(solver, model.model)
        interrupted = interrupted or stopped
        if status != cp_model.OPTIMAL:
            continue
        _, kept, plays, objective = model.answer(solver)
        if best is None or objective > best[-1]:
            best = (list(path), kept, plays, objective)
    journey = None
    if best is not None:
        arcs, kept, plays, objective = best
        plan = _verified(network, arcs, kept, plays, objective, FEASIBLE, None, began)
        journey = _Journey(arcs, kept, plays, found.keep(plan) if found else plan)
    if interrupted:
        raise KeyboardInterrupt
    return journey


def _verified(
    network: Network,
    chosen: Sequence[int],
    kept: set[int],
    plays: Mapping[int, int],
    objective: int,
    status: str,
    bound: float | None,
    began: float,
) -> Plan:
    """The plan of the chosen arcs, replayed in the engine, which must score `objective`."""
    puzzle = network.puzzle
    arcs = _path(network, chosen)
    final, steps, history = replay(puzzle, arcs, kept, plays)
    sheet = final.scores()[puzzle.player]
    if sheet.total != objective:
        raise PlanError(
            f"the solver claims {objective} points but the engine scores the plan {sheet.total}"
        )
    return Plan(
        status, steps, sheet, objective, bound, _since(began), puzzle.assumptions(),
        final.finish[puzzle.player], tuple(history),
    )  # fmt: skip


def _restamp(plan: Plan, status: str, bound: float | None, began: float) -> Plan:
    """`plan` with the solver's verdict on it, its bound and the total time."""
    return dataclasses.replace(plan, status=status, bound=bound, solve_time=_since(began))


@dataclass(frozen=True)
class EarliestEnd:
    """The earliest day a journey can end: `day` is the earliest found, and no journey ends
    before `bound` (proven). When the two differ the solver ran out of time in between."""

    day: int
    bound: int

    @property
    def proven(self) -> bool:
        return self.bound >= self.day

    def __str__(self) -> str:
        if self.proven:
            return f"day {self.day}"
        return f"day {self.day} (none before day {self.bound}; the days between are not ruled out)"


def earliest_end(puzzle: Puzzle, time_limit: float = 10.0, workers: int = 2) -> EarliestEnd | None:
    """The earliest day the journey can end (ignoring the score), or None if it cannot end
    within three loops of the Timeline. A journey by departures alone bounds the horizon; the
    min-days model then uses Tickets and powers where they help. No journey ends before the
    Final checkpoint's activation day, so a plain journey ending on it needs no model. If the
    model's search stops before a proof, the day found comes with the bound proven so far."""
    tables = puzzle.tables
    horizon = max(puzzle.limit, 3 * tables.length)
    network = Network(puzzle, limit=horizon)
    if network.start not in network.alive:
        return None
    floor = max(puzzle.state.day[puzzle.player], tables.board.checkpoints[-1].activation)
    plain = network.simple_path()
    end = network.arcs[plain[-1]].end if plain else None
    if end is not None:
        if end <= floor:
            return EarliestEnd(end, end)
        network = Network(puzzle, limit=end)
    model = Model(network, minimize_days=True)
    model.hint(network.simple_path())
    solver = _solver(time_limit, workers)
    status, interrupted = run_solver(solver, model.model)
    if interrupted:
        raise KeyboardInterrupt
    return _earliest(status, solver, end, floor)


def _earliest(status: int, solver: Any, plain: int | None, floor: int) -> EarliestEnd | None:
    """The min-days solve's answer: the day found and the bound proven (at least `floor`),
    the `plain` journey's end if the solver found none better in time."""
    if status == cp_model.OPTIMAL:
        day = round(solver.objective_value)
        return EarliestEnd(day, day)
    if status == cp_model.INFEASIBLE:
        return None
    day = round(solver.objective_value) if status == cp_model.FEASIBLE else plain
    if day is None:
        return None
    bound = max(floor, math.ceil(solver.best_objective_bound - 1e-6))
    return EarliestEnd(day, min(bound, day))


def _infeasible(puzzle: Puzzle, began: float, time_limit: float, workers: int) -> Plan:
    earliest = earliest_end(puzzle, time_limit, workers)
    return Plan(
        INFEASIBLE, (), None, None, None, _since(began), puzzle.assumptions(),
        earliest.day if earliest else None,
        earliest_bound=earliest.bound if earliest and not earliest.proven else None,
    )  # fmt: skip


def _solver(time_limit: float, workers: int) -> Any:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.cp_model_probing_level = 0
    return solver


def _since(began: float) -> float:
    return time.perf_counter() - began


def _path(network: Network, numbers: Sequence[int]) -> list[Arc]:
    """The chosen arcs in order from the start to the end (every chosen arc must be on it)."""
    chosen: dict[int, Arc] = {}
    for arc in (network.arcs[n] for n in numbers):
        if arc.tail in chosen:
            raise PlanError("the solution leaves a node twice")
        chosen[arc.tail] = arc
    path, node = [], network.start
    while node != SINK:
        if node not in chosen:
            raise PlanError("the solution's path breaks off")
        arc = chosen.pop(node)
        path.append(arc)
        node = arc.head
    if chosen:
        raise PlanError("the solution holds arcs off its path")
    return path


def replay(
    puzzle: Puzzle, arcs: Sequence[Arc], kept: set[int], plays: Mapping[int, int]
) -> tuple[JourneyState, tuple[Step, ...], list[str]]:
    """Play `arcs` in the engine from the puzzle's position: the die fixed to each arc's days,
    Tickets and Objectives drawn as the deck lists them (the plan does not rely on their
    types), sub-decisions answered as the plan says (`kept` tokens, `plays` per type).
    Returns the final state, the steps with days and the engine action names."""
    state, p = puzzle.alone([a.city for a in arcs if a.kind == EXPLORE]), puzzle.player
    tables = state.tables
    tokens = tables.content.tokens
    traveller = puzzle.traveller
    left = dict(plays)
    history: list[str] = []
    steps = []

    def act(label: str) -> None:
        try:
            state.apply(label)
        except IllegalAction as error:
            raise PlanError(f"the engine refuses the plan's step: {error}") from None
        history.append(label)

    for index, arc in enumerate(arcs):
        names = []
        if arc.back and traveller is not None:
            names.append(str(tables.actions.step_back(traveller)))
            act(names[-1])
        day = state.day[p]
        token = state.city_token[state.pos[p]]
        stage = state.stage[p]
        names.append(_label(state, arc, traveller))
        act(names[-1])
        future = arcs[index + 1 :]
        while state.steps and not state.is_terminal:
            act(_answer(state, p, arc, future, kept, left))
        note = []
        if arc.kind == EXPLORE:
            note.append(f"collect {tokens[token]}")
        for done in range(stage, state.stage[p]):
            checkpoint = tables.board.checkpoints[done]
            note.append(f"{checkpoint.name} checkpoint in {checkpoint.city}")
        steps.append(Step(day, state.day[p], tuple(names), ", ".join(note)))
    if state.finish[p] < 0:
        raise PlanError("the plan does not end the journey in the engine")
    return state, tuple(steps), history


def _label(state: JourneyState, arc: Arc, traveller: Traveller | None) -> str:
    """The engine's name of the arc's action (a Travel by Hendrika's power falls back to the
    plain Travel when the way is clear by then)."""
    book = state.tables.actions
    city = state.pos[state.player]
    if arc.kind == EXPLORE:
        if arc.method == POWER and traveller is not None:
            return str(book.explore_by_power(city, traveller))
        return str(book.explore[city])
    if arc.kind == REFRESH:
        return str(book.refresh[city])
    if arc.kind == PLAN:
        return str(book.plan[city])
    owner = traveller.short if traveller and (arc.through or arc.method == POWER) else ""
    label = str(book.travel(arc.route, arc.dest, arc.method, arc.through, owner))
    if arc.through and label not in map(str, state.legal_actions()):
        plain_owner = owner if arc.method == POWER else ""
        label = str(book.travel(arc.route, arc.dest, arc.method, False, plain_owner))
    return label


def _answer(
    state: JourneyState,
    p: int,
    arc: Arc,
    future: Sequence[Arc],
    kept: set[int],
    plays: dict[int, int],
) -> str:
    """The plan's answer to the chance event or sub-decision now due."""
    step = state.steps[-1]
    actions: tuple[Action, ...] = state.legal_actions()
    rules = state.tables.rules
    if isinstance(step, RollDie):
        return next(str(a) for a in actions if rules.explore[_value(a)].days == arc.duration)
    if state.current_player == CHANCE:
        return str(actions[0])
    if isinstance(step, DiscardTicket):
        need = [0] * len(ROUTE_TYPES)
        for later in future:
            if later.typed >= 0:
                need[later.typed] += rules.ticket_cost
        return str(
            max(actions, key=lambda a: (state.tickets[p][_value(a)] - need[_value(a)], -_value(a)))
        )
    if isinstance(step, DoubleTickets):
        return str(next(a for a in actions if _value(a) == int(arc.doubled)))
    if isinstance(step, PlayObjective):
        if plays.get(step.kind, 0) > 0:
            plays[step.kind] -= 1
            return str(actions[0])
        return str(actions[1])
    assert isinstance(step, MakeRoom)
    if step.token not in kept:
        return str(actions[0])
    return str(next(a for a in actions[1:] if _value(a) not in kept))


def _value(action: Action) -> int:
    """The value of an answer or a chance outcome (a ticket type, a token, a die result)."""
    assert isinstance(action, Answer | Outcome)
    return action.value


# --------------------------------------------------------------------------------------------
# The exact search for tiny boards
# --------------------------------------------------------------------------------------------


def exact_search(puzzle: Puzzle, max_states: int = 2_000_000) -> Plan:
    """The optimum by depth-first search over engine states (memoised), for tiny boards with
    the tokens revealed and where OR-Tools is missing. Chance follows the planner's
    assumptions: the die as assumed, and each Ticket or Objective drawn is of the type least
    present on the board (so that, on a board without that type, a drawn card is as unknown to
    the search as to the model)."""
    if puzzle.hidden:
        raise KitError("the exact search needs the tokens revealed (Puzzle revealed=True)")
    began = time.perf_counter()
    state, p = puzzle.alone(), puzzle.player
    tables = state.tables
    explore = puzzle.durations
    limit = puzzle.limit
    route_count = [sum(t == k for t in tables.route_type) for k in range(len(ROUTE_TYPES))]
    memo: dict[tuple[object, ...], tuple[int, Action | None]] = {}
    worst = -(10**9)

    def chance(s: JourneyState, explored: int) -> Action:
        step = s.steps[-1]
        outcomes: tuple[Action, ...] = s.legal_actions()
        if isinstance(step, RollDie):
            days = explore[min(explored - 1, len(explore) - 1)]  # this one counted
            return next(a for a in outcomes if tables.rules.explore[_value(a)].days == days)
        if isinstance(step, DrawTicket):
            return min(outcomes, key=lambda a: (route_count[_value(a)], _value(a)))
        if isinstance(step, DrawObjective):
            left = [0] * len(tables.experience_types)
            for t in s.city_token:
                if t >= 0 and tables.token_type[t] >= 0:
                    left[tables.token_type[t]] += 1
            return min(outcomes, key=lambda a: (left[_value(a)], _value(a)))
        return outcomes[0]

    def key(s: JourneyState, explored: int) -> tuple[object, ...]:
        return (
            s.pos[p], s.day[p], s.stage[p], s.fresh[p], tuple(s.tickets[p]), tuple(s.hand[p]),
            tuple(s.played[p]), tuple(sorted(s.experiences[p])), tuple(sorted(s.souvenirs[p])),
            s.points[p], tuple(s.city_token), tuple(s.steps), explored,
        )  # fmt: skip

    def rolls(action: Action) -> int:
        return int(isinstance(action, Explore) and not action.by_power)

    def best(s: JourneyState, explored: int) -> int:
        if s.finish[p] >= 0:
            return s.scores()[p].total if s.finish[p] <= limit else worst
        if s.day[p] > limit or (len(explore) > 1 and explored > len(explore)):
            return worst
        k = key(s, explored)
        if k in memo:
            return memo[k][0]
        if len(memo) >= max_states:
            raise KitError(f"the board is too large for the exact search ({max_states} states)")
        memo[k] = (worst, None)
        choices = [chance(s, explored)] if s.is_chance_node else list(s.legal_actions())
        value, pick = worst, None
        for action in choices:
            child = s.clone()
            child.apply(action)
            score = best(child, explored + rolls(action))
            if score > value:
                value, pick = score, action
        memo[k] = (value, pick)
        return value

    value = best(state, 0)
    if value <= worst:
        return Plan(INFEASIBLE, (), None, None, None, _since(began), puzzle.assumptions())
    history, explored = [], 0
    while state.finish[p] < 0:
        action = memo[key(state, explored)][1]
        assert action is not None
        state.apply(action)
        history.append(str(action))
        explored += rolls(action)
    sheet = state.scores()[p]
    steps = tuple(Step(-1, -1, (name,)) for name in history)
    return Plan(
        OPTIMAL, steps, sheet, value, value, _since(began), puzzle.assumptions(),
        state.finish[p], tuple(history),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# The command line and the demo
# --------------------------------------------------------------------------------------------


def main(argv: Sequence[str]) -> int:
    """`kit solve eighty-days [--side fast] [--days N] [--explore-days 3] [--traveller NAME]
    [--time-limit S] [--workers N] [--seed N]`: the best plan as a day-by-day timeline.
    Ctrl-C stops the search and prints the best replay-verified plan found so far (exit 130)."""
    parser = argparse.ArgumentParser(prog="kit solve eighty-days", description=main.__doc__)
    parser.add_argument("--side", default="regular", choices=("regular", "fast"))
    parser.add_argument("--traveller", default="Paulo")
    parser.add_argument(
        "--days", type=int, default=None, help="the last day (default: the Timeline's length)"
    )
    parser.add_argument(
        "--explore-days",
        default="3",
        help="days of every Explore (2, 3 or 4), or the die results in order: 3,2,4,...",
    )
    parser.add_argument("--seed", type=int, default=1, help="the setup of the solo game")
    parser.add_argument(
        "--board", default=None, help="a folder of board files (default: reference)"
    )
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(list(argv))
    try:
        explore = tuple(int(d) for d in args.explore_days.split(","))
    except ValueError:
        raise KitError(
            f"--explore-days: expected days separated by commas, got {args.explore_days!r}"
        ) from None

    def show(score: int, bound: float, elapsed: float) -> None:
        print(f"  {elapsed:6.2f} s: a plan scoring {score} ({bound_text(bound)})", file=sys.stderr)

    try:
        puzzle = standard_puzzle(
            args.side, args.traveller, explore, args.seed, args.days, args.board
        )
        plan = solve(puzzle, args.time_limit, args.workers, on_solution=show)
    except KeyboardInterrupt as stop:
        found = stop.plan if isinstance(stop, Interrupted) else None
        if found is None:
            print("kit: interrupted before any plan was found", file=sys.stderr)
        else:
            print(found)
            print("interrupted: the best replay-verified plan found so far", file=sys.stderr)
        return 130
    print(plan)
    return 0 if plan.status in (OPTIMAL, FEASIBLE) else 1


def demo(
    out: TextIO,
    seed: int = 1,
    side: str = "regular",
    traveller: str = "Paulo",
    time_limit: float = 20.0,
) -> Plan:
    """For `kit demo`: the planned journey on the reference board beside the greedy bot's game
    on the same solo puzzle (the die fixed at 3 days for both)."""
    puzzle = standard_puzzle(side, traveller, 3, seed)
    plan = solve(puzzle, time_limit, seed=seed)
    final, _ = greedy_game(puzzle, seed)
    sheet = final.scores()[puzzle.player]
    print(
        f"\nThe 80-day planner on a solo puzzle ({side} side, {traveller}, seed {seed}):", file=out
    )
    print(plan, file=out)
    print(
        f"\nThe greedy bot on the same puzzle scores {sheet.total} (the planner "
        f"{plan.objective if plan.objective is not None else 'found no plan'}; the bot sees the "
        "types of the Tickets it draws, the plan does not count on them):",
        file=out,
    )
    print(sheet, file=out)
    return plan


def greedy_score(puzzle: Puzzle, seed: int = 1) -> int:
    """The greedy bot's final score on the puzzle, every Explore taking the assumed days."""
    final, _ = greedy_game(puzzle, seed)
    return final.scores()[puzzle.player].total


def greedy_game(
    puzzle: Puzzle, seed: int = 1, planned: bool = False, slack: float = 0.0
) -> tuple[JourneyState, list[Move]]:
    """The greedy bot's game on the puzzle (every Explore taking the assumed days, other chance
    as the engine samples it): the final state and the bot's actions, each as
    `((city, day, stage), stepped_back, action, answers)` with the answers to its questions.
    `planned` holds the bot to the plan's assumption on Tickets: a Ticket travel only with the
    starting hand's Tickets (the types of drawn ones are unknown when planning); it then picks
    at random among the actions valued within `slack` of the best (a wider search)."""
    state, p = puzzle.alone(), puzzle.player
    tables = state.tables
    explore = puzzle.durations
    bot = GreedyBot(seed, p)
    typed = list(state.tickets[p]) if planned else None
    hidden = {c for cities, _ in puzzle.hidden.values() for c in cities}
    unknown = 0  # Tickets in hand that a face-down token gave: the plan cannot count on them
    explored = 0
    moves: list[Move] = []
    back: Node | None = None
    for _ in range(10_000):
        if state.finish[p] >= 0:
            break
        if state.current_player == CHANCE:
            if isinstance(state.steps[-1], RollDie):
                days = explore[min(explored, len(explore) - 1)]
                explored += 1
                outcomes: tuple[Action, ...] = state.legal_actions()
                state.apply(
                    next(a for a in outcomes if tables.rules.explore[_value(a)].days == days)
                )
            else:
                state.apply(state.sample_chance())
            continue
        if typed is None:
            action = bot.choose(state)
        else:
            action = _held_to_hand(bot, state, typed, unknown, slack)
        if planned and isinstance(action, Explore) and state.pos[p] in hidden:
            token = tables.content.tokens[state.city_token[state.pos[p]]]
            unknown += travellers.lisettes_tickets(token.tickets)  # the most it can give
        if state.steps:
            moves[-1][3].append(action)
        elif isinstance(action, StepBack):
            back = (state.pos[p], state.day[p], state.stage[p])
        else:
            key = back or (state.pos[p], state.day[p], state.stage[p])
            moves.append((key, back is not None, action, []))
            back = None
        state.apply(action)
        if typed is not None:  # a discard or a wildcard may have spent a starting Ticket
            typed[:] = [min(n, held) for n, held in zip(typed, state.tickets[p], strict=True)]
            unknown = min(unknown, sum(state.tickets[p]))
    return state, moves


def _held_to_hand(
    bot: GreedyBot, state: JourneyState, typed: list[int], unknown: int, slack: float
) -> Action:
    """The greedy bot's choice among the actions a plan can make: no drawn Ticket spent by its
    type (`typed` counts the starting hand's Tickets still unspent), no Ticket spent that a
    face-down token gave (`unknown` of them are in hand), no redraw of Objectives. It never
    steps back on the Timeline (the plan folds a step back into a later action, which the bot
    does not plan)."""
    tables = state.tables
    rules = tables.rules
    kinds = tables.route_type
    spendable = sum(state.tickets[state.player]) - unknown

    def plannable(action: Action) -> bool:
        if isinstance(action, Travel) and action.method == TICKET:
            return typed[kinds[action.route]] >= rules.ticket_cost
        if isinstance(action, Travel) and action.method == WILDCARD:
            return spendable >= rules.wildcard_cost
        if isinstance(action, Wait):
            return action.what != REDRAW
        return not isinstance(action, StepBack)

    actions = [a for a in state.legal_actions() if plannable(a)]
    if state.steps or len(actions) == 1:
        action = bot.choose(state) if state.steps else actions[0]
    else:
        bot._estimates = {}
        values = [bot._value(state, a) for a in actions]
        best = max(values)
        near = [a for a, v in zip(actions, values, strict=True) if v >= best - slack]
        action = bot.rng.choice(near)
    if isinstance(action, Travel) and action.method == TICKET:
        typed[kinds[action.route]] -= rules.ticket_cost
    return action
