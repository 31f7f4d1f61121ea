"""The 80-day planner: the CP-SAT optimum equals an exhaustive search over engine states on a
tiny board, every plan is replayed and scored by the engine, impossible puzzles say when the
journey could end, and bad puzzles are refused."""

from __future__ import annotations

import math
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from kit.amazing_journey import AmazingJourney
from kit.amazing_journey.bots import GreedyBot
from kit.core import KitError
from kit.core.bots import play
from kit.puzzles import journey_puzzle
from kit.solve import amazing_journey
from kit.solve.amazing_journey import (
    SINK,
    Arc,
    Choices,
    EarliestEnd,
    Network,
    PlanError,
    Puzzle,
    baseline,
    bound,
    earliest_end,
    exact,
    exact_search,
    model,
    planner,
    replay,
    search,
    solve,
    standard_puzzle,
)
from kit.solve.amazing_journey.board import Board
from kit.solve.plan import FEASIBLE, INFEASIBLE, OPTIMAL, run_solver
from tests.solve.amazing_journey.test_search import _network_stopped

TINY = Path(__file__).parents[2] / "data" / "tiny_journey"
PLACEMENT = {"Pine": "A1", "Quay": "A2", "Reef": "B1", "Sands": "B3", "Tor": "B2"}


def tiny(traveller: str, explore=3, days: int = 12, tickets=("bus",), placement=None) -> Puzzle:
    """A solo puzzle on the tiny board: tokens as PLACEMENT, a bus Ticket, food and party
    Objectives in hand."""
    return standard_puzzle(
        "regular", traveller, explore, 1, days, TINY, placement=placement or PLACEMENT,
        tickets=[list(tickets)], objectives=[["food", "party"]],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("traveller", "explore", "optimum"),
    [("Hendrika", 2, 20), ("Wolfgang", 3, 15), ("Paulo", 4, 13)],
)
@pytest.mark.slow
def test_cp_sat_optimum_equals_the_exhaustive_search(traveller, explore, optimum):
    puzzle = tiny(traveller, explore)
    plan = solve(puzzle, time_limit=60, workers=2)
    exact = exact_search(puzzle)
    assert plan.status == OPTIMAL and exact.status == OPTIMAL
    assert plan.objective == exact.objective == optimum
    assert plan.sheet.total == optimum and plan.gap == 0.0


@pytest.mark.parametrize(
    ("traveller", "explore", "optimum"),
    [("Wolfgang", 3, 15), ("Wolfgang", 2, 18), ("Paulo", 4, 13), ("Paulo", 3, 12), ("Buck", 2, 10)],
)
def test_the_event_search_finds_the_exhaustive_optimum(traveller, explore, optimum):
    # The travel powers are the search's own; the others are left to the model.
    puzzle = tiny(traveller, explore)
    plan = search.Search(puzzle).run(time_limit=60)
    assert plan is not None and plan.objective == exact_search(puzzle).objective == optimum
    state = tiny(traveller, explore).state()  # a fresh engine state at the puzzle's start
    for name in plan.history:
        state.apply(name)
    assert state.scores()[0].total == plan.sheet.total == optimum
    assert state.finish[0] == plan.earliest <= 12


def test_a_leg_takes_the_departures_of_later_days_and_waits_at_a_checkpoint():
    # Buck's 10 points need the train from Quay a day after arriving there: an arrival
    # standing in a city takes the departures of the days after it (by Refreshes).
    journey = search.Search(tiny("Buck", 2))
    first = journey.start
    quay = next(c for c in journey.children(first) if c.stage == 1 and c.day == 3)
    arrivals, done = journey.sweep(quay)
    reef = 3
    assert [a.day for a in arrivals[reef]][:1] == [6]
    legs = [arc.kind for arc in arrivals[reef][0].moves()]
    assert legs == ["refresh", "travel"]
    assert done and min(a.day for a in done) >= 5  # the Second checkpoint's activation


