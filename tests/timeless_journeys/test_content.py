"""The content as printed, its validation (the built-in folder and a custom one alike), the game's
options, the observation, saves, undo, the command line and the package's shape."""

from __future__ import annotations

import ast
import json
import pathlib
import shutil
from collections.abc import Iterator

import networkx as nx
import pytest

import kit
import kit.timeless_journeys as package
from kit.cli import main
from kit.core import CHANCE, DataError, KitError, SaveError
from kit.core.bots import RandomBot, play
from kit.timeless_journeys.bots import GreedyBot, position_value
from kit.timeless_journeys.content import (
    DATA_DIR,
    describe_condition,
    describe_effect,
    load_content,
)
from kit.timeless_journeys.phases import HandLimit, Turn, face_down_class
from kit.timeless_journeys.state import EAGER, SHAPES, TimelessState
from tests.checks import broken_copy
from tests.timeless_journeys.helpers import EXPLORE, LETTER, build, coins, do, up
from tests.timeless_journeys.invariants import hidden

CONTENT = load_content()
GENRES = CONTENT.rules.genres


def test_printed_content_counts():
    assert list(CONTENT.favours) == [f"FT{n:02}" for n in range(1, 13)]
    listed = [c for c, card in CONTENT.advanced.items() if card.source == "rulebook"]
    assert sorted(listed) == [f"{n:02}" for n in [*range(1, 15), *range(17, 31), *range(33, 45)]]
    assert sorted(CONTENT.advanced) == [f"{n:02}" for n in range(1, 60)]
    by_level = [
        sum(c.copies for c in CONTENT.advanced.values() if c.level == lv) for lv in (1, 2, 3)
    ]
    assert CONTENT.rules.advanced_cards == (27, 27, 27) and by_level == [27, 27, 27]
    assert len(CONTENT.travellers) == 12 and len(CONTENT.cities) == 8 and len(CONTENT.tiles) == 48
    assert (
        CONTENT.start == "Torino" and "Torino" not in CONTENT.friends and len(CONTENT.friends) == 7
    )
    assert sum(copies for _, copies in CONTENT.paintings) == 15
    stacks = [j.stack for j in CONTENT.journals.values()]
    assert stacks.count("A") == 8 and stacks.count("B") == 8
    assert (CONTENT.journal_scores[5], CONTENT.journal_scores[7]) == (12, 21)
    sets = {s: sorted(t.id for t in CONTENT.travellers.values() if t.set == s) for s in "ABCD"}
    assert sets == {
        "A": ["addison", "montagu", "montesquieu"],
        "B": ["craven", "goethe", "lebrun"],
        "C": ["byron", "keats", "shelley"],
        "D": ["blessington", "dickens", "twain"],
    }
    assert CONTENT.rules.intro_travellers == ("montesquieu", "montagu", "shelley")
    assert CONTENT.cities["Napoli"].cafes[1].cost == (0, 0, 0, 5)
    assert CONTENT.cities["Napoli"].cafes[1].vp[0] == 15
    rules = CONTENT.rules
    assert (rules.rounds, rules.plays_per_round, rules.hand_limit, rules.travellers) == (5, 5, 8, 3)
    assert rules.market_cost == (0, 2, 5) and rules.majority_points == (5, 3, 1)
    assert rules.starting_coins[1:] == ((1, 2), (1, 1, 2), (1, 1, 2, 2), (1, 1, 2, 2, 2))


def test_the_travellers_numbers_by_edition():
    """Printed in both texts alike, except where the Japanese text differs (RULES.md)."""
    en, ja = CONTENT.editions["en"], CONTENT.editions["ja"]
    for edition in (en, ja):
        assert (edition.byron_cost, edition.montesquieu_vp, edition.twain_vp) == (3, 4, 2)
        assert (edition.montagu_ideas, edition.montagu_vp, edition.goethe_max) == (2, 3, 7)
        assert (edition.keats_play_vp, edition.keats_round_vp, edition.addison_vp) == (2, 1, 1)
        assert (edition.craven_discount, edition.shelley_vp) == (1, 1)
    assert (en.lebrun_values, ja.lebrun_values) == ((1, 3, 7, 13, 20), (3, 6, 10, 16, 24))
    assert (en.blessington_closest, ja.blessington_closest) == (3, 4)
    assert (en.dickens_cost, ja.dickens_cost) == (2, 1)
    assert (en.tile_reuse_card, ja.tile_reuse_card) == ("46", "42")


