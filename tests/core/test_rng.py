"""A seed is a whole number from 0 to 2**64 - 1, decided once (`kit.core.rng.check_seed`) and
checked with one message wherever a seed enters: a game's options, a save, the command line, a
bot, a simulation's and a tournament's run of seeds, the puzzle generators. Every seed accepted
prints, saves, loads and heads a panel (a number of thousands of digits could not)."""

from __future__ import annotations

import json
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.cli import main
from kit.core import KitError, SaveError
from kit.core.bots import RandomBot, simulate
from kit.core.rng import SEED_MAX, SEED_RULE, check_seed, check_seeds, rng_for
from kit.puzzles import generate
from kit.puzzles.four_weeks import weeks_puzzle
from kit.puzzles.verdict import PuzzleError
from kit.solve import amazing_journey, four_weeks, timeless_journeys
from kit.tournament import tournament
from kit.widgets import play

SEEDS = st.integers(min_value=0, max_value=SEED_MAX) | st.sampled_from([0, 1, SEED_MAX])
NOT_SEEDS = (
    st.integers(max_value=-1)
    | st.integers(min_value=SEED_MAX + 1)
    | st.sampled_from([-1, SEED_MAX + 1, True, False, 1.0, "7", None])
    | st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000)  # too long to print
    | st.floats()
    | st.text(max_size=5)
)


def refusal(value: object) -> str:
    """The one message of a value that is not a seed, as the kit shows it."""
    if isinstance(value, int) and value.bit_length() > 128:  # as kit.core.errors.shown says it
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        digits = len(str(abs(value)))
        sys.set_int_max_str_digits(limit)
        shown = f"<a number of about {digits} digits>"
    else:
        shown = repr(value)
    return f"{SEED_RULE}, not {shown}"


def test_the_range_is_that_of_the_chance_picks():
    assert (SEED_MAX, SEED_RULE) == (
        2**64 - 1,
        "a seed is a whole number from 0 to 2**64 - 1 (18446744073709551615)",
    )


@given(SEEDS)
def test_every_seed_is_accepted_as_it_is(seed):
    assert check_seed(seed) == seed and check_seeds(seed, 1) == seed


@given(NOT_SEEDS.filter(lambda value: value is not None))
def test_anything_else_is_refused_with_the_one_message(value):
    with pytest.raises(KitError) as raised:
        check_seed(value)
    assert str(raised.value) == refusal(value)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(kit.GAMES)), seed=SEEDS)
def test_a_game_of_any_seed_prints_saves_and_loads(name, seed):
    game = kit.load(name, seed=seed)
    assert f"seed={seed}" in repr(game) and game.with_seed(seed).seed == seed
    state = game.new_game()
    state.resolve_chance()
    saved = state.to_json()
    assert json.loads(saved)["options"]["seed"] == seed
    assert kit.load_json(saved) == state and game.from_json(saved) == state


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(kit.GAMES)), value=NOT_SEEDS.filter(lambda v: v is not None))
def test_a_game_a_copy_and_a_save_refuse_what_is_not_a_seed(name, value):
    message = f"option 'seed': {refusal(value)}"
    game = kit.load(name, seed=1)
    with pytest.raises(KitError) as loaded:
        kit.load(name, seed=value)
    with pytest.raises(KitError) as copied:
        game.with_seed(value)
    assert str(loaded.value) == str(copied.value) == message
    if isinstance(value, int) and abs(value) < 10**4000:  # a number JSON can carry
        data = json.loads(game.new_game().to_json())
        data["options"]["seed"] = value
        with pytest.raises(SaveError) as save:
            kit.load_json(json.dumps(data))
        assert str(save.value) == f"the save's game or options are invalid: {message}"
        with pytest.raises(SaveError) as own:
            game.from_json(json.dumps(data))
        assert str(own.value) == f"the save's options are invalid: {message}"


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=SEEDS | NOT_SEEDS.filter(lambda v: v is not None))
def test_the_command_line_reads_a_seed_as_the_library_does(capsys, seed):
    text = str(seed) if not isinstance(seed, int) or abs(seed) < 10**4000 else "9" * 5000
    for command in (
        ["simulate", "four-weeks", "--games", "1", "--bot", "random", f"--seed={text}"],
        ["simulate", "four-weeks", "--games", "1", "--bot", "random", "--option", f"seed={text}"],
    ):
        status = main(command)
        out, err = capsys.readouterr()
        try:
            expected = check_seed(int(text))
        except (ValueError, KitError):
            shown = re.escape(SEED_RULE)
            assert status == 2 and out == ""
            assert re.fullmatch(rf"kit: argument --(seed|option seed): {shown}, not .+\n", err)
        else:
            assert status == 0 and out.startswith("1 games, ")
            assert expected == int(text)


