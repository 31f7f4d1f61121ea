"""The time-expanded network of a puzzle: every action the rules allow, as arcs between nodes.

A node is (city, day, stage), the stage counting the checkpoints completed; each arc is one
action, its days and Tickets as `rules.toml` gives them: Travel by departure (only on days whose
Timeline shows the type; 2 days plus the Long-route days), by a Ticket (1 day, a Ticket of a type
the player holds now), by any two Tickets as a wildcard (any route, Secret ones too), by a
Traveller's power (`travellers.py`); Explore (the assumed days, collecting the city's token);
Refresh (1 day) and Plan (2 days, one Ticket). An arc that ends where a checkpoint is due jumps
to the next stage and earns its bar's points, so checkpoints are met in order exactly as the
engine completes them. The rules' subtleties are conditions on arcs (`Arc.needs`): a Travel only
passes a token city once that token was collected, never a checkpoint city; a city with a Cursed
Souvenir is left only after Exploring it; a Traveller's power is used at most once per stage (it
refreshes at each checkpoint); Yuki's step back is folded into the action that follows it, so
days never decrease along a path. Tickets are not part of a node: the CP-SAT model
(`model.py`) keeps their balance day by day, the primal search (`search.py`) in its labels.

An `Arc` is also how the other parts describe one planned action (an arc of no network has
`tail` and `head` NOWHERE): the replay (`replay.py`) turns arcs into engine actions."""

from __future__ import annotations

import copy
import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, fields

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import DEPART, PLAN, POWER, REFRESH, TICKET, WILDCARD
from kit.amazing_journey.content import ROUTE_TYPES, DieResult
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.plan import OutOfTime, past

SINK = -1
"""The node id of "journey ended" (Final checkpoint completed)."""

NOWHERE = -2
"""The tail and head of an arc that belongs to no network (a step of the primal search)."""

TRAVEL, EXPLORE = "travel", "explore"
"""The kinds of arc besides the Wait actions' REFRESH and PLAN (`Arc.kind`)."""


@dataclass(frozen=True, slots=True)
class Node:
    """A node of the network: the city, the day, and the checkpoints completed."""

    city: int
    day: int
    stage: int


@dataclass(slots=True)
class Arc:
    """One action from node `tail` (on day `start`) to node `head` (ending on day `end`).

    `needs` lists token cities that must have been explored by `start` (passed through, left
    after a Cursed stop, or an empty stop for Catalina). Ticket effects: `gain` drawn (unknown
    type), `spend` any Tickets, `typed` the type of the held Tickets a Ticket travel spends (or
    -1), `discard` the die's discard of Tickets (as many as are held, up to that). `points` are
    the checkpoint points the action earns. `back`: Yuki steps back first; `power`: the action
    uses the Traveller's power; `through`: Hendrika's Travel passing token cities; `doubled`:
    Lisette doubles the Souvenir's Tickets."""

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

    def same_action(self, other: Arc) -> bool:
        """Whether the two arcs stand for the same engine action from the same day (the
        fields a replay reads)."""
        return all(getattr(self, name) == getattr(other, name) for name in ACTION_FIELDS)


ACTION_FIELDS = (
    "start", "kind", "stage", "route", "dest", "method", "through", "back", "city", "duration",
    "doubled",
)  # fmt: skip
"""The fields of an `Arc` that name its engine action (with the day it starts on)."""


CLOCK_NODES = 512
"""The network's building looks at the clock (its deadline) every this many nodes."""


class NetworkStopped(OutOfTime):
    """The network was not built by its deadline (building one takes seconds on the reference
    board: a planner with less time left goes on without it)."""


