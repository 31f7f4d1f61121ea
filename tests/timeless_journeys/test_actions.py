"""Scenarios for the turn, the chain of actions, face-down plays, every basic action, the market
and the reorganisation, each reached by the scenario builder and real actions."""

from __future__ import annotations

import re
import shutil

import pytest

from kit.core import IllegalAction
from kit.timeless_journeys.actions import Choice
from kit.timeless_journeys.content import DATA_DIR, Step
from kit.timeless_journeys.draws import MarketReveal, TileDraw
from kit.timeless_journeys.effects import (
    NO_CTX,
    TILE_SLOT,
    StepQuestion,
    _reuse,
    _write_slot,
)
from kit.timeless_journeys.phases import HandLimit, _discards
from tests.checks import refused
from tests.timeless_journeys.helpers import (
    EXPLORE,
    IDEAS,
    LETTER,
    MOVE,
    MOVE2,
    TALK,
    WRITE_CAFE,
    build,
    coins,
    do,
    names,
    up,
)

TO_MILANO = [*up(MOVE), "move to Milano for 1 coin"]


def test_marco_chain_activates_same_category_cards_in_any_order():
    """Rulebook example: Marco plays E; C is of another category; he activates D, A, B and
    declines E. A = card 11 (1 coin + move), B = card 02 (explore + 1 coin), C = the
    Conversation card, D = the Movement card, E = card 27 (1 coin + move 2). Round I buys A, B
    and E face down; round II plays A, B, C, D and then E."""
    buy = [
        "play the Conversation card face down",
        "buy card 11 (Level I) for free",
        "play the Letter card face down",
        "buy card 02 (Level I) for free",
        *coins(IDEAS),
        "play the Exploration card face down",
        "buy card 27 (Level II) for 2 coins",
        *coins(WRITE_CAFE),
        # 7 + 3 cards come back: two go to the box
        "discard the Ideas card to the box",
        "discard the Journal and Café card to the box",
    ]
    round_two = [
        *up("card 11"),
        "skip",  # its move
        "play card 02 face up",
        "end the chain",
        *up(TALK),
        "skip",
        "play the Movement card face up",
        "end the chain",
        "play card 27 face up",
    ]
    state = build(market=[["11", "02"], ["27", "18"], ["33", "34"]], actions=buy + round_two)
    assert state.coins[0] == 3 + 1
    assert names(state) == [
        "activate card 11",
        "activate card 02",
        "activate the Movement card",
        "activate card 27",
        "end the chain",
    ]
    # D first: the Movement card, to Asti Hills; then A: 1 coin, and back to Torino
    do(state, "activate the Movement card", "move to Asti Hills for free")
    do(state, "activate card 11", "move to Torino for free")
    assert (state.coins[0], state.loc[0]) == (5, "Torino")
    # then B: explore Torino (a tile), then 1 coin
    do(state, "activate card 02", "take Exploration tile Torino-1 in Torino")
    assert state.tiles[0] == ["Torino-1"] and state.coins[0] == 6
    # and E is declined: the chain ends, then the turn
    assert names(state) == ["activate card 27", "use Exploration tile Torino-1", "end the chain"]
    do(state, "end the chain", "end the turn")
    assert state.phase == "Market" and state.coins[0] == 6


def test_first_card_of_a_category_resolves_alone_and_may_be_declined():
    state = build(actions=["play the Movement card face up"])
    assert names(state) == ["activate the Movement card", "end the chain"]
    do(state, "end the chain")
    assert state.loc[0] == "Torino" and state.played[0] == [("move", True)]
    assert state.question() == "which card to play, face up or face down"
    state = build(actions=[*up(EXPLORE), "skip", "play the Movement card face up"])
    assert names(state) == [
        "activate the Exploration card",
        "activate the Movement card",
        "end the chain",
    ]


