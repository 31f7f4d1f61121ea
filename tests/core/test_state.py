"""The engine contract of kit.core, on the tiny game in tests/pig.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import kit
from kit.core import CHANCE, TERMINAL, DataError, IllegalAction, KitError, SaveError, ranking
from kit.core.bench import engine_speed
from kit.core.bots import RandomBot, play, simulate
from kit.core.data import SEEDS_DIR, Reader, load_toml, path_text
from kit.core.rng import chance_fraction, chance_pick
from kit.core.state import ScoreLine, ScoreSheet
from kit.puzzles.amazing_journey import LAKES
from tests.contract import play_checked
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
        (lambda d: json.dumps({**d, "options": {**d["options"], "players": True}}), "players"),
        (lambda d: json.dumps({**d, "options": {**d["options"], "colour": 1}}), "'colour'"),
        (lambda d: json.dumps({**d, "format": 1}), "format 1 comes from an earlier kit"),
        (lambda d: json.dumps({**d, "game": ["pig"]}), "'game' must be a name"),
        (lambda d: json.dumps({**d, "history": "roll"}), "list of action names"),
        (lambda d: json.dumps({**d, "fixed": [True]}), "'fixed' must list step numbers"),
        (lambda d: json.dumps({**d, "fixed": [-1]}), "'fixed' must list step numbers"),
        (lambda d: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (lambda d: json.dumps([d]), "expected a JSON object"),
        (lambda d: 42, "expected JSON text, got int"),
        (lambda d: b"\xff\xfe", "not UTF-8"),
    ],
)
def test_corrupted_saves_fail_clearly(edit, message):
    state = Pig(seed=2).new_game()
    state.apply(ROLL)
    state.resolve_chance()
    with pytest.raises(SaveError, match=message):
        Pig(seed=2).from_json(edit(json.loads(state.to_json())))


def test_a_chance_outcome_chosen_by_hand_is_recorded_and_an_edited_one_refused():
    state = Pig(seed=2).new_game()
    state.apply(ROLL)
    seeded = state.seeded_outcome()
    other = next(a for a in state.legal_actions() if a != seeded and a.face != 1)
    state.apply(other)
    assert state.fixed == [1] and state.turn_total == other.face
    save = json.loads(state.to_json())
    assert save["fixed"] == [1] and Pig(seed=2).from_json(state.to_json()) == state
    # The same history without the step listed as fixed: the save was edited.
    with pytest.raises(SaveError, match=f"step 2: the chance outcome '{other}' is not the one"):
        Pig(seed=2).from_json(json.dumps({**save, "fixed": []}))
    # Outcomes picked by the seed are not recorded.
    state.apply(ROLL)
    state.resolve_chance()
    assert state.fixed == [1]


def test_a_sampled_outcome_is_taken_unchecked_only_in_the_position_it_was_sampled_for():
    state = Pig(seed=2).new_game()
    state.apply(ROLL)
    sampled = state.sample_chance()
    other = next(a for a in state.legal_actions() if a != sampled and a.face != 1)
    # Another outcome after a sample is checked and recorded as chosen by hand.
    state.apply(other)
    assert state.fixed == [1] and state.history == [ROLL, other]
    # The sample is spent: after an undo, an outcome equal to it (not the same object) is the
    # seed's again and is not recorded; a player's action is checked as always.
    state.undo()
    state.apply(Roll(sampled.face))
    assert state.fixed == [] and state.history == [ROLL, Roll(sampled.face)]
    assert state.current_player != CHANCE
    with pytest.raises(IllegalAction):
        state.apply(sampled)


def test_the_seed_picks_outcomes_by_probability_the_same_way_everywhere():
    assert chance_fraction(7, 3) == chance_fraction(7, 3) != chance_fraction(7, 4)
    assert chance_fraction(None, 3) != chance_fraction(0, 3)
    picks = [chance_pick(11, step, [0.25, 0.75]) for step in range(4000)]
    assert 0.22 < picks.count(0) / 4000 < 0.28
    assert chance_pick(11, 5, [0.0, 1.0, 0.0]) == 1


def test_observation_of_a_non_player_is_refused():
    state = Pig(players=2).new_game()
    assert state.observation(1)["turn"] == "player 0 rolls or stops"
    assert state.observation(0)["question"] == "choose an action"
    for bad in (CHANCE, TERMINAL, 2, True, "0", 0.0):
        with pytest.raises(KitError, match="is not a player of this game"):
            state.observation(bad)


def test_options_are_checked_for_type_and_range():
    assert Pig(players=3).options == {"players": 3, "seed": None, "target": 20}
    for bad, message in [
        ({"players": True}, "option 'players': expected a whole number, got True"),
        ({"players": 0}, "option 'players': expected 1 to 4, got 0"),
        ({"players": "2"}, "expected a whole number"),
        ({"seed": 1.5}, "option 'seed'"),
        ({"colour": "red"}, "unknown option 'colour'; the options are players, seed, target"),
    ]:
        with pytest.raises(KitError, match=message):
            Pig(**bad)


def test_follow_reaches_a_position_by_names_and_changes_nothing_when_refused():
    state = Pig(seed=3).new_game()
    state.follow(["roll", "rolled 6", "roll", "rolled 5", "stop", "roll"])
    assert state.banked == [11, 0] and state.current_player == 1
    by_hand = [
        step
        for step, face in ((1, 6), (3, 5))
        if Pig(seed=3).replay(state.history[:step]).seeded_outcome() != Roll(face)
    ]
    assert state.fixed == by_hand == [1, 3] and len(state.history) == 7
    before = state.clone()
    with pytest.raises(IllegalAction, match="action 2 of the scenario: 'fly'"):
        state.follow(["roll", "fly"])
    assert state == before


def test_the_contract_harness_on_pig():
    for seed in range(20):
        game = Pig(players=1 + seed % 4, seed=seed)
        bots = [RandomBot(seed, p) for p in range(game.num_players)]
        play_checked(game.new_game(), bots, sample_every=5)


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


def test_reader_names_an_unknown_key():
    reader = Reader({"name": "Lima", "psos": [1, 2]}, "board.toml", "cities[3]")
    assert reader.str("name") == "Lima"
    with pytest.raises(DataError, match=r"board.toml: cities\[3\].psos: unknown key"):
        reader.no_other_keys()


def test_error_messages_stay_short_for_any_value():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    for value, shown_as in [
        (deep, "[[[[...]]]]"),
        ([10**5000], "[<a number of about 5001 digits>]"),
        ("x" * 10_000, "'" + "x" * 27 + "..." + "x" * 28 + "'"),  # 60 characters
    ]:
        with pytest.raises(KitError) as caught:
            Pig(players=value)
        assert str(caught.value) == f"option 'players': expected a whole number, got {shown_as}"
    with pytest.raises(KitError, match=r"got <a number of about 5001 digits>$"):
        Pig(players=10**5000 + 1)  # an int, out of range
    with pytest.raises(KitError, match=r"^<a number of about 5001 digits> is not a player"):
        Pig().new_game().observation(10**5000)


def test_an_option_named_like_a_parameter_is_just_unknown():
    for name in ("self", "name"):
        with pytest.raises(KitError, match=f"unknown option '{name}'; the options are"):
            Pig(**{name: 1})
        with pytest.raises(KitError, match=f"unknown option '{name}'"):
            kit.load("four_weeks", **{name: 1})


def test_a_save_with_a_number_too_long_to_read_is_refused():
    text = '{"format": 2, "game": "pig", "options": {"players": ' + "1" * 5000 + "}}"
    with pytest.raises(SaveError, match="not a kit save: Exceeds the limit"):
        Pig().from_json(text)
    with pytest.raises(SaveError, match=r"save format <a number of about 4301 digits> is not"):
        Pig().from_json('{"format": ' + "9" * 4300 + ', "game": "", "options": {}, "history": []}')


def test_a_data_file_that_cannot_be_read_names_the_file(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text("size = " + "1" * 5000)
    with pytest.raises(DataError, match="board.toml: not valid TOML: Exceeds the limit"):
        load_toml(path)
    path.write_bytes(b"name = '\xff'")
    with pytest.raises(DataError, match="board.toml: not valid TOML"):
        load_toml(path)
    with pytest.raises(DataError, match=f"{tmp_path.name}: is a folder, not a file"):
        load_toml(tmp_path)


def test_a_file_is_named_as_the_user_knows_it(tmp_path):
    """A built-in content file by its path in the package (as the README names it, installed
    or not), another file of the kit by its path from the folder holding the package, any other
    by its content folder and name."""
    with pytest.raises(DataError, match=r"^seeds/four_weeks/nope.toml: file not found$"):
        load_toml(SEEDS_DIR / "four_weeks" / "nope.toml")
    assert path_text(SEEDS_DIR) == "seeds"
    assert path_text(SEEDS_DIR / "amazing_journey" / "board.toml") == (
        "seeds/amazing_journey/board.toml"
    )
    assert path_text(Path(LAKES) / "board.toml") == "kit/puzzles/lakes/board.toml"
    assert path_text(tmp_path / "my_board" / "rules.toml") == "my_board/rules.toml"


@pytest.mark.parametrize(
    ("name", "table", "field"),
    [
        ("amazing_journey", "[late]", "late.speling_mistake"),
        ("timeless_journeys", "", "speling_mistake"),
        ("four_weeks", "[final_scoring]", "final_scoring.speling_mistake"),
    ],
)
def test_a_content_folder_of_ones_own_is_named_by_its_folder_not_its_path(
    tmp_path, name, table, field
):
    """Every game's loader names a file outside the project by its content folder's name and
    its own, whatever temporary folder holds it, then the field and the problem."""
    folder = tmp_path / "my_board"
    shutil.copytree(SEEDS_DIR / name, folder)
    rules = folder / "rules.toml"
    text = rules.read_text()
    if table:  # the misspelt key in that table
        rules.write_text(text.replace(f"\n{table}\n", f"\n{table}\nspeling_mistake = 1\n", 1))
    else:  # in the file's top table
        rules.write_text("speling_mistake = 1\n" + text)
    with pytest.raises(DataError) as error:
        kit.load(name, content=str(folder))
    message = str(error.value)
    assert message.startswith(f"my_board/rules.toml: {field}: unknown key (the keys here are ")
    assert str(tmp_path) not in message
    assert (error.value.file, error.value.field) == ("my_board/rules.toml", field)


@pytest.mark.parametrize(
    ("name", "before", "after", "rule", "value"),
    [
        ("amazing_journey", "penalty_per_day = 1", "penalty_per_day = 12", "late_penalty", 12),
        ("timeless_journeys", "hand_limit = 8", "hand_limit = 10", "hand_limit", 10),
        ("four_weeks", "hand_size = 7", "hand_size = 5", "hand_size", 5),
    ],
)
def test_a_content_file_edited_on_disk_is_read_again(tmp_path, name, before, after, rule, value):
    """A teacher edits a board of their own and loads it again in the same notebook: the game
    plays by the edited file, not by the one read before."""
    folder = tmp_path / "mine"
    shutil.copytree(SEEDS_DIR / name, folder)
    first = kit.load(name, content=str(folder))
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace(before, after, 1))
    assert getattr(kit.load(name, content=str(folder)).content.rules, rule) == value
    assert getattr(first.content.rules, rule) != value


class StopAtGame:
    """A bot factory whose bots press Ctrl-C when the game of seed `seed` begins."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, seed, player):
        if seed == self.seed:
            raise KeyboardInterrupt
        return RandomBot(seed, player)


