"""The Orienteering Problem solvers against published optima, brute force and bad input."""

from __future__ import annotations

import csv
import dataclasses
import math
import os
import signal
import threading
from pathlib import Path
from types import SimpleNamespace

import networkx as nx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kit.solve.orienteering import (
    KIT,
    PLAIN,
    InstanceError,
    OPFileError,
    OPInstance,
    RouteError,
    _result,  # the check behind every solver's answer
    brute_force,
    expand_route,
    heuristic_route,
    main,
    read_op_file,
    solve,
    solve_plain,
)
from kit.solve.plan import run_solver

DATA = Path(__file__).parents[1] / "data" / "op-tsiligirides"
CHAO = Path(__file__).parents[1] / "data" / "op-chao"


def best_known(*sets: int) -> list[tuple[str, int]]:
    with open(DATA / "best_known.tsv", encoding="utf-8") as table:
        rows = csv.DictReader(table, delimiter="\t")
        return [(r["file"], int(r["best_known_score"])) for r in rows if int(r["set"]) in sets]


def chao_table() -> dict[str, dict[str, str]]:
    """The published scores of sets 64 and 66, by file."""
    with open(CHAO / "best_known.tsv", encoding="utf-8") as table:
        return {row["file"]: row for row in csv.DictReader(table, delimiter="\t")}


PROVEN_ABOVE_PUBLISHED = {"set-64/chao_set_64_1_80.txt": (1284, 1272)}
"""(proven optimum, highest published score) where the two differ."""

QUICK_CHAO = [
    "set-64/chao_set_64_1_15.txt",
    "set-66/chao_set_66_1_005.txt",
    "set-66/chao_set_66_1_010.txt",
    "set-66/chao_set_66_1_015.txt",
]
"""The instances of sets 64 and 66 that prove in a few seconds; `benchmarks/orienteering.py`
solves all 40."""


def assert_valid_route(instance: OPInstance, result) -> None:
    """Check a result from first principles: the coordinates, not the solver's matrix."""
    route = list(result.indices)
    assert route[0] == instance.start and route[-1] == instance.end
    assert len(set(route)) == len(route)
    assert result.route == tuple(instance.labels[i] for i in route)
    assert sum(instance.scores[i] for i in route) == result.objective
    real = sum(
        math.dist(instance.coords[a], instance.coords[b])
        for a, b in zip(route, route[1:], strict=False)
    )
    # each leg is rounded down by less than 1/scale, so the real length may exceed tmax by that
    assert real <= instance.tmax + len(route) / instance.scale
    assert result.length <= instance.tmax
    assert math.isclose(result.length, real, abs_tol=len(route) / instance.scale)


# ---- reading files ---------------------------------------------------------------------------


def test_reader_reads_sizes_scores_and_scaled_distances():
    one = read_op_file(DATA / "set-1" / "tsiligirides_problem_1_budget_50.txt")
    assert (one.name, one.n, sum(one.scores), one.start, one.end) == (
        "tsiligirides_problem_1_budget_50",
        32,
        285,
        0,
        1,
    )
    assert (one.tmax, one.budget) == (50, 500_000)
    assert one.coords[0] == (10.5, 14.4) and one.coords[1] == (11.2, 14.1)
    assert one.scores[2] == 10 and one.coords[2] == (18.0, 15.9)
    # |(10.5, 14.4) - (11.2, 14.1)| = sqrt(0.58) = 0.76157..., times 10,000 rounded down
    assert one.distances[0][1] == one.distances[1][0] == 7615
    two = read_op_file(DATA / "set-2" / "tsiligirides_problem_2_budget_15.txt")
    three = read_op_file(DATA / "set-3" / "tsiligirides_problem_3_budget_015.txt")
    assert (two.n, sum(two.scores)) == (21, 450)
    assert (three.n, sum(three.scores)) == (33, 800)
    # "10.30" in set 2 is read as the exact decimal 10.3
    assert two.coords[5] == (3.2, 10.3)


