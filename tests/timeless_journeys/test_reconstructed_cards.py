"""A scenario for every reconstructed Advanced card (15-16, 31-32, 45-59): its effect, the
Beginning-of-turn and End-of-round icons, and the special end-of-game VP conditions of 47-59;
the copies that make each level 27 cards; the Festivities category in the Market phase.

The positions are those of `test_cards`: the card under test is taken in round I's Market phase,
and in round II the player arrives in Milano with 4 coins, an Art and a Science idea and Letter
markers in Torino and Genova, one card played (face down), then plays the card face up. The
end-of-game VP are read from the score sheet's line C, which counts the cards played this round
as they come back to the hand before the final scoring."""

from __future__ import annotations

import pytest

from kit.timeless_journeys.draws import MarketReveal
from tests.timeless_journeys.helpers import (
    EXPLORE,
    IDEAS,
    LETTER,
    MOVE,
    TALK,
    build,
    coins,
    do,
    names,
    up,
)
from tests.timeless_journeys.helpers import game as kit_game
from tests.timeless_journeys.test_cards import (
    CARDS,
    FAVOURS_FIXED,
    SCIENCE_BY_LETTER,
    arrangement,
)

RECONSTRUCTED = ["15", "16", "31", "32", *(f"{n}" for n in range(45, 60))]
FIRST_PLAY_ACTIONS = "player 0's turn, play 3 of 5"


def played(card: str, prep=(), **fixed):
    """Round II, after `prep` and `card` played face up (not yet activated)."""
    market, actions = arrangement(card)
    return build(
        **{"favours": FAVOURS_FIXED, "market": market, **fixed},
        actions=[*actions, *prep, f"play card {card} face up"],
    )


def activated(card: str, prep=(), **fixed):
    """Round II, after `prep` and `card` played face up and activated."""
    state = played(card, prep, **fixed)
    do(state, f"activate card {card}")
    return state


def card_line(state) -> tuple[int, str]:
    """Line C of the player's score sheet: the Advanced cards' VP, and its detail."""
    sheet = state.scores()[0]
    line = next(line for line in sheet.lines if line.label == "C. Advanced cards")
    return line.points, line.detail


def test_every_reconstructed_card_is_marked_so_and_each_level_has_27():
    state = build()
    advanced = state.content.advanced
    reconstructed = sorted(c for c, card in advanced.items() if card.source == "reconstructed")
    assert reconstructed == RECONSTRUCTED
    assert sorted([*RECONSTRUCTED, *(c[0] for c in CARDS)]) == sorted(advanced)
    by_level = [
        sum(card.copies for card in advanced.values() if card.level == lv) for lv in (1, 2, 3)
    ]
    assert by_level == [27, 27, 27]
    assert [len(deck) for deck in state.deck] == [27 - 2, 27 - 2, 27 - 2]  # 2 shown to 1 player
    assert sorted(c for c, card in advanced.items() if card.vp_for) == [
        f"{n}" for n in range(47, 60)
    ]
    festivities = sorted(c for c, card in advanced.items() if card.category == "festivities")
    assert festivities == ["15", "16", "31", "32", "45", "55", "56", "57", "58", "59"]


# --- Level I ------------------------------------------------------------------------------------
def test_card_15_gives_a_coin_at_the_beginning_of_each_later_turn_of_the_round():
    """Played as the 2nd card (4 coins), it has nothing to activate; turns 3, 4 and 5 each start
    with 1 coin more; in round III it is back in the hand and gives nothing."""
    state = played("15")
    assert state.coins[0] == 5 and state.question() == "which card to play, face up or face down"
    assert state.observation(0)["turn"] == FIRST_PLAY_ACTIONS
    do(state, *coins(MOVE))
    assert state.coins[0] == 5 + 2 + 1
    do(state, *coins(LETTER))
    assert state.coins[0] == 8 + 2 + 1
    do(state, *coins(IDEAS), "take no card")
    state.resolve_chance()  # the Reorganisation phase's reveals
    assert state.round == 2 and state.coins[0] == 13 and "15" in state.hand[0]
    do(state, *coins(TALK))
    assert state.coins[0] == 15  # no card 15 in the play area


