"""Each Famous Traveller's rule in each edition, and the Experience tokens.

With Gazette side A and travellers placed in columns by id, round I puts column 1 in Torino,
column 2 in Roma and column 3 in Genova."""

from __future__ import annotations

import pytest

from kit.timeless_journeys import travellers
from tests.timeless_journeys.helpers import do, give, names, play_and_activate, refresh, setup


def skip_action_phase(state) -> None:
    """Drop the turns still due this round, to reach its end phases."""
    while state.stack[-1][0] in ("turn", "begin_turn"):
        state.stack.pop()
    refresh(state)


def resolve_chance(state) -> None:
    while state.is_chance_node:
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize(
    ("edition", "where", "explored", "gain"),
    [
        ("en", "Torino", "Torino", 1),  # marker in his city
        ("ja", "Torino", "Torino", 1),
    ],
)
def test_addison_exploration(edition, where, explored, gain):
    state = setup(edition=edition, travellers=("addison", "craven", "twain"))
    give(state, loc=where)
    play_and_activate(state, "explore")
    do(state, f"take tile {explored}-1 in {explored}")
    assert state.vp[0] == gain


@pytest.mark.parametrize(("edition", "gain"), [("en", 0), ("ja", 1)])
def test_addison_letter_to_his_city_counts_only_in_japanese(edition, gain):
    state = setup(edition=edition, travellers=("addison", "craven", "twain"))
    state.letters["Torino"] = [(0, 0)]  # Torino left: FT01, 2 coins
    give(state, loc="Asti Hills")
    play_and_activate(state, "letter")
    do(state, "send a letter to the left local in Torino")
    assert state.vp[0] == gain


@pytest.mark.parametrize(("edition", "gain"), [("en", 1), ("ja", 0)])
def test_addison_letter_sent_from_his_city_counts_only_in_english(edition, gain):
    state = setup(edition=edition, travellers=("addison", "craven", "twain"))
    state.letters["Roma"] = [(0, 0)]
    give(state, loc="Torino")
    play_and_activate(state, "letter")
    do(state, "send a letter to the left local in Roma")
    assert state.vp[0] == gain


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_montagu_two_ideas_or_three_vp_at_the_end_of_the_round(edition):
    state = setup(edition=edition)  # Montagu in Torino, both players there
    state.loc[1] = "Asti Hills"
    skip_action_phase(state)
    assert state.stack[-1] == ("montagu", 0)
    assert names(state)[0] == "Montagu: take Art + Art" and names(state)[-1] == "Montagu: take 3 VP"
    assert len(names(state)) == 11
    do(state, "Montagu: take History + Philosophy")
    assert state.ideas[0] == [0, 1, 0, 1] and state.stack[-1][0] != "montagu"


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_montesquieu_adds_four_vp_to_cafes_in_his_city(edition):
    state = setup(edition=edition)  # Montesquieu in Roma
    state.letters["Roma"] = [(0, 0)]
    give(state, loc="Torino", ideas={"history": 2, "art": 1})
    play_and_activate(state, "write_cafe")
    do(state, "choose cafe")
    assert names(state) == ["discuss in Roma café 1 paying 1 Art, 2 History for 10 VP", "skip"]
    do(state, names(state)[0])
    assert state.vp[0] == 6 + 4


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_craven_cafes_in_her_city_cost_one_idea_less(edition):
    state = setup(edition=edition, travellers=("addison", "craven", "twain"))  # Craven in Roma
    give(state, loc="Roma", ideas={"history": 2})
    play_and_activate(state, "write_cafe")
    do(state, "choose cafe")
    # café 1 costs 2 History + 1 Art; one token less: 2 History, or 1 Art + 1 History
    assert names(state) == ["discuss in Roma café 1 paying 2 History for 6 VP", "skip"]


@pytest.mark.parametrize(("edition", "away", "home"), [("en", 0, 7), ("ja", 5, 7)])
def test_goethe_one_vp_per_coin_up_to_seven(edition, away, home):
    state = setup(edition=edition, travellers=("craven", "goethe", "twain"))  # Goethe in Roma
    state.loc = ["Roma", "Torino"]
    state.coins = [9, 5]
    travellers.goethe(state, "Roma")
    assert state.vp == [home, away]