@pytest.mark.slow
def test_the_plan_is_the_engine_replay_with_its_days():
    plan = solve(tiny("Wolfgang", 3), time_limit=60)
    # Re-apply the recorded history from the puzzle's position: the same final score.
    state = tiny("Wolfgang", 3).replay(plan.history)
    assert state.finish[0] == plan.earliest
    assert state.scores()[0].total == plan.objective == 15
    days = [step.day for step in plan.steps]
    assert days == sorted(days) and days[0] == 0
    assert plan.steps[-1].end == state.finish[0] <= 12
    assert "Final checkpoint in Home" in plan.steps[-1].note
    assert "every Explore takes 3 days" in plan.assumptions


def test_a_cursed_souvenir_is_explored_before_leaving():
    plan = solve(tiny("Wolfgang", 3), time_limit=60)
    names = list(plan.history)
    for index, name in enumerate(names):
        if name.endswith("to Tor"):
            assert names[index + 1] == "explore"


def test_a_plan_the_engine_refuses_is_an_error_never_a_result():
    # With the Cursed Souvenir in Reef and a late limit, a journey by departures alone exists.
    puzzle = tiny("Wolfgang", 3, days=30, placement={**PLACEMENT, "Reef": "B2", "Tor": "B1"})
    network = Network(puzzle)
    path = [network.arcs[i] for i in network.simple_path()]
    replayed = replay(puzzle, path, Choices())
    assert replayed.final.finish[0] == path[-1].end and len(replayed.steps) == len(path)
    # The same journey cut short does not end it; an Explore where no token lies is refused
    # by the engine: both are PlanErrors, never results.
    with pytest.raises(PlanError, match="does not end"):
        replay(puzzle, path[:-1], Choices())
    home = Arc(network.start, SINK, 0, 3, "explore", 0, city=0, duration=3)
    with pytest.raises(PlanError, match="refuses"):
        replay(puzzle, [home], Choices())


@pytest.mark.slow
def test_an_impossible_puzzle_says_the_earliest_end():
    # Lisette cannot be back within 13 days (the exhaustive search agrees), but on day 14.
    # The searches find no journey and end by themselves, and the proof of day 14 follows
    # (12 s in all on a busy machine): the limit leaves many times that.
    plan = solve(tiny("Lisette", 3, days=12), time_limit=300)
    assert plan.status == INFEASIBLE and not plan.steps and plan.sheet is None
    assert plan.earliest == 14
    assert "earliest the goal can be reached is day 14" in str(plan)
    assert exact_search(tiny("Lisette", 3, days=13)).status == INFEASIBLE
    assert exact_search(tiny("Lisette", 3, days=14)).status == OPTIMAL


@pytest.mark.parametrize(
    ("difficulty", "ends"),
    [
        ("easy", [8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 10]),  # Wolfgang, home on day 10
        ("medium", [8, 8, 8, 8, 8, 8, 10, 10, 11, 11, 11, 11, 11, 12]),  # Yuki, on day 12
    ],
)
def test_the_exhaustive_search_drops_only_states_that_cannot_end_in_time(difficulty, ends):
    # Along the optimal journey of a Lakes puzzle, the day the search takes as the earliest
    # end from each state: never past the day the journey really ends, Yuki's steps back too.
    made = journey_puzzle(0, difficulty)
    tables, traveller = made.puzzle.tables, made.puzzle.traveller
    days, saving = exact.fastest_days(tables), exact.power_saving(tables, traveller)
    home, mill, ford, dune = (tables.board.index[c] for c in ("Home", "Mill", "Ford", "Dune"))
    assert (days[home][ford], days[ford][dune], days[dune][home], days[mill][dune]) == (1, 1, 2, 1)
    assert saving == 1  # Wolfgang's Secret route in 0 days, Yuki's day back
    walk = made.walk()
    found = [exact.fastest_end(tables, days, saving, walk.state, 0)]
    for name in made.route:
        walk.take(name)
        found.append(exact.fastest_end(tables, days, saving, walk.state, 0))
    assert found == ends and walk.day == made.optimum.earliest == ends[-1]


