"""Tournaments: seating, results equal to the games played directly, the same results on one
process, a pool and a Dask cluster, rates and ratings, plots, the command, bad input, Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import IPython.core.formatters
import pytest
from hypothesis import given
from hypothesis import strategies as st

import kit
from kit.cli import main
from kit.core import KitError
from kit.core.bots import RandomBot, play
from kit.core.errors import shown
from kit.core.rng import SEED_RULE
from kit.tournament import GameResult, Rate, Tournament, tournament
from tests.test_cli import interrupt, start, wait_for


@pytest.fixture(scope="module")
def three_way() -> Tournament:
    """Six four-week games: the greedy bot against two random ones, seats rotating."""
    return tournament("four_weeks", ["greedy", "random", "random"], games=6, seed=3, workers=1)


def test_rotation_puts_every_entrant_in_every_seat_equally_often(three_way):
    assert three_way.entrants == ("greedy", "random", "random 2")
    assert [r.seed for r in three_way.results] == [3, 4, 5, 6, 7, 8]
    assert three_way.results[0].seats == ("greedy", "random", "random 2")
    assert three_way.results[1].seats == ("random", "random 2", "greedy")
    for entrant in three_way.entrants:
        assert Counter(r.seat_of(entrant) for r in three_way.results) == {0: 2, 1: 2, 2: 2}


def test_each_result_is_the_game_its_seed_and_seats_give(three_way):
    module = kit.game_module("four_weeks")
    for result in three_way.results:
        bots = [
            module.BOTS[label.split()[0]](result.seed, s) for s, label in enumerate(result.seats)
        ]
        final = play(kit.load("four_weeks", players=3, seed=result.seed).new_game(), bots)
        assert result.scores == tuple(sheet.total for sheet in final.scores())
        assert result.actions == len(final.history)
        assert result.lengths == (28, 28, 28)  # four weeks of seven days
        assert result.state().history == final.history  # the save replays the game
        assert sorted(result.ranks)[0] == 1


@pytest.mark.slow
def test_a_pool_of_processes_and_a_dask_cluster_give_the_same_results(three_way, capsys):
    pooled = tournament("four_weeks", ["greedy", "random", "random"], games=6, seed=3, workers=2)
    assert pooled.results == three_way.results
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, processes=True
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        clustered = tournament(
            "four_weeks",
            ["greedy", "random", "random"],
            games=6,
            seed=3,
            executor=client.get_executor(),
        )
        line = ["tournament", "four-weeks", "--bots", "greedy,random,random", "--games", "6"]
        assert main([*line, "--seed", "3", "--scheduler", cluster.scheduler_address]) == 0
    assert clustered.results == three_way.results
    assert capsys.readouterr().out == f"{three_way}\n"


def test_the_greedy_bot_beats_random_play_clearly_in_the_amazing_journey():
    result = tournament("amazing_journey", ["random", "greedy"], games=20, seed=1, workers=2)
    wins = result.win_rates()
    assert wins["greedy"].value == 1.0 and wins["greedy"].low > 0.8
    assert result.head_to_head()["greedy", "random"].value == 1.0
    assert result.standings() == ["greedy", "random"]
    ratings = result.ratings()
    assert ratings["greedy"].mu - ratings["random"].mu > 20
    assert min(result.scores("greedy")) > max(result.scores("random"))
    assert result.unit == "days" and max(result.lengths("greedy")) <= 90


def test_wilson_intervals_match_their_formula_and_stay_within_0_and_1():
    seven = Rate.of(7, 10)
    assert (seven.value, round(seven.low, 4), round(seven.high, 4)) == (0.7, 0.3968, 0.8922)
    assert str(seven) == "70% [40, 89]"
    assert (Rate.of(0, 20).low, round(Rate.of(0, 20).high, 4)) == (0.0, 0.1611)
    assert Rate.of(20, 20).high == 1.0


def _result(index: int, seats: tuple[str, ...], scores: tuple[int, ...], ranks: tuple[int, ...]):
    return GameResult(index, index, seats, scores, ranks, (5,) * len(seats), 100, "")


def test_a_shared_first_place_is_part_of_a_win_and_a_tie_half_a_game_each():
    games = (
        _result(0, ("a", "b", "c"), (10, 10, 3), (1, 1, 3)),
        _result(1, ("b", "c", "a"), (8, 2, 1), (1, 2, 3)),
    )
    result = Tournament("pig", {}, ("a", "b", "c"), games, False, "turns")
    wins = result.win_rates()
    assert (wins["a"].value, wins["b"].value, wins["c"].value) == (0.25, 0.75, 0.0)
    assert result.head_to_head()["a", "b"].value == 0.25  # a tie, then behind
    assert result.head_to_head()["c", "a"].value == 0.5
    assert result.scores("a") == [10, 1] and result.lengths("c") == [5, 5]


def test_ratings_follow_all_the_games_not_the_last_ones_and_not_their_order():
    """a wins the first 60 games and loses the last 40: game-by-game rating in that order put
    b ahead (the last games weigh most); averaged over shuffled orders, a is ahead, by the
    same ratings whatever order the games come in."""
    games = tuple(
        _result(i, ("a", "b") if i % 2 else ("b", "a"), (1, 0), (1, 2))
        if (i < 60) == (i % 2 == 1)
        else _result(i, ("a", "b") if i % 2 else ("b", "a"), (0, 1), (2, 1))
        for i in range(100)
    )
    result = Tournament("pig", {}, ("a", "b"), games, False, "turns")
    assert result.win_rates()["a"].value == 0.6
    ratings = result.ratings()
    assert ratings["a"].mu > ratings["b"].mu + 2 and result.standings() == ["a", "b"]
    assert ratings["a"].mu + ratings["b"].mu == pytest.approx(50.0)
    backwards = Tournament("pig", {}, ("a", "b"), games[::-1], False, "turns")
    assert backwards.ratings() == ratings


def test_a_students_bot_is_a_factory_given_under_its_label():
    class FirstChoice:
        def __init__(self, seed: int | None, player: int) -> None:
            pass

        def choose(self, state):
            return state.legal_actions()[0]

    result = tournament(
        "four_weeks", {"first": FirstChoice, "random": RandomBot}, games=4, seed=2, workers=1
    )
    assert result.entrants == ("first", "random")
    assert len(result.results) == 4 and result.win_rates()["first"].games == 4


def last_choice(state):
    """A student's bot as a plain function: the last of the legal actions."""
    return state.legal_actions()[-1]