def test_card_15_face_down_gives_nothing_at_the_beginning_of_turn():
    market, actions = arrangement("15")
    state = build(
        favours=FAVOURS_FIXED,
        market=market,
        actions=[*actions, "play card 15 face down", "take 2 coins"],
    )
    assert state.coins[0] == 4 + 2


def test_card_16_pays_a_coin_per_category_at_the_end_of_the_round_and_festivities_count():
    """Round II: the Exploration card face down, card 16 (Festivities), the Conversation card
    (2 coins and 1 VP from Milano's right local) and the Ideas card face up, the Movement card
    face down: four categories, so 4 coins at the end of the round, and the Market phase offers
    Level III, which three categories would not."""
    state = played(
        "16",
        prep=(),
    )
    do(
        state,
        *up(TALK),
        "talk to the right local in Milano",
        "do nothing more",
        *up(IDEAS),
        *coins(MOVE),
    )
    assert state.coins[0] == 4 + 2 + 2 + 4
    assert state.categories_played(0) == 4
    assert any("(Level III)" in name for name in names(state))


def test_without_a_festivities_card_three_categories_stop_at_level_two():
    market, actions = arrangement("16")
    state = build(
        favours=FAVOURS_FIXED,
        market=market,
        actions=[
            *actions,
            *up(TALK),
            "talk to the right local in Milano",
            "do nothing more",
            *up(IDEAS),
            *coins(MOVE),
            *coins(LETTER),
        ],
    )
    assert state.coins[0] == 4 + 2 + 2 + 2
    assert state.categories_played(0) == 3
    offered = names(state)
    assert any("(Level II)" in name for name in offered)
    assert not any("(Level III)" in name for name in offered)


# --- Level II -----------------------------------------------------------------------------------
def test_card_31_moves_directly_to_venezia_or_firenze_for_free():
    state = activated("31")
    assert names(state) == ["move directly to Venezia", "move directly to Firenze", "skip"]
    do(state, "move directly to Firenze")
    assert (state.loc[0], state.coins[0]) == ("Firenze", 4)


def test_the_direct_move_offers_only_the_other_city_from_one_of_the_two():
    state = activated(
        "31",
        prep=[
            *up(MOVE),
            "move to Verona Road for free",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Venezia for 1 coin",
            "end the chain",
        ],
    )
    assert names(state) == ["move directly to Firenze", "skip"]


def test_card_32_gives_up_a_vp_for_an_idea_at_the_beginning_of_each_later_turn():
    """With 1 VP (Milano's right local) the next turn starts with the offer; with none left the
    turn after starts with the card to play."""
    state = played("32", prep=[*up(TALK), "talk to the right local in Milano", "do nothing more"])
    assert state.vp[0] == 1
    assert names(state)[:2] == ["lose 1 VP to gain an Art idea", "lose 1 VP to gain a History idea"]
    do(state, "lose 1 VP to gain a History idea")
    assert state.vp[0] == 0 and state.ideas[0] == [1, 1, 1, 0]
    do(state, *coins(MOVE))
    assert state.question() == "which card to play, face up or face down"


# --- Level III ----------------------------------------------------------------------------------
def test_card_45_moves_directly_to_roma_or_napoli_then_talks_there():
    state = activated("45", favours={**FAVOURS_FIXED, "Napoli": "FT09"})
    assert names(state) == ["move directly to Roma", "move directly to Napoli", "skip"]
    do(state, "move directly to Napoli")
    assert "meet Lady Montagu in Napoli: Elective Affinities in slot 1" in names(state)
    do(state, "talk to the left local in Napoli", "gain an Art idea", "do nothing more")
    assert state.loc[0] == "Napoli" and state.ideas[0] == [2, 0, 1, 0]