def test_reader_reads_the_chao_sets_unchanged():
    diamond = read_op_file(CHAO / "set-64" / "chao_set_64_1_80.txt")
    square = read_op_file(CHAO / "set-66" / "chao_set_66_1_005.txt")
    assert (diamond.n, sum(diamond.scores), diamond.tmax) == (64, 1344, 80)
    assert diamond.coords[:2] == ((0.0, -7.0), (0.0, 7.0))
    assert all(abs(x) + abs(y) <= 7 for x, y in diamond.coords)
    assert (square.n, sum(square.scores), square.tmax) == (66, 1680, 5)
    assert square.coords[:2] == ((-0.5, 0.0), (0.5, 0.0))
    assert sorted(set(square.scores)) == [0, 5, 15, 25, 35]
    assert b"\r\n" in (CHAO / "set-66" / "chao_set_66_1_005.txt").read_bytes()


def test_chao_table_lists_every_file_and_the_highest_published_score():
    table = chao_table()
    assert len(table) == 40 and all((CHAO / file).is_file() for file in table)
    for row in table.values():
        published = [int(row[column]) for column in ("chao_1996", "schilde_gls", "vns_log")]
        assert int(row["best_known_score"]) == max(published)
    # Chao, Golden and Wasil's 195 for set 66, Tmax 20, is below the 205 of the VNS table
    assert table["set-66/chao_set_66_1_020.txt"]["chao_1996"] == "195"


def test_distances_are_exact_where_floats_would_round_wrongly():
    # 0.3 and 0.4 are not exact in binary; the leg is exactly 0.5, so 5,000 and not 4,999
    instance = OPInstance.from_points([(0.1, 0.2), (0.4, 0.6)], [0, 0], tmax=1)
    assert instance.distances[0][1] == 5000


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("", "line 1", "empty"),
        ("15\n", "line 1", "expected 2 columns"),
        ("15\t2\n0\t0\t0\n1\t1\t0\n", "line 1", "P is 2"),
        ("abc\t1\n0\t0\t0\n1\t1\t0\n", "line 1", "not a number"),
        ("15\t1\n", "line 2", "missing the start point"),
        ("15\t1\n0\t0\t0\n", "line 3", "missing the end point"),
        ("15\t1\n0\t0\t0\n1\t1\t0\n2\t2\n", "line 4", "expected 3 columns"),
        ("15\t1\n0\t0\t0\n1\t1\t0\n2\tx\t5\n", "line 4", "not a number"),
        ("15\t1\n0\t0\t0\n1\t1\t0\n2\tnan\t5\n", "line 4", "not a number"),
        ("15\t1\n0\t0\t0\n1\t1\t0\n2\t2\t2.5\n", "line 4", "not a whole number"),
        ("15\t1\n0\t0\t0\n1\t1\t0\n\n2\t2\t5\n", "line 4", "blank line"),
        ("15\t1\n0\t0\t10\n1\t1\t0\n", "line 2", "start point has score 10"),
        ("-3\t1\n0\t0\t0\n1\t1\t0\n", "line 1", "negative"),
    ],
)
def test_malformed_files_name_the_file_the_line_and_the_problem(tmp_path, text, line, problem):
    path = tmp_path / "broken.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        read_op_file(path)
    assert isinstance(caught.value, OPFileError)
    message = str(caught.value)
    assert str(path) in message and line in message and problem in message


def test_files_that_cannot_be_read_are_named(tmp_path):
    (tmp_path / "binary.txt").write_bytes(b"15\t1\n\xff\xfe")
    for path, problem in [
        (tmp_path / "missing.txt", "file not found"),
        (tmp_path, "is a folder, not a file"),
        (tmp_path / "binary.txt", "not a text file (not UTF-8)"),
    ]:
        with pytest.raises(OPFileError) as caught:
            read_op_file(path)
        assert str(caught.value) == f"{path}: {problem}"


def test_trailing_blank_lines_are_accepted(tmp_path):
    path = tmp_path / "tidy.txt"
    path.write_text("3\t1\n0\t0\t0\n2\t0\t0\n1\t0\t7\n\n\n", encoding="utf-8")
    assert solve(read_op_file(path)).objective == 7