def test_large_networks_are_improved_window_by_window(monkeypatch):
    # Treated as a large network, the tiny puzzle is improved a few days at a time from the
    # greedy journey; a whole pass of windows without improvement is reported, not a proof
    # (with the bound that counts, then scores: the tree search would prove the plan optimal).
    counted = bound.counted_bound(tiny("Wolfgang", 3), Board(tiny("Wolfgang", 3)))
    monkeypatch.setattr(planner, "upper_bound", lambda puzzle, **_: counted)
    monkeypatch.setattr(planner, "WHOLE_MODEL_ARCS", 0)
    monkeypatch.setattr(planner, "_search_seconds", lambda limit: 0.0)
    monkeypatch.setattr(planner, "FIRST_PLAN_SHARE", 0.0)  # one greedy journey only
    seen = []
    plan = solve(tiny("Wolfgang", 3), time_limit=60, on_solution=lambda *a: seen.append(a[0]))
    assert seen[0] < seen[-1] == plan.objective == plan.sheet.total == 15
    assert plan.status == FEASIBLE and plan.bound == counted == 21
    assert bound.upper_bound(tiny("Wolfgang", 3), time_limit=60) == 15  # closes in a second
    assert plan.proven == "no change within any 8 days in a row scores more"
    assert "bound 21, gap 28.6%; no change within any 8 days" in str(plan)


@pytest.mark.slow
def test_greedy_journeys_held_to_the_starting_hand_fit_the_model():
    # With a 2-day die every Explore discards a Ticket, often the starting one; a bot that then
    # travels on a lucky draw of the same type would make a journey no plan can count on.
    puzzle = standard_puzzle("fast", "Yuki", 2, seed=1)
    network = Network(puzzle)
    fitted = 0
    for seed in range(1, 41):
        slack = baseline.SLACKS[seed % len(baseline.SLACKS)]
        game = baseline.greedy_game(puzzle, seed, planned=True, slack=slack)
        steps = game.steps(puzzle)
        path = network.locate(steps) if steps else []
        if path:
            solver = model.new_solver(60.0, 1)  # proven in milliseconds
            restricted = model.Model(network.restricted(path))
            assert run_solver(solver, restricted.model) == (cp_model.OPTIMAL, False)
            fitted += 1
    assert fitted >= 10


@pytest.mark.slow
def test_a_live_position_gets_a_first_plan_that_spends_only_plannable_tickets():
    # A two-player game of greedy bots, once both travellers reach day 8, tokens face down:
    # the greedy starts must fit the model (no redraw, no Ticket a face-down Souvenir gave),
    # or no plan but a plain journey comes back.
    game = AmazingJourney(players=2, seed=3, side="regular")
    bots = [GreedyBot(3, seat) for seat in range(2)]
    state = play(game.new_game(), bots, stop=lambda s: min(s.day) >= 8 and not s.steps)
    puzzle = Puzzle.from_state(state)
    assert puzzle.hidden and puzzle.player == state.current_player
    network = Network(puzzle)
    first = planner._first_plan(network, 1, 20, deadline=math.inf)
    assert first is not None
    plan = first.plan
    assert plan.sheet.total == plan.objective > 12
    assert not any("redraw" in name for name in plan.history)


@pytest.mark.slow
def test_die_results_in_order():
    puzzle = tiny("Wolfgang", (4, 2))
    plan = solve(puzzle, time_limit=60)
    rolls = [name for name in plan.history if name.startswith("the die shows")]
    assert (
        rolls
        == [
            "the die shows 4 days for player 0: draw a ticket",
            "the die shows 2 days for player 0: discard a ticket",
        ][: len(rolls)]
    )
    assert plan.objective == exact_search(puzzle).objective


@pytest.mark.slow
def test_progress_is_streamed():
    seen = []
    solve(tiny("Hendrika", 2), time_limit=60, on_solution=lambda *a: seen.append(a))
    assert seen and seen[-1][0] == 20
    assert all(score <= bound + 1e-9 for score, bound, _ in seen)


