"""The content as printed, its validation, the game's options, saves and the command line."""

from __future__ import annotations

import json

import pytest

import kit
from kit.cli import main
from kit.core import DataError, KitError, SaveError
from kit.core.bots import RandomBot, play
from kit.timeless_journeys.content import DATA_DIR, describe_effect, load_content
from tests.checks import broken_copy
from tests.timeless_journeys.helpers import setup

CONTENT = load_content()
GENRES = CONTENT.rules.genres


def test_printed_content_counts():
    assert list(CONTENT.favours) == [f"FT{n:02}" for n in range(1, 13)]
    assert sorted(CONTENT.advanced) == [
        f"{n:02}" for n in [*range(1, 15), *range(17, 31), *range(33, 45)]
    ]
    assert [sum(c.level == lv for c in CONTENT.advanced.values()) for lv in (1, 2, 3)] == [
        14,
        14,
        12,
    ]
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


@pytest.mark.parametrize(
    ("favour", "left", "right"),
    [
        ("FT01", "coins:2", "idea:art"),
        ("FT02", "idea:science", "move"),
        ("FT03", "1$idea_any", "idea:history"),
        ("FT04", "idea:philosophy", "write"),
        ("FT05", "exchange_one", "flip_move"),
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
            'name = "A"\nslot_players',
            'name = "A"\nsource = "guess"\nslot_players',
            "",
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
    ],
)
def test_malformed_data_names_file_and_field(tmp_path, file, old, new, message):
    folder = corrupt(tmp_path, file, old, new)
    with pytest.raises(DataError) as error:
        load_content(folder)
    assert file in str(error.value) and message in str(error.value)


