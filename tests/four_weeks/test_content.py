"""The content as loaded, the rulebook's printed numbers, and clear errors on bad input: data
files (built-in or a custom folder), options, the scenario builder and saves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import kit
from kit.cli import main
from kit.core import DataError, IllegalAction, KitError, SaveError
from kit.core.bots import play
from kit.four_weeks import BOTS, FourWeeks, load_content, setup
from kit.four_weeks.content import DATA_DIR
from kit.four_weeks.effects import describe
from kit.four_weeks.scoring import place_points, score_sheet
from tests.checks import broken_copy, refused
from tests.four_weeks.helpers import HANDS, card, deal, names, seen

KINDS = {"travel", "visit", "activity", "card", "answer", "extra", "turn", "chance"}


def test_printed_numbers_are_used_exactly():
    rules = load_content().rules
    assert (rules.weeks, rules.days_per_week, rules.hand_size) == (4, 7, 7)
    assert rules.weekdays[5:] == ("Sat", "Sun")
    assert (rules.plane_coins, rules.train_energy_per_segment) == (4, 1)
    assert (rules.income_base, rules.activity_discards, rules.activity_days) == (2, 3, 1)
    assert rules.festivals_per_week == 2


def test_reconstructed_map_and_deck():
    content = load_content()
    assert len(content.regions) == 10
    assert all(
        len(r.code) == 3 and 0 <= r.pos[0] <= 1000 and 0 <= r.pos[1] <= 600 for r in content.regions
    )
    assert content.graph.number_of_nodes() == 10 and content.graph.number_of_edges() == 12
    assert content.distance[content.region_index("IBE")][content.region_index("SCA")] == 4
    assert len(content.locations) == 50
    assert {card.source for card in content.locations} == {"reconstructed"}
    assert all(
        len([c for c in content.locations if c.region == r.index]) == 5 for r in content.regions
    )


def test_region_scoring_places_and_ties():
    assert place_points([2, 1, 0], (3, 1)) == [3, 1, 0]
    assert place_points([2, 2, 1, 0], (3, 1)) == [3, 3, 0, 0]
    assert place_points([0, 0], (3, 1)) == [0, 0]
    assert place_points([1], (3, 1)) == [3]


def test_final_score_sheet_lines():
    state = deal(actions=["start in IBE for free", "visit IBE1 (Tapas in Seville)"])
    sheet = score_sheet(state, 0)
    assert [line.label for line in sheet.lines] == [
        "Locations",
        "Region scoring",
        "Local tiles",
        "Bucket Lists",
        "Festivals",
        "Regions visited",
        "Leftover resources",
    ]
    assert sheet.line("Regions visited") == 0 and sheet.line("Leftover resources") == 2
    assert sheet.total == 2 and sheet.tiebreak == (1,)


# --- labels, kinds and places -------------------------------------------------------------------
def test_labels_kinds_and_places():
    game = FourWeeks(players=4)
    board = set(game.board().nodes)
    table = game.actions
    for action in table.by_name.values():
        assert action.kind in KINDS and (action.place is None or action.place in board)
    assert str(table.visit[4][2]) == "visit BRI5 (British Museum) spending 2 Excitement"
    assert table.visit[4][2].place == "BRI" and table.discard[4].place is None
    assert str(table.train[0][0]) == "take the train to IBE for 2 Energy"
    assert str(table.fly[2]) == "fly to FRA for 4 Coins" and table.fly[2].place == "FRA"
    assert str(table.local[0]) == "use the Local tile in BRI paying 1 Local"
    assert str(table.attend[3]) == "attend Carnival of Binche in BEN paying 2 Excitement"
    assert str(table.draw[1][2]) == "player 1 draws BRI3 (Edinburgh Old Town)"
    assert str(table.reveal[6]) == "the Festival Oktoberfest is revealed in GER"
    assert (table.reveal[6].kind, table.reveal[6].place) == ("chance", "GER")
    assert (table.stay[9].kind, table.stay[9].place, str(table.stay[9])) == (
        "travel",
        "BAL",
        "stay in BAL",
    )


def test_effects_read_as_words():
    effect = (("pay_coins", 1), ("points", 1), ("locals", 2))
    assert describe(effect) == "pay 1 Coin: 1 point, 2 Locals"
    assert describe((("pay_energy", 2), ("pay_locals", 1), ("ticket", 1))) == (
        "pay 2 Energy and 1 Local: 1 free trip"
    )
    assert describe(()) == "nothing"


# --- bad content data ---------------------------------------------------------------------------
ROUTE_IBE_FRA = '[[routes]]\nbetween = ["IBE", "FRA"]\nsource = "reconstructed"\n'


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("map.toml", 'code = "BRI"', 'code = "BRIT"', r"map.toml: regions\[0\].code: 'BRIT'"),
        (
            "map.toml",
            'between = ["BRI", "FRA"]',
            'between = ["BRI", "XXX"]',
            r"routes\[0\].between: region 'XXX' is not on the map",
        ),
        (
            "map.toml",
            ROUTE_IBE_FRA,
            "",
            r"map.toml: routes: the map is not connected: no train reaches IBE from BRI",
        ),
        (
            "map.toml",
            'between = ["IBE", "FRA"]',
            'between = ["FRA", "BRI"]',
            r"routes\[1\].between: the route FRA-BRI is listed twice",
        ),
        ("map.toml", 'name = "Iberia"', 'name = "Iberia"\ncolour = "red"', r"regions\[1\].colour"),
        ("map.toml", "source", "kind = 'rail'\nsource", r"regions\[0\].kind: unknown key"),
        ("locations.toml", "days = 1", "days = 0", r"locations\[0\].days: 0 is outside 1..7"),
        ("locations.toml", "days = 4", "days = 8", r"locations\[4\].days: 8 is outside 1..7"),
        (
            "locations.toml",
            "effect = { coins = 2 }",
            "effect = { gold = 2 }",
            r"locations\[0\].effect.gold: unknown effect",
        ),
        (
            "locations.toml",
            'tags = ["food"]',
            'tags = ["shopping"]',
            r"locations\[0\].tags: 'shopping' is not one of",
        ),
        (
            "locations.toml",
            'bonus_days = ["Mon"]',
            'bonus_days = ["Monday"]',
            r"locations\[1\].bonus_days: 'Monday' is not one of Mon, Tue",
        ),
        (
            "locations.toml",
            'name = "Borough Market"',
            'name = "Borough Market"\nday = 2',
            r"locations\[0\].day: unknown key \(the keys here are bonus, bonus_days, days",
        ),
        ("extras.toml", "points = 4", "points = -1", r"bucket_lists\[0\].points: -1 is outside"),
        (
            "extras.toml",
            "needs = { culture = 2 }",
            "needs = {}",
            r"bucket_lists\[0\].needs: a Bucket List needs at least one tag",
        ),
        (
            "extras.toml",
            'name = "Feria de Abril"',
            'name = "Proms"',
            r"festivals\[1\].name: the Festival 'Proms' is listed twice",
        ),
        (
            "extras.toml",
            "reward = { points = 5 }",
            "reward = { points = 5 }\nonce = true",
            r"local_tiles\[1\].once: unknown key",
        ),
        (
            "extras.toml",
            "[[local_tiles]]",
            "[[local_tile]]\nregion = 'BRI'\n\n[[local_tiles]]",
            r"extras.toml: local_tile: unknown key",
        ),
        (
            "rules.toml",
            "plane_coins = 4",
            'plane_coins = "four"',
            r"rules.toml: travel.plane_coins: expected an integer",
        ),
        (
            "rules.toml",
            'hand_size = 7\nsource = "rulebook"',
            'hand_size = 7\nsource = "guess"',
            r"calendar.source: 'guess' is not one of",
        ),
        (
            "rules.toml",
            "hand_size = 7",
            "hand_size = 0",
            r"calendar.hand_size: 0 is outside the allowed values \(at least 1\)",
        ),
        ("rules.toml", "hand_size = 7", "hand_sise = 7", r"calendar.hand_size: missing"),
        (
            "rules.toml",
            "first_player = 0",
            "first_player = 4",
            r"rules.toml: start.first_player: 4 is outside 0..3",
        ),
        (
            "rules.toml",
            "places = [3, 1]",
            "places = [3, 1, 1, 1, 1]",
            r"region_scoring.places: expected 1 to 4 values",
        ),
        ("rules.toml", "places = [3, 1]", "places = []", r"region_scoring.places: expected 1 to 4"),
        (
            "rules.toml",
            "places = [3, 1]",
            "places = [1, 3]",
            r"region_scoring.places: value 2 \(3\) gives more points than value 1",
        ),
        (
            "rules.toml",
            "regions_visited = [0, 0, 1,",
            "regions_visited = [0, 1,",
            r"final_scoring.regions_visited: expected 11 values",
        ),
        (
            "rules.toml",
            "17, 20]",
            "17, 2]",
            r"final_scoring.regions_visited: value 11 \(2\) gives fewer points than value 10",
        ),
        (
            "rules.toml",
            '"Sat", "Sun"]',
            '"Sat", "Sat"]',
            r"calendar.weekdays: expected 7 different names",
        ),
        (
            "rules.toml",
            "discards = 3\ndays = 1",
            "discards = 3\ndays = 8",
            r"activity_cost.days: 8 is outside 1..7",
        ),
        (
            "rules.toml",
            "resources = { coins = 4,",
            "resources = { gems = 1, coins = 4,",
            r"start.resources.gems: unknown key",
        ),
        (
            "rules.toml",
            "gain = {}",
            "gain = {}\nlevel = 0",
            r"income_track\[0\].level: unknown key",
        ),
        (
            "rules.toml",
            "write = {",
            "read = { points = 1 }\nwrite = {",
            r"activities.read: unknown",
        ),
        (
            "rules.toml",
            "[calendar]",
            "[calender]\nweeks = 4\n\n[calendar]",
            r"rules.toml: calender",
        ),
    ],
)
def test_malformed_data_names_file_field_and_problem(tmp_path, file, old, new, message):
    broken_copy(DATA_DIR, tmp_path, file, old, new)
    with pytest.raises(DataError, match=message):
        load_content(tmp_path)


def write_file(folder: Path, file: str, text: str) -> Path:
    """A copy of the content in `folder` with `file` replaced by `text`."""
    shutil.copytree(DATA_DIR, folder, dirs_exist_ok=True)
    (folder / file).write_text(text)
    return folder


def test_an_empty_map_or_deck_is_refused(tmp_path):
    with pytest.raises(DataError, match=r"map.toml: regions: the map needs at least one region"):
        load_content(write_file(tmp_path / "map", "map.toml", "regions = []\nroutes = []\n"))
    with pytest.raises(DataError, match=r"locations.toml: locations: the Location deck needs"):
        load_content(write_file(tmp_path / "deck", "locations.toml", "locations = []\n"))
    with pytest.raises(DataError, match=r"rules.toml: file not found"):
        (tmp_path / "deck" / "rules.toml").unlink()
        load_content(tmp_path / "deck")


# --- a custom content folder --------------------------------------------------------------------
def test_a_custom_folder_is_checked_like_the_built_in_one(tmp_path):
    broken_copy(DATA_DIR, tmp_path, "rules.toml", "hand_size = 7", "hand_size = 0")
    with pytest.raises(DataError, match=r"calendar.hand_size: 0 is outside"):
        kit.load("four_weeks", players=2, content=str(tmp_path))
    with pytest.raises(KitError, match="option 'content': .* is not a folder"):
        kit.load("four_weeks", content=str(tmp_path / "missing"))


def test_a_custom_folder_plays_its_own_rules(tmp_path):
    folder = broken_copy(DATA_DIR, tmp_path, "rules.toml", "hand_size = 7", "hand_size = 5")
    game = kit.load("four_weeks", players=2, seed=3, content=str(folder))
    state = game.new_game()
    state.resolve_chance()
    assert [view["hand_size"] for view in state.observation(0)["players"]] == [5, 5]
    # The folder is part of the options: another seed and a save keep it.
    assert game.with_seed(4).content.rules.hand_size == 5
    assert kit.load_json(state.to_json()) == state


def test_a_file_edited_on_disk_is_read_again(tmp_path):
    folder = broken_copy(DATA_DIR, tmp_path, "rules.toml", "plane_coins = 4", "plane_coins = 3")
    assert load_content(folder).rules.plane_coins == 3
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace("plane_coins = 3", "plane_coins = 12"))
    assert load_content(folder).rules.plane_coins == 12


def test_a_first_player_needs_that_many_players(tmp_path):
    folder = broken_copy(DATA_DIR, tmp_path, "rules.toml", "first_player = 0", "first_player = 2")
    message = "option 'players': the content's First Player is player 2 .* at least 3 players"
    with pytest.raises(KitError, match=message):
        kit.load("four_weeks", players=2, content=str(folder))
    state = kit.load("four_weeks", players=3, content=str(folder)).new_game()
    state.resolve_chance()
    assert state.current_player == 2 and state.observation(0)["first_player"] == 2


# --- options, the scenario builder, saves -------------------------------------------------------
def test_bad_options_are_refused():
    with pytest.raises(KitError, match=r"option 'players': expected 1 to 4, got 5"):
        kit.load("four_weeks", players=5)
    with pytest.raises(KitError, match="option 'players': expected a whole number, got 'two'"):
        kit.load("four_weeks", players="two")
    with pytest.raises(KitError, match="option 'players': expected a whole number, got True"):
        kit.load("four_weeks", players=True)
    with pytest.raises(KitError, match="unknown option 'player'; the options are players, seed"):
        kit.load("four_weeks", player=2)


def test_the_scenario_builder_fixes_the_setup_by_name():
    game = FourWeeks(players=2, seed=0)
    state = setup(game, festivals=["GER", "Proms"], hands=[["SCA5", "BAL1"]])
    view = state.observation(0)
    assert [f["name"] for f in view["festivals"]] == ["Oktoberfest", "Proms"]
    assert card("BAL1") in view["hand"] and card("SCA5") in view["hand"]
    assert len(view["hand"]) == 7 and view["players"][1]["hand_size"] == 7
    assert state.fixed  # the named outcomes are not all the seed's
    again = game.from_json(state.to_json())
    assert again == state and again.fixed == state.fixed
    # Without names, the builder deals what the seed deals.
    plain = game.new_game()
    plain.resolve_chance()
    assert setup(game) == plain and not plain.fixed


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": [["BRI9"]]}, r"hands\[0\]: no Location card 'BRI9'"),
        ({"hands": [["BRI1"], ["BRI1"]]}, r"hands\[1\]: BRI1 is named twice"),
        ({"hands": [HANDS[0] + ("IBE3",)]}, r"hands\[0\]: expected a list of at most 7 card ids"),
        ({"hands": [[], [], []]}, "hands: expected at most 2 hands"),
        ({"hands": ["BRI1"]}, r"hands\[0\]: expected a list"),
        ({"festivals": ["XXX"]}, "festivals: no Festival 'XXX' is left; the Festivals are Proms"),
        ({"festivals": ["BRI", "BRI"]}, "festivals: no Festival 'BRI' is left"),
        ({"festivals": ["BRI", "IBE", "FRA"]}, "festivals: the display holds 2, 3 are named"),
    ],
)
def test_the_scenario_builder_refuses_bad_names(arguments, message):
    with pytest.raises(KitError, match=message):
        setup(FourWeeks(players=2), **arguments)


def test_the_scenario_builder_refuses_an_illegal_action():
    with pytest.raises(IllegalAction, match="action 2 of the scenario: 'stay in BRI'"):
        deal(actions=["start in BRI for free", "stay in BRI"])


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: {**d, "history": d["history"][:5] + ["visit BRI9"]},
            "step 6: 'visit BRI9'",
        ),
        (lambda d: {**d, "history": d["history"] + ["fly to BRI for 4 Coins"]}, "step"),
        (lambda d: {**d, "options": {**d["options"], "players": 7}}, "option 'players'"),
        (lambda d: {**d, "game": "amazing_journey"}, "of game 'amazing_journey'"),
        (lambda d: {**d, "fixed": []}, "is not the one the seed gives"),
    ],
)
def test_edited_saves_fail_clearly(edit, message):
    state = deal(actions=["start in BRI for free", "visit BRI1 (Borough Market)"])
    text = json.dumps(edit(json.loads(state.to_json())))
    with pytest.raises(SaveError, match=message):
        FourWeeks(players=2, seed=0).from_json(text)


def test_save_round_trip_through_the_registry():
    state = deal(actions=["start in BRI for free"])
    assert kit.load_json(state.to_json()) == state


# --- observation, bots, command line ------------------------------------------------------------
def test_observation_names_the_phase_the_turn_and_the_question():
    game = FourWeeks(players=2, seed=0)
    start = game.new_game().observation(1)
    assert start["phase"] == "setup: the Festivals and the opening hands"
    assert start["turn"] == "chance: a Festival is revealed for week 1"
    assert start["step"] == "setup" and start["to_move"] is None
    state = deal(actions=["start in BRI for free"])
    view = state.observation(1)
    assert view["phase"] == "week 1, Mon: player 0's Activity step"
    assert view["question"] == (
        "which Activity player 0 takes on Mon in BRI: a visit, Write, Rest or Plan, or none"
    )
    assert view["turn"] == "player 0's turn" and view["to_move"] == 0
    assert view["first_player"] == 0 and view["players"][0]["pawn"] == "BRI"
    assert view["players"][0]["calendar"][0][0] == {
        "weekday": "Mon",
        "disc": "available",
        "insider_tip": False,
    }
    assert [f["name"] for f in view["festivals"]] == ["Venice Carnival", "Oktoberfest"]
    assert view["festivals"][0] == {
        "name": "Venice Carnival",
        "region": "ITA",
        "effect": "pay 1 Excitement: 4 points",
        "attended_by": [],
    }
    assert view["local_tiles"][0] == {
        "region": "BRI",
        "effect": "pay 1 Local: 2 points, 1 Energy",
        "used_this_week_by": [],
    }


def test_observation_hides_other_hands():
    state = deal()
    view = state.observation(1)
    assert view["hand"] == [card(c) for c in HANDS[1]]
    assert [p["hand_size"] for p in view["players"]] == [7, 7]
    assert "BRI1" not in json.dumps(view) and "Borough" not in json.dumps(view)
    with pytest.raises(KitError, match="-1 is not a player of this game"):
        state.observation(-1)
    assert "your hand (player 0)" in state.describe(0) and "Scottish Highlands" in state.describe(0)


def test_greedy_bot_plays_to_the_end():
    game = FourWeeks(players=2, seed=5)
    final = play(game.new_game(), [BOTS["greedy"](5, 0), BOTS["random"](5, 1)])
    greedy, random = (sheet.total for sheet in final.scores())
    assert final.is_terminal and greedy > random


def test_command_line_simulates_and_plays(capsys, monkeypatch):
    assert (
        main(["simulate", "four-weeks", "--players", "2", "--games", "2", "--bot", "random"]) == 0
    )
    assert "2 games" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    assert main(["play", "four-weeks", "--players", "2", "--seed", "1"]) == 0
    assert "start in BRI for free" in capsys.readouterr().out


def test_a_refused_name_says_why():
    state = deal(actions=["start in BRI for free"])
    assert "visit BRI1 (Borough Market)" in names(state)
    with pytest.raises(
        IllegalAction,
        match="'end the turn': the turn ends after the Extras; player 0 is at the Activity",
    ):
        state.apply("end the turn")
    assert seen(state)["step"] == "Activity"
    state.apply("visit BRI2 (Soho Nights)")  # Monday: its weekday bonus
    refused(state, "stay in BRI", "first comes the answer to which player 0 takes first for BRI2")
    state.apply("take the effect first")
    drawing = deal(actions=["start in IBE for free"])
    drawing.apply("visit IBE2 (Ibiza Clubs)")  # 1 card drawn: a chance event
    refused(drawing, "stay in IBE", "a chance event is due first: which Location card player 0")
    refused(drawing, "player 0 draws BRI1 (Borough Market)", "not among the chance outcomes now")
    refused(drawing, "draw BRI1", "no action of this game has this name")
