"""The CP-SAT model of a journey over a time-expanded network (`network.py`).

One Boolean per arc, forming a single path from the start to the end; the Ticket balance, the
power's uses, the order of the die's results and the score sheet are linear expressions over
them. It is exact: on a whole network its optimum is the puzzle's (the tests check it against
the exhaustive search of `exact.py` on tiny boards). On the reference board the whole network
(120,000-400,000 arcs) is far too large for CP-SAT to improve or bound a plan (its LP bound
stays near 100 and GLOP needs minutes from 50,000 arcs on), so the planner uses the model on
restricted networks: the arcs around a candidate journey (`planner.py`) or a window of days."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kit.core import KitError
from kit.solve.amazing_journey.network import EXPLORE, SINK, Arc, Network
from kit.solve.amazing_journey.replay import Choices
from kit.solve.plan import PlanError

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - the exhaustive search still works
    cp_model = None  # type: ignore[assignment]

Var = Any
"""A CP-SAT variable (`cp_model.IntVar`; its Booleans too)."""

Expr = Any
"""A CP-SAT linear expression, or a plain number where nothing varies."""


@dataclass(frozen=True)
class Solution:
    """A solution of the model: the numbers of its arcs in the network (in no order), the
    answers to the journey's questions, and its score."""

    arcs: list[int]
    choices: Choices
    objective: int


@dataclass(frozen=True)
class _Collectable:
    """A token the plan may collect, and the expression that is 1 when it does."""

    token: int
    collected: Expr


@dataclass(frozen=True)
class _Discard:
    """The die's discard on an Explore: its day, the arc, and whether it takes the full count."""

    day: int
    arc: Var
    full: Var


