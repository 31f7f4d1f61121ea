"""The primal search: beams over the journey's events, each leg an exact earliest-arrival search,
and a large-neighbourhood search around the best journey.

A journey is a sequence of events, each an Explore of a token city or the completion of the next
checkpoint; between two events the traveller only moves and waits. From a journey, one sweep
(`Search.sweep`) over the departure timetable finds, for every city at once, the undominated ways
to arrive there by day, Tickets and the power (an arrival that is no earlier and holds no more is
dropped, since Refresh can always turn an earlier arrival into a later one); each token city
reached and explored, or the checkpoint reached, is a child journey (`Search.children`). Every
power is the search's own: the Travel ones of Paulo, Catalina, Buck and Wolfgang, Hendrika's
passing of token and checkpoint cities, Yuki's step back before a move or an Explore (the
moves of the day before, a day sooner), Lisette's doubled Tickets and Carlo's Explore without
the die; on the tiny board each of them is needed for the exhaustive optimum, and the search
finds it (the tests). A sweep depends only on where and when the journey stands, what it holds
and the cities explored, so sweeps are kept and shared by every beam that passes the same way.

The beam runs over time (`Search.beam`): the journeys standing on the same day, after their last
event, are ranked by what their tokens promise (`score.Scorer.promise`: the score sheet with
every set begun counted as if it were completed, at its best rate per token), plus the checkpoint
points earned and those the next checkpoint would give that day, and the best `width` of them go
on; a journey that ends is scored by the sheet itself (`score.Scorer`, which also picks the tokens
kept and the Objectives played). Ranking journeys of the same day against
each other needs no guess of what a day is worth, where ranking them by the number of events
did, and found worse plans. Beams of several widths keep different journeys, and a wider one
is not always better: `run` tries them in turn.

The neighbourhood search (`Search.improve`) keeps the first events of the best journey, forbids
the tokens of the next one to four events and re-plans the rest from there with a narrow beam
whose ranks get a little noise: a journey across new token sets, the change a window of a few
days cannot make. It is what finds the better plans once the first beam is done; a journey of
the same score becomes the one the next neighbourhoods are taken around. (The figures of the
beams and the neighbourhoods: `benchmarks/RESULTS.md`, The event search.)

A second worker runs a second search with another seed in a process of its own (`Helper`:
Python runs one search per core, and threads would share one), which begins with a beam
of width 1 (a first plan within a fraction of a second, when it ends a journey), then at once
a wide one (`second_opening`), and goes on with other widths and other neighbourhoods; its
journeys are sent back and replayed by the caller. For a given seed a search is deterministic
when it counts journeys expanded (`most_steps`) instead of seconds. Every journey that ends and
scores more than the best is replayed by the engine (`replay.verified`), so a plan of the
search is as trustworthy as the model's.

What it leaves out: a leg never completes a checkpoint on its way to a token (the checkpoint is an
event of its own) and looks `HORIZON` days ahead; only the earliest arrivals at a target and a
few richer in Tickets become journeys (`_picked`); Tickets drawn are of unknown type (spent only
as any two, as the model assumes)."""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

from kit.amazing_journey import travellers
from kit.amazing_journey.actions import DEPART, PLAN, POWER, REFRESH, TICKET, WILDCARD
from kit.core import pools
from kit.solve.amazing_journey.board import Board, Die, Hop
from kit.solve.amazing_journey.network import EXPLORE, NOWHERE, TRAVEL, Arc
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.replay import Choices, verified
from kit.solve.amazing_journey.score import Scorer
from kit.solve.plan import FEASIBLE, OutOfTime, Plan, check_stop, wait_for

MOST_ARRIVALS = 6
"""The most undominated arrivals a sweep keeps per city (the earliest ones): later ones differ
only by Tickets drawn on Plan waits."""

CHILDREN_PER_TARGET = 2
"""The earliest arrivals at one token city or checkpoint that become child journeys (and the
richer ones, `_picked`)."""

RICHER = 2
"""The most later arrivals at a target, each holding more Tickets, that become child journeys
too."""