@pytest.mark.parametrize(("edition", "offered"), [("en", True), ("ja", False)])
def test_card_46_uses_a_used_exploration_tile_again_in_the_english_edition(edition, offered):
    """Round I: tile Torino-2 taken and used (2 coins), four categories, card 46 taken; round II
    in Torino: card 46 explores (the city reward only: the Torino tile is held), moves, then the
    English text's card 46 gives Torino-2's reward again (the Japanese text names card 42)."""
    state = build(
        edition=edition,
        tiles={"Torino": ["Torino-2"]},
        market=[["01", "02"], ["17", "18"], ["46", "33"]],
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-2 in Torino",
            "use Exploration tile Torino-2",
            *up(TALK),
            "talk to the left local in Torino",
            "do nothing more",
            *up(IDEAS),
            *coins(MOVE),
            *coins(LETTER),
            "take card 46 (Level III) for free",
        ],
    )
    reuse = " Then use an Exploration tile already used once more." if offered else ""
    assert f"card 46 (travel, 2 VP): Explore, then move 1.{reuse}\n" in state.describe(0)
    do(state, *up("card 46"))
    assert names(state) == ["take the city reward of Torino", "skip"]
    do(
        state,
        "take the city reward of Torino",
        "gain a Science idea",
        "move to Asti Hills for free",
    )
    assert state.loc[0] == "Asti Hills"
    assert ("use Exploration tile Torino-2 again" in names(state)) is offered
    if offered:
        before = state.coins[0]
        do(state, "use Exploration tile Torino-2 again")
        assert state.coins[0] == before + 2


# --- Level III: the special end-of-game VP conditions (47-59) ----------------------------------
def test_card_47_talks_in_any_city_and_scores_2_vp_per_friend_tile():
    state = activated("47", favours={**FAVOURS_FIXED, "Venezia": "FT06"})
    offered = names(state)
    assert "talk to the left local in Napoli" in offered
    assert "meet Montesquieu in Firenze: Elective Affinities in slot 1" in offered
    assert card_line(state) == (0, "1 card; card 47: 0 x 2 VP")
    do(state, "talk to the left local in Venezia", "take the Friend tile of Venezia")
    assert state.loc[0] == "Milano" and (state.coins[0], state.vp[0]) == (5, 1)  # FT06 left
    assert state.friends[0] == ["Venezia"]
    assert card_line(state) == (2, "1 card; card 47: 1 x 2 VP")


def test_card_48_sends_two_letters_and_scores_1_vp_per_letter_marker_on_the_board():
    """A third Letter marker placed in Milano, then letters to Torino (2 coins) and Genova."""
    state = activated(
        "48",
        prep=[
            *up(TALK),
            "talk to the right local in Milano",
            "place a Letter marker under the right local in Milano",
        ],
    )
    do(
        state,
        "send a letter to the left local in Torino",
        "send a letter to the left local in Genova",
        "gain a Philosophy idea",
    )
    assert state.coins[0] == 4 + 2 + 2 and state.ideas[0] == [1, 0, 1, 1]
    assert card_line(state) == (3, "1 card; card 48: 3 x 1 VP")


def test_card_49_explores_in_any_city_and_scores_1_vp_per_exploration_tile():
    state = activated("49")
    offered = names(state)
    assert "take Exploration tile Milano-1 in Milano" in offered
    assert "take the city reward of Napoli" in offered
    do(state, "take Exploration tile Torino-1 in Torino")
    assert state.loc[0] == "Milano" and state.tiles[0] == ["Torino-1"]
    assert card_line(state) == (1, "1 card; card 49: 1 x 1 VP")


