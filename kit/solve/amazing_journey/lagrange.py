"""A third upper bound: the relaxed journey collects prizes, the score sheet pays them back.

Give every token city a prize π ≥ 0 (in points). A plan of the puzzle explores a set E of token
cities, keeps K ⊆ E on its Travel board and earns its checkpoints' bars B; its score is

    score = [π(E) + B] + [sheet(K) + objectives(E) - π(E)] ≤ R(π) + Q(π),

where R(π) is the most prizes and bars a journey of the relaxation of `relax.py` collects (its
backward programme with an Explore worth its city's prize and a checkpoint its bar on the day
it is completed; every journey of the puzzle is one of the relaxation's, the same Explores and
checkpoints on the same days or later ones for Yuki, whose bar is taken as the best of the days
her steps back reach) and Q(π) the most `sheet(S) + objectives(S) - π(S)` of any set S of the
puzzle's tokens kept within the Travel board's spaces (a programme over the tokens region by
region: the Experiences per type up to the spaces, or the Objectives in hand, the Souvenirs up
to the rows, whether the region is reached; the tokens already held cost nothing, a face-down
region's cities share one prize and give its assumed tokens in order). As π ≥ 0 and K ⊆ E, the
plan's second bracket is at most Q(π) (an Experience beyond the spaces counts only for an
Objective, and Q lets it; a Souvenir beyond the rows counts for nothing). So R(π) + Q(π) plus
the points already earned bounds every plan, whatever π is: prizes are only chosen to make it
small, by projected subgradient steps (an over-collected city's prize falls, a city the sheet
wants but the journey does not reach has its prize lowered, one the journey reaches and the
sheet does not want has it raised). The journey that collects R(π) is read back from the
programme's table (`_route`), the set that makes Q(π) from the sheet's (`_Sheet.best`).

Unlike the counting bound, the sheet here pays for each token it takes with the prize the
journey earns there, so a relaxed journey that shuttles between two cities makes their prizes
fall, and the sheet cannot take tokens the journey does not reach cheaply. Prizes are whole
units of 1/`SCALE` point, so R and Q are exact integers and the bound their floor.

What limits it: the prices come down fast for some forty steps, then barely move, well above
the plans. Neither the relaxed journey itself nor its exploring a city twice is what holds the
bound up (an ng-route relaxation of "each token once" gained nothing); the rest is the duality
gap of a sheet that grows faster than its tokens (1, 3, 9 points per type, the rows, the
all-types bonus): the best prizes price a mixture of journeys, each paying for part of a large
set, at the value of the large set. Splitting by profile closes only a point or two of it. The
figures: `benchmarks/RESULTS.md`, The bound."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.relax import (
    HAND,
    NONE,
    Moves,
    Prizes,
    Values,
    arrived,
    explore_table,
    optional,
)
from kit.solve.amazing_journey.score import Scorer
from kit.solve.plan import OutOfTime, past

SCALE = 16
"""The prizes' units per point."""

MOST_PRIZE = 30.0
"""No prize above this many points (the table's 16-bit values stay far from overflowing)."""

START_PRIZE = 2.0
"""Every city's prize at the first step."""

PATIENCE = 5
"""Steps without a better bound before the step length is halved."""

DEFLECTION = 0.5
"""The share of the previous step's direction kept in the next one."""

TARGET = 0.8
"""The share of the best bound a step aims at when no plan's score is given."""

LOWEST = -(10**9)
"""A state of the sheet's programme no set of tokens reaches."""

KEPT_PRIZES = 6
"""The prizes of the steps taken that bound the tree's nodes (`Completion`), chosen so that
together they keep every profile's bound lowest: a few of them bound nearly as well as all."""

TIE_PROFILES = 256
"""The profiles of the largest bounds whose sum breaks ties between prizes (`_chosen`)."""

MOST_PROFILES = 8192
"""The profiles a node's completion bounds one by one (those of the highest bounds at the
start); the others together count as the best of their bounds at the start (only a few
thousand of some 140,000 profiles are above a plan's score on the reference board)."""