HORIZON = 12
"""A sweep looks this many days ahead (further only to reach a checkpoint due by then): a
journey that needs longer to reach its next token is rarely a good one."""

WIDTHS = (3, 6, 4, 8, 2, 12, 16, 24, 32, 48, 64)
"""The beam widths tried in turn: a wider beam is not always better (each width keeps other
journeys), so narrow ones come first and several are tried. A search with another seed (the
second worker's) begins with the beams of `second_opening`, then takes the widths from further
along."""

SECOND_OPENING = (1, 16)
"""The beams a search with another seed than 0 (the second worker's) runs back to back before
any neighbourhood: width 1, a first plan in a fraction of a second, then a wide beam, which
keeps journeys the narrow beams and their neighbourhoods miss (alone, it beat the whole planner
at 10 s on about as many standard puzzles as it lost: `benchmarks/RESULTS.md`)."""

LONG_EXPLORE_OPENING = (1, 12)
"""The second opening when every Explore takes `LONG_EXPLORE` days or more: a beam of width 16
then takes most of a short solve's time, and one of 12 leaves the other stages time while
keeping the wide beam's journeys (the figures, with the 2- and 3-day dice too:
`benchmarks/RESULTS.md`)."""

LONG_EXPLORE = 4
"""The shortest Explore's days from which the second opening is `LONG_EXPLORE_OPENING`."""

SWEEPS_KEPT = 4000
"""The most sweeps kept for reuse (a sweep holds some arrivals per city; all are dropped when
this many are kept)."""

MOST_REMOVED = 4
"""A neighbourhood forbids the tokens of at most this many events of the journey."""

LNS_WIDTHS = (2, 3, 3, 4, 6)
"""The widths of the beams that re-plan a neighbourhood, one picked at random."""

LNS_NOISE = 3.0
"""Up to this many points added at random to the ranks of a neighbourhood's beam."""

LNS_SECONDS = 2.0
"""The neighbourhood search runs this long between two beams of `WIDTHS` from the start."""

MOST_KNOWN = 30
"""The neighbourhood search ends after this many neighbourhoods in a row that needed no sweep
it had not made before (on a small board it has then seen them all)."""

LNS_STEPS = 1000
"""... or expands this many journeys, when the search counts journeys instead of seconds."""


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

    def events(self) -> list[Journey]:
        """The journey after each of its events, from the start."""
        chain: list[Journey] = []
        journey: Journey | None = self
        while journey is not None:
            chain.append(journey)
            journey = journey.previous
        return chain[::-1]

    def arcs(self) -> list[Arc]:
        legs: list[tuple[Arc, ...]] = []
        journey: Journey | None = self
        while journey is not None:
            legs.append(journey.leg)
            journey = journey.previous
        return [arc for leg in reversed(legs) for arc in leg]


Sweep = tuple[list[list[Arrival]], list[Arrival]]
"""A sweep's undominated arrivals by city, and its completions of the next checkpoint."""

OnPlan = Callable[[Plan], None]
"""Called with every improving replay-verified plan."""


def second_opening(puzzle: Puzzle) -> tuple[int, ...]:
    """The beams the second worker's search opens with, by the puzzle's shortest Explore."""
    long = min(puzzle.durations) >= LONG_EXPLORE
    return LONG_EXPLORE_OPENING if long else SECOND_OPENING


