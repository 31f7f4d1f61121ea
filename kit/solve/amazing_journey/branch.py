"""A tighter upper bound: best-first branch and bound over the sets of tokens a journey explores.

The counting bound (`bound.py`) counts the Explores of a relaxed journey and scores that many
tokens apart from the route. Here routing and scoring stay together. A node of the tree is a set
of token cities explored, each exactly once, and the states (`Labels`: stage, city, day, fresh
power, Tickets as `relax.py` counts them, checkpoint points earned) a journey can be in just
after exploring the last of them. Expanding a node sweeps forward over the days from its labels
with every move but an Explore (`relax.Moves`: Refresh, Plan, Travel by departure, by a Ticket of
a type held at the start, by any two, by the power; checkpoints completed where and when the
rules complete them); each token city outside the set that the sweep reaches is a child, its
arrivals explored, and reaching the end of the journey is a leaf, scored as the engine scores
(`score.Scorer`) with the checkpoint points earned. Unlike the counting bound's relaxation, the
sweep knows which tokens are still on the map: no Travel passes one (but Hendrika's), a city
with a Cursed Souvenir is left only by exploring it, Catalina's power stops on an empty city;
and the die's discard, Lisette's doubled Tickets and Carlo's Explore by the power (each
exhausting the power) and Yuki's step back (a state with the power fresh is also one of the day
before with it exhausted; the sweep goes over that day again) are as the rules have them. What
it still allows beyond the rules: Hendrika passes tokens without her power, the starting Tickets
are of any type held, the top Ticket counts mean "that many or more", and with die results in
order every Explore takes the shortest with the most Tickets drawn. So every journey of the
puzzle is, token by token, a path of the tree whose leaf scores at least as much.

A node's optimism (`Branch.optimism`) is the best score sheet of its tokens with as many more of
the others as `relax.explore_table` says its labels can still explore (by counts, as the
counting bound's sheet), plus the checkpoint points earned and the best bars still open: never
below any leaf under it. The most optimistic node is expanded first, so at any moment the bound
is the larger of the best leaf and the most optimistic open node: valid whenever the time runs
out, and the relaxation's optimum once a leaf is on top. A label is dropped when another of the
same set is at least as good (same stage and city, no later, power at least as fresh, as many
Tickets of both kinds and checkpoint points): waiting turns an earlier arrival into a later one.

What limits it: on the tiny board the tree closes in a fraction of a second, at the exhaustive
optimum on most puzzles. On the reference board a node takes a few tenths of a second (a sweep of
80 days over 71 cities, 2 power states and 27 Ticket states) and has some fifty children whose
optimism is barely below their parent's: the completion counts the relaxed journey's Explores,
shuttle included, and takes the best tokens anywhere. A minute expands a few hundred nodes of a
tree some ten levels deep, so the bound falls only a few points below the counting bound. With
the prices' completion (`lagrange.Completion`), a node also pays for the prizes its journey
passed by, and the tree falls a few points below the prices' own bound (the figures:
`benchmarks/RESULTS.md`, The bound)."""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.lagrange import Completion
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.relax import FREE, HAND, NONE, Moves, explore_table
from kit.solve.amazing_journey.score import Scorer
from kit.solve.plan import past

R = (HAND + 1) * (FREE + 1)
"""The Ticket states of a label, flattened (starting ones times others); one more index, R,
is the sentinel of "no such state" in the gathers."""

STAGE, CITY, DAY, FRESH, TICKETS, POINTS = range(6)
"""The columns of a node's labels (an integer array, one row per label): the checkpoints
completed, the city, the day, whether the power is fresh, the Tickets (an index into the
flattened starting and other counts) and the checkpoint points earned."""

Labels = NDArray[np.int_]


@dataclass(frozen=True, slots=True)
class Result:
    """The bound found (None: no journey of the relaxation ends in time), whether it is the
    relaxation's optimum (every node closed), the nodes expanded and the seconds taken."""

    bound: int | None
    closed: bool
    nodes: int
    seconds: float