@pytest.mark.parametrize(
    ("favour", "left", "right"),
    [
        ("FT01", "coins:2", "idea:art"),
        ("FT02", "idea:science", "move"),
        ("FT03", "1$idea_any", "idea:history"),
        ("FT04", "idea:philosophy", "write"),
        ("FT05", "exchange_one:3", "flip_move:2"),
        ("FT06", "coins:1 + vp:1", "1vp$idea_any"),
        ("FT07", "idea:art|history", "coins:2 + vp:1"),
        ("FT08", "idea:science|philosophy", "buy"),
        ("FT09", "idea:art|philosophy", "move + vp:1"),
        ("FT10", "idea:science|history", "2$write_distinct:2"),
        ("FT11", "2$idea_distinct:2", "2$vp:3"),
        ("FT12", "retire_level1", "cafe_anywhere"),
    ],
)
def test_favour_tiles_as_printed(favour, left, right):
    tile = CONTENT.favours[favour]
    assert describe_effect(tile.rewards[0], GENRES) == left
    assert describe_effect(tile.rewards[1], GENRES) == right


def test_advanced_card_effects_as_listed():
    effects = {c: describe_effect(card.effect, GENRES) for c, card in CONTENT.advanced.items()}
    assert effects["01"] == "move + 1$move"
    assert effects["04"] == "1$idea_any / 3$idea_any:2"
    assert effects["18"] == "move:2"
    assert effects["29"] == "buy:2"
    assert effects["33"] == "explore + explore / move + move"
    assert effects["40"] == "1$letters:3"
    assert effects["44"] == "coins:1 + letter_new"
    assert describe_effect(CONTENT.rules.retire_reward, GENRES) == "coins:2 + vp:3"


def test_reconstructed_cards_as_written():
    """The notation of the reconstructed cards' effects and conditions reads back as written."""
    cards = CONTENT.advanced
    assert describe_effect(cards["45"].effect, GENRES) == "goto:Roma|Napoli + talk"
    assert describe_effect(cards["15"].begin_turn, GENRES) == "coins:1"
    assert describe_effect(cards["59"].begin_turn, GENRES) == "coins:1 / vp:1"
    assert describe_effect(cards["16"].end_round, GENRES) == "category_coins:1"
    assert cards["15"].effect == () and cards["16"].begin_turn == ()
    conditions = {c: describe_condition(card.vp_for) for c, card in cards.items() if card.vp_for}
    assert conditions == {
        "47": "friends",
        "48": "letters",
        "49": "tiles",
        "50": "city:Roma|Napoli",
        "51": "genres",
        "52": "ideas_written:2",
        "53": "cafes",
        "54": "journal_cities",
        "55": "city:Venezia|Firenze",
        "56": "experience",
        "57": "hand_categories",
        "58": "hand_advanced",
        "59": "coins:3",
    }