class Network:
    """The (city, day, stage) nodes reachable from the puzzle's position that can still end the
    journey by the limit, and the arcs between them."""

    def __init__(
        self, puzzle: Puzzle, limit: int | None = None, deadline: float | None = None
    ) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        state, p = puzzle.position, puzzle.player
        tables = self.tables = puzzle.tables
        self.rules = tables.rules
        self.limit = puzzle.limit if limit is None else limit
        self.token = list(puzzle.state().city_token)
        self.hidden = puzzle.hidden_cities
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
        self.start = self._node(Node(state.pos[p], state.day[p], state.stage[p]))
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

    def locate(self, steps: Sequence[Arc]) -> list[int]:
        """The numbers of the network's arcs that stand for `steps` (planned actions from the
        puzzle's start to the end of the journey, as the primal search or the greedy journeys
        make them), or [] if one of them has no arc. A Ticket travel beyond the starting hand's
        Tickets of that type is a wildcard travel here (drawn Tickets are of unknown type)."""
        if self._by_tail is None:
            self._by_tail = {}
            for number, arc in enumerate(self.arcs):
                self._by_tail.setdefault(arc.tail, []).append(number)
        typed = [0] * len(self.known)
        path: list[int] = []
        tail = self.start
        for step in steps:
            if step.method == TICKET:
                kind = self.tables.route_type[step.route]
                typed[kind] += self.rules.ticket_cost
                if typed[kind] > self.known[kind]:
                    step = copy.copy(step)
                    step.method = WILDCARD
            match = [n for n in self._by_tail.get(tail, ()) if self.arcs[n].same_action(step)]
            if len(match) != 1:
                return []
            path.append(match[0])
            tail = self.arcs[match[0]].head
        return path if tail == SINK else []

    def restricted(self, numbers: Sequence[int]) -> Network:
        """The same network with only the arcs `numbers` (a model over part of it)."""
        part = copy.copy(self)
        part.arcs = [self.arcs[n] for n in numbers]
        part._by_tail = None
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
                return Node(city, day, stage), points
            points += checkpoint.points(day)
            stage += 1
        return None, points

    def _build(self) -> None:
        """Breadth-first over nodes from the start, then keep what can reach the end."""
        queue = deque([self.start])
        seen = {self.start}
        deadline = math.inf if self.deadline is None else self.deadline
        popped = 0
        while queue:
            popped += 1
            if popped % CLOCK_NODES == 0 and past(deadline):
                raise NetworkStopped(f"the network was not built by its deadline ({popped} nodes)")
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
        key = self.keys[tail]
        city, day, stage = key.city, key.day, key.stage
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
                head, points = self._head(arc.dest if arc.kind == TRAVEL else city, arc.end, stage)
                arc.tail, arc.points = tail, points
                arc.head = SINK if head is None else self._node(head)
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
        arcs.append(Arc(NOWHERE, NOWHERE, day, day + rules.refresh_days, REFRESH, stage))
        arcs.append(
            Arc(NOWHERE, NOWHERE, day, day + rules.plan_days, PLAN, stage, gain=rules.plan_tickets)
        )
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
                passed = tuple(c for c in cities_of(between) if self.token[c] >= 0)
                for method, days, spend, typed in methods:
                    arc = Arc(
                        NOWHERE, NOWHERE, day, day + days + extra, TRAVEL, stage, route, dest,
                        method, spend=spend, typed=typed, power=method == POWER, needs=passed,
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
                        arcs.append(through(arc))
        return arcs

    def _explore(
        self, city: int, day: int, stage: int, duration: int, result: DieResult | None, tickets: int
    ) -> Arc:
        """An Explore arc: the die's `result` (None: Carlo's power, no die) and the token's
        `tickets`."""
        draw = result.draw_tickets if result else 0
        discard = result.discard_tickets if result else 0
        return Arc(
            NOWHERE, NOWHERE, day, day + duration, EXPLORE, stage, city=city, duration=duration,
            gain=tickets + draw, discard=discard,
        )  # fmt: skip


def through(arc: Arc) -> Arc:
    """Hendrika's variant of a Travel: passes token and checkpoint cities, uses the power."""
    values = {f.name: getattr(arc, f.name) for f in fields(Arc)}
    return Arc(**{**values, "through": True, "power": True, "needs": ()})


def cities_of(mask: int) -> list[int]:
    """The cities of a bitmask, in order."""
    cities, c = [], 0
    while mask:
        if mask & 1:
            cities.append(c)
        mask >>= 1
        c += 1
    return cities
