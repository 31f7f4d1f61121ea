"""The Orienteering Problem (OP): the classic prize-collecting path under a travel budget.

A traveller leaves a *start* point, must arrive at an *end* point (the same place or another), may
travel at most `tmax`, and collects the *score* of every point visited on the way (each point at
most once). Which points, in which order, give the largest total score?

This is the teaching entry point to route optimisation in the kit, and the part of the solver
stack that is checked against published optimal values: Tsiligirides' three sets and the harder
sets 64 and 66 of Chao, Golden and Wasil, all in the standard OP file format read by
`read_op_file`. Game maps come in through `OPInstance.from_graph`.

Vocabulary used below:
- *points* are numbered 0..n-1; `start` and `end` are two different point numbers (a round trip
  from a graph gets a second copy of its home node as `end`);
- distances are integers: the real distance times `scale`, rounded down (as the published
  optimal values assume), so CP-SAT works on exact integer arithmetic;
- the *budget* is `tmax` in the same scaled integers.

Three ways to solve an instance:
- `solve`: the kit's CP-SAT model (an `AddCircuit` path plus the strengthening listed in
  `Strengthening`);
- `solve_plain`: the same `AddCircuit` model with no strengthening, kept as a benchmark baseline;
- `brute_force`: an exact pure-Python search for small instances, which cross-checks the models
  in the tests and works where OR-Tools cannot be imported.
Every route any of them returns has been re-measured and re-scored from the instance."""

from __future__ import annotations

import math
import numbers
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx

from kit.core import limits
from kit.core.data import read_file
from kit.core.errors import DataError, KitError, shown
from kit.solve.plan import FEASIBLE, INFEASIBLE, OPTIMAL, UNKNOWN, Result, bound_text, run_solver
from kit.solve.puzzle import planner_parser

try:
    from ortools.sat.python import cp_model
except ImportError:  # pragma: no cover - brute_force and the instance tools still work
    cp_model = None  # type: ignore[assignment]

SCALE = 10_000
"""Default factor for fractional distances: 10,000 with rounding down reproduces every
published Tsiligirides value."""

MAX_POINTS = 1_000
MAX_COORDINATE = 10**8
MAX_TMAX = 10**12
MAX_SCORE = 10**9
"""The ranges of an instance, decided by what CP-SAT takes once the model is scaled: its numbers
are 64-bit integers, and it refuses a model (MODEL_INVALID) where a sum of terms could pass
2^63 (about 9.2e18). The length constraint sums every leg's scaled length: at most 1,000 points
(999,000 legs) with coordinates within -1e8..1e8 make a leg at most 2.9e8 long, 2.9e12 at the
scale of 10,000, and all of them 2.9e18. A travel limit of at most 1e12 is 1e16 scaled; scores
of at most 1e9 sum to 1e12 at most. `OPInstance` holds any instance to `CP_SAT_LIMIT` as well,
whatever its scale or its source (a graph's weights)."""
CP_SAT_LIMIT = 2**62
"""The most a scaled budget, or all the legs of an instance together, may come to: half of
CP-SAT's 64-bit range, so that its own sums keep within it."""

BRUTE_FORCE_LIMIT = 12
"""`brute_force` refuses instances with more optional points than this (its work grows as 2^n)."""

OnSolution = Callable[[int, float, float], None]
"""Progress callback: `(score, bound, elapsed_seconds)` for every improving solution."""


class OPFileError(DataError, ValueError):
    """A malformed instance file: names the file, the line and the problem."""


class InstanceError(KitError, ValueError):
    """An instance the planners cannot take: a number out of range, a matrix of the wrong size."""


class RouteError(KitError, ValueError):
    """A route that breaks the instance's rules, or does not match what a solver claimed."""


# --------------------------------------------------------------------------------------------
# Instances
# --------------------------------------------------------------------------------------------


def _exact(number: float | int | str | Fraction) -> Fraction:
    """`number` as the exact decimal a person wrote: a float goes through its shortest text
    form, so 10.3 is 103/10 and not the binary value just below it (which could round a
    distance down one unit too far). Raises ValueError on nan, inf and non-numbers."""
    if isinstance(number, bool):
        raise ValueError(f"{number!r} is not a number")
    if isinstance(number, int | Fraction):
        return Fraction(number)
    return Fraction(str(number))  # str also covers numpy numbers and Decimal


def _scaled(number: float | int | str | Fraction, scale: int) -> int:
    """`number * scale`, rounded down, computed exactly."""
    return math.floor(_exact(number) * scale)


def _scaled_euclidean(
    p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction], scale: int
) -> int:
    """floor(scale * |p - q|), exactly: floor(sqrt(x)) == isqrt(floor(x)) for every real x >= 0."""
    square = ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) * scale * scale
    return math.isqrt(math.floor(square))


def _integer_score(value: Any, what: str) -> int:
    """A score must be a non-negative whole number: CP-SAT maximises integers."""
    try:
        exact = _exact(value)
    except (TypeError, ValueError):
        raise InstanceError(f"{what}: score {shown(value)} is not a number") from None
    if exact.denominator != 1 or exact < 0:
        raise InstanceError(f"{what}: score {shown(value)} is not a whole number >= 0")
    return int(exact)


def _coordinate(value: Any, what: str) -> Fraction:
    """A point's coordinate, exactly, within -`MAX_COORDINATE`..`MAX_COORDINATE`."""
    try:
        exact = _exact(value)
    except (TypeError, ValueError):
        raise InstanceError(f"{what}: coordinate {shown(value)} is not a number") from None
    if abs(exact) > MAX_COORDINATE:
        raise InstanceError(f"{what}: coordinate {shown(value)} is {_beyond_coordinates()}")
    return exact


def _point(point: Any, what: str) -> tuple[Fraction, Fraction]:
    """A point's two coordinates, exactly, each in range."""
    try:
        x, y = point
    except (TypeError, ValueError):  # not a pair
        raise InstanceError(f"{what}: expected a point (x, y), got {shown(point)}") from None
    return _coordinate(x, what), _coordinate(y, what)