# --- bad data ---------------------------------------------------------------------------------
def corrupt(tmp_path, file: str, old: str, new: str) -> str:
    return str(broken_copy(DATA_DIR, tmp_path / "seeds", file, old, new))


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "favours.toml",
            'left = "coins:2"',
            'left = "coinz:2"',
            "favour[0].left: unknown effect 'coinz'",
        ),
        ("favours.toml", 'right = "idea:art"', 'right = "idea:poetry"', "unknown Idea genre"),
        ("cards.toml", 'effect = "move + 1$move"', 'effect = "move + x$move"', "bad price"),
        ("cards.toml", "level = 1", "level = 4", "advanced[0].level: 4 is outside 1..3"),
        (
            "board.toml",
            'between = ["Torino", "Piedmont Plain"]',
            'between = ["Torino", "Atlantis"]',
            "path[0].between: 'Atlantis' is not a place",
        ),
        (
            "cities.toml",
            'name = "Torino"\nfavour_slot = 1',
            'name = "Torino"\nfavour_slot = 3',
            "city[0].favour_slot: 3 is outside 1..2",
        ),
        ("journals.toml", 'id = "A1"', 'idd = "A1"', "journal[0].id: missing"),
        (
            "cities.toml",
            "vp = [11, 8]",
            "vp = [11, 8, 5]",
            "city[0].cafe[1].vp: a discussion holds up to 2 Café markers",
        ),
        (
            "gazette.toml",
            'slot_players = [1, 3, 5]\nsource = "reconstructed"',
            'slot_players = [1, 3, 5]\nsource = "guess"',
            "side[0].source: 'guess' is not one of 'rulebook', 'reconstructed'",
        ),
        ("travellers.toml", 'rule = "goethe"', 'rule = "faust"', "traveller[4].rule"),
        (
            "editions.toml",
            "dickens_cost = 2",
            'dickens_cost = "two"',
            "en.dickens_cost: expected an integer",
        ),
        ("cards.toml", 'effect = "explore / move"', 'effect = "move / move"', "appears twice"),
        (
            "friends.toml",
            'city = "Milano"\nsource = "rulebook"',
            'city = "Milano"\nsource = "memory"',
            "friend[0].source",
        ),
        # a hand size of 0, or one too small for a round's plays
        ("rules.toml", "hand_limit = 8", "hand_limit = 0", "hand_limit: a hand of 0 cannot make 5"),
        # an unknown key, in every kind of table
        ("rules.toml", "hand_limit = 8", "hand_limit = 8\nhand_limt = 8", "hand_limt: unknown key"),
        (
            "rules.toml",
            'duel = "Duel of Honor"',
            'duel = "Duel of Honor", dual = "Duel"',
            "experience_names.dual: unknown key",
        ),
        ("board.toml", "pos = [262, 98]", "pos = [262, 98]\nheight = 3", "city[0].height: unknown"),
        ("cities.toml", 'id = "Torino-1"', 'id = "Torino-1"\nvp = 2', "city[0].tile[0].vp"),
        (
            "cities.toml",
            "cost = { science = 2, history = 1 }",
            "cost = { science = 2, histry = 1 }",
            "histry: unknown Idea genre",
        ),
        (
            "favours.toml",
            'back = 1\nleft = "coins:2"',
            'back = 1\nleft = "coins:2"\nlocal = 1',
            "favour[0].local: unknown key",
        ),
        (
            "gazette.toml",
            'first_column_bonus = "vp:3"',
            'first_column_bonus = "vp:3"\nbonus = 1',
            "side[2].bonus: unknown key",
        ),
        (
            "editions.toml",
            "dickens_per_turn = 1",
            "dickens_per_turn = 1\ndickens_limit = 1",
            "en.dickens_limit: unknown key",
        ),
        ("editions.toml", "byron_cost = 3", "byron_coins = 3", "en.byron_cost: missing"),
        ("travellers.toml", 'set = "A"', 'set = "A"\nera = 18', "traveller[0].era: unknown key"),
        (
            "cards.toml",
            'name = "Movement"',
            'name = "Movement"\ncolour = "orange"',
            "basic[0].colour",
        ),
        (
            "journals.toml",
            "printed = [5, 7]",
            "printed = [5, 7]\nmaximum = 27",
            "maximum: unknown key",
        ),
        (
            "friends.toml",
            'city = "Milano"',
            'city = "Milano"\nside = "A"',
            "friend[0].side: unknown",
        ),
        # a majority table of the wrong length
        (
            "rules.toml",
            "majority_points = [5, 3, 1]",
            "majority_points = [5, 3]",
            "majority_points: needs points for 3 places",
        ),
        # starting coins of the wrong shape
        ("rules.toml", "[1, 1, 2, 2, 2]]", "]", "starting_coins: needs one row for each of 1 to 5"),
        (
            "rules.toml",
            "[1, 1, 2], [1, 1, 2, 2]",
            "[1, 1], [1, 1, 2, 2]",
            "row for 3 player(s) needs 3",
        ),
        (
            "rules.toml",
            "market_display = [0, 2, 2, 2, 3, 3]",
            "market_display = [0, 2, 2, 3]",
            "market_display: needs 6 numbers",
        ),
        (
            "rules.toml",
            "market_levels_by_categories = [0, 0, 1, 2, 3, 3]",
            "market_levels_by_categories = [0, 0, 1, 4]",
            "the best level (0 to 3)",
        ),
        (
            "rules.toml",
            "letters_per_local = [0, 1, 1, 1, 1, 3]",
            "letters_per_local = [0, 3, 1, 1, 1, 3]",
            "a local cannot hold more markers than its city",
        ),
        (
            "rules.toml",
            "tiles_per_city = 6",
            "tiles_per_city = 4",
            "as many tiles as players, up to 5",
        ),
        (
            "rules.toml",
            'retire_reward = "coins:2 + vp:3"',
            'retire_reward = "coins:2 + fame:3"',
            "retire_reward: unknown effect 'fame'",
        ),
        (
            "rules.toml",
            "friend_tiles = [0, 3, 3, 4, 6, 7]",
            "friend_tiles = [0, 3, 3, 4, 6, 8]",
            "friends.toml: friend: rules.toml draws up to 8",
        ),
        # and more accepted before although wrong
        (
            "board.toml",
            'start = "Torino"',
            'start = "Asti Hills"',
            "start: 'Asti Hills' is not a city",
        ),
        (
            "board.toml",
            'between = ["Roma", "Napoli"]',
            'between = ["Napoli", "Roman Campagna"]',
            "a second path between Napoli and Roman Campagna",
        ),
        (
            "favours.toml",
            'id = "FT02"',
            'id = "FT01"',
            "favour[1].id: Favour tile 'FT01' appears twice",
        ),
        ("journals.toml", 'id = "A2"', 'id = "A1"', "journal[1].id: Journal 'A1' appears twice"),
        ("journals.toml", 'stack = "A"', 'stack = "C"', "journal[0].stack: 'C' is not one of"),
        (
            "travellers.toml",
            'id = "montagu"',
            'id = "addison"',
            "traveller[1].id: traveller 'addison' appears twice",
        ),
        (
            "travellers.toml",
            'rule = "montagu"',
            'rule = "addison"',
            "two travellers have the ability 'addison'",
        ),
        ("travellers.toml", 'set = "A"', 'set = "B"', "historical set A has 2 travellers"),
        (
            "gazette.toml",
            'cities = ["Torino", "Milano", "Venezia", "Bologna", "Firenze"]',
            'cities = ["Torino", "Milano", "Venezia", "Bologna"]',
            "needs a city of the board for each of 5 rounds",
        ),
        (
            "editions.toml",
            "lebrun_values = [1, 3, 7, 13, 20]",
            "lebrun_values = [1, 3, 7, 13]",
            "lebrun_values scores 1..4 different paintings, there are 5",
        ),
        (
            "editions.toml",
            'reconstructed = ["lebrun_reveal[1]"',
            'reconstructed = ["lebrun_show[1]"',
            "'lebrun_show[1]' is not a field",
        ),
        (
            "cities.toml",
            "cost = { science = 2, history = 1 }",
            "cost = { }",
            "a discussion costs at least one Idea token",
        ),
        (
            "cards.toml",
            'vp_for = "friends"',
            'vp_for = "enemies"',
            "unknown VP condition 'enemies'",
        ),
        ("cards.toml", 'vp_for = "friends"', 'vp_for = "friends:2"', "takes no number"),
        ("cards.toml", 'vp_for = "coins:3"', 'vp_for = "coins:0"', "a whole number of at least 1"),
        (
            "cards.toml",
            'effect = "goto:Venezia|Firenze"',
            'effect = "goto:Venezia|Atlantis"',
            "'goto:Venezia|Atlantis' needs different cities of the board",
        ),
        (
            "cards.toml",
            'begin_turn = "coins:1"\n',
            "",
            "effect: a card needs an effect, a begin_turn or an end_round",
        ),
        ("cards.toml", "copies = 3", "copies = 0", "copies: 0 is outside"),
        (
            "rules.toml",
            "advanced_cards = [27, 27, 27]",
            "advanced_cards = [27, 27, 28]",
            "advanced: level 3 has 27 cards (copies included); rules.toml's advanced_cards says 28",
        ),
        (
            "editions.toml",
            'tile_reuse_card = "46"',
            'tile_reuse_card = "60"',
            "en.tile_reuse_card: card '60' is not an Advanced card of cards.toml",
        ),
    ],
)
def test_malformed_data_names_file_and_field(tmp_path, file, old, new, message):
    folder = corrupt(tmp_path, file, old, new)
    with pytest.raises(DataError) as error:
        load_content(folder)
    where = "friends.toml" if message.startswith("friends.toml") else file
    assert where in str(error.value) and message.removeprefix("friends.toml: ") in str(error.value)