class Search:
    """The event search over one puzzle (see the module's docstring)."""

    def __init__(
        self,
        puzzle: Puzzle,
        began: float | None = None,
        seed: int = 0,
        halt: threading.Event | None = None,
        board: Board | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.halt = halt  # set: stop now (the other search has failed or was interrupted)
        self.rng = random.Random(seed)
        turn = 2 * seed % len(WIDTHS)
        self.opening = (WIDTHS[0],) if not turn else second_opening(puzzle)
        rest = WIDTHS[turn:] + WIDTHS[:turn]
        self.widths = tuple(width for width in rest if width not in self.opening)
        self.current: Journey | None = None
        self.most_steps: int | None = None
        self.steps = 0  # journeys expanded
        self._sweeps: dict[tuple[int, int, int, bool, Tickets, int], Sweep] = {}
        self.board = board or Board(puzzle)
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

    def sweep(self, journey: Journey) -> Sweep:
        """Every undominated arrival in every city from `journey` without completing a
        checkpoint (by city), and the undominated completions of the next checkpoint.

        An arrival stands in its city from its day on (Refresh waits a day at a time), so an
        earlier arrival holding as much dominates a later one; a standing arrival takes each
        departure of a later day (the Refreshes are put in front of it), while Ticket travels,
        the power and Plan are taken on the day of arrival (later, they would only arrive
        later). Yuki's step back makes the day of arrival's moves those of the day before;
        Hendrika's power passes the token and checkpoint cities in the way.

        A sweep depends only on where and when the journey stands, what it holds and the
        cities it has explored, so it is kept (`SWEEPS_KEPT`): the beams of several widths
        and the neighbourhoods around one journey share most of theirs."""
        key = (journey.city, journey.day, journey.stage, journey.fresh, journey.tickets,
               journey.collected)  # fmt: skip
        known = self._sweeps.get(key)
        if known is not None:
            return known
        if len(self._sweeps) >= SWEEPS_KEPT:
            self._sweeps.clear()
        self.sweeps += 1
        known = self._sweeps[key] = _Sweep(self, journey).run(journey)
        return known

    # --- events -----------------------------------------------------------------------------

    def children(self, journey: Journey, forbidden: int = 0) -> Iterator[Journey]:
        """The journeys one event after `journey`: each token city explored (but those of the
        bitmask `forbidden`), by the die or by the power, or the next checkpoint completed."""
        b = self.board
        arrivals, done = self.sweep(journey)
        durations = b.durations
        ordered = len(durations) > 1
        rolls = not ordered or journey.explores < len(durations)
        days = durations[min(journey.explores, len(durations) - 1) if ordered else 0]
        die = b.die[days]
        untouched = b.token_mask & ~journey.collected & ~forbidden
        for city in range(b.n):
            if not untouched >> city & 1 or not arrivals[city]:
                continue
            token = b.token_at(city, journey.collected)
            for arrival in _picked(arrivals[city]):
                for explore in self._explores(journey, city, arrival, rolls, die):
                    stage, points, fresh = self._completed(
                        journey.stage, city, explore.end, journey.points,
                        arrival.fresh and not explore.power,
                    )  # fmt: skip
                    yield Journey(
                        city, explore.end, stage, fresh,
                        _explored(arrival.tickets, explore), journey.collected | 1 << city,
                        (*journey.tokens, token), points,
                        journey.explores + (explore.method != POWER), journey,
                        (*arrival.moves(), explore),
                    )  # fmt: skip
        cp_city = b.checkpoint_city[journey.stage]
        for arrival in _picked(done):
            stage, points, fresh = self._completed(
                journey.stage, cp_city, arrival.day, journey.points, arrival.fresh
            )
            yield Journey(
                cp_city, arrival.day, stage, fresh, arrival.tickets, journey.collected,
                journey.tokens, points, journey.explores, journey, tuple(arrival.moves()),
            )  # fmt: skip

    def _explores(
        self, journey: Journey, city: int, arrival: Arrival, rolls: bool, die: Die
    ) -> Iterator[Arc]:
        """The ways to explore `city` on arriving: by the die (if it may still be rolled), and
        with a fresh power by Carlo's Explore without the die, with Lisette's doubled Tickets,
        or after Yuki's step back (a day less)."""
        b = self.board
        day, stage = arrival.day, journey.stage
        tickets = b.tickets[city]
        if rolls:
            end = day + die.days
            if b.finish_day(stage, city, end) <= b.limit:
                yield Arc(NOWHERE, NOWHERE, day, end, EXPLORE, stage, city=city,
                          duration=die.days, gain=die.draw + tickets,
                          discard=die.discard)  # fmt: skip
                if arrival.fresh and b.doubles[city]:
                    yield Arc(NOWHERE, NOWHERE, day, end, EXPLORE, stage, city=city,
                              duration=die.days, power=True, doubled=True,
                              gain=die.draw + travellers.lisettes_tickets(tickets),
                              discard=die.discard)  # fmt: skip
                end -= b.back_days
                if arrival.fresh and b.back[day] and b.finish_day(stage, city, end) <= b.limit:
                    yield Arc(NOWHERE, NOWHERE, day, end, EXPLORE, stage, city=city,
                              duration=die.days, back=True, power=True, gain=die.draw + tickets,
                              discard=die.discard)  # fmt: skip
        power_days = b.power_explore[city]
        if arrival.fresh and power_days >= 0:
            end = day + power_days
            if b.finish_day(stage, city, end) <= b.limit:
                yield Arc(NOWHERE, NOWHERE, day, end, EXPLORE, stage, city=city,
                          duration=power_days, method=POWER, power=True,
                          gain=tickets)  # fmt: skip

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

    def value(self, journey: Journey) -> float:
        """The rank of a journey among those standing on the same day: what its tokens promise
        (`Scorer.promise`: each set begun counted as if it were completed), the checkpoint
        points earned, and those the next checkpoint would give if it were completed that
        day."""
        b = self.board
        due = b.bars[journey.stage][max(journey.day, b.activation[journey.stage])]
        return self.scorer.promise(journey.tokens) + journey.points + due

    def final(self, journey: Journey) -> int:
        return self.scorer.total(journey.tokens, journey.points, journey.day)

    def beam(
        self,
        width: int,
        deadline: float,
        on_plan: OnPlan | None,
        start: Journey | None = None,
        forbidden: int = 0,
        noise: float = 0.0,
        owed: bool = False,
    ) -> None:
        """A beam over time: the journeys standing on each day (after an event) are ranked
        against each other (`value`, plus a random share of up to `noise` points from the
        search's `rng`), the best `width` of them go on; every journey that ends and scores
        more than the best is replayed. It starts from the puzzle's start or from `start` (a
        journey part way), and explores no city of the bitmask `forbidden`. A beam that `owed`
        a plan runs on past `deadline` until a journey has ended."""
        b = self.board
        start = start or self.start
        buckets: list[list[Journey]] = [[] for _ in range(b.limit + 1)]
        buckets[start.day].append(start)
        rng = self.rng
        for day in range(start.day, b.limit + 1):
            seen: dict[tuple[int, int, int], list[Journey]] = {}
            for child in buckets[day]:
                same = seen.setdefault((child.collected, child.city, child.stage), [])
                if not any(_covers(other, child) for other in same):
                    same[:] = [other for other in same if not _covers(child, other)]
                    same.append(child)
            every = [journey for same in seen.values() for journey in same]
            if noise:
                ranks = {id(j): self.value(j) + noise * rng.random() for j in every}
                every.sort(key=lambda j: ranks[id(j)], reverse=True)
            else:
                every.sort(key=self.value, reverse=True)
            buckets[day] = []
            for journey in every[:width]:
                if self._stopped(deadline, owed):
                    return
                self.steps += 1
                for child in self.children(journey, forbidden):
                    if child.stage >= b.stages:
                        self.offer(child, on_plan)
                    else:
                        buckets[child.day].append(child)

    def improve(self, deadline: float, on_plan: OnPlan | None) -> None:
        """Large-neighbourhood search around the best journey until `deadline`: keep its first
        events, forbid the tokens of the next few (1 to `MOST_REMOVED`), and re-plan the rest
        of the journey from there by a narrow beam with noisy ranks, so the journey must go
        around a new set of tokens. The best journey only ever improves (`offer`); a re-planned
        journey that scores as much becomes the one the next neighbourhoods are taken around,
        so the search drifts across journeys of the same score."""
        rng = self.rng
        known = 0  # neighbourhoods in a row that needed no new sweep
        while self.current is not None and not self._stopped(deadline) and known < MOST_KNOWN:
            sweeps = self.sweeps
            events = self.current.events()
            cut = rng.randrange(len(events) - 1)
            removed = rng.randint(1, MOST_REMOVED)
            last = events[min(cut + removed, len(events) - 1)]
            forbidden = last.collected & ~events[cut].collected
            width = rng.choice(LNS_WIDTHS)
            self.beam(width, deadline, on_plan, events[cut], forbidden, LNS_NOISE)
            known = known + 1 if self.sweeps == sweeps else 0

    def offer(self, journey: Journey, on_plan: OnPlan | None) -> None:
        """A journey that has ended: replayed by the engine if it beats the best; one that
        scores as much becomes the `current` journey of the neighbourhood search."""
        score = self.final(journey)
        if score < self.best_score:
            return
        self.current = journey
        if score == self.best_score:
            return
        self.best_score = score
        choices = self.scorer.choices(journey.tokens)
        self.best = verified(
            self.puzzle, journey.arcs(), choices, score, FEASIBLE, None, self.began
        )
        self.best_journey = journey
        if on_plan:
            on_plan(self.best)

    def _stopped(self, deadline: float, owed: bool = False) -> bool:
        """Whether the time or the journeys allowed (`most_steps`) have run out, or `halt`
        is set; a stop asked by `interrupt` is raised here. While a plan is `owed` and none
        has ended, the time does not run out."""
        check_stop()
        if self.halt is not None and self.halt.is_set():
            return True
        if self.most_steps is not None:
            return self.steps >= self.most_steps
        if owed and self.best is None:  # at most until the board's deadline (the planner's)
            return time.perf_counter() >= self.board.deadline
        return time.perf_counter() >= deadline

    def run(
        self, time_limit: float, on_plan: OnPlan | None = None, most_steps: int | None = None
    ) -> Plan | None:
        """The `opening` beams (the fastest good plans), then the neighbourhood search and the
        other beams of `widths` in turn, until `time_limit` seconds have passed since the search
        began (or, when given, after `most_steps` journeys expanded instead: the same plan on
        any machine, for a given seed), or until a round of them needs no sweep it has not
        made before (a small board is then searched through); the best replay-verified plan,
        or None if no journey ended.

        The first beam goes on past `time_limit` until a journey ends (under a second on the
        reference board, on a quiet machine), but not past the board's deadline (the
        planner's): on a busy machine a short limit could otherwise run out before any plan."""
        deadline = self.began + time_limit
        self.most_steps = most_steps
        widths = list(self.widths)
        first, *more = self.opening
        self.beam(first, deadline, on_plan, owed=True)
        for width in more:
            self.beam(width, deadline, on_plan)
        while not self._stopped(deadline):
            sweeps = self.sweeps
            if self.current is not None:
                budget = min(deadline, time.perf_counter() + LNS_SECONDS)
                if most_steps is not None:
                    self.most_steps = min(most_steps, self.steps + LNS_STEPS)
                self.improve(budget, on_plan)
                self.most_steps = most_steps
            if widths and not self._stopped(deadline):
                self.beam(widths.pop(0), deadline, on_plan)
            elif self.sweeps == sweeps:
                break
        return self.best


def search(
    puzzle: Puzzle, time_limit: float = 5.0, on_plan: OnPlan | None = None, seed: int = 0
) -> Plan | None:
    """The best plan the event search finds in `time_limit` seconds (see the module's
    docstring), replayed by the engine; None if it finds none."""
    return Search(puzzle, seed=seed).run(time_limit, on_plan)


@dataclass(frozen=True)
class Journeyed:
    """An ended journey of a search: its actions, its answers and the score it claims (the
    receiver replays it)."""

    arcs: list[Arc]
    choices: Choices
    score: int


class _Sweep:
    """One sweep (`Search.sweep`) from one journey, its tables as fields: the arrivals kept by
    city, the completions of the checkpoint, and the arrivals still to move on by day. `run`
    goes over the days; each day, the standing arrivals take its departures (`_departures`),
    then the arrivals of the day make their moves (`_moves`), each kept if no arrival kept
    dominates it (`_admits`, `_reach`)."""

    __slots__ = (
        "b", "departing", "stage", "cp_city", "activation", "blocked", "cursed", "untouched",
        "power", "passes", "limit", "finish", "cost", "wild", "ticket_days", "wild_days",
        "depart_days", "refresh_days", "arrivals", "done", "buckets",
    )  # fmt: skip

    def __init__(self, search: Search, journey: Journey) -> None:
        b = self.b = search.board
        rules = b.rules
        self.departing = search.departing
        self.stage = stage = journey.stage
        self.cp_city = b.checkpoint_city[stage]
        self.activation = b.activation[stage]
        self.blocked = (b.token_mask & ~journey.collected) | b.checkpoint_mask
        self.cursed = b.cursed_mask & ~journey.collected
        self.untouched = b.token_mask & ~journey.collected
        self.power = b.power
        self.passes = b.power.passes_tokens
        self.limit = b.limit
        self.finish = b.finish[stage]
        self.cost, self.wild = rules.ticket_cost, rules.wildcard_cost
        self.ticket_days, self.wild_days, self.depart_days = (
            rules.ticket_days, rules.wildcard_days, rules.departure_days,
        )  # fmt: skip
        self.refresh_days = rules.refresh_days
        self.arrivals: list[list[Arrival]] = [[] for _ in range(b.n)]
        self.done: list[Arrival] = []
        self.buckets: list[list[tuple[int, Arrival]]] = [[] for _ in range(b.limit + 1)]

    def run(self, journey: Journey) -> Sweep:
        """The sweep from `journey`, day by day until `HORIZON` days ahead (further only to
        reach a checkpoint due by then)."""
        first = Arrival(journey.day, journey.tickets, journey.fresh, None, None)
        self.arrivals[journey.city].append(first)
        self.buckets[journey.day].append((journey.city, first))
        horizon = journey.day + HORIZON
        activation = self.activation
        for day in range(journey.day, self.limit + 1):
            if day > horizon and (self.done or activation > horizon):
                break
            if day == activation and day > journey.day:
                self._wait_at_checkpoint(day)
            self._departures(day)
            self._day_moves(day)
        return self.arrivals, self.done

    def _wait_at_checkpoint(self, day: int) -> None:
        """Waiting at the checkpoint until its activation `day` completes it."""
        cp_city = self.cp_city
        for arrival in list(self.arrivals[cp_city]):
            if self._admits(cp_city, day, arrival.tickets, arrival.fresh):
                self._reach(cp_city, self._waited(arrival, day))

    def _departures(self, day: int) -> None:
        """The departures of `day` taken by the arrivals standing since an earlier day."""
        cursed, cp_city, departing = self.cursed, self.cp_city, self.departing[day]
        after = day >= self.activation
        for city in range(self.b.n):
            if cursed >> city & 1 or not departing[city]:
                continue
            if city == cp_city and after:
                continue  # waiting there until today has completed the checkpoint
            for arrival in self.arrivals[city]:
                if arrival.day < day:
                    self._depart(city, arrival, day, True, day)

    def _day_moves(self, day: int) -> None:
        """The moves of the arrivals of `day`, those still kept (0-day moves, the power's,
        add to the same day); Yuki's step back too when the power is fresh."""
        b = self.b
        bucket = self.buckets[day]
        index = 0
        while index < len(bucket):
            city, arrival = bucket[index]
            index += 1
            if not any(a is arrival for a in self.arrivals[city]):
                continue  # dominated since
            self._moves(city, arrival, day, day)
            if arrival.fresh and b.back[day]:
                self._moves(city, arrival, day - b.back_days, day)

    def _waited(self, arrival: Arrival, day: int) -> Arrival:
        """`arrival` still standing on `day`: Refreshes until then."""
        refresh_days, stage = self.refresh_days, self.stage
        while arrival.day + refresh_days <= day:
            move = Arc(NOWHERE, NOWHERE, arrival.day, arrival.day + refresh_days, REFRESH,
                       stage)  # fmt: skip
            arrival = Arrival(move.end, arrival.tickets, arrival.fresh, arrival, move)
        return arrival

    def _admits(self, city: int, day: int, tickets: Tickets, fresh: bool) -> bool:
        """Whether an arrival would be kept (checked before it is made)."""
        if day > self.limit:
            return False
        if city == self.cp_city and day >= self.activation:
            kept = self.done
        elif self.finish[city][day] > self.limit:
            return False
        else:
            kept = self.arrivals[city]
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

    def _reach(self, city: int, arrival: Arrival) -> None:
        """Keep an admitted arrival (dropping those it dominates)."""
        if city == self.cp_city and arrival.day >= self.activation:
            done = self.done
            done[:] = [a for a in done if not arrival.covers(a)] + [arrival]
            return
        kept = self.arrivals[city]
        kept[:] = [a for a in kept if not arrival.covers(a)] + [arrival]
        kept.sort(key=lambda a: a.day)
        del kept[MOST_ARRIVALS:]
        if self.cursed >> city & 1:
            return  # a forced stop: the only way on is to Explore it
        self.buckets[arrival.day].append((city, arrival))

    def _depart(self, city: int, arrival: Arrival, day: int, fresh_only: bool, start: int) -> None:
        """The departures of `day` from `city` (all of them, or only those that leave later
        than the arrival); `start` is the day the action begins on (the day after `day`
        when Yuki steps back first)."""
        back = start != day
        blocked, passes, stage = self.blocked, self.passes, self.stage
        for hop in self.departing[day][city]:
            end = day + self.depart_days + hop.extra
            fresh = arrival.fresh and not back
            through = bool(hop.between & blocked)
            if through:
                if not (passes and fresh):
                    continue
                fresh = False
            if not self._admits(hop.dest, end, arrival.tickets, fresh):
                continue
            before = self._waited(arrival, day) if fresh_only else arrival
            move = Arc(NOWHERE, NOWHERE, start, end, TRAVEL, stage, hop.route, hop.dest,
                       DEPART, through=through, back=back, power=back or through)  # fmt: skip
            self._reach(hop.dest, Arrival(end, arrival.tickets, fresh, before, move))

    def _travel(
        self,
        parent: Arrival,
        start: int,
        hop: Hop,
        end: int,
        held: Tickets,
        fresh: bool,
        how: str,
        **paid: Any,
    ) -> None:
        """The travel along `hop` from `start` to `end` by a Ticket, the wildcard or the
        power (`how`; `paid` holds the rest of its arc), holding `held` on arrival, kept
        if admitted."""
        if self._admits(hop.dest, end, held, fresh):
            move = Arc(NOWHERE, NOWHERE, start, end, TRAVEL, self.stage, hop.route, hop.dest,
                       how, **paid)  # fmt: skip
            self._reach(hop.dest, Arrival(end, held, fresh, parent, move))

    def _moves(self, city: int, arrival: Arrival, day: int, start: int) -> None:
        """The moves of an arrival on the day it arrives: Plan, the departures, Ticket
        travels and the power, taken on `day` (the day before `start` when Yuki steps
        back first)."""
        rules = self.b.rules
        back = start != day
        base = arrival.fresh and not back
        tickets = arrival.tickets
        held = Tickets(tickets.free + rules.plan_tickets, tickets.typed)
        if self._admits(city, day + rules.plan_days, held, base):
            move = Arc(NOWHERE, NOWHERE, start, day + rules.plan_days, PLAN, self.stage,
                       back=back, power=back)  # fmt: skip
            self._reach(city, Arrival(move.end, held, base, arrival, move))
        self._depart(city, arrival, day, False, start)
        self._hop_moves(city, arrival, day, start)

    def _hop_moves(self, city: int, arrival: Arrival, day: int, start: int) -> None:
        """The Ticket travels, wildcard travels and power travels of `_moves`."""
        back = start != day
        base = arrival.fresh and not back
        tickets = arrival.tickets
        blocked, passes, power = self.blocked, self.passes, self.power
        cost, wild = self.cost, self.wild
        total = tickets.free + sum(tickets.typed)
        spent: Tickets | None = None
        for hop in self.b.hops[city]:
            fresh = base
            through = bool(hop.between & blocked)
            if through:
                if not (passes and fresh):
                    continue
                fresh = False
            kind, extra = hop.kind, hop.extra
            paid = {"through": through, "back": back, "power": back or through}
            if tickets.typed[kind] >= cost:
                typed = list(tickets.typed)
                typed[kind] -= cost
                held = Tickets(tickets.free, tuple(typed))
                end = day + self.ticket_days + extra
                self._travel(arrival, start, hop, end, held, fresh, TICKET, typed=kind, **paid)
            if total >= wild:
                held = spent if spent is not None else _spend(tickets, wild)
                spent = held
                end = day + self.wild_days + extra
                self._travel(arrival, start, hop, end, held, fresh, WILDCARD, spend=wild, **paid)
            if (
                fresh
                and not through
                and power.travel_types >> kind & 1
                and not (power.stop_empty and self.untouched >> hop.dest & 1)
            ):
                end = day + power.travel_days + extra
                self._travel(arrival, start, hop, end, tickets, False, POWER, power=True)


class Helper(pools.Helper):
    """An event search with another `seed` in a process of its own (`kit.core.pools.Helper`),
    for the second worker: Python runs one search per core, and two searches with other widths
    and other random neighbourhoods find more than one search given twice the time would. Each
    improving journey is sent back as it is found and handed to `on_journey` in a thread of the
    caller's process (`Journeyed`; the caller replays it); if that fails, `halt` is set (the
    caller's own search stops) and `stop` raises the error, as it raises `PlanError` if the
    engine refused one of the helper's plans. The helper ignores Ctrl-C: its caller stops it
    (`stop`; every journey it sent before is handed on)."""

    def __init__(
        self,
        puzzle: Puzzle,
        seed: int,
        began: float,
        time_limit: float,
        on_journey: Callable[[Journeyed], None],
        halt: threading.Event | None = None,
        context: BaseContext | None = None,
        deadline: float = math.inf,
    ) -> None:
        arguments = (puzzle, seed, began, time_limit, deadline)
        super().__init__(_helper, arguments, on_journey, context, halt)

    def wait(self, timeout: float) -> None:
        """Wait up to `timeout` seconds for the search to end (it stops at its own time
        limit), then stop it."""
        wait_for(self, max(0.0, timeout))
        self.stop()


def _helper(
    puzzle: Puzzle,
    seed: int,
    began: float,
    time_limit: float,
    deadline: float,
    send: pools.Send,
) -> None:
    """The body of a `Helper`'s process (`kit.core.pools.Helper`): the search on a board of
    the planner's `deadline`, each improving journey sent as it is found (`PlanError` if the
    engine refuses a plan); nothing if the board's tables are not made by the deadline."""
    try:
        found = Search(puzzle, began, seed, board=Board(puzzle, deadline))
    except OutOfTime:
        return

    def journey(plan: Plan) -> None:
        best = found.best_journey
        assert best is not None
        choices = found.scorer.choices(best.tokens)
        send(Journeyed(best.arcs(), choices, plan.objective or 0))

    found.run(time_limit, journey)


def _picked(arrivals: list[Arrival]) -> list[Arrival]:
    """The arrivals at a target that become child journeys: the `CHILDREN_PER_TARGET`
    earliest, then, by day, up to `RICHER` later ones each holding more Tickets than any picked
    before (the leg after may need them: on the tiny board, Lisette's only journey home in 14
    days spends the five Tickets of her third-earliest arrival at the First checkpoint)."""
    ordered = sorted(arrivals, key=lambda a: a.day)
    picked = ordered[:CHILDREN_PER_TARGET]
    most = max((_count(a.tickets) for a in picked), default=0)
    for arrival in ordered[CHILDREN_PER_TARGET:]:
        if len(picked) >= CHILDREN_PER_TARGET + RICHER:
            break
        if _count(arrival.tickets) > most:
            picked.append(arrival)
            most = _count(arrival.tickets)
    return picked


def _count(tickets: Tickets) -> int:
    return tickets.free + sum(tickets.typed)


def _explored(tickets: Tickets, explore: Arc) -> Tickets:
    """The Tickets after an Explore: the die's discard, then the Tickets drawn."""
    if explore.discard:
        tickets = _discard(tickets, explore.discard)
    if explore.gain:
        tickets = Tickets(tickets.free + explore.gain, tickets.typed)
    return tickets


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