def test_lebrun_english_three_revealed_one_taken_no_duplicates_discarded_at_round_end():
    state = setup(players=3, travellers=("craven", "lebrun", "twain"))  # Le Brun in Roma
    assert state.revealed == ["Allegory", "Allegory", "Allegory"]
    give(state, loc="Roma")
    play_and_activate(state, "explore")
    do(state, "take tile Roma-1 in Roma")
    assert names(state) == ["take the Allegory painting", "no painting"]
    do(state, "take the Allegory painting")
    assert state.paintings[0] == ["Allegory"] and state.revealed == ["Allegory", "Allegory"]
    state.paintings[1] = ["Allegory"]
    state.stack[-1] = ("lebrun", 1)
    refresh(state)
    assert names(state) == [] or state.stack[-1][0] != "lebrun"
    skip_action_phase(state)
    while state.stack and state.stack[-1][0] in ("market",):
        do(state, names(state)[-1])
    assert state.revealed == [] and state.painting_discard == ["Allegory", "Allegory"]


@pytest.mark.parametrize("players", [1, 2])
def test_lebrun_two_players_remove_one_of_each_and_reveal_two(players):
    """One player uses the two-player numbers, as every other unprinted one-player value."""
    state = setup(players=players, travellers=("craven", "lebrun", "twain"))
    assert len(state.revealed) == 2
    assert sum(state.painting_pile.values()) + len(state.revealed) == 10
    assert all(count <= 2 for count in state.painting_pile.values())


@pytest.mark.parametrize(
    ("edition", "values"), [("en", [1, 3, 7, 13, 20]), ("ja", [3, 6, 10, 16, 24])]
)
def test_lebrun_values_by_edition(edition, values):
    state = setup(edition=edition, travellers=("craven", "lebrun", "twain"))
    kinds = ["Portrait", "Landscape", "Allegory", "Self-portrait", "Queen"]
    for count in range(1, 6):
        state.paintings[0] = kinds[:count]
        assert travellers.lebrun_score(state, 0) == values[count - 1]


def test_lebrun_japanese_take_any_painting_when_exploring_her_city():
    state = setup(edition="ja", travellers=("craven", "lebrun", "twain"))
    assert state.revealed == []
    give(state, loc="Roma")
    play_and_activate(state, "explore")
    do(state, "take tile Roma-1 in Roma")
    assert names(state) == [
        "take the Allegory painting",
        "take the Landscape painting",
        "take the Portrait painting",
        "take the Queen painting",
        "take the Self-portrait painting",
        "no painting",
    ]
    do(state, "take the Queen painting")
    assert state.painting_pile["Queen"] == 2


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_byron_pay_three_coins_to_go_to_his_city_at_the_start_of_the_turn(edition):
    state = setup(edition=edition, travellers=("byron", "craven", "twain"))  # Byron in Torino
    give(state, loc="Napoli", coins=3)
    assert "Byron: pay 3 coins to go to Torino" in names(state)
    do(state, "Byron: pay 3 coins to go to Torino")
    assert (state.loc[0], state.coins[0]) == ("Torino", 0)
    assert state.stack[-1] == ("turn", 0, False)
    do(state, "play move face up")
    assert not any(n.startswith("Byron") for n in names(state))


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_keats_two_vp_per_advanced_card_in_his_city_and_one_each_at_round_end(edition):
    state = setup(edition=edition, travellers=("craven", "keats", "twain"))  # Keats in Roma
    give(state, loc="Roma", hand=[*state.hand[0], "13"])
    do(state, "play 13 face up", "activate 13")  # 2 coins + 1 VP
    assert state.vp[0] == 1 + 2 and state.advanced_played[0] == 1
    travellers.keats(state, "Roma")
    assert state.vp[0] == 4


def test_keats_counts_an_advanced_card_played_face_down():
    state = setup(travellers=("craven", "keats", "twain"))  # Keats in Roma
    give(state, loc="Roma", coins=0, hand=[*state.hand[0], "13"])
    do(state, "play 13 face down", "face down: take 2 coins")
    assert state.vp[0] == 2 and state.advanced_played[0] == 1


def test_byron_still_offered_after_a_tile_is_used_before_the_card():
    state = setup(travellers=("byron", "craven", "twain"))  # Byron in Torino
    state.tiles[0] = ["Roma-2"]  # 2 coins
    give(state, loc="Napoli", coins=1)
    do(state, "use tile Roma-2")
    do(state, "Byron: pay 3 coins to go to Torino")
    assert (state.loc[0], state.coins[0]) == ("Torino", 0)


def test_twain_counts_ideas_gained_by_a_trade():
    state = setup(travellers=("craven", "montesquieu", "twain"))  # Twain in Genova
    give(state, loc="Genova", ideas={"art": 2}, hand=[*state.hand[0], "05"])
    play_and_activate(state, "05")
    do(state, "choose exchange:2", "trade 1 Art for 1 History", "trade 1 Art for 1 Science")
    assert state.vp[0] == 4 and state.ideas[0] == [0, 1, 1, 0]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_shelley_one_vp_per_idea_written(edition):
    state = setup(edition=edition)  # Shelley in Genova
    state.written[0][0][:3] = [1, 1, 1]
    state.written[0][1][5] = 1
    state.loc = ["Genova", "Torino"]
    travellers.shelley(state, "Genova")
    assert state.vp == [4, 0]