def test_too_few_favour_tiles_for_the_cities(tmp_path):
    folder = corrupt(tmp_path, "favours.toml", "back = 1", "back = 1")
    path = tmp_path / "seeds" / "favours.toml"
    path.write_text(path.read_text().replace("back = 2", "back = 1"))
    with pytest.raises(
        DataError, match="favours.toml: favour: 4 cities take a tile with back 2, only 0"
    ):
        load_content(folder)


def test_a_board_without_cities_and_a_board_in_pieces_are_refused(tmp_path):
    folder = tmp_path / "seeds"
    shutil.copytree(DATA_DIR, folder)
    board = folder / "board.toml"
    text = board.read_text()
    board.write_text('source = "reconstructed"\nstart = "Torino"\ncity = []\n')
    with pytest.raises(DataError, match="board.toml: city: the board has no city"):
        load_content(str(folder))
    cut = text.replace(
        'between = ["Roman Campagna", "Napoli"]', 'between = ["Roman Campagna", "Tuscan Hills"]'
    ).replace('between = ["Roma", "Napoli"]', 'between = ["Bologna", "Firenze"]')
    board.write_text(cut)
    with pytest.raises(DataError) as error:
        load_content(str(folder))
    assert "board.toml: path: " in str(error.value)
    assert "the board is not connected: no path reaches Napoli" in str(error.value)


