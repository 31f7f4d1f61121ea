"""Scenarios for the turn, the chain of actions, face-down plays and every basic action."""

from __future__ import annotations

import pytest

from kit.core import IllegalAction
from tests.checks import refused
from tests.timeless_journeys.helpers import do, give, names, play_and_activate, setup


def test_marco_chain_activates_same_category_cards_in_any_order():
    """Rulebook example: Marco plays E; C is of another category; he activates D, A, B and
    declines E. A, B, D, E are travel cards, C a friendship card."""
    state = setup()
    # A = 11 (1 coin + move), B = 02 (explore + 1 coin), C = talk, D = move, E = 27
    a, b, c, d, e = "11", "02", "talk", "move", "27"
    give(
        state,
        loc="Torino",
        coins=0,
        hand=[e, "ideas"],
        played=[(a, True), (b, True), (c, True), (d, True)],
    )
    do(state, f"play {e} face up")
    assert names(state) == [
        f"activate {a}",
        f"activate {b}",
        f"activate {d}",
        f"activate {e}",
        "end the chain",
    ]
    # D first: the Movement card, moving to Asti Hills
    do(state, f"activate {d}", "move to Asti Hills (0 coins)")
    # then A: 1 coin, then a move back to Torino
    do(state, f"activate {a}", "move to Torino (0 coins)")
    assert state.coins[0] == 1 and state.loc[0] == "Torino"
    # then B: explore Torino (a tile), then 1 coin
    do(state, f"activate {b}", "take tile Torino-1 in Torino")
    assert state.tiles[0] == ["Torino-1"] and state.coins[0] == 2
    # and E is declined: the chain ends, the turn ends (no tile use wanted)
    assert names(state) == [f"activate {e}", "use tile Torino-1", "end the chain"]
    do(state, "end the chain", "end turn")
    assert state.current_player == 1 and state.coins[0] == 2


def test_first_card_of_a_category_resolves_alone_and_may_be_declined():
    state = setup()
    give(state, played=[("explore", True)])
    do(state, "play move face up")
    assert names(state) == ["activate explore", "activate move", "end the chain"]
    state = setup()
    do(state, "play move face up")
    assert names(state) == ["activate move", "end the chain"]
    do(state, "end the chain")
    assert state.loc[0] == "Torino" and state.current_player == 1


def test_face_down_play_offers_coins_one_move_or_a_purchase():
    state = setup()
    do(state, "play talk face down")
    assert names(state) == [
        "face down: take 2 coins",
        "face down: move to Asti Hills (0 coins)",
        "face down: move to Milano (1 coin)",
        "face down: move to Piedmont Plain (0 coins)",
        "face down: buy 01 (Level I) for 0 coins",
        "face down: buy 02 (Level I) for 0 coins",
    ]
    do(state, "face down: buy 02 (Level I) for 0 coins")
    assert "02" in state.hand[0] and state.market[0] == ["01"]  # no refill
    assert state.played[0] == [("talk", False)]
    # a face-down card never starts a chain: a later talk card resolves alone
    state = setup()
    give(state, coins=5, played=[("talk", False)])
    do(state, "play letter face up")
    assert names(state) == ["activate letter", "end the chain"]


def test_face_down_purchase_costs_two_and_five_coins():
    state = setup()
    give(state, coins=5)
    do(state, "play talk face down")
    assert "face down: buy 17 (Level II) for 2 coins" in names(state)
    assert "face down: buy 33 (Level III) for 5 coins" in names(state)
    do(state, "face down: buy 33 (Level III) for 5 coins")
    assert state.coins[0] == 0 and "33" in state.hand[0]


def test_movement_pays_the_path_cost_and_cannot_be_paid_without_coins():
    state = setup()
    give(state, coins=0)
    do(state, "play move face up", "activate move")
    assert names(state) == [
        "move to Asti Hills (0 coins)",
        "move to Piedmont Plain (0 coins)",
        "skip",
    ]
    state = setup()
    give(state, coins=1)
    do(state, "play move face up", "activate move", "move to Milano (1 coin)")
    assert (state.loc[0], state.coins[0]) == ("Milano", 0)


def test_exploration_one_tile_per_city_then_only_the_city_reward():
    state = setup()
    play_and_activate(state, "explore")
    assert names(state) == [
        "take tile Torino-1 in Torino",
        "take tile Torino-2 in Torino",
        "take the city reward of Torino",
        "skip",
    ]
    do(state, "take tile Torino-2 in Torino")
    assert state.city_tiles["Torino"] == ["Torino-1"] and state.tiles[0] == ["Torino-2"]
    # next round, the same city: only the city reward ("2 coins / 1 Science")
    state.played[0] = []
    state.hand[0].append("02")
    state.hand[0].sort()
    do(state, "end turn", "play ideas face down", "face down: take 2 coins")
    do(state, "play 02 face up", "activate 02")
    assert names(state) == ["take the city reward of Torino", "skip"]
    coins = state.coins[0]
    do(state, "take the city reward of Torino", "choose idea:science")
    assert state.ideas[0][2] == 1 and state.coins[0] == coins + 1  # + card 02's coin