# ---- published optima ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("file", "best"), best_known(1, 2), ids=lambda v: str(v).split("/")[-1])
def test_sets_1_and_2_solve_to_the_published_optimum(file, best):
    instance = read_op_file(DATA / file)
    result = solve(instance, time_limit=60, workers=2)
    assert result.status == "optimal"
    assert result.objective == best
    assert result.bound == best and result.gap == 0
    assert_valid_route(instance, result)


@pytest.mark.parametrize("file", QUICK_CHAO, ids=lambda v: v.split("/")[-1])
def test_chao_sets_solve_to_the_proven_optimum(file):
    instance = read_op_file(CHAO / file)
    published = int(chao_table()[file]["best_known_score"])
    proven, _ = PROVEN_ABOVE_PUBLISHED.get(file, (published, published))
    result = solve(instance, time_limit=60, workers=2)
    assert (result.status, result.objective, result.bound) == ("optimal", proven, proven)
    assert_valid_route(instance, result)
    assert instance.fits_exactly(result.indices)  # in exact arithmetic, not only rounded


def test_set_64_with_budget_80_scores_1284_above_the_published_1272():
    file = "set-64/chao_set_64_1_80.txt"
    instance = read_op_file(CHAO / file)
    proven, published = PROVEN_ABOVE_PUBLISHED[file]
    assert int(chao_table()[file]["best_known_score"]) == published == 1272
    # the kit's optimal route, as point numbers in file order (0 is the start, 1 the end)
    route = [0, 2, 4, 7, 11, 17, 12, 18, 24, 31, 39, 45, 38, 30, 23, 16, 22, 29, 37, 44, 50, 55]
    route += [51, 46, 52, 57, 53, 47, 40, 32, 25, 33, 26, 34, 41, 48, 42, 35, 27, 20, 14, 19]
    route += [13, 9, 6, 10, 15, 21, 28, 36, 43, 49, 54, 58, 61, 63, 1]
    assert len(set(route)) == len(route) and sum(instance.scores[i] for i in route) == proven
    # exactly 79.19596... long: within 80 and 79.196, not within 79.1959
    assert instance.fits_exactly(route)
    assert dataclasses.replace(instance, tmax=79.196).fits_exactly(route)
    assert not dataclasses.replace(instance, tmax=79.1959).fits_exactly(route)
    assert instance.evaluate(route)[0] == proven  # and within the budget in scaled legs


def test_plain_model_agrees_on_a_published_optimum():
    instance = read_op_file(DATA / "set-2" / "tsiligirides_problem_2_budget_23.txt")
    result = solve_plain(instance, time_limit=60)
    assert (result.status, result.objective) == ("optimal", 210)
    assert_valid_route(instance, result)


def test_progress_callback_hears_every_improvement():
    instance = read_op_file(DATA / "set-2" / "tsiligirides_problem_2_budget_30.txt")
    heard = []
    result = solve(instance, time_limit=60, on_solution=lambda *a: heard.append(a))
    scores = [score for score, _, _ in heard]
    assert heard and scores == sorted(scores) and scores[-1] == result.objective == 265
    assert all(bound >= score and elapsed >= 0 for score, bound, elapsed in heard)


def test_main_prints_the_route_its_score_status_and_bound(capsys):
    file = DATA / "set-2" / "tsiligirides_problem_2_budget_30.txt"
    assert main([str(file), "--time-limit", "60", "--workers", "2"]) == 0
    out = capsys.readouterr()
    first, result = out.out.splitlines()
    assert first == "tsiligirides_problem_2_budget_30: 21 points, travel limit 30"
    assert result.startswith("optimal score 265 (bound 265), length ")
    route = [int(point) for point in result.split(": ")[1].split(" -> ")]
    assert read_op_file(file).evaluate(route)[0] == 265
    assert "a route scoring 265" in out.err  # the improving routes, as they were found