def test_a_custom_content_folder_is_checked_and_played_like_the_built_in_one(tmp_path):
    """`kit.load(..., content=DIR)`: a broken folder fails with the same error as the built-in
    files would; a folder with another number plays by it (Lord Byron for 2 coins)."""
    broken = corrupt(
        tmp_path / "broken", "rules.toml", "hand_limit = 8", "hand_limit = 8\nhand_limt = 8"
    )
    with pytest.raises(DataError, match="rules.toml: hand_limt: unknown key"):
        kit.load("timeless_journeys", content=broken)
    cheap = corrupt(tmp_path / "cheap", "editions.toml", "byron_cost = 3", "byron_cost = 2")
    game = kit.load(
        "timeless_journeys",
        players=1,
        content=cheap,
        mode="chosen",
        travellers=["byron", "goethe", "twain"],
    )
    state = package.setup(
        game,
        side="A",
        travellers=["byron", "goethe", "twain"],
        actions=[*up("the Movement card"), "move to Asti Hills for free", *coins(EXPLORE)],
    )
    assert "pay 2 coins to go to Torino with Lord Byron" in [str(a) for a in state.legal_actions()]
    with pytest.raises(KitError, match="option 'content'"):
        kit.load("timeless_journeys", content=str(tmp_path / "nowhere"))


