"""The CP-SAT model of a puzzle: the player's four weeks, day by day.

The calendar has `weeks * days_per_week` days, numbered from 0. A turn starts on a day and its
Activity covers that day and, for a visit of several days, the next ones; the variables are:

- `start_{d}`: a turn starts on day d (it does on the first day of every week);
- `in_{d}_{r}`: the pawn is in region r during day d (exactly one region a day); a day that
  starts no turn keeps the region of the day before;
- `stay_{d}`, `train_{d}`, `fly_{d}`, `trip_{d}`: how the turn of day d travels (exactly one
  when a turn starts there, none otherwise; the first placement of day 0 is free);
  `train_energy_{d}` is the train's cost, the segments between the two regions;
- `visit_{k}_{d}_{e}`: the turn of day d visits card k (the k-th card in the order they come:
  the opening hand, then the deck), spending e Excitement: it covers `days - e` days, all in
  the same week; `write_{d}`, `rest_{d}`, `plan_{d}`, `skip_{d}`: the other Activities;
- `paid_{k}_{d}_{part}`: the card's effect (part 0) or weekday bonus (part 1) with a payment
  is resolved: exactly when the player can pay it then (the engine never lets a player
  decline a payment it can make);
- `drawn_{w}_{k}`, `held_{w}_{k}`: card k has come into the hand by the start, by the end of
  week w (in the order: card k only after card k - 1); `drawn_{d}` how many cards have come
  before day d's turn; `drop_{w}` how many cards are discarded at the end of week w; which
  cards Write, Rest, Plan and the week's end discard is not modelled, only how many: any
  card never visited will do, and `pool_{d}_{k}`, `kept_{w}_{k}` (card k is drawn by day d,
  by the end of week w, and visited some day) count how many such cards are in hand;
- `coins_{d}`, `energy_{d}`, `excitement_{d}`, `locals_{d}`, `trips_{d}`: what the player holds
  at the start of day d; `income_{w}` the Income track's position at the end of week w;
- `local_{d}_{r}`, `claim_{d}_{r}`, `attend_{d}_{f}`: the turn of day d uses region r's Local
  tile, claims its Bucket List, attends Festival f; `tags_{d}_{g}` the visited cards' tag g
  up to day d's turn;
- `scored_{w}_{r}`: a Day disc is placed in region r in week w (region scoring);
  `seen_{r}`: one is placed there at all (regions visited).

The constraint groups (each is a named method below):

- calendar: every day is covered by exactly one Activity, a turn per Activity;
- travel: the pawn moves only when a turn starts, by train (energy by the segments), plane
  (coins) or free trip, and never "travels" to where it is;
- hand: a card is visited once at most, only after it is drawn; the hand comes from the
  order: seven at the start of each week (drawn up to seven after the discards), plus the
  cards that effects and Plan draw; at most seven are kept over a week's end; every discard
  is a card in hand that is never visited (each day, the cards discarded so far are at most
  the never-visited cards drawn by then: `by_day_{d}_{k}`, card k drawn before day d's turn,
  `pool_{d}_{k}` and it never visited); the cards a week visits or discards are at most its
  hand at the start and its draws (redundant, for the LP); the puzzle's order is never drawn
  past its end;
- visits: the pawn is in the card's region; Excitement spent first, then effect and bonus, each
  resolved exactly when it can be paid;
- resources: a turn's travel, Excitement, effects, Local tile and Festival in that order, each
  payment covered, then the week's income (2 Coins and the Income track's position);
- Extras: each Local tile once a week, each Bucket List and Festival once, in the pawn's region,
  the Bucket List's tags among the cards visited, the Festival on that week's display; the
  Bucket Lists of the puzzle's `claims` are claimed;
- score: Locations' points, 3 per region with a Day disc each week (a solo player always has
  the most there, so Insider Tips change nothing), Extras, regions visited, leftover resources;
- tour (redundant, for the LP relaxation only; `_tour`): `toured_{w}_{r}`, region r holds the
  pawn on some turn of week w; a week tours at most its turns and at most one region more than
  its moves (a train, which costs one segment's Energy at least, a plane or a free trip); a
  region scored, a Local tile used, a Bucket List claimed, a Festival attended lie in a toured
  region; a region scores only with a Day disc placed there, at most one region a disc-placing
  turn, and is visited only if it scores some week; a week's Write, Rest and Plan discard
  at most its hand and its draws.

The model is exact for the puzzle's fixed chance, with these choices made for the plan (they can
only lower its score, never make it illegal): a weekday bonus without a payment is taken before
the card's effect; a turn's Extras come in the order Bucket List, Local tile, Festival; the
plan draws no further than the puzzle's order (the deck's cards, then the discard pile's once
it is shuffled back; the cards the plan discards itself are not drawn again). `Model.solution`
reads a solution's turns, which `planner.play_solution` plays in the engine.

A game in progress. The model plans from `Puzzle.start`: the game's first Travel step, a
turn's Travel step, or a week's end (its discards still to come). Its days run from that day
(`first`) to the last, its weeks from that day's (`weeks`): what the player holds then (the
resources, the hand, the tags, the Income track, the points won, the Day discs placed, the
Extras used) are constants, and a week's end to come draws the next hand up to its size after
its discards (`drop_{w}` of that week). Inside a turn the puzzle starts from the turn's Travel
step and the choices already made in it (`Puzzle.begun`) are fixed (`_begun`); the cards the
turn discarded are never visited.

The bound. Without the tour, the LP relaxation (every constraint linearized) spreads the pawn
over every region at once for no move and scores every region, Bucket List and Festival; the
tour makes regions cost moves. It then still plays more cards in a week than a hand and its
draws hold, since a visit of a card deep in the deck asks it drawn only in proportion to the
visit: the week's hand (its cards visited or discarded are in its hand at the start or among
its draws) forbids that. CP-SAT's default worker does not reach the LP on this model (its
simplex stops at its iteration limit); the `max_lp` worker that `new_solver` asks for does.
Long sums (a week's visits, discards, draws, the Income steps) are counted by integer variables
(`_counter`), so that no row of the LP holds thousands of terms.

What is left between bound and plans is a relaxation that pools what parallel journeys hold:
the LP follows three or four journeys at once, each a share of the pawn, and what one collects
(Excitement from the Local tiles that give it) pays what another spends. The cuts tried against
it took at most a few points off, some slowing the search. No proof comes on the standard
deals, only on tiny puzzles (tests/data/tiny_four_weeks): not even on a game of one week with
the standard content (the rules' `weeks = 1`). The figures, per deal, and the cuts tried are
in `benchmarks/RESULTS.md`, The four-week planner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kit.core import KitError
from kit.four_weeks.actions import (
    Activity,
    Attend,
    Claim,
    Discard,
    Fly,
    Skip,
    Start,
    Stay,
    Ticket,
    Train,
    UseLocal,
    Visit,
)
from kit.four_weeks.content import ACTIVITIES, TAGS, Location
from kit.four_weeks.effects import PAYMENTS, RESOURCES, Effect
from kit.four_weeks.frames import WEEK_END, WeekEndDiscards
from kit.four_weeks.scoring import LINES as SHEET_LINES
from kit.solve.four_weeks.puzzle import Puzzle

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - the exact search still works
    cp_model = None  # type: ignore[assignment]

Var = Any
"""A CP-SAT variable (`cp_model.IntVar`; its Booleans too)."""

Expr = Any
"""A CP-SAT linear expression, or a plain number where nothing varies."""

HELD = 60
"""The most of one resource the model lets the player hold (far above any plan's)."""

STAY, TRAIN, FLY, TRIP = "stay", "train", "fly", "trip"
WRITE, REST, PLAN = ACTIVITIES
VISIT, SKIP = "visit", "skip"
LINES = LOCATIONS, REGIONS, LOCALS, BUCKETS, FESTIVALS, VISITED, LEFTOVER = (
    "Locations", "Region scoring", "Local tiles", "Bucket Lists", "Festivals",
    "Regions visited", "Leftover resources",
)  # fmt: skip
"""The score sheet's lines, as the model's objective terms are grouped (`Model.points`)."""


@dataclass(frozen=True)
class Turn:
    """One turn of a solution: its first and last day, the region, how the pawn got there,
    the Activity (a card visited with the Excitement spent, or Write, Rest, Plan, skip), and the
    Extras (Bucket List, Local tile, Festival or None)."""

    day: int
    end: int
    region: int
    travel: str
    activity: str
    card: int = -1
    excitement: int = 0
    claim: bool = False
    local: bool = False
    festival: int | None = None


@dataclass(frozen=True)
class Solution:
    """A solution: its turns in order, how many cards are dropped at each week's end (any
    that are never visited, as the discards of Write, Rest and Plan), the cards visited, its
    score."""

    turns: tuple[Turn, ...]
    drops: tuple[int, ...]
    visited: frozenset[int]
    objective: int


def net(effect: Effect) -> dict[str, int]:
    """An effect's total change per named effect, payments as negative resources."""
    total: dict[str, int] = {}
    for name, amount in effect:
        if name in PAYMENTS:
            name, amount = RESOURCES[PAYMENTS[name]], -amount
        total[name] = total.get(name, 0) + amount
    return total


def costs(effect: Effect) -> dict[int, int]:
    """An effect's payments: the amount of each resource it asks (by resource index)."""
    return {PAYMENTS[name]: amount for name, amount in effect if name in PAYMENTS}


def parts(card: Location, weekday: int) -> list[Effect]:
    """What a visit on `weekday` resolves, in the plan's order: a matching weekday bonus with
    no payment first (it can only help pay the effect), else the effect first."""
    if not card.bonus or weekday not in card.bonus_days:
        return [card.effect]
    return [card.bonus, card.effect] if not costs(card.bonus) else [card.effect, card.bonus]


@dataclass
class _Day:
    """The variables and expressions of one day's turn (zero on a day that starts none)."""

    visits: list[tuple[int, int, Var]] = field(default_factory=list)  # (card, excitement, var)
    covering: list[Var] = field(default_factory=list)


class Model:
    """The CP-SAT variables and constraints of a puzzle (see the module's docstring)."""

    def __init__(self, puzzle: Puzzle) -> None:
        if cp_model is None:
            raise KitError("OR-Tools is not installed: use exact_search on small puzzles")
        self.puzzle = puzzle
        content, rules = puzzle.content, puzzle.content.rules
        for index, effect in enumerate(rules.activities):
            if costs(effect):
                raise KitError(f"the planner needs {ACTIVITIES[index]} to ask no payment")
        self.m = cp_model.CpModel()
        self.per_week = rules.days_per_week
        self.days = rules.weeks * rules.days_per_week
        self.origin = origin = puzzle.start
        self.first = origin.week * self.per_week + origin.day[0]
        self.span = range(self.first, self.days)
        self.weeks = range(self.first // self.per_week, rules.weeks)
        self.restocked = origin.step == WEEK_END
        self.regions = range(len(content.regions))
        self.cards = puzzle.cards
        self.points: dict[str, list[Expr]] = {line: [] for line in LINES}
        self.day = [_Day() for _ in range(self.days)]
        self._calendar()
        self._travel()
        self._resources()
        self._hand()
        self._extras()
        self._score()
        self._tour()
        self._begun()
        self.m.maximize(sum(sum(terms) for terms in self.points.values()))

    # --- the variables of days and Activities ---------------------------------------------------
    def _calendar(self) -> None:
        m = self.m
        per_week = self.per_week
        self.start: list[Var] = [None] * self.days
        self.pos: list[list[Var]] = [[] for _ in range(self.days)]
        self.activity: dict[str, list[Var | None]] = {}
        for d in self.span:
            self.start[d] = m.new_bool_var(f"start_{d}")
            self.pos[d] = [m.new_bool_var(f"in_{d}_{r}") for r in self.regions]
            m.add_exactly_one(self.pos[d])
            if d % per_week == 0 or d == self.first:
                m.add(self.start[d] == 1)
        self._visits()
        self._activities()
        for d in self.span:
            m.add_exactly_one(self.day[d].covering)
            m.add(self.start[d] == sum(self._starting(d)))

    def _visits(self) -> None:
        """A variable for each visit a card may start on a day (the excitement already spent,
        the rest within the week), each day in the region of the visits it starts."""
        m, content, per_week = self.m, self.puzzle.content, self.per_week
        self.visit: dict[tuple[int, int, int], Var] = {}
        for k, c in enumerate(self.cards):
            card = content.locations[c]
            for d in self.span:
                left = per_week - d % per_week
                for e in range(card.days):
                    if card.days - e <= left:
                        var = m.new_bool_var(f"visit_{k}_{d}_{e}")
                        self.visit[k, d, e] = var
                        self.day[d].visits.append((k, e, var))
                        for other in range(d, d + card.days - e):
                            self.day[other].covering.append(var)
        for d in self.span:
            for r in self.regions:
                here = [v for k, _, v in self.day[d].visits if self._region(k) == r]
                if here:
                    m.add(sum(here) <= self.pos[d][r])

    def _activities(self) -> None:
        """A variable for each Activity, and the skip, that may start on a day (within the
        week, the skip shortened by the week's end)."""
        m, rules, per_week = self.m, self.puzzle.content.rules, self.per_week
        for name in (*ACTIVITIES, SKIP):
            length = rules.activity_days if name != SKIP else rules.skip_days
            row: list[Var | None] = []
            for d in range(self.days):
                left = per_week - d % per_week
                if d < self.first or (name != SKIP and length > left):
                    row.append(None)
                    continue
                var = m.new_bool_var(f"{name}_{d}")
                row.append(var)
                for other in range(d, d + min(length, left)):
                    self.day[other].covering.append(var)
            self.activity[name] = row

    def _skip(self, d: int) -> Var:
        skip = self.activity[SKIP][d]
        assert skip is not None  # a skip fits every day
        return skip

    def _region(self, k: int) -> int:
        return self.puzzle.content.locations[self.cards[k]].region

    def _starting(self, d: int) -> list[Var]:
        """The Activities that start on day d."""
        found = [var for _, _, var in self.day[d].visits]
        return found + [v for row in self.activity.values() if (v := row[d]) is not None]

    def _wrp(self, d: int) -> Expr:
        """1 when day d's turn is Write, Rest or Plan."""
        return sum(v for name in ACTIVITIES if (v := self.activity[name][d]) is not None)

    # --- travel ---------------------------------------------------------------------------------
    def _travel(self) -> None:
        m, content = self.m, self.puzzle.content
        n = len(content.regions)
        self.mode: dict[str, list[Var]] = {
            name: [None] * self.days for name in (STAY, TRAIN, FLY, TRIP)
        }
        self.train_energy: list[Expr] = [0] * self.days
        placed = self.origin.pos[0]
        for d in self.span:
            if d == self.first and placed < 0:
                continue  # the first placement of the pawn is free
            here = self.pos[d]
            before = self.pos[d - 1] if d > self.first else self._fixed("pawn", placed)
            same = []
            for r in self.regions:
                both = m.new_bool_var(f"same_{d}_{r}")
                m.add_implication(both, here[r])
                m.add_implication(both, before[r])
                m.add_bool_or([both, here[r].Not(), before[r].Not()])
                same.append(both)
                # no turn, no move
                m.add(here[r] == before[r]).only_enforce_if(self.start[d].Not())
            modes = [m.new_bool_var(f"{name}_{d}") for name in self.mode]
            for name, var in zip(self.mode, modes, strict=True):
                self.mode[name][d] = var
            m.add(sum(modes) == self.start[d])
            m.add(sum(same) == 1).only_enforce_if(modes[0])
            m.add(sum(same) == 0).only_enforce_if(modes[0].Not(), self.start[d])
            where = sum(r * v for r, v in zip(self.regions, here, strict=True))
            came = sum(r * v for r, v in zip(self.regions, before, strict=True))
            segments = m.new_int_var(0, max(map(max, content.distance)), f"segments_{d}")
            pair = m.new_int_var(0, n * n - 1, f"trip_{d}_index")
            m.add(pair == n * came + where)
            m.add_element(pair, [x for row in content.distance for x in row], segments)
            energy = m.new_int_var(0, HELD, f"train_energy_{d}")
            per_segment = content.rules.train_energy_per_segment
            m.add(energy == per_segment * segments).only_enforce_if(modes[1])
            m.add(energy >= per_segment * modes[1])  # a train goes one segment at least
            m.add(energy == 0).only_enforce_if(modes[1].Not())
            self.train_energy[d] = energy

    def _fixed(self, name: str, region: int) -> list[Var]:
        """Booleans per region, fixed: the pawn in `region` (before the model's first day)."""
        fixed = [self.m.new_bool_var(f"{name}_{r}") for r in self.regions]
        for r, var in enumerate(fixed):
            self.m.add(var == int(r == region))
        return fixed

    # --- resources and visits -------------------------------------------------------------------
    def _resources(self) -> None:
        """The resources at the start of each day, each payment covered, each payable effect
        resolved; the Income track and the week's income."""
        m, content = self.m, self.puzzle.content
        rules = content.rules
        state = self.origin
        first = self.first
        self.held: list[list[Var]] = [[] for _ in range(self.days + 1)]
        self.trips: list[Var] = [None] * (self.days + 1)
        for d in range(first, self.days + 1):
            self.held[d] = [m.new_int_var(0, HELD, f"{name}_{d}") for name in RESOURCES]
            self.trips[d] = m.new_int_var(0, HELD, f"trips_{d}")
        for r, amount in enumerate(state.res[0]):
            m.add(self.held[first][r] == amount)
        m.add(self.trips[first] == state.tickets[0])
        self.paid: dict[tuple[int, int, int], Var] = {}
        self.gained: list[dict[str, Expr]] = [{} for _ in range(self.days)]
        self.after_activity: list[list[Expr]] = [[] for _ in range(self.days)]
        incomes: list[Expr] = [0] * self.days
        for d in self.span:
            held = list(self.held[d])
            if self.mode[FLY][d] is not None:
                held[0] = held[0] - rules.plane_coins * self.mode[FLY][d]
                held[1] = held[1] - self.train_energy[d]
                m.add(self.trips[d] >= self.mode[TRIP][d])
            excitement = sum(e * var for _, e, var in self.day[d].visits)
            held[2] = held[2] - excitement
            for r in (0, 1, 2):
                m.add(held[r] >= 0)
            gains = self._visit_gains(d, held)
            for index, name in enumerate(ACTIVITIES):
                var = self.activity[name][d]
                if var is not None:
                    for effect, amount in net(rules.activities[index]).items():
                        gains[effect] = gains.get(effect, 0) + amount * var
            self.gained[d] = gains
            self.after_activity[d] = [
                held[r] + gains.get(name, 0) for r, name in enumerate(RESOURCES)
            ]
            incomes[d] = gains.get("income", 0)
        # the Income track: its position at each week's end
        top = len(rules.income_track) - 1
        self.income: dict[int, Var] = {}
        raw: Expr = state.income[0]
        for w in self.weeks:
            week = sum(incomes[d] for d in self._week(w))
            raw = self._counter(f"income_steps_{w}", raw + week, self.days + top)
            position = m.new_int_var(0, top, f"income_{w}")
            m.add_min_equality(position, [raw, top])
            self.income[w] = position

    def _visit_gains(self, d: int, held: list[Expr]) -> dict[str, Expr]:
        """The effects and bonuses of day d's visit, each part resolved exactly when payable,
        checked against `held` (after travel and Excitement) and the parts before it."""
        m, content = self.m, self.puzzle.content
        gains: dict[str, Expr] = {}
        by_card: dict[int, list[Var]] = {}
        for k, _, var in self.day[d].visits:
            by_card.setdefault(k, []).append(var)
        for k, variables in by_card.items():
            card = content.locations[self.cards[k]]
            visited = sum(variables)
            now = list(held)
            for number, part in enumerate(parts(card, d % self.per_week)):
                applied: Expr = visited
                asked = costs(part)
                if asked:
                    paid = m.new_bool_var(f"paid_{k}_{d}_{number}")
                    self.paid[k, d, number] = paid
                    m.add(paid <= visited)
                    for r, amount in asked.items():
                        m.add(now[r] >= amount).only_enforce_if(paid)
                    short = []
                    for r, amount in asked.items():
                        lack = m.new_bool_var(f"short_{k}_{d}_{number}_{r}")
                        m.add(now[r] <= amount - 1).only_enforce_if(lack)
                        short.append(lack)
                    # visited and unpaid: some payment is short
                    m.add(sum(short) >= visited - paid)
                    applied = paid
                for name, amount in net(part).items():
                    gains[name] = gains.get(name, 0) + amount * applied
                    if name in RESOURCES:
                        r = RESOURCES.index(name)
                        now[r] = now[r] + amount * applied
        return gains

    # --- the hand -------------------------------------------------------------------------------
    def _hand(self) -> None:
        """The hand by counts: which cards are discarded does not matter as long as they are
        never visited, so the model counts discards and checks that enough such cards are in
        hand (`_pool`); which cards are visited it knows one by one."""
        m, rules = self.m, self.puzzle.content.rules
        cards, per_week, size = self.cards, self.per_week, rules.hand_size
        opening = len(self.puzzle.hand)
        weeks, first_week = rules.weeks, self.weeks[0]
        visits: dict[int, list[Var]] = {k: [] for k in range(len(cards))}
        for (k, _d, _), var in self.visit.items():
            visits[k].append(var)
        self.visited = []
        for k in range(len(cards)):
            m.add_at_most_one(visits[k])
            self.visited.append(sum(visits[k]))
        # drawn by the start and by the end of each week, as "card k is drawn" chains
        self.by_start = {w: self._drawn_chain(f"drawn_{w}", opening) for w in self.weeks}
        self.by_end = {w: self._drawn_chain(f"held_{w}", opening) for w in self.weeks}
        # cards drawn before each day's turn: by the week's start, then by effects and Plan
        self.drawn: list[Var] = [None] * self.days
        for d in self.span:
            drawn = m.new_int_var(0, len(cards), f"drawn_{d}")
            if d % per_week == 0 or d == self.first:
                m.add(drawn == _count(self.by_start[d // per_week], opening))
            else:
                m.add(drawn == self.drawn[d - 1] + self.gained[d - 1].get("draw", 0))
            self.drawn[d] = drawn
        for (k, d, _), var in self.visit.items():
            if k >= opening:
                m.add(self.drawn[d] >= k + 1).only_enforce_if(var)
        self.drops: dict[int, Var] = {}  # by the week whose end they come at
        self.wrp_count: dict[int, Var] = {}  # Write, Rest and Plan by week
        self.visit_count: dict[int, Var] = {}  # visits by week
        used: Expr = 0  # cards visited or discarded before the week
        thrown: Expr = 0  # cards discarded before the week
        if self.restocked:  # a week's end under way: its discards, then the draws up to a hand
            drop = m.new_int_var(0, opening, f"drop_{first_week - 1}")
            self.drops[first_week - 1] = drop
            m.add(drop <= self._pool([1] * opening, "kept_now"))
            m.add(opening - drop <= size)
            used = thrown = drop
        for w in self.weeks:
            start, end = self.by_start[w], self.by_end[w]
            days = self._week(w)
            visited = self._counter(
                f"visits_{w}", sum(var for d in days for _, _, var in self.day[d].visits), per_week
            )
            self.wrp_count[w] = self._counter(
                f"activities_{w}", sum(self._wrp(d) for d in days), per_week
            )
            self.visit_count[w] = visited
            discarded = rules.activity_discards * self.wrp_count[w]
            draws = self._counter(
                f"draws_{w}", sum(self.gained[d].get("draw", 0) for d in days), len(cards)
            )
            refilled = w > first_week or self.restocked  # drawn up to a hand at its start
            if refilled:
                m.add(_count(start, opening) == used + size)
            else:
                m.add(_count(start, opening) == opening)
            m.add(_count(end, opening) == _count(start, opening) + draws)
            # Write, Rest and Plan discard cards in hand never visited: each day, the cards
            # discarded so far are at most the cards drawn by then that are never visited
            so_far: Expr = thrown
            for d in days:
                chain = start if d == days[0] else self._day_chain(d, opening)
                discards = rules.activity_discards * self._wrp(d)
                m.add(so_far + discards <= self._pool(chain, f"pool_{d}"))
                so_far = so_far + discards
            # (redundant, for the LP relaxation: the cards a week visits or discards are in
            # its hand at the start, the opening hand or a full hand, or among its draws)
            m.add(visited + discarded <= (size if refilled else opening) + draws)
            used = self._counter(f"used_{w}", used + visited + discarded, len(cards))
            thrown = self._counter(f"thrown_{w}", thrown + discarded, len(cards))
            if w < weeks - 1:
                drop = m.new_int_var(0, len(cards), f"drop_{w}")
                self.drops[w] = drop
                m.add(thrown + drop <= self._pool(end, f"kept_{w}"))
                # at most the hand size kept over the week's end
                m.add(_count(end, opening) - used - drop <= size)
                used = self._counter(f"used_end_{w}", used + drop, len(cards))
                thrown = self._counter(f"thrown_end_{w}", thrown + drop, len(cards))

    def _counter(self, name: str, expr: Expr, high: int) -> Var:
        """An integer variable equal to a long sum, so that the constraints using the count
        stay short (long rows slow the LP relaxation's simplex down)."""
        var = self.m.new_int_var(0, high, name)
        self.m.add(var == expr)
        return var

    def _day_chain(self, d: int, opening: int) -> list[Var | int]:
        """The cards drawn before day d's turn, as a chain (`_drawn_chain`)."""
        chain = self._drawn_chain(f"by_day_{d}", opening)
        self.m.add(_count(chain, opening) == self.drawn[d])
        return chain

    def _drawn_chain(self, name: str, opening: int) -> list[Var | int]:
        """`chain[k]` is 1 when card k has been drawn: the opening hand always, the deck's
        cards in order (card k only after card k - 1)."""
        m = self.m
        chain: list[Var | int] = [1] * opening
        for k in range(opening, len(self.cards)):
            var = m.new_bool_var(f"{name}_{k}")
            if k > opening:
                m.add_implication(var, chain[-1])
            chain.append(var)
        return chain

    def _pool(self, drawn: list[Var | int], name: str) -> Expr:
        """How many of the drawn cards are never visited."""
        m = self.m
        total: Expr = 0
        for k, held in enumerate(drawn):
            if isinstance(held, int):
                total = total + 1 - self.visited[k]
                continue
            both = m.new_bool_var(f"{name}_{k}")
            m.add(both <= held)
            m.add(both <= self.visited[k])
            m.add(both >= held + self.visited[k] - 1)
            total = total + held - both
        return total

    # --- Extras ---------------------------------------------------------------------------------
    def _extras(self) -> None:
        m = self.m
        self.local: dict[tuple[int, int], Var] = {}
        self.claim: dict[tuple[int, int], Var] = {}
        self.attend: dict[tuple[int, int], Var] = {}
        tags: list[list[Expr]] = [list(self.origin.tags[0])]
        claims: dict[int, list[Var]] = {}
        attends: dict[int, list[Var]] = {}
        for d in self.span:
            counted = self._tags(d, tags[-1])
            tags.append(counted)
            held = list(self.after_activity[d])
            self._claims(d, counted, claims)
            self._locals(d, held)
            self._festivals(d, held, attends)
            self._carry(d, held)
        for w in self.weeks:
            for r in self.regions:
                days = [self.local[d, r] for d in self._week(w) if (d, r) in self.local]
                if days:
                    m.add_at_most_one(days)
        for variables in (*claims.values(), *attends.values()):
            m.add_at_most_one(variables)
        for r in self.puzzle.claims:  # the puzzle's goal
            m.add(sum(claims.get(r, [])) == 1)

    def _tags(self, d: int, before: list[Expr]) -> list[Expr]:
        """The tags of each kind held after day `d`'s visit (`before`: those held before)."""
        m, content = self.m, self.puzzle.content
        counted = []
        for g in range(len(TAGS)):
            gained = sum(
                var
                for k, _, var in self.day[d].visits
                if g in content.locations[self.cards[k]].tags
            )
            var = m.new_int_var(0, len(self.cards), f"tags_{d}_{g}")
            m.add(var == before[g] + gained)
            counted.append(var)
        return counted

    def _claims(self, d: int, counted: list[Expr], claims: dict[int, list[Var]]) -> None:
        """The Bucket Lists that may be claimed on day `d` (in their region, at a turn's
        start, with the tags `counted`), each added to `claims` by region."""
        m, content, origin = self.m, self.puzzle.content, self.origin
        for r in self.regions:
            bucket = content.bucket_lists[r]
            if bucket is not None and origin.buckets[r] < 0:
                var = m.new_bool_var(f"claim_{d}_{r}")
                self.claim[d, r] = var
                m.add_implication(var, self.pos[d][r])
                m.add_implication(var, self.start[d])
                for g, count in bucket.needs:
                    m.add(counted[g] >= count).only_enforce_if(var)
                claims.setdefault(r, []).append(var)
                self.points[BUCKETS].append(bucket.points * var)

    def _locals(self, d: int, held: list[Expr]) -> None:
        """The Local tiles that may be used on day `d` (in their region, at a turn's start,
        paid from `held`, which they change)."""
        m, content, origin = self.m, self.puzzle.content, self.origin
        week = d // self.per_week
        locals_used: list[tuple[Var, Effect]] = []
        for r in self.regions:
            tile = content.local_tiles[r]
            used = week == self.weeks[0] and origin.used_local[0] >> r & 1
            if tile is not None and not used:
                var = m.new_bool_var(f"local_{d}_{r}")
                self.local[d, r] = var
                m.add_implication(var, self.pos[d][r])
                m.add_implication(var, self.start[d])
                for res, amount in costs(tile.cost).items():
                    m.add(held[res] >= amount).only_enforce_if(var)
                locals_used.append((var, tile.cost + tile.reward))
        for var, effect in locals_used:
            self._add(held, net(effect), var, LOCALS)

    def _festivals(self, d: int, held: list[Expr], attends: dict[int, list[Var]]) -> None:
        """The week's Festivals that may be attended on day `d` (in their region, at a turn's
        start, paid from `held`, which they change), each added to `attends`."""
        m, content, origin = self.m, self.puzzle.content, self.origin
        week = d // self.per_week
        attended: list[tuple[Var, Effect]] = []
        for f in self.puzzle.festivals[week]:
            if origin.used_festival[0] >> f & 1:
                continue  # attended already
            festival = content.festivals[f]
            var = m.new_bool_var(f"attend_{d}_{f}")
            self.attend[d, f] = var
            m.add_implication(var, self.pos[d][festival.region])
            m.add_implication(var, self.start[d])
            for res, amount in costs(festival.cost).items():
                m.add(held[res] >= amount).only_enforce_if(var)
            attends.setdefault(f, []).append(var)
            attended.append((var, festival.cost + festival.reward))
        for var, effect in attended:
            self._add(held, net(effect), var, FESTIVALS)

    def _carry(self, d: int, held: list[Expr]) -> None:
        """The resources `held` at day `d`'s end carried to the next day (the week's income
        added at its last day), and the trips."""
        m, week = self.m, d // self.per_week
        for res in range(len(RESOURCES)):
            extra = 0
            if d % self.per_week == self.per_week - 1:
                extra = self._income_of(week, res)
            m.add(self.held[d + 1][res] == held[res] + extra)
        m.add(
            self.trips[d + 1]
            == self.trips[d]
            + self.gained[d].get("ticket", 0)
            - (self.mode[TRIP][d] if self.mode[TRIP][d] is not None else 0)
        )

    def _add(self, held: list[Expr], change: dict[str, int], var: Var, line: str) -> None:
        """Add an Extra's change to `held`, and its points to the score."""
        for name, amount in change.items():
            if name in RESOURCES:
                r = RESOURCES.index(name)
                held[r] = held[r] + amount * var
            elif name == "points":
                self.points[line].append(amount * var)
            else:
                raise KitError(f"the planner does not handle {name!r} in an Extra")

    def _income_of(self, week: int, res: int) -> Expr:
        """The week's income in resource `res`: the base and the track's position."""
        rules = self.puzzle.content.rules
        base = rules.income_base if res == rules.income_resource else 0
        table = [net(gain).get(RESOURCES[res], 0) for gain in rules.income_track]
        if not any(table):
            return base
        value = self.m.new_int_var(0, max(table), f"income_{RESOURCES[res]}_{week}")
        self.m.add_element(self.income[week], table, value)
        return base + value

    def _week(self, w: int) -> range:
        """The days of week `w` the model plans (from its first day on)."""
        return range(max(w * self.per_week, self.first), (w + 1) * self.per_week)

    def _earlier(self) -> set[int]:
        """The regions holding a Day disc placed in the first week before the model's first
        day (they score that week whatever the plan does)."""
        start = self.weeks[0] * self.per_week
        return {r for r in self.origin.calendar[0][start : self.first] if r >= 0}

    # --- the score ------------------------------------------------------------------------------
    def _score(self) -> None:
        m, content = self.m, self.puzzle.content
        rules = content.rules
        for line, points in zip(SHEET_LINES, self.origin.pts[0], strict=True):
            self.points[line].append(points)  # the points won already
        for d in self.span:
            self.points[LOCATIONS].append(self.gained[d].get("points", 0))
        seen: dict[int, list[Var]] = {r: [] for r in self.regions}
        already = {slot for slot in self.origin.calendar[0] if slot >= 0}
        earlier = self._earlier()
        self.discs: dict[int, list[list[Var]]] = {}  # by week, region, day of the week
        self.scored: dict[int, list[Var]] = {}  # by week, region
        for w in self.weeks:
            self.discs[w] = []
            self.scored[w] = []
            for r in self.regions:
                placed = []
                for d in self._week(w):
                    disc = m.new_bool_var(f"disc_{d}_{r}")
                    placing = self.start[d] - self._skip(d)
                    m.add(disc <= placing)
                    m.add_implication(disc, self.pos[d][r])
                    m.add(disc >= placing + self.pos[d][r] - 1)
                    placed.append(disc)
                scored = m.new_bool_var(f"scored_{w}_{r}")
                if w == self.weeks[0] and r in earlier:
                    m.add(scored == 1)
                else:
                    m.add_max_equality(scored, placed)
                self.discs[w].append(placed)
                self.scored[w].append(scored)
                seen[r].append(scored)
                self.points[REGIONS].append(rules.region_places[0] * scored)
        count = []
        for r in self.regions:
            var = m.new_bool_var(f"seen_{r}")
            if r in already:
                m.add(var == 1)
            else:
                m.add_max_equality(var, seen[r])
            count.append(var)
        self.seen = count
        regions = m.new_int_var(0, len(count), "regions_visited")
        m.add(regions == sum(count))
        visited = m.new_int_var(0, max(rules.regions_visited), "regions_visited_points")
        m.add_element(regions, rules.regions_visited, visited)
        self.points[VISITED].append(visited)
        left = m.new_int_var(0, 4 * HELD, "leftover")
        m.add_division_equality(left, sum(self.held[self.days]), rules.resources_per_point)
        self.points[LEFTOVER].append(left)

    # --- the tour: redundant constraints for the LP relaxation ---------------------------------
    def _tour(self) -> None:
        """`toured_{w}_{r}`: region r holds the pawn on some turn of week w. Without these,
        the LP relaxation spreads the pawn over every region at once, for no move, and scores
        every region, Local tile, Bucket List and Festival. A week's toured regions are at most
        its turns and at most one more than its moves (trains, planes, free trips: a move
        lands in another region); a region scored, a Local tile used, a Bucket List claimed,
        a Festival attended lie in a toured region; a region scores only with a Day disc
        there, and is visited only if it scores some week."""
        m, content = self.m, self.puzzle.content
        moves: dict[int, Expr] = {
            d: 0 if self.mode[TRAIN][d] is None else
            self.mode[TRAIN][d] + self.mode[FLY][d] + self.mode[TRIP][d]
            for d in self.span
        }  # fmt: skip
        earlier = self._earlier()
        for w in self.weeks:
            days = self._week(w)
            before = earlier if w == self.weeks[0] else set()  # scored whatever the plan does
            toured = [m.new_bool_var(f"toured_{w}_{r}") for r in self.regions]
            m.add(sum(toured) <= sum(self.start[d] for d in days))
            m.add(sum(toured) <= 1 + sum(moves[d] for d in days))
            placing = self.visit_count[w] + self.wrp_count[w]
            m.add(sum(self.scored[w]) <= placing + len(before))
            for r in self.regions:
                if r in before:
                    continue
                m.add(self.scored[w][r] <= toured[r])
                m.add(self.scored[w][r] <= sum(self.discs[w][r]))
            for r in self.regions:
                for d in days:
                    for extra in (self.local, self.claim):
                        if (d, r) in extra:
                            m.add(extra[d, r] <= toured[r])
            for (d, f), var in self.attend.items():
                if d in days:
                    m.add(var <= toured[content.festivals[f].region])
        already = {slot for slot in self.origin.calendar[0] if slot >= 0}
        for r in self.regions:
            if r not in already:
                m.add(self.seen[r] <= sum(self.scored[w][r] for w in self.weeks))
        m.add(sum(self.seen) <= len(already) + 1 + sum(moves.values()))

    # --- the turn under way --------------------------------------------------------------------
    def _begun(self) -> None:
        """The choices already made in the turn under way (`Puzzle.begun`) fixed on its day:
        the region and how the pawn got there, the Activity, the Extras taken (a Local tile
        not taken before a Festival taken is not taken after it: the plan pays the Local tile
        first); the cards it discarded are never visited."""
        puzzle, m, d = self.puzzle, self.m, self.first
        if not puzzle.begun:
            return
        (turn,), _ = _parsed(puzzle, puzzle.begun)
        region = turn["region"]
        m.add(self.pos[d][region] == 1)
        if turn["travel"] != "start":
            m.add(self.mode[turn["travel"]][d] == 1)
        activity = turn.get("activity")
        if activity == VISIT:
            m.add(self.visit[self.cards.index(turn["card"]), d, turn["excitement"]] == 1)
        elif activity is not None:
            m.add(self.activity[activity][d] == 1)
        if turn.get("claim"):
            m.add(self.claim[d, region] == 1)
        if turn.get("local"):
            m.add(self.local[d, region] == 1)
        if turn.get("festival") is not None:
            m.add(self.attend[d, turn["festival"]] == 1)
            for (day, _), var in self.local.items():
                if day == d and not turn.get("local"):
                    m.add(var == 0)
        gone = set(puzzle.position.discard) - set(self.origin.discard)
        for k, card in enumerate(self.cards):
            if card in gone:
                m.add(self.visited[k] == 0)

    # --- hints ---------------------------------------------------------------------------------
    def hint(self, turns: Sequence[Turn], drops: Sequence[int], model: Any = None) -> None:
        """Hint the solver at a known game (`turns_of` a greedy game): its turns' regions,
        travel, Activities and Extras, and its discards at the weeks' ends (in `model`, a copy
        of this one, when given)."""
        m = self.m if model is None else model
        m.clear_hints()
        index = {c: k for k, c in enumerate(self.cards)}
        by_day = {turn.day: turn for turn in turns}
        region = max(self.origin.pos[0], 0)
        for d in self.span:
            turn = by_day.get(d)
            m.add_hint(self.start[d], turn is not None)
            if turn is not None:
                region = turn.region
            for r in self.regions:
                m.add_hint(self.pos[d][r], r == region)
            self._hint_turn(m, d, turn, index)
            self._hint_extras(m, d, turn)
        for w, var in self.drops.items():
            m.add_hint(var, drops[w])

    def _hint_turn(self, m: Any, d: int, turn: Turn | None, index: dict[int, int]) -> None:
        """`hint`'s travel and Activity of day `d` (`turn`, None when no turn starts then;
        `index`: each card's place in the model by the card)."""
        for name, row in self.mode.items():
            if row[d] is not None:
                m.add_hint(row[d], turn is not None and turn.travel == name)
        for k, e, var in self.day[d].visits:
            visits = turn is not None and turn.activity == VISIT
            wanted = (index[turn.card], turn.excitement) if turn and visits else None
            m.add_hint(var, wanted == (k, e))
        for name, row in self.activity.items():
            if row[d] is not None:
                m.add_hint(row[d], turn is not None and turn.activity == name)

    def _hint_extras(self, m: Any, d: int, turn: Turn | None) -> None:
        """`hint`'s Extras of day `d` (`turn`, None when no turn starts then)."""
        for (day, r), var in self.claim.items():
            if day == d:
                m.add_hint(var, turn is not None and turn.claim and r == turn.region)
        for (day, r), var in self.local.items():
            if day == d:
                m.add_hint(var, turn is not None and turn.local and r == turn.region)
        for (day, f), var in self.attend.items():
            if day == d:
                m.add_hint(var, turn is not None and turn.festival == f)

    def hint_solution(self, values: dict[int, int]) -> None:
        """Hint the solver at a whole solution: a value for each variable, by index."""
        m = self.m
        m.clear_hints()  # type: ignore[no-untyped-call]
        for index, value in values.items():
            m.add_hint(m.get_int_var_from_proto_index(index), value)

    # --- reading a solution ---------------------------------------------------------------------
    def solution(self, value: Any, objective: int) -> Solution:
        """The turns of the solution that `value` (a solver's or callback's `value`) reads."""
        content = self.puzzle.content
        turns = []
        for d in self.span:
            if not value(self.start[d]):
                continue
            region = next(r for r in self.regions if value(self.pos[d][r]))
            travel = "start" if self.mode[STAY][d] is None else STAY
            for name, row in self.mode.items():
                if row[d] is not None and value(row[d]):
                    travel = name
            card, spent, activity, length = -1, 0, SKIP, 1
            for k, e, var in self.day[d].visits:
                if value(var):
                    card, spent, activity = self.cards[k], e, VISIT
                    length = content.locations[card].days - e
            for name, row in self.activity.items():
                if row[d] is not None and value(row[d]):
                    activity = name
                    length = content.rules.activity_days
                    if name == SKIP:
                        left = self.per_week - d % self.per_week
                        length = min(content.rules.skip_days, left)
            claim = any(value(v) for (day, _), v in self.claim.items() if day == d)
            local = any(value(v) for (day, _), v in self.local.items() if day == d)
            festival = next(
                (f for (day, f), v in self.attend.items() if day == d and value(v)), None
            )
            turns.append(
                Turn(d, d + length - 1, region, travel, activity, card, spent, claim,
                     local, festival)
            )  # fmt: skip
        weeks = content.rules.weeks
        drops = tuple(value(self.drops[w]) if w in self.drops else 0 for w in range(weeks - 1))
        visited = frozenset(self.cards[k] for (k, _, _), var in self.visit.items() if value(var))
        return Solution(tuple(turns), drops, visited, objective)


def _count(chain: list[Var | int], opening: int) -> Expr:
    return opening + sum(chain[opening:])


def new_solver(time_limit: float, workers: int) -> Any:
    """A CP-SAT solver with the planner's parameters (run it with `kit.solve.plan.run_solver`)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.cp_model_probing_level = 0  # probing takes most of the time otherwise
    # one round of presolve: the later ones take seconds on a loaded machine and gain little
    # (benchmarks/RESULTS.md, The solver's parameters)
    solver.parameters.max_presolve_iterations = 1
    # the full-problem worker that solves the LP relaxation with every constraint linearized:
    # the default one reaches the simplex's iteration limit before the bound comes down
    solver.parameters.subsolvers.append("max_lp")
    return solver


def turns_of(puzzle: Puzzle, history: Sequence[str]) -> tuple[list[Turn], list[int]]:
    """The turns of a game played from the puzzle's start (a history of action names), the
    turn under way from its start, and how many cards were discarded at each week's end: how
    a greedy game becomes a hint."""
    found, drops = _parsed(puzzle, [*puzzle.begun, *history])
    per_week = puzzle.content.rules.days_per_week
    turns = []
    for number, turn in enumerate(found):
        later = found[number + 1]["day"] if number + 1 < len(found) else 10**9
        last = (turn["day"] // per_week + 1) * per_week - 1
        turns.append(Turn(end=min(later - 1, last), **turn))
    return turns, drops


def _parsed(puzzle: Puzzle, names: Sequence[str]) -> tuple[list[dict[str, Any]], list[int]]:
    """A game's turns played from the model's start (`Puzzle.start`), each as the fields of
    its `Turn` found so far (the last may be under way), and the discards at each week's end."""
    state = puzzle.start.clone()
    per_week = puzzle.content.rules.days_per_week
    found: list[dict[str, Any]] = []
    drops = [0] * (puzzle.content.rules.weeks - 1)
    kinds = {Start: "start", Stay: STAY, Train: TRAIN, Fly: FLY, Ticket: TRIP}
    for name in names:
        action = state.action_named(name)
        turn = found[-1] if found else {}
        if isinstance(action, Start | Stay | Train | Fly | Ticket):
            day = state.week * per_week + state.day[0]
            found.append({"day": day, "region": action.region, "travel": kinds[type(action)]})
        elif isinstance(action, Visit):
            turn.update(activity=VISIT, card=action.card, excitement=action.excitement)
        elif isinstance(action, Activity):
            turn["activity"] = ACTIVITIES[action.activity]
        elif isinstance(action, Skip):
            turn["activity"] = SKIP
        elif isinstance(action, Claim):
            turn["claim"] = True
        elif isinstance(action, UseLocal):
            turn["local"] = True
        elif isinstance(action, Attend):
            turn["festival"] = action.festival
        elif isinstance(action, Discard) and isinstance(state.decision, WeekEndDiscards):
            drops[state.week] += 1
        state.apply(action)
    return found, drops
