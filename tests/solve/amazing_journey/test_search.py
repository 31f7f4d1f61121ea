"""The 80-day planner's event search: the exhaustive optimum on the tiny board with every power,
the neighbourhood search never loses its best journey, the second search in its own process,
the same plan for the same seed, and a time limit kept with the best plan in hand."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from kit.amazing_journey import travellers
from kit.solve import amazing_journey
from kit.solve.amazing_journey import Puzzle, exact_search, planner, search, solve, standard_puzzle
from kit.solve.amazing_journey.network import Network, NetworkStopped
from kit.solve.amazing_journey.replay import verified
from kit.solve.amazing_journey.score import Scorer

TINY = Path(__file__).parents[2] / "data" / "tiny_journey"
PLACEMENT = {"Pine": "A1", "Quay": "A2", "Reef": "B1", "Sands": "B3", "Tor": "B2"}


def tiny(traveller: str, explore: int = 3, days: int = 12) -> Puzzle:
    """A solo puzzle on the tiny board: tokens as PLACEMENT, a bus Ticket, food and party
    Objectives in hand."""
    return standard_puzzle(
        "regular", traveller, explore, 1, days, TINY, placement=PLACEMENT,
        tickets=[["bus"]], objectives=[["food", "party"]],
    )  # fmt: skip


def replayed_total(puzzle: Puzzle, history: tuple[str, ...]) -> int:
    """The engine's score of a plan's action names played from a fresh start."""
    state = puzzle.state()
    for name in history:
        state.apply(name)
    assert state.finish[0] >= 0
    return state.scores()[0].total


# Each power where using it scores more on the tiny board: the search finds the exhaustive
# optimum with it, its plan uses the power (the engine's action names), and the same search
# with the power left out (its rule function answering "no") scores less, or ends no journey.
POWERS = [
    ("Yuki", 3, 12, 13, "steps_back", "by Yuki's power"),
    ("Hendrika", 3, 12, 18, "passes_tokens", "by Hendrika's power"),
    ("Lisette", 3, 14, 8, "doubles_tickets", "by Lisette's power"),
    ("Carlo", 2, 14, 10, "explores_cursed", "by Carlo's power"),
]


@pytest.mark.parametrize(("traveller", "explore", "days", "optimum", "rule", "used"), POWERS)
def test_the_search_uses_each_power_to_the_exhaustive_optimum(
    monkeypatch, traveller, explore, days, optimum, rule, used
):
    puzzle = tiny(traveller, explore, days)
    plan = search.Search(puzzle).run(60)
    assert plan is not None and plan.objective == exact_search(puzzle).objective == optimum
    assert any(used in name for name in plan.history)
    assert replayed_total(tiny(traveller, explore, days), plan.history) == optimum
    monkeypatch.setattr(travellers, rule, lambda *args: False)
    without = search.Search(tiny(traveller, explore, days)).run(60)
    assert without is None or without.objective < optimum


def test_a_journey_is_ranked_by_the_sets_its_tokens_begin():
    # Regular side, Paulo's hand holds one Adventure Objective. Tokens 0, 10, 20: Adventures of
    # regions A, B, C; 6 and 16: Souvenirs worth 3 of regions A and B. The sheet pays 1, 3, 9
    # for one to three Adventures; the promise 3 each, with a fifth of the all-types bonus for
    # the type begun; two Souvenirs fill a row worth 1 on the sheet, and are a sixth each of
    # the full rows' 6 in the promise. Regions (2 each) and the Objective count as they are.
    scorer = Scorer(standard_puzzle("regular", "Paulo", 3))
    assert scorer.hand[0] == 1 and scorer.objectives((0, 10, 20)) == 1
    assert [scorer.partial(t) for t in [(0,), (0, 10), (0, 10, 20)]] == [4, 8, 16]
    assert [scorer.promise(t) for t in [(0,), (0, 10), (0, 10, 20)]] == [7, 12, 17]
    assert scorer.partial((6, 16)) == 2 * 2 + 3 + 3 + 1
    assert scorer.promise((6, 16)) == 2 * 2 + 3 + 3 + 2


@pytest.mark.slow
def test_the_neighbourhood_search_never_loses_its_best_journey():
    # Each neighbourhood forbids tokens of the best journey and re-plans from part way: the best
    # score only grows, and the journey it keeps is the plan's.
    puzzle = standard_puzzle("regular", "Paulo", 3)
    found = search.Search(puzzle)
    found.beam(2, float("inf"), None)
    assert found.best is not None
    scores = [found.best_score]
    for _ in range(4):
        found.most_steps = found.steps + 40
        found.improve(float("inf"), None)
        scores.append(found.best_score)
        assert found.best.objective == found.best_score == found.final(found.best_journey)
    assert scores == sorted(scores)
    assert replayed_total(puzzle, found.best.history) == scores[-1]


@pytest.mark.slow
def test_a_seed_and_a_count_of_journeys_give_the_same_plan():
    puzzle = standard_puzzle("regular", "Paulo", 3)
    first = search.Search(puzzle, seed=2).run(600, most_steps=1300)
    again = search.Search(standard_puzzle("regular", "Paulo", 3), seed=2).run(600, most_steps=1300)
    assert first is not None and again is not None
    assert first.history == again.history and first.objective == again.objective


@pytest.mark.slow
def test_the_second_search_opens_with_a_wide_beam_that_finds_what_the_first_misses():
    # Regular side, Paulo, 3-day die: the second worker's search (seed 1) runs beams of width
    # 1 and 16 back to back (1,275 journeys expanded) and finds a 55-point journey; the first
    # worker's search (seed 0: width 3, then neighbourhoods and other widths), given as many
    # journeys, stops at 54.
    second = search.Search(standard_puzzle("regular", "Paulo", 3), seed=1)
    assert second.opening == search.SECOND_OPENING == (1, 16)
    plan = second.run(600, most_steps=1275)
    assert plan is not None and plan.objective == 55
    assert replayed_total(standard_puzzle("regular", "Paulo", 3), plan.history) == 55
    first = search.Search(standard_puzzle("regular", "Paulo", 3), seed=0).run(600, most_steps=1275)
    assert first is not None and first.objective == 54


@pytest.mark.slow
def test_with_a_four_day_die_the_second_search_opens_with_a_narrower_wide_beam(monkeypatch):
    # Fast side, Paulo, 4-day die: the second worker's search runs beams of width 1 and 12
    # (921 journeys expanded) and finds 58; opening with width 16 instead, the beam has not
    # ended its journeys in as many and the search stops at 51.
    puzzle = standard_puzzle("fast", "Paulo", 4)
    second = search.Search(puzzle, seed=1)
    assert second.opening == search.LONG_EXPLORE_OPENING == (1, 12)
    plan = second.run(600, most_steps=921)
    assert plan is not None and plan.objective == 58
    assert replayed_total(standard_puzzle("fast", "Paulo", 4), plan.history) == 58
    monkeypatch.setattr(search, "LONG_EXPLORE_OPENING", search.SECOND_OPENING)
    wide = search.Search(standard_puzzle("fast", "Paulo", 4), seed=1)
    assert wide.opening == (1, 16)
    plan = wide.run(600, most_steps=921)
    assert plan is not None and plan.objective == 51


@pytest.mark.slow
def test_a_search_out_of_time_still_ends_its_first_journey():
    # On a busy machine the time can run out before any journey has ended: the first beam
    # goes on until one does, and that is the plan (the first a search given time finds).
    puzzle = standard_puzzle("regular", "Paulo", 3)
    first: list[int] = []
    search.Search(puzzle).run(600, lambda plan: first.append(plan.objective or 0), 400)
    plan = search.Search(standard_puzzle("regular", "Paulo", 3)).run(0)
    assert plan is not None and plan.objective == first[0] > 0
    assert replayed_total(puzzle, plan.history) == plan.objective


def _network_stopped(*args, **kwargs):
    """A network that could not be built by its deadline (stands in for `Network`)."""
    raise NetworkStopped("the network was not built by its deadline (0 nodes)")


@pytest.mark.slow
def test_a_planner_out_of_time_still_plans(monkeypatch):
    # No time for the network either: the first journey of the search is the plan, with its
    # bound (the one-worker path: the bound first, then the search). The search's share is a
    # moment: its first beam goes on until a journey ends, within the planner's limit (20 s: a
    # safety net for a busy machine, where the bound's table and the beam take a few seconds).
    monkeypatch.setattr(planner, "Network", _network_stopped)
    monkeypatch.setattr(planner, "SEARCH_SHARE", 0.001)
    monkeypatch.setattr(planner, "MODEL_SECONDS", 20.0)
    puzzle = standard_puzzle("regular", "Paulo", 3)
    plan = solve(puzzle, time_limit=20, workers=1)
    assert plan.objective is not None and plan.objective > 0
    assert replayed_total(puzzle, plan.history) == plan.objective
    assert plan.bound is not None and plan.bound >= plan.objective


def test_the_second_search_streams_its_journeys_from_its_own_process():
    puzzle = standard_puzzle("regular", "Catalina", 3)
    got: list[search.Journeyed] = []
    helper = search.Helper(puzzle, 1, time.perf_counter(), 120.0, got.append)
    waited = time.perf_counter()
    while len(got) < 2 and time.perf_counter() < waited + 120:
        time.sleep(0.05)
    helper.stop()
    assert not helper.process.is_alive()
    assert len(got) >= 2 and [j.score for j in got] == sorted(j.score for j in got)
    best = got[-1]
    plan = verified(puzzle, best.arcs, best.choices, best.score, "feasible", None, 0.0)
    assert plan.sheet.total == best.score


def test_the_network_stops_at_its_deadline():
    with pytest.raises(NetworkStopped, match="not built by its deadline"):
        Network(standard_puzzle("regular", "Paulo", 3), deadline=time.perf_counter())


def test_a_network_not_built_in_time_leaves_the_search_s_plan(monkeypatch):
    # A network that could not be built in time: the search's plan, replayed, is the answer.
    # The search on the tiny board finds its 15 after 15 journeys and ends by itself after
    # about 5,000 (a second or two): the limit leaves it that on a busy machine too.
    monkeypatch.setattr(planner, "Network", _network_stopped)
    puzzle = tiny("Wolfgang")
    seen = []
    plan = solve(puzzle, time_limit=60, on_solution=lambda *a: seen.append(a[0]))
    assert plan.objective == seen[-1] == max(seen) == 15
    assert replayed_total(puzzle, plan.history) == plan.objective == plan.sheet.total
    assert plan.bound is not None and plan.bound >= plan.objective
    # the bound's tree search may prove the plan within its share of the limit
    assert plan.status == ("optimal" if plan.bound == plan.objective else "feasible")


@pytest.mark.slow
def test_ctrl_c_during_the_searches_keeps_the_best_plan_and_stops_the_second_one():
    # Ctrl-C (here raised by the progress callback at the third plan, in whichever search
    # found it): the best replay-verified plan comes with the interrupt, no process is left.
    seen: list[int] = []

    def third_then_ctrl_c(score, bound, elapsed):
        seen.append(score)
        if len(seen) == 3:
            raise KeyboardInterrupt

    puzzle = standard_puzzle("regular", "Paulo", 3)
    with pytest.raises(amazing_journey.Interrupted) as stop:
        solve(puzzle, time_limit=300, workers=2, on_solution=third_then_ctrl_c)  # 3 come early
    plan = stop.value.plan
    assert plan is not None and plan.objective == max(seen)
    assert replayed_total(puzzle, plan.history) == plan.objective
    assert not multiprocessing.active_children()
