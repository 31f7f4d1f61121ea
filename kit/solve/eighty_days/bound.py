"""An upper bound on the score of every plan of a puzzle: how many tokens a journey can collect,
then the best score sheet of that many tokens.

`most_explores` is the most Explores any journey can make, from a backward dynamic programme over
the days of a relaxed journey whose state is the stage, the city, the day, whether the power is
fresh, whether the traveller has explored in this city since arriving, and the Tickets held
(`HAND` starting ones usable for a one-Ticket travel of any type, `FREE` others; the top value of
each means "that many or more", and spending from it keeps it there). Every move of the rules is
a move of the relaxation, with its days and its Tickets as `rules.toml` gives them: Refresh,
Plan, Travel by departure, by a Ticket, by any two, by the power once per stage (refreshed at each
checkpoint, completed where and when the rules complete it), and Explore. The relaxation drops
what only ever forbids a journey: tokens in the way and forced stops, each token collected once
(only two Explores in a row in one city are ruled out), the types of the starting Tickets, the
die's discard, Catalina's empty stop; it takes the shortest Explore of the assumed die results
with the most Tickets any of them draws, Lisette's doubled Tickets on every Souvenir, and
Carlo's Explore of a Cursed Souvenir by the power (once per stage, as any power). Yuki's steps
back (one per stage) are a clock that stops: the relaxed journey may run one day past the limit
per step and take, on each day, the departures of that day or of the days before it, as many
as the steps. So every journey of the puzzle is a journey of the relaxation with as many
Explores: the programme's maximum is never below a plan's count.

`sheet_bound` is the best score sheet of that many tokens chosen among the puzzle's (those held
and those on the map, every face-down city's candidates included), by their counts alone: per
Experience type how many (at most the spaces and the tokens of that type), the Souvenirs by
value (the best ones), the rows they fill, the all-types bonus, 2 points a region for at most as
many regions as tokens, an Objective for each token up to the hand. Every plan's sheet is one of
those choices, so none scores more. With the checkpoints' best bars and the points already
earned, `upper_bound` is a valid bound.

What limits it: the count and the sheet are bounded apart, and the count is loose. A relaxed
journey may shuttle between two neighbouring token cities, each Souvenir's two Tickets paying
the one-day hop back, so it makes an Explore every four days with a 3-day die: 19 on the Regular
side with Paulo, where the best plans found collect 9 to 16 tokens. The sheet then takes the best
tokens wherever they lie (all regions, three of a type): 94 against plans of 53 (a gap of 44 %),
79 with a 4-day die, and with a 2-day die the largest sheet the rules allow (102). Taking each
token once among the nearest token cities (an ng-route memory) and carrying the counts per type
and region in the states would tighten both; neither is done yet."""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import NDArray

from kit.solve.eighty_days.board import Board
from kit.solve.eighty_days.puzzle import Puzzle

HAND = 2
"""The starting Tickets the relaxation tells apart (0, 1, or `HAND` or more)."""

FREE = 8
"""The other Tickets it tells apart (0 to `FREE` or more)."""

NONE = -1000
"""The value of a state from which no journey ends in time."""

Values = NDArray[np.int16]


def upper_bound(puzzle: Puzzle, board: Board | None = None) -> int | None:
    """No plan of `puzzle` scores more than this (see the module's docstring); None if no
    journey of the relaxation ends in time (nor then does one of the puzzle)."""
    board = board or Board(puzzle)
    explores = most_explores(board)
    if explores is None:
        return None
    state, p = puzzle.position, puzzle.player
    scoring = puzzle.content.scoring
    fixed = state.points[p] + scoring.objective_points * len(state.played[p])
    checkpoints = sum(
        max(board.bars[stage][max(board.start_day, 0) :], default=0)
        for stage in range(board.start_stage, board.stages)
    )
    return fixed + sheet_bound(puzzle, explores) + checkpoints