# --- options ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 0}, "option 'players': expected 1 to 5, got 0"),
        ({"players": 6}, "option 'players': expected 1 to 5, got 6"),
        ({"players": True}, "option 'players': expected a whole number, got True"),
        ({"edition": "fr"}, "option 'edition': expected one of 'en', 'ja', got 'fr'"),
        ({"mode": "fast"}, "option 'mode': expected one of"),
        ({"colour": "red"}, "unknown option 'colour'; the options are players, edition"),
        ({"mode": "chosen", "travellers": ["goethe", "byron"]}, "3 different travellers"),
        ({"mode": "chosen", "travellers": ["goethe", "Goethe", "byron"]}, "3 different"),
        ({"mode": "chosen", "travellers": ["goethe", "byron", "faust"]}, "unknown traveller"),
        ({"mode": "historical", "travellers": "E"}, "historical set must be one of A, B, C, D"),
        ({"mode": "intro", "travellers": ["goethe"]}, "mode 'intro' uses its own"),
        ({"gazette": "E"}, "option 'gazette': expected one of A, B, C, D, got 'E'"),
        ({"without_seventh": [3]}, "without_seventh"),
        ({"without_seventh": [0, 0]}, "without_seventh"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(KitError, match=message):
        kit.load("timeless_journeys", **options)


def test_modes_choose_the_travellers_by_id_or_name():
    game = kit.load("timeless_journeys", players=2, mode="historical", travellers="D", seed=3)
    state = game.new_game()
    state.resolve_chance()
    assert sorted(state.travellers) == ["blessington", "dickens", "twain"]
    game = kit.load("timeless_journeys", players=2, mode="random", seed=3)
    state = game.new_game()
    state.resolve_chance()
    assert len(set(state.travellers)) == 3
    game = kit.load("timeless_journeys", players=2, mode="chosen", travellers="goethe,byron,twain")
    assert game.chosen_travellers == ("goethe", "byron", "twain")
    game = kit.load(
        "timeless_journeys", mode="chosen", travellers=["Goethe", "lord byron", "Mark Twain"]
    )
    assert game.chosen_travellers == ("goethe", "byron", "twain")
    game = kit.load("timeless_journeys")
    assert game.chosen_travellers == ("montesquieu", "montagu", "shelley")


def test_setup_by_player_count():
    for players, money, display, friends in [
        (1, [1], 2, 3),
        (2, [1, 2], 2, 3),
        (3, [1, 1, 2], 2, 4),
        (4, [1, 1, 2, 2], 3, 6),
        (5, [1, 1, 2, 2, 2], 3, 7),
    ]:
        game = kit.load("timeless_journeys", players=players, seed=players)
        state = game.new_game()
        state.resolve_chance()
        assert state.coins == money and [len(m) for m in state.market] == [display] * 3
        assert len(state.friend) == friends
        assert all(len(t) == players for t in state.city_tiles.values())
        assert all(len(h) == 7 for h in state.hand) and all(len(j) == 2 for j in state.journals)
        assert state.loc == ["Torino"] * players and state.exp[0] == sorted(
            ["duel", "night", "lost", "affinity", "affinity"]
        )
        assert sorted(state.favour.values()) == sorted(set(state.favour.values()))
    state = kit.load("timeless_journeys", players=3, without_seventh=[1]).new_game()
    assert [len(h) for h in state.hand] == [7, 6, 7] and "move2" not in state.hand[1]


# --- what a player sees -----------------------------------------------------------------------
def test_observation_names_the_phase_turn_and_question():
    state = kit.load("timeless_journeys", players=2, seed=1).new_game()
    seen = state.observation(0)
    assert seen["phase"] == "setup" and seen["to_move"] is None and seen["round"] is None
    assert seen["turn"] == "chance: which side of the Gazette is used"
    state = build(players=2, actions=coins(EXPLORE))
    seen = state.observation(0)
    assert (seen["phase"], seen["round"], seen["first_player"]) == ("round I: Action phase", "I", 0)
    assert seen["turn"] == "player 1's turn, play 1 of 5"
    assert seen["question"] == "which card to play, face up or face down"
    assert [(t["name"], t["city"]) for t in seen["travellers"]] == [
        ("Mary Shelley", "Torino"),
        ("Lady Montagu", "Roma"),
        ("Montesquieu", "Genova"),
    ]
    with pytest.raises(KitError, match="not a player"):
        state.observation(-1)


def test_observation_hides_other_hands_and_face_down_tiles():
    state = build(players=2, market=[["02", "01"], ["17", "18"], ["33", "34"]])
    do(state, "play the Letter card face down", "buy card 02 (Level I) for free")
    mine, theirs = state.observation(0), state.observation(1)
    assert "card 02" in mine["players"][0]["hand"]
    assert theirs["players"][0]["hand"] is None and theirs["players"][0]["hand_size"] == 7
    assert theirs["players"][0]["play_area"] == ["a face-down card"]
    assert mine["players"][0]["play_area"] == ["Letter card"]
    assert theirs["cities"]["Torino"]["face_down_tiles"] == 2
    text = json.dumps(theirs)
    assert '"card 02"' in hidden(state, 1) and "Torino-1" not in text
    assert not any(secret in text for secret in hidden(state, 1))


def test_observation_shows_the_public_play_areas():
    """Exploration tiles lie face up in the play area until used (then face down, known to
    their owner); Journals, Friend tiles and unplaced Experience tokens are in view."""
    state = build(
        players=2,
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "use Exploration tile Torino-1",
            *coins(LETTER),
        ],
    )
    mine, theirs = state.observation(0), state.observation(1)
    assert theirs["players"][0]["exploration_tiles"] == ["a used tile of Torino"]
    assert mine["players"][0]["exploration_tiles"] == ["Torino-1"]
    assert theirs["players"][0]["play_area"] == ["Exploration card"]
    assert theirs["players"][0]["ideas"] == {"Art": 0, "History": 0, "Science": 1, "Philosophy": 0}
    assert theirs["players"][1]["journals"][0]["journal"] == "A2"
    assert theirs["players"][1]["experience_tokens"][0] == "Elective Affinities"
    assert theirs["cities"]["Milano"]["favour_tile"] == "FT07"
    assert theirs["cities"]["Milano"]["friend_tile"] == "left local"
    assert theirs["market"] == {
        "Level I": ["card 01", "card 02"],
        "Level II": ["card 17", "card 18"],
        "Level III": ["card 33", "card 34"],
    }
    assert str(state).startswith("Round I: Action phase; first player 0")


# --- saves, undo, the command line ------------------------------------------------------------
def test_saves_round_trip_and_edited_saves_fail():
    game = kit.load("timeless_journeys", players=2, seed=4, edition="ja")
    state = play(game.new_game(), [RandomBot(4, 0), RandomBot(4, 1)])
    text = state.to_json()
    assert kit.load_json(text) == state
    data = json.loads(text)
    edited = dict(data, history=[*data["history"][:60], "take 99 coins", *data["history"][61:]])
    with pytest.raises(SaveError, match="step 61: 'take 99 coins'"):
        game.from_json(json.dumps(edited))
    with pytest.raises(SaveError, match="options are invalid"):
        game.from_json(json.dumps(dict(data, options={**data["options"], "edition": "fr"})))
    with pytest.raises(SaveError, match="not valid JSON"):
        game.from_json(text[:-5])


