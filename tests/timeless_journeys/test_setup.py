"""The scenario builder: setup draws fixed by name, the rest by the seed, then actions."""

from __future__ import annotations

import json

import pytest

import kit
from kit.core import IllegalAction, KitError, SaveError
from kit.timeless_journeys import setup


def game(**options):
    return kit.load("timeless_journeys", **{"players": 2, "seed": 9, **options})


def test_fixed_outcomes_land_where_asked():
    state = setup(
        game(mode="random", players=3),
        side="C",
        travellers=["Lord Byron", "goethe", "Mark Twain"],
        friends={"Roma": "right"},
        favours={"Torino": "FT05", "Milano": "FT12"},
        tiles={"Napoli": ["Napoli-6", "Napoli-1"]},
        journals=[["A3", "B8"], [], ["A1"]],
        market=[["card 12", "04"], ["29"], []],
    )
    assert state.side == "C" and state.travellers == ["byron", "goethe", "twain"]
    assert state.friend["Roma"] == 1 and len(state.friend) == 4
    assert (state.favour["Torino"], state.favour["Milano"]) == ("FT05", "FT12")
    assert {"Napoli-1", "Napoli-6"} <= set(state.city_tiles["Napoli"])
    assert state.journals[0] == ["A3", "B8"] and state.journals[2][0] == "A1"
    assert "A1" not in state.journals[0] + state.journals[1]  # kept for player 2
    assert state.market[0] == ["12", "04"] and state.market[1][0] == "29"
    assert (
        state.current_player == 0 and state.question() == "which card to play, face up or face down"
    )


def test_the_seed_fills_in_the_rest_and_the_fixed_steps_are_recorded():
    plain = game(mode="chosen", travellers=["keats", "craven", "twain"])
    seeded = plain.new_game()
    seeded.resolve_chance()
    built = setup(plain)  # nothing fixed: the seed's own setup
    assert built == seeded and built.fixed == []
    fixed = setup(plain, favours={"Napoli": "FT12"})
    assert fixed.favour["Napoli"] == "FT12" and fixed.fixed
    # every step the builder chose is a chance step of the history
    assert all(fixed.history[step].kind == "chance" for step in fixed.fixed)


def test_a_built_position_saves_and_loads_and_an_edited_save_still_fails():
    state = setup(
        game(mode="chosen", travellers=["keats", "craven", "twain"]),
        favours={"Torino": "FT03"},
        actions=["play the Movement card face down", "take 2 coins"],
    )
    text = state.to_json()
    loaded = kit.load_json(text)
    assert loaded == state and loaded.fixed == state.fixed
    data = json.loads(text)
    free = next(
        i for i, a in enumerate(state.history) if a.kind == "chance" and i not in state.fixed
    )
    other = next(
        str(a)
        for a in game(mode="chosen", travellers=["keats", "craven", "twain"])
        .replay(data["history"][:free])
        .legal_actions()
        if str(a) != data["history"][free]
    )
    data["history"][free] = other
    with pytest.raises(SaveError, match=f"step {free + 1}: the chance outcome"):
        kit.load_json(json.dumps(data))


def test_the_first_paintings_of_le_brun():
    state = setup(
        game(mode="chosen", travellers=["lebrun", "craven", "twain"]),
        paintings=["Queen", "Portrait"],
    )
    assert state.revealed == ["Queen", "Portrait"]


def test_travellers_and_cards_by_name_or_id():
    by_id = setup(game(mode="random"), travellers=["byron", "goethe", "twain"], market=[["12"]])
    by_name = setup(
        game(mode="random"), travellers=["Lord Byron", "GOETHE", "Mark Twain"], market=[["card 12"]]
    )
    assert by_id == by_name
    with pytest.raises(KitError, match="unknown traveller"):
        setup(game(mode="random"), travellers=["Lord Byron", "Faust", "twain"])
    with pytest.raises(KitError, match="'card 99' is not an Advanced card"):
        setup(game(), market=[["card 99"]])


@pytest.mark.parametrize(
    ("wishes", "message"),
    [
        ({"tiles": {"Torino": ["Roma-1"]}}, "Exploration tile 'Roma-1' in Torino is not possible"),
        (
            {"tiles": {"Torino": ["Torino-1", "Torino-2", "Torino-3"]}},
            "never draws Exploration tile Torino-3",
        ),
        ({"favours": {"Torino": "FT12"}}, "Favour tile 'FT12' in Torino is not possible"),
        ({"journals": [["B1"]]}, "Journal 'B1' of stack A for player 0 is not possible"),
        ({"market": [["17"]]}, "card 17 at Level I is not possible"),
        ({"travellers": ["goethe", "byron", "twain"]}, "the travellers goethe, byron, twain"),
        ({"friends": {"Torino": "left"}}, "a Friend tile for Torino is not possible"),
        ({"paintings": ["Queen"]}, "the setup never draws a Queen painting"),
    ],
)
def test_a_wish_the_rules_cannot_grant_is_refused(wishes, message):
    with pytest.raises(IllegalAction, match=message):
        setup(game(), **wishes)


def test_arguments_that_are_nothing_of_the_game():
    with pytest.raises(KitError, match="'Atlantis' is not a city"):
        setup(game(), tiles={"Atlantis": ["Atlantis-1"]})
    with pytest.raises(KitError, match="'up' is not 'left' or 'right'"):
        setup(game(), friends={"Roma": "up"})


def test_actions_reach_a_mid_game_position_or_change_nothing():
    built = setup(
        game(),
        actions=[
            "play the Movement card face up",
            "activate the Movement card",
            "move to Milano for 1 coin",
            "play the Conversation card face down",
            "take 2 coins",
        ],
    )
    assert built.loc == ["Milano", "Torino"] and built.coins == [0, 4]
    with pytest.raises(IllegalAction, match="action 2 of the scenario: 'fly away'"):
        setup(game(), actions=["play the Movement card face up", "fly away"])