class LastChoice:
    def choose(self, state):
        return last_choice(state)


@pytest.mark.parametrize("name", list(kit.GAMES))
def test_a_students_bot_is_a_plain_function_in_every_game(name):
    result = tournament(name, {"last": last_choice, "random": "random"}, games=2, seed=5, workers=1)
    assert result.entrants == ("last", "random") and len(result.results) == 2
    for played in result.results:
        bots = [
            LastChoice() if label == "last" else RandomBot(played.seed, seat)
            for seat, label in enumerate(played.seats)
        ]
        final = play(kit.load(name, players=2, seed=played.seed).new_game(), bots)
        assert played.scores == tuple(sheet.total for sheet in final.scores())
        assert played.state().history == final.history


def test_a_function_bot_travels_to_a_pool_and_a_lambda_plays_here():
    here = tournament(
        "four_weeks", {"last": last_choice, "random": "random"}, games=4, seed=1, workers=1
    )
    pooled = tournament(
        "four_weeks", {"last": last_choice, "random": "random"}, games=4, seed=1, workers=2
    )
    assert pooled.results == here.results
    first = tournament(
        "four_weeks",
        {"first": lambda state: state.legal_actions()[0], "random": "random"},
        games=2,
        seed=1,
        workers=1,
    )
    assert len(first.results) == 2 and not first.failures


class Buggy:
    """A bot with a bug that shows in the game of seed 4 only."""

    def __init__(self, seed: int | None, player: int) -> None:
        self.seed = seed

    def choose(self, state):
        if self.seed == 4 and len(state.history) > 30:
            raise ValueError("no idea what to do")
        return state.legal_actions()[-1]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_that_fails_is_reported_with_its_seed_and_the_others_are_kept(workers):
    result = tournament(
        "four_weeks", {"buggy": Buggy, "random": "random"}, games=4, seed=3, workers=workers
    )
    assert [r.seed for r in result.results] == [3, 5, 6]
    (failure,) = result.failures
    assert (failure.seed, failure.seats) == (4, ("random", "buggy"))
    assert failure.error == "ValueError: no idea what to do"
    assert str(result).endswith(
        "1 game failed:\n  game 1 (seed 4, seats random, buggy): ValueError: no idea what to do"
    )