def test_clone_copies_every_mutable_part_of_a_position():
    """`clone` copies by the shapes listed in state.py: they must name every list and dict."""
    from kit.timeless_journeys import state as module

    state = build(players=2, actions=coins(EXPLORE))
    mutable = {k for k, v in vars(state).items() if isinstance(v, list | dict)}
    listed = {*module.FLAT, *module.NESTED, *module.MAPS, *module.MAPS_OF_LISTS, *module.DEEPER}
    assert mutable == listed
    twin = state.clone()
    do(twin, *coins(EXPLORE))
    assert twin != state and state == build(players=2, actions=coins(EXPLORE))


def test_a_trial_reaches_the_positions_of_the_game_and_leaves_its_origin_alone():
    """A trial copies the parts most actions read at once and the others when first read: two
    generations of trials, each an action further, reach the game's positions (read whole by
    `clone` and equality) and change nothing in the position they were made from."""
    game = kit.load("timeless_journeys", players=3, seed=4, mode="random")
    state = play(game.new_game(), [RandomBot(4, p) for p in range(3)])
    origin = game.replay(state.history[:120])
    kept = origin.clone()
    first = origin.trial()
    first._apply(state.history[120])
    second = first.trial()
    second._apply(state.history[121])
    unread = [part for part in SHAPES if part not in vars(second)]
    assert "paintings" in unread and not set(EAGER) & set(unread)
    assert second._key()["paintings"] is origin.paintings  # still the origin's
    assert second.paintings == origin.paintings and second.paintings is not origin.paintings
    for trial, steps in ((first, 121), (second, 122)):
        position = game.replay(state.history[:steps])
        assert dict(trial._key(), history=[]) == dict(position._key(), history=[])
        assert dict(trial.clone()._key(), history=[]) == dict(position._key(), history=[])
    assert origin == kept
    with pytest.raises(AttributeError, match="'TimelessState' object has no attribute 'hands'"):
        second.hands  # noqa: B018


def test_undo_equals_a_replay():
    game = kit.load("timeless_journeys", players=3, seed=8, mode="random")
    state = play(game.new_game(), [RandomBot(8, p) for p in range(3)])
    for _ in range(5):
        names_before = [str(a) for a in state.history[:-1]]
        last = state.history[-1]
        assert state.undo() == last
        assert state == game.replay(names_before)
    assert state.legal_actions() == game.replay(names_before).legal_actions()