def test_face_down_play_offers_coins_one_move_or_a_purchase():
    state = build(actions=["play the Conversation card face down"])
    assert state.question() == (
        "what the face-down card does: take 2 coins, move, or buy a market card"
    )
    assert names(state) == [
        "take 2 coins",
        "move to Asti Hills for free",
        "move to Milano for 1 coin",
        "move to Piedmont Plain for free",
        "buy card 01 (Level I) for free",
        "buy card 02 (Level I) for free",
    ]
    do(state, "buy card 02 (Level I) for free")
    assert "02" in state.hand[0] and state.market[0] == ["01"]  # no refill
    assert state.played[0] == [("talk", False)]
    # a face-down card never starts a chain: a later friendship card resolves alone
    do(state, "play the Letter card face up")
    assert names(state) == ["activate the Letter card", "end the chain"]


def test_face_down_purchase_costs_two_and_five_coins():
    state = build(actions=[*coins(IDEAS), *coins(EXPLORE), "play the Conversation card face down"])
    assert state.coins[0] == 5
    assert "buy card 17 (Level II) for 2 coins" in names(state)
    assert "buy card 33 (Level III) for 5 coins" in names(state)
    do(state, "buy card 33 (Level III) for 5 coins")
    assert state.coins[0] == 0 and "33" in state.hand[0]


def test_movement_pays_the_path_cost_and_cannot_be_paid_without_coins():
    state = build(actions=up(MOVE))
    assert names(state) == [
        "move to Asti Hills for free",
        "move to Milano for 1 coin",
        "move to Piedmont Plain for free",
        "skip",
    ]
    do(state, "move to Milano for 1 coin")
    assert (state.loc[0], state.coins[0]) == ("Milano", 0)
    do(state, "play the second Movement card face up", "activate the second Movement card")
    assert names(state) == [  # Genova and Torino cost 1 coin
        "move to Piedmont Plain for free",
        "move to Po Valley for free",
        "move to Verona Road for free",
        "skip",
    ]


def test_exploration_one_tile_per_city_then_only_the_city_reward():
    state = build(players=2, actions=up(EXPLORE))
    assert names(state) == [
        "take Exploration tile Torino-1 in Torino",
        "take Exploration tile Torino-2 in Torino",
        "take the city reward of Torino",
        "skip",
    ]
    do(state, "take Exploration tile Torino-2 in Torino", "end the turn", *coins(MOVE))
    assert state.city_tiles["Torino"] == ["Torino-1"] and state.tiles[0] == ["Torino-2"]
    # the next turn, a chain explores Torino again: only the city reward (2 coins / Science)
    do(state, "play the Movement card face up", "activate the Exploration card")
    assert names(state) == ["take the city reward of Torino", "skip"]
    do(state, "take the city reward of Torino")
    assert names(state) == ["take 2 coins", "gain a Science idea", "decline"]
    do(state, "gain a Science idea")
    assert state.ideas[0] == [0, 0, 1, 0]


def test_exploration_needs_the_marker_in_a_city():
    state = build(actions=[*up(MOVE), "move to Asti Hills for free"])
    do(state, "play the Exploration card face up", "activate the Exploration card")
    # no possible answer: the card does nothing, the chain goes on
    assert names(state) == ["activate the Movement card", "end the chain"]
    assert state.tiles[0] == []


def test_exploration_tile_is_used_once_and_may_still_be_written():
    state = build(tiles={"Torino": ["Torino-2"]}, actions=up(EXPLORE))
    do(state, "take Exploration tile Torino-2 in Torino")
    assert names(state) == ["use Exploration tile Torino-2", "end the turn"]
    do(state, "use Exploration tile Torino-2")  # its reward: 2 coins
    assert state.coins[0] == 3 and state.used[0] == ["Torino-2"]
    assert state.question() == "which card to play, face up or face down"  # the turn is over
    assert "use Exploration tile Torino-2" not in names(state)
    do(state, *up(WRITE_CAFE))
    assert names(state) == ["write in a Journal", "discuss in a café", "decline"]
    do(state, "write in a Journal")
    assert names(state) == ["write Exploration tile Torino-2 in Journal A1", "skip"]