def _beyond_coordinates() -> str:
    return f"outside -{MAX_COORDINATE:,}..{MAX_COORDINATE:,}, the planner's range"


def _count(n: int, name: str) -> None:
    """At most `MAX_POINTS` points: the model has a literal for every leg between two."""
    if n > MAX_POINTS:
        raise InstanceError(f"{name}: {n:,} points, more than the planner takes ({MAX_POINTS:,})")


def _travel_limit(tmax: Any, name: str) -> Fraction:
    """The travel limit, exactly: a number from 0 to `MAX_TMAX`."""
    real = isinstance(tmax, numbers.Real) and not isinstance(tmax, bool)
    if not real or tmax != tmax:  # not a number, or NaN
        raise InstanceError(f"{name}: tmax {shown(tmax)} is not a number")
    if tmax < 0:
        raise InstanceError(f"{name}: tmax {shown(tmax)} is negative")
    if tmax > MAX_TMAX:  # infinity too
        raise InstanceError(f"{name}: tmax {shown(tmax)} is {_beyond_tmax()}")
    return _exact(tmax)


def _beyond_tmax() -> str:
    return f"over {MAX_TMAX:,}, the longest travel limit the planner takes"


def _score_range(score: int | str) -> str:
    shown_score = _whole(score) if isinstance(score, int) else score
    return f"score {shown_score} is over {MAX_SCORE:,}, the highest the planner takes"


def _whole(number: int) -> str:
    """A whole number with its thousands apart, or in words when too long to print."""
    return f"{number:,}" if number.bit_length() <= 128 else shown(number)