class SlowSolver:
    """A stand-in for CP-SAT whose search presses Ctrl-C, then runs until it is stopped."""

    def __init__(self) -> None:
        self.parameters = SimpleNamespace(catch_sigint_signal=True)
        self.stopped = threading.Event()

    def solve(self, model, callback):
        os.kill(os.getpid(), signal.SIGINT)
        return "feasible" if self.stopped.wait(30) else "still running"

    def stop_search(self) -> None:
        self.stopped.set()


def test_ctrl_c_stops_the_search_and_keeps_its_answer():
    # Python's own Ctrl-C handler, whatever an earlier test or library left in this process.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        solver = SlowSolver()
        assert run_solver(solver, model=None) == ("feasible", True)
        assert solver.parameters.catch_sigint_signal is False
    finally:
        signal.signal(signal.SIGINT, before)


def test_heuristic_route_is_feasible_and_good():
    instance = read_op_file(DATA / "set-3" / "tsiligirides_problem_3_budget_060.txt")
    score, length = instance.evaluate(heuristic_route(instance))
    assert length <= instance.budget and 500 <= score <= 580  # 580 is the optimum


# ---- impossible budgets and bad routes ---------------------------------------------------------


def test_an_impossible_budget_is_reported_not_raised():
    # start and end are 5 apart; nothing fits in a budget of 4
    instance = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=4)
    for solver in (solve, solve_plain, brute_force):
        result = solver(instance)
        assert result.status == "infeasible" and result.objective == 0 and result.route == ()
        assert result.message == "the shortest way from start to end is 5, over the budget 4"
        assert str(result) == (
            "No route: the instance is infeasible; the shortest way from start to end is 5, "
            "over the budget 4."
        )


def test_routes_that_break_the_rules_are_refused():
    instance = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=7)
    # sqrt(2) + sqrt(13) = 5.0197...: rounded legs and exact arithmetic agree on either side
    assert dataclasses.replace(instance, tmax=5.0198).fits_exactly([0, 2, 1])
    assert not dataclasses.replace(instance, tmax=5.0197).fits_exactly([0, 2, 1])
    assert instance.evaluate([0, 2, 1]) == (10, 14142 + 36055)  # sqrt(2) + sqrt(13)
    for route, problem in [
        ([2, 1], "does not run from 0 to 1"),
        ([0, 2, 2, 1], "repeats a point"),
        ([0, 1, 2], "does not run from 0 to 1"),
    ]:
        with pytest.raises(RouteError, match=problem):
            instance.evaluate(route)
    tight = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=5.01)
    with pytest.raises(RouteError, match="over the limit 5.01"):
        tight.evaluate([0, 2, 1])
    assert solve(tight).objective == brute_force(tight).objective == 0


def test_a_solver_claim_that_the_route_does_not_bear_out_raises():
    instance = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=7)
    with pytest.raises(RouteError, match="claimed score 11, length 50197, but route"):
        _result(instance, [0, 2, 1], "optimal", 11, 50197, 11, 0.0)
    with pytest.raises(RouteError, match="scores 10 and measures 50197"):
        _result(instance, [0, 2, 1], "optimal", 10, 50000, 10, 0.0)


def test_brute_force_refuses_big_instances():
    instance = read_op_file(DATA / "set-2" / "tsiligirides_problem_2_budget_15.txt")
    with pytest.raises(ValueError, match="19 optional points, brute force stops at 12"):
        brute_force(instance)


# ---- graphs ------------------------------------------------------------------------------------


def small_map() -> nx.Graph:
    """Eight prized towns and two plain junctions, with integer travel days on the roads."""
    graph = nx.Graph()
    roads = [
        ("Home", "J1", 2),
        ("J1", "A", 1),
        ("J1", "B", 3),
        ("A", "B", 2),
        ("B", "C", 2),
        ("C", "Port", 4),
        ("A", "J2", 2),
        ("J2", "D", 1),
        ("D", "E", 3),
        ("E", "Port", 2),
        ("J2", "F", 5),
        ("F", "G", 1),
        ("G", "H", 2),
        ("H", "Port", 3),
        ("C", "E", 2),
        ("Home", "H", 9),
        ("Island", "Reef", 1),
    ]
    graph.add_weighted_edges_from(roads)
    scores = {"A": 3, "B": 5, "C": 4, "D": 2, "E": 6, "F": 7, "G": 3, "H": 4, "Island": 50}
    nx.set_node_attributes(graph, scores, "score")
    return graph