def test_conversation_favour_then_friend_or_letter():
    state = build(actions=[*TO_MILANO, *up(TALK)])
    assert names(state) == [
        "talk to the left local in Milano",
        "talk to the right local in Milano",
        "skip",
    ]
    do(state, "talk to the left local in Milano")  # FT07: an Art or a History idea
    assert names(state) == ["gain an Art idea", "gain a History idea", "skip"]
    do(state, "gain a History idea")
    assert state.ideas[0] == [0, 1, 0, 0]
    assert names(state) == [
        "take the Friend tile of Milano",
        "place a Letter marker under the left local in Milano",
        "do nothing more",
    ]
    do(state, "take the Friend tile of Milano")
    assert state.friends[0] == ["Milano"] and "Milano" not in state.friend
    # the right local: 2 coins and 1 VP, and a Letter marker
    state = build(actions=[*TO_MILANO, *up(TALK), "talk to the right local in Milano"])
    assert (state.coins[0], state.vp[0]) == (2, 1)
    assert names(state) == [
        "place a Letter marker under the right local in Milano",
        "do nothing more",
    ]
    do(state, "place a Letter marker under the right local in Milano")
    assert state.letters["Milano"] == [(0, 1)] and state.letters_left(0) == 2


def talk_in_milano(local: str, then: str) -> list[str]:
    idea = ["gain an Art idea"] if local == "left" else []
    return [*up(TALK), f"talk to the {local} local in Milano", *idea, then]


def test_letter_limits_two_to_four_players_one_per_local():
    """Three players: at most one Letter marker under each local, two in the city."""
    place = "place a Letter marker under the {} local in Milano"
    state = build(
        players=3,
        actions=[
            *TO_MILANO * 3,
            *coins(IDEAS),
            *talk_in_milano("left", place.format("left")),
            *talk_in_milano("right", place.format("right")),
        ],
    )
    assert state.letters["Milano"] == [(1, 0), (2, 1)]
    # player 0 talks to the left local: the Friend tile, but no Letter marker
    do(state, *up(TALK), "talk to the left local in Milano", "gain an Art idea")
    assert names(state) == ["take the Friend tile of Milano", "do nothing more"]
    do(state, "do nothing more")
    # both locals hold a marker: after the right local's reward there is nothing to decide
    do(state, *coins(IDEAS), *coins(IDEAS))
    do(state, "play the Letter card face up", "activate the Conversation card")
    do(state, "talk to the right local in Milano")
    assert names(state) == ["activate the Letter card", "end the chain"]
    assert state.letters["Milano"] == [(1, 0), (2, 1)]


def test_letter_limits_five_players_three_per_city_stacking():
    place = "place a Letter marker under the {} local in Milano"
    state = build(
        players=5,
        actions=[
            *TO_MILANO * 5,
            *coins(IDEAS),
            *talk_in_milano("left", place.format("left")),
            *coins(IDEAS),
            *coins(IDEAS),
            *coins(IDEAS),
            *up(TALK),
            "talk to the left local in Milano",
            "gain an Art idea",
        ],
    )
    assert names(state) == [  # a second marker on the same local
        "take the Friend tile of Milano",
        "place a Letter marker under the left local in Milano",
        "do nothing more",
    ]
    do(state, "place a Letter marker under the left local in Milano")
    assert state.letters["Milano"] == [(1, 0), (0, 0)]
    state = build(
        players=5,
        actions=[
            *TO_MILANO * 5,
            *coins(IDEAS),
            *talk_in_milano("left", place.format("left")),
            *talk_in_milano("left", place.format("left")),
            *talk_in_milano("right", place.format("right")),
            *coins(IDEAS),
            *up(TALK),
            "talk to the left local in Milano",
            "gain an Art idea",
        ],
    )
    assert state.letters["Milano"] == [(1, 0), (2, 0), (3, 1)]  # the city is full
    assert names(state) == ["take the Friend tile of Milano", "do nothing more"]