@dataclass(frozen=True, slots=True)
class OPInstance:
    """One Orienteering Problem: points with scores, a start, an end and a travel limit.

    `distances[i][j]` is the length of the leg i -> j in scaled integers (None when there is no
    way from i to j); the matrix may be asymmetric (a directed game map). `tmax` is the limit in
    the instance's own units and `budget` the same limit scaled and rounded down. The scores of
    `start` and `end` always count, since every route passes there."""

    name: str
    scores: tuple[int, ...]
    start: int
    end: int
    tmax: float
    distances: tuple[tuple[int | None, ...], ...] = field(repr=False)
    scale: int = SCALE
    coords: tuple[tuple[float, float], ...] | None = field(default=None, repr=False)
    labels: tuple[Hashable, ...] | None = field(default=None, repr=False)
    budget: int = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.scores)
        if n < 2:
            raise InstanceError(f"{self.name}: an instance needs a start and an end point")
        _count(n, self.name)
        for i, score in enumerate(self.scores):
            if not isinstance(score, int) or isinstance(score, bool) or score < 0:
                raise InstanceError(
                    f"{self.name}: point {i}: score {shown(score)} is not an integer >= 0"
                )
            if score > MAX_SCORE:
                raise InstanceError(f"{self.name}: point {i}: {_score_range(score)}")
        if not (0 <= self.start < n and 0 <= self.end < n) or self.start == self.end:
            raise InstanceError(
                f"{self.name}: start {self.start} and end {self.end} must be two different "
                f"points among 0..{n - 1} (a round trip uses a copy of the start as the end)"
            )
        if not isinstance(self.scale, int) or isinstance(self.scale, bool) or self.scale < 1:
            raise InstanceError(f"{self.name}: scale {shown(self.scale)} is not a positive integer")
        budget = math.floor(_travel_limit(self.tmax, self.name) * self.scale)
        object.__setattr__(self, "budget", budget)
        if len(self.distances) != n or any(len(row) != n for row in self.distances):
            raise InstanceError(f"{self.name}: the distance matrix is not {n} x {n}")
        for i, row in enumerate(self.distances):
            for j, leg in enumerate(row):
                if leg is not None and (
                    not isinstance(leg, int) or isinstance(leg, bool) or leg < 0
                ):
                    raise InstanceError(
                        f"{self.name}: distance {i}->{j} is {shown(leg)}, not an int >= 0"
                    )
            if row[i] != 0:
                raise InstanceError(f"{self.name}: distance {i}->{i} is {shown(row[i])}, not 0")
        self._within_cp_sat()
        if self.coords is not None and len(self.coords) != n:
            raise InstanceError(f"{self.name}: {len(self.coords)} coordinates for {n} points")
        labels = tuple(range(n)) if self.labels is None else tuple(self.labels)
        if len(labels) != n:
            raise InstanceError(f"{self.name}: {len(labels)} labels for {n} points")
        object.__setattr__(self, "labels", labels)

    def _within_cp_sat(self) -> None:
        """The scaled budget and the legs together within `CP_SAT_LIMIT`: what the ranges of
        `read_op_file` and `from_points` keep to, here for an instance of any source."""
        scale, limit = _whole(self.scale), f"{CP_SAT_LIMIT:,}"
        if self.budget > CP_SAT_LIMIT:
            raise InstanceError(
                f"{self.name}: tmax {self.tmax:g} is {_whole(self.budget)} at the scale {scale}, "
                f"over the {limit} that the planner's integers hold"
            )
        total = sum(leg for row in self.distances for leg in row if leg is not None)
        if total > CP_SAT_LIMIT:
            raise InstanceError(
                f"{self.name}: the legs add up to {_whole(total)} at the scale {scale}, over the "
                f"{limit} that the planner's integers hold: shorter legs, fewer points or a "
                "smaller scale"
            )

    @property
    def n(self) -> int:
        """The number of points, start and end included."""
        return len(self.scores)

    def label(self, point: int) -> Hashable:
        """The name of point number `point`: its node on a map, its number in a file."""
        return point if self.labels is None else self.labels[point]

    @classmethod
    def from_points(
        cls,
        coords: Sequence[tuple[float, float]],
        scores: Sequence[int],
        tmax: float,
        *,
        start: int = 0,
        end: int = 1,
        name: str = "points",
        scale: int = SCALE,
    ) -> OPInstance:
        """Points in the plane with Euclidean legs, scaled by `scale` and rounded down; each
        coordinate within -`MAX_COORDINATE`..`MAX_COORDINATE`."""
        _count(len(coords), name)
        exact = [_point(point, f"{name}: point {i}") for i, point in enumerate(coords)]
        distances = tuple(tuple(_scaled_euclidean(p, q, scale) for q in exact) for p in exact)
        return cls(
            name=name,
            scores=tuple(_integer_score(s, f"{name}: point {i}") for i, s in enumerate(scores)),
            start=start,
            end=end,
            tmax=tmax,
            distances=distances,
            scale=scale,
            coords=tuple((float(x), float(y)) for x, y in exact),
        )

    @classmethod
    def from_graph(
        cls,
        graph: nx.Graph,
        start: Hashable,
        end: Hashable,
        budget: float,
        score: str = "score",
        weight: str = "weight",
        *,
        name: str | None = None,
        scale: int | None = None,
    ) -> OPInstance:
        """The OP on a map: the points are `start`, `end` and every node with a positive `score`
        attribute; a leg between two points is their shortest path in `graph` (its metric
        closure), so a route may pass through other nodes on the way. Directed graphs give
        directed legs. Edges without `weight` count 1. `scale` defaults to 1 when every weight
        and the budget are whole numbers (legs stay exact) and to `SCALE` otherwise. A node that
        cannot be reached from `start`, or cannot reach `end`, is left out. When `start == end`
        the route is a round trip: the instance gets a copy of the node as its end point."""
        name = name if name is not None else str(graph.graph.get("name") or "graph")
        for role, node in (("start", start), ("end", end)):
            if node not in graph:
                raise InstanceError(f"{role} node {shown(node)} is not in the graph")
        weights = []
        for u, v, data in graph.edges(data=True):
            value = data.get(weight, 1)
            try:
                exact = _exact(value)
            except (TypeError, ValueError):
                exact = None
            if exact is None or exact < 0:
                raise InstanceError(
                    f"edge ({shown(u)}, {shown(v)}): {weight} {shown(value)} is not a number >= 0"
                )
            weights.append(exact)
        if scale is None:
            limit = _travel_limit(budget, name)
            whole = all(v.denominator == 1 for v in [*weights, limit])
            scale = 1 if whole else SCALE

        def leg(_u: Hashable, _v: Hashable, data: dict[str, Any]) -> int:
            if graph.is_multigraph():
                return min(_scaled(d.get(weight, 1), scale) for d in data.values())
            return _scaled(data.get(weight, 1), scale)

        prized = {
            node: _integer_score(data.get(score, 0), f"node {node!r}")
            for node, data in graph.nodes(data=True)
        }
        from_start = nx.single_source_dijkstra_path_length(graph, start, weight=leg)
        to_end = (
            nx.single_source_dijkstra_path_length(graph.reverse(copy=False), end, weight=leg)
            if graph.is_directed()
            else nx.single_source_dijkstra_path_length(graph, end, weight=leg)
        )
        middle = [
            node
            for node, value in prized.items()
            if value > 0 and node not in (start, end) and node in from_start and node in to_end
        ]
        nodes = [start, *middle, end]
        _count(len(nodes), name)
        rows = []
        for node in nodes:
            reach = (
                from_start
                if node == start
                else nx.single_source_dijkstra_path_length(graph, node, weight=leg)
            )
            rows.append(tuple(reach.get(other) for other in nodes))
        scores = [prized[start], *(prized[node] for node in middle), prized[end]]
        if start == end:  # the copy at the end: same place, nothing more to collect
            scores[-1] = 0
        positions = [graph.nodes[node].get("pos") for node in nodes]
        coords = None
        if all(p is not None for p in positions):
            at = [_point(graph.nodes[node]["pos"], f"node {shown(node)}") for node in nodes]
            coords = tuple((float(x), float(y)) for x, y in at)
        return cls(
            name=name,
            scores=tuple(scores),
            start=0,
            end=len(nodes) - 1,
            tmax=budget,
            distances=tuple(rows),
            scale=scale,
            coords=coords,
            labels=tuple(nodes),
        )

    def evaluate(self, indices: Sequence[int]) -> tuple[int, int]:
        """`(score, scaled length)` of a route given as point numbers, after checking that it
        runs from start to end, visits no point twice, uses existing legs and keeps within the
        budget. Raises `RouteError` saying what is wrong."""
        route = list(indices)
        if not route or route[0] != self.start or route[-1] != self.end:
            raise RouteError(
                f"{self.name}: route {route} does not run from {self.start} to {self.end}"
            )
        if len(set(route)) != len(route) or not all(0 <= i < self.n for i in route):
            raise RouteError(f"{self.name}: route {route} repeats a point or names an unknown one")
        length = 0
        for a, b in zip(route, route[1:], strict=False):
            leg = self.distances[a][b]
            if leg is None:
                raise RouteError(f"{self.name}: route {route} uses the missing leg {a}->{b}")
            length += leg
        if length > self.budget:
            raise RouteError(
                f"{self.name}: route {route} is {length / self.scale:g} long, over "
                f"the limit {self.tmax:g}"
            )
        return sum(self.scores[i] for i in route), length

    def fits_exactly(self, indices: Sequence[int]) -> bool:
        """Whether the route's exact Euclidean length, from the coordinates as written and with
        no rounding, is at most `tmax`. The solvers round every leg down, so a route they
        return may in principle be longer than `tmax` by up to a unit per leg; this settles it.
        Each leg is bounded above by a whole number: its length times 10^40, rounded up (an
        integer square root), so the sum is above the true length by less than 10^-38."""
        if self.coords is None:
            raise ValueError(f"{self.name}: no coordinates, so no Euclidean length")
        unit = 10**40
        exact = [(_exact(x), _exact(y)) for x, y in self.coords]
        above = 0
        for a, b in zip(indices, indices[1:], strict=False):
            (ax, ay), (bx, by) = exact[a], exact[b]
            square = math.ceil(((ax - bx) ** 2 + (ay - by) ** 2) * unit**2)
            root = math.isqrt(square)
            above += root if root * root == square else root + 1
        return above <= _exact(self.tmax) * unit