class Branch:
    """The tree search of one puzzle (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle, board: Board | None = None) -> None:
        self.puzzle = puzzle
        board = self.board = board or Board(puzzle)
        self.moves = Moves(board, stopped_clock=False)
        self.table = explore_table(board)
        self.scorer = Scorer(puzzle)
        self.completion: Completion | None = None
        self.stages = board.stages
        self.n = board.n
        self.back = board.back_days if any(board.back) else 0  # Yuki's step back
        limit = self.moves.limit
        self.bar = np.zeros((self.stages + 1, limit + 1), dtype=np.int_)
        for stage in range(self.stages):
            for day in range(limit + 1):
                self.bar[stage, day] = board.bars[stage][day]
        self.best_bars = np.zeros((self.stages + 1, limit + 2), dtype=np.int_)
        for stage in range(self.stages - 1, -1, -1):  # the best bars still open from a day on
            for day in range(limit + 1):
                later = max(board.bars[stage][min(day, board.limit) :], default=0)
                self.best_bars[stage, day] = later + self.best_bars[stage + 1, day]
        self._gathers = self._ticket_gathers()
        self._sheet = _Sheet(puzzle, board, self.scorer)
        self._cursed = np.array([board.cursed_mask >> c & 1 for c in range(self.n)], dtype=np.bool_)
        self._hop_ok = self._power_ok = np.ones(len(self.moves.dest), dtype=np.bool_)
        self._stuck = np.zeros(self.n, dtype=np.bool_)
        self._plans: dict[
            int, list[tuple[int, NDArray[np.int_], NDArray[np.int_], NDArray[np.int_]]]
        ] = {}
        self._explore_maps()
        held = [
            k for k, count in enumerate(board.start_tickets) if count >= board.rules.ticket_cost
        ]
        self._typed = np.isin(self.moves.kind, held)  # a Ticket travel: of a type in hand

    def run(
        self,
        time_limit: float = 60.0,
        floor: int | None = None,
        completion: Completion | None = None,
    ) -> Result:
        """The bound within `time_limit` seconds. `floor`, if given, is the score of a plan of
        the puzzle: nodes no more optimistic than it are dropped and the bound is never below
        it (so it must be a real plan's score). With the prices' `completion`, a node's
        optimism is also at most what it gives (`lagrange.Completion`)."""
        began = time.perf_counter()
        self.completion = completion
        board = self.board
        hand = min(sum(board.start_tickets), HAND)
        root = np.array(
            [[board.start_stage, board.start_city, board.start_day, int(board.start_fresh),
              hand * (FREE + 1), 0]],
            dtype=np.int_,
        )  # fmt: skip
        best_leaf = -1 if floor is None else floor
        counter = itertools.count()
        start_value = self.optimism(frozenset(), root, explored=0)
        if start_value is None:
            return Result(None, True, 0, time.perf_counter() - began)
        heap: list[tuple[int, int, frozenset[int], Labels]] = [
            (-start_value, next(counter), frozenset(), root)
        ]
        archive: dict[frozenset[int], Labels] = {}
        nodes = 0
        while heap and -heap[0][0] > best_leaf:
            if past(began + time_limit):
                return Result(-heap[0][0], False, nodes, time.perf_counter() - began)
            _, _, cities, labels = heapq.heappop(heap)
            nodes += 1
            children, ended = self.expand(cities, labels)
            if ended >= 0:
                best_leaf = max(best_leaf, self.leaf(cities, ended))
            for city, found in children.items():
                child = cities | {city}
                kept = archive.get(child)
                if kept is not None:
                    found = found[~_covered(found, kept)]
                    if not len(found):
                        continue
                    kept = np.concatenate([kept[~_covered(kept, found)], found])
                archive[child] = found if kept is None else kept
                value = self.optimism(child, found, explored=1)
                if value is not None and value > best_leaf:
                    heapq.heappush(heap, (-value, next(counter), child, found))
        bound = best_leaf if best_leaf >= 0 else None
        return Result(bound, True, nodes, time.perf_counter() - began)

    def leaf(self, cities: frozenset[int], points: int) -> int:
        """The score of a journey that explores `cities` and earns `points` at checkpoints."""
        return self._sheet.exact(cities) + points

    def optimism(self, cities: frozenset[int], labels: Labels, explored: int) -> int | None:
        """The most any journey on from `labels` can score, having explored `cities` (None if
        none of them can end the journey in time)."""
        h, t = np.divmod(labels[:, TICKETS], FREE + 1)
        stage, day = labels[:, STAGE], labels[:, DAY]
        more = self.table[stage, day, labels[:, CITY], labels[:, FRESH], explored, h, t]
        alive = more > NONE // 2
        if not alive.any():
            return None
        sheet = self._sheet.most(cities)
        value = sheet[np.minimum(more[alive], len(sheet) - 1)]
        value += labels[alive, POINTS] + self.best_bars[stage[alive], day[alive]]
        if self.completion is None:
            return int(value.max())
        state = (stage, day, labels[:, CITY], labels[:, FRESH], np.full_like(stage, explored), h, t)
        priced = self.completion.bound(state, labels[:, POINTS], cities)
        return None if priced is None else min(int(value.max()), priced)

    def expand(self, cities: frozenset[int], labels: Labels) -> tuple[dict[int, Labels], int]:
        """The sweep from a node's labels: for each token city outside `cities` it reaches, the
        labels just after exploring it; and the most checkpoint points of a journey that ends
        without another Explore (-1 if none)."""
        moves, stages, n = self.moves, self.stages, self.n
        limit = moves.limit
        shape = (stages + 1, n, 2, R + 1)  # Tickets R: the sentinel, never reached
        pending: dict[int, NDArray[np.int16]] = {}

        def at(day: int) -> NDArray[np.int16]:
            if day not in pending:
                pending[day] = np.full(shape, -1, dtype=np.int16)
            return pending[day]

        for label in labels:
            cell = at(int(label[DAY]))
            spot = (label[STAGE], label[CITY], label[FRESH], label[TICKETS])
            cell[spot] = max(cell[spot], label[POINTS])
        open_token = moves.token.copy()
        open_token[list(cities)] = False
        self._ways(open_token)
        targets = np.flatnonzero(open_token)
        cover = np.full((stages, len(targets), 2, HAND + 1, FREE + 1), -1, dtype=np.int16)
        found: list[Labels] = []
        ended = -1
        back = self.back
        for day in range(max(0, int(labels[:, DAY].min()) - back), limit + 1):
            if day not in pending and not (back and day + back in pending):
                continue
            here = at(day)
            del pending[day]
            stepped = np.full(here[:stages, :, 0].shape, -1, dtype=np.int16)
            while True:
                self._same_day(here, day)
                ended = max(ended, int(here[stages].max()))
                found.append(self._arrivals(here, day, targets, cover))
                here[:stages, self._stuck] = -1  # a Cursed Souvenir's city is left by exploring
                self._onwards(here, day, at)
                if not self._stepped_back(here, day, pending, stepped):
                    break
        rows = np.concatenate(found) if found else np.zeros((0, 6), dtype=np.int_)
        rows = rows[np.argsort(rows[:, CITY], kind="stable")]
        cut = np.flatnonzero(np.diff(rows[:, CITY])) + 1
        children = {int(part[0, CITY]): part for part in np.split(rows, cut) if len(part)}
        return children, ended

    def _stepped_back(
        self,
        here: NDArray[np.int16],
        day: int,
        pending: dict[int, NDArray[np.int16]],
        stepped: NDArray[np.int16],
    ) -> bool:
        """Yuki's step back: the states `back` days later with the power fresh (their
        checkpoints completed first, as the rules complete them on arrival) are states of
        `day` with the power exhausted. Whether that added any not `stepped` back before (then
        `day` is swept again)."""
        later = pending.get(day + self.back) if self.back else None
        if later is None or day + self.back > self.moves.limit:
            return False
        stages = self.stages
        self._same_day(later, day + self.back)
        fresh = later[:stages, :, 1]
        if not (fresh > stepped).any():
            return False
        np.maximum(stepped, fresh, out=stepped)
        np.maximum(here[:stages, :, 0], fresh, out=here[:stages, :, 0])
        return True

    def _ways(self, open_token: NDArray[np.bool_]) -> None:
        """The hops a node's sweep may take with the tokens `open_token` still on the map: none
        passes one (but Hendrika's, whose power is not counted here); Catalina's power stops on
        an empty city; a city with a Cursed Souvenir is left only by exploring it."""
        moves, power = self.moves, self.board.power
        ok = np.ones(len(moves.dest), dtype=np.bool_)
        if not power.passes_tokens:
            ok &= ~moves.passes[:, open_token].any(axis=1)
        self._hop_ok = ok
        self._power_ok = ok & moves.by_power
        if power.stop_empty:
            self._power_ok &= ~open_token[moves.dest]
        self._stuck = open_token & self._cursed
        self._plans = {}

    def _same_day(self, here: NDArray[np.int16], day: int) -> None:
        """Checkpoints completed on `day` and the power's 0-day travels, stage by stage."""
        moves, board = self.moves, self.board
        zero = self._power_ok & (board.power.travel_days + moves.extra == 0)
        for stage in range(self.stages):
            self._complete(here, stage, day)
            if zero.any():
                there = here[stage, moves.source[zero], 1][None]
                _scatter(here[stage, :, 0][None], moves.dest[zero], there)
                self._complete(here, stage, day)

    def _complete(self, here: NDArray[np.int16], stage: int, day: int) -> None:
        board = self.board
        if day < board.activation[stage]:
            return
        city = board.checkpoint_city[stage]
        arrived = here[stage, city].max(axis=0)
        if (arrived < 0).all():
            return
        here[stage, city] = -1
        gained = np.where(arrived >= 0, arrived + self.bar[stage, day], -1).astype(np.int16)
        np.maximum(here[stage + 1, city, 1], gained, out=here[stage + 1, city, 1])

    def _arrivals(
        self, here: NDArray[np.int16], day: int, targets: NDArray[np.int_], cover: NDArray[np.int16]
    ) -> Labels:
        """The arrivals in open token cities on `day` that no earlier one covers, explored."""
        stages = self.stages
        found = here[:stages, targets, :, :R].reshape(stages, len(targets), 2, HAND + 1, FREE + 1)
        new = found > cover
        if not new.any():
            return np.zeros((0, 6), dtype=np.int_)
        np.maximum(cover, found, out=cover)
        for axis in (2, 3, 4):  # an arrival covers those with less power or fewer Tickets
            flipped = np.flip(cover, axis=axis)
            np.maximum.accumulate(flipped, axis=axis, out=flipped)
        stage, k, fresh, h, t = np.nonzero(new)
        city = targets[k]
        points = found[stage, k, fresh, h, t].astype(np.int_)
        dh, dt = self._discard_h[h, t], self._discard_t[h, t]
        end = np.full(len(city), day + self._days)
        parts = [
            _rows(stage, city, end, fresh, dh, np.minimum(dt + self._gain[city], FREE), points)
        ]
        double = (fresh == 1) & self._doubles[city]  # Lisette's power
        if double.any():
            twice = np.minimum(dt + self._twice[city], FREE)
            parts.append(_rows(
                stage[double], city[double], end[double], 0 * fresh[double], dh[double],
                twice[double], points[double],
            ))  # fmt: skip
        quick = (fresh == 1) & (self._quick[city] >= 0)  # Carlo's power
        if quick.any():
            q = city[quick]
            parts.append(_rows(
                stage[quick], q, day + self._quick[q], 0 * fresh[quick], h[quick],
                np.minimum(t[quick] + self._tickets[q], FREE), points[quick],
            ))  # fmt: skip
        rows = np.concatenate(parts)
        rows = rows[rows[:, DAY] <= self.moves.limit]
        board = self.board
        for stage_ in range(self.stages):  # the checkpoint due where the Explore ends
            done = (
                (rows[:, STAGE] == stage_)
                & (rows[:, CITY] == board.checkpoint_city[stage_])
                & (rows[:, DAY] >= board.activation[stage_])
            )
            rows[done, POINTS] += self.bar[stage_, rows[done, DAY]]
            rows[done, STAGE] += 1
            rows[done, FRESH] = 1
        return rows

    def _explore_maps(self) -> None:
        """The Explore as arrays: its days; the Tickets after the die's discard (a Ticket held,
        the least useful first, before the token's are drawn: with one die result for every
        Explore, its days, draw and discard; with results in order, the shortest and the most
        drawn of any); per city the Tickets drawn, doubled by Lisette's power, and Carlo's
        days by the power (-1: none). Lisette's and Carlo's powers exhaust the power."""
        board = self.board
        durations = set(board.durations)
        self._days = min(durations)
        draw = max(board.die[d].draw for d in durations)
        discard = board.die[self._days].discard if len(durations) == 1 else 0
        h, t = np.meshgrid(np.arange(HAND + 1), np.arange(FREE + 1), indexing="ij")
        h, t = h.copy(), t.copy()
        for _ in range(discard):
            stays = (t == FREE) | ((t == 0) & (h == HAND))  # "that many or more" stays put
            from_t = ~stays & (t > 0)
            from_h = ~stays & (t == 0) & (h > 0)
            t = np.where(from_t, t - 1, t)
            h = np.where(from_h, h - 1, h)
        self._discard_h, self._discard_t = h, t
        self._tickets = np.array(board.tickets, dtype=np.int_)
        self._gain = self._tickets + draw
        self._twice = 2 * self._tickets + draw
        self._doubles = np.array(board.doubles, dtype=np.bool_)
        self._quick = np.array(board.power_explore, dtype=np.int_)

    def _onwards(
        self, here: NDArray[np.int16], day: int, put: Callable[[int], NDArray[np.int16]]
    ) -> None:
        """Every move from the states of `day` to later days (`put`: the states of a day)."""
        moves, stages, rules = self.moves, self.stages, self.board.rules
        limit = moves.limit
        live = here[:stages]
        if (live < 0).all():
            return
        plan, ticket, wildcard = self._gathers
        if day + rules.refresh_days <= limit:
            target = put(day + rules.refresh_days)
            np.maximum(target[:stages], live, out=target[:stages])
        if day + rules.plan_days <= limit:
            target = put(day + rules.plan_days)
            np.maximum(target[:stages], _gather(live, plan), out=target[:stages])
        power = np.full_like(live, -1)
        power[:, :, 0] = live[:, :, 1]  # the power exhausted
        stack = np.concatenate(
            [live, _gather(live, ticket), _gather(live, wildcard), power], axis=1
        )  # the states after each way of paying, by city: depart, Ticket, wildcard, power
        for offset, picks, starts, cities in self._travels(moves.departs[day]):
            end = day + offset
            if end > limit:
                continue
            best = np.maximum.reduceat(stack[:, picks], starts, axis=1)
            target = put(end)[:stages]
            np.maximum(target[:, cities], best, out=best)
            target[:, cities] = best

    def _travels(
        self, departs: int
    ) -> list[tuple[int, NDArray[np.int_], NDArray[np.int_], NDArray[np.int_]]]:
        """The node's travels from a day on which the types `departs` depart, grouped by their
        days: for each, the rows of `_onwards`' stack they read (sorted by destination), where
        each destination's rows start, and the destinations."""
        known = self._plans.get(departs)
        if known is not None:
            return known
        moves, rules, n = self.moves, self.board.rules, self.n
        by_days: dict[int, list[tuple[NDArray[np.int_], NDArray[np.int_]]]] = {}
        leaves = (departs >> moves.kind & 1).astype(np.bool_)
        for way, (days, ok) in enumerate((
            (rules.departure_days, self._hop_ok & leaves),
            (rules.ticket_days, self._hop_ok & self._typed),
            (rules.wildcard_days, self._hop_ok),
            (self.board.power.travel_days, self._power_ok),
        )):  # fmt: skip
            for e in np.unique(moves.extra[ok]):
                pick = ok & (moves.extra == e)
                if days + int(e) == 0:
                    continue  # 0-day travels are the same day's (`_same_day`)
                rows = way * n + moves.source[pick]
                by_days.setdefault(days + int(e), []).append((rows, moves.dest[pick]))
        travels = []
        for offset, parts in sorted(by_days.items()):
            rows = np.concatenate([r for r, _ in parts])
            dest = np.concatenate([d for _, d in parts])
            order = np.argsort(dest, kind="stable")
            rows, dest = rows[order], dest[order]
            starts = np.flatnonzero(np.r_[True, dest[1:] != dest[:-1]])
            travels.append((offset, rows, starts, dest[starts]))
        self._plans[departs] = travels
        return travels

    def _ticket_gathers(self) -> tuple[NDArray[np.int_], NDArray[np.int_], NDArray[np.int_]]:
        """For a Plan, a Ticket travel and a wildcard travel: for each Ticket state after it,
        the states before it that lead there (padded with the sentinel R)."""
        moves = self.moves
        plan: dict[int, list[int]] = {}
        ticket: dict[int, list[int]] = {}
        wildcard: dict[int, list[int]] = {}
        for h in range(HAND + 1):
            for t in range(FREE + 1):
                before = h * (FREE + 1) + t
                plan.setdefault(h * (FREE + 1) + int(moves.plan_t[t]), []).append(before)
                if moves.ticket_ok[h, 0]:
                    ticket.setdefault(int(moves.ticket_h[h]) * (FREE + 1) + t, []).append(before)
                if moves.wild_ok[h, t]:
                    after = int(moves.wild_h[h, t]) * (FREE + 1) + int(moves.wild_t[h, t])
                    wildcard.setdefault(after, []).append(before)
        return _padded(plan), _padded(ticket), _padded(wildcard)


def _scatter(target: NDArray[np.int16], dest: NDArray[np.int_], there: NDArray[np.int16]) -> None:
    """target[:, dest[i]] = max(target[:, dest[i]], there[:, i]) for every i (axis 1: cities)."""
    order = np.argsort(dest, kind="stable")
    cities = dest[order]
    starts = np.flatnonzero(np.r_[True, cities[1:] != cities[:-1]])
    best = np.maximum.reduceat(there[:, order], starts, axis=1)
    np.maximum(target[:, cities[starts]], best, out=best)
    target[:, cities[starts]] = best


def _rows(
    stage: Labels, city: Labels, day: Labels, fresh: Labels, h: Labels, t: Labels, points: Labels
) -> Labels:
    """Labels from their columns (Tickets as starting and other counts)."""
    rows = np.empty((len(city), 6), dtype=np.int_)
    rows[:, STAGE], rows[:, CITY], rows[:, DAY], rows[:, FRESH] = stage, city, day, fresh
    rows[:, TICKETS], rows[:, POINTS] = h * (FREE + 1) + t, points
    return rows


def _covered(labels: Labels, others: Labels) -> NDArray[np.bool_]:
    """Which `labels` one of `others` covers: same stage and city, no later, power at least as
    fresh, at least as many Tickets of both kinds and checkpoint points."""
    a, b = labels[:, None, :], others[None, :, :]
    ah, at = np.divmod(a[..., TICKETS], FREE + 1)
    bh, bt = np.divmod(b[..., TICKETS], FREE + 1)
    covers = (
        (a[..., STAGE] == b[..., STAGE]) & (a[..., CITY] == b[..., CITY])
        & (b[..., DAY] <= a[..., DAY]) & (b[..., FRESH] >= a[..., FRESH])
        & (bh >= ah) & (bt >= at) & (b[..., POINTS] >= a[..., POINTS])
    )  # fmt: skip
    result: NDArray[np.bool_] = covers.any(axis=1)
    return result


def _padded(sources: dict[int, list[int]]) -> NDArray[np.int_]:
    width = max((len(s) for s in sources.values()), default=1)
    table = np.full((R + 1, width), R, dtype=np.int_)
    for after, before in sources.items():
        table[after, : len(before)] = before
    return table


def _gather(values: NDArray[np.int16], sources: NDArray[np.int_]) -> NDArray[np.int16]:
    """The values after a Ticket change, from those before it (last axis: Ticket states)."""
    out = values[..., sources[:, 0]]
    for j in range(1, sources.shape[1]):
        np.maximum(out, values[..., sources[:, j]], out=out)
    return out


class _Sheet:
    """The score sheet of a node's tokens, exactly (`exact`) and with more of the others at
    best (`most`), by counts like `bound.sheet_bound` but with the node's tokens held."""

    def __init__(self, puzzle: Puzzle, board: Board, scorer: Scorer) -> None:
        self.board, self.scorer = board, scorer
        scoring = self.scoring = puzzle.content.scoring
        tokens = puzzle.content.tokens
        self.kinds = len(scoring.experience_types)
        self.token_cities = [c for c in range(board.n) if board.token[c] >= 0]
        self.hidden_regions = [
            (sum(1 << c for c in region.cities), region.pool) for region in puzzle.hidden.values()
        ]
        self.kind = scorer.kind
        self.value = scorer.value
        self.region = scorer.region
        self.hand = scorer.hand
        self.room = scoring.souvenir_rows * scoring.souvenir_row_length
        del tokens
        self._experiences: dict[tuple[int, ...], dict[int, int]] = {}

    def _experience(self, have: list[int], spare: list[int]) -> dict[int, int]:
        """For each number of further Experiences, the most their lines and the Objectives in
        hand can give: per type, more up to the spaces (beyond them only for the Objectives)."""
        scoring = self.scoring
        spaces = scoring.experience_spaces
        tops = [max(spaces, h) for h in self.hand]
        have = [min(a, top) for a, top in zip(have, tops, strict=True)]
        spare = [min(s, top - a) for s, a, top in zip(spare, have, tops, strict=True)]
        key = (*have, *spare)
        known = self._experiences.get(key)
        if known is not None:
            return known
        best: dict[int, int] = {}
        for extra in itertools.product(*(range(s + 1) for s in spare)):
            counts = [min(spaces, a + e) for a, e in zip(have, extra, strict=True)]
            points = sum(scoring.experience_points[c] for c in counts)
            points += scoring.all_types_bonus if all(counts) else 0
            points += scoring.objective_points * sum(
                min(a + e, h) for a, e, h in zip(have, extra, self.hand, strict=True)
            )
            used = sum(extra)
            best[used] = max(best.get(used, -1), points)
        self._experiences[key] = best
        return best

    def tokens(self, cities: frozenset[int]) -> list[int]:
        """The tokens a journey collects exploring `cities` (a face-down region's in the order
        its pool assumes)."""
        mask = sum(1 << c for c in cities)
        found = [self.board.token[c] for c in cities if c not in self.board.hidden_of]
        for region, pool in self.hidden_regions:
            found += list(pool[: (mask & region).bit_count()])
        return found

    def others(self, cities: frozenset[int]) -> list[int]:
        """The tokens still on the map after exploring `cities`."""
        mask = sum(1 << c for c in cities)
        left = [
            self.board.token[c]
            for c in self.token_cities
            if c not in cities and c not in self.board.hidden_of
        ]
        for region, pool in self.hidden_regions:
            taken = (mask & region).bit_count()
            left += list(pool[taken : region.bit_count()])
        return left

    def exact(self, cities: frozenset[int]) -> int:
        """The final score's token, Objective and fixed lines with `cities` explored."""
        return self.scorer.partial(self.tokens(cities)) + self.scorer.fixed

    def most(self, cities: frozenset[int]) -> NDArray[np.int_]:
        """For each number of further token cities explored, never less than `exact` of
        `cities` and that many others."""
        return np.array(self._table(cities), dtype=np.int_)

    def _table(self, cities: frozenset[int]) -> list[int]:
        """`most` for every number of further tokens: per Experience type how many more (up to
        the spaces), the best Souvenirs, the rows, the all-types bonus, the Objectives in hand
        matched, and 2 points for each new region up to the number of further tokens."""
        scoring = self.scoring
        held = list(self.scorer.held) + self.tokens(cities)
        left = self.others(cities)
        have = [sum(self.kind[t] == k for t in held) for k in range(self.kinds)]
        spare = [sum(self.kind[t] == k for t in left) for k in range(self.kinds)]
        kept = sorted((self.value[t] for t in held if self.kind[t] < 0), reverse=True)
        values = sorted((self.value[t] for t in left if self.kind[t] < 0), reverse=True)
        regions = {self.region[t] for t in held}
        new_regions = len({self.region[t] for t in left} - regions)
        experience = self._experience(have, spare)
        souvenir: list[int] = []
        for extra in range(len(values) + 1):
            both = sorted(kept + values[:extra], reverse=True)[: self.room]
            rows = scoring.souvenir_row_points[len(both) // scoring.souvenir_row_length]
            souvenir.append(sum(both) + rows)
        top = max(experience) + len(souvenir) - 1
        table = []
        fixed = self.scorer.fixed + scoring.region_points * len(regions)
        for more in range(top + 1):
            best = max(
                points + souvenir[min(more - used, len(souvenir) - 1)]
                for used, points in experience.items()
                if used <= more
            )
            best += scoring.region_points * min(new_regions, more)
            table.append(best + fixed)
        return table