def test_simulate_stops_at_ctrl_c_with_the_games_finished():
    whole = simulate(Pig(), [RandomBot, RandomBot], 3)
    stopped = simulate(Pig(), [StopAtGame(3), RandomBot], 10)
    assert stopped.interrupted and not whole.interrupted
    assert (stopped.games, stopped.mean, stopped.wins) == (3, whole.mean, whole.wins)
    assert str(stopped).startswith(f"stopped by Ctrl-C after 3 games, {whole.actions} actions")
    none = simulate(Pig(), [StopAtGame(0), RandomBot], 10)
    assert (none.games, none.mean, str(none)) == (
        0,
        [],
        "stopped by Ctrl-C after 0 games, 0 actions",
    )


def test_simulate_and_engine_speed_refuse_what_they_cannot_count():
    with pytest.raises(KitError, match="1 bots for a game of 2 players"):
        simulate(Pig(), [RandomBot], 5)
    with pytest.raises(KitError, match="the number of games must be at least 1, not 0"):
        engine_speed(Pig(), games=0)


def test_something_that_is_not_an_action_is_refused_as_such():
    state = Pig().new_game()
    for junk in (None, 3, [[1]], {"face": 1}, 10**5000):
        with pytest.raises(IllegalAction, match=r"is not an action \(give one or its name\)"):
            state.apply(junk)
    assert state.history == []


def test_the_words_of_every_game_follow_one_rule() -> None:
    """Counts, plurals and articles as the three games' labels print them (the labels are in
    every save, so these are fixed)."""
    from kit.core.words import article, counted, plural

    assert [plural(1, "coin"), plural(2, "coin"), plural(0, "day")] == [
        "1 coin",
        "2 coins",
        "0 days",
    ]
    assert plural(3, "Energy", "Energy") == "3 Energy"
    assert [article("airship"), article("train"), article("Art idea")] == [
        "an airship",
        "a train",
        "an Art idea",
    ]
    assert [counted(1, "train ticket"), counted(2, "ticket")] == ["a train ticket", "2 tickets"]
