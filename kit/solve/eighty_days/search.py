"""The primal search: a beam over the journey's events, each leg an exact earliest-arrival search.

A journey is a sequence of events, each an Explore of a token city or the completion of the next
checkpoint; between two events the traveller only moves and waits. From a journey, one sweep
(`Search.sweep`) over the departure timetable finds, for every city at once, the undominated ways
to arrive there by day, Tickets and the power (an arrival that is no earlier and holds no more is
dropped, since Refresh can always turn an earlier arrival into a later one); each token city
reached and explored, or the checkpoint reached, is a child journey (`Search.children`).

The beam runs over time (`Search.beam`): the journeys standing on the same day, after their last
event, are ranked by the score sheet of their tokens (`score.Scorer`, which also picks the tokens
kept and the Objectives played), plus the checkpoint points earned and those the next checkpoint
would give that day, and the best `width` of them go on. Ranking journeys of the same day against
each other needs no guess of what a day is worth; ranking them by the number of events did (a
depth beam with a points-per-day rate found 45-48 where this one finds 52-53 on the Regular side
with Paulo). Measured on one core of a loaded machine (load average 4-5), one beam of width 3
takes about 230 sweeps and 3-4 s and finds 53 (Regular, Paulo, 3-day die), 50 (Regular,
Catalina) and 62 (Fast, Buck); the model's windows after it rarely add a point. Every journey
that ends and scores more than the best is replayed by the engine (`replay.verified`), so a
plan of the search is as trustworthy as the model's. Beams of several widths keep different
journeys, and a wider one is not always better: `run` tries them in turn.

What it leaves out: a leg never completes a checkpoint on its way to a token (the checkpoint is an
event of its own) and looks `HORIZON` days ahead; Tickets drawn are of unknown type (spent only as
any two, as the model assumes); the powers used are the Travel ones of Paulo, Catalina, Buck and
Wolfgang. Yuki's step back, Hendrika's passing, Lisette's doubling and Carlo's Explore are left to
the CP-SAT model (`model.py`), which `planner.solve` runs on the search's plan."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from kit.amazing_journey.actions import DEPART, PLAN, POWER, REFRESH, TICKET, WILDCARD
from kit.solve.eighty_days.board import Board
from kit.solve.eighty_days.network import EXPLORE, NOWHERE, TRAVEL, Arc
from kit.solve.eighty_days.puzzle import Puzzle
from kit.solve.eighty_days.replay import verified
from kit.solve.eighty_days.score import Scorer
from kit.solve.plan import FEASIBLE, Plan

MOST_ARRIVALS = 6
"""The most undominated arrivals a sweep keeps per city (the earliest ones): later ones differ
only by Tickets drawn on Plan waits."""

CHILDREN_PER_TARGET = 2
"""The most arrivals at one token city or checkpoint that become child journeys."""

HORIZON = 12
"""A sweep looks this many days ahead (further only to reach a checkpoint due by then): a
journey that needs longer to reach its next token is rarely a good one."""

WIDTHS = (3, 6, 4, 8, 2, 12, 16, 24, 32, 48, 64)
"""The beam widths tried in turn: a wider beam is not always better (each width keeps other
journeys), so narrow ones come first and several are tried."""


@dataclass(frozen=True, slots=True)
class Tickets:
    """The Tickets held: `free` ones of any use (drawn ones, of unknown type, and starting ones
    released), and the starting hand's kept back for typed Ticket travels, per type."""

    free: int
    typed: tuple[int, ...]

    def covers(self, other: Tickets) -> bool:
        if self.free < other.free:
            return False
        return self.typed == other.typed or all(
            a >= b for a, b in zip(self.typed, other.typed, strict=True)
        )