def test_one_letter_marker_per_city_moved_to_the_other_local():
    state = build(
        actions=[
            *up(TALK),
            "talk to the left local in Torino",  # FT01: 2 coins
            "place a Letter marker under the left local in Torino",
            "play the Letter card face up",
            "activate the Conversation card",
            "talk to the right local in Torino",  # an Art idea
        ]
    )
    assert names(state) == [
        "move your Letter marker to the right local in Torino",
        "do nothing more",
    ]
    do(state, "move your Letter marker to the right local in Torino")
    assert state.letters["Torino"] == [(0, 1)] and state.ideas[0] == [1, 0, 0, 0]


def test_without_letter_markers_one_is_moved_from_another_city():
    state = build(
        favours={"Torino": "FT01", "Milano": "FT07", "Genova": "FT09", "Firenze": "FT10"},
        actions=[
            # round I: markers in Torino and Milano, then on to Genova
            *up(TALK),
            "talk to the left local in Torino",
            "place a Letter marker under the left local in Torino",
            *TO_MILANO,
            "play the Letter card face up",
            "activate the Conversation card",
            "talk to the right local in Milano",
            "place a Letter marker under the right local in Milano",
            "activate the Letter card",
            "send a letter to the left local in Torino",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Genova for 1 coin",
            "end the chain",
            *coins(IDEAS),
            "take no card",
            # round II: the third marker in Genova, then to Firenze
            *up(TALK),
            "talk to the left local in Genova",  # FT09: an Art or a Philosophy idea
            "gain an Art idea",
            "place a Letter marker under the left local in Genova",
            *up(MOVE),
            "move to Ligurian Coast for free",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Firenze for 1 coin",
            "end the chain",
            "play the Letter card face up",
            "activate the Conversation card",
            "talk to the left local in Firenze",  # FT10: a Science or a History idea
            "gain a Science idea",
        ],
    )
    assert state.letters_left(0) == 0
    assert names(state) == [
        "move your Letter marker from Torino to the left local in Firenze",
        "move your Letter marker from Milano to the left local in Firenze",
        "move your Letter marker from Genova to the left local in Firenze",
        "do nothing more",
    ]
    do(state, "move your Letter marker from Milano to the left local in Firenze")
    assert state.letters["Milano"] == [] and state.letters["Firenze"] == [(0, 0)]


def test_letter_example_gains_the_reward_above_that_local():
    """Rulebook: the marker is outside the city; a letter to the right local, who has the
    player's Letter marker, gains the reward shown above that local: 1 Art Idea token. The
    example's tile is FT01 (its right reward is the Art token), and on the reconstructed board
    FT01 lies in a city with a Favour slot of back 1: here Torino, not the example's Firenze."""
    state = build(
        actions=[
            *up(TALK),
            "talk to the right local in Torino",
            "place a Letter marker under the right local in Torino",
            *up(MOVE),
            "move to Piedmont Plain for free",
            "play the Letter card face up",
            "activate the Letter card",
        ]
    )
    assert names(state) == ["send a letter to the right local in Torino", "skip"]
    do(state, "send a letter to the right local in Torino")
    assert state.ideas[0] == [2, 0, 0, 0]  # one Art from the talk, one from the letter


def test_no_letter_to_the_city_where_the_marker_is():
    state = build(
        actions=[
            *up(TALK),
            "talk to the right local in Torino",
            "place a Letter marker under the right local in Torino",
            "play the Letter card face up",
            "activate the Letter card",  # nothing possible: the step passes
        ]
    )
    assert names(state) == ["activate the Conversation card", "end the chain"]


def test_ideas_card_gives_the_colour_genre_and_the_fifth_player_two_coins():
    state = build(players=5, actions=up(IDEAS) * 5)
    assert state.ideas == [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0]]
    assert state.coins == [1, 1, 2, 2, 2 + 2]