@pytest.mark.parametrize(("edition", "closest"), [("en", 3), ("ja", 4)])
def test_blessington_closest_gain_farthest_lose_two(edition, closest):
    state = setup(players=3, edition=edition, travellers=("blessington", "craven", "twain"))
    state.loc = ["Torino", "Milano", "Napoli"]
    state.vp = [0, 5, 5]
    travellers.blessington(state, "Torino")
    assert state.vp == [closest, 5, 3]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_blessington_loss_stops_at_zero_and_all_equal_all_gain(edition):
    state = setup(players=3, edition=edition, travellers=("blessington", "craven", "twain"))
    closest = state.edition.blessington_closest
    state.loc = ["Torino", "Torino", "Napoli"]
    state.vp = [0, 0, 1]
    travellers.blessington(state, "Torino")
    assert state.vp == [closest, closest, 0]
    state.loc = ["Milano", "Milano", "Milano"]
    travellers.blessington(state, "Torino")
    assert state.vp == [2 * closest, 2 * closest, closest]


def test_blessington_cannot_be_duelled():
    state = setup(travellers=("blessington", "craven", "twain"))  # Blessington in Torino
    play_and_activate(state, "talk")
    meetings = [n for n in names(state) if n.startswith("meet")]
    assert meetings == [
        "meet Lady Blessington: slot 1 with affinity",
        "meet Lady Blessington: slot 1 with lost",
        "meet Lady Blessington: slot 1 with night",
    ]


@pytest.mark.parametrize(("edition", "cost", "twice"), [("en", 2, False), ("ja", 1, True)])
def test_dickens_explore_or_discuss_in_his_city_from_anywhere(edition, cost, twice):
    state = setup(edition=edition, travellers=("craven", "dickens", "twain"))  # Dickens in Roma
    give(state, loc="Torino", coins=4)
    label = f"Dickens: pay {cost} coin{'s' if cost > 1 else ''} to explore in Roma"
    assert label in names(state)
    do(state, label, "take tile Roma-1 in Roma")
    assert state.tiles[0] == ["Roma-1"] and state.coins[0] == 4 - cost
    assert (label in names(state)) is twice
    do(state, "play move face up", "end the chain")
    assert state.current_player == 0
    assert (label in names(state)) is twice


def test_dickens_discussion_offered_only_when_one_can_be_paid_for():
    """Paying Dickens buys a discussion: without the Ideas for one there is nothing to pay for."""
    state = setup(travellers=("craven", "dickens", "twain"))  # Dickens in Roma
    give(state, loc="Torino", coins=4)
    assert "Dickens: pay 2 coins to cafe in Roma" not in names(state)
    give(state, ideas={"history": 2, "art": 1})
    do(state, "Dickens: pay 2 coins to cafe in Roma")
    do(state, "discuss in Roma café 1 paying 1 Art, 2 History for 6 VP")
    assert (state.coins[0], state.vp[0], state.cafes["Roma"][0]) == (2, 6, [0])


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_twain_two_vp_per_idea_gained_in_his_city(edition):
    state = setup(edition=edition, travellers=("craven", "montesquieu", "twain"))  # Genova
    give(state, loc="Genova")
    play_and_activate(state, "ideas")
    assert state.vp[0] == 2
    give(state, loc="Torino")
    state.gain_idea(0, 1)
    assert state.vp[0] == 2


def meet(state, traveller_name: str, kind: str, slot: int = 1) -> None:
    play_and_activate(state, "talk")
    do(state, f"meet {traveller_name}: slot {slot} with {kind}")


def test_meeting_a_traveller_places_a_token_and_gains_the_slot_reward():
    state = setup()  # side A, column 1 (Montagu, Torino), round I, slot 1: 2 coins
    give(state, coins=0)
    meet(state, "Lady Montagu", "night")
    assert state.gazette[0] == [(0, 0, 0, "night")] and state.coins[0] == 2
    assert sorted(state.exp[0]) == ["affinity", "affinity", "duel", "lost"]