def read_op_file(path: str | Path) -> OPInstance:
    """Read one instance in the standard OP file format (Tsiligirides' sets, Chao, Golden and
    Wasil's sets 64 and 66): `Tmax<TAB>P` (P = 1 path), then the start point `x y 0`, the end
    point `x y 0`, and one `x y score` line per further point. Any error names the file, the
    line and the problem, because these files are edited by hand. The ranges (`MAX_POINTS` and
    the rest, what CP-SAT takes once the model is scaled): at most 1,000 points, coordinates
    from -1e8 to 1e8, Tmax from 0 to 1e12, scores whole numbers from 0 to 1e9; a file of at most
    1,000,000 bytes (`kit.core.data.read_file`)."""
    path = Path(path)
    data = read_file(path, str(path), OPFileError)
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise OPFileError(str(path), "", "not a text file (not UTF-8)") from None
    while lines and not lines[-1].strip():
        lines.pop()
    text = _OPLines(path, lines)
    tmax = text.tmax()
    coords, scores = text.points()
    return OPInstance.from_points(
        coords,
        scores,
        tmax=int(tmax) if tmax.denominator == 1 else float(tmax),
        name=path.stem,
    )


class _OPLines:
    """The lines of an OP file (`read_op_file`), read one at a time; each error names the file
    and the line."""

    def __init__(self, path: Path, lines: list[str]) -> None:
        self.path = path
        self.lines = lines

    def fail(self, line: int, problem: str) -> OPFileError:
        return OPFileError(str(self.path), f"line {line}", problem)

    def numbers(self, line: int, count: int, what: str) -> list[tuple[Fraction, str]]:
        """The line's numbers, each exact and as written."""
        fields = self.lines[line - 1].split()
        if len(fields) != count:
            raise self.fail(line, f"expected {count} columns ({what}), found {len(fields)}")
        try:
            return [(_exact(text), text) for text in fields]
        except (ValueError, ZeroDivisionError):
            problem = f"not a number in {self.lines[line - 1].strip()!r} ({what})"
            raise self.fail(line, problem) from None

    def tmax(self) -> Fraction:
        """The first line's Tmax (a single path), and enough lines for the start and end
        points and no more than `MAX_POINTS`."""
        lines, fail = self.lines, self.fail
        if not lines:
            raise fail(1, "the file is empty; expected 'Tmax<TAB>P'")
        (tmax, tmax_text), (paths, _) = self.numbers(1, 2, "Tmax P")
        if paths != 1:
            raise fail(1, f"P is {paths}; only single-path instances (P = 1) are supported")
        if tmax < 0:
            raise fail(1, f"Tmax is negative ({tmax_text})")
        if tmax > MAX_TMAX:
            raise fail(1, f"Tmax {tmax_text} is {_beyond_tmax()}")
        if len(lines) < 3:
            missing = "start" if len(lines) < 2 else "end"
            raise fail(len(lines) + 1, f"missing the {missing} point 'x<TAB>y<TAB>0'")
        if len(lines) - 1 > MAX_POINTS:
            most = f"more than {MAX_POINTS:,} points, the most the planner takes"
            raise fail(MAX_POINTS + 2, most)
        return tmax

    def points(self) -> tuple[list[tuple[float, float]], list[int]]:
        """Each point's coordinates and score, from the second line on."""
        coords, scores = [], []
        for line in range(2, len(self.lines) + 1):
            x, y, score = self.point(line)
            coords.append((float(x), float(y)))
            scores.append(int(score))
        return coords, scores

    def point(self, line: int) -> tuple[Fraction, Fraction, Fraction]:
        """One point's `x y score`, within the ranges; the start's and the end's score 0."""
        fail = self.fail
        if not self.lines[line - 1].strip():
            raise fail(line, "blank line among the points")
        x, y, (score, score_text) = self.numbers(line, 3, "x y score")
        for value, text in (x, y):
            if abs(value) > MAX_COORDINATE:
                raise fail(line, f"coordinate {text} is {_beyond_coordinates()}")
        if score.denominator != 1 or score < 0:
            raise fail(line, f"score {score_text} is not a whole number >= 0")
        if score > MAX_SCORE:
            raise fail(line, _score_range(score_text))
        if line <= 3 and score != 0:
            role = "start" if line == 2 else "end"
            raise fail(line, f"the {role} point has score {score_text}; the format requires 0")
        return x[0], y[0], score


def expand_route(
    graph: nx.Graph, route: Sequence[Hashable], weight: str = "weight"
) -> list[Hashable]:
    """The full walk on `graph` behind a route of node names from `from_graph`: each leg is
    replaced by its shortest path, so a map can draw every node the traveller passes."""
    walk = list(route[:1])
    for a, b in zip(route, route[1:], strict=False):
        walk += nx.shortest_path(graph, a, b, weight=weight)[1:]
    return walk


# --------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OPResult(Result):
    """What a solver found, a `kit.solve.plan.Result` as every planner's answer: the `route` as
    labels (point numbers for files, node names for graphs) and as `indices`, its score
    (`objective`, 0 without a route) and `length` (in the instance's units), the `status`
    (`OPTIMAL`, `FEASIBLE`, `INFEASIBLE`, `UNKNOWN`), the best proven upper `bound` on the
    score, the `solve_time` in seconds and a plain-words `message` when something is off.
    `interrupted` says that Ctrl-C stopped the search: the route is the best found by then."""

    status: str
    objective: int
    route: tuple[Hashable, ...]
    indices: tuple[int, ...]
    length: float
    bound: float
    solve_time: float
    message: str = ""
    interrupted: bool = False

    def __str__(self) -> str:
        if not self.route and self.status == INFEASIBLE:
            return f"No route: the instance is infeasible; {self.message}."
        if not self.route:
            return f"{self.status}: {self.message or 'no route'}"
        path = " -> ".join(str(label) for label in self.route)
        stopped = "stopped by Ctrl-C, the best route so far: " if self.interrupted else ""
        return (
            f"{stopped}{self.status} score {self.objective} (bound {self.bound:g}), length "
            f"{self.length:g}, {self.solve_time:.2f} s: {path}"
        )