def test_the_plot_shows_the_scores_and_the_ratings_of_every_entrant(three_way):
    figure = three_way.plot()
    scores, ratings = figure.axes
    labels = [tick.get_text() for tick in scores.get_xticklabels()]
    assert labels == three_way.standings()
    assert [tick.get_text() for tick in ratings.get_xticklabels()] == labels
    mus = [three_way.ratings()[entrant].mu for entrant in labels]
    assert list(ratings.lines[0].get_ydata()) == pytest.approx(mus)
    assert "four_weeks tournament" in figure.get_suptitle()


def test_the_plot_shows_as_an_image_in_a_notebook_without_pyplot(three_way):
    """As a cell's last value the figure gives a PNG picture, not only its text."""
    shown, _ = IPython.core.formatters.DisplayFormatter().format(three_way.plot())
    assert shown["image/png"].startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tournament("four_weeks", ["greedy", "clever"]), "unknown bot 'clever' for"),
        (lambda: tournament("four_weeks", ["greedy"]), "needs at least two bots, not 1"),
        (lambda: tournament("four_weeks", "greedy"), "must be a list of bot names"),
        (lambda: tournament("four_weeks", ["greedy", 3]), "must be a name, not 3"),
        (
            lambda: tournament("four_weeks", {"a": "greedy", "b": 7}),
            "a name, a factory or a function",
        ),
        (
            lambda: tournament("four_weeks", ["greedy", "random"], games=0),
            "the number of games must be a whole number from 1 to 1000000, not 0",
        ),
        (lambda: tournament("four_weeks", ["greedy", "random"], seats="circle"), "'circle'"),
        (lambda: tournament("four_weeks", ["greedy", "random"], workers=0), "workers must be"),
        (lambda: tournament("chess", ["greedy", "random"]), "unknown game 'chess'"),
        (
            lambda: tournament(kit.load("four_weeks", players=4), ["greedy", "random"]),
            "2 bots for a game of 4 players",
        ),
    ],
)
def test_bad_input_is_refused_naming_what_and_why(call, message):
    with pytest.raises(KitError, match=re.escape(message)):
        call()


PAIR = ("four_weeks", ["greedy", "random"])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seed": "x"}, f"{SEED_RULE}, not 'x'"),
        ({"seed": 1.5}, f"{SEED_RULE}, not 1.5"),
        ({"seed": True}, f"{SEED_RULE}, not True"),
        ({"seed": None}, f"{SEED_RULE}, not None"),
        ({"games": True}, "the number of games must be a whole number from 1 to 1000000, not True"),
        ({"games": 2.0}, "the number of games must be a whole number from 1 to 1000000, not 2.0"),
        (
            {"games": 10**7},
            "the number of games must be a whole number from 1 to 1000000, not 10000000",
        ),
        ({"seats": ["rotate"]}, "unknown seating ['rotate']; choose rotate, fixed, random"),
        ({"workers": "2"}, "workers must be a whole number of at least 1, not '2'"),
        (
            {"executor": "dask"},
            "the executor must be a concurrent.futures.Executor (a process pool, a Dask "
            "client's executor), not 'dask'",
        ),
        ({"progress": 5}, "progress must be called with (done, total, text), not 5"),
    ],
)
def test_every_argument_of_a_tournament_is_checked_before_a_game(arguments, message):
    with pytest.raises(KitError) as refused:
        tournament(*PAIR, games=arguments.pop("games", 2), **arguments)
    assert str(refused.value) == message


@given(seed=st.text() | st.floats() | st.booleans() | st.none() | st.lists(st.integers()))
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(KitError) as refused:
        tournament(*PAIR, games=2, seed=seed, workers=1)
    assert str(refused.value) == f"{SEED_RULE}, not {shown(seed)}"


