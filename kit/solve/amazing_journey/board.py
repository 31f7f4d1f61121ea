"""The puzzle's board as the searches see it: small integers and bitmasks, made once.

`Board(puzzle)` holds what the primal search (`search.py`) and the bounds
(`bound.py`) read again and again: the hops from each city (a route, a destination and the
cities passed on the way, as a bitmask), the transport types departing on each day (a bitmask),
the token of each city with its type, value and Tickets, the checkpoints with their bars, the
rules' numbers and what the Traveller's power allows. Every number comes from the content
(`rules.toml`, the board files, `travellers.py`); nothing here is a rule of its own.

`earliest_finish` is a table of the earliest day the journey could end from any city, day and
stage if no token were in the way and every hop took its fastest time (a Ticket's day, or the
power's): a valid lower bound that the searches use to drop journeys that cannot end in time."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kit.amazing_journey import travellers
from kit.amazing_journey.content import ROUTE_TYPES
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.plan import OutOfTime, past

UNREACHABLE = 10**6
"""A day no journey reaches (in the distance tables)."""


@dataclass(frozen=True, slots=True)
class Hop:
    """A Travel from a city along `route` (of type `kind`, `extra` Long-route days) to `dest`,
    passing the cities of the bitmask `between`."""

    route: int
    dest: int
    between: int
    kind: int
    extra: int


@dataclass(frozen=True, slots=True)
class Power:
    """What the Traveller's power allows on a Travel, read from `travellers.py` (all off for a
    puzzle without a Traveller): routes of the types in the bitmask `travel_types` in
    `travel_days` (Catalina's must stop on an empty city: `stop_empty`), and passing token
    cities (`passes_tokens`, Hendrika). The powers on an Explore (Lisette's, Carlo's) are per
    city (`Board.doubles`, `Board.power_explore`), Yuki's step back per day (`Board.back`)."""

    travel_types: int = 0
    travel_days: int = 0
    stop_empty: bool = False
    passes_tokens: bool = False


@dataclass(frozen=True, slots=True)
class Die:
    """One result of the Exploration die as the rules give it: days, Tickets drawn, Tickets
    discarded."""

    days: int
    draw: int
    discard: int


class Board:
    """The tables of one puzzle (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle, deadline: float = math.inf) -> None:
        """The tables of `puzzle`; `deadline` (a `time.perf_counter()` time) is the planner's,
        which every table made for the board keeps (`OutOfTime` once it has passed): the
        tables grow with the puzzle's last day."""
        self.puzzle = puzzle
        self.deadline = deadline
        tables = puzzle.tables
        self.rules = tables.rules
        content = puzzle.content
        state, p = puzzle.position, puzzle.player
        self.n = tables.n_cities
        self.length = tables.length
        self.limit = puzzle.limit
        self.departs = [
            sum(1 << kind for kind in tables.departures[day % tables.length])
            for day in range(self.limit + 1)
        ]
        self.hops: list[tuple[Hop, ...]] = [() for _ in range(self.n)]
        for city in range(self.n):
            self.hops[city] = tuple(
                Hop(route, dest, between, tables.route_type[route], _extra(puzzle, route))
                for route in tables.routes_at[city]
                for dest, between in tables.reach[route][city]
            )
        start_tokens = puzzle.state().city_token
        self.hidden = puzzle.hidden_cities
        self.token = list(start_tokens)  # the token of each city at the start (or -1)
        tokens = content.tokens
        self.token_mask = sum(1 << c for c, t in enumerate(start_tokens) if t >= 0)
        self.cursed_mask = sum(
            1 << c for c, t in enumerate(start_tokens) if t >= 0 and tokens[t].cursed
        )
        self.tickets = [  # Tickets a city's token gives (a face-down one's are not counted on)
            0 if t < 0 or c in self.hidden else tokens[t].tickets
            for c, t in enumerate(start_tokens)
        ]
        traveller = puzzle.traveller
        self.doubles = [  # Lisette may double the token's Tickets (a face-down one's: unknown)
            t >= 0 and self.tickets[c] > 0 and travellers.doubles_tickets(traveller, tokens[t])
            for c, t in enumerate(start_tokens)
        ]
        self.power_explore = [  # Carlo's days for exploring the city's token, or -1
            traveller.days
            if t >= 0 and traveller is not None and travellers.explores_cursed(traveller, tokens[t])
            else -1
            for c, t in enumerate(start_tokens)
        ]
        self.hidden_of: dict[int, tuple[int, tuple[int, ...]]] = {}
        for region in puzzle.hidden.values():
            mask = sum(1 << c for c in region.cities)
            for city in region.cities:
                self.hidden_of[city] = (mask, region.pool)
        checkpoints = tables.board.checkpoints
        self.checkpoint_city = tables.checkpoint_city
        self.activation = tuple(cp.activation for cp in checkpoints)
        self.bars = tuple(
            tuple(cp.points(day) for day in range(self.limit + 1)) for cp in checkpoints
        )
        self.stages = len(checkpoints)
        self.checkpoint_mask = tables.checkpoint_mask
        self.durations = puzzle.durations
        self.die = {
            result.days: Die(result.days, result.draw_tickets, result.discard_tickets)
            for _, result, _ in tables.faces
        }
        self.power = _power(puzzle)
        self.back_days = traveller.days if traveller is not None else 0
        self.back = [travellers.steps_back(traveller, day) for day in range(self.limit + 1)]
        self.start_city = state.pos[p]
        self.start_day = state.day[p]
        self.start_stage = state.stage[p]
        self.start_fresh = state.fresh[p]
        self.start_tickets = tuple(state.tickets[p])
        self.types = len(ROUTE_TYPES)
        self.finish = self._earliest_finish()

    def on_time(self, day: int) -> None:
        """Raise `OutOfTime` if the board's deadline has passed (a table made backwards from
        the last day has reached `day`)."""
        if past(self.deadline):
            raise OutOfTime(f"a table of the board stopped at its deadline, on day {day}")

    def token_at(self, city: int, collected: int) -> int:
        """The token the plan collects in `city` when the cities `collected` (a bitmask) were
        explored before: a face-down city gives its region's next assumed token."""
        hidden = self.hidden_of.get(city)
        if hidden is None:
            return self.token[city]
        mask, pool = hidden
        return pool[(collected & mask).bit_count()]

    def finish_day(self, stage: int, city: int, day: int) -> int:
        """The earliest day the journey could end from `city` on `day` at `stage`, if no token
        were in the way and every hop took its fastest time (UNREACHABLE if none)."""
        if stage >= self.stages:
            return day
        if day > self.limit:
            return UNREACHABLE
        return self.finish[stage][city][day]

    def _earliest_finish(self) -> list[list[list[int]]]:
        """`finish_day` for every stage, city and day, backwards from the limit: waiting a day
        or hopping in the fastest time (a Ticket's day, or the power's, plus the Long route's
        days); a checkpoint due where the traveller stands after either moves on to the next
        stage (the engine completes it after every action, a wait in its city included)."""
        rules, power = self.rules, self.power
        fastest = min(rules.ticket_days, rules.wildcard_days)
        limit, n = self.limit, self.n
        table = [[[UNREACHABLE] * (limit + 2) for _ in range(n)] for _ in range(self.stages)]

        def after(stage: int, city: int, day: int) -> int:
            """The finish from arriving in `city` on `day` at `stage`."""
            while stage < self.stages:
                if city != self.checkpoint_city[stage] or day < self.activation[stage]:
                    return table[stage][city][day] if day <= limit else UNREACHABLE
                stage += 1
            return day

        for day in range(limit, -1, -1):
            self.on_time(day)
            for stage in range(self.stages - 1, -1, -1):
                row = table[stage]
                for city in range(n):
                    best = after(stage, city, day + 1) if day < limit else UNREACHABLE
                    for hop in self.hops[city]:
                        if hop.between & self.checkpoint_mask and not power.passes_tokens:
                            continue
                        days = fastest
                        if power.travel_types >> hop.kind & 1:
                            days = min(days, power.travel_days)
                        end = day + days + hop.extra
                        if end <= limit:
                            best = min(best, after(stage, hop.dest, end))
                    row[city][day] = best
        return table


def _extra(puzzle: Puzzle, route: int) -> int:
    return puzzle.tables.board.routes[route].extra_days


def _power(puzzle: Puzzle) -> Power:
    traveller = puzzle.traveller
    if traveller is None:
        return Power()
    types = travellers.travel_types(traveller)
    return Power(
        travel_types=sum(1 << ROUTE_TYPES.index(t) for t in types),
        travel_days=traveller.days,
        stop_empty=bool(types) and not travellers.may_stop(traveller, True),
        passes_tokens=travellers.passes_tokens(traveller),
    )