def test_every_stage_is_given_no_more_than_the_time_left(monkeypatch):
    # With a limit of one second, the event search, the models over the greedy journeys and the
    # whole model are each handed at most what is left of it when they start (the planner reads
    # the clock a moment before this check: a hundredth of a second is allowed for that), and
    # the plan returned still replays to its score.
    limit, given, began = 1.0, [], []
    run, new_solver = search.Search.run, planner.new_solver

    def left() -> float:
        return began[0] + limit - time.perf_counter() + 0.01

    def searched(self, time_limit, on_plan=None):
        began.append(self.began)  # the search's clock is the planner's
        given.append(("search", self.began + time_limit, self.began + limit))
        return run(self, time_limit, on_plan)

    def solver(time_limit, workers):
        given.append(("model", time_limit, left()))
        return new_solver(time_limit, workers)

    monkeypatch.setattr(search.Search, "run", searched)
    monkeypatch.setattr(planner, "new_solver", solver)
    puzzle = tiny("Wolfgang", 3)
    plan = solve(puzzle, time_limit=limit)
    assert given[0][0] == "search" and all(stage == "model" for stage, _, _ in given[1:])
    assert all(seconds <= most for _, seconds, most in given), given
    assert plan.status in (OPTIMAL, FEASIBLE)
    assert puzzle.replay(plan.history).scores()[0].total == plan.objective == plan.sheet.total


@pytest.mark.slow
def test_face_down_tokens_are_valued_by_what_their_region_can_still_hold():
    # A live position: the tokens lie face down. Tor's curse mark names its token; the others
    # are unmarked, so the plan takes each region's least valuable token first, whichever city
    # it explores: swapping the hidden tokens inside a region changes nothing.
    puzzle = Puzzle.from_state(tiny("Wolfgang", 3).position, 0, 3, days=12)
    names = [c.name for c in puzzle.tables.board.cities]
    assert {
        r: ([names[c] for c in hidden.cities], [puzzle.content.tokens[t].id for t in hidden.pool])
        for r, hidden in puzzle.hidden.items()
    } == {"A": (["Pine", "Quay"], ["A1", "A2"]), "B": (["Reef", "Sands"], ["B1", "B3"])}
    plan = solve(puzzle, time_limit=60)
    assert plan.status == OPTIMAL and plan.sheet.total == plan.objective
    assert any(
        "unmarked one is worth what its region can still hold" in a for a in plan.assumptions
    )
    swapped = {**PLACEMENT, "Pine": "A2", "Quay": "A1", "Reef": "B3", "Sands": "B1"}
    other = solve(Puzzle.from_state(tiny("Wolfgang", 3, placement=swapped).position, days=12), 60)
    assert other.objective == plan.objective == 15
    assert [step.actions for step in other.steps] == [step.actions for step in plan.steps]
    # Each region's hidden tokens come out least valuable first.
    collected = [s.note.split()[1] for s in plan.steps if s.note.startswith("collect")]
    for hidden in puzzle.hidden.values():
        ids = [puzzle.content.tokens[t].id for t in hidden.pool]
        got = [t for t in collected if t in ids]
        assert got == ids[: len(got)]
    with pytest.raises(KitError, match="revealed"):
        exact_search(puzzle)


def test_bad_puzzles_are_refused():
    puzzle = tiny("Paulo", 3)
    with pytest.raises(KitError, match="Explore durations"):
        Puzzle(puzzle.position, 0, 5)
    game = AmazingJourney(players=1, seed=1, side="regular", travellers=["Paulo"])
    with pytest.raises(KitError, match="chance is due"):
        Puzzle(game.new_game(), 0, 3)


@pytest.mark.slow
def test_standard_puzzle_and_command_line(capsys):
    puzzle = standard_puzzle("regular", "Paulo", 3, seed=1)
    assert puzzle.state().day == [0] and puzzle.explore == (3,)
    assert len(puzzle.state().tickets[0]) == 6 and sum(puzzle.state().tickets[0]) == 1
    # proven in a few seconds: the limit leaves a busy machine the time to prove it
    argv = ["--time-limit", "60", "--board", str(TINY), "--traveller", "Wolfgang", "--days", "12"]
    assert amazing_journey.main(argv) == 0
    out = capsys.readouterr().out
    assert "optimal plan scoring 14" in out and "Final checkpoint in Home" in out
    assert amazing_journey.main([*argv[:-1], "8", "--explore-days", "3,2"]) == 1
    assert "No plan: the puzzle is infeasible" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("traveller", ["Paulo", "Yuki"])