def test_write_in_the_journal_ideas_tile_and_friend():
    """Journal A1: Art, Art, History, Science, Philosophy, Philosophy; city Torino."""
    state = build(
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "end the turn",
            *TO_MILANO,  # a chain with the Exploration card, which is left
            "end the chain",
            "end the turn",
            *up(TALK),
            "talk to the left local in Milano",
            "gain a History idea",
            "take the Friend tile of Milano",
            "end the turn",
            *up(IDEAS),
            "end the turn",
            "play the Journal and Café card face up",
            "activate the Journal and Café card",
            "write in a Journal",
        ]
    )
    assert names(state)[:4] == [
        "write an Art idea in Journal A1",
        "write a History idea in Journal A1",
        "write Exploration tile Torino-1 in Journal A1",
        "write the Friend tile of Milano in Journal A1",
    ]
    do(state, "write an Art idea in Journal A1")
    assert state.written[0][0] == [1, 0, 0, 0, 0, 0, "", ""] and state.ideas[0] == [0, 1, 0, 0]
    assert state.ideas_written(0) == 1
    assert names(state) == [
        "activate the Ideas card",
        "use Exploration tile Torino-1",
        "end the chain",
    ]


def test_cafe_example_five_philosophy_for_fifteen_vp():
    """Japanese rulebook: discarding 5 Philosophy in the café scores 15 VP (Napoli's large
    discussion). Torino's left local (FT04) and Lady Montagu give the Philosophy, a free
    market card (12: an Idea of your choice) the fifth; Charles Dickens, in Napoli in round II,
    lets the player discuss there from Torino."""
    state = build(
        edition="ja",
        travellers=("montagu", "dickens", "shelley"),
        favours={"Torino": "FT04"},
        market=[["12", "01"], ["17", "18"], ["33", "34"]],
        actions=[
            *up(TALK),
            "talk to the left local in Torino",
            "do nothing more",
            "end the turn",  # Dickens offers to explore in Roma for 1 coin
            "play the Letter card face up",
            "activate the Conversation card",
            "talk to the left local in Torino",
            "do nothing more",
            "end the chain",
            "end the turn",
            *coins(MOVE),
            "end the turn",
            *coins(EXPLORE),
            "end the turn",
            *coins(IDEAS),
            "end the turn",
            "gain 2 Philosophy ideas from Lady Montagu",
            "take card 12 (Level I) for free",
            *up("card 12"),
            "gain a Philosophy idea",
        ],
    )
    assert state.ideas[0] == [0, 0, 0, 5] and state.where["dickens"] == "Napoli"
    do(state, "pay 1 coin to discuss in a café in Napoli with Charles Dickens")
    assert names(state) == [
        "discuss in café 2 of Napoli, paying 5 Philosophy ideas, for 15 VP",
        "skip",
    ]
    do(state, "discuss in café 2 of Napoli, paying 5 Philosophy ideas, for 15 VP")
    assert state.vp[0] == 15 and state.ideas[0] == [0, 0, 0, 0]
    assert state.cafes["Napoli"] == [[], [0]] and state.cafe_markers_left(0) == 5
    assert state.supply[3] == 20