@dataclass(frozen=True, slots=True)
class Dual:
    """The bound found (None: no journey of the relaxation ends in time), the subgradient
    steps taken and the seconds."""

    bound: int | None
    steps: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Group:
    """Token cities the sheet's programme decides on together: one city with its token, or a
    face-down region's cities (any m of them give the region's first m assumed tokens); or
    tokens already held (no city: they cost nothing)."""

    region: int
    cities: tuple[int, ...]
    tokens: tuple[int, ...]


class Lagrange:
    """The bound of one puzzle (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle, most: int, board: Board | None = None) -> None:
        self.puzzle = puzzle
        board = self.board = board or Board(puzzle)
        self.moves = Moves(board)
        self.scorer = Scorer(puzzle)
        self.sheet = _Sheet(puzzle, board, self.scorer, most)
        self.bars = self._bars()
        self.cities = np.flatnonzero(self.moves.token)
        self.tried: list[tuple[NDArray[np.float64], NDArray[np.float32]]] = []
        """The prizes of each step of the last `run` and the bound they give each profile."""

    def _bars(self) -> NDArray[np.int_]:
        """The checkpoints' bars in prize units by stage and day of the table (with Yuki's
        stopped clock, the best of the days her steps back reach)."""
        board = self.board
        reach = self.moves.backs * board.back_days
        bars = np.zeros((board.stages, self.moves.limit + 2), dtype=np.int_)
        for stage in range(board.stages):
            for day in range(self.moves.limit + 1):
                window = board.bars[stage][max(0, day - reach) : min(day, board.limit) + 1]
                bars[stage, day] = SCALE * max(window, default=0)
        return bars

    def run(
        self, time_limit: float = 10.0, floor: int | None = None, most_steps: int | None = None
    ) -> Dual:
        """The bound within `time_limit` seconds (at least one step is taken) and at most
        `most_steps` steps. `floor`, if given, is a real plan's score: the steps aim at it, and
        the bound is never below it.

        The sets of tokens are split by their profile p (Experiences per type, Souvenirs and
        tokens, the state the sheet's programme ends in): every plan's set has one, so the
        bound of p is the smallest R + Q_p of the prizes tried (Q_p: Q over the sets of
        profile p), and the bound the largest over p: never above the smallest R + Q of the
        prizes tried (Q is the largest Q_p), as the profiles of the largest bound need other
        prizes than the rest. Each step aims at the profile of the largest bound: Polyak's
        length towards a target (`floor`, or `TARGET` of that bound), along that profile's
        subgradient deflected by `DEFLECTION` of the previous direction, halved after
        `PATIENCE` steps without a better bound. Splitting by profile keeps the bound a point
        or two lower than without (`benchmarks/RESULTS.md`). A step the board's deadline
        stops is not counted (`OutOfTime` if it is the first)."""
        began = time.perf_counter()
        self.tried = []
        prize = np.zeros(self.board.n)
        prize[self.cities] = START_PRIZE
        direction = np.zeros(self.board.n)
        best = np.full(self.sheet.shape, np.inf)
        length, stale, steps = 1.0, 0, 0
        m: tuple[int, ...] | None = None
        while steps == 0 or not past(began + time_limit) and steps != most_steps:
            steps += 1
            try:
                found = self.evaluate(prize, m)
            except OutOfTime:  # the board's deadline (the planner's) came in the step
                if steps == 1:
                    raise
                steps -= 1
                break
            if found is None:
                return Dual(None, steps, time.perf_counter() - began)
            values, collected, wanted = found
            self.tried.append((prize, values.astype(np.float32)))
            before = best.max()
            np.minimum(best, values, out=best)
            if best.max() < before - 1e-9:
                stale = 0
            else:
                stale += 1
                if stale >= PATIENCE:
                    length, stale = length / 2, 0
            if floor is not None and best.max() < floor + 1:
                break
            value = values.max() if m is None else values[m]
            m = tuple(int(i) for i in np.unravel_index(int(np.argmax(best)), best.shape))
            direction = self.sheet.shared(collected - wanted) + DEFLECTION * direction
            norm = float(direction @ direction)
            if norm == 0:
                break  # the journey collects what the sheet wants: no prizes do better
            target = floor if floor is not None else TARGET * best.max()
            moved = prize - length * (value - target) / norm * direction
            prize = self.sheet.shared(np.clip(moved, 0.0, MOST_PRIZE))
        bound = int(np.floor(best.max() + 1e-9))
        if floor is not None:
            bound = max(bound, floor)
        return Dual(bound, steps, time.perf_counter() - began)

    def evaluate(
        self, prize: NDArray[np.float64], profile: tuple[int, ...] | None = None
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]] | None:
        """The bound of the prizes `prize` (points, by city) for each profile of the sheet
        (-inf where none is possible, see `_Sheet.best`), the Explores per city of the journey
        that collects R and the cities of the set that makes Q with `profile` (the best one if
        None); None if no journey of the relaxation ends in time."""
        units = _units(prize)
        prizes = Prizes(units, self.bars)
        values = explore_table(self.board, prizes)
        board = self.board
        hand = min(sum(board.start_tickets), HAND)
        start = (board.start_stage, board.start_day, board.start_city, int(board.start_fresh), 0)
        route = int(values[(*start, hand, 0)])
        if route <= NONE // 2:
            return None
        collected, _ = self._route(values, prizes, units, (*start, hand, 0))
        sheet, wanted = self.sheet.best(units, profile)
        bounds = np.where(sheet > LOWEST // 2, (route + sheet) / SCALE + self.scorer.fixed, -np.inf)
        return bounds, collected, wanted

    def _route(
        self, values: Values, prizes: Prizes, units: NDArray[np.int_], start: tuple[int, ...]
    ) -> tuple[NDArray[np.float64], int]:
        """The Explores per city of a journey of the relaxation that collects its table's value
        from `start`, read forward: at each state, a move whose successor's value and prize
        make the state's (`arrived` and the moves as `relax.explore_table` makes them); and
        the prizes and bars it collects (the table's value unless it stops early, which it
        should never do)."""
        board = self.board
        stages = board.stages
        cache: dict[tuple[int, int], Values] = {}

        def at(stage: int, day: int) -> Values:
            if (stage, day) not in cache:
                cache[stage, day] = arrived(values, board, prizes, stage, day)
            return cache[stage, day]

        explored = np.zeros(board.n)
        stage, day, city, fresh, here, h, t = start
        value = int(values[start])
        collected = 0
        while stage < stages:
            for move in self._moves_from(units, day, city, fresh, here, h, t):
                day2, city2, fresh2, here2, h2, t2, gain = move
                there = int(at(stage, day2)[city2, fresh2, here2, h2, t2])
                if there > NONE // 2 and there + max(gain, 0) == value:
                    break
            else:
                return explored, collected  # no move matches the table: stop here
            if gain >= 0:
                explored[city] += 1
                collected += gain
            day, city, fresh, here, h, t = day2, city2, fresh2, here2, h2, t2
            while self._completes(values, stage, (day, city, fresh, here, h, t), there):
                bar = int(self.bars[stage, day])
                collected, there = collected + bar, there - bar
                stage, fresh = stage + 1, 1
            if stage < stages:
                value = int(values[stage, day, city, fresh, here, h, t])
        return explored, collected

    def _completes(self, values: Values, stage: int, state: tuple[int, ...], there: int) -> bool:
        """Whether the journey read back completes the checkpoint of `stage` on arriving in
        `state` (day, city, power, explored here, Tickets), worth `there` on arrival: as
        `relax.arrived` completes it, and where passing through is `optional`, only if that is
        worth less."""
        board = self.board
        day, city = state[0], state[1]
        if stage >= board.stages or city != board.checkpoint_city[stage]:
            return False
        if day < board.activation[stage]:
            return False
        return not optional(board, stage, day) or int(values[(stage, *state)]) != there

    def _moves_from(
        self, units: NDArray[np.int_], day: int, city: int, fresh: int, here: int, h: int, t: int
    ) -> list[tuple[int, int, int, int, int, int, int]]:
        """The relaxation's moves from a state: the day, city, power, explored-here flag and
        Tickets after each, and the prize an Explore earns (in units; -1 for the others, and
        the checkpoints' bars are in the table's arrivals)."""
        board, moves, rules = self.board, self.moves, self.board.rules
        out = [
            (day + rules.refresh_days, city, fresh, here, h, t, -1),
            (day + rules.plan_days, city, fresh, here, h, int(moves.plan_t[t]), -1),
        ]
        if moves.token[city] and not here:
            prize = int(units[city])
            gained = int(moves.gained_t[city, t])
            out.append((day + moves.days, city, fresh, 1, h, gained, prize))
            if fresh and moves.quick[city] >= 0:
                out.append((day + int(moves.quick[city]), city, 0, 1, h, gained, prize))
        departs = int(moves.departs[day]) if day < len(moves.departs) else 0
        for i in np.flatnonzero(moves.source == city):
            dest, extra, kind = int(moves.dest[i]), int(moves.extra[i]), int(moves.kind[i])
            if departs >> kind & 1:
                out.append((day + rules.departure_days + extra, dest, fresh, 0, h, t, -1))
            if moves.ticket_ok[h, 0]:
                h2 = int(moves.ticket_h[h])
                out.append((day + rules.ticket_days + extra, dest, fresh, 0, h2, t, -1))
            if moves.wild_ok[h, t]:
                h2, t2 = int(moves.wild_h[h, t]), int(moves.wild_t[h, t])
                out.append((day + rules.wildcard_days + extra, dest, fresh, 0, h2, t2, -1))
            if fresh and moves.by_power[i]:
                out.append((day + board.power.travel_days + extra, dest, 0, 0, h, t, -1))
        return out


class Completion:
    """The prices' bound on what a journey can still score from a node of the tree
    (`branch.py`): its cities T explored, its labels (states just after the last Explore) and
    its checkpoint points.

    For any prizes π ≥ 0 and π' equal to π but 0 on T (and on every face-down region one of
    whose cities is in T, as the sheet's programme prices a region's cities alike), a journey
    on from the node explores E' outside T, so E = T ∪ E' and π'(E) = π'(E') ≤ π(E'); as in the
    module's docstring,

        score = [π'(E') + B'] + [sheet(K) + objectives(E) - π'(E)] + points so far
              ≤ R_π(label) + Q_p(π') + points,

    with B' the bars still earned, R_π(label) the most prizes and bars of the relaxed journey
    from the label's state (the table of `relax.explore_table`, valid from every state) and
    Q_p the sheet's programme over the sets of the plan's profile p. Q_p(π') is at most
    Q_p(π) plus the prizes π' sets to 0, so no programme is run per node. A node's plans are
    the start's, so each profile's bound is also at most its bound at the start. The
    completion is the largest over profiles of the smallest over the `KEPT_PRIZES` prizes
    kept, as `Lagrange.run` takes it at the start.

    Where the tree's own completion (`Branch.optimism`) counts the relaxed journey's Explores
    and takes the best tokens anywhere, this one makes a node pay for the prizes its journey
    has passed by, which takes the tree several points lower (`benchmarks/RESULTS.md`)."""

    def __init__(self, lagrange: Lagrange, floor: int | None = None) -> None:
        """The completion of the prizes of `lagrange`'s last run (it must have taken a step).
        `floor`, if given, is a real plan's score: profiles whose bound at the start is no
        more are left out."""
        if not lagrange.tried:
            raise ValueError("no prizes to bound the nodes with: the prices have taken no step")
        board = self.board = lagrange.board
        self.fixed = lagrange.scorer.fixed
        sheet = lagrange.sheet
        self.zeroed = {c: group.cities for group in sheet.groups for c in group.cities}
        hand = min(sum(board.start_tickets), HAND)
        start = (board.start_stage, board.start_day, board.start_city, int(board.start_fresh))
        self.kept: list[tuple[NDArray[np.int_], Values]] = []
        sheets = []
        for prize in _chosen(lagrange.tried):
            units = _units(prize)
            values = explore_table(board, Prizes(units, lagrange.bars))
            self.kept.append((units, values))
            sheets.append(
                (sheet.best(units)[0].ravel().astype(np.int64), int(values[(*start, 0, hand, 0)]))
            )
        possible = sheets[0][0] > LOWEST // 2  # the profiles some set of tokens has
        root = np.min([final + route for final, route in sheets], axis=0)
        order = np.flatnonzero(possible)[np.argsort(-root[possible], kind="stable")]
        if floor is not None:
            order = order[root[order] // SCALE + self.fixed > floor]
        picked, rest = order[:MOST_PROFILES], order[MOST_PROFILES:]
        self.root = root[picked]
        self.finals = [final[picked] for final, _ in sheets]
        self.rest = int(root[rest[0]]) if len(rest) else LOWEST  # the best profile left out

    def bound(
        self, state: tuple[NDArray[np.int_], ...], points: NDArray[np.int_], cities: frozenset[int]
    ) -> int | None:
        """The most a journey on from the labels `state` (stage, day, city, power, explored
        here, starting and other Tickets, by label) with checkpoint `points` can score, having
        explored `cities`; None if no relaxed journey ends in time from any of them."""
        zeroed = list({z for c in cities for z in self.zeroed.get(c, (c,))})
        best = self.root
        for (units, values), final in zip(self.kept, self.finals, strict=True):
            route = values[state].astype(np.int64)
            alive = route > NONE // 2
            if not alive.any():
                return None
            most = int((route[alive] + SCALE * points[alive]).max()) + int(units[zeroed].sum())
            best = np.minimum(best, final + most)
        top = max(int(best.max(initial=LOWEST)), self.rest)
        return top // SCALE + self.fixed


def _chosen(
    tried: list[tuple[NDArray[np.float64], NDArray[np.float32]]],
) -> list[NDArray[np.float64]]:
    """Up to `KEPT_PRIZES` of the prizes tried (all of them if no more), one at a time the one
    that brings the profiles' bounds lowest (each the smallest of the prizes chosen): their
    largest first, then the sum of the `TIE_PROFILES` largest, as the largest alone often
    stays where another profile holds it."""
    left = list(range(len(tried)))
    chosen: list[NDArray[np.float64]] = []
    bound = np.full(tried[0][1].size, np.inf, dtype=np.float32)
    finite = np.isfinite(tried[0][1].ravel())
    top = min(TIE_PROFILES, int(finite.sum()))

    def key(i: int) -> tuple[float, float]:
        values = np.minimum(bound, tried[i][1].ravel())[finite]
        return float(values.max(initial=-np.inf)), float(
            np.partition(values, -top)[-top:].sum()
        ) if top else 0.0

    while left and len(chosen) < KEPT_PRIZES:
        pick = min(left, key=key)
        left.remove(pick)
        chosen.append(tried[pick][0])
        bound = np.minimum(bound, tried[pick][1].ravel())
    return chosen


def _units(prize: NDArray[np.float64]) -> NDArray[np.int_]:
    """Prizes in whole units of 1/`SCALE` point."""
    units: NDArray[np.int_] = np.round(prize * SCALE).astype(np.int_)
    return units


class _Sheet:
    """Q(π): the most score sheet minus prizes of any set of tokens (see the module's
    docstring), by a programme over the tokens region by region whose state is the
    Experiences per type (up to the spaces, or the Objectives in hand), the Souvenirs (up to
    the rows' spaces), the tokens (up to the relaxed journey's most Explores `most` and those
    held: no plan keeps more) and whether the region's points are earned."""

    def __init__(self, puzzle: Puzzle, board: Board, scorer: Scorer, most: int) -> None:
        scoring = self.scoring = puzzle.content.scoring
        self.scorer = scorer
        self.kinds = len(scoring.experience_types)
        self.caps = [max(scoring.experience_spaces, held) for held in scorer.hand]
        self.room = scorer.room
        self.shape = (*(c + 1 for c in self.caps), self.room + 1, most + len(scorer.held) + 1)
        self.groups = self._groups(board, scorer)
        self.end = self._end()[..., None]

    def _groups(self, board: Board, scorer: Scorer) -> list[Group]:
        """The groups in region order: the tokens held, the map's token cities, the face-down
        regions."""
        groups = [Group(scorer.region[t], (), (t,)) for t in scorer.held]
        hidden = set()
        for mask, pool in {id(v[1]): v for v in board.hidden_of.values()}.values():
            cities = tuple(c for c in range(board.n) if mask >> c & 1)
            hidden |= set(cities)
            groups.append(Group(scorer.region[pool[0]], cities, tuple(pool[: len(cities)])))
        for city, token in enumerate(board.token):
            if token >= 0 and city not in hidden:
                groups.append(Group(scorer.region[token], (city,), (token,)))
        return sorted(groups, key=lambda g: g.region)

    def _end(self) -> NDArray[np.int32]:
        """The sheet's lines by final state (Experiences per type, Souvenirs), in units: the
        Experience points and the all-types bonus, the Objectives in hand matched, the rows."""
        scoring, scorer = self.scoring, self.scorer
        shape = (*(c + 1 for c in self.caps), self.room + 1)
        end = np.zeros(shape, dtype=np.int32)
        for index in itertools.product(*(range(s) for s in shape)):
            counts, souvenirs = index[:-1], index[-1]
            points = sum(
                scoring.experience_points[min(c, scoring.experience_spaces)] for c in counts
            )
            points += scoring.all_types_bonus if all(counts) else 0
            points += sum(min(c, held) for c, held in zip(counts, scorer.hand, strict=True))
            points += scoring.souvenir_row_points[souvenirs // scoring.souvenir_row_length]
            end[index] = SCALE * points
        return end

    def shared(self, prize: NDArray[np.float64]) -> NDArray[np.float64]:
        """`prize` with each face-down region's cities at their mean."""
        prize = prize.copy()
        for group in self.groups:
            if len(group.cities) > 1:
                prize[list(group.cities)] = prize[list(group.cities)].mean()
        return prize

    def best(
        self, units: NDArray[np.int_], profile: tuple[int, ...] | None = None
    ) -> tuple[NDArray[np.int32], NDArray[np.float64]]:
        """Q in units for the prizes `units` (by city) for each profile of the sheet (LOWEST
        where none is possible): Experiences per type, Souvenirs and tokens kept; and the
        cities of a set that makes it with `profile` (the best one if None; per city: 1 if
        taken, a face-down region's taken count spread over its cities)."""
        bonus = SCALE * self.scoring.region_points
        table = np.full((*self.shape, 2), LOWEST, dtype=np.int32)  # the last: region reached
        table[(0,) * table.ndim] = 0
        trail: list[tuple[Group | None, NDArray[np.int32], NDArray[np.int32]]] = []
        groups = self.groups
        for g, group in enumerate(groups):
            after = self._take(table, group, units)
            trail.append((group, table, after))
            table = after
            if g + 1 == len(groups) or groups[g + 1].region != group.region:
                closed = table.copy()
                np.maximum(closed[..., 0], table[..., 1] + bonus, out=closed[..., 0])
                closed[..., 1] = LOWEST
                trail.append((None, table, closed))
                table = closed
        final = np.where(table[..., 0] > LOWEST // 2, table[..., 0] + self.end, LOWEST)
        if profile is None:
            profile = tuple(int(i) for i in np.unravel_index(int(np.argmax(final)), final.shape))
        position = (*profile, 0)
        wanted = np.zeros(len(units))
        for decided, before, after in reversed(trail):
            base = position[:-1]
            if decided is None:  # a region closed: was it reached?
                reached = int(before[(*base, 1)]) + bonus >= int(before[(*base, 0)])
                position = (*base, int(reached))
                continue
            position, taken = self._undo(before, int(after[position]), position, decided, units)
            if decided.cities and taken:
                wanted[list(decided.cities)] += taken / len(decided.cities)
        return final, wanted

    def _options(self, group: Group, units: NDArray[np.int_]) -> list[tuple[int, list[int], int]]:
        """Each way to take some of a group's tokens: how many, the axis each token moves the
        state along (its Experience type, or the Souvenirs'), and the gain in units."""
        options = []
        price = int(units[group.cities[0]]) if group.cities else 0
        axes: list[int] = []
        gain = 0
        for m, token in enumerate(group.tokens, start=1):
            kind = self.scorer.kind[token]
            axes.append(kind if kind >= 0 else self.kinds)
            if kind < 0:
                gain += SCALE * self.scorer.value[token]
            options.append((m, list(axes), gain - price * m))
        return options

    def _take(
        self, table: NDArray[np.int32], group: Group, units: NDArray[np.int_]
    ) -> NDArray[np.int32]:
        """The table after deciding on a group's tokens: none, or any of its options (a
        single token beyond the spaces is not taken; a face-down region's tokens beyond them
        are counted at the spaces, as the region's first m are given together)."""
        out = table.copy()
        reached = out[..., 1]
        moved = table.max(axis=-1)
        options = self._options(group, units)
        if len(options) == 1:  # one token: a slice moved up along its axis and the count's
            _, axes, gain = options[0]
            into, come = _slices(moved.ndim, (axes[0], self.kinds + 1), moved.shape)
            np.maximum(reached[into], moved[come] + gain, out=reached[into])
            return out
        for _, axes, gain in options:
            moved = _shifted(_shifted(moved, axes[-1], True), self.kinds + 1, False)
            np.maximum(reached, moved + gain, out=reached)
        return out

    def _undo(
        self,
        before: NDArray[np.int32],
        value: int,
        position: tuple[int, ...],
        group: Group,
        units: NDArray[np.int_],
    ) -> tuple[tuple[int, ...], int]:
        """The state before a group's decision that leads to `position` (of `value`), and how
        many of its tokens were taken (a face-down region's, as far as the counts at the
        spaces tell)."""
        if int(before[position]) == value:
            return position, 0
        for m, axes, gain in self._options(group, units):
            origin = list(position[:-1])
            for axis in axes:
                origin[axis] -= 1
            origin[self.kinds + 1] -= m
            if position[-1] != 1 or min(origin) < 0:
                continue
            for reached in (0, 1):
                if int(before[(*origin, reached)]) + gain == value:
                    return (*origin, reached), m
        return position, 0


def _slices(
    ndim: int, axes: tuple[int, ...], shape: tuple[int, ...]
) -> tuple[tuple[slice, ...], tuple[slice, ...]]:
    """The target and source slices that move an array up by one along each of `axes`."""
    into = [slice(None)] * ndim
    come = [slice(None)] * ndim
    for axis in axes:
        into[axis], come[axis] = slice(1, shape[axis]), slice(0, shape[axis] - 1)
    return tuple(into), tuple(come)


def _shifted(table: NDArray[np.int32], axis: int, saturate: bool) -> NDArray[np.int32]:
    """`table` moved up by one along `axis` (LOWEST where it comes from outside); what moves
    past the last index is dropped, or with `saturate` kept there."""
    out = np.full_like(table, LOWEST)
    size = table.shape[axis]
    if size < 2:
        return out
    target = [slice(None)] * table.ndim
    source = [slice(None)] * table.ndim
    target[axis], source[axis] = slice(1, size), slice(0, size - 1)
    out[tuple(target)] = table[tuple(source)]
    if saturate:
        last = [slice(None)] * table.ndim
        last[axis] = slice(size - 1, size)
        np.maximum(out[tuple(last)], table[tuple(last)], out=out[tuple(last)])
    return out