@dataclass(frozen=True, slots=True, eq=False)
class Arrival:
    """A way of arriving somewhere in a sweep: the day, the Tickets, whether the power is
    fresh, and the moves since the event (a chain: the previous arrival and this move)."""

    day: int
    tickets: Tickets
    fresh: bool
    previous: Arrival | None
    move: Arc | None

    def covers(self, other: Arrival) -> bool:
        return (
            self.day <= other.day
            and (self.fresh or not other.fresh)
            and (self.tickets is other.tickets or self.tickets.covers(other.tickets))
        )

    def moves(self) -> list[Arc]:
        out: list[Arc] = []
        arrival: Arrival | None = self
        while arrival is not None and arrival.move is not None:
            out.append(arrival.move)
            arrival = arrival.previous
        return out[::-1]


@dataclass(frozen=True, slots=True, eq=False)
class Journey:
    """A partial journey after an event: where and when it stands, what it holds, and its
    actions so far (a chain of legs)."""

    city: int
    day: int
    stage: int
    fresh: bool
    tickets: Tickets
    collected: int  # bitmask of explored cities
    tokens: tuple[int, ...]
    points: int  # checkpoint points earned
    explores: int  # Explores by the die so far
    previous: Journey | None
    leg: tuple[Arc, ...]

    def arcs(self) -> list[Arc]:
        legs: list[tuple[Arc, ...]] = []
        journey: Journey | None = self
        while journey is not None:
            legs.append(journey.leg)
            journey = journey.previous
        return [arc for leg in reversed(legs) for arc in leg]


OnPlan = Callable[[Plan], None]
"""Called with every improving replay-verified plan."""


