"""The content as loaded, the rulebook's printed numbers, and clear errors on bad input."""

from __future__ import annotations

import json

import pytest

import kit
from kit.core import DataError, KitError, SaveError
from kit.core.bots import play
from kit.four_weeks import BOTS, FourWeeks, load_content
from kit.four_weeks.content import DATA_DIR
from kit.four_weeks.scoring import place_points, score_sheet
from tests.checks import broken_copy
from tests.four_weeks.helpers import deal


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
    state = deal()
    state.apply("start in IBE")
    state.apply("visit IBE1")  # 2 Energy
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
        ("locations.toml", "days = 1", "days = 0", r"locations\[0\].days: 0 is outside 1..7"),
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
        ("extras.toml", "points = 4", "points = -1", r"bucket_lists\[0\].points: -1 is outside"),
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
    ],
)
def test_malformed_data_names_file_and_field(tmp_path, file, old, new, message):
    broken_copy(DATA_DIR, tmp_path, file, old, new)
    with pytest.raises(DataError, match=message):
        load_content(tmp_path)


def test_bad_options_are_refused():
    with pytest.raises(KitError, match=r"option 'players': expected 1 to 4, got 5"):
        kit.load("four_weeks", players=5)
    with pytest.raises(KitError, match="option 'players': expected a whole number, got 'two'"):
        kit.load("four_weeks", players="two")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: {**d, "history": d["history"][:5] + ["visit BRI9"]}, "step 6: 'visit BRI9'"),
        (lambda d: {**d, "history": d["history"] + ["fly to BRI (4 Coins)"]}, "step"),
        (lambda d: {**d, "options": {**d["options"], "players": 7}}, "option 'players'"),
        (lambda d: {**d, "game": "amazing_journey"}, "of game 'amazing_journey'"),
    ],
)
def test_edited_saves_fail_clearly(edit, message):
    state = deal()
    state.apply("start in BRI")
    state.apply("visit BRI1")
    text = json.dumps(edit(json.loads(state.to_json())))
    with pytest.raises(SaveError, match=message):
        FourWeeks(players=2, seed=0).from_json(text)


def test_save_round_trip_through_the_registry():
    state = deal()
    state.apply("start in BRI")
    assert kit.load_json(state.to_json()) == state


def test_greedy_bot_plays_to_the_end():
    game = FourWeeks(players=2, seed=5)
    final = play(game.new_game(), [BOTS["greedy"](5, 0), BOTS["random"](5, 1)])
    greedy, random = (sheet.total for sheet in final.scores())
    assert final.is_terminal and greedy > random


def test_observation_hides_other_hands():
    state = deal()
    seen = state.observation(1)
    assert seen["hand"] == ["FRA1", "FRA2", "FRA3", "FRA4", "FRA5", "BEN1", "BEN2"]
    assert seen["hand_sizes"] == [7, 7] and "BRI1" not in json.dumps(seen)
    assert "your hand (player 0)" in state.describe(0) and "Scottish Highlands" in state.describe(0)


def test_command_line_simulates_and_plays(capsys, monkeypatch):
    from kit.cli import main

    assert (
        main(["simulate", "four-weeks", "--players", "2", "--games", "2", "--bot", "random"]) == 0
    )
    assert "2 games" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    assert main(["play", "four-weeks", "--players", "2", "--seed", "1"]) == 0
    assert "start in BRI" in capsys.readouterr().out


def test_effects_read_as_words():
    from kit.four_weeks.effects import describe

    effect = (("pay_coins", 1), ("points", 1), ("locals", 2))
    assert describe(effect) == "pay 1 coin: 1 point, 2 locals"
    assert describe(()) == "nothing"