def test_graph_instance_uses_shortest_paths_between_prized_towns():
    instance = OPInstance.from_graph(small_map(), "Home", "Port", budget=12)
    assert instance.scale == 1 and instance.budget == 12
    assert instance.labels[0] == "Home" and instance.labels[-1] == "Port"
    # junctions are not points; the Island cannot be reached at all
    assert set(instance.labels) == {"Home", "A", "B", "C", "D", "E", "F", "G", "H", "Port"}
    where = {label: i for i, label in enumerate(instance.labels)}
    assert instance.distances[where["Home"]][where["D"]] == 2 + 1 + 2 + 1


@pytest.mark.parametrize(
    ("budget", "best"), [(10, 0), (11, 18), (16, 18), (18, 22), (20, 23), (25, 34)]
)
def test_graph_instance_matches_brute_force(budget, best):
    # Home to Port takes 11 days at the least, through A, B, C and E (3 + 5 + 4 + 6 = 18);
    # 24 days are enough to collect all eight towns (34)
    graph = small_map()
    instance = OPInstance.from_graph(graph, "Home", "Port", budget=budget)
    exact = brute_force(instance)
    assert exact.objective == best
    assert exact.status == ("infeasible" if budget < 11 else "optimal")
    for solver in (solve, solve_plain):
        result = solver(instance)
        assert (result.status, result.objective) == (exact.status, best)
        if result.route:
            assert result.route[0] == "Home" and result.route[-1] == "Port"
            walk = expand_route(graph, result.route)
            assert nx.path_weight(graph, walk, "weight") == result.length <= budget


def test_round_trip_on_a_directed_graph():
    graph = nx.DiGraph()
    graph.add_weighted_edges_from(
        [
            ("Home", "A", 1),
            ("A", "B", 1),
            ("B", "Home", 1),
            ("Home", "B", 5),
            ("B", "A", 5),
            ("A", "Home", 5),
            ("Home", "C", 2),
            ("C", "Home", 2),
        ],
        weight="days",
    )
    nx.set_node_attributes(graph, {"A": 2, "B": 3, "C": 4}, "score")
    instance = OPInstance.from_graph(graph, "Home", "Home", budget=3, weight="days")
    assert instance.n == 5 and instance.labels[-1] == "Home"
    result = solve(instance)
    # one way round the loop is 3 days (score 5), the other 15; C and back costs 4
    assert (result.objective, result.route, result.length) == (5, ("Home", "A", "B", "Home"), 3)
    assert brute_force(instance).objective == 5
    wider = solve(OPInstance.from_graph(graph, "Home", "Home", budget=7, weight="days"))
    assert (wider.objective, wider.length) == (9, 7)


def test_fractional_weights_are_scaled():
    graph = nx.path_graph(["S", "X", "T"])
    nx.set_edge_attributes(graph, {("S", "X"): 0.1, ("X", "T"): 0.2}, "weight")
    graph.nodes["X"]["score"] = 1
    instance = OPInstance.from_graph(graph, "S", "T", budget=0.3)
    assert (instance.scale, instance.budget) == (10_000, 3000)
    assert solve(instance).objective == 1
    with pytest.raises(ValueError, match="graph: no coordinates, so no Euclidean length"):
        instance.fits_exactly([0, 1, 2])