@settings(max_examples=30, deadline=None)
@given(value=NOT_SEEDS.filter(lambda v: v is not None))
def test_bots_simulations_tournaments_puzzles_and_planners_refuse_what_is_not_a_seed(value):
    message = refusal(value)
    game = kit.load("four_weeks", players=1, seed=1)
    for start in (
        lambda: rng_for(value, "a bot"),
        lambda: RandomBot(value, 0),
        lambda: kit.game_module("amazing_journey").BOTS["greedy"](value, 0),
        lambda: kit.game_module("four_weeks").BOTS["mcts"](value, 0),
        lambda: simulate(game, [RandomBot], 1, first_seed=value),
        lambda: tournament("four_weeks", ["random", "random"], games=1, seed=value, workers=1),
    ):
        with pytest.raises(KitError) as raised:
            start()
        assert str(raised.value) == message
    for kind in ("orienteering", "amazing_journey"):
        with pytest.raises(PuzzleError) as puzzle:
            generate(kind, value)
        assert str(puzzle.value) == message
    with pytest.raises(PuzzleError) as weeks:
        weeks_puzzle(value)
    assert str(weeks.value) == message
    for planned in (
        lambda: amazing_journey.standard_puzzle("regular", "Paulo", 3, value),
        lambda: timeless_journeys.standard_puzzle("D", "en", seed=value),
        lambda: four_weeks.standard_puzzle(value),
    ):
        with pytest.raises(KitError) as raised:
            planned()
        assert str(raised.value) == f"option 'seed': {message}"


@given(first=SEEDS, games=st.integers(min_value=1, max_value=10**6))
def test_a_run_of_games_keeps_every_seed_in_range(first, games):
    if first + games - 1 <= SEED_MAX:
        assert check_seeds(first, games) == first
        return
    with pytest.raises(KitError) as raised:
        check_seeds(first, games)
    assert str(raised.value) == (
        f"{SEED_RULE}, and {games} games from seed {first} would end at seed {first + games - 1}"
    )


def test_a_tournament_and_a_simulation_past_the_last_seed_are_refused_before_they_start():
    game = kit.load("four_weeks", players=1)
    ending = f"{SEED_RULE}, and 2 games from seed {SEED_MAX} would end at seed {SEED_MAX + 1}"
    with pytest.raises(KitError, match=re.escape(ending)):
        simulate(game, [RandomBot], 2, first_seed=SEED_MAX)
    with pytest.raises(KitError, match=re.escape(ending)):
        tournament("four_weeks", ["random", "random"], games=2, seed=SEED_MAX, workers=1)
    last = tournament("four_weeks", ["random", "random"], games=1, seed=SEED_MAX, workers=1)
    assert [result.seed for result in last.results] == [SEED_MAX]


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_a_panel_heads_a_game_of_any_seed(seed):
    state = kit.load("four_weeks", seed=seed).new_game()
    panel = play(state, seat=0)
    assert panel.heading == f"Four weeks in Europe: 2 players, seed {seed}, you are player 0"
    assert f"2 players, seed {seed}, you are player 0" in panel.children[1].value


@pytest.mark.slow
def test_the_80_day_planner_takes_any_search_seed_its_bots_seeds_stay_seeds():
    """The planner's greedy journeys are played by bots of seeds `seed`, `seed + 1`, ...,
    wrapped into the range of seeds (the last seed's next was refused as a bot's seed)."""
    puzzle = amazing_journey.standard_puzzle("regular", "Paulo", 3, 1)
    plan = amazing_journey.solve(puzzle, time_limit=8, workers=1, seed=SEED_MAX)
    assert plan.status in ("feasible", "optimal", "unknown")