def test_command_line_simulate_and_play(capsys, monkeypatch):
    argv = ["simulate", "timeless-journeys", "--games", "2", "--players", "2", "--edition", "ja"]
    assert main([*argv, "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "seat" in out
    answers = iter(["0", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", "timeless-journeys", "--players", "2", "--seed", "1", "--bot", "random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "your hand:" in out and "play the Exploration card face up" in out


def test_greedy_bot_plays_a_full_game_and_beats_random_on_average():
    from kit.core.bots import simulate

    game = kit.load("timeless_journeys", players=2)
    result = simulate(game, [package.BOTS["greedy"], package.BOTS["random"]], 4)
    assert result.mean[0] > result.mean[1]


def greedy_turns(players: int, seeds: range) -> Iterator[tuple[TimelessState, GreedyBot]]:
    """Every position of seeded greedy games where a player is to play a card, with the
    player's bot; the games go on as the bots play them."""
    for seed in seeds:
        state = kit.load("timeless_journeys", players=players, seed=seed).new_game()
        bots = [GreedyBot(seed, p) for p in range(players)]
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            top = state.stack[-1]
            if isinstance(top, Turn) and not top.started:
                yield state, bots[state.current_player]
            state.apply(bots[state.current_player].choose(state))


def test_the_plays_of_a_face_down_class_lead_to_the_same_choices_and_values():
    """The greedy bot tries one card of each face-down class (`phases.face_down_class`): every
    card of a class, followed by each of the face-down card's choices, reaches a position of
    the same value, with the same choices next."""
    compared = classes = 0
    for state, _ in greedy_turns(3, range(3)):
        player, seen = state.current_player, {}
        for action in state.legal_actions():
            alike = face_down_class(state, action)
            if alike is None:
                continue
            played = state.trial()
            played._apply(action)
            outcome = []
            for answer in played.legal_actions():
                after = played.trial()
                after._apply(answer)
                outcome.append((str(answer), position_value(after.look(), player)))
                outcome.append(tuple(map(str, after.legal_actions())))
            if alike in seen:
                assert outcome == seen[alike], (action, alike)
                compared += 1
            else:
                seen[alike] = outcome
        classes += len(seen)
    assert compared > 100 and classes > 100


def test_the_greedy_bot_plays_the_follow_ups_as_it_judged_them():
    """The bot judges a card by the position its follow-up answers reach at the turn's end,
    and then gives those answers: the position reached is worth what it judged."""
    checked = 0
    for state, bot in greedy_turns(2, range(4)):
        player = state.current_player
        action, trial, line = bot._best(state, state.legal_actions(), True)
        mover = trial.current_player
        if mover == CHANCE or mover == player and not isinstance(trial.stack[-1], Turn):
            continue  # a chance event next, or the turn's end beyond the bot's sight
        judged, bot.line = position_value(trial.look(), player), list(line)
        real = state.clone()
        real.apply(action)
        while real.current_player == player and not isinstance(real.stack[-1], Turn):
            real.apply(bot.choose(real))
        assert not bot.line and position_value(real, player) == pytest.approx(judged)
        checked += 1
    assert checked > 100


def test_the_greedy_bot_discards_down_to_the_hand_limit_what_costs_it_least():
    """Each discard to the hand limit is judged by the position right after it: the bot's is
    one whose position is worth the most, whatever the card."""
    checked = 0
    for seed in range(4):
        state = kit.load("timeless_journeys", players=2, seed=seed).new_game()
        bots = [GreedyBot(seed, p) for p in range(2)]
        while not state.is_terminal:
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            action = bots[player].choose(state)
            if isinstance(state.stack[-1], HandLimit) and len(state.legal_actions()) > 1:
                worth = {}
                for discard in state.legal_actions():
                    after = state.clone()
                    after.apply(discard)
                    worth[discard] = position_value(after, player)
                assert worth[action] == pytest.approx(max(worth.values()))
                checked += 1
            state.apply(action)
    assert checked > 20


def test_board_graph_for_drawing():
    from kit.core.board import positions

    graph = package.board()
    assert graph.nodes["Torino"]["kind"] == "city" and graph.edges["Roma", "Napoli"]["cost"] == 2
    assert all(0 <= x <= 1000 and 0 <= y <= 600 for x, y in positions(graph).values())
    cities = [n for n, kind in graph.nodes(data="kind") if kind == "city"]
    assert max(cities, key=lambda n: graph.nodes[n]["south"]) == "Napoli"


# --- the package's shape ----------------------------------------------------------------------
FOLDER = pathlib.Path(package.__file__).parent
MODULES = sorted(path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__")


def test_one_module_per_part():
    assert MODULES == [
        "actions",
        "bots",
        "content",
        "draws",
        "effects",
        "game",
        "phases",
        "scoring",
        "setup",
        "state",
        "travellers",
    ]


def test_rules_code_never_asks_which_edition():
    """Every English/Japanese difference is data in editions.toml, read through `state.edition`."""
    for name in MODULES:
        if name not in ("content", "game"):  # the loader and the options name the editions
            text = (FOLDER / f"{name}.py").read_text()
            assert '"ja"' not in text and "edition ==" not in text, name


def _imports(tree: ast.Module) -> set[str]:
    """The package's modules imported at run time (not under TYPE_CHECKING)."""
    found = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for child in ast.walk(node):
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module.startswith("kit.timeless_journeys."):
                    found.add(child.module.rsplit(".", 1)[1])
                elif child.module == "kit.timeless_journeys":
                    found.update(alias.name for alias in child.names)
    return found


def test_no_import_cycle_and_no_import_inside_a_function():
    graph = nx.DiGraph()
    for name in MODULES:
        tree = ast.parse((FOLDER / f"{name}.py").read_text())
        graph.add_node(name)
        graph.add_edges_from((name, other) for other in _imports(tree))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [
                    n for n in ast.walk(function) if isinstance(n, ast.Import | ast.ImportFrom)
                ]
                assert not inner, f"{name}.{function.name} imports inside a function"
    assert nx.is_directed_acyclic_graph(graph), list(nx.simple_cycles(graph))
    assert not graph.has_edge("effects", "travellers")
