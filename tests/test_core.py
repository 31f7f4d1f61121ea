"""The engine contract of kit.core, on the tiny game in tests/pig.py."""

from __future__ import annotations

import json

import pytest

import kit
from kit.core import CHANCE, TERMINAL, DataError, IllegalAction, KitError, SaveError, ranking
from kit.core.bots import RandomBot, play, simulate
from kit.core.data import Reader, load_toml
from kit.core.state import ScoreLine, ScoreSheet
from tests.pig import ROLL, STOP, Pig, Roll


def test_chance_is_an_ordinary_action():
    state = Pig(seed=1).new_game()
    assert state.current_player == 0
    assert state.legal_actions() == (ROLL, STOP)
    state.apply(ROLL)
    assert state.current_player == CHANCE
    assert [p for _, p in state.chance_outcomes()] == [1 / 6] * 6
    state.apply(Roll(5))
    assert (state.turn_total, state.current_player) == (5, 0)
    state.apply("roll")
    state.apply("rolled 1")
    assert (state.turn_total, state.banked, state.current_player) == (0, [0, 0], 1)


def test_illegal_action_raises_with_reason_and_changes_nothing():
    state = Pig(seed=1).new_game()
    before = state.clone()
    with pytest.raises(IllegalAction, match="rolled 3: it is not among the legal actions"):
        state.apply(Roll(3))
    with pytest.raises(IllegalAction, match="'jump'"):
        state.apply("jump")
    assert state == before and state.history == []


def test_seed_fixes_chance_and_replay_reproduces():
    a = play(Pig(seed=4).new_game(), [RandomBot(4, 0), RandomBot(4, 1)])
    b = play(Pig(seed=4).new_game(), [RandomBot(4, 0), RandomBot(4, 1)])
    assert a.history == b.history and a.current_player == TERMINAL
    assert Pig(seed=4).replay(a.history) == a
    assert max(a.banked) >= 20


def test_play_stops_at_a_position_to_study():
    whole = play(Pig(seed=4).new_game(), [RandomBot(4, 0), RandomBot(4, 1)])
    bots = [RandomBot(4, 0), RandomBot(4, 1)]
    state = play(Pig(seed=4).new_game(), bots, stop=lambda s: len(s.history) >= 6)
    assert len(state.history) in (6, 7) and state.current_player in (0, 1)
    # The same game as far as it went: the stopped history begins the whole one.
    assert whole.history[: len(state.history)] == state.history


def test_json_round_trip_undo_and_clone():
    state = play(Pig(seed=9).new_game(), [RandomBot(9, 0), RandomBot(9, 1)])
    text = state.to_json()
    names = json.loads(text)["history"]
    assert names == [str(action) for action in state.history] and names[0] in ("roll", "stop")
    assert state.game.from_json(text) == state
    copy = state.clone()
    last = state.history[-1]
    assert state.undo() == last
    assert state != copy and len(state.history) == len(copy.history) - 1
    state.apply(last)
    assert state == copy


def test_undo_on_a_new_game_is_refused():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Pig().new_game().undo()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: "{not json", "not valid JSON"),
        (lambda d: json.dumps({**d, "format": 99}), "format 99"),
        (lambda d: json.dumps({**d, "game": "chess"}), "of game 'chess'"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "history"}), "history"),
        (lambda d: json.dumps({**d, "history": ["roll", "roll"]}), "step 2: 'roll'"),
        (lambda d: json.dumps({**d, "options": {**d["options"], "players": 9}}), "players"),
    ],
)
def test_corrupted_saves_fail_clearly(edit, message):
    state = Pig(seed=2).new_game()
    state.apply(ROLL)
    state.apply(Roll(4))
    with pytest.raises(SaveError, match=message):
        Pig(seed=2).from_json(edit(json.loads(state.to_json())))


def test_score_sheet_total_and_ranking():
    sheet = ScoreSheet(0, "Ada", (ScoreLine("regions", 6), ScoreLine("late", -3)))
    assert sheet.total == 3 and sheet.line("late") == -3 and "Total" in str(sheet)
    sheets = [
        ScoreSheet(i, str(i), (ScoreLine("x", t),), (tb,))
        for i, (t, tb) in enumerate([(10, -80), (10, -78), (7, 0), (10, -78)])
    ]
    assert ranking(sheets) == [3, 1, 4, 1]


def test_simulate_counts_every_game():
    result = simulate(Pig(), [RandomBot, RandomBot], 20)
    assert result.games == 20 and sum(result.wins) == pytest.approx(20)


def test_unknown_game_is_named():
    with pytest.raises(KitError, match="unknown game 'chess'"):
        kit.load("chess")
    with pytest.raises(SaveError, match="not a kit save"):
        kit.load_json("[]")


def test_reader_names_file_field_and_problem(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text('[[routes]]\nid = "R1"\ncities = ["Lima", 3]\nsource = "guess"\n')
    route = next(load_toml(path).tables("routes"))
    assert route.str("id") == "R1"
    with pytest.raises(DataError, match=r"board.toml: routes\[0\].cities\[1\]: expected a string"):
        route.list("cities", of=str)
    with pytest.raises(DataError, match=r"routes\[0\].days: missing"):
        route.int("days")
    with pytest.raises(DataError, match=r"routes\[0\].source: 'guess' is not one of"):
        route.provenance()
    path.write_text("x = = 1")
    with pytest.raises(DataError, match="not valid TOML"):
        load_toml(path)
    with pytest.raises(DataError, match="expected an integer, got a boolean"):
        Reader({"n": True}, "f.toml", "").int("n")