def test_card_50_moves_three_times_and_scores_4_vp_in_roma_or_napoli():
    """Milano to the Apennine Pass on card 50, then a chain of the Movement card (to Firenze,
    1 coin) and card 50 again (to Roma, 3 coins)."""
    state = activated("50")
    do(
        state,
        "move to Po Valley for free",
        "move to Bologna for free",
        "move to Apennine Pass for free",
    )
    assert card_line(state) == (0, "1 card; card 50: 0 x 4 VP")
    do(
        state,
        "play the Movement card face up",
        "activate the Movement card",
        "move to Firenze for 1 coin",
        "activate card 50",
        "move to Roma for 3 coins",
    )
    assert (state.loc[0], state.coins[0]) == ("Roma", 0)
    assert card_line(state) == (4, "1 card; card 50: 1 x 4 VP")


def test_card_51_takes_two_different_ideas_and_scores_1_vp_per_genre_held():
    state = activated("51")
    assert card_line(state) == (2, "1 card; card 51: 2 x 1 VP")
    do(state, "gain a History idea and a Philosophy idea")
    assert state.ideas[0] == [1, 1, 1, 1]
    assert card_line(state) == (4, "1 card; card 51: 4 x 1 VP")


def test_card_51_does_not_count_ideas_written_in_a_journal():
    state = activated("51")
    do(state, "gain a History idea and a Philosophy idea", *up(IDEAS), "end the chain")
    do(
        state,
        "play the Journal and Café card face up",
        "activate the Journal and Café card",
        "write in a Journal",
        "write a Philosophy idea in Journal A1",
    )
    assert state.ideas[0] == [2, 1, 1, 0]
    assert card_line(state) == (3, "1 card; card 51: 3 x 1 VP")


def test_card_52_writes_in_two_journals_and_scores_1_vp_per_2_ideas_written():
    state = activated("52")
    do(state, "write an Art idea in Journal A1")
    assert card_line(state) == (0, "1 card; card 52: 0 x 1 VP")
    do(state, "write a Science idea in Journal B1")
    assert [state.written[0][j][:6] for j in (0, 1)] == [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]]
    assert card_line(state) == (1, "1 card; card 52: 1 x 1 VP")


def test_card_53_discusses_in_a_cafe_of_any_city_and_scores_1_vp_per_cafe_marker():
    state = activated("53", prep=SCIENCE_BY_LETTER)
    do(state, "discuss in café 1 of Milano, paying an Art idea and 2 Science ideas, for 6 VP")
    assert state.vp[0] == 6 and state.cafes["Milano"] == [[0], []]
    assert card_line(state) == (1, "1 card; card 53: 1 x 1 VP")


def test_card_54_takes_an_idea_writes_and_scores_2_vp_per_journal_with_its_city():
    """Journal A4's city is Milano: tile Milano-1, explored on the way, is written in it."""
    market, actions = arrangement("54")
    to_milano = actions.index("play the Exploration card face down")
    state = build(
        favours=FAVOURS_FIXED,
        market=market,
        journals=[["A4", "B1"]],
        actions=[
            *actions[:to_milano],
            "play the Letter card face down",
            "move to Milano for 1 coin",
            *up(EXPLORE),
            "take Exploration tile Milano-1 in Milano",
            "end the turn",
            *up("card 54"),
            "gain a Philosophy idea",
        ],
    )
    assert card_line(state) == (0, "1 card; card 54: 0 x 2 VP")
    do(state, "write Exploration tile Milano-1 in Journal A4")
    assert card_line(state) == (2, "1 card; card 54: 1 x 2 VP")


def test_card_55_pays_a_coin_to_move_at_the_beginning_of_turn_and_scores_3_vp_in_venezia():
    state = played("55")
    assert names(state)[-1] == "skip"
    do(state, "pay 1 coin to move to Verona Road for free", *coins(MOVE))
    assert card_line(state) == (0, "1 card; card 55: 0 x 3 VP")
    do(state, "pay 1 coin to move to Venezia for 1 coin")
    assert (state.loc[0], state.coins[0]) == ("Venezia", 4 - 1 + 2 - 2)
    assert card_line(state) == (3, "1 card; card 55: 1 x 3 VP")