def test_exploration_needs_the_marker_in_a_city():
    state = setup()
    give(state, loc="Asti Hills")
    do(state, "play explore face up")
    # no possible answer: the card does nothing and the turn ends
    assert names(state) == ["activate explore", "end the chain"]
    do(state, "activate explore")
    assert state.current_player == 1 and state.tiles[0] == []


def test_exploration_tile_is_used_once_and_may_still_be_written():
    state = setup()
    state.tiles[0] = ["Roma-2"]  # reward: 2 coins
    give(state, coins=0)
    assert "use tile Roma-2" in names(state)
    do(state, "use tile Roma-2")
    assert state.coins[0] == 2 and "use tile Roma-2" not in names(state)
    assert state.used[0] == ["Roma-2"]


def test_conversation_favour_then_friend_or_letter():
    state = setup()  # Milano: FT07 (left: Art or History / right: 2 coins + 1 VP); friend left
    give(state, loc="Milano", coins=0)
    play_and_activate(state, "talk")
    assert names(state)[:2] == [
        "talk to the left local in Milano",
        "talk to the right local in Milano",
    ]
    do(state, "talk to the left local in Milano", "take 1 History")
    assert state.ideas[0] == [0, 1, 0, 0]
    assert names(state) == [
        "take the friend of Milano",
        "place a Letter marker under the left local in Milano",
        "nothing more",
    ]
    do(state, "take the friend of Milano")
    assert state.friends[0] == ["Milano"] and "Milano" not in state.friend
    # the right local: 2 coins and 1 VP, and a letter marker
    state = setup()
    give(state, loc="Milano", coins=0)
    play_and_activate(state, "talk")
    do(state, "talk to the right local in Milano")
    assert (state.coins[0], state.vp[0]) == (2, 1)
    assert names(state) == ["place a Letter marker under the right local in Milano", "nothing more"]
    do(state, "place a Letter marker under the right local in Milano")
    assert state.letters["Milano"] == [(0, 1)] and state.letters_left(0) == 2