def test_reference_board_plan_is_replayed_and_beats_the_greedy_bot(traveller):
    # The planner's own event search, given 300 journeys (a count: the same plan on any
    # machine; a few seconds on a quiet one), beats the greedy bot (it passes it after 135
    # and 173). The planner's plan, whatever it found in its time, replays to its score.
    puzzle = standard_puzzle("regular", traveller, 3, seed=1)
    searched = search.Search(puzzle).run(600, most_steps=300)
    assert searched is not None and searched.objective > amazing_journey.greedy_score(puzzle)
    seen = []
    plan = solve(puzzle, time_limit=10, workers=2, on_solution=lambda *a: seen.append(a))
    assert plan.status in (OPTIMAL, FEASIBLE) and plan.steps
    # The recorded history replays in the engine to the claimed score, ending by day 80.
    state = standard_puzzle("regular", traveller, 3, seed=1).state()
    for name in plan.history:
        state.apply(name)
    assert 0 <= state.finish[0] <= 80
    assert state.scores()[0].total == plan.objective == plan.sheet.total
    assert seen and seen[-1][0] == plan.objective
    assert plan.bound is None or plan.bound >= plan.objective


@pytest.mark.slow
def test_reference_board_impossible_limit_says_the_final_checkpoint_day():
    # The Final checkpoint (London) opens on day 50: no journey ends by day 40, none before 50
    # (proven at once), and one ends on day 50 (found when the min-days model has the time, or
    # a later day with "not before day 50" said, or none when the networks were not built in
    # the time, as on a very busy machine).
    plan = solve(standard_puzzle("regular", "Paulo", 3, seed=2, days=40), time_limit=30)
    assert plan.status == INFEASIBLE and (plan.earliest is None or plan.earliest >= 50)
    assert plan.earliest == 50 or plan.earliest_bound == 50


def test_an_impossible_limit_whose_network_is_not_built_in_time_says_what_was_proven(
    monkeypatch,
):
    # Three loops of the reference Timeline take seconds to build as a network: when the
    # time runs out first (here the network stops at once, as it does on any machine given
    # too little time), the planner says only what it proved, none before day 50.
    monkeypatch.setattr(planner, "Network", _network_stopped)
    plan = solve(standard_puzzle("regular", "Paulo", 3, seed=2, days=40), time_limit=0.5)
    assert plan.status == INFEASIBLE
    assert (plan.earliest, plan.earliest_bound) == (None, 50)
    assert str(plan) == (
        "No plan: the puzzle is infeasible; no day the goal can be reached was found within "
        "the time limit, and none comes before day 50."
    )
    assert str(EarliestEnd(None, 50)) == "no day found in the time limit (none before day 50)"
    assert not EarliestEnd(None, 50).proven


@pytest.mark.slow
def test_the_earliest_end_is_proven_or_says_it_is_not(monkeypatch):
    earliest = earliest_end(tiny("Lisette", 3, days=12), time_limit=120)  # proven in < 1 s
    assert (earliest.day, earliest.bound, earliest.proven) == (14, 14, True)
    assert str(earliest) == "day 14"
    # A search stopped at its first solution (the plain journey by departures) proves nothing
    # beyond the Final checkpoint's opening day.
    solver = model.new_solver

    def first_solution_only(time_limit: float, workers: int):
        stopped = solver(time_limit, 1)
        stopped.parameters.stop_after_first_solution = True
        stopped.parameters.cp_model_presolve = False
        return stopped

    monkeypatch.setattr(planner, "new_solver", first_solution_only)
    found = earliest_end(tiny("Lisette", 3, days=12))
    assert not found.proven and found.bound == 8 and found.day > 14
    assert str(found) == f"day {found.day} (none before day 8; the days between are not ruled out)"
    plan = solve(tiny("Lisette", 3, days=12), time_limit=30)
    assert plan.status == INFEASIBLE and (plan.earliest, plan.earliest_bound) == (found.day, 8)
    assert f"can be reached on day {found.day}, and not before day 8" in str(plan)