def test_cafe_by_letter_marker_next_slot_lower_both_slots_one_player():
    """Torino's café 1 costs 2 Science and 1 History for 6 VP, then 4 VP. The Science comes from
    Torino's tile, city reward and left local (FT02); Lady Montagu gives two History."""
    state = build(
        travellers=("montagu", "shelley", "montesquieu"),
        favours={"Torino": "FT02"},
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "use Exploration tile Torino-1",
            "play the Movement card face up",
            "activate the Exploration card",
            "take the city reward of Torino",
            "gain a Science idea",
            "end the chain",
            *up(TALK),
            "talk to the left local in Torino",
            "place a Letter marker under the left local in Torino",
            "play the Letter card face up",
            "activate the Conversation card",
            "talk to the left local in Torino",  # nothing more to decide with this local
            "end the chain",
            *up(IDEAS),
            "gain 2 History ideas from Lady Montagu",
            "take no card",
            # round II: away from Torino, the Letter marker is enough
            *up(MOVE),
            "move to Piedmont Plain for free",
            *up(WRITE_CAFE),
            "discuss in a café",
        ],
    )
    assert state.ideas[0] == [1, 2, 4, 0] and state.loc[0] == "Piedmont Plain"
    assert names(state) == [
        "discuss in café 1 of Torino, paying a History idea and 2 Science ideas, for 6 VP",
        "discuss in café 2 of Torino, paying a History idea and 3 Science ideas, for 11 VP",
        "skip",
    ]
    do(state, "discuss in café 1 of Torino, paying a History idea and 2 Science ideas, for 6 VP")
    do(state, "play the Ideas card face up", "activate the Journal and Café card")
    do(state, "discuss in a café")
    assert names(state) == [  # the lower slot; the large discussion needs 3 Science now
        "discuss in café 1 of Torino, paying a History idea and 2 Science ideas, for 4 VP",
        "skip",
    ]
    do(state, "discuss in café 1 of Torino, paying a History idea and 2 Science ideas, for 4 VP")
    assert state.cafes["Torino"] == [[0, 0], []] and state.vp[0] == 10
    assert state.cafe_markers_left(0) == 4


def test_market_phase_level_by_categories_and_face_down_counts_as_one():
    state = build(
        actions=[*up(MOVE), "skip", *up(TALK), "skip", *coins(IDEAS), *coins(EXPLORE)]
        + coins(LETTER)
    )
    assert state.phase == "Market"
    assert state.question() == "which market card to take for free (up to Level II)"
    assert names(state) == [
        "take card 01 (Level I) for free",
        "take card 02 (Level I) for free",
        "take card 17 (Level II) for free",
        "take card 18 (Level II) for free",
        "take no card",
    ]
    # four categories open Level III; a round played all face down takes no card
    state = build(
        actions=[*up(MOVE), "skip", *up(TALK), "skip", *up(IDEAS), *coins(EXPLORE)] + coins(LETTER)
    )
    assert "take card 33 (Level III) for free" in names(state)
    state = build(actions=[*coins(MOVE), *coins(TALK), *coins(IDEAS), *coins(EXPLORE)])
    do(state, *coins(LETTER))
    assert state.phase == "Reorganisation"  # no market question: the market is refilled
    state.resolve_chance()
    assert state.round == 1 and state.question() == "which card to play, face up or face down"


def test_market_phase_runs_counter_clockwise_from_the_right_of_the_first_player():
    round_one = [*up(MOVE), "skip"] * 3
    for card in (IDEAS, EXPLORE, LETTER, TALK):
        round_one += coins(card) * 3
    state = build(players=3, actions=round_one)
    assert state.phase == "Market" and state.current_player == 2
    do(state, "take card 01 (Level I) for free")
    assert state.current_player == 1 and "take card 01 (Level I) for free" not in names(state)


def test_reorganisation_hand_limit_and_first_player_passes():
    first_round = [
        "play the Exploration card face down",
        "buy card 01 (Level I) for free",
        *coins(IDEAS),
        "play the Letter card face down",
        "buy card 02 (Level I) for free",
        *coins(MOVE),
        *coins(MOVE),
        *coins(MOVE2),
        "play the second Movement card face down",
        "buy card 17 (Level II) for 2 coins",
        *coins(TALK),
        *coins(TALK),
        *coins(WRITE_CAFE),
    ]
    state = build(players=2, actions=first_round)
    # player 0 has 10 cards again: discards 2 to the box
    assert state.question() == "which card to discard down to the hand limit of 8 cards"
    assert names(state)[:3] == [
        "discard card 01 to the box",
        "discard card 02 to the box",
        "discard card 17 to the box",
    ]
    do(state, "discard card 01 to the box", "discard card 02 to the box")
    assert len(state.hand[0]) == 8 and state.box == ["01", "02"]
    assert state.round == 1 and state.first == 1 and state.current_player == 1
    assert [len(m) for m in state.market] == [2, 2, 2]