def test_card_56_gains_a_gazette_reward_again_and_scores_1_vp_per_experience_token():
    """Mary Shelley is in Milano in round II: an Elective Affinities token on her round II slot,
    whose reward (side A: a move) card 56 then gives again."""
    market, actions = arrangement("56")
    state = build(
        favours=FAVOURS_FIXED,
        market=market,
        actions=[
            *actions,
            *up(TALK),
            "meet Mary Shelley in Milano: Elective Affinities in slot 1",
            "move to Verona Road for free",
        ],
    )
    assert sorted(state.exp[0]) == ["affinity", "duel", "lost", "night"]
    do(state, *up("card 56"))
    assert names(state) == [
        "gain again the reward of Mary Shelley's round II slot 1: move",
        "skip",
    ]
    assert card_line(state) == (1, "1 card; card 56: 1 x 1 VP")
    do(state, "gain again the reward of Mary Shelley's round II slot 1: move")
    do(state, "move to Venezia for 1 coin")
    assert (state.loc[0], state.coins[0]) == ("Venezia", 3)


def test_card_57_moves_directly_and_scores_1_vp_per_category_of_advanced_cards_held():
    """From Milano only Napoli is offered; card 13 (Friendship) bought face down makes the
    Advanced cards held two categories."""
    state = activated(
        "57",
        prep=[*coins(MOVE)],
    )
    assert names(state) == ["move directly to Napoli", "skip"]
    do(state, "move directly to Napoli")
    assert state.loc[0] == "Napoli"
    assert card_line(state) == (1, "1 card; card 57: 1 x 1 VP")
    state = build(
        favours=FAVOURS_FIXED,
        market=arrangement("57")[0],
        actions=[
            *arrangement("57", reveal=["card 13 is revealed in the market (Level I)"])[1],
            "play the Movement card face down",
            "buy card 13 (Level I) for free",
        ],
    )
    assert card_line(state) == (1 + 2, "2 cards; card 57: 2 x 1 VP")  # card 13: 1 VP


def test_card_58_scores_vp_per_category_at_the_end_of_the_round_and_per_advanced_card():
    """Four categories in round II (as for card 16): 4 VP at the end of the round; at the end of
    the game 1 VP for each Advanced card held, itself included."""
    state = played("58")
    assert card_line(state) == (1, "1 card; card 58: 1 x 1 VP")
    do(
        state,
        *up(TALK),
        "talk to the right local in Milano",
        "do nothing more",
        *up(IDEAS),
        *coins(MOVE),
    )
    assert state.vp[0] == 1 + 4


def test_card_58_face_down_scores_nothing_at_the_end_of_the_round():
    market, actions = arrangement("58")
    state = build(
        favours=FAVOURS_FIXED,
        market=market,
        actions=[*actions, *coins("card 58"), *coins(MOVE), *coins(TALK), *coins(IDEAS)],
    )
    state.resolve_chance()
    assert state.round == 2 and state.vp[0] == 0


def test_card_59_gives_a_coin_or_a_vp_at_the_beginning_of_turn_and_1_vp_per_3_coins():
    state = played("59")
    assert names(state) == ["take 1 coin", "score 1 VP", "decline"]
    assert card_line(state) == (1, "1 card; card 59: 1 x 1 VP")  # 4 coins
    do(state, "score 1 VP", *coins(MOVE), "take 1 coin")
    assert (state.coins[0], state.vp[0]) == (4 + 2 + 1, 1)
    assert card_line(state) == (2, "1 card; card 59: 2 x 1 VP")


# --- copies -------------------------------------------------------------------------------------
def test_a_card_with_copies_is_revealed_as_often_as_its_copies_left():
    """Level I's deck: card 15 three times and card 02 once among 27 cards."""
    state = kit_game().new_game()
    while not isinstance(state.stack[-1], MarketReveal):
        state.apply(state.seeded_outcome())
    odds = {str(outcome): p for outcome, p in state.chance_outcomes()}
    assert odds["card 15 is revealed in the market (Level I)"] == pytest.approx(3 / 27)
    assert odds["card 02 is revealed in the market (Level I)"] == pytest.approx(1 / 27)
    assert len(odds) == 16