def _interrupt_after(monkeypatch, games: int) -> None:
    """Ctrl-C during the greedy starts, once `games` of them are played."""
    played = []
    greedy = baseline.greedy_game

    def greedy_then_ctrl_c(*args, **kwargs):
        if len(played) == games:
            raise KeyboardInterrupt
        played.append(1)
        return greedy(*args, **kwargs)

    monkeypatch.setattr(planner, "greedy_game", greedy_then_ctrl_c)
    monkeypatch.setattr(planner, "_search_seconds", lambda limit: 0.0)  # greedy journeys first


def test_ctrl_c_gives_the_best_replay_verified_plan_so_far(monkeypatch):
    _interrupt_after(monkeypatch, 3)
    with pytest.raises(amazing_journey.Interrupted) as stop:
        solve(tiny("Wolfgang", 3), time_limit=60)
    plan = stop.value.plan
    assert isinstance(stop.value, KeyboardInterrupt) and plan.status == FEASIBLE
    state = tiny("Wolfgang", 3).replay(plan.history)
    assert state.scores()[0].total == plan.objective == plan.sheet.total
    _interrupt_after(monkeypatch, 0)  # before any journey: no plan
    with pytest.raises(amazing_journey.Interrupted) as stop:
        solve(tiny("Wolfgang", 3), time_limit=60)
    assert stop.value.plan is None


def test_ctrl_c_at_the_command_line_prints_the_plan_and_exits_130(monkeypatch, capsys):
    _interrupt_after(monkeypatch, 2)
    argv = ["--board", str(TINY), "--traveller", "Wolfgang", "--days", "12"]
    assert amazing_journey.main(argv) == 130
    out, err = capsys.readouterr()
    assert "feasible plan scoring" in out and "Final checkpoint in Home" in out
    assert "interrupted: the best replay-verified plan found so far" in err
    _interrupt_after(monkeypatch, 0)
    assert amazing_journey.main(argv) == 130
    assert "kit: interrupted before any plan was found" in capsys.readouterr().err
    with pytest.raises(KitError, match="--explore-days: expected days separated by commas"):
        amazing_journey.main([*argv, "--explore-days", "3,x"])


@pytest.mark.slow
def test_a_real_ctrl_c_stops_the_solver_on_the_reference_board():
    """SIGINT once the first plan is reported, in the middle of the search."""
    solve_command = [
        sys.executable,
        "-m",
        "kit.cli",
        "solve",
        "amazing-journey",
        "--time-limit",
        "60",
    ]
    process = subprocess.Popen(
        solve_command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    first = process.stderr.readline()
    assert "a plan scoring" in first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "feasible plan scoring" in out and "Traceback" not in err
    assert "interrupted: the best replay-verified plan found so far" in err


def test_the_earliest_finish_lets_a_traveller_wait_in_a_checkpoint_city(tmp_path):
    # The tiny board with the Second and Final checkpoints active from days 3 and 4: standing
    # in Quay (the First, from day 2) on day 1, a Refresh completes it on day 2, then Sands on
    # day 3 and Home on day 4; leaving Quay and coming back would end a day later.
    board = tmp_path / "early"
    shutil.copytree(TINY, board)
    text = (board / "board.toml").read_text(encoding="utf-8")
    text = text.replace("activation = 5\nbars = [[5, 7, 4]", "activation = 3\nbars = [[3, 7, 4]")
    text = text.replace("activation = 8\nbars = [[8, 11, 5]", "activation = 4\nbars = [[4, 11, 5]")
    (board / "board.toml").write_text(text, encoding="utf-8")
    puzzle = standard_puzzle(
        "regular", "Wolfgang", 3, 1, 12, board, placement=PLACEMENT,
        tickets=[["bus"]], objectives=[["food", "party"]],
    )  # fmt: skip
    tables = Board(puzzle)
    quay = tables.checkpoint_city[0]
    assert tables.activation == (2, 3, 4)
    assert [tables.finish_day(0, quay, day) for day in (0, 1)] == [4, 4]
    assert tables.finish_day(1, quay, 2) == 4