FACE_DOWN_ROUNDS = [
    name
    for _ in range(4)
    for card in [MOVE, MOVE2, EXPLORE, TALK, LETTER]
    for name in coins(card) * 4
]


def test_reorganisation_discards_the_display_under_its_deck_then_reveals_anew():
    """The display goes to the bottom of its level's deck and new cards come from the top. Four
    players show 3 cards a level: after four rounds 15 of each level's 27 cards have been shown,
    the 12 of rounds I to IV under the deck in the order shown. Nobody takes a card here: every
    play is face down for coins."""
    state = build(players=4, actions=FACE_DOWN_ROUNDS)
    assert state.round == 4
    reveals = [str(a) for a in state.history if "is revealed in the market" in str(a)]
    last = [name.split(" is")[0].split()[1] for name in reveals[-9:]]  # Level I, II, III
    assert state.market == [last[:3], last[3:6], last[6:]]
    assert [len(deck) for deck in state.deck] == [12, 12, 12]
    assert [level[:3] for level in state.bottom] == [
        ["01", "02", "03"],
        ["17", "18", "19"],
        ["33", "34", "35"],
    ]
    assert [len(level) for level in state.bottom] == [12, 12, 12]


def listed_cards_only(tmp_path) -> str:
    """A content folder whose Levels I and II hold the 14 listed cards each, once (the
    reconstructed Level III cards kept: 27)."""
    folder = tmp_path / "seeds"
    shutil.copytree(DATA_DIR, folder)
    cards = folder / "cards.toml"
    basic, *advanced = cards.read_text().split("\n[[advanced]]\n")
    kept = [t for t in advanced if 'source = "reconstructed"' not in t or "level = 3" in t]
    text = "\n[[advanced]]\n".join([basic, *kept])
    cards.write_text(re.sub(r"\ncopies = \d+", "", text).replace(', "copies"]', "]"))
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace("[27, 27, 27]", "[14, 14, 27]"))
    return str(folder)


def test_once_a_deck_runs_out_the_cards_under_it_come_back_oldest_first(tmp_path):
    """With 14 cards at Levels I and II, four players' displays (3 a round) run them out at the
    end of round IV."""
    state = build(
        players=4, actions=FACE_DOWN_ROUNDS, options={"content": listed_cards_only(tmp_path)}
    )
    assert state.round == 4
    reveals = [str(a) for a in state.history if "is revealed in the market" in str(a)]
    # Level I's last two from its deck, Level II's, then Level III's three
    last = [name.split(" is")[0].split()[1] for name in reveals[-7:]]
    assert state.market == [[*last[:2], "01"], [*last[2:4], "17"], last[4:]]
    assert state.deck[:2] == [[], []] and len(state.deck[2]) == 12
    assert state.bottom[0][:2] == ["02", "03"]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    state = build()
    refused(state, "fly to the moon", "'fly to the moon'")
    do(state, *up(MOVE))
    refused(state, "move to Napoli for free", "move to Napoli")
    with pytest.raises(IllegalAction, match="not a possible answer"):
        build(actions=["take Exploration tile Torino-1 in Torino"])