def test_bad_graph_input_is_explained():
    graph = small_map()
    with pytest.raises(ValueError, match="start node 'Nowhere' is not in the graph"):
        OPInstance.from_graph(graph, "Nowhere", "Port", budget=10)
    graph.nodes["A"]["score"] = 2.5
    with pytest.raises(ValueError, match="node 'A': score 2.5 is not a whole number"):
        OPInstance.from_graph(graph, "Home", "Port", budget=10)
    cut_off = OPInstance.from_graph(small_map(), "Home", "Reef", budget=9)
    for solver in (solve, brute_force):
        result = solver(cut_off)
        assert result.status == "infeasible"
        assert "no way from the start to the end" in result.message


# ---- random instances: CP-SAT against brute force ------------------------------------------


@st.composite
def point_sets(draw) -> OPInstance:
    n = draw(st.integers(2, 9))
    coords = draw(
        st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20)), min_size=n, max_size=n)
    )
    scores = [0, 0] + draw(st.lists(st.integers(0, 10), min_size=n - 2, max_size=n - 2))
    tmax = draw(st.integers(0, 60))
    return OPInstance.from_points(coords, scores, tmax=tmax, name="random")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(point_sets())
@example(  # rounded legs where a detour through (9, 16) is shorter than the direct leg
    OPInstance.from_points(
        [(0, 0), (11, 17), (0, 0), (0, 0), (0, 0), (0, 0), (7, 15), (9, 16)], [0] * 8, tmax=22
    )
)
def test_cp_sat_optimum_equals_brute_force(instance):
    exact = brute_force(instance)
    for solver in (solve, solve_plain):
        result = solver(instance, time_limit=30)
        assert result.status == exact.status
        assert result.objective == exact.objective
        if result.route:
            assert_valid_route(instance, result)


def mirrored_field(tmax: float) -> OPInstance:
    """Start and end on an axis of symmetry, every point mirrored across it and across the
    bisector between them, and three points on the way from start to end."""
    coords = [(0, -3), (0, 3), (0, 0), (0, 1.5), (0, -1.5)]
    scores = [0, 0, 7, 2, 2]
    for x, y, score in [(2, 1, 5), (1, 2, 3)]:
        for sx, sy in [(1, 1), (1, -1), (-1, 1), (-1, -1)]:
            coords.append((sx * x, sy * y))
            scores.append(score)
    return OPInstance.from_points(coords, scores, tmax=tmax, name="mirrored")


@pytest.mark.parametrize(("tmax", "best"), [(6, 11), (8, 16), (11, 23), (16, 38)])
def test_symmetry_breaking_and_on_the_way_points_keep_the_optimum(tmax, best):
    # both mirrors map the field onto itself: the kit keeps one of each pair of mirrored routes,
    # and a leg through (0, 0) or (0, ±1.5) is taken only with the point visited
    instance = mirrored_field(tmax)
    exact = brute_force(instance)
    assert (exact.status, exact.objective) == ("optimal", best)
    for strengthening in (KIT, PLAIN):
        result = solve(instance, strengthening=strengthening)
        assert (result.status, result.objective) == ("optimal", best)
        assert_valid_route(instance, result)


# ---- numbers out of range, files that are not instances ----------------------------------------
GOOD = ["15\t1", "0\t0\t0", "1\t1\t0", "2\t2\t5"]