class Search:
    """The event search over one puzzle (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle, began: float | None = None) -> None:
        self.puzzle = puzzle
        self.board = Board(puzzle)
        self.scorer = Scorer(puzzle)
        self.began = time.perf_counter() if began is None else began
        self.best: Plan | None = None
        self.best_journey: Journey | None = None
        self.best_score = -(10**9)
        b = self.board
        self.start = Journey(
            b.start_city, b.start_day, b.start_stage, b.start_fresh,
            Tickets(0, b.start_tickets), 0, (), 0, 0, None, (),
        )  # fmt: skip
        self.sweeps = 0
        self.departing = [  # the hops from each city whose type departs on each day
            [tuple(h for h in hops if b.departs[day] >> h.kind & 1) for hops in b.hops]
            for day in range(b.limit + 1)
        ]

    # --- legs -------------------------------------------------------------------------------

    def sweep(self, journey: Journey) -> tuple[list[list[Arrival]], list[Arrival]]:
        """Every undominated arrival in every city from `journey` without completing a
        checkpoint (by city), and the undominated completions of the next checkpoint.

        An arrival stands in its city from its day on (Refresh waits a day at a time), so an
        earlier arrival holding as much dominates a later one; a standing arrival takes each
        departure of a later day (the Refreshes are put in front of it), while Ticket travels,
        the power and Plan are taken on the day of arrival (later, they would only arrive
        later)."""
        self.sweeps += 1
        b = self.board
        rules = b.rules
        stage = journey.stage
        cp_city = b.checkpoint_city[stage]
        activation = b.activation[stage]
        blocked = (b.token_mask & ~journey.collected) | b.checkpoint_mask
        cursed = b.cursed_mask & ~journey.collected
        untouched = b.token_mask & ~journey.collected
        power = b.power
        limit = b.limit
        finish = b.finish[stage]
        cost, wild = rules.ticket_cost, rules.wildcard_cost
        ticket_days, wild_days, depart_days = (
            rules.ticket_days, rules.wildcard_days, rules.departure_days,
        )  # fmt: skip
        refresh_days = rules.refresh_days
        arrivals: list[list[Arrival]] = [[] for _ in range(b.n)]
        done: list[Arrival] = []
        buckets: list[list[tuple[int, Arrival]]] = [[] for _ in range(limit + 1)]

        def waited(arrival: Arrival, day: int) -> Arrival:
            """`arrival` still standing on `day`: Refreshes until then."""
            while arrival.day + refresh_days <= day:
                move = Arc(NOWHERE, NOWHERE, arrival.day, arrival.day + refresh_days, REFRESH,
                           stage)  # fmt: skip
                arrival = Arrival(move.end, arrival.tickets, arrival.fresh, arrival, move)
            return arrival

        def admits(city: int, day: int, tickets: Tickets, fresh: bool) -> bool:
            """Whether an arrival would be kept (checked before it is made)."""
            if day > limit:
                return False
            if city == cp_city and day >= activation:
                kept = done
            elif finish[city][day] > limit:
                return False
            else:
                kept = arrivals[city]
                if len(kept) >= MOST_ARRIVALS and day >= kept[-1].day:
                    return False
            for a in kept:
                if (
                    a.day <= day
                    and (a.fresh or not fresh)
                    and (a.tickets is tickets or a.tickets.covers(tickets))
                ):
                    return False
            return True

        def reach(city: int, arrival: Arrival) -> None:
            """Keep an admitted arrival (dropping those it dominates)."""
            if city == cp_city and arrival.day >= activation:
                done[:] = [a for a in done if not arrival.covers(a)] + [arrival]
                return
            kept = arrivals[city]
            kept[:] = [a for a in kept if not arrival.covers(a)] + [arrival]
            kept.sort(key=lambda a: a.day)
            del kept[MOST_ARRIVALS:]
            if cursed >> city & 1:
                return  # a forced stop: the only way on is to Explore it
            buckets[arrival.day].append((city, arrival))

        def depart(city: int, arrival: Arrival, day: int, fresh_only: bool) -> None:
            """The departures of `day` from `city` (all of them, or only those that leave later
            than the arrival)."""
            for hop in self.departing[day][city]:
                end = day + depart_days + hop.extra
                if hop.between & blocked:
                    continue
                if not admits(hop.dest, end, arrival.tickets, arrival.fresh):
                    continue
                start = waited(arrival, day) if fresh_only else arrival
                move = Arc(NOWHERE, NOWHERE, day, end, TRAVEL, stage, hop.route, hop.dest, DEPART)
                reach(hop.dest, Arrival(end, arrival.tickets, arrival.fresh, start, move))

        first = Arrival(journey.day, journey.tickets, journey.fresh, None, None)
        arrivals[journey.city].append(first)
        buckets[journey.day].append((journey.city, first))
        horizon = journey.day + HORIZON
        for day in range(journey.day, limit + 1):
            if day > horizon and (done or activation > horizon):
                break
            if day == activation and day > journey.day:  # waiting at the checkpoint completes it
                for arrival in list(arrivals[cp_city]):
                    if admits(cp_city, day, arrival.tickets, arrival.fresh):
                        reach(cp_city, waited(arrival, day))
            for city in range(b.n):
                if cursed >> city & 1 or not self.departing[day][city]:
                    continue
                if city == cp_city and day >= activation:
                    continue  # waiting there until today has completed the checkpoint
                for arrival in arrivals[city]:
                    if arrival.day < day:
                        depart(city, arrival, day, True)
            bucket = buckets[day]
            index = 0
            while index < len(bucket):  # 0-day moves (the power) add to the same day
                city, arrival = bucket[index]
                index += 1
                if not any(a is arrival for a in arrivals[city]):
                    continue  # dominated since
                tickets = arrival.tickets
                held = Tickets(tickets.free + rules.plan_tickets, tickets.typed)
                if admits(city, day + rules.plan_days, held, arrival.fresh):
                    move = Arc(NOWHERE, NOWHERE, day, day + rules.plan_days, PLAN, stage)
                    reach(city, Arrival(move.end, held, arrival.fresh, arrival, move))
                depart(city, arrival, day, False)
                total = tickets.free + sum(tickets.typed)
                spent: Tickets | None = None
                for hop in b.hops[city]:
                    if hop.between & blocked:
                        continue
                    kind, extra = hop.kind, hop.extra
                    fresh = arrival.fresh
                    if tickets.typed[kind] >= cost:
                        typed = list(tickets.typed)
                        typed[kind] -= cost
                        held = Tickets(tickets.free, tuple(typed))
                        end = day + ticket_days + extra
                        if admits(hop.dest, end, held, fresh):
                            move = Arc(NOWHERE, NOWHERE, day, end, TRAVEL, stage, hop.route,
                                       hop.dest, TICKET, typed=kind)  # fmt: skip
                            reach(hop.dest, Arrival(end, held, fresh, arrival, move))
                    if total >= wild:
                        held = spent if spent is not None else _spend(tickets, wild)
                        spent = held
                        end = day + wild_days + extra
                        if admits(hop.dest, end, held, fresh):
                            move = Arc(NOWHERE, NOWHERE, day, end, TRAVEL, stage, hop.route,
                                       hop.dest, WILDCARD, spend=wild)  # fmt: skip
                            reach(hop.dest, Arrival(end, held, fresh, arrival, move))
                    if (
                        fresh
                        and power.travel_types >> kind & 1
                        and not (power.stop_empty and untouched >> hop.dest & 1)
                    ):
                        end = day + power.travel_days + extra
                        if admits(hop.dest, end, tickets, False):
                            move = Arc(NOWHERE, NOWHERE, day, end, TRAVEL, stage, hop.route,
                                       hop.dest, POWER, power=True)  # fmt: skip
                            reach(hop.dest, Arrival(end, tickets, False, arrival, move))
        return arrivals, done

    # --- events -----------------------------------------------------------------------------

    def children(self, journey: Journey) -> Iterator[Journey]:
        """The journeys one event after `journey`: each token city explored, or the next
        checkpoint completed."""
        b = self.board
        arrivals, done = self.sweep(journey)
        durations = b.durations
        ordered = len(durations) > 1
        if not ordered or journey.explores < len(durations):
            days = durations[journey.explores if ordered else 0]
            die = b.die[days]
            untouched = b.token_mask & ~journey.collected
            for city in range(b.n):
                if not untouched >> city & 1 or not arrivals[city]:
                    continue
                token = b.token_at(city, journey.collected)
                for arrival in arrivals[city][:CHILDREN_PER_TARGET]:
                    end = arrival.day + days
                    if b.finish_day(journey.stage, city, end) > b.limit:
                        continue
                    tickets = arrival.tickets
                    if die.discard:
                        tickets = _discard(tickets, die.discard)
                    gain = die.draw + b.tickets[city]
                    if gain:
                        tickets = Tickets(tickets.free + gain, tickets.typed)
                    explore = Arc(NOWHERE, NOWHERE, arrival.day, end, EXPLORE, journey.stage,
                                  city=city, duration=days, gain=gain,
                                  discard=die.discard)  # fmt: skip
                    stage, points, fresh = self._completed(
                        journey.stage, city, end, journey.points, arrival.fresh
                    )
                    yield Journey(
                        city, end, stage, fresh, tickets, journey.collected | 1 << city,
                        (*journey.tokens, token), points, journey.explores + 1, journey,
                        (*arrival.moves(), explore),
                    )  # fmt: skip
        cp_city = b.checkpoint_city[journey.stage]
        for arrival in sorted(done, key=lambda a: a.day)[:CHILDREN_PER_TARGET]:
            stage, points, fresh = self._completed(
                journey.stage, cp_city, arrival.day, journey.points, arrival.fresh
            )
            yield Journey(
                cp_city, arrival.day, stage, fresh, arrival.tickets, journey.collected,
                journey.tokens, points, journey.explores, journey, tuple(arrival.moves()),
            )  # fmt: skip

    def _completed(
        self, stage: int, city: int, day: int, points: int, fresh: bool
    ) -> tuple[int, int, bool]:
        """The stage, checkpoint points and power after an action ending in `city` on `day`:
        the checkpoints due there are completed in order, as the engine completes them."""
        b = self.board
        while stage < b.stages and city == b.checkpoint_city[stage]:
            if day < b.activation[stage]:
                break
            points += b.bars[stage][day]
            stage += 1
            fresh = True
        return stage, points, fresh

    def value(self, journey: Journey) -> int:
        """The rank of a journey among those standing on the same day: its tokens' score
        sheet, the checkpoint points earned, and those the next checkpoint would give if it
        were completed that day."""
        b = self.board
        due = b.bars[journey.stage][max(journey.day, b.activation[journey.stage])]
        return self.scorer.partial(journey.tokens) + journey.points + due

    def final(self, journey: Journey) -> int:
        return self.scorer.total(journey.tokens, journey.points, journey.day)

    def beam(self, width: int, deadline: float, on_plan: OnPlan | None) -> None:
        """A beam over time: the journeys standing on each day (after an event) are ranked
        against each other (`value`), the best `width` of them go on; every journey that ends
        and scores more than the best is replayed."""
        b = self.board
        buckets: list[list[Journey]] = [[] for _ in range(b.limit + 1)]
        buckets[self.start.day].append(self.start)
        for day in range(self.start.day, b.limit + 1):
            seen: dict[tuple[int, int, int], list[Journey]] = {}
            for child in buckets[day]:
                same = seen.setdefault((child.collected, child.city, child.stage), [])
                if not any(_covers(other, child) for other in same):
                    same[:] = [other for other in same if not _covers(child, other)]
                    same.append(child)
            every = [journey for same in seen.values() for journey in same]
            every.sort(key=self.value, reverse=True)
            buckets[day] = []
            for journey in every[:width]:
                if time.perf_counter() >= deadline:
                    return
                for child in self.children(journey):
                    if child.stage >= b.stages:
                        self.offer(child, on_plan)
                    else:
                        buckets[child.day].append(child)

    def offer(self, journey: Journey, on_plan: OnPlan | None) -> None:
        """A journey that has ended: replayed by the engine if it beats the best."""
        score = self.final(journey)
        if score <= self.best_score:
            return
        self.best_score = score
        choices = self.scorer.choices(journey.tokens)
        self.best = verified(
            self.puzzle, journey.arcs(), choices, score, FEASIBLE, None, self.began
        )
        self.best_journey = journey
        if on_plan:
            on_plan(self.best)

    def run(self, time_limit: float, on_plan: OnPlan | None = None) -> Plan | None:
        """Beams of the `WIDTHS` in turn until `time_limit` seconds have passed (since the
        search began); the best replay-verified plan, or None if no journey ended."""
        deadline = self.began + time_limit
        for width in WIDTHS:
            if time.perf_counter() >= deadline:
                break
            self.beam(width, deadline, on_plan)
        return self.best


def search(puzzle: Puzzle, time_limit: float = 5.0, on_plan: OnPlan | None = None) -> Plan | None:
    """The best plan the event search finds in `time_limit` seconds (see the module's
    docstring), replayed by the engine; None if it finds none."""
    return Search(puzzle).run(time_limit, on_plan)


def _spend(tickets: Tickets, count: int) -> Tickets:
    """`count` Tickets spent as a wildcard: free ones first, then starting ones kept back."""
    if tickets.free >= count:
        return Tickets(tickets.free - count, tickets.typed)
    free = min(tickets.free, count)
    count -= free
    typed = list(tickets.typed)
    for kind, held in enumerate(typed):
        use = min(held, count)
        typed[kind] -= use
        count -= use
    return Tickets(tickets.free - free, tuple(typed))


def _discard(tickets: Tickets, count: int) -> Tickets:
    """The die's discard of `count` Tickets (or as many as are held): free ones first, then
    starting ones, which are then no longer kept for a typed travel (the replay discards what
    the rest of the plan does not need)."""
    return _spend(tickets, min(count, tickets.free + sum(tickets.typed)))


def _covers(a: Journey, b: Journey) -> bool:
    """Whether journey `a` can do whatever `b` can (the same tokens, city and stage): no later,
    no fewer Tickets or points, the power at least as fresh."""
    return (
        a.day <= b.day
        and a.points >= b.points
        and (a.fresh or not b.fresh)
        and a.tickets.covers(b.tickets)
    )