def sheet_bound(puzzle: Puzzle, explores: int) -> int:
    """The best token and Objective lines of a score sheet with at most `explores` more tokens
    than those held (see the module's docstring)."""
    content = puzzle.content
    scoring = content.scoring
    tokens = content.tokens
    state, p = puzzle.position, puzzle.player
    held = list(state.experiences[p] + state.souvenirs[p])
    available = set(held) | {t for t in state.city_token if t >= 0}
    for region in puzzle.hidden.values():
        available |= set(region.pool)
    most = explores + len(held)
    kinds = scoring.experience_types
    of_kind = [sum(tokens[t].experience == kind for t in available) for kind in kinds]
    values = sorted(
        (tokens[t].souvenir or 0 for t in available if tokens[t].experience is None), reverse=True
    )
    room = scoring.souvenir_rows * scoring.souvenir_row_length
    regions = len({tokens[t].region for t in available})
    hand = sum(state.hand[p])
    best = 0
    spaces = scoring.experience_spaces
    for counts in itertools.product(*(range(min(spaces, n) + 1) for n in of_kind)):
        experiences = sum(counts)
        if experiences > most:
            continue
        points = sum(scoring.experience_points[n] for n in counts)
        points += scoring.all_types_bonus if all(counts) else 0
        for souvenirs in range(min(room, len(values), most - experiences) + 1):
            kept = experiences + souvenirs
            total = points + sum(values[:souvenirs])
            total += scoring.souvenir_row_points[souvenirs // scoring.souvenir_row_length]
            total += scoring.region_points * min(regions, kept)
            best = max(best, total)
    return best + scoring.objective_points * min(hand, explores)


def most_explores(board: Board) -> int | None:
    """The most Explores a journey of the relaxation can make from the puzzle's position (see
    the module's docstring), or None if none ends in time. Computed a day at a time for every
    city at once: each kind of move is an array operation over the hops."""
    puzzle = board.puzzle
    rules = board.rules
    backs = board.stages - board.start_stage if any(board.back) else 0
    limit = board.limit + backs * board.back_days
    length = puzzle.tables.length
    departs = [0] * (limit + 1)
    for day in range(limit + 1):
        for earlier in range(max(0, day - backs * board.back_days), day + 1):
            departs[day] |= sum(1 << k for k in puzzle.tables.departures[earlier % length])
    n = board.n
    shape = (2, 2, HAND + 1, FREE + 1)  # fresh, explored here, starting Tickets, others
    values = np.full((board.stages + 1, limit + 2, n, *shape), NONE, dtype=np.int16)
    values[board.stages] = 0  # the journey has ended: no more Explores
    power = board.power
    blocked = 0 if power.passes_tokens else board.checkpoint_mask
    hops = [(c, h) for c in range(n) for h in board.hops[c] if not h.between & blocked]
    source = np.array([c for c, _ in hops], dtype=np.int_)
    dest = np.array([h.dest for _, h in hops], dtype=np.int_)
    kind = np.array([h.kind for _, h in hops], dtype=np.int_)
    extra = np.array([h.extra for _, h in hops], dtype=np.int_)
    by_power = (power.travel_types >> kind & 1).astype(np.bool_)
    cost = rules.ticket_cost
    plan_t = np.minimum(np.arange(FREE + 1) + rules.plan_tickets, FREE)
    ticket_h = np.array([h if h == HAND else max(h - cost, 0) for h in range(HAND + 1)])
    ticket_ok = (np.arange(HAND + 1) >= cost)[:, None]
    wild_h, wild_t, wild_ok = _spend_maps(rules.wildcard_cost)
    days = min(board.durations)
    draw = max(board.die[d].draw for d in board.durations)
    token = np.array([t >= 0 for t in board.token], dtype=np.bool_)
    quick = np.array(board.power_explore, dtype=np.int_)  # Carlo's days, or -1
    gain = np.array(
        [board.tickets[c] * (2 if board.doubles[c] else 1) + draw for c in range(n)],
        dtype=np.int_,
    )
    gained_t = np.minimum(np.arange(FREE + 1)[None, :] + gain[:, None], FREE)  # city, Tickets

    def after(stage: int, day: int) -> Values:
        """The values on arriving in each city on `day` at `stage`: the checkpoint due there
        is completed (the power refreshed), as the rules complete it."""
        if day > limit:
            return np.full((n, *shape), NONE, dtype=np.int16)
        arrive: Values = values[stage, day].copy()
        if stage < board.stages and day >= board.activation[stage]:
            city = board.checkpoint_city[stage]  # completed: the next stage, the power fresh
            arrive[city] = np.broadcast_to(after(stage + 1, day)[city][1:2], shape)
        return arrive

    def arriving(cache: dict[int, Values], stage: int, day: int) -> Values:
        """The values on arriving in each city from another one (not explored there yet)."""
        if day not in cache:
            there = after(stage, day)
            cache[day] = np.broadcast_to(there[:, :, 0:1], there.shape)
        return cache[day]

    for day in range(limit, board.start_day - 1, -1):
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
            found = _explored(after(stage, day + days)[here], gained_t[here])
            best[here, :, 0] = np.maximum(best[here, :, 0], found)
            for q in np.unique(quick[quick >= 0]):
                here = np.flatnonzero(quick == q)
                found = _explored(after(stage, day + int(q))[here], gained_t[here])
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
    hand = min(sum(board.start_tickets), HAND)
    value = int(values[board.start_stage, board.start_day, board.start_city][
        int(board.start_fresh), 0, hand, 0
    ])  # fmt: skip
    return None if value <= NONE // 2 else value


def _explored(there: Values, gained: NDArray[np.int_]) -> Values:
    """The values before an Explore of some cities, from those after it (there: explored,
    with the Tickets `gained` added): one Explore more. Indexed by city, fresh, hand, Tickets."""
    after = there[:, :, 1]
    moved = np.take_along_axis(
        after, np.broadcast_to(gained[:, None, None, :], after.shape), axis=3
    )
    return np.where(moved > NONE, moved + 1, NONE).astype(np.int16)


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