class Model:
    """CP-SAT variables and constraints over a `Network`: one Boolean per arc forming a single
    path from the start to the end, with the Ticket balance, power uses, explore order and the
    score sheet as linear expressions. `minimize_days` asks for the earliest end instead."""

    def __init__(self, network: Network, minimize_days: bool = False) -> None:
        if cp_model is None:
            raise KitError("OR-Tools is not installed: use exact_search on small boards")
        self.network = network
        puzzle = network.puzzle
        state, p = puzzle.position, puzzle.player
        m = self.model = cp_model.CpModel()
        arcs = network.arcs
        x: list[Var] = [m.new_bool_var(f"arc_{i}") for i in range(len(arcs))]
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
        self.kept: list[tuple[int, Var]] = []
        self.plays: dict[int, Var] = {}
        if minimize_days:
            m.minimize(sum(a.end * v for v, a in zip(x, arcs, strict=True) if a.head == SINK))
        else:
            self.score = self._score(arcs)
            m.maximize(self.score)

    def better_than(self, objective: int) -> None:
        """Only plans scoring more than `objective` are wanted."""
        self.model.add(self.score >= objective + 1)

    def at_most(self, bound: int) -> None:
        """No plan scores more than `bound` (a bound proven elsewhere, which helps the search)."""
        self.model.add(self.score <= bound)

    def hint(self, path: Sequence[int]) -> None:
        """Start the search from the arcs of `path` (a known feasible journey)."""
        for number in path:
            self.model.add_hint(self.x[number], 1)

    def solution(self, solver: Any) -> Solution:
        """The solver's plan: its arcs, the tokens it keeps, the Objectives it plays, its
        score."""
        chosen = [i for i, var in enumerate(self.x) if solver.value(var)]
        kept = frozenset(token for token, var in self.kept if solver.value(var))
        plays = {k: solver.value(var) for k, var in self.plays.items()}
        return Solution(chosen, Choices(kept, plays), round(solver.objective_value))

    def _collection(self, arcs: list[Arc]) -> None:
        """Each token city explored at most once; `needs` only after that Explore ended."""
        m, x = self.model, self.x
        explores: dict[int, dict[int, list[Var]]] = {}  # city -> end day -> arcs
        for var, arc in zip(x, arcs, strict=True):
            if arc.kind == EXPLORE:
                explores.setdefault(arc.city, {}).setdefault(arc.end, []).append(var)
        self.collected: dict[int, Expr] = {
            c: sum(v for ending in by_end.values() for v in ending)
            for c, by_end in explores.items()
        }
        for expr in self.collected.values():
            m.add(expr <= 1)
        needed: dict[int, set[int]] = {}
        for arc in arcs:
            for city in arc.needs:
                needed.setdefault(city, set()).add(arc.start)
        done: dict[tuple[int, int], Expr] = {}  # (city, day) -> explored by that day
        for city, days in needed.items():
            ending = explores.get(city, {})
            running: Expr = 0  # explored by `day`: a chain, so each Explore is in one sum only
            for day in range(min([*days, *ending]), max(days) + 1):
                if ending.get(day):
                    chain = m.new_bool_var(f"explored_{city}_by_{day}")
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
        discards: list[_Discard] = []
        typed_by_kind: dict[int, list[Var]] = {}
        for number, (var, arc) in enumerate(zip(x, arcs, strict=True)):
            if arc.gain:
                gains[arc.end].append(arc.gain * var)
            if arc.spend:
                spends[arc.start].append(arc.spend * var)
            if arc.typed >= 0:
                typed_at[arc.start].append(cost * var)
                typed_by_kind.setdefault(arc.typed, []).append(var)
            if arc.discard:
                full = m.new_bool_var(f"discard_all_{number}")  # as many as the die says
                m.add(full <= var)
                spends[arc.start].append(arc.discard * full)
                if arc.discard > 1:  # or the fewer held
                    part = m.new_int_var(0, arc.discard - 1, f"discard_some_{number}")
                    m.add(part <= (arc.discard - 1) * var)
                    m.add(part == 0).only_enforce_if(full)
                    spends[arc.start].append(part)
                discards.append(_Discard(arc.start, var, full))
        for kind, uses in typed_by_kind.items():
            m.add(cost * sum(uses) <= net.known[kind])
        typed_total = cost * sum(v for uses in typed_by_kind.values() for v in uses)
        start = sum(net.known)
        balance: dict[int, Var] = {}
        remaining: dict[int, Expr] = {}
        previous: Expr = start - typed_total
        for day in range(first, last + 1):
            level = m.new_int_var(0, start + 4 * (last + 1), f"tickets_on_{day}")
            m.add(level == previous + sum(gains[day]) - sum(spends[day]))
            balance[day] = level
            previous = level
        later: Expr = 0
        for day in range(last, first - 1, -1):
            remaining[day] = later
            if typed_at[day]:
                reserved = m.new_int_var(0, start, f"typed_kept_on_{day}")
                m.add(reserved == remaining[day] + sum(typed_at[day]))
                later = reserved
        for discard in discards:
            day = discard.day
            m.add(balance[day] + remaining[day] <= 0).only_enforce_if(
                [discard.arc, discard.full.negated()]
            )

    def _explore_order(self, arcs: list[Arc], first: int) -> None:
        """With die results in order, the i-th Explore takes the i-th result."""
        sequence = self.network.puzzle.durations
        if len(sequence) == 1:
            return
        m, x = self.model, self.x
        per_day: list[list[Arc]] = [[] for _ in range(self.network.limit + 2)]
        var_of: dict[int, Var] = {}
        for var, arc in zip(x, arcs, strict=True):
            if arc.kind == EXPLORE and arc.method != "power":
                per_day[arc.start].append(arc)
                var_of[id(arc)] = var
        done: Expr = 0
        for day in range(first, self.network.limit + 1):
            for arc in per_day[day]:
                allowed = [i for i, d in enumerate(sequence) if d == arc.duration]
                m.add_linear_expression_in_domain(
                    done, cp_model.Domain.from_values(allowed)
                ).only_enforce_if(var_of[id(arc)])
            if per_day[day]:
                count = m.new_int_var(0, len(sequence), f"explores_by_{day}")
                m.add(count == done + sum(var_of[id(arc)] for arc in per_day[day]))
                done = count

    def _collectables(self) -> list[_Collectable]:
        """The tokens the plan may collect, each with its "collected" expression: a known token
        by its city's Explores; for face-down cities, the i-th token of the region's pool once
        at least i + 1 of those cities are explored (`Puzzle.state` arranges them so)."""
        m, net = self.model, self.network
        items = [
            _Collectable(net.token[c], expr)
            for c, expr in self.collected.items()
            if c not in net.hidden
        ]
        for region, hidden in net.puzzle.hidden.items():
            count = sum(self.collected.get(c, 0) for c in hidden.cities)
            if isinstance(count, int):
                continue  # none of them can be explored
            firsts = [
                m.new_bool_var(f"hidden_{region}_{i}_collected") for i in range(len(hidden.pool))
            ]
            m.add(sum(firsts) == count)
            for earlier, later in zip(firsts, firsts[1:], strict=False):
                m.add_implication(later, earlier)
            items += [_Collectable(t, v) for t, v in zip(hidden.pool, firsts, strict=True)]
        return items

    def _score(self, arcs: list[Arc]) -> Expr:
        """The engine's final score sheet as a linear expression (see `scoring.score_sheet`)."""
        m, x = self.model, self.x
        puzzle = self.network.puzzle
        state, p = puzzle.position, puzzle.player
        content = puzzle.content
        scoring = content.scoring
        tokens = content.tokens
        items = self._collectables()
        self.kept = [
            (item.token, m.new_bool_var(f"keep_{tokens[item.token].id}")) for item in items
        ]
        for (_, var), item in zip(self.kept, items, strict=True):
            m.add(var <= item.collected)
        held = [tokens[t] for t in state.experiences[p] + state.souvenirs[p]]
        terms = []
        counts = []
        for kind in scoring.experience_types:
            n = sum(t.experience == kind for t in held) + sum(
                v for t, v in self.kept if tokens[t].experience == kind
            )
            counts.append(n)
            terms.append(_table(m, n, scoring.experience_points, f"experience_{kind}"))
        bonus = m.new_bool_var("all_types_bonus")
        for n in counts:
            m.add(bonus <= n)
        terms.append(scoring.all_types_bonus * bonus)
        souvenirs = [(t, v) for t, v in self.kept if tokens[t].souvenir is not None]
        n_souvenirs = len(state.souvenirs[p]) + sum(v for _, v in souvenirs)
        room = scoring.souvenir_rows * scoring.souvenir_row_length
        m.add(n_souvenirs <= room)
        terms.append(sum(tokens[t].souvenir or 0 for t in state.souvenirs[p]))
        terms.append(sum((tokens[t].souvenir or 0) * v for t, v in souvenirs))
        rows = m.new_int_var(0, scoring.souvenir_rows, "souvenir_rows")
        m.add(scoring.souvenir_row_length * rows <= n_souvenirs)
        terms.append(_table(m, rows, scoring.souvenir_row_points, "rows"))
        for region in content.board.regions:
            has = sum(t.region == region.code for t in held)
            if has:
                terms.append(scoring.region_points)
                continue
            visited = m.new_bool_var(f"region_{region.code}")
            m.add(visited <= sum(v for t, v in self.kept if tokens[t].region == region.code))
            terms.append(scoring.region_points * visited)
        for k, kind in enumerate(scoring.experience_types):
            if state.hand[p][k]:
                play = self.plays[k] = m.new_int_var(0, state.hand[p][k], f"play_{kind}")
                m.add(
                    play
                    <= sum(
                        item.collected for item in items if tokens[item.token].experience == kind
                    )
                )
                terms.append(scoring.objective_points * play)
        terms.append(scoring.objective_points * len(state.played[p]) + state.points[p])
        length, penalty = puzzle.tables.length, puzzle.tables.rules.late_penalty
        for var, arc in zip(x, arcs, strict=True):
            late = max(0, arc.end - length) * penalty if arc.head == SINK else 0
            value = arc.points - late
            if value:
                terms.append(value * var)
        return sum(terms)


def _table(m: Any, count: Expr, points: Sequence[int], name: str) -> Expr:
    """`points[count]` for an integer expression `count`, as a one-hot choice (points grow)."""
    picks = [m.new_bool_var(f"{name}_is_{i}") for i in range(len(points))]
    m.add_exactly_one(picks)
    m.add(sum(i * v for i, v in enumerate(picks)) == count)
    return sum(value * v for value, v in zip(points, picks, strict=True))


def path_of(network: Network, numbers: Sequence[int]) -> list[Arc]:
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


def new_solver(time_limit: float, workers: int) -> Any:
    """A CP-SAT solver with the planner's parameters (run it with `run_solver`)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.cp_model_probing_level = 0
    return solver