def test_ctrl_c_in_a_progress_report_keeps_the_games_finished():
    def stop_after_three(done: float, total: float | None, message: str = "") -> None:
        if done == 3:
            raise KeyboardInterrupt

    here = tournament(
        "four_weeks", ["greedy", "random"], games=50, workers=1, progress=stop_after_three
    )
    assert here.interrupted and len(here.results) == 3
    assert str(here).startswith("stopped by Ctrl-C after 3 games of four_weeks")
    reported = []

    def stop_at_three_or_more(done: float, total: float | None, message: str = "") -> None:
        reported.append(done)
        if done >= 3:  # a pool reports a batch at a time
            raise KeyboardInterrupt

    pooled = tournament(
        "four_weeks", ["greedy", "random"], games=50, workers=2, progress=stop_at_three_or_more
    )
    assert pooled.interrupted and len(pooled.results) == reported[-1] < 50


def test_the_command_prints_the_tables_and_saves_the_plot(capsys, tmp_path):
    picture = tmp_path / "ratings.png"
    line = ["tournament", "four-weeks", "--bots", "greedy,random", "--games", "4", "--workers", "1"]
    assert main([*line, "--seed", "3", "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    expected = tournament("four_weeks", ["greedy", "random"], games=4, seed=3, workers=1)
    assert out == f"{expected}\nplot saved to {picture}\n"
    assert out.splitlines()[0] == "four_weeks: 4 games"
    assert picture.stat().st_size > 10_000
    assert main(["tournament", "four-weeks", "--bots", "greedy,clever"]) == 2
    assert "unknown bot 'clever'; choose among random, greedy" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_stops_the_command_with_the_tables_of_the_games_finished():
    process = start("tournament", "four-weeks", "--games", "100000", "--workers", "2")
    wait_for(process, r"\| +[1-9]\d*/100000", "stderr")
    out, err = interrupt(process)
    assert process.returncode == 130
    finished = int(re.match(r"stopped by Ctrl-C after (\d+) games of four_weeks\n", out).group(1))
    assert 1 <= finished < 100000
    assert "head to head" in out and "Traceback" not in err


def test_a_timeless_journeys_game_lasts_five_rounds_for_everyone():
    result = tournament("timeless_journeys", ["random", "random"], games=2, seed=4, workers=1)
    assert result.unit == "rounds"
    assert [r.lengths for r in result.results] == [(5, 5), (5, 5)]
    assert result.entrants == ("random", "random 2")


@pytest.mark.slow
def test_ctrl_c_does_not_wait_for_the_games_being_played():
    """The command's Ctrl-C before any game ends: four-player Timeless Journeys games of ISMCTS
    bots take half a minute or more, two to a worker's first batch, and the report is the empty
    one."""
    bots = ",".join(["mcts"] * 4)
    process = start("tournament", "timeless-journeys", "--players", "4", "--bots", bots)
    wait_for(process, r"0it", "stderr")
    time.sleep(3)  # the pool's workers have begun their games
    out, err = interrupt(process)
    assert process.returncode == 130
    assert out == "stopped by Ctrl-C after 0 games of timeless_journeys\n"
    assert "Traceback" not in err


@dataclass(frozen=True)
class Endless:
    """A bot (its own factory) whose every move takes a minute: it leaves a file named by its
    process in `folder` when it starts a move, and another when a move is over."""

    folder: str

    def __call__(self, seed: int | None, player: int) -> Endless:
        return self

    def choose(self, state):
        mark = Path(self.folder, str(os.getpid()))
        mark.touch()
        time.sleep(60)
        mark.with_suffix(".moved").touch()
        return state.legal_actions()[0]


def test_ctrl_c_ends_the_pools_workers_in_the_middle_of_their_games(tmp_path):
    """Ctrl-C while both workers are in a move: the tournament stops with no game finished,
    and neither worker finished its move (each was ended, not waited for)."""

    def ctrl_c_once_both_play() -> None:
        deadline = time.monotonic() + 300
        while len(list(tmp_path.iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=ctrl_c_once_both_play, daemon=True).start()
    entrants = {"endless": Endless(str(tmp_path)), "random": "random"}
    result = tournament("four_weeks", entrants, games=4, workers=2)
    assert result.interrupted and result.results == ()
    workers = sorted(tmp_path.iterdir())
    assert len(workers) == 2 and all(path.suffix == "" for path in workers)
    for worker in workers:  # ended and gone
        with pytest.raises(ProcessLookupError):
            os.kill(int(worker.name), 0)