def test_refusals_say_why():
    state = build()
    refused(state, "play card 33 face up", "card 33 is not in player 0's hand")
    refused(state, "take Exploration tile Torino-1 in Torino", "a card must be played first")
    do(state, "play the Movement card face up")
    refused(state, "play the Conversation card face up", "player 0 has already played a card")
    do(state, "activate the Movement card")
    refused(state, "move to Napoli for free", "Napoli is not next to Torino")
    do(state, "move to Milano for 1 coin", *up(MOVE2))
    refused(
        state,
        "move to Torino for 1 coin",
        "the path from Milano to Torino costs 1 coin, player 0 has 0",
    )
    state = build(actions=[*up(MOVE), "move to Asti Hills for free"])
    do(state, "play the Exploration card face up")
    refused(
        state,
        "take Exploration tile Torino-1 in Torino",
        "player 0 is asked which card of the chain to activate next",
    )
    state = build(
        players=2,
        actions=[*up(EXPLORE), "take Exploration tile Torino-1 in Torino", "end the turn"]
        + [*coins(MOVE), "play the Movement card face up", "activate the Exploration card"],
    )
    refused(
        state,
        "take Exploration tile Torino-2 in Torino",
        "player 0 already has an Exploration tile of Torino",
    )
    state = build(
        actions=[
            *up(TALK),
            "talk to the left local in Torino",
            "place a Letter marker under the left local in Torino",
            *up(MOVE),
            "move to Piedmont Plain for free",
            "play the Letter card face up",
            "activate the Letter card",
        ]
    )
    refused(
        state,
        "send a letter to the left local in Roma",
        "player 0 has no Letter marker under the left local in Roma",
    )
    refused(
        state,
        "send a letter to the left local in Piedmont Plain",
        "the marker is in Piedmont Plain: letters go to other places",
    )
    refused(state, "discard card 03 to the box", "it is not a possible answer now")
    state = build()
    refused(state, "discard card 03 to the box", "is asked which card to play")


def test_each_seat_is_told_what_it_may_know():
    """A card played face down, or discarded to the box, a tile written in a Journal or used
    again, are their owner's secrets; a tile is placed face down for everyone; a card revealed
    in the market is told to everyone with its effect."""
    state = build(players=2)
    play = state.action_named("play the Letter card face down")
    assert state.told(play, 0) == "play the Letter card face down"
    assert state.told(play, 1) == "play a card face down"
    journal = state.journals[0][0]
    write = Step("write")
    tile = Choice(f"w {journal}", "journal", None, _write_slot, (0, TILE_SLOT, "Torino-1", write))
    assert StepQuestion(0, write, NO_CTX).told(state, tile, 0) == f"w {journal}"
    assert StepQuestion(0, write, NO_CTX).told(state, tile, 1) == (
        f"write an Exploration tile of Torino in Journal {journal}"
    )
    paid = StepQuestion(0, Step("write", coins=1), NO_CTX)
    assert paid.told(state, tile, 1) == (
        f"pay 1 coin to write an Exploration tile of Torino in Journal {journal}"
    )
    again = Choice("use Exploration tile Torino-1 again", "tile", None, _reuse, ("Torino-1",))
    reuse = StepQuestion(0, Step("reuse_tile"), NO_CTX)
    assert reuse.told(state, again, 1) == "use an Exploration tile of Torino again"
    discard = _discards(state.content)["03"]
    assert HandLimit(0).told(state, discard, 0) == "discard card 03 to the box"
    assert HandLimit(0).told(state, discard, 1) == "discard a card to the box"
    game = build(players=2).game.new_game()
    while not isinstance(game.stack[-1], TileDraw):
        game.apply(game.sample_chance())
    placed = game.legal_actions()[0]
    city = game.stack[-1].city
    assert str(placed) == f"Exploration tile {placed.args[1]} is placed face down in {city}"
    assert {game.told(placed, seat) for seat in (0, 1)} == {
        f"an Exploration tile is placed face down in {city}"
    }
    while not isinstance(game.stack[-1], MarketReveal):
        game.apply(game.sample_chance())
    shown = game.legal_actions()[0]
    card = game.content.card(str(shown.args[1]))
    assert game.told(shown, 1) == f"{card.label} is revealed in the market (Level I): {card.text}"


def test_a_name_not_legal_now_is_looked_up_among_the_actions_of_the_game():
    """A refusal reads the action's fields: a name is looked up among every action the game
    could offer, even one with a price; a name of no action gets the general reason."""
    state = build()
    assert state.action_called("play card 33 face up").args == ("33",)
    priced = state.action_called("pay 1 coin to move to Napoli for free")
    assert priced is not None and priced.args == ("Napoli", 0)
    assert state.action_called("fly to the moon") is None
    refused(state, "fly to the moon", "player 0 is asked which card to play, face up or face down")