def two_copies_of_card_15(favours=None):
    """Card 15 bought face down and taken in the Market phase in round I (9 cards back in hand:
    the second Movement card goes to the box); round II about to begin, in Torino."""
    state = build(
        favours={**FAVOURS_FIXED, **(favours or {})},
        market=[["15", "15"], ["17", "18"], ["33", "34"]],
        actions=[
            "play the Movement card face down",
            "buy card 15 (Level I) for free",
            *up(TALK),
            "talk to the left local in Torino",
            "do nothing more",
            *up(IDEAS),
            *coins(LETTER),
            *coins(EXPLORE),
            "take card 15 (Level I) for free",
            "discard the second Movement card to the box",
        ],
    )
    state.resolve_chance()
    return state


def test_two_copies_of_a_card_play_as_one_choice_and_each_gives_its_effect():
    """The hand offers card 15 once; played twice, the later turns start with 2 coins."""
    state = two_copies_of_card_15()
    assert state.hand[0].count("15") == 2 and names(state).count("play card 15 face up") == 1
    start = state.coins[0]
    do(state, "play card 15 face up")
    assert state.coins[0] == start + 1
    do(state, "play card 15 face up")
    assert state.coins[0] == start + 1 + 2
    assert state.played[0] == [("15", True), ("15", True)]


def test_ft05_names_the_copies_and_a_copy_turned_face_down_gives_nothing_more():
    """Torino's right local (FT05) turns a played card face down to move twice: the two copies
    of card 15 are told apart by the order they were played; the one turned face down no
    longer gives its coin."""
    state = two_copies_of_card_15(favours={"Torino": "FT05"})
    do(state, "play card 15 face up", "play card 15 face up", *up(TALK))
    do(state, "talk to the right local in Torino")
    assert names(state)[:3] == [
        "turn card 15 (first copy) face down to move twice",
        "turn card 15 (second copy) face down to move twice",
        "turn the Conversation card face down to move twice",
    ]
    do(state, "turn card 15 (first copy) face down to move twice")
    do(state, "move to Asti Hills for free", "skip", "do nothing more")
    assert state.played[0] == [("15", False), ("15", True), ("talk", True)]
    start = state.coins[0]
    do(state, *coins(MOVE))
    assert state.coins[0] == start + 2 + 1


@pytest.mark.parametrize(
    ("edition", "tile", "gain"),
    [("en", "Torino-1", 1), ("ja", "Torino-1", 0), ("ja", "Milano-1", 1)],
)
def test_exploring_anywhere_and_joseph_addison(edition, tile, gain):
    """Addison is in Milano with the marker in round II. English: his VP follow the marker, so
    exploring Torino from Milano earns it; Japanese: they follow the explored city."""
    market, actions = arrangement("49")
    state = build(
        edition=edition,
        travellers=("addison", "montagu", "montesquieu"),
        favours=FAVOURS_FIXED,
        market=market,
        actions=[*actions, *up("card 49")],
    )
    assert state.where["addison"] == "Milano" == state.loc[0]
    before = state.vp[0]
    do(state, f"take Exploration tile {tile} in {tile.split('-')[0]}")
    assert state.vp[0] == before + gain


@pytest.mark.parametrize(("tile", "offered"), [("Milano-1", True), ("Torino-1", False)])
def test_exploring_anywhere_and_vigee_le_brun(tile, offered):
    """Le Brun is in Milano with the marker in round II: her Paintings follow the explored
    city, not the marker."""
    market, actions = arrangement("49")
    state = build(
        travellers=("lebrun", "montagu", "montesquieu"),
        favours=FAVOURS_FIXED,
        market=market,
        actions=[*actions, *up("card 49")],
    )
    assert state.where["lebrun"] == "Milano" == state.loc[0]
    do(state, f"take Exploration tile {tile} in {tile.split('-')[0]}")
    assert ("take no painting" in names(state)) is offered