def _result(
    instance: OPInstance,
    indices: Sequence[int],
    status: str,
    score: int,
    length: int,
    bound: float,
    started: float,
    message: str = "",
    interrupted: bool = False,
) -> OPResult:
    """Check a solver's claim against the instance and wrap it; a mismatch raises RouteError
    rather than returning a silently wrong answer."""
    if indices:
        real_score, real_length = instance.evaluate(indices)
        if (real_score, real_length) != (score, length):
            raise RouteError(
                f"{instance.name}: solver claimed score {score}, length {length}, but route "
                f"{list(indices)} scores {real_score} and measures {real_length}"
            )
    return OPResult(
        status=status,
        objective=score,
        route=tuple(instance.label(i) for i in indices),
        indices=tuple(indices),
        length=length / instance.scale,
        bound=bound,
        solve_time=time.perf_counter() - started,
        message=message,
        interrupted=interrupted,
    )


def _length(value: float) -> str:
    """A length as the kit shows lengths (`:g`), with more digits where six would round it
    (0.7615 and not 0.762 beside a budget of 0.762)."""
    short = f"{value:g}"
    return short if float(short) == value else f"{value:.15g}"


def _impossible(instance: OPInstance, started: float) -> OPResult | None:
    """The infeasible answer when even going straight from start to end breaks the budget
    (every route is at least that long by the triangle inequality of shortest paths)."""
    direct = _shortest_from(instance, instance.start)[instance.end]
    if direct is not None and direct <= instance.budget:
        return None
    if direct is None:
        message = "there is no way from the start to the end"
    else:
        shortest = _length(direct / instance.scale)
        message = (
            f"the shortest way from start to end is {shortest}, over the budget "
            f"{_length(instance.tmax)}"
        )
    return OPResult(INFEASIBLE, 0, (), (), 0.0, 0.0, time.perf_counter() - started, message)


# --------------------------------------------------------------------------------------------
# Exact pure-Python search (small instances)
# --------------------------------------------------------------------------------------------


def brute_force(instance: OPInstance) -> OPResult:
    """The optimum by exhaustive dynamic programming over subsets (Held-Karp): for every set of
    visited points and every last point, the shortest way there from the start. Independent of
    OR-Tools and of the CP-SAT model, so it cross-checks them; limited to `BRUTE_FORCE_LIMIT`
    optional points."""
    started = time.perf_counter()
    if (impossible := _impossible(instance, started)) is not None:
        return impossible
    budget, s, e = instance.budget, instance.start, instance.end
    optional = [i for i in range(instance.n) if i not in (s, e)]
    m = len(optional)
    if m > BRUTE_FORCE_LIMIT:
        raise ValueError(
            f"{instance.name}: {m} optional points, brute force stops at {BRUTE_FORCE_LIMIT}"
        )
    inf = math.inf
    d = [[inf if leg is None else float(leg) for leg in row] for row in instance.distances]
    shortest = _held_karp(d, s, optional, budget)
    best_score, best_length, best_mask, best_last = -1, inf, 0, -1
    for mask in range(1 << m):
        length, last = (d[s][e], -1) if mask == 0 else (inf, -1)
        for k in range(m):
            if mask >> k & 1 and shortest[mask][k] + d[optional[k]][e] < length:
                length, last = shortest[mask][k] + d[optional[k]][e], k
        if length > budget:
            continue
        score = sum(instance.scores[optional[k]] for k in range(m) if mask >> k & 1)
        if score > best_score or (score == best_score and length < best_length):
            best_score, best_length, best_mask, best_last = score, length, mask, last
    middle = _walked_back(d, shortest, optional, best_mask, best_last)
    indices = [s, *reversed(middle), e]
    score = best_score + instance.scores[s] + instance.scores[e]
    return _result(instance, indices, OPTIMAL, score, int(best_length), score, started)


def _held_karp(
    d: list[list[float]], s: int, optional: list[int], budget: float
) -> list[list[float]]:
    """`brute_force`'s table: for every set of the `optional` points (a bit mask) and every
    last point of it, the shortest way there from the start `s` (those over `budget` are not
    extended)."""
    m = len(optional)
    shortest = [[math.inf] * m for _ in range(1 << m)]  # [mask][k]: start -> mask, ending at k
    for k, point in enumerate(optional):
        shortest[1 << k][k] = d[s][point]
    for mask in range(1, 1 << m):
        row = shortest[mask]
        for k in range(m):
            here = row[k]
            if here > budget:
                continue
            legs = d[optional[k]]
            for j in range(m):
                bit = 1 << j
                if not mask & bit and here + legs[optional[j]] < shortest[mask | bit][j]:
                    shortest[mask | bit][j] = here + legs[optional[j]]
    return shortest


def _walked_back(
    d: list[list[float]], shortest: list[list[float]], optional: list[int], mask: int, last: int
) -> list[int]:
    """The points of the best set `mask`, ending at `last`, from the last to the first, read
    back through `_held_karp`'s table."""
    m = len(optional)
    middle = []
    while last >= 0:  # walk back through the table
        middle.append(optional[last])
        rest, target = mask & ~(1 << last), shortest[mask][last]
        previous = -1
        for k in range(m):
            if rest >> k & 1 and shortest[rest][k] + d[optional[k]][optional[last]] == target:
                previous = k
                break
        mask, last = rest, previous
    return middle


# --------------------------------------------------------------------------------------------
# Shortest ways and the insertion heuristic
# --------------------------------------------------------------------------------------------