def written(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "edited.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(OPFileError) as caught:
        read_op_file(path)
    return str(caught.value)


BEYOND = 10**8
OUT_OF_RANGE = st.one_of(st.integers(BEYOND + 1, 10**30), st.integers(-(10**30), -BEYOND - 1)).map(
    str
) | st.sampled_from(["1e400", "-1e400", "1e9", "100000000.5", "-1.5e8"])
NOT_A_NUMBER = st.sampled_from(["nan", "inf", "-inf", "NaN", "1e", "x", "0x10", "1/0"])


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=OUT_OF_RANGE, column=st.integers(0, 1), line=st.integers(2, 4))
def test_a_coordinate_out_of_range_is_named_with_its_line(tmp_path, text, column, line):
    lines = list(GOOD)
    fields = lines[line - 1].split("\t")
    fields[column] = text
    lines[line - 1] = "\t".join(fields)
    path = written(tmp_path, lines)
    assert refused(path) == (
        f"{path}: line {line}: coordinate {text} is outside -100,000,000..100,000,000, the "
        "planner's range"
    )


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.integers(10**12 + 1, 10**40).map(str) | st.sampled_from(["1e30", "1e400", "1e12001"])
)
def test_a_travel_limit_out_of_range_is_named(tmp_path, text):
    path = written(tmp_path, [f"{text}\t1", *GOOD[1:]])
    assert refused(path) == (
        f"{path}: line 1: Tmax {text} is over 1,000,000,000,000, the longest travel limit the "
        "planner takes"
    )


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.integers(10**9 + 1, 10**40).map(str) | st.sampled_from(["1e30", "1e400"]))
def test_a_score_out_of_range_is_named(tmp_path, text):
    path = written(tmp_path, [*GOOD[:3], f"2\t2\t{text}"])
    assert refused(path) == (
        f"{path}: line 4: score {text} is over 1,000,000,000, the highest the planner takes"
    )


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=NOT_A_NUMBER, where=st.sampled_from([(1, 0), (4, 0), (4, 1), (4, 2)]))
def test_a_number_that_is_not_one_is_named(tmp_path, text, where):
    line, column = where
    lines = list(GOOD)
    fields = lines[line - 1].split("\t")
    fields[column] = text
    lines[line - 1] = "\t".join(fields)
    path = written(tmp_path, lines)
    what = "Tmax P" if line == 1 else "x y score"
    assert refused(path) == f"{path}: line {line}: not a number in {lines[line - 1]!r} ({what})"


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        (["-0.5\t1", *GOOD[1:]], "line 1: Tmax is negative (-0.5)"),
        ([*GOOD[:3], "2\t2\t-3"], "line 4: score -3 is not a whole number >= 0"),
        ([*GOOD[:3], "2\t2\t2.5"], "line 4: score 2.5 is not a whole number >= 0"),
        (
            ["15\t1", *["0\t0\t0"] * 2, *["1\t1\t1"] * 999],
            "line 1002: more than 1,000 points, the most the planner takes",
        ),
    ],
)
def test_negative_numbers_and_too_many_points_are_named(tmp_path, lines, problem):
    path = written(tmp_path, lines)
    assert refused(path) == f"{path}: {problem}"


def test_a_file_that_is_not_a_file_or_too_long_is_refused_unread(tmp_path):
    loop = tmp_path / "loop.txt"
    loop.symlink_to("loop.txt")
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    long = tmp_path / "long.txt"
    long.write_text("15\t1\n" + "1\t1\t1\n" * 200_000)
    for path, problem in [
        (Path("/dev/zero"), "not a file (a device, a pipe or a socket)"),
        (pipe, "not a file (a device, a pipe or a socket)"),
        (loop, "cannot be read: a loop of symbolic links"),
        (long, "1,200,005 bytes is too long (the kit reads files of at most 1,000,000 bytes)"),
    ]:
        assert refused(path) == f"{path}: {problem}"


OVER_TMAX = "is over 1,000,000,000,000, the longest travel limit the planner takes"
OVER_INTEGERS = "over the 4,611,686,018,427,387,904 that the planner's integers hold"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"tmax": math.nan}, "tmax nan is not a number"),
        ({"tmax": "15"}, "tmax '15' is not a number"),
        ({"tmax": True}, "tmax True is not a number"),
        ({"tmax": -1}, "tmax -1 is negative"),
        ({"tmax": math.inf}, f"tmax inf {OVER_TMAX}"),
        ({"tmax": 1e30}, f"tmax 1e+30 {OVER_TMAX}"),
        (
            {"scores": (0, 0, 10**30)},
            f"point 2: score {10**30:,} is over 1,000,000,000, the highest the planner takes",
        ),
        ({"scores": (0, 0, -1)}, "point 2: score -1 is not an integer >= 0"),
        (
            {"scale": 10**20},
            "tmax 10 is 1,000,000,000,000,000,000,000 at the scale "
            f"100,000,000,000,000,000,000, {OVER_INTEGERS}",
        ),
    ],
)
def test_an_instance_out_of_range_is_refused_with_the_reason(change, problem):
    instance = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=10)
    with pytest.raises(InstanceError) as caught:
        dataclasses.replace(instance, **change)
    assert str(caught.value) == f"points: {problem}"