def test_duel_doubles_the_reward_and_closes_the_column_to_that_player():
    state = setup()
    give(state, coins=0)
    meet(state, "Lady Montagu", "duel")
    assert state.coins[0] == 4
    state.round = 1
    state.where["montagu"] = "Torino"
    state.hand[0].append("talk")
    state.played[0] = []
    give(state)
    do(state, "play ideas face down", "face down: take 2 coins")
    state.stack[-1] = ("turn", 0, False)
    refresh(state)
    play_and_activate(state, "talk")
    assert not any(n.startswith("meet") for n in names(state))


def test_occupied_slots_and_player_count_slots():
    state = setup(players=2)
    state.gazette[0] = [(0, 0, 1, "night")]
    give(state)
    play_and_activate(state, "talk")
    assert not any(n.startswith("meet") for n in names(state))  # 2 players: one slot per row
    state = setup(players=3)
    play_and_activate(state, "talk")
    slots = {n.split(":")[1].split(" with")[0] for n in names(state) if n.startswith("meet")}
    assert slots == {" slot 1", " slot 2"}


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lost_in_admiration_timing_by_edition(edition):
    state = setup(edition=edition, travellers=("craven", "montesquieu", "twain"))
    state.vp[0] = 3
    # a lost token placed in round I, column 2 (Montesquieu), slot 1
    state.exp[0].remove("lost")
    state.gazette[1] = [(0, 0, 0, "lost")]
    skip_action_phase(state)
    if edition == "en":  # after the travellers, before the market
        assert state.stack[-1] == ("lost", 0, 1, 0, 0)
    else:  # after the market phase
        while state.stack[-1][0] == "market":
            do(state, names(state)[-1])
        assert state.stack[-1] == ("lost", 0, 1, 0, 0)
    reward = names(state)[0]
    assert reward.startswith("Lost in Admiration: lose 1 VP to gain")
    do(state, "Lost in Admiration: keep the VP")
    # next round: English never again; Japanese after every market phase
    while state.stack[-1][0] != "begin_turn" and state.stack[-1][0] != "turn":
        if state.is_chance_node:
            resolve_chance(state)
        else:
            do(state, names(state)[-1])
    skip_action_phase(state)
    seen = False
    while state.stack[-1][0] in ("market", "lost"):
        seen = seen or state.stack[-1][0] == "lost"
        do(state, names(state)[-1])
    assert seen is (edition == "ja")


def test_japanese_lost_in_admiration_also_after_the_last_market_phase():
    from kit.timeless_journeys import phases

    state = setup(edition="ja", travellers=("craven", "montesquieu", "twain"))
    state.gazette[1] = [(0, 0, 0, "lost")]  # placed in round I
    state.stack = []
    phases._round(state, ("round", 4))
    kinds = [frame[0] for frame in reversed(state.stack)]
    assert kinds[-4:] == ["travellers_phase", "market_phase", "lost_phase", "reorganise"]
    state.stack = []
    phases._lost_phase(state, ("lost_phase",))
    assert state.stack == [("lost", 0, 1, 0, 0)]


def test_affinities_and_side_c_first_column_bonus():
    state = setup(gazette="C")  # side C column 1 is Montagu's, in Torino in round I
    give(state, coins=0)
    meet(state, "Lady Montagu", "affinity")
    do(state, "skip")  # the slot's reward: another conversation, declined
    assert state.vp[0] == 3  # then the first-column bonus, once per player
    assert state.bonus_taken == [0]


@pytest.mark.parametrize(("edition", "offered"), [("en", False), ("ja", True)])
def test_reusing_an_exploration_tile_is_the_edition_s_card(edition, offered):
    state = setup(edition=edition)
    state.tiles[0] = ["Roma-2"]
    state.used[0] = ["Roma-2"]
    state.market[2].append("42")
    give(state, coins=9, hand=[*state.hand[0], "42"])
    do(state, "play 42 face up", "activate 42", "buy 01 (Level I) for 0 coins")
    do(state, "move to Asti Hills (0 coins)", "skip")  # card 01: move + 1$move
    assert ("use tile Roma-2 again" in names(state)) is offered
    if offered:
        do(state, "use tile Roma-2 again")
        assert state.coins[0] == 9 + 2


def test_side_c_bonus_is_once_per_player():
    state = setup(gazette="C", players=3)
    give(state, coins=0)
    meet(state, "Lady Montagu", "affinity")
    do(state, "skip")
    assert state.vp[0] == 3
    state.round = 1
    state.where["montagu"] = "Torino"
    state.stack[-1:] = [("turn", 0, False)]
    state.played[0] = []
    state.hand[0] = sorted([*state.hand[0], "talk"])
    refresh(state)
    meet(state, "Lady Montagu", "night", slot=2)  # side C, column 1, round II, slot 2: 1 coin 1 VP
    assert state.vp[0] == 3 + 1 and state.bonus_taken == [0]