def _dijkstra(n: int, leg: Callable[[int, int], int | None], source: int) -> list[int | None]:
    """Dense Dijkstra: the shortest scaled distance from `source` along `leg(a, b)` (None where
    there is no way)."""
    best = {source: 0}
    done: set[int] = set()
    while len(done) < len(best):
        distance, here = min((d, i) for i, d in best.items() if i not in done)
        done.add(here)
        for other in range(n):
            step = leg(here, other)
            if step is None or other in done:
                continue
            if other not in best or distance + step < best[other]:
                best[other] = distance + step
    return [best.get(i) for i in range(n)]


def _shortest_from(instance: OPInstance, source: int) -> list[int | None]:
    """Shortest scaled distances from `source` to every point. Rounded legs need not obey the
    triangle inequality, so bounds use these rather than the direct legs."""
    return _dijkstra(instance.n, lambda a, b: instance.distances[a][b], source)


def _shortest_to(instance: OPInstance, target: int) -> list[int | None]:
    """Shortest scaled distances from every point to `target`."""
    return _dijkstra(instance.n, lambda a, b: instance.distances[b][a], target)


def _insertion_route(instance: OPInstance, points: Iterable[int], power: float) -> list[int]:
    """A good route fast: insert the point with the best score**power / added length at its
    cheapest place while the budget allows, shorten the route by 2-opt when nothing fits any
    more, and repeat. Used to hint CP-SAT, never as an answer by itself."""
    d, budget, scores = instance.distances, instance.budget, instance.scores
    big = 2 * budget + 1  # a missing leg is never affordable

    def leg(a: int, b: int) -> int:
        value = d[a][b]
        return big if value is None else value

    symmetric = all(d[a][b] == d[b][a] for a in range(instance.n) for b in range(a))
    route = [instance.start, instance.end]
    length = leg(instance.start, instance.end)
    left = set(points) - set(route)
    while True:
        inserted = False
        while left:
            best = None
            for point in left:
                for place in range(1, len(route)):
                    a, b = route[place - 1], route[place]
                    extra = leg(a, point) + leg(point, b) - leg(a, b)
                    if length + extra <= budget:
                        # Rounded legs may break the triangle inequality: a detour can shorten.
                        value = (scores[point] ** power) / (max(extra, 0) + 1)
                        if best is None or value > best[0]:
                            best = (value, point, place, extra)
            if best is None:
                break
            _, point, place, extra = best
            route.insert(place, point)
            length += extra
            left.discard(point)
            inserted = True
        if not (inserted and symmetric and left):
            return route
        improved = True
        while improved:  # 2-opt: reverse route[i..j] when that shortens it
            improved = False
            for i in range(1, len(route) - 2):
                for j in range(i + 1, len(route) - 1):
                    a, b, c, e = route[i - 1], route[i], route[j], route[j + 1]
                    delta = leg(a, c) + leg(b, e) - leg(a, b) - leg(c, e)
                    if delta < 0:
                        route[i : j + 1] = reversed(route[i : j + 1])
                        length += delta
                        improved = True


def heuristic_route(instance: OPInstance, points: Iterable[int] | None = None) -> list[int]:
    """The best of a few insertion runs (different weights of score against added length), as
    point numbers from start to end. Feasible whenever going straight from start to end is."""
    points = list(range(instance.n) if points is None else points)
    best, best_score = [instance.start, instance.end], -1
    for power in (0.5, 1.0, 1.5, 2.0, 3.0):
        route = _insertion_route(instance, points, power)
        try:
            score, _ = instance.evaluate(route)
        except RouteError:
            continue
        if score > best_score:
            best, best_score = route, score
    return best


# --------------------------------------------------------------------------------------------
# CP-SAT models
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Strengthening:
    """What the kit adds to the plain `AddCircuit` model. Every part keeps the optimum intact:
    - `prune`: leave out points i with dist(start, i) + dist(i, end) > budget, and legs i -> j
      with dist(start, i) + d(i, j) + dist(j, end) > budget (dist = shortest way), since no
      route within budget can use them;
    - `hint`: start the search from `heuristic_route`;
    - `cuts`: let the bound-proving search separate subtour cuts on the circuit (CP-SAT's
      linearization level 2), which tightens the LP bound on the score most of all;
    - `conflicts`: forbid visiting both points of a pair that no route within budget can join
      (`_conflicts`): the LP otherwise takes a half of each of two far-apart points;
    - `mirrors`: when a reflection maps the instance onto itself (`_mirrors`: across the line
      through start and end, or across the bisector between them, which reverses the route),
      keep only the routes whose score on the positive side of the axis is at least that on the
      negative side: every route or its mirror image is kept, and the search no longer proves
      the same bound twice, once on each side;
    - `routing_lns`: on two workers or more, the worker that CP-SAT shares among neighbourhood
      searches runs only those that know the circuit (its routing neighbourhoods and rins/rens),
      not the `GENERIC_LNS` that take their turns and seldom improve a route.

    The cuts do most of the work; `conflicts` and `mirrors` are what make small budgets fast
    (Chao's set 66), and `routing_lns` finds an optimal route that comes late sooner. The
    figures (`benchmarks/orienteering.py --kit ...`) and the parts tried and left out because
    they made the search slower are in `benchmarks/RESULTS.md`, Orienteering."""

    prune: bool = True
    hint: bool = True
    cuts: bool = True
    conflicts: bool = True
    mirrors: bool = True
    routing_lns: bool = True


KIT = Strengthening()
PLAIN = Strengthening(
    prune=False,
    hint=False,
    cuts=False,
    conflicts=False,
    mirrors=False,
    routing_lns=False,
)

GENERIC_LNS = (
    "feasibility_pump",
    "graph_arc_lns",
    "graph_cst_lns",
    "graph_dec_lns",
    "graph_var_lns",
    "ls",
    "rnd_cst_lns",
    "rnd_var_lns",
)
"""The CP-SAT subsolvers that `Strengthening.routing_lns` leaves out: the neighbourhoods that
know nothing of routes, and the feasibility searches that a hinted model does not need."""


@dataclass
class _Model:
    """A built CP-SAT model and the handles needed to read a route back from it."""

    model: Any
    legs: dict[tuple[int, int], Any]  # (i, j) -> the literal "the route goes i -> j"
    length: Any
    score: Any