@settings(max_examples=40, deadline=None)
@given(
    value=st.floats(allow_nan=True, allow_infinity=True).filter(
        lambda v: not (math.isfinite(v) and abs(v) <= 10**8)
    ),
    point=st.integers(0, 2),
)
def test_points_out_of_range_are_refused_before_any_leg_is_measured(value, point):
    coords = [(0.0, 0.0), (3.0, 4.0), (1.0, 1.0)]
    coords[point] = (1.0, value)
    with pytest.raises(InstanceError) as caught:
        OPInstance.from_points(coords, [0, 0, 10], tmax=10)
    why = (
        "is not a number"
        if math.isnan(value) or math.isinf(value)
        else ("is outside -100,000,000..100,000,000, the planner's range")
    )
    assert str(caught.value) == f"points: point {point}: coordinate {value!r} {why}"


def test_a_graph_whose_legs_overflow_the_planner_is_refused():
    graph = nx.Graph(name="far")
    graph.add_edge("A", "B", weight=1e30)
    graph.add_edge("B", "C", weight=1)
    graph.nodes["B"]["score"] = 5
    with pytest.raises(InstanceError) as caught:
        OPInstance.from_graph(graph, "A", "C", 10)
    assert str(caught.value) == (
        "far: the legs add up to 4,000,000,000,000,000,000,000,000,000,004 at the scale 1, "
        f"{OVER_INTEGERS}: shorter legs, fewer points or a smaller scale"
    )


def test_the_solver_panel_says_why_a_budget_is_infeasible():
    from kit.widgets import solve as panel_of

    instance = OPInstance.from_points([(0, 0), (0.76, 0), (0.3, 0.1)], [0, 0, 5], tmax=0.5)
    panel = panel_of(instance)
    panel.time_limit.value = 5
    panel.solve_button.click()
    assert panel.wait(60)
    assert panel.message == (
        "No route: the instance is infeasible; the shortest way from start to end is 0.76, over "
        "the budget 0.5."
    )
    assert panel.answer is None and panel.result.status == "infeasible"


def test_kit_solve_orienteering_says_why_a_budget_is_infeasible(tmp_path, capsys):
    path = written(tmp_path, ["0.5\t1", "0\t0\t0", "0.76\t0\t0", "0.3\t0.1\t5"])
    assert main([str(path), "--time-limit", "5"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "edited: 3 points, travel limit 0.5",
        "No route: the instance is infeasible; the shortest way from start to end is 0.76, over "
        "the budget 0.5.",
    ]


def test_numbers_too_long_to_print_and_points_that_are_not_pairs_are_named():
    instance = OPInstance.from_points([(0, 0), (3, 4), (1, 1)], [0, 0, 10], tmax=10)
    with pytest.raises(InstanceError) as caught:
        dataclasses.replace(instance, scores=(0, 0, 10**5000))
    assert str(caught.value) == (
        "points: point 2: score <a number of about 5001 digits> is over 1,000,000,000, the "
        "highest the planner takes"
    )
    huge = ((0, 10**5000), (10**5000, 0))
    with pytest.raises(InstanceError) as caught:
        OPInstance("huge", (0, 0), 0, 1, 10, huge)
    assert str(caught.value) == (
        "huge: the legs add up to <a number of about 5001 digits> at the scale 10,000, "
        f"{OVER_INTEGERS}: shorter legs, fewer points or a smaller scale"
    )
    for point in [(1,), (1, 2, 3), 5, None]:
        with pytest.raises(InstanceError) as caught:
            OPInstance.from_points([(0, 0), point], [0, 0], tmax=10)
        assert str(caught.value) == f"points: point 1: expected a point (x, y), got {point!r}"
