"""The relaxed journey the bounds share: its moves as arrays (`Moves`) and the most Explores it
can make from every state on (`explore_table`).

The state is the stage, the city, the day, whether the power is fresh, whether the traveller has
explored in this city since arriving, and the Tickets held (`HAND` starting ones usable for a
one-Ticket travel of any type, `FREE` others; the top value of each means "that many or more",
and spending from it keeps it there). Every move of the rules is a move of the relaxation, with
its days and its Tickets as `rules.toml` gives them: Refresh, Plan, Travel by departure, by a
Ticket, by any two, by the power once per stage (refreshed at each checkpoint, completed where
and when the rules complete it), and Explore. The table drops what only ever forbids a journey:
tokens in the way and forced stops, each token collected once (only two Explores in a row in one
city are ruled out), the types of the starting Tickets, the die's discard, Catalina's empty
stop; it takes the shortest Explore of the assumed die results with the most Tickets any of them
draws, Lisette's doubled Tickets on every Souvenir, and Carlo's Explore of a Cursed Souvenir by
the power (once per stage, as any power). Yuki's steps back (one per stage) are a clock that
stops: the relaxed journey may run one day past the limit per step and take, on each day, the
departures of that day or of the days before it, as many as the steps; and as her real day may
then be before a checkpoint's activation while the relaxed one is past it, the relaxed journey
may pass through the checkpoint's city on those days without completing it (`optional`: the
Final's city too, where completing ends the journey). So every journey of the puzzle, from any
of its states on, is a journey of the relaxation with as many Explores."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from kit.solve.amazing_journey.board import Board

HAND = 2
"""The starting Tickets the relaxation tells apart (0, 1, or `HAND` or more)."""

FREE = 8
"""The other Tickets it tells apart (0 to `FREE` or more)."""

NONE = -1000
"""The value of a state from which no journey ends in time."""

Values = NDArray[np.int16]


@dataclass(frozen=True)
class Prizes:
    """What the relaxed journey collects instead of counting Explores (`explore_table`), in
    whole units: `explore[c]` for each Explore in city c (never negative), and `bars[stage,
    day]` on completing the checkpoint of `stage` on `day`."""

    explore: NDArray[np.int_]
    bars: NDArray[np.int_]


def explore_table(board: Board, prizes: Prizes | None = None) -> Values:
    """The most Explores of the relaxation from every state on: indexed by stage, day, city,
    fresh power, explored here since arriving, starting Tickets (up to `HAND`) and others (up
    to `FREE`), before the checkpoint due there is completed; `NONE` or less where no journey
    ends in time. With `prizes`, the most prizes instead (an Explore is worth its city's, a
    checkpoint its bar's). Computed a day at a time for every city at once: each kind of move
    is an array operation over the hops; `OutOfTime` once the board's deadline has passed."""
    moves = Moves(board)
    prize = np.ones(board.n, dtype=np.int_) if prizes is None else prizes.explore
    rules, power, limit, n = board.rules, board.power, moves.limit, board.n
    departs, source, dest, kind, extra = (
        moves.departs,
        moves.source,
        moves.dest,
        moves.kind,
        moves.extra,
    )
    by_power, plan_t, ticket_h, ticket_ok = (
        moves.by_power,
        moves.plan_t,
        moves.ticket_h,
        moves.ticket_ok,
    )
    wild_h, wild_t, wild_ok = moves.wild_h, moves.wild_t, moves.wild_ok
    days, token, quick, gained_t = moves.days, moves.token, moves.quick, moves.gained_t
    shape = (2, 2, HAND + 1, FREE + 1)  # fresh, explored here, starting Tickets, others
    values = np.full((board.stages + 1, limit + 2, n, *shape), NONE, dtype=np.int16)
    values[board.stages] = 0  # the journey has ended: no more Explores

    def after(stage: int, day: int) -> Values:
        return arrived(values, board, prizes, stage, day)

    def arriving(cache: dict[int, Values], stage: int, day: int) -> Values:
        """The values on arriving in each city from another one (not explored there yet)."""
        if day not in cache:
            there = after(stage, day)
            cache[day] = np.broadcast_to(there[:, :, 0:1], there.shape)
        return cache[day]

    for day in range(limit, board.start_day - 1, -1):
        board.on_time(day)
        for stage in range(board.stages - 1, board.start_stage - 1, -1):
            best = np.full((n, *shape), NONE, dtype=np.int16)
            np.maximum(best, after(stage, day + rules.refresh_days), out=best)
            np.maximum(best, after(stage, day + rules.plan_days)[..., plan_t], out=best)
            arrivals: dict[int, Values] = {}
            for moved_days, method in (
                (rules.departure_days, "depart"),
                (rules.ticket_days, "ticket"),
                (rules.wildcard_days, "wildcard"),
            ):
                for e in np.unique(extra):
                    pick = extra == e
                    if method == "depart":
                        pick &= (departs[day] >> kind & 1).astype(np.bool_)
                    if not pick.any():
                        continue
                    there = arriving(arrivals, stage, day + moved_days + int(e))[dest[pick]]
                    if method == "ticket":
                        there = np.where(ticket_ok, there[:, :, :, ticket_h, :], NONE)
                    elif method == "wildcard":
                        there = np.where(wild_ok, there[:, :, :, wild_h, wild_t], NONE)
                    np.maximum.at(best, source[pick], there.astype(np.int16))
            here = np.flatnonzero(token)  # Explore by the die, then Carlo's by the power
            found = _explored(after(stage, day + days)[here], gained_t[here], prize[here])
            best[here, :, 0] = np.maximum(best[here, :, 0], found)
            for q in np.unique(quick[quick >= 0]):
                here = np.flatnonzero(quick == q)
                found = _explored(after(stage, day + int(q))[here], gained_t[here], prize[here])
                best[here, 1, 0] = np.maximum(best[here, 1, 0], found[:, 0])
            values[stage, day] = best
            if by_power.any():  # a fresh state may take the power (0 days too)
                for e in np.unique(extra[by_power]):
                    pick = by_power & (extra == e)
                    there = arriving(arrivals, stage, day + power.travel_days + int(e))[dest[pick]]
                    current = values[stage, day]
                    fresh = current[:, 1].copy()
                    np.maximum.at(fresh, source[pick], np.asarray(there[:, 0]))
                    current[:, 1] = fresh
                    arrivals.pop(day, None)  # the same day's values changed
    return values


def arrived(values: Values, board: Board, prizes: Prizes | None, stage: int, day: int) -> Values:
    """The values on arriving in each city on `day` at `stage` (from the table `values` as far
    as it is made): the checkpoint due there is completed (the power refreshed, its bar's prize
    earned) as the rules complete it, after any action that ends in its city on or after its
    activation day (an earlier arrival has no effect, and the journey goes on from there). On
    the stopped clock, Yuki's real day may be behind the relaxed one (`lag`): where her real day
    may still be before the activation, the better of completing it and passing through the
    city as an ordinary one (`optional`)."""
    shape = values.shape[3:]
    if day >= values.shape[1] - 1:
        return np.full((board.n, *shape), NONE, dtype=np.int16)
    arrive: Values = values[stage, day].copy()
    if stage < board.stages and day >= board.activation[stage]:
        city = board.checkpoint_city[stage]  # completed: the next stage, the power fresh
        later = arrived(values, board, prizes, stage + 1, day)[city][1:2]
        if prizes is not None:
            bar = int(prizes.bars[stage, day])
            later = np.where(later > NONE // 2, later + bar, NONE).astype(np.int16)
        done = np.broadcast_to(later, shape)
        arrive[city] = np.maximum(arrive[city], done) if optional(board, stage, day) else done
    return arrive


def lag(board: Board, stage: int) -> int:
    """The most days Yuki's real day may be behind the stopped clock's at `stage`: her steps
    back since the puzzle's start, one a stage at most (the power refreshes at each checkpoint;
    in the starting stage only if it is fresh at the start). 0 for the other Travellers."""
    if not any(board.back):
        return 0
    return (stage - board.start_stage + int(board.start_fresh)) * board.back_days


def optional(board: Board, stage: int, day: int) -> bool:
    """Whether a relaxed journey arriving in the checkpoint city of `stage` on relaxed `day`
    may leave its checkpoint uncompleted: on or after the activation day, a real journey on a
    day `lag` earlier may still be before it (then the rules do not complete it, and she may go
    on collecting tokens, the Final's city included, before coming back)."""
    return board.activation[stage] <= day < board.activation[stage] + lag(board, stage)


def _explored(there: Values, gained: NDArray[np.int_], prize: NDArray[np.int_]) -> Values:
    """The values before an Explore of some cities, from those after it (there: explored,
    with the Tickets `gained` added): the city's `prize` more. Indexed by city, fresh, hand,
    Tickets."""
    after = there[:, :, 1]
    moved = np.take_along_axis(
        after, np.broadcast_to(gained[:, None, None, :], after.shape), axis=3
    )
    return np.where(moved > NONE, moved + prize[:, None, None, None], NONE).astype(np.int16)


def _spend_maps(cost: int) -> tuple[NDArray[np.int_], NDArray[np.int_], NDArray[np.bool_]]:
    """Where spending `cost` Tickets (others first, then starting ones) leads from each
    (starting, others) count, and whether enough are held ("or more" counts stay put)."""
    to_h = np.zeros((HAND + 1, FREE + 1), dtype=np.int_)
    to_t = np.zeros((HAND + 1, FREE + 1), dtype=np.int_)
    ok = np.zeros((HAND + 1, FREE + 1), dtype=np.bool_)
    for h in range(HAND + 1):
        for t in range(FREE + 1):
            if t == FREE or (h == HAND and t + h >= cost):
                to_h[h, t], to_t[h, t], ok[h, t] = h, t, True  # unbounded: stays put
                continue
            ok[h, t] = h + t >= cost
            free = min(t, cost)
            to_t[h, t] = t - free
            to_h[h, t] = max(h - (cost - free), 0)
    return to_h, to_t, ok


class Moves:
    """The relaxation's moves as arrays over the hops, shared by the backward programme
    (`explore_table`) and the forward sweeps of `branch.py`: the last day (`limit`, one
    `back_days` more per step back Yuki may take), the transport types departing on each day
    (with those of the days a step back reaches), every hop not passing a checkpoint city (any
    hop for Hendrika), the Ticket counts after each way of spending, the Explore's days and the
    Tickets it gives in each city. With `stopped_clock` False, Yuki's steps back are left to
    the sweep (the days and departures are the Timeline's)."""

    def __init__(self, board: Board, stopped_clock: bool = True) -> None:
        puzzle, rules, power = board.puzzle, board.rules, board.power
        stops = stopped_clock and any(board.back)
        self.backs = board.stages - board.start_stage if stops else 0
        self.limit = limit = board.limit + self.backs * board.back_days
        length = puzzle.tables.length
        self.departs = [0] * (limit + 1)
        for day in range(limit + 1):
            for earlier in range(max(0, day - self.backs * board.back_days), day + 1):
                self.departs[day] |= sum(1 << k for k in puzzle.tables.departures[earlier % length])
        n = board.n
        blocked = 0 if power.passes_tokens else board.checkpoint_mask
        hops = [(c, h) for c in range(n) for h in board.hops[c] if not h.between & blocked]
        self.source = np.array([c for c, _ in hops], dtype=np.int_)
        self.dest = np.array([h.dest for _, h in hops], dtype=np.int_)
        self.kind = np.array([h.kind for _, h in hops], dtype=np.int_)
        self.extra = np.array([h.extra for _, h in hops], dtype=np.int_)
        self.by_power = (power.travel_types >> self.kind & 1).astype(np.bool_)
        self.passes = np.array(  # hop, city: the hop passes the city on the way
            [[h.between >> c & 1 for c in range(n)] for _, h in hops], dtype=np.bool_
        ).reshape(len(hops), n)
        cost = rules.ticket_cost
        self.plan_t = np.minimum(np.arange(FREE + 1) + rules.plan_tickets, FREE)
        self.ticket_h = np.array([h if h == HAND else max(h - cost, 0) for h in range(HAND + 1)])
        self.ticket_ok = (np.arange(HAND + 1) >= cost)[:, None]
        self.wild_h, self.wild_t, self.wild_ok = _spend_maps(rules.wildcard_cost)
        self.days = min(board.durations)
        draw = max(board.die[d].draw for d in board.durations)
        self.token = np.array([t >= 0 for t in board.token], dtype=np.bool_)
        self.quick = np.array(board.power_explore, dtype=np.int_)  # Carlo's days, or -1
        self.gain = np.array(
            [board.tickets[c] * (2 if board.doubles[c] else 1) + draw for c in range(n)],
            dtype=np.int_,
        )
        self.gained_t = np.minimum(np.arange(FREE + 1)[None, :] + self.gain[:, None], FREE)