def _conflicts(
    instance: OPInstance,
    points: Sequence[int],
    from_start: Sequence[int | None],
    to_end: Sequence[int | None],
) -> list[tuple[int, int]]:
    """The pairs of points that no route within budget can both visit: start -> i -> j -> end
    and start -> j -> i -> end are both too long, even along shortest ways. The direct legs
    screen the pairs first (a shortest way is never longer), so shortest ways are searched
    from the few points left, not between every two points."""
    budget, d = instance.budget, instance.distances
    middle = [i for i in points if i not in (instance.start, instance.end)]
    shortest: dict[int, list[int | None]] = {}

    def too_long(i: int, leg: int | None, j: int) -> bool:
        before, after = from_start[i], to_end[j]
        return before is None or leg is None or after is None or before + leg + after > budget

    def way(i: int, j: int) -> int | None:
        if i not in shortest:
            shortest[i] = _shortest_from(instance, i)
        return shortest[i][j]

    candidates = [
        (i, j)
        for a, i in enumerate(middle)
        for j in middle[a + 1 :]
        if too_long(i, d[i][j], j) and too_long(j, d[j][i], i)
    ]
    return [
        (i, j) for i, j in candidates if too_long(i, way(i, j), j) and too_long(j, way(j, i), i)
    ]


@dataclass(frozen=True, slots=True)
class _Mirror:
    """A reflection of the plane that maps the instance onto itself: `image[i]` is the point
    where point i lands (same score, every distance kept), `side[i]` is +1, -1 or 0 (on the
    axis), and `reverses` says that it swaps start and end (a route is then read backwards)."""

    image: tuple[int, ...]
    side: tuple[int, ...]
    reverses: bool


def _mirrors(instance: OPInstance) -> list[_Mirror]:
    """The reflections across the line through start and end and across the perpendicular
    bisector of start and end that map the instance onto itself. Found on the coordinates,
    then checked exactly on the scores and the integer distances."""
    if instance.coords is None:
        return []
    (sx, sy), (ex, ey) = instance.coords[instance.start], instance.coords[instance.end]
    ux, uy = ex - sx, ey - sy
    norm = math.hypot(ux, uy)
    if norm == 0:
        return []
    ux, uy = ux / norm, uy / norm
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    where = {(round(x, 6), round(y, 6)): i for i, (x, y) in enumerate(instance.coords)}
    found = []
    for along in (True, False):  # the axis runs along start -> end, or across it
        ax, ay = (ux, uy) if along else (-uy, ux)
        image, side = [], []
        for x, y in instance.coords:
            dx, dy = x - mx, y - my
            inner = dx * ax + dy * ay  # the part along the axis stays, the rest flips
            rx, ry = mx + 2 * inner * ax - dx, my + 2 * inner * ay - dy
            image.append(where.get((round(rx, 6), round(ry, 6)), -1))
            across = -dx * ay + dy * ax
            side.append(0 if abs(across) < 1e-9 else 1 if across > 0 else -1)
        d, n = instance.distances, instance.n
        if (
            -1 not in image
            and all(instance.scores[image[i]] == instance.scores[i] for i in range(n))
            and all(d[image[i]][image[j]] == d[i][j] for i in range(n) for j in range(n))
            and (along or all(d[i][j] == d[j][i] for i in range(n) for j in range(i)))
        ):
            found.append(_Mirror(tuple(image), tuple(side), reverses=not along))
    return found


def _mirrored(route: list[int], mirror: _Mirror) -> list[int]:
    """`route` reflected by `mirror`, read from start to end."""
    image = [mirror.image[i] for i in route]
    return image[::-1] if mirror.reverses else image


def _build(instance: OPInstance, strengthening: Strengthening) -> _Model:
    """The path start -> end as a circuit: one literal per leg, a self-loop literal for every
    skipped point, and a fixed leg end -> start that closes the path into a circuit."""
    model = cp_model.CpModel()
    s, e, budget, d = instance.start, instance.end, instance.budget, instance.distances
    from_start, to_end = _shortest_from(instance, s), _shortest_to(instance, e)

    def fits(i: int, leg: int, j: int) -> bool:
        """Whether a route start -> i, then `leg`, then j -> end keeps within the budget."""
        before, after = from_start[i], to_end[j]
        return before is not None and after is not None and before + leg + after <= budget

    points = [
        i for i in range(instance.n) if i in (s, e) or not strengthening.prune or fits(i, 0, i)
    ]
    node = {point: k for k, point in enumerate(points)}  # AddCircuit wants nodes 0..m-1
    legs: dict[tuple[int, int], Any] = {}
    for i in points:
        for j in points:
            leg = d[i][j]
            if i in (j, e) or j == s or leg is None:
                continue
            if strengthening.prune and not fits(i, leg, j):
                continue
            legs[i, j] = model.new_bool_var(f"leg_{i}_{j}")
    closing = model.new_bool_var("closing")
    model.add(closing == 1)
    visit = {i: model.new_bool_var(f"visit_{i}") for i in points if i not in (s, e)}
    circuit = [(node[i], node[j], literal) for (i, j), literal in legs.items()]
    circuit.append((node[e], node[s], closing))
    circuit += [(node[i], node[i], literal.Not()) for i, literal in visit.items()]
    model.add_circuit(circuit)
    length = sum(d[i][j] * literal for (i, j), literal in legs.items())
    model.add(length <= budget)
    fixed = instance.scores[s] + instance.scores[e]
    score: Any = sum(instance.scores[i] * literal for i, literal in visit.items()) + fixed
    model.maximize(score)
    if strengthening.conflicts:
        for i, j in _conflicts(instance, points, from_start, to_end):
            model.add_bool_or([visit[i].Not(), visit[j].Not()])
    mirrors = _mirrors(instance) if strengthening.mirrors else []
    for mirror in mirrors:  # keep the route whose higher score is on the axis's positive side
        model.add(
            sum(mirror.side[i] * instance.scores[i] * literal for i, literal in visit.items()) >= 0
        )

    if strengthening.hint:
        route = heuristic_route(instance, points)
        for mirror in mirrors:
            if sum(mirror.side[i] * instance.scores[i] for i in route) < 0:
                route = _mirrored(route, mirror)
        used = set(zip(route, route[1:], strict=False))
        for key, literal in legs.items():
            model.add_hint(literal, key in used)
        for i, literal in visit.items():
            model.add_hint(literal, i in route)
        model.add_hint(closing, True)
    return _Model(model, legs, length, score)