def test_letter_limits_two_to_four_players_one_per_local():
    state = setup(players=3)
    state.letters["Roma"] = [(1, 0)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the left local in Roma")
    # FT04 left gives Philosophy; the left local already holds a marker: no letter possible, and
    # with nothing more to decide the turn passes
    assert state.ideas[0] == [0, 0, 0, 1] and state.current_player == 1
    state = setup(players=3)
    state.letters["Roma"] = [(1, 0), (2, 1)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the right local in Roma")
    assert not any("Letter" in n for n in names(state))
    assert state.letters["Roma"] == [(1, 0), (2, 1)]


def test_letter_limits_five_players_three_per_city_stacking():
    state = setup(players=5)
    state.letters["Roma"] = [(1, 0)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the left local in Roma")
    assert "place a Letter marker under the left local in Roma" in names(state)
    do(state, "place a Letter marker under the left local in Roma")
    assert state.letters["Roma"] == [(1, 0), (0, 0)]
    state = setup(players=5)
    state.letters["Roma"] = [(1, 0), (2, 0), (3, 1)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the left local in Roma")
    assert names(state) == ["take the friend of Roma", "nothing more"]


def test_one_letter_marker_per_city_moved_to_the_other_local():
    state = setup()
    state.letters["Roma"] = [(0, 0)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the right local in Roma")  # FT04 right: write (nothing to write)
    assert names(state) == ["move your Letter marker to the right local in Roma", "nothing more"]
    do(state, "move your Letter marker to the right local in Roma")
    assert state.letters["Roma"] == [(0, 1)]


def test_without_letter_markers_one_is_moved_from_another_city():
    state = setup()
    state.letters["Torino"] = [(0, 0)]
    state.letters["Milano"] = [(0, 0)]
    state.letters["Venezia"] = [(0, 1)]
    give(state, loc="Roma")
    play_and_activate(state, "talk")
    do(state, "talk to the left local in Roma")
    assert names(state) == [
        "move your Letter marker from Torino to the left local in Roma",
        "move your Letter marker from Milano to the left local in Roma",
        "move your Letter marker from Venezia to the left local in Roma",
        "nothing more",
    ]
    do(state, "move your Letter marker from Milano to the left local in Roma")
    assert state.letters["Milano"] == [] and state.letters["Roma"] == [(0, 0)]


def test_firenze_letter_example():
    """Rulebook: the marker is outside Firenze; a letter to the right local in Firenze, who has
    the player's Letter marker, gains the reward above that local: 1 Art Idea token."""
    state = setup()
    state.favour["Firenze"] = "FT01"  # right: 1 Art token
    state.letters["Firenze"] = [(0, 1)]
    give(state, loc="Apennine Pass")
    play_and_activate(state, "letter")
    assert names(state) == ["send a letter to the right local in Firenze", "skip"]
    do(state, "send a letter to the right local in Firenze")
    assert state.ideas[0] == [1, 0, 0, 0]


def test_no_letter_to_the_city_where_the_marker_is():
    state = setup()
    state.letters["Firenze"] = [(0, 1)]
    give(state, loc="Firenze")
    do(state, "play letter face up")
    do(state, "activate letter")  # nothing possible: the step passes
    assert state.current_player == 1


def test_ideas_card_gives_the_colour_genre_and_the_fifth_player_two_coins():
    state = setup(players=5)
    play_and_activate(state, "ideas")
    assert state.ideas[0] == [1, 0, 0, 0]  # red: Art
    state.stack[-1] = ("turn", 4, False)
    state.coins[4] = 0
    give(state, player=4)
    play_and_activate(state, "ideas", player=4)
    assert state.coins[4] == 2 and state.ideas[4] == [0, 0, 0, 0]


def test_write_in_the_journal_ideas_tile_and_friend():
    state = setup()  # journal A1: art art history science philosophy philosophy; city Torino
    state.tiles[0] = ["Torino-1"]
    state.friends[0] = ["Milano"]
    give(state, ideas={"art": 1, "history": 1})
    play_and_activate(state, "write_cafe")
    do(state, "choose write")
    assert names(state)[:4] == [
        "write 1 Art in journal A1",
        "write 1 History in journal A1",
        "write tile Torino-1 in journal A1",
        "write the friend of Milano in journal A1",
    ]
    do(state, "write 1 Art in journal A1")
    assert state.written[0][0] == [1, 0, 0, 0, 0, 0, "", ""] and state.ideas[0][0] == 0
    assert state.ideas_written(0) == 1


def test_cafe_example_five_philosophy_for_fifteen_vp():
    """Japanese rulebook: discarding 5 Philosophy in the café scores 15 VP."""
    state = setup()
    give(state, loc="Napoli", ideas={"philosophy": 5})
    play_and_activate(state, "write_cafe")
    do(state, "choose cafe")
    assert names(state) == ["discuss in Napoli café 2 paying 5 Philosophy for 15 VP", "skip"]
    do(state, "discuss in Napoli café 2 paying 5 Philosophy for 15 VP")
    assert state.vp[0] == 15 and state.ideas[0] == [0, 0, 0, 0]
    assert state.cafes["Napoli"] == [[], [0]] and state.cafe_markers_left(0) == 5
    assert state.supply[3] == 20


def test_cafe_next_slot_is_the_lower_one_and_a_letter_marker_suffices():
    state = setup()
    state.cafes["Napoli"] = [[], [1]]
    state.letters["Napoli"] = [(0, 0)]
    give(state, loc="Torino", ideas={"philosophy": 5})
    play_and_activate(state, "write_cafe")
    do(state, "choose cafe")
    assert "discuss in Napoli café 2 paying 5 Philosophy for 12 VP" in names(state)
    state.cafes["Napoli"] = [[], [1, 1]]  # full
    give(state)
    assert not any("Napoli café 2" in n for n in names(state))


def test_cafe_a_player_may_hold_both_slots_of_one_discussion():
    state = setup()
    state.cafes["Napoli"] = [[], [0]]
    give(state, loc="Napoli", ideas={"philosophy": 5})
    play_and_activate(state, "write_cafe")
    do(state, "choose cafe", "discuss in Napoli café 2 paying 5 Philosophy for 12 VP")
    assert state.cafes["Napoli"] == [[], [0, 0]] and state.vp[0] == 12


def test_market_phase_level_by_categories_and_face_down_counts_as_one():
    state = setup()
    state.played[0] = [("move", True), ("talk", True), ("ideas", False)]
    from kit.timeless_journeys.phases import _ask_market, categories_played

    assert categories_played(state, 0) == 3
    offered = [str(c) for c in _ask_market(state, ("market", 0))]
    assert offered == [
        "take 01 (Level I) free",
        "take 02 (Level I) free",
        "take 17 (Level II) free",
        "take 18 (Level II) free",
        "take no card",
    ]
    state.played[0] = [("move", True)]
    assert _ask_market(state, ("market", 0)) == []


QUIET = ("craven", "montesquieu", "twain")  # no end-of-round questions


def test_market_phase_runs_counter_clockwise_from_the_right_of_the_first_player():
    state = setup(players=3, travellers=QUIET)
    for _ in range(5):
        for player in (0, 1, 2):
            card = state.hand[player][0]
            first = "face up" if state.hand[player][0] == "explore" else "face down"
            do(state, f"play {card} {first}")
            do(state, names(state)[0])
            while state.current_player == player and state.stack[-1][0] != "market":
                do(state, names(state)[-1])
    assert state.stack[-1] == ("market", 2)
    assert names(state)[-1] == "take no card"
    do(state, "take 01 (Level I) free")
    assert state.stack[-1] == ("market", 1)


def test_reorganisation_hand_limit_and_first_player_passes():
    state = setup(players=2, travellers=QUIET)
    state.hand[0] += ["03", "04", "05", "06"]
    state.hand[0].sort()
    from tests.timeless_journeys.helpers import refresh

    refresh(state)
    for _ in range(5):
        for player in (0, 1):
            card = state.hand[player][0]
            do(state, f"play {card} face down", "face down: take 2 coins")
    while state.is_chance_node:  # the market is refilled first
        state.apply(state.legal_actions()[0])
    # player 0 has 11 cards again: discards 3 to the box
    assert state.stack[-1] == ("hand_limit", 0)
    do(state, "discard 03 to the box", "discard 04 to the box", "discard 05 to the box")
    assert len(state.hand[0]) == 8 and state.box == ["03", "04", "05"]
    assert state.round == 1 and state.first == 1 and state.current_player == 1
    assert [len(m) for m in state.market] == [2, 2, 2]


def test_reorganisation_discards_the_display_under_its_deck_then_reveals_anew():
    """The display goes to the bottom of its level's deck; new cards come from the top, and the
    discarded ones come back, oldest first, once a deck has run out."""
    state = setup(players=2, travellers=QUIET)
    state.deck = [["03", "04"], [], []]
    state.bottom = [["05"], ["19"], []]
    state.market = [["01", "02"], ["17", "18"], ["33"]]
    for _ in range(5):
        for player in (0, 1):
            do(state, f"play {state.hand[player][0]} face down", "face down: take 2 coins")
    assert names(state) == ["reveal 03 (Level I)", "reveal 04 (Level I)"]
    do(state, "reveal 04 (Level I)", "reveal 03 (Level I)")
    assert state.market == [["04", "03"], ["19", "17"], ["33"]]
    assert state.deck == [[], [], []] and state.bottom == [["05", "01", "02"], ["18"], []]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    state = setup()
    before = state.clone()
    with pytest.raises(IllegalAction, match="'fly to the moon'"):
        state.apply("fly to the moon")
    with pytest.raises(IllegalAction, match="move to Napoli"):
        do(state, "play move face up", "activate move", "move to Napoli (0 coins)")
    assert state.history == before.history + state.history[len(before.history) :]
    state = setup()
    before = state.clone()
    with pytest.raises(IllegalAction, match="not a possible answer"):
        state.apply("take tile Torino-1 in Torino")
    assert state == before


def test_refusals_say_why():
    state = setup()
    give(state, coins=0, hand=["explore", "move", "talk"])
    refused(state, "play 33 face up", "33 is not in player 0's hand")
    refused(state, "take tile Torino-1 in Torino", "a card must be played first")
    do(state, "play move face up")
    refused(state, "play talk face up", "player 0 has already played a card this turn")
    do(state, "activate move")
    refused(state, "move to Napoli (0 coins)", "Napoli is not next to Torino")
    refused(state, "move to Milano (0 coins)", "the path from Torino to Milano costs 1 coin")
    do(state, "move to Asti Hills (0 coins)")
    state = setup()
    give(state, loc="Asti Hills")
    do(state, "play explore face up")
    refused(
        state,
        "take tile Torino-1 in Torino",
        "player 0 is asked which card of the chain to activate",
    )
    state.stack[-1] = ("step", 0, state.content.card("explore").effect[0][0], ("", ()))
    refused(state, "take tile Torino-1 in Torino", "the marker is in Asti Hills, not a city")
    state = setup()
    state.tiles[0] = ["Torino-2"]
    play_and_activate(state, "explore")
    refused(
        state, "take tile Torino-1 in Torino", "player 0 already has an Exploration tile of Torino"
    )
    state = setup()
    state.letters["Milano"] = [(0, 0)]
    state.letters["Venezia"] = [(0, 1)]
    play_and_activate(state, "letter")
    refused(
        state,
        "send a letter to the left local in Roma",
        "player 0 has no Letter marker under the left local in Roma",
    )
    give(state, loc="Milano")
    refused(state, "send a letter to the left local in Milano", "letters go to other places")
    state = setup()
    state.resolve_chance()
    refused(state, "discard 03 to the box", "is asked which card to play")