def test_too_few_favour_tiles_for_the_cities(tmp_path):
    folder = corrupt(tmp_path, "favours.toml", "back = 1", "back = 1")
    path = tmp_path / "seeds" / "favours.toml"
    path.write_text(path.read_text().replace("back = 2", "back = 1"))
    with pytest.raises(
        DataError, match="favours.toml: favour: 4 cities take a tile with back 2, only 0"
    ):
        load_content(folder)


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
        ({"mode": "chosen", "travellers": ["goethe", "byron", "faust"]}, "unknown traveller"),
        ({"mode": "historical", "travellers": "E"}, "historical set must be one of A, B, C, D"),
        ({"mode": "intro", "travellers": ["goethe"]}, "mode 'intro' uses its own"),
        ({"gazette": "E"}, "option 'gazette': expected one of A, B, C, D, got 'E'"),
        ({"without_seventh": [3]}, "without_seventh"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(KitError, match=message):
        kit.load("timeless_journeys", **options)


def test_modes_choose_the_travellers():
    state = setup()
    assert state.travellers == ["montagu", "montesquieu", "shelley"]
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


def test_setup_by_player_count():
    for players, coins, display, friends in [
        (1, [1], 2, 3),
        (2, [1, 2], 2, 3),
        (3, [1, 1, 2], 2, 4),
        (4, [1, 1, 2, 2], 3, 6),
        (5, [1, 1, 2, 2, 2], 3, 7),
    ]:
        state = setup(players=players)
        assert state.coins == coins and [len(m) for m in state.market] == [display] * 3
        assert len(state.friend) == friends
        assert all(len(t) == players for t in state.city_tiles.values())
        assert all(len(h) == 7 for h in state.hand) and all(len(j) == 2 for j in state.journals)
        assert state.loc == ["Torino"] * players and state.exp[0] == sorted(
            ["duel", "night", "lost", "affinity", "affinity"]
        )
        assert sorted(state.favour.values()) == sorted(set(state.favour.values()))
    state = setup(players=3, without_seventh=[1])
    assert [len(h) for h in state.hand] == [7, 6, 7] and "move2" not in state.hand[1]


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


def test_command_line_simulate_and_play(capsys, monkeypatch):
    assert (
        main(
            [
                "simulate",
                "timeless-journeys",
                "--games",
                "2",
                "--players",
                "2",
                "--edition",
                "ja",
                "--bot",
                "random",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "2 games" in out and "seat" in out
    answers = iter(["0", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert (
        main(["play", "timeless-journeys", "--players", "2", "--seed", "1", "--bot", "random"]) == 0
    )
    out = capsys.readouterr().out
    assert "your hand:" in out and "play explore face up" in out


def test_greedy_bot_plays_a_full_game_and_beats_random_on_average():
    from kit.core.bots import simulate
    from kit.timeless_journeys import BOTS

    game = kit.load("timeless_journeys", players=2)
    result = simulate(game, [BOTS["greedy"], BOTS["random"]], 4)
    assert result.mean[0] > result.mean[1]


def test_observation_hides_other_hands_and_face_down_tiles():
    state = setup()
    seen = state.observation(1)
    assert seen["hand"] == state.hand[1] and seen["hand_sizes"] == [7, 7]
    assert "Torino-1" not in str(seen) and seen["city_tiles"]["Torino"] == 2
    assert str(state).startswith("Round I")


def test_observation_shows_the_public_play_areas_and_one_s_own_face_down_cards():
    """Exploration tiles lie face up in the play area until used (then face down); Journals,
    Friend tiles, Paintings and unplaced Experience tokens are in view; a face-down card is
    known to its owner only."""
    state = setup()
    state.tiles[0] = ["Roma-1", "Torino-2"]
    state.used[0] = ["Torino-2"]
    state.friends[0] = ["Milano"]
    state.written[0][0][6] = "Roma-1"
    state.played[0] = [("move", True), ("talk", False)]
    state.paintings[0] = ["Queen"]
    theirs, mine = state.observation(1), state.observation(0)
    assert theirs["played"][0] == ["move", "face-down"] and mine["played"][0] == ["move", "talk"]
    assert theirs["tiles_in_play"][0] == ["Roma-1", "face-down"]
    assert mine["tiles_in_play"][0] == ["Roma-1", "Torino-2"]
    assert theirs["journals"][0][0] == ("A1", [0, 0, 0, 0, 0, 0, "Roma-1", ""])
    assert theirs["friends"][0] == ["Milano"] and theirs["paintings"][0] == ["Queen"]
    assert theirs["experience_left"][1] == sorted(state.content.rules.experience_tokens)
    assert theirs["favours"] == state.favour and theirs["friend_tiles"] == state.friend


def test_undo_from_snapshots_equals_a_replay():
    game = kit.load("timeless_journeys", players=3, seed=8, mode="random")
    state = play(game.new_game(), [RandomBot(8, p) for p in range(3)])
    assert len(state._marks) == len(state.history) // 64
    for _ in range(70):  # across a snapshot boundary
        names_before = [str(a) for a in state.history[:-1]]
        state.undo()
        assert state == game.replay(names_before)
    assert state.legal_actions() == game.replay(names_before).legal_actions()


def test_rules_code_never_asks_which_edition():
    """Every English/Japanese difference is data in editions.toml, read through `state.edition`."""
    import pathlib

    import kit.timeless_journeys as package

    folder = pathlib.Path(package.__file__).parent
    for name in ("state.py", "effects.py", "travellers.py", "scoring.py", "actions.py", "bots.py"):
        text = (folder / name).read_text()
        assert '"ja"' not in text and "edition ==" not in text, name


def test_board_graph_for_drawing():
    from kit.core.board import positions
    from kit.timeless_journeys import board

    graph = board()
    assert graph.nodes["Torino"]["kind"] == "city" and graph.edges["Roma", "Napoli"]["cost"] == 2
    assert all(0 <= x <= 1000 and 0 <= y <= 600 for x, y in positions(graph).values())
    cities = [n for n, kind in graph.nodes(data="kind") if kind == "city"]
    assert max(cities, key=lambda n: graph.nodes[n]["south"]) == "Napoli"