def _add_cut_parameters(parameters: Any, workers: int) -> None:
    """Make the search thread that proves the bound separate subtour cuts for the circuit.

    CP-SAT only generates circuit cuts at linearization level 2. One worker gets that level;
    with several, the `max_lp` subsolver (level 2) takes the slot of `default_lp` (level 1),
    which is the only full subsolver CP-SAT runs beside local search at two workers."""
    if workers == 1:
        parameters.linearization_level = 2
    else:
        parameters.ignore_subsolvers.append("default_lp")
        parameters.extra_subsolvers.append("max_lp")


def _progress(on_solution: OnSolution, started: float) -> Any:
    """A CP-SAT solution callback that reports every improving solution to `on_solution`."""

    class Progress(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            on_solution(
                round(self.objective_value),
                self.best_objective_bound,
                time.perf_counter() - started,
            )

    return Progress()


def solve(
    instance: OPInstance,
    *,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
    strengthening: Strengthening = KIT,
) -> OPResult:
    """The best route within `time_limit` seconds on `workers` CP-SAT threads, proven optimal
    when the status says `OPTIMAL`. `on_solution(score, bound, elapsed)` hears of every
    improving solution, for progress bars. An instance whose start and end are too far apart
    comes back `INFEASIBLE` with a message instead of raising. Ctrl-C (or interrupting the
    notebook's kernel) stops the search within moments: the result is the best route found by
    then, marked `interrupted` (a loop of solves should stop there too). `strengthening`
    exists to measure the parts of the kit's model one by one; the default turns them all on.
    `time_limit` and `workers` are checked by `kit.core.limits` (`KitError`)."""
    if cp_model is None:
        raise ImportError("OR-Tools is not installed; use brute_force for small instances")
    time_limit, workers = limits.time_limit(time_limit), limits.workers(workers)
    started = time.perf_counter()
    if (impossible := _impossible(instance, started)) is not None:
        return impossible
    built = _build(instance, strengthening)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    if strengthening.cuts:
        _add_cut_parameters(solver.parameters, workers)
    if strengthening.routing_lns:
        solver.parameters.ignore_subsolvers.extend(GENERIC_LNS)
    callback = _progress(on_solution, started) if on_solution is not None else None
    status, interrupted = run_solver(solver, built.model, callback)
    name = solver.status_name(status)
    found = {cp_model.OPTIMAL: OPTIMAL, cp_model.FEASIBLE: FEASIBLE}.get(status)
    if found is None:
        message = "no route found within the time limit" if name == "UNKNOWN" else name
        if interrupted:
            message = "stopped by Ctrl-C before any route was found"
        bound, elapsed = solver.best_objective_bound, time.perf_counter() - started
        said = INFEASIBLE if status == cp_model.INFEASIBLE else UNKNOWN
        return OPResult(said, 0, (), (), 0.0, bound, elapsed, message, interrupted)
    after = {i: j for (i, j), literal in built.legs.items() if solver.boolean_value(literal)}
    indices = [instance.start]
    while indices[-1] != instance.end:
        if indices[-1] not in after or len(indices) > instance.n:
            raise RouteError(f"{instance.name}: the solver's legs {after} do not reach the end")
        indices.append(after[indices[-1]])
    score = solver.value(built.score)
    bound = max(float(score), solver.best_objective_bound)
    length = solver.value(built.length)
    return _result(instance, indices, found, score, length, bound, started, "", interrupted)


def solve_plain(
    instance: OPInstance,
    *,
    time_limit: float = 10.0,
    workers: int = 2,
    on_solution: OnSolution | None = None,
) -> OPResult:
    """The straightforward `AddCircuit` model with none of the kit's strengthening: the
    baseline that `benchmarks/orienteering.py` measures `solve` against."""
    return solve(
        instance,
        time_limit=time_limit,
        workers=workers,
        on_solution=on_solution,
        strengthening=PLAIN,
    )


def main(argv: Sequence[str]) -> int:
    """`kit solve orienteering FILE [--time-limit S] [--workers N]`: the best route of an
    instance file in the standard OP format (see `read_op_file`), with its score, the solver's
    status and the proven bound; improving routes are reported on stderr as they are found. Ctrl-C
    stops the search and prints the best route found so far."""
    parser = planner_parser(
        "kit solve orienteering",
        "The best route of an orienteering instance file, with its proven bound.",
        (),
        time_limit=60.0,
        workers="CP-SAT threads (default 2)",
    )
    parser.add_argument("file", help="an instance file: 'Tmax P', then 'x y score' per point")
    args = parser.parse_args(list(argv))
    instance = read_op_file(args.file)
    print(f"{instance.name}: {instance.n} points, travel limit {instance.tmax:g}", flush=True)

    def show(score: int, bound: float, elapsed: float) -> None:
        print(f"  {elapsed:6.2f} s: a route scoring {score} ({bound_text(bound)})", file=sys.stderr)

    result = solve(instance, time_limit=args.time_limit, workers=args.workers, on_solution=show)
    print(result)
    return 130 if result.interrupted else result.exit_status


__all__ = [
    "BRUTE_FORCE_LIMIT",
    "KIT",
    "PLAIN",
    "SCALE",
    "OPFileError",
    "OPInstance",
    "OPResult",
    "OnSolution",
    "RouteError",
    "Strengthening",
    "brute_force",
    "expand_route",
    "heuristic_route",
    "read_op_file",
    "solve",
    "solve_plain",
]
